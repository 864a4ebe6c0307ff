import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { regionByCode, regionOfPostcode } from '@padi/domain/geo/regions'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import {
  deliveryBranch,
  rankBranches,
  shortLines,
  suggestedPickupBranch,
  type FarmerPlace,
  type StockAt,
} from '@padi/domain/orders/pickup-stock'
import type { CheckoutQuote, StockRefusal } from '@padi/domain/orders/order-schemas'
import { createOrdersRepository } from './orders.repository.ts'

/** A line of an order as checkout prices it. */
export type StockedLine = {
  variationId: number
  productId: number
  name: LocalizedText
  variation: LocalizedText
  count: number
}

/** The customer as the stock rules see them: their market and where they are. */
export async function farmerOf(db: Db, userId: number) {
  const user = await createOrdersRepository(db).farmer(userId)
  if (!user) throw new DomainError('NOT_FOUND', 'User not found')
  const market = (user.market === 'TH' ? 'TH' : 'MY') as Market
  // docs/product/regions.md: accounts made before the state was kept get it from the postcode.
  const region = regionByCode(user.state) ?? regionOfPostcode(market, user.postcode)
  const place: FarmerPlace = {
    preferredBranchId: user.preferredBranchId,
    region: region?.code ?? null,
  }
  return { market, place }
}

/**
 * docs/product/orders-and-payments.md (Stock at pickup): every branch of the market, in the
 * farmer's order, and how many of each line's pack it holds (two queries).
 */
export async function stockForLines(
  db: Db,
  market: Market,
  place: FarmerPlace,
  lines: readonly StockedLine[],
) {
  const repo = createOrdersRepository(db)
  const [rows, stock] = await Promise.all([
    repo.branchesIn(market),
    repo.stockOf(lines.map((l) => l.variationId)),
  ])
  const held = new Map(stock.map((s) => [`${s.branchId}:${s.variationId}`, s.quantity]))
  const stockAt: StockAt = (branchId, variationId) => held.get(`${branchId}:${variationId}`) ?? 0
  const ranked = rankBranches(rows, place)
  const byId = new Map(rows.map((b) => [b.id, b]))
  return { rows, ranked, byId, stockAt }
}

/** What GET /me/checkout says about stock: where each line is, and which branches can give it all. */
export async function quoteStock(
  db: Db,
  market: Market,
  place: FarmerPlace,
  lines: readonly StockedLine[],
): Promise<Pick<CheckoutQuote, 'lines' | 'pickup' | 'delivery_branch_id'>> {
  const { rows, ranked, byId, stockAt } = await stockForLines(db, market, place, lines)
  return {
    lines: lines.map((l) => ({
      variation_id: l.variationId,
      product_id: l.productId,
      name: l.name,
      variation: l.variation,
      count: l.count,
      branches: ranked
        .filter((b) => stockAt(b.id, l.variationId) > 0)
        .map((b) => ({ branch_id: b.id, quantity: stockAt(b.id, l.variationId) })),
    })),
    pickup: {
      suggested_branch_id: lines.length ? suggestedPickupBranch(ranked, lines, stockAt) : null,
      branches: ranked.map((b) => {
        const short = shortLines(lines, b.id, stockAt)
        return {
          branch_id: b.id,
          name: byId.get(b.id)!.name,
          preferred: b.preferred,
          distance_km: b.km,
          holds_all: lines.length > 0 && short.length === 0,
          short: short.map((l) => l.variationId),
        }
      }),
    },
    delivery_branch_id: lines.length
      ? deliveryBranch(rows, place.preferredBranchId, lines, stockAt)
      : null,
  }
}

/**
 * The OUT_OF_STOCK refusal an order would meet, or null: for collection, the lines the chosen
 * branch of the customer's country lacks; for a delivery no branch can make, the lines no branch has (or, when each is
 * somewhere but never together, every line). The order's statement refuses the same way.
 */
export async function stockRefusal(
  db: Db,
  market: Market,
  place: FarmerPlace,
  lines: readonly StockedLine[],
  choice: { fulfilment: 'pickup' | 'delivery'; branchId?: number | undefined },
): Promise<DomainError | null> {
  const { rows, byId, stockAt } = await stockForLines(db, market, place, lines)
  const line = (l: StockedLine, available: number) => ({
    variation_id: l.variationId,
    product_id: l.productId,
    name: l.name,
    variation: l.variation,
    count: l.count,
    available,
  })
  let extra: StockRefusal
  if (choice.fulfilment === 'pickup') {
    const branch = choice.branchId === undefined ? undefined : byId.get(choice.branchId)
    // Another country's branch, or none: not a matter of stock; the order's statement refuses it.
    if (!branch) return null
    const short = shortLines(lines, branch.id, stockAt)
    if (short.length === 0) return null
    extra = {
      variation_ids: short.map((l) => l.variationId),
      branch: { id: branch.id, name: branch.name },
      lines: short.map((l) => line(l, stockAt(branch.id, l.variationId))),
    }
  } else {
    if (deliveryBranch(rows, place.preferredBranchId, lines, stockAt) !== null) return null
    const most = (l: StockedLine) => Math.max(0, ...rows.map((b) => stockAt(b.id, l.variationId)))
    const nowhere = lines.filter((l) => most(l) < l.count)
    const named = nowhere.length ? nowhere : lines
    extra = {
      variation_ids: named.map((l) => l.variationId),
      branch: null,
      lines: named.map((l) => line(l, most(l))),
    }
  }
  return new DomainError('OUT_OF_STOCK', 'Not enough stock for this order', {
    extra: extra as unknown as Record<string, unknown>,
  })
}
