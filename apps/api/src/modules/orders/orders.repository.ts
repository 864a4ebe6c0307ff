import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db, DbHandle } from '@padi/db/client'
import { branches } from '@padi/db/schema/branches'
import { cartItems } from '@padi/db/schema/cart'
import { branchStock, products, productVariations } from '@padi/db/schema/catalogue'
import { idempotencyKeys, orderItems, orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import type { Market } from '@padi/domain/markets'
import type { OrderStatus } from '@padi/domain/orders/order-rules'
import type { Order } from '@padi/domain/orders/order-schemas'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect

/** The place_order function's answer (ADR 040): the order as written, or a PIN's refusal. */
export type PlacedAnswer =
  | { refused: string; failures?: number; locked_until?: string | null }
  | { replay: number }
  | {
      order: Record<string, unknown> & { branch_id: number }
      branch_name: Order['branch']['name']
      items: Record<string, unknown>[]
    }

/** A pack's price in the customer's country (null: not sold there). */
const priceIn = (market: Market) =>
  market === 'TH' ? productVariations.priceThMinor : productVariations.priceMyMinor

/**
 * The orders module's storage: the pool, or a transaction (`createOrdersRepository(tx)`).
 * @param run runs a hot statement (the key, the order) as a named prepared statement
 *   (DbHandle.prepared); by default the statement simply runs on `db`.
 */
export function createOrdersRepository(
  db: Db,
  run: DbHandle['prepared'] = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows,
) {
  return {
    /**
     * The order in one statement (ADR 040): the place_order function re-reads and re-prices
     * everything, judges the PIN under its lock, takes the stock and the credit with their guards,
     * writes the order, its lines and its ledger entry, empties the cart's lines and marks the
     * Idempotency-Key done; a refusal rolls all of it back (a wrong PIN keeps only its count).
     */
    async placeOrder(params: Record<string, unknown>): Promise<PlacedAnswer> {
      const statement = sql`select place_order(${JSON.stringify(params)}::jsonb) as r`
      return (await run<{ r: PlacedAnswer }>(statement))[0]!.r
    },

    /** The ticked lines of the cart, priced in the customer's country (null: not sold there). */
    selectedLines(userId: number, market: Market) {
      return db
        .select({
          variationId: cartItems.variationId,
          count: cartItems.count,
          productId: products.id,
          name: products.name,
          variation: productVariations.label,
          unitPriceMinor: priceIn(market),
        })
        .from(cartItems)
        .innerJoin(productVariations, eq(productVariations.id, cartItems.variationId))
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(and(eq(cartItems.userId, userId), eq(cartItems.selected, true)))
        .orderBy(asc(cartItems.variationId))
    },

    /** Packs by id, priced in the customer's country (null: not sold there); missing ones left out. */
    pricedVariations(market: Market, variationIds: number[]) {
      return db
        .select({
          variationId: productVariations.id,
          productId: products.id,
          name: products.name,
          variation: productVariations.label,
          unitPriceMinor: priceIn(market),
        })
        .from(productVariations)
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(inArray(productVariations.id, variationIds))
    },

    /** Only the customer's own: another customer's order is not found. */
    async orderOf(userId: number, id: number): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      return row ?? null
    },

    /** Newest first. */
    ordersOf(userId: number, status: OrderStatus | undefined, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
    },

    /** The lines of these orders, by order then pack. */
    itemsOf(orderIds: number[]): Promise<OrderItemRow[]> {
      return db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.orderId), asc(orderItems.variationId))
    },

    branchNames(branchIds: number[]) {
      return db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(inArray(branches.id, branchIds))
    },

    /**
     * Takes the key ('in flight') when it is new, or takes it over when its request died (in
     * flight past `staleBefore`), its day has passed (`expiredBefore`) or its order was refused.
     * Answers whether it was taken.
     */
    async takeKey(args: {
      userId: number
      key: string
      hash: string
      now: Date
      window: { staleBefore: Date; expiredBefore: Date }
    }): Promise<boolean> {
      const { userId, key, hash, now, window } = args
      const taken = await run<{ key: string }>(sql`insert into ${idempotencyKeys}
        (user_id, key, request_hash, status, created_at)
      values (${userId}, ${key}, ${hash}, 'in_flight', ${now})
      on conflict (user_id, key) do update set request_hash = excluded.request_hash,
        status = 'in_flight', response_body = null, created_at = excluded.created_at
      where (${idempotencyKeys.status} <> 'done'
          and ${idempotencyKeys.createdAt} < ${window.staleBefore})
        or ${idempotencyKeys.createdAt} < ${window.expiredBefore}
        or ${idempotencyKeys.status} = 'refused'
      returning key`)
      return taken.length > 0
    },

    async heldKey(userId: number, key: string) {
      const [held] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      return held ?? null
    },

    /** Frees the key unless its order was placed (only an in-flight key is deleted). */
    async releaseKey(userId: number, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, 'in_flight'),
          ),
        )
    },

    /** The customer as the stock rules see them: their market and where they are. */
    async farmer(userId: number) {
      const [user] = await db
        .select({
          market: users.market,
          preferredBranchId: users.preferredBranchId,
          state: users.state,
          postcode: users.postcode,
        })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    /** Every branch of the market, in the shop's order. */
    branchesIn(market: Market) {
      return db
        .select({
          id: branches.id,
          name: branches.name,
          lat: branches.lat,
          lng: branches.lng,
          postcode: branches.postcode,
          market: branches.market,
        })
        .from(branches)
        .where(eq(branches.market, market))
        .orderBy(asc(branches.sortOrder), asc(branches.id))
    },

    /** What each branch holds of these packs (only what it has). */
    stockOf(variationIds: number[]) {
      return variationIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              branchId: branchStock.branchId,
              variationId: branchStock.variationId,
              quantity: branchStock.quantity,
            })
            .from(branchStock)
            .where(and(inArray(branchStock.variationId, variationIds), gt(branchStock.quantity, 0)))
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
