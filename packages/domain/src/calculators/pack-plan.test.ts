import { describe, expect, it } from 'vitest'
import { planPacks, type PackOption } from './pack-plan.ts'

const pack = (id: number, amount: number, priceMinor: number, available = 100): PackOption => ({
  id,
  amount,
  priceMinor,
  available,
})

describe('planPacks (docs/product/calculators.md, Which packs to buy)', () => {
  const bispro = [pack(1, 100, 3200), pack(2, 250, 7200)]

  it('750 mL of BisPro is 3 × 250 mL (RM216), not 8 × 100 mL (RM256)', () => {
    expect(planPacks(750, bispro, 99)).toEqual({
      lines: [{ id: 2, count: 3 }],
      totalMinor: 21600,
      inStock: true,
    })
  })

  it('mixes packs when that is cheaper, and never holds less than the need', () => {
    // 800 mL: 2 × 250 + 3 × 100 for RM240, cheaper than 4 × 250 (RM288) or 3 × 250 + 1 × 100.
    expect(planPacks(800, bispro, 99)).toEqual({
      lines: [
        { id: 2, count: 2 },
        { id: 1, count: 3 },
      ],
      totalMinor: 24000,
      inStock: true,
    })
    for (const need of [1, 99, 100, 101, 333.3, 999, 1234.5, 4321]) {
      const plan = planPacks(need, bispro, 99)!
      const held = plan.lines.reduce((sum, l) => sum + l.count * (l.id === 1 ? 100 : 250), 0)
      expect(held).toBeGreaterThanOrEqual(need)
      // No cheaper mix exists: every mix of up to 50 of each was tried.
      let best = Infinity
      for (let a = 0; a <= 50; a++)
        for (let b = 0; b <= 20; b++)
          if (a * 100 + b * 250 >= need) best = Math.min(best, a * 3200 + b * 7200)
      expect(plan.totalMinor).toBe(best)
    }
  })

  it('a big pack can be the cheapest even with much left over', () => {
    const packs = [pack(1, 1000, 10000), pack(2, 4000, 20000)]
    expect(planPacks(1500, packs, 99)?.lines).toEqual([{ id: 2, count: 1 }])
  })

  it('uses only what the branch holds, and says when the need cannot be met from it', () => {
    const held = [pack(1, 100, 3200, 20), pack(2, 250, 7200, 1)]
    // One 250 mL at the branch: 1 × 250 + 5 × 100.
    expect(planPacks(750, held, 99)).toEqual({
      lines: [
        { id: 2, count: 1 },
        { id: 1, count: 5 },
      ],
      totalMinor: 23200,
      inStock: true,
    })
    const short = [pack(1, 100, 3200, 2), pack(2, 250, 7200, 0)]
    expect(planPacks(750, short, 99)).toEqual({
      lines: [{ id: 2, count: 3 }],
      totalMinor: 21600,
      inStock: false,
    })
  })

  it('keeps each pack under the cart line limit; no need or no pack, no plan', () => {
    expect(planPacks(100_000, [pack(1, 1000, 500)], 99)).toBeNull()
    expect(planPacks(0, bispro, 99)).toBeNull()
    expect(planPacks(Number.NaN, bispro, 99)).toBeNull()
    expect(planPacks(500, [], 99)).toBeNull()
  })

  it('a large field stays quick and exact (20 kg bags for 40 ha)', () => {
    const bags = [pack(1, 1000, 900), pack(2, 5000, 4000), pack(3, 20000, 15000)]
    // 13.2 kg: 2 × 5 kg + 4 × 1 kg (RM116) beats a 20 kg bag (RM150) and 3 × 5 kg (RM120).
    expect(planPacks(40 * 330, bags, 99)).toEqual({
      lines: [
        { id: 2, count: 2 },
        { id: 1, count: 4 },
      ],
      totalMinor: 11600,
      inStock: true,
    })
    // 400 kg: twenty 20 kg bags.
    expect(planPacks(400_000, bags, 99)?.lines).toEqual([{ id: 3, count: 20 }])
  })
})
