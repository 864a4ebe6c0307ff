/**
 * docs/product/calculators.md (Which packs to buy): the cheapest mix of a product's packs that
 * holds at least the amount the calculator worked out. 750 mL of BisPro is 3 × 250 mL (RM216),
 * not 8 × 100 mL (RM256).
 */

/** A pack of the product: its amount in the calculator's base unit (mL or g) and its price. */
export type PackOption = {
  id: number
  amount: number
  priceMinor: number
  /** How many the farmer can have: the farmer's branch's stock (or the market's, for a visitor). */
  available: number
}

export type PackPlan = {
  lines: { id: number; count: number }[]
  totalMinor: number
  /** Every pack of the plan is in stock where the farmer buys; false: the cheapest mix at all. */
  inStock: boolean
}

/**
 * More cells than this and no plan is offered (the count of the single pack still is): a million
 * took about 4 ms here (two tries of 900,000 cells: 8 ms), some 40 ms on a phone ten times slower,
 * once per change of an entry. A few hectares take a few thousand cells.
 */
const MAX_CELLS = 1_000_000

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/**
 * Cheapest mix of `packs` holding at least `need`, each pack used at most `limit(pack)` times;
 * ties go to fewer packs. A 0/1 knapsack over each pack's copies split in powers of two, on
 * amounts counted in the packs' greatest common divisor (50 mL for 100 mL, 250 mL and 1 L), so it
 * is exact. Null when no mix reaches `need`.
 */
function cheapest(
  need: number,
  packs: readonly PackOption[],
  limit: (pack: PackOption) => number,
): PackPlan | null {
  const usable = packs.filter((p) => p.amount > 0 && Number.isInteger(p.amount) && limit(p) > 0)
  if (usable.length === 0) return null
  const step = usable.reduce((g, p) => gcd(g, p.amount), 0)
  const target = Math.max(1, Math.ceil(need / step - 1e-9))
  // Items: pack i taken `copies` times at once (1, 2, 4, … and the rest up to its limit).
  const items: { pack: PackOption; copies: number }[] = []
  for (const pack of usable) {
    let left = Math.min(limit(pack), Math.ceil(target / (pack.amount / step)))
    for (let copies = 1; left > 0; copies *= 2) {
      const take = Math.min(copies, left)
      items.push({ pack, copies: take })
      left -= take
    }
  }
  if (items.length * (target + 1) > MAX_CELLS) return null
  // cost[s] / count[s]: the cheapest way found so far to hold at least s steps.
  const cost = new Float64Array(target + 1).fill(Infinity)
  const count = new Float64Array(target + 1).fill(Infinity)
  cost[0] = 0
  count[0] = 0
  const took = items.map(() => new Uint8Array(target + 1))
  items.forEach((item, i) => {
    const size = (item.pack.amount / step) * item.copies
    const price = item.pack.priceMinor * item.copies
    for (let s = target; s >= 1; s--) {
      const from = Math.max(0, s - size)
      const c = cost[from]! + price
      const n = count[from]! + item.copies
      if (c < cost[s]! || (c === cost[s]! && n < count[s]!)) {
        cost[s] = c
        count[s] = n
        took[i]![s] = 1
      }
    }
  })
  if (!Number.isFinite(cost[target]!)) return null
  const counts = new Map<number, number>()
  let s = target
  for (let i = items.length - 1; i >= 0 && s > 0; i--) {
    if (!took[i]![s]) continue
    const item = items[i]!
    counts.set(item.pack.id, (counts.get(item.pack.id) ?? 0) + item.copies)
    s = Math.max(0, s - (item.pack.amount / step) * item.copies)
  }
  return {
    lines: usable
      .filter((p) => counts.has(p.id))
      .sort((a, b) => b.amount - a.amount)
      .map((p) => ({ id: p.id, count: counts.get(p.id)! })),
    totalMinor: cost[target]!,
    inStock: true,
  }
}

/**
 * The plan the calculator shows: the cheapest mix from the packs in stock where the farmer buys;
 * when those cannot hold the need, the cheapest mix at all, marked not in stock (the page says
 * so). At most `maxCount` of one pack (a cart line's limit). Null without packs or need.
 */
export function planPacks(
  need: number,
  packs: readonly PackOption[],
  maxCount: number,
): PackPlan | null {
  if (!(need > 0) || !Number.isFinite(need)) return null
  const inStock = cheapest(need, packs, (p) => Math.min(p.available, maxCount))
  if (inStock) return inStock
  const any = cheapest(need, packs, () => maxCount)
  return any ? { ...any, inStock: false } : null
}
