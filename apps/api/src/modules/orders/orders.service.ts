import { createHash } from 'node:crypto'
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { addresses } from '@padi/db/schema/addresses'
import { branches } from '@padi/db/schema/branches'
import { cartItems } from '@padi/db/schema/cart'
import { branchStock, products, productVariations } from '@padi/db/schema/catalogue'
import { idempotencyKeys, orderItems, orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import { shippingFeeMinor, type ShippingRule } from '@padi/domain/cart/cart'
import { DomainError } from '@padi/domain/errors'
import { MARKET_CURRENCY, type Market } from '@padi/domain/money'
import {
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_TTL_MS,
  initialStatus,
  paymentAllows,
  type Fulfilment,
  type OrderStatus,
} from '@padi/domain/orders/order-rules'
import type { CheckoutQuote, Order, PlaceOrder } from '@padi/domain/orders/order-schemas'
import { availableMinor, isSpendable, shortfallMinor } from '@padi/domain/credit/credit-line'
import type { Clock } from '../../clock.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { PinService } from '../payment/pin.service.ts'
import type { BiometricsService } from '../biometrics/biometrics.service.ts'

type OrderRow = typeof orders.$inferSelect

/** PostgreSQL's 'try again' failures: serialization_failure and deadlock_detected. */
function retryable(error: unknown): boolean {
  for (let e = error; e instanceof Error || (e && typeof e === 'object');) {
    const code = (e as { code?: unknown }).code
    if (code === '40001' || code === '40P01') return true
    const next = (e as { cause?: unknown }).cause
    if (next === undefined || next === e) return false
    e = next
  }
  return false
}
/** A stock row an order took from, as its UPDATE … RETURNING answers. */
type Taken = { variation_id: number; quantity: number; name: Order['branch']['name'] }

/** The body an Idempotency-Key is bound to; the PIN and the biometric answer are left out, so a retry after a mistyped PIN is the same order. */
function requestHash(body: PlaceOrder): string {
  const { pin: _pin, webauthn: _webauthn, ...rest } = body
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(rest).sort()))
  return createHash('sha256').update(canonical).digest('base64url')
}

export function createOrdersService(deps: {
  db: Db
  clock: Clock
  credit: CreditService
  pins: PinService
  biometrics: BiometricsService
  shipping: Record<Market, ShippingRule>
  /** The order transaction's isolation (ADR 038): READ COMMITTED with guarded UPDATEs, or SERIALIZABLE. */
  isolation?: 'read committed' | 'serializable'
}) {
  const { db, clock, credit, pins, biometrics, shipping } = deps
  const isolationLevel = deps.isolation ?? 'read committed'

  /**
   * The order's transaction, run again when PostgreSQL gives up on it for a reason of its own
   * (a serialization failure under SERIALIZABLE, a deadlock): the customer's request is fine and
   * the whole transaction was rolled back, so running it again is safe. Up to 5 tries.
   */
  async function orderTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(work, { isolationLevel })
      } catch (error) {
        if (attempt >= 5 || !retryable(error)) throw error
        await new Promise((r) => setTimeout(r, 2 + Math.random() * 8 * attempt))
      }
    }
  }

  /** Orders as the API answers them: two queries for any number of orders (no query per order). */
  async function answers(tx: Db, rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return []
    const items = await tx
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.variationId))
    const names = new Map(
      (
        await tx
          .select({ id: branches.id, name: branches.name })
          .from(branches)
          .where(inArray(branches.id, [...new Set(rows.map((r) => r.branchId))]))
      ).map((b) => [b.id, b.name]),
    )
    return rows.map((row) =>
      answerOf(
        row,
        { id: row.branchId, name: names.get(row.branchId)! },
        items.filter((i) => i.orderId === row.id),
      ),
    )
  }

  /** The ticked lines of the cart, priced in the customer's country (null: not sold there). */
  function selectedLines(tx: Db, userId: number, market: Market) {
    const price = market === 'TH' ? productVariations.priceThMinor : productVariations.priceMyMinor
    return tx
      .select({
        variationId: cartItems.variationId,
        count: cartItems.count,
        productId: products.id,
        name: products.name,
        variation: productVariations.label,
        unitPriceMinor: price,
      })
      .from(cartItems)
      .innerJoin(productVariations, eq(productVariations.id, cartItems.variationId))
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(eq(cartItems.userId, userId), eq(cartItems.selected, true)))
      .orderBy(asc(cartItems.variationId))
  }

  /** Packs named in the order itself, priced in the customer's country, in the order given. */
  async function chosenLines(
    tx: Db,
    market: Market,
    chosen: NonNullable<PlaceOrder['lines']>,
  ): Promise<Awaited<ReturnType<typeof selectedLines>>> {
    const price = market === 'TH' ? productVariations.priceThMinor : productVariations.priceMyMinor
    const rows = await tx
      .select({
        variationId: productVariations.id,
        productId: products.id,
        name: products.name,
        variation: productVariations.label,
        unitPriceMinor: price,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(
        inArray(
          productVariations.id,
          chosen.map((l) => l.variation_id),
        ),
      )
    if (rows.length !== chosen.length) throw new DomainError('NOT_FOUND', 'Product not found')
    return chosen
      .map((l) => ({ ...rows.find((r) => r.variationId === l.variation_id)!, count: l.count }))
      .sort((a, b) => a.variationId - b.variationId)
  }

  /**
   * The lines an order is made of (named in it, or the ticked lines of the cart), priced in the
   * customer's country, and what they cost with the chosen fulfilment.
   */
  async function pricedOrder(tx: Db, userId: number, market: Market, body: PlaceOrder) {
    const lines = body.lines
      ? await chosenLines(tx, market, body.lines)
      : await selectedLines(tx, userId, market)
    if (lines.length === 0) throw new DomainError('CART_EMPTY', 'Nothing in the cart to check out')
    if (lines.some((l) => l.unitPriceMinor === null))
      throw new DomainError('NOT_FOR_SALE', 'A product in the cart is not sold in your country')
    const subtotalMinor = lines.reduce((n, l) => n + l.count * l.unitPriceMinor!, 0)
    const shippingMinor =
      body.fulfilment === 'delivery' ? shippingFeeMinor(shipping[market], subtotalMinor) : 0
    return { lines, subtotalMinor, shippingMinor, totalMinor: subtotalMinor + shippingMinor }
  }

  /**
   * docs/product/orders-and-payments.md: a delivery ships from the customer's preferred branch
   * when it has everything, otherwise from the first branch of the country that has.
   */
  async function deliveryBranch(
    tx: Db,
    market: Market,
    preferredBranchId: number | null,
    lines: { variationId: number; count: number }[],
  ): Promise<number> {
    const candidates = (
      await tx
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.market, market))
        .orderBy(asc(branches.sortOrder), asc(branches.id))
    )
      .map((b) => b.id)
      .sort((a, b) => Number(b === preferredBranchId) - Number(a === preferredBranchId))
    const stock = await tx
      .select({
        branchId: branchStock.branchId,
        variationId: branchStock.variationId,
        quantity: branchStock.quantity,
      })
      .from(branchStock)
      .where(
        and(
          inArray(branchStock.branchId, candidates),
          inArray(
            branchStock.variationId,
            lines.map((l) => l.variationId),
          ),
        ),
      )
    const has = (branchId: number, variationId: number, count: number) =>
      stock.some(
        (s) => s.branchId === branchId && s.variationId === variationId && s.quantity >= count,
      )
    const found = candidates.find((b) => lines.every((l) => has(b, l.variationId, l.count)))
    if (found === undefined)
      throw new DomainError('OUT_OF_STOCK', 'Not enough stock for this order', {
        extra: {
          variation_ids: lines
            .filter((l) => !candidates.some((b) => has(b, l.variationId, l.count)))
            .map((l) => l.variationId),
        },
      })
    return found
  }

  async function answer(tx: Db, row: OrderRow): Promise<Order> {
    return (await answers(tx, [row]))[0]!
  }

  function answerOf(
    row: OrderRow,
    branch: Order['branch'],
    items: (typeof orderItems.$inferSelect)[],
  ): Order {
    const money = (amount: number) => ({ amount_minor: amount, currency: row.currency })
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      fulfilment: row.fulfilment,
      payment: row.payment,
      branch,
      collection_location: row.fulfilment === 'pickup' ? branch.name : null,
      address: row.address ?? null,
      logistics_company: row.logisticsCompany,
      tracking_url: row.trackingUrl,
      currency: row.currency,
      subtotal: money(row.subtotalMinor),
      shipping_fee: money(row.shippingFeeMinor),
      total: money(row.totalMinor),
      total_quantity: row.totalQuantity,
      remarks: row.remarks,
      items: items.map((i) => ({
        variation_id: i.variationId,
        product_id: i.productId,
        name: i.name,
        variation: i.variation,
        unit_price: money(i.unitPriceMinor),
        count: i.count,
        line_total: money(i.lineTotalMinor),
      })),
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      completed_at: row.completedAt?.toISOString() ?? null,
    }
  }

  /**
   * The order's transaction: everything re-read and re-priced, stock taken with a guard, credit
   * charged with a guard, the order and its ledger entry written, the lines taken out of the cart,
   * the Idempotency-Key marked done with the answer. Any refusal rolls all of it back.
   */
  async function placeInTransaction(
    tx: Db,
    userId: number,
    key: string,
    body: PlaceOrder,
  ): Promise<Order | DomainError> {
    const now = clock.now()
    const [user] = await tx
      .select({ market: users.market, preferredBranchId: users.preferredBranchId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) throw new DomainError('NOT_FOUND', 'User not found')
    // The PIN is judged here, once the key is held (a burst of one order costs one try) and under
    // the customer's lock (tries are judged one at a time).
    if (body.payment === 'credits' && !body.webauthn) {
      const refused = await pins.check(tx, userId, body.pin!)
      if (refused) return refused
    }
    const market = user.market as Market
    const currency = MARKET_CURRENCY[market]
    const { lines, subtotalMinor, shippingMinor, totalMinor } = await pricedOrder(
      tx,
      userId,
      market,
      body,
    )

    // Where the goods come from: the branch chosen for collection, or for a delivery the
    // customer's branch if it has everything, else the first branch of the country that has.
    let address: typeof addresses.$inferSelect | undefined
    let branchId: number
    if (body.fulfilment === 'pickup') {
      // Checked by the stock UPDATE itself (a branch of another country takes nothing).
      branchId = body.branch_id!
    } else {
      ;[address] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, body.address_id!), eq(addresses.userId, userId)))
      if (!address) throw new DomainError('NOT_FOUND', 'Address not found')
      branchId = await deliveryBranch(tx, market, user.preferredBranchId, lines)
    }
    // Stock is taken in one guarded UPDATE: two orders for the last pack cannot both have it,
    // and a line the branch cannot cover takes nothing (the order is then refused whole).
    const taken = (
      (await tx.execute(
        sql`update branch_stock bs set quantity = bs.quantity - x.n
          from (values ${sql.join(
            lines.map((l) => sql`(${l.variationId}::int, ${l.count}::int)`),
            sql`, `,
          )}) as x(variation_id, n), branches b
          where bs.branch_id = ${branchId} and bs.variation_id = x.variation_id
            and bs.quantity >= x.n and b.id = bs.branch_id and b.market = ${market}
          returning bs.variation_id, bs.quantity, b.name`,
      )) as unknown as { rows: Taken[] }
    ).rows
    if (taken.length < lines.length) {
      const [known] = await tx
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.id, branchId), eq(branches.market, market)))
      if (!known)
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: { errors: [{ field: 'branch_id', message: 'validation.branchRequired' }] },
        })
      throw new DomainError('OUT_OF_STOCK', 'Not enough stock for this order', {
        extra: {
          variation_ids: lines
            .filter((l) => !taken.some((t) => t.variation_id === l.variationId))
            .map((l) => l.variationId),
        },
      })
    }
    const branch = { id: branchId, name: taken[0]!.name }

    // The list's 'in stock' flag follows the stock this order took (docs/product/catalogue.md):
    // it can only change for a pack this order emptied at its branch.
    const emptied = lines.filter((l) =>
      taken.some((t) => t.variation_id === l.variationId && t.quantity === 0),
    )
    if (emptied.length > 0) {
      const inStock = market === 'TH' ? 'in_stock_th' : 'in_stock_my'
      await tx.execute(sql`update products p set ${sql.raw(inStock)} = exists (
          select 1 from branch_stock bs
          join branches b on b.id = bs.branch_id
          join product_variations v on v.id = bs.variation_id
          where v.product_id = p.id and b.market = ${market} and bs.quantity > 0)
        where p.id in (${sql.join(
          [...new Set(emptied.map((l) => l.productId))].map((id) => sql`${id}`),
          sql`, `,
        )})`)
    }

    const status: OrderStatus = initialStatus(body.payment)
    const [order] = await tx
      .insert(orders)
      .values({
        // Set by the table's trigger from the id (SM, the date, the id): unique meanwhile.
        number: `pending-${userId}-${key}`,
        userId,
        status,
        fulfilment: body.fulfilment,
        payment: body.payment,
        branchId,
        address: address
          ? {
              name: address.name,
              address: address.address,
              city: address.city,
              state: address.state,
              postcode: address.postcode,
              country: address.country,
            }
          : null,
        currency,
        subtotalMinor,
        shippingFeeMinor: shippingMinor,
        totalMinor,
        totalQuantity: lines.reduce((n, l) => n + l.count, 0),
        remarks: body.remarks || null,
        createdAt: now,
        paidAt: status === 'paid' ? now : null,
      })
      .returning()
    const items = lines.map((l) => ({
      orderId: order!.id,
      variationId: l.variationId,
      productId: l.productId,
      name: l.name,
      variation: l.variation,
      unitPriceMinor: l.unitPriceMinor!,
      count: l.count,
      lineTotalMinor: l.count * l.unitPriceMinor!,
    }))
    await tx.insert(orderItems).values(items)
    if (body.payment === 'credits') {
      // Paid with a device: its answer must be to the challenge made for this order and amount.
      if (body.webauthn)
        await biometrics.checkPayment(tx, {
          userId,
          key,
          requestHash: requestHash(body),
          amountMinor: totalMinor,
          currency,
          response: body.webauthn,
        })
      await credit.charge(tx, { userId, currency, amountMinor: totalMinor, orderId: order!.id })
    }
    if (!body.lines)
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.userId, userId),
          inArray(
            cartItems.variationId,
            lines.map((l) => l.variationId),
          ),
        ),
      )
    // The answer is made from what was just written: no second read.
    const result = answerOf(order!, branch, items)
    await tx
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: 201, responseBody: result })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    return result
  }

  return {
    /**
     * docs/product/orders-and-payments.md: POST /orders. The same key with the same body within
     * 24 hours answers the first order and charges nothing again; with another body, 422; while
     * the first is still being placed, 409.
     */
    async place(
      userId: number,
      key: string,
      body: PlaceOrder,
    ): Promise<{ status: 200 | 201; order: Order }> {
      if (!paymentAllows(body.payment, body.fulfilment))
        throw new DomainError('CASH_NEEDS_PICKUP', 'Cash payment does not allow delivery')
      const hash = requestHash(body)
      const now = clock.now()
      // Take the key, or take over one whose request died or whose day has passed.
      const taken = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, status: 'in_flight', createdAt: now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { requestHash: hash, status: 'in_flight', responseBody: null, createdAt: now },
          setWhere: or(
            and(
              eq(idempotencyKeys.status, 'in_flight'),
              lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_STALE_MS)),
            ),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
          ),
        })
        .returning({ key: idempotencyKeys.key })
      if (taken.length === 0) {
        const [held] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        if (held && held.requestHash !== hash)
          throw new DomainError(
            'IDEMPOTENCY_MISMATCH',
            'This Idempotency-Key was used for another order',
          )
        if (held?.status === 'done') return { status: 200, order: held.responseBody as Order }
        throw new DomainError('IDEMPOTENCY_IN_FLIGHT', 'This order is still being placed', {
          retryAfterSeconds: 1,
        })
      }
      try {
        if (body.payment === 'credits' && !body.pin && !body.webauthn)
          throw new DomainError('PIN_REQUIRED', 'PIN required')
        const placed = await orderTransaction((tx) => placeInTransaction(tx, userId, key, body))
        // A wrong PIN commits its count (nothing else was written), then refuses.
        if (placed instanceof DomainError) throw placed
        return { status: 201, order: placed }
      } catch (error) {
        // A refused order gives its key back: the customer can fix what was wrong and retry.
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.status, 'in_flight'),
            ),
          )
        throw error
      }
    },

    /**
     * docs/product/orders-and-payments.md: what checkout shows before the customer authorises:
     * the ticked lines priced now, the delivery fee if delivered, and what the credit line lacks.
     */
    async quote(userId: number, fulfilment: Fulfilment): Promise<CheckoutQuote> {
      const [user] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
      if (!user) throw new DomainError('NOT_FOUND', 'User not found')
      const market = user.market as Market
      const currency = MARKET_CURRENCY[market]
      const lines = (await selectedLines(db, userId, market)).filter(
        (l) => l.unitPriceMinor !== null,
      )
      const subtotalMinor = lines.reduce((n, l) => n + l.count * l.unitPriceMinor!, 0)
      const deliveryMinor = lines.length ? shippingFeeMinor(shipping[market], subtotalMinor) : 0
      const totalMinor = subtotalMinor + (fulfilment === 'delivery' ? deliveryMinor : 0)
      const line = await credit.currentLine(userId)
      const money = (amount_minor: number) => ({ amount_minor, currency })
      return {
        currency,
        line_count: lines.length,
        total_quantity: lines.reduce((n, l) => n + l.count, 0),
        subtotal: money(subtotalMinor),
        shipping_fee: money(fulfilment === 'delivery' ? deliveryMinor : 0),
        delivery_fee: money(deliveryMinor),
        total: money(totalMinor),
        credit: line
          ? {
              spendable: isSpendable(line, clock.now()) && line.currency === currency,
              available: { amount_minor: availableMinor(line), currency: line.currency },
              shortfall: {
                amount_minor: shortfallMinor(line, totalMinor),
                currency: line.currency,
              },
            }
          : null,
      }
    },

    /**
     * docs/product/orders-and-payments.md (Biometrics): a challenge for paying this order (this
     * key, this body) with a registered device, bound to its amount priced now.
     */
    async biometricOptions(userId: number, key: string, body: PlaceOrder) {
      if (body.payment !== 'credits')
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: { errors: [{ field: 'payment', message: 'validation.invalid' }] },
        })
      const [user] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
      if (!user) throw new DomainError('NOT_FOUND', 'User not found')
      const market = user.market as Market
      const { totalMinor } = await pricedOrder(db, userId, market, body)
      return biometrics.paymentOptions(userId, {
        key,
        requestHash: requestHash(body),
        amountMinor: totalMinor,
        currency: MARKET_CURRENCY[market],
      })
    },

    async list(userId: number, status?: OrderStatus): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(50)
      return answers(db, rows)
    },

    async get(userId: number, id: number): Promise<Order> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      if (!row) throw new DomainError('NOT_FOUND', 'Order not found')
      return answer(db, row)
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
