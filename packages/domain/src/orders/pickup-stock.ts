import { distanceKm, type LatLng } from '../geo/distance.ts'
import { regionOfPostcode } from '../geo/regions.ts'
import type { Market } from '../markets.ts'

/**
 * docs/product/orders-and-payments.md (Stock at pickup), ADR 068: which branches hold a farmer's
 * packs, in the order the farmer reads them (their own branch, then the nearest), and which branch
 * a collection goes to when the farmer has not chosen one.
 */

/** A branch as these rules need it: where it stands. Given in the branches' usual order. */
export type PlacedBranch = LatLng & { id: number; postcode: string; market: Market }

/** What the shop knows of where a farmer is: the branch they chose and their postcode's region. */
export type FarmerPlace = {
  preferredBranchId: number | null
  /** ISO 3166-2 code of the farmer's state or province (docs/product/regions.md). */
  region: string | null
}

/**
 * Where "nearest" is measured from: the farmer's own branch (chosen at sign-up, kept in the
 * settings), else the middle of the market's branches in the farmer's state or province, else
 * nowhere (the branches keep their usual order).
 */
export function farmerOrigin(
  branches: readonly PlacedBranch[],
  farmer: FarmerPlace,
): LatLng | null {
  const own = branches.find((b) => b.id === farmer.preferredBranchId)
  if (own) return { lat: own.lat, lng: own.lng }
  if (!farmer.region) return null
  const near = branches.filter(
    (b) => regionOfPostcode(b.market, b.postcode)?.code === farmer.region,
  )
  if (near.length === 0) return null
  return {
    lat: near.reduce((n, b) => n + b.lat, 0) / near.length,
    lng: near.reduce((n, b) => n + b.lng, 0) / near.length,
  }
}

export type RankedBranch = {
  id: number
  /** Whole kilometres from the farmer's origin, as the crow flies; null with no origin. */
  km: number | null
  preferred: boolean
}

/**
 * The branches in the farmer's order: their own branch first, then nearest first from
 * farmerOrigin; equal distances, and every branch when there is no origin, in the usual order.
 */
export function rankBranches(
  branches: readonly PlacedBranch[],
  farmer: FarmerPlace,
): RankedBranch[] {
  const origin = farmerOrigin(branches, farmer)
  return branches
    .map((b, index) => ({
      id: b.id,
      index,
      distance: origin ? distanceKm(origin, b) : null,
      preferred: b.id === farmer.preferredBranchId,
    }))
    .sort(
      (x, y) =>
        Number(y.preferred) - Number(x.preferred) ||
        (x.distance ?? 0) - (y.distance ?? 0) ||
        x.index - y.index,
    )
    .map((b) => ({
      id: b.id,
      km: b.distance === null ? null : Math.round(b.distance),
      preferred: b.preferred,
    }))
}

/** A line of an order: a pack and how many. */
export type WantedLine = { variationId: number; count: number }

/** How many of a pack a branch holds (0 when it has none). */
export type StockAt = (branchId: number, variationId: number) => number

/** The lines a branch cannot give in full, in the order given. */
export function shortLines<L extends WantedLine>(
  lines: readonly L[],
  branchId: number,
  stockAt: StockAt,
): L[] {
  return lines.filter((l) => stockAt(branchId, l.variationId) < l.count)
}

/**
 * The branch a collection goes to when the farmer has not chosen one: their own branch when it
 * holds every line in full, else the first in the farmer's order that does; null when none does.
 */
export function suggestedPickupBranch(
  ranked: readonly RankedBranch[],
  lines: readonly WantedLine[],
  stockAt: StockAt,
): number | null {
  return ranked.find((b) => shortLines(lines, b.id, stockAt).length === 0)?.id ?? null
}

/**
 * docs/product/orders-and-payments.md (Placing an order): a delivery ships from the farmer's
 * branch when it has everything, otherwise from the first branch of the country (usual order)
 * that has; null when none has. The order's statement applies the same rule.
 */
export function deliveryBranch(
  branches: readonly { id: number }[],
  preferredBranchId: number | null,
  lines: readonly WantedLine[],
  stockAt: StockAt,
): number | null {
  const holds = (id: number) => shortLines(lines, id, stockAt).length === 0
  if (preferredBranchId !== null && branches.some((b) => b.id === preferredBranchId))
    if (holds(preferredBranchId)) return preferredBranchId
  return branches.find((b) => holds(b.id))?.id ?? null
}
