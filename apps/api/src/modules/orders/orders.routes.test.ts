import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { branches } from '@padi/db/schema/branches'
import { branchStock } from '@padi/db/schema/catalogue'
import { creditLines, paymentPins } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { orderNumber } from '@padi/domain/orders/order-rules'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { packsAtOneBranch } from '../../../test/order-fixtures.ts'
import { createCreditRepository } from '../credit/credit.repository.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

let t: TestApp
let ahmad: string
let siti: string
let branchId: number
/** Packs sold in Malaysia with at least 5 at one branch, and that branch. */
let packs: { id: number; priceMy: number }[]

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
  ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  siti = (await loginTokens(t.app, '+60120000002')).access_token
  ;({ branchId, packs } = await packsAtOneBranch(t.db.db, 5))
})
afterAll(async () => t.close())

let keys = 0
const newKey = () => `test-key-${Date.now()}-${keys++}`
const put = (token: string, id: number, count: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/me/cart/lines/${id}`,
    headers: bearer(token),
    payload: { count },
  })
const order = (token: string, payload: Record<string, unknown>, key = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  })
const available = async () =>
  (await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(ahmad) })).json().data[0]
    .available_credits.amount_minor as number
const stockOf = async (variationId: number) =>
  (
    await t.db.db
      .select({ q: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.branchId, branchId), eq(branchStock.variationId, variationId)))
  )[0]!.q

describe('placing an order (docs/product/orders-and-payments.md)', () => {
  it('buys on credit with the PIN: stock taken, line charged, ledger written, cart emptied', async () => {
    const [a, b] = packs
    await put(ahmad, a!.id, 2)
    await put(ahmad, b!.id, 1)
    const before = { credit: await available(), a: await stockOf(a!.id) }
    const res = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branchId,
      pin: '390571',
      // A client's own totals are not read.
      total: 1,
    })
    expect(res.statusCode).toBe(201)
    const placed = res.json()
    const total = 2 * a!.priceMy + b!.priceMy
    expect(placed).toMatchObject({
      status: 'paid',
      fulfilment: 'pickup',
      payment: 'credits',
      total: { amount_minor: total, currency: 'MYR' },
      shipping_fee: { amount_minor: 0 },
      total_quantity: 3,
      branch: { id: branchId },
    })
    expect(placed.number).toMatch(/^SM\d{6}-\d{6}$/)
    // Written by the table's trigger, by the rule in the domain.
    expect(placed.number).toBe(
      orderNumber(placed.id, new Date(placed.created_at), placed.total.currency),
    )
    expect(await available()).toBe(before.credit - total)
    expect(await stockOf(a!.id)).toBe(before.a - 2)
    expect(
      (await t.app.inject({ url: '/api/v1/me/cart', headers: bearer(ahmad) })).json().lines,
    ).toEqual([])
    const history = await t.app.inject({
      url: '/api/v1/me/orders?status=paid',
      headers: bearer(ahmad),
    })
    expect(history.json().data[0]).toEqual(placed)
    const one = await t.app.inject({
      url: `/api/v1/me/orders/${placed.id}`,
      headers: bearer(ahmad),
    })
    expect(one.json()).toEqual(placed)
    // Nobody else reads it.
    expect(
      (await t.app.inject({ url: `/api/v1/me/orders/${placed.id}`, headers: bearer(siti) }))
        .statusCode,
    ).toBe(404)
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    expect((await createCreditRepository(t.db.db).ledgerSums(line!.id)).principalMinor).toBe(
      line!.utilisedMinor,
    )
  })

  it('a cash order with pickup is unpaid; cash with delivery is refused; a wrong PIN changes nothing', async () => {
    const [a] = packs
    await put(siti, a!.id, 1)
    const delivery = await order(siti, { fulfilment: 'delivery', payment: 'cash', address_id: 1 })
    expect(delivery.statusCode).toBe(400)
    expect(delivery.json().code).toBe('CASH_NEEDS_PICKUP')
    const cash = await order(siti, { fulfilment: 'pickup', payment: 'cash', branch_id: branchId })
    expect(cash.statusCode).toBe(201)
    expect(cash.json()).toMatchObject({ status: 'unpaid', payment: 'cash', paid_at: null })

    await put(ahmad, a!.id, 1)
    const before = await available()
    const wrong = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branchId,
      pin: '111112',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().code).toBe('PIN_INVALID')
    expect(await available()).toBe(before)
    const none = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branchId,
    })
    expect(none.json().code).toBe('PIN_REQUIRED')
    // A branch of another country is not one to collect from: refused, nothing taken.
    const [thai] = await t.db.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.market, 'TH'))
      .limit(1)
    const abroad = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'cash',
      branch_id: thai!.id,
    })
    expect(abroad.statusCode).toBe(400)
    expect(fieldErrorKeys(abroad.json().errors)).toEqual([
      { field: 'branch_id', message: 'validation.branchRequired' },
    ])
    // The PIN's count of wrong tries goes back to zero with the right one.
    const right = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branchId,
      pin: '390571',
    })
    expect(right.statusCode).toBe(201)
  })

  it('says how much more credit an order needs, in the line’s currency', async () => {
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    const [a] = packs
    await put(ahmad, a!.id, 1)
    const have = await available()
    // Leave the line RM0.10 short of this order.
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    await t.db.db
      .update(creditLines)
      .set({ approvedMinor: line!.approvedMinor - have + a!.priceMy - 10 })
      .where(eq(creditLines.id, line!.id))
    const res = await order(ahmad, {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branchId,
      pin: '390571',
    })
    // Checkout says the same before the PIN is asked for.
    const quote = await t.app.inject({
      url: '/api/v1/me/checkout?fulfilment=pickup',
      headers: bearer(ahmad),
    })
    expect(quote.json()).toMatchObject({
      currency: 'MYR',
      line_count: 1,
      total_quantity: 1,
      subtotal: { amount_minor: a!.priceMy },
      shipping_fee: { amount_minor: 0 },
      total: { amount_minor: a!.priceMy },
      credit: { spendable: true, shortfall: { amount_minor: 10, currency: 'MYR' } },
    })
    const delivered = (
      await t.app.inject({ url: '/api/v1/me/checkout?fulfilment=delivery', headers: bearer(ahmad) })
    ).json()
    const fee = delivered.delivery_fee.amount_minor as number
    expect(delivered.shipping_fee.amount_minor).toBe(fee)
    expect(delivered.total.amount_minor).toBe(a!.priceMy + fee)
    expect(delivered.credit.shortfall.amount_minor).toBe(10 + fee)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'CREDIT_INSUFFICIENT',
      message: 'Insufficient credit balance',
      shortfall: { amount_minor: 10, currency: 'MYR' },
      detail: 'You need an additional RM0.10 to complete this payment',
    })
    await t.db.db
      .update(creditLines)
      .set({ approvedMinor: line!.approvedMinor })
      .where(eq(creditLines.id, line!.id))
    await put(ahmad, a!.id, 0)
  })

  it('answers the same key and body with the first order, another body with 422, and never charges twice', async () => {
    const [a] = packs
    await put(ahmad, a!.id, 1)
    const key = newKey()
    const body = { fulfilment: 'pickup', payment: 'credits', branch_id: branchId, pin: '390571' }
    const before = await available()
    const results = await Promise.all(Array.from({ length: 50 }, () => order(ahmad, body, key)))
    const created = results.filter((r) => r.statusCode === 201)
    expect(created).toHaveLength(1)
    for (const r of results) expect([200, 201, 409]).toContain(r.statusCode)
    const again = await order(ahmad, body, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(created[0]!.json().id)
    expect(await available()).toBe(before - a!.priceMy)
    const other = await order(ahmad, { ...body, remarks: 'another order' }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH')
    // Keys belong to their customer: another's same key is a new request of her own (row 39),
    // here refused because she has no PIN, and never answered with Ahmad's order.
    const borrowed = await order(siti, body, key)
    expect(borrowed.json().code).toBe('PIN_NOT_SET')
    expect(JSON.stringify(borrowed.json())).not.toContain(String(created[0]!.json().number))
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(ahmad),
      payload: body,
    })
    expect(missing.statusCode).toBe(400)
  })
})

describe.skipIf(!process.env.DATABASE_URL)('orders under concurrency (PostgreSQL)', () => {
  it('a wrong PIN tapped twice with one key costs one try; the right PIN then places it with that key', async () => {
    const [a] = packs
    const key = newKey()
    const body = { fulfilment: 'pickup', payment: 'credits', branch_id: branchId, pin: '111113' }
    await put(ahmad, a!.id, 1)
    const taps = await Promise.all([order(ahmad, body, key), order(ahmad, body, key)])
    for (const tap of taps) {
      expect(tap.statusCode).toBe(403)
      expect(tap.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 4 })
    }
    // Another try (another PIN) with the same key is judged and counted.
    const second = await order(ahmad, { ...body, pin: '111114' }, key)
    expect(second.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 3 })
    const right = await order(ahmad, { ...body, pin: '390571' }, key)
    expect(right.statusCode).toBe(201)
    const again = await order(ahmad, { ...body, pin: '390571' }, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(right.json().id)
  })

  it('a PIN changed since the last payment is the one asked for, even when another process changed it', async () => {
    const [a] = packs
    const pay = (pin: string) =>
      order(ahmad, {
        fulfilment: 'pickup',
        payment: 'credits',
        branch_id: branchId,
        pin,
        lines: [{ variation_id: a!.id, count: 1 }],
      })
    const change = (pin: string, current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/pin',
        headers: bearer(ahmad),
        payload: { pin, confirm_pin: pin, current_pin: current },
      })
    const [me] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000001'))
    const storedHash = async () =>
      (await t.db.db.select().from(paymentPins).where(eq(paymentPins.userId, me!.id)))[0]!.pinHash
    expect((await pay('390571')).statusCode).toBe(201)
    const first = await storedHash()
    expect((await change('274915', '390571')).statusCode).toBe(200)
    expect((await pay('390571')).json().code).toBe('PIN_INVALID')
    expect((await pay('274915')).statusCode).toBe(201)
    // Another API process sets it back: this one still holds the new PIN's salt, and must ask
    // the database again rather than call the right PIN wrong.
    await t.db.db.update(paymentPins).set({ pinHash: first }).where(eq(paymentPins.userId, me!.id))
    expect((await pay('390571')).statusCode).toBe(201)
    expect((await pay('274915')).json().code).toBe('PIN_INVALID')
    expect((await pay('390571')).statusCode).toBe(201)
  })

  it('never sells more than the branch has', async () => {
    const pack = packs.at(-1)!
    await t.db.db
      .update(branchStock)
      .set({ quantity: 3 })
      .where(and(eq(branchStock.branchId, branchId), eq(branchStock.variationId, pack.id)))
    // Ten customers at once want the last 3: each has 1 in the cart.
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const mobile = `+6011900000${i}`
        const signup = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: {
            mobile,
            password: 'padi2026',
            full_name: `Buyer ${i}`,
            postcode: '06000',
            area: 'Jitra',
            district: 'Kubang Pasu',
            preferred_branch: branchId,
          },
          remoteAddress: `10.9.0.${i}`,
        })
        expect(signup.statusCode).toBe(201)
        const s = signup.json()
        const sms = await t.app.inject({ url: `/api/v1/dev/sms?to=${encodeURIComponent(mobile)}` })
        const code = /\b(\d{6})\b/.exec(sms.json().data?.[0]?.body ?? '')?.[1]
        if (!code) return null
        const verified = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/otp/verify',
          payload: {
            preAuthSessionId: s.preAuthSessionId,
            deviceId: s.deviceId,
            userInputCode: code,
          },
        })
        return verified.json().access_token as string
      }),
    )
    const tokens = buyers.filter((b): b is string => Boolean(b))
    expect(tokens.length).toBeGreaterThan(3)
    for (const token of tokens) expect((await put(token, pack.id, 1)).statusCode).toBe(200)
    const results = await Promise.all(
      tokens.map((token) =>
        order(token, { fulfilment: 'pickup', payment: 'cash', branch_id: branchId }),
      ),
    )
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3)
    for (const r of results.filter((r) => r.statusCode !== 201))
      expect(r.json().code).toBe('OUT_OF_STOCK')
    expect(await stockOf(pack.id)).toBe(0)
  })
})
