import { describe, expect, it } from 'vitest'
import {
  deliveryBranch,
  farmerOrigin,
  rankBranches,
  shortLines,
  suggestedPickupBranch,
  type PlacedBranch,
} from './pickup-stock.ts'

// The demo branches' positions (packages/db seed), in their usual order.
const AST: PlacedBranch = { id: 1, lat: 6.1248, lng: 100.3678, postcode: '05000', market: 'MY' }
const JTR: PlacedBranch = { id: 2, lat: 6.2683, lng: 100.4217, postcode: '06000', market: 'MY' }
const KBR: PlacedBranch = { id: 6, lat: 6.1254, lng: 102.2381, postcode: '15150', market: 'MY' }
const PBT: PlacedBranch = { id: 10, lat: 5.1266, lng: 100.4933, postcode: '34200', market: 'MY' }
const TIN: PlacedBranch = { id: 11, lat: 4.0259, lng: 101.0213, postcode: '36000', market: 'MY' }
const BRANCHES = [AST, JTR, KBR, PBT, TIN]

describe('the farmer’s order of branches (docs/product/orders-and-payments.md, Stock at pickup)', () => {
  it('puts the farmer’s own branch first, then the nearest to it', () => {
    const ranked = rankBranches(BRANCHES, { preferredBranchId: PBT.id, region: 'MY-02' })
    // From Parit Buntar: Alor Setar about 112 km, Jitra 127, Teluk Intan 135, Kota Bharu 220.
    expect(ranked.map((b) => b.id)).toEqual([PBT.id, AST.id, JTR.id, TIN.id, KBR.id])
    expect(ranked[0]).toEqual({ id: PBT.id, km: 0, preferred: true })
    expect(ranked[1]!.preferred).toBe(false)
  })

  it('measures from the middle of the branches in the farmer’s state when they have no branch', () => {
    // Perak (MY-08): Parit Buntar and Teluk Intan.
    expect(farmerOrigin(BRANCHES, { preferredBranchId: null, region: 'MY-08' })).toEqual({
      lat: (PBT.lat + TIN.lat) / 2,
      lng: (PBT.lng + TIN.lng) / 2,
    })
    const ranked = rankBranches(BRANCHES, { preferredBranchId: null, region: 'MY-03' })
    expect(ranked[0]).toMatchObject({ id: KBR.id, km: 0, preferred: false })
  })

  it('keeps the usual order with nothing to measure from (a visitor, a state without a branch)', () => {
    for (const region of [null, 'MY-12'])
      expect(rankBranches(BRANCHES, { preferredBranchId: null, region }).map((b) => b.id)).toEqual(
        BRANCHES.map((b) => b.id),
      )
    expect(rankBranches(BRANCHES, { preferredBranchId: null, region: null })[0]!.km).toBeNull()
    // A branch id of another market is no origin either.
    expect(farmerOrigin(BRANCHES, { preferredBranchId: 99, region: null })).toBeNull()
  })
})

describe('which branch can give an order', () => {
  const ONE_LITRE = 101
  const FOUR_LITRE = 102
  const held: Record<string, number> = {
    [`${PBT.id}:${ONE_LITRE}`]: 35,
    [`${JTR.id}:${FOUR_LITRE}`]: 36,
    [`${AST.id}:${FOUR_LITRE}`]: 12,
    [`${TIN.id}:${FOUR_LITRE}`]: 21,
  }
  const stockAt = (branchId: number, variationId: number) => held[`${branchId}:${variationId}`] ?? 0
  const jitraFarmer = rankBranches(BRANCHES, { preferredBranchId: JTR.id, region: 'MY-02' })

  it('suggests the farmer’s own branch when it holds everything', () => {
    expect(
      suggestedPickupBranch(jitraFarmer, [{ variationId: FOUR_LITRE, count: 2 }], stockAt),
    ).toBe(JTR.id)
  })

  it('else the nearest that does, never a branch short of a count', () => {
    expect(
      suggestedPickupBranch(jitraFarmer, [{ variationId: ONE_LITRE, count: 2 }], stockAt),
    ).toBe(PBT.id)
    // 37 of the 4 L: no branch has that many.
    expect(
      suggestedPickupBranch(jitraFarmer, [{ variationId: FOUR_LITRE, count: 37 }], stockAt),
    ).toBe(null)
    const astFarmer = rankBranches(BRANCHES, { preferredBranchId: AST.id, region: 'MY-02' })
    expect(
      suggestedPickupBranch(astFarmer, [{ variationId: FOUR_LITRE, count: 13 }], stockAt),
    ).toBe(JTR.id)
  })

  it('says which lines a branch lacks, and finds none when no branch has them together', () => {
    const lines = [
      { variationId: ONE_LITRE, count: 2 },
      { variationId: FOUR_LITRE, count: 1 },
    ]
    expect(shortLines(lines, JTR.id, stockAt)).toEqual([lines[0]])
    expect(shortLines(lines, PBT.id, stockAt)).toEqual([lines[1]])
    expect(suggestedPickupBranch(jitraFarmer, lines, stockAt)).toBeNull()
    expect(deliveryBranch(BRANCHES, JTR.id, lines, stockAt)).toBeNull()
  })

  it('ships a delivery from the farmer’s branch when it can, else the first in the usual order', () => {
    const fourLitres = [{ variationId: FOUR_LITRE, count: 5 }]
    expect(deliveryBranch(BRANCHES, TIN.id, fourLitres, stockAt)).toBe(TIN.id)
    expect(deliveryBranch(BRANCHES, PBT.id, fourLitres, stockAt)).toBe(AST.id)
    expect(deliveryBranch(BRANCHES, null, fourLitres, stockAt)).toBe(AST.id)
  })
})
