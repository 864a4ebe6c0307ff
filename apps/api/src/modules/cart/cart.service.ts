import type { Db } from '@padi/db/client'
import { CART_MAX_COUNT, CART_MAX_LINES, mergeCarts, type CartEntry } from '@padi/domain/cart/cart'
import { boundedCount, cartTotals } from '@padi/domain/cart/cart-totals'
import type { Cart } from '@padi/domain/cart/cart-schemas'
import { DomainError } from '@padi/domain/errors'
import { MARKET_CURRENCY, type Market } from '@padi/domain/markets'
import { createCartRepository, type CartLineRow } from './cart.repository.ts'

function cartAnswer(market: Market, rows: CartLineRow[]): Cart {
  const currency = MARKET_CURRENCY[market]
  const money = (amount: number | null) =>
    amount === null ? null : { amount_minor: amount, currency }
  const totals = cartTotals(rows)
  return {
    currency,
    lines: rows.map((row) => {
      const available = row.unitPriceMinor !== null && row.stock > 0
      return {
        variation_id: row.variationId,
        product_id: row.productId,
        group: row.group,
        category: row.category,
        slug: row.slug,
        brand: row.brand,
        name: row.name,
        variation: row.label,
        image_key: row.category,
        photo: row.photo,
        count: row.count,
        selected: row.selected,
        stock: row.stock,
        unit_price: money(row.unitPriceMinor),
        line_total: money(
          row.unitPriceMinor === null
            ? null
            : boundedCount(row.count, row.stock) * row.unitPriceMinor,
        ),
        available,
      }
    }),
    count: rows.reduce((n, row) => n + row.count, 0),
    selected: {
      quantity: totals.quantity,
      subtotal: { amount_minor: totals.subtotalMinor, currency },
    },
    limits: { max_lines: CART_MAX_LINES, max_count: CART_MAX_COUNT },
  }
}

/**
 * docs/product/orders-and-payments.md: the cart. Prices and stock are read from the catalogue on
 * every answer; the client only ever says which pack and how many.
 */
export function createCartService(deps: { db: Db }) {
  const { db } = deps

  async function read(tx: Db, userId: number): Promise<Cart> {
    const repo = createCartRepository(tx)
    const market = await repo.marketOf(userId)
    if (!market) throw new DomainError('NOT_FOUND', 'User not found')
    return cartAnswer(market, await repo.lines(userId, market))
  }

  /** A change to the cart, with the customer's row locked so changes to one cart take turns. */
  async function change(userId: number, apply: (tx: Db, market: Market) => Promise<void>) {
    return db.transaction(async (tx) => {
      const owner = await createCartRepository(tx).lockOwner(userId)
      if (!owner) throw new DomainError('NOT_FOUND', 'User not found')
      await apply(tx, owner.market)
      return read(tx, userId)
    })
  }

  return {
    get: (userId: number) => read(db, userId),

    /**
     * Sets a line's count (0 removes it) and, if given, its selection. A count above the stock is
     * lowered to it; the answer shows what the line holds.
     */
    setLine(
      userId: number,
      variationId: number,
      input: { count: number; selected?: boolean | undefined; add?: boolean },
    ) {
      return change(userId, async (tx, market) => {
        const repo = createCartRepository(tx)
        if (input.count === 0) return repo.remove(userId, [variationId])
        const [pack] = await repo.variations([variationId], market)
        if (!pack) throw new DomainError('NOT_FOUND', 'No such product')
        if (pack.unitPriceMinor === null)
          throw new DomainError('NOT_FOR_SALE', 'This product is not sold in your country')
        const entries = await repo.entries(userId)
        const existing = entries.find((e) => e.variationId === variationId)
        // 'Add to cart' adds to what the line holds; a change of count sets it.
        const wanted = input.add ? (existing?.count ?? 0) + input.count : input.count
        const count = boundedCount(wanted, pack.stock)
        if (count === 0) throw new DomainError('OUT_OF_STOCK', 'This product is out of stock')
        if (!existing && entries.length >= CART_MAX_LINES)
          throw new DomainError('CART_FULL', `The cart holds at most ${CART_MAX_LINES} products`)
        await repo.put(userId, {
          variationId,
          count,
          // A pack added again is wanted at checkout.
          selected: input.selected ?? (input.add ? true : (existing?.selected ?? true)),
        })
      })
    },

    removeLine(userId: number, variationId: number) {
      return change(userId, (tx) => createCartRepository(tx).remove(userId, [variationId]))
    },

    /**
     * docs/product/orders-and-payments.md: a visitor's lines join the account's cart at login.
     * A visitor's pack no longer sold in the market or out of stock is left out; counts are
     * bounded by stock; lines past the cart's limit are dropped, the account's own kept first.
     */
    merge(userId: number, visitor: CartEntry[]) {
      return change(userId, async (tx, market) => {
        const repo = createCartRepository(tx)
        const account = await repo.entries(userId)
        const merged = mergeCarts(account, visitor)
        const packs = new Map(
          (
            await repo.variations(
              merged.map((e) => e.variationId),
              market,
            )
          ).map((p) => [p.variationId, p]),
        )
        const fromVisitor = new Set(visitor.map((e) => e.variationId))
        for (const entry of merged) {
          // The account's own lines stay as they are (an unavailable one says so in the cart).
          if (!fromVisitor.has(entry.variationId)) continue
          const pack = packs.get(entry.variationId)
          if (!pack || pack.unitPriceMinor === null) continue
          const count = boundedCount(entry.count, pack.stock)
          if (count > 0) await repo.put(userId, { ...entry, count })
        }
      })
    },
  }
}
export type CartService = ReturnType<typeof createCartService>
