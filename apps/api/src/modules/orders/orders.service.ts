import type { Db, DbHandle } from '@padi/db/client'
import { shippingFeeMinor, type ShippingRule } from '@padi/domain/cart/cart'
import { DomainError, ERROR_CODES, type ErrorCode } from '@padi/domain/errors'
import { MARKET_CURRENCY, type Currency, type Market } from '@padi/domain/markets'
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@padi/domain/payment/pin'
import {
  initialStatus,
  paymentAllows,
  type Fulfilment,
  type OrderStatus,
} from '@padi/domain/orders/order-rules'
import type { CheckoutQuote, Order, PlaceOrder } from '@padi/domain/orders/order-schemas'
import { availableMinor, isSpendable, shortfallMinor } from '@padi/domain/credit/credit-line'
import type { Clock } from '../../clock.ts'
import { keyWindow, requestHash } from '../../idempotency.ts'
import type { AuthService, TokenContext } from '../auth/auth.service.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { PinService } from '../payment/pin.service.ts'
import type { BiometricsService } from '../biometrics/biometrics.service.ts'
import { orderAnswer, orderAnswers, type OrderRow } from './order-answers.service.ts'
import { farmerOf, quoteStock, stockRefusal } from './order-stock.ts'
import {
  createOrdersRepository,
  type OrderItemRow,
  type OrdersRepository,
  type PlacedAnswer,
} from './orders.repository.ts'

/** A line of an order, priced in the customer's country (null: not sold there). */
type PricedLine = Awaited<ReturnType<OrdersRepository['selectedLines']>>[number]

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

/** A refusal the function raised (SQLSTATE PA001): all it wrote was rolled back. */
class StatementRefusal extends Error {
  readonly code: string
  readonly extra: Record<string, unknown> | undefined
  readonly retryAfterSeconds: number | undefined
  constructor(
    code: string,
    message: string,
    extra: Record<string, unknown> | undefined,
    retryAfterSeconds?: number,
  ) {
    super(message)
    this.code = code
    this.extra = extra
    this.retryAfterSeconds = retryAfterSeconds
  }
  /** As the API says it: a code of the catalogue, or (never expected) an internal error. */
  toDomainError(): DomainError | Error {
    return (ERROR_CODES as readonly string[]).includes(this.code)
      ? new DomainError(this.code as ErrorCode, this.message, {
          extra: this.extra,
          retryAfterSeconds: this.retryAfterSeconds,
        })
      : this
  }
}

function statementRefusal(error: unknown): StatementRefusal | null {
  for (let e = error; e && typeof e === 'object';) {
    const { code, detail, message } = e as { code?: unknown; detail?: unknown; message?: unknown }
    if (code === 'PA001' && typeof detail === 'string') {
      const parsed = JSON.parse(detail) as {
        code: string
        extra?: Record<string, unknown>
        retry_after_seconds?: number
      }
      return new StatementRefusal(
        parsed.code,
        String(message),
        parsed.extra,
        parsed.retry_after_seconds,
      )
    }
    const next = (e as { cause?: unknown }).cause
    if (next === e) return null
    e = next
  }
  return null
}

/** The function's rows are JSON with the table's column names: as Drizzle would give them. */
function rowOf(o: Record<string, unknown>): OrderRow {
  const date = (v: unknown) => (v == null ? null : new Date(v as string))
  return {
    id: o.id as number,
    number: o.number as string,
    userId: o.user_id as number,
    status: o.status as OrderRow['status'],
    fulfilment: o.fulfilment as OrderRow['fulfilment'],
    payment: o.payment as OrderRow['payment'],
    branchId: o.branch_id as number,
    address: (o.address ?? null) as OrderRow['address'],
    currency: o.currency as OrderRow['currency'],
    subtotalMinor: o.subtotal_minor as number,
    shippingFeeMinor: o.shipping_fee_minor as number,
    totalMinor: o.total_minor as number,
    totalQuantity: o.total_quantity as number,
    remarks: (o.remarks ?? null) as string | null,
    logisticsCompany: (o.logistics_company ?? null) as string | null,
    trackingUrl: (o.tracking_url ?? null) as string | null,
    createdAt: date(o.created_at)!,
    paidAt: date(o.paid_at),
    completedAt: date(o.completed_at),
  }
}

function itemOf(i: Record<string, unknown>): OrderItemRow {
  return {
    orderId: i.order_id as number,
    variationId: i.variation_id as number,
    productId: i.product_id as number,
    name: i.name as Order['items'][number]['name'],
    variation: i.variation as Order['items'][number]['variation'],
    unitPriceMinor: i.unit_price_minor as number,
    count: i.count as number,
    lineTotalMinor: i.line_total_minor as number,
  }
}

/** The body an Idempotency-Key is bound to; the PIN and the biometric answer are left out, so a retry after a mistyped PIN is the same order. */
function orderHash(body: PlaceOrder): string {
  const { pin: _pin, webauthn: _webauthn, ...rest } = body
  return requestHash(rest)
}

export function createOrdersService(deps: {
  db: Db
  /** Runs the hot statements (the key, the order) as named prepared statements. */
  prepared: DbHandle['prepared']
  /** The session check of every other route, for the steps that act before the order's statement. */
  checkSession: AuthService['checkSession']
  clock: Clock
  credit: CreditService
  pins: PinService
  biometrics: BiometricsService
  shipping: Record<Market, ShippingRule>
  /** The order transaction's isolation (ADR 038): READ COMMITTED with guarded UPDATEs, or SERIALIZABLE. */
  isolation?: 'read committed' | 'serializable'
}) {
  const { db, prepared, checkSession, clock, credit, pins, biometrics, shipping } = deps
  const isolationLevel = deps.isolation ?? 'read committed'
  /** On the pool, its hot statements prepared. */
  const repo = createOrdersRepository(db, prepared)

  /** Packs named in the order itself, priced in the customer's country, in the order given. */
  async function chosenLines(
    tx: Db,
    market: Market,
    chosen: NonNullable<PlaceOrder['lines']>,
  ): Promise<PricedLine[]> {
    const rows = await createOrdersRepository(tx).pricedVariations(
      market,
      chosen.map((l) => l.variation_id),
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
      : await createOrdersRepository(tx).selectedLines(userId, market)
    if (lines.length === 0) throw new DomainError('CART_EMPTY', 'Nothing in the cart to check out')
    if (lines.some((l) => l.unitPriceMinor === null))
      throw new DomainError('NOT_FOR_SALE', 'A product in the cart is not sold in your country')
    const subtotalMinor = lines.reduce((n, l) => n + l.count * l.unitPriceMinor!, 0)
    const shippingMinor =
      body.fulfilment === 'delivery' ? shippingFeeMinor(shipping[market], subtotalMinor) : 0
    return { lines, subtotalMinor, shippingMinor, totalMinor: subtotalMinor + shippingMinor }
  }

  async function answer(tx: Db, row: OrderRow): Promise<Order> {
    return (await orderAnswers(tx, [row]))[0]!
  }

  /**
   * The order in one statement (ADR 040, `placeOrder`): under READ COMMITTED it is the
   * statement's own transaction: one round trip.
   */
  async function callPlaceOrder(params: Record<string, unknown>): Promise<PlacedAnswer> {
    const inTransaction = (tx: Db) => createOrdersRepository(tx).placeOrder(params)
    for (let attempt = 1; ; attempt++) {
      try {
        return isolationLevel === 'serializable'
          ? await db.transaction(inTransaction, { isolationLevel })
          : await repo.placeOrder(params)
      } catch (error) {
        const refusal = statementRefusal(error)
        if (refusal) throw refusal
        // PostgreSQL gave up on it for a reason of its own (a serialization failure under
        // SERIALIZABLE, a deadlock): nothing was written, so running it again is safe.
        if (attempt >= 5 || !retryable(error)) throw error
        await new Promise((r) => setTimeout(r, 2 + Math.random() * 8 * attempt))
      }
    }
  }

  async function get(userId: number, id: number): Promise<Order> {
    const row = await repo.orderOf(userId, id)
    if (!row) throw new DomainError('NOT_FOUND', 'Order not found')
    return answer(db, row)
  }

  /**
   * Takes the key ('in flight') before a payment by device, or takes over one whose request
   * died, whose day has passed or whose order was refused. Answers null when taken, or the id
   * of the order the key already placed.
   */
  async function takeKey(userId: number, key: string, hash: string): Promise<number | null> {
    const now = clock.now()
    const window = keyWindow(now)
    if (await repo.takeKey({ userId, key, hash, now, window })) return null
    const held = await repo.heldKey(userId, key)
    if (held && held.requestHash !== hash)
      throw new DomainError(
        'IDEMPOTENCY_MISMATCH',
        'This Idempotency-Key was used for another order',
      )
    if (held?.status === 'done') return (held.responseBody as { id: number }).id
    throw new DomainError('IDEMPOTENCY_IN_FLIGHT', 'This order is still being placed', {
      retryAfterSeconds: 1,
    })
  }

  async function placeOnce(
    session: Pick<TokenContext, 'userId' | 'sessionId' | 'issuedAt'>,
    key: string,
    body: PlaceOrder,
    hash: string,
    keyTaken: boolean,
  ): Promise<{ status: 200 | 201; order: Order }> {
    const { userId } = session
    const now = clock.now()
    const params: Record<string, unknown> = {
      user_id: userId,
      // Checked by the statement under the customer's lock, as checkSession would (ADR 040).
      session: { id: session.sessionId, issued_at_ms: session.issuedAt },
      key,
      key_taken: keyTaken,
      request_hash: hash,
      stale_before: keyWindow(now).staleBefore.toISOString(),
      expired_before: keyWindow(now).expiredBefore.toISOString(),
      now: now.toISOString(),
      fulfilment: body.fulfilment,
      payment: body.payment,
      branch_id: body.branch_id ?? null,
      address_id: body.address_id ?? null,
      remarks: body.remarks ?? null,
      lines: body.lines ?? null,
      status: initialStatus(body.payment),
      currencies: MARKET_CURRENCY,
      shipping: Object.fromEntries(
        Object.entries(shipping).map(([m, rule]) => [
          m,
          { fee_minor: rule.feeMinor, free_from_minor: rule.freeFromMinor },
        ]),
      ),
      pin_max_failures: PIN_MAX_FAILURES,
      pin_lock_ms: PIN_LOCK_MS,
    }
    if (body.payment === 'credits') {
      if (body.webauthn) {
        // Paid with a device: its answer must be to the challenge made for this order and
        // amount; the statement compares that amount with the one it prices.
        const signed = await biometrics.authorisePayment({
          userId,
          key,
          requestHash: hash,
          response: body.webauthn,
        })
        params.authorised_total = signed.amountMinor
        params.authorised_currency = signed.currency
      } else {
        params.pin = await pins.paymentProof(userId, body.pin!, () => checkSession(session))
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await callPlaceOrder(params)
        if ('refused' in answer) throw pins.refusal(answer, now)
        // The key keeps the order's id; the order is answered as it is now.
        if ('replay' in answer) return { status: 200, order: await get(userId, answer.replay) }
        const order = orderAnswer(
          rowOf(answer.order),
          { id: answer.order.branch_id, name: answer.branch_name },
          answer.items.map(itemOf),
        )
        return { status: 201, order }
      } catch (error) {
        if (!(error instanceof StatementRefusal)) throw error
        if (error.code === 'PIN_STALE' && attempt < 3) {
          // The PIN was changed since this process read its salt: read it, hash again.
          pins.forgetSalt(userId)
          params.pin = await pins.paymentProof(userId, body.pin!, () => checkSession(session))
          continue
        }
        if (error.code === 'CREDIT_REFUSED') {
          const { amount_minor, currency } = error.extra as {
            amount_minor: number
            currency: Currency
          }
          const why = await credit.refusal({ userId, currency, amountMinor: amount_minor })
          // The line covers it now (a repayment landed in between): the guard decides again.
          if (why || attempt >= 3) throw why ?? error.toDomainError()
          continue
        }
        throw error.toDomainError()
      }
    }
  }

  return {
    /**
     * docs/product/orders-and-payments.md: POST /orders. The same key with the same body within
     * 24 hours answers the first order and charges nothing again; with another body, 422; while
     * the first is still being placed, 409.
     */
    async place(
      session: Pick<TokenContext, 'userId' | 'sessionId' | 'issuedAt'>,
      key: string,
      body: PlaceOrder,
    ): Promise<{ status: 200 | 201; order: Order }> {
      const { userId } = session
      // docs/product/vouchers.md (terms): never for pay-later payments; in cash, at the counter.
      if (body.voucher_ids && body.voucher_ids.length > 0)
        throw body.payment === 'credits'
          ? new DomainError('VOUCHER_NOT_FOR_CREDIT', 'Vouchers are not valid for credit payments')
          : new DomainError(
              'VOUCHER_AT_COUNTER',
              'Vouchers are redeemed at the branch counter: show your QR code when you collect',
            )
      if (!paymentAllows(body.payment, body.fulfilment))
        throw new DomainError('CASH_NEEDS_PICKUP', 'Cash payment does not allow delivery')
      if (body.payment === 'credits' && !body.pin && !body.webauthn)
        throw new DomainError('PIN_REQUIRED', 'PIN required')
      const hash = orderHash(body)
      // With the PIN or in cash, the order's statement takes the key itself (one round trip).
      if (!body.webauthn) return placeOnce(session, key, body, hash, false)
      // A device's answer is checked (and its challenge used) before the order's statement, so
      // the key is taken first: a second request with it is told the first is being placed.
      await checkSession(session)
      const placed = await takeKey(userId, key, hash)
      if (placed !== null) return { status: 200, order: await get(userId, placed) }
      try {
        return await placeOnce(session, key, body, hash, true)
      } catch (error) {
        // A refused order gives its key back: the customer can fix what was wrong and retry.
        await repo.releaseKey(userId, key)
        throw error
      }
    },

    /**
     * docs/product/orders-and-payments.md: what checkout shows before the customer authorises:
     * the ticked lines priced now, the delivery fee if delivered, and what the credit line lacks.
     */
    async quote(userId: number, fulfilment: Fulfilment): Promise<CheckoutQuote> {
      const { market, place } = await farmerOf(db, userId)
      const currency = MARKET_CURRENCY[market]
      const lines = (await repo.selectedLines(userId, market)).filter(
        (l) => l.unitPriceMinor !== null,
      )
      const subtotalMinor = lines.reduce((n, l) => n + l.count * l.unitPriceMinor!, 0)
      const deliveryMinor = lines.length ? shippingFeeMinor(shipping[market], subtotalMinor) : 0
      const totalMinor = subtotalMinor + (fulfilment === 'delivery' ? deliveryMinor : 0)
      const [line, stock] = await Promise.all([
        credit.currentLine(userId),
        // docs/product/orders-and-payments.md (Stock at pickup): which branches can give it all.
        quoteStock(db, market, place, lines),
      ])
      const money = (amount_minor: number) => ({ amount_minor, currency })
      return {
        ...stock,
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
      const { market, place } = await farmerOf(db, userId)
      const { totalMinor, lines } = await pricedOrder(db, userId, market, body)
      // docs/product/orders-and-payments.md (Stock at pickup): no fingerprint is asked for an
      // order that would be refused for its stock; the refusal names the branch and the lines.
      const refused = await stockRefusal(db, market, place, lines, {
        fulfilment: body.fulfilment,
        branchId: body.branch_id,
      })
      if (refused) throw refused
      return biometrics.paymentOptions(userId, {
        key,
        requestHash: orderHash(body),
        amountMinor: totalMinor,
        currency: MARKET_CURRENCY[market],
      })
    },

    async list(userId: number, status?: OrderStatus): Promise<Order[]> {
      const rows = await repo.ordersOf(userId, status, 50)
      return orderAnswers(db, rows)
    },

    get,
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
