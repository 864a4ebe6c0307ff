import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Market } from '@padi/domain/markets'
import { startOfMarketDay } from '@padi/domain/dates'
import { branches } from '@padi/db/schema/branches'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { orders } from '@padi/db/schema/orders'
import { counterCodes, counterTransactions, vouchers } from '@padi/db/schema/vouchers'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { addStaff } from '../../../test/staff-fixtures.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createCounterCodes } from './counter-codes.ts'

// docs/product/vouchers.md (validity; a voucher at a counter of another market; the sale; the
// customer's visit): what the counter takes and when, on the database the API runs on.

const MINUTE = 60_000
const clock = createTestClock(new Date('2027-06-30T02:00:00Z'))

describe('vouchers at the branch counter (docs/product/vouchers.md)', () => {
  let t: TestApp
  const staff: Record<Market, { token: string; id: number; branchId: number }> = {} as never
  const customer: Record<Market, { id: number; mobile: string }> = {} as never
  let codes: ReturnType<typeof createCounterCodes>

  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000', ACCESS_TOKEN_TTL_SECONDS: '3600' },
      { clock },
    )
    codes = createCounterCodes({ db: t.db.db, secret: t.config.jwtSecret })
    const [seeded] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
    const [thai] = await t.db.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.market, 'TH'))
      .limit(1)
    await addStaff(t.db.db, '+60120000097', thai!.id)
    for (const [market, mobile] of [
      ['MY', '+60120000001'],
      ['TH', '+66800000001'],
    ] as const) {
      const [u] = await t.db.db.select().from(users).where(eq(users.mobile, mobile))
      customer[market] = { id: u!.id, mobile }
    }
    staff.MY = { token: '', id: seeded!.id, branchId: seeded!.staffBranchId! }
    const [thaiStaff] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000097'))
    staff.TH = { token: '', id: thaiStaff!.id, branchId: thai!.id }
  })
  afterAll(() => t.close())

  /** Logged in at the clock's present, so the tokens are good wherever the clock stands. */
  async function login() {
    staff.MY.token = (await loginTokens(t.app, '+60120000003')).access_token
    staff.TH.token = (await loginTokens(t.app, '+60120000097')).access_token
  }

  const post = (token: string, url: string, payload: object, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...headers },
      payload,
    })
  const buy = (market: Market, payload: object) =>
    post(staff[market].token, '/staff/counter/purchases', payload, {
      'idempotency-key': randomUUID(),
    })
  /** A code on the customer's phone right now, as the QR page shows it. */
  const codeOf = (market: Market) => codes.issue(customer[market].id, clock.now())

  /** A pack on the branch's shelf, sold in its market, worth more than `above` (minor units). */
  async function packAt(market: Market, above: number) {
    const price = market === 'MY' ? productVariations.priceMyMinor : productVariations.priceThMinor
    const [row] = await t.db.db
      .select({ id: productVariations.id, price, quantity: branchStock.quantity })
      .from(branchStock)
      .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
      .where(
        and(
          eq(branchStock.branchId, staff[market].branchId),
          gt(branchStock.quantity, 5),
          isNotNull(price),
          sql`${price} > ${above}`,
        ),
      )
      .orderBy(price)
      .limit(1)
    return { id: row!.id, price: row!.price! }
  }
  const stockOf = async (market: Market, variationId: number) =>
    (
      await t.db.db
        .select({ quantity: branchStock.quantity })
        .from(branchStock)
        .where(
          and(
            eq(branchStock.branchId, staff[market].branchId),
            eq(branchStock.variationId, variationId),
          ),
        )
    )[0]!.quantity
  /** A fresh voucher of the customer, valid through `expiresOn` in their market. */
  async function voucherOf(market: Market, expiresOn: string, valueMinor = 1_000) {
    const [v] = await t.db.db
      .insert(vouchers)
      .values({
        serial: `T-${market}-${randomUUID().slice(0, 8)}`,
        userId: customer[market].id,
        market,
        currency: market === 'MY' ? 'MYR' : 'THB',
        valueMinor,
        expiresOn,
      })
      .returning()
    return v!
  }

  for (const [market, lastMoment, lateMoment] of [
    // 23:59:59 on 30 June in Kuala Lumpur (UTC+8); 00:00 on 1 July there.
    ['MY', '2027-06-30T15:59:59Z', '2027-06-30T16:00:00Z'],
    // 23:30 on 30 June in Bangkok (UTC+7), when it is already 1 July in Kuala Lumpur; then 00:00.
    ['TH', '2027-06-30T16:30:00Z', '2027-06-30T17:00:00Z'],
  ] as const) {
    it(`takes a ${market} voucher through the whole of its printed day, in ${market}'s time, and not the day after`, async () => {
      // The voucher says 'Valid until 30-06-2027'. It used to be kept as the first moment of that
      // day and refused from then: the farmer who came on the last day was turned away.
      clock.set(startOfMarketDay('2027-06-30', market))
      await login()
      const lastDay = await voucherOf(market, '2027-06-30')
      const dayAfter = await voucherOf(market, '2027-06-30')
      const pack = await packAt(market, 1_000)
      // On the morning of the printed day, and at its last moment: offered and taken.
      const morning = await post(staff[market].token, '/staff/counter/lookup', {
        token: (await codeOf(market)).token,
      })
      expect(morning.json().vouchers.map((v: { id: number }) => v.id)).toContain(lastDay.id)
      clock.set(new Date(lastMoment))
      await login()
      const seen = await post(staff[market].token, '/staff/counter/lookup', {
        token: (await codeOf(market)).token,
      })
      expect(seen.json().vouchers.map((v: { id: number }) => v.id)).toEqual(
        expect.arrayContaining([lastDay.id, dayAfter.id]),
      )
      const sold = await buy(market, {
        token: (await codeOf(market)).token,
        lines: [{ variation_id: pack.id, count: 1 }],
        voucher_ids: [lastDay.id],
      })
      expect(sold.statusCode).toBe(201)
      expect(sold.json()).toMatchObject({
        vouchers: { amount_minor: 1_000 },
        cash: { amount_minor: pack.price - 1_000 },
        redeemed: [{ id: lastDay.id, expires_on: '2027-06-30', status: 'redeemed' }],
      })
      // The next day in that market: expired, not offered, refused.
      clock.set(new Date(lateMoment))
      await login()
      const next = await post(staff[market].token, '/staff/counter/lookup', {
        token: (await codeOf(market)).token,
      })
      expect(next.json().vouchers.map((v: { id: number }) => v.id)).not.toContain(dayAfter.id)
      const before = await stockOf(market, pack.id)
      const late = await buy(market, {
        token: (await codeOf(market)).token,
        lines: [{ variation_id: pack.id, count: 1 }],
        voucher_ids: [dayAfter.id],
      })
      expect({ status: late.statusCode, body: late.json() }).toMatchObject({
        status: 409,
        body: { code: 'VOUCHER_UNAVAILABLE', voucher_ids: [dayAfter.id] },
      })
      expect(await stockOf(market, pack.id)).toBe(before)
      const mine = await t.db.db.select().from(vouchers).where(eq(vouchers.id, dayAfter.id))
      expect(mine[0]!.state).toBe('active')
      // The customer's own list says expired, with the day as printed.
      const own = await t.app.inject({
        url: '/api/v1/me/vouchers',
        headers: bearer((await loginTokens(t.app, customer[market].mobile)).access_token),
      })
      expect(own.json().data.find((v: { id: number }) => v.id === dayAfter.id)).toMatchObject({
        status: 'expired',
        expires_on: '2027-06-30',
      })
    })
  }

  it('offers a Thai customer at a Malaysian counter none of their baht vouchers, says why, and refuses one with its own code', async () => {
    clock.set(new Date('2027-01-15T03:00:00Z'))
    await login()
    const baht = await voucherOf('TH', '2027-12-31', 10_000)
    const c = await codeOf('TH')
    const seen = await post(staff.MY.token, '/staff/counter/lookup', { token: c.token })
    expect(seen.statusCode).toBe(200)
    // Nothing offered to tick beside ringgit prices; each baht voucher listed with its reason.
    expect(seen.json().vouchers).toEqual([])
    const unusable = seen.json().unusable_vouchers as { id: number; reason: string }[]
    expect(unusable.find((v) => v.id === baht.id)).toMatchObject({
      reason: 'other_market',
      value: { amount_minor: 10_000, currency: 'THB' },
    })
    expect(unusable.every((v) => v.reason === 'other_market')).toBe(true)
    // Named anyway (an old page, another client): refused as of another market, nothing taken.
    const pack = await packAt('MY', 10_000)
    const before = await stockOf('MY', pack.id)
    const res = await buy('MY', {
      token: c.token,
      lines: [{ variation_id: pack.id, count: 1 }],
      voucher_ids: [baht.id],
    })
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({
      status: 422,
      body: { code: 'VOUCHER_OTHER_MARKET', voucher_ids: [baht.id] },
    })
    expect(await stockOf('MY', pack.id)).toBe(before)
    const [still] = await t.db.db.select().from(vouchers).where(eq(vouchers.id, baht.id))
    expect(still!.state).toBe('active')
    // At a Thai counter the same voucher is offered and taken.
    const there = await post(staff.TH.token, '/staff/counter/lookup', {
      token: (await codeOf('TH')).token,
    })
    expect(there.json().vouchers.map((v: { id: number }) => v.id)).toContain(baht.id)
    expect(there.json().unusable_vouchers).toEqual([])
    // Another customer's voucher stays 'unavailable' whatever its market: nothing tells of it.
    const ringgit = await voucherOf('MY', '2027-12-31')
    const other = await buy('TH', {
      token: (await codeOf('TH')).token,
      lines: [{ variation_id: (await packAt('TH', 1_000)).id, count: 1 }],
      voucher_ids: [ringgit.id],
    })
    expect(other.json()).toMatchObject({ code: 'VOUCHER_UNAVAILABLE', voucher_ids: [ringgit.id] })
  })

  it('works out the total, the vouchers and the cash itself, and sells nothing when the clerk was shown another figure', async () => {
    clock.set(new Date('2027-02-01T03:00:00Z'))
    await login()
    const pack = await packAt('MY', 2_000)
    const v = await voucherOf('MY', '2027-12-31', 2_000)
    const c = await codeOf('MY')
    const cash = pack.price * 3 - 2_000
    const before = await stockOf('MY', pack.id)
    const sale = {
      token: c.token,
      lines: [{ variation_id: pack.id, count: 3 }],
      voucher_ids: [v.id],
      // What a client might try: its own figures. Not part of the sale: never read.
      total: { amount_minor: 1 },
      cash: { amount_minor: 0 },
    }
    const wrong = await buy('MY', { ...sale, expected_cash_minor: cash - 100 })
    expect({ status: wrong.statusCode, body: wrong.json() }).toMatchObject({
      status: 409,
      body: {
        code: 'COUNTER_CASH_CHANGED',
        total: { amount_minor: pack.price * 3, currency: 'MYR' },
        vouchers: { amount_minor: 2_000, currency: 'MYR' },
        cash: { amount_minor: cash, currency: 'MYR' },
      },
    })
    // Nothing sold: the stock, the voucher and the code as they were.
    expect(await stockOf('MY', pack.id)).toBe(before)
    const [voucherAfter] = await t.db.db.select().from(vouchers).where(eq(vouchers.id, v.id))
    expect(voucherAfter!.state).toBe('active')
    const [codeAfter] = await t.db.db
      .select()
      .from(counterCodes)
      .where(eq(counterCodes.digits, c.digits))
    expect(codeAfter!.usedAt).toBeNull()
    // With the figure the server gave, the same code sells, at the server's figures.
    const done = await buy('MY', { ...sale, expected_cash_minor: cash })
    expect(done.statusCode).toBe(201)
    expect(done.json()).toMatchObject({
      total: { amount_minor: pack.price * 3 },
      vouchers: { amount_minor: 2_000 },
      cash: { amount_minor: cash },
    })
    const [row] = await t.db.db
      .select()
      .from(counterTransactions)
      .where(eq(counterTransactions.id, done.json().id))
    expect(row).toMatchObject({ totalMinor: pack.price * 3, vouchersMinor: 2_000, cashMinor: cash })
    expect(await stockOf('MY', pack.id)).toBe(before - 3)
  })

  it('keeps the customer open for the clerk after the sale, for hand-overs, until closed or 15 minutes', async () => {
    clock.set(new Date('2027-03-01T03:00:00Z'))
    await login()
    const other = await addStaff(t.db.db, '+60120000096', staff.MY.branchId)
    expect(other).toBeGreaterThan(0)
    const colleague = (await loginTokens(t.app, '+60120000096')).access_token
    const pack = await packAt('MY', 0)
    // An order placed online to collect and pay in cash here.
    const [pickup] = await t.db.db
      .insert(orders)
      .values({
        number: 'SM270301-990001',
        userId: customer.MY.id,
        status: 'unpaid',
        fulfilment: 'pickup',
        payment: 'cash',
        branchId: staff.MY.branchId,
        currency: 'MYR',
        subtotalMinor: 3_500,
        totalMinor: 3_500,
        totalQuantity: 1,
        createdAt: clock.now(),
      })
      .returning({ id: orders.id })
    const c = await codeOf('MY')
    const first = await post(staff.MY.token, '/staff/counter/lookup', { digits: c.digits })
    expect(first.json().visit).toMatchObject({
      sold: false,
      ends_at: new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
    })
    // The code is this clerk's now: a colleague cannot use it as well.
    const theirs = await post(colleague, '/staff/counter/lookup', { digits: c.digits })
    expect(theirs.json().code).toBe('QR_USED')
    // Past the code's own 90 seconds, the clerk still sells with it.
    clock.advance(3 * MINUTE)
    const sold = await buy('MY', { digits: c.digits, lines: [{ variation_id: pack.id, count: 1 }] })
    expect(sold.statusCode).toBe(201)
    // After the sale: still the customer, marked sold, for the hand-over; no second sale.
    const after = await post(staff.MY.token, '/staff/counter/lookup', { digits: c.digits })
    expect(after.statusCode).toBe(200)
    expect(after.json()).toMatchObject({ id: customer.MY.id, visit: { sold: true } })
    expect(after.json().orders.map((o: { id: number }) => o.id)).toContain(pickup!.id)
    const again = await buy('MY', {
      digits: c.digits,
      lines: [{ variation_id: pack.id, count: 1 }],
    })
    expect(again.json().code).toBe('QR_USED')
    // The pickup order handed over with the same code, after its sale: paid in cash, completed.
    const handed = await post(staff.MY.token, `/staff/counter/orders/${pickup!.id}/hand-over`, {
      digits: c.digits,
    })
    expect(handed.statusCode).toBe(200)
    expect(handed.json()).toMatchObject({ type: 'online', cash: { amount_minor: 3_500 } })
    const [completed] = await t.db.db.select().from(orders).where(eq(orders.id, pickup!.id))
    expect(completed!.status).toBe('completed')
    // 15 minutes after it was found, the visit is over.
    clock.advance(12 * MINUTE + 1)
    const over = await post(staff.MY.token, '/staff/counter/lookup', { digits: c.digits })
    expect({ status: over.statusCode, code: over.json().code }).toEqual({
      status: 410,
      code: 'QR_EXPIRED',
    })
    // Closed by the clerk: at once.
    const d = await codeOf('MY')
    expect(
      (await post(staff.MY.token, '/staff/counter/lookup', { token: d.token })).statusCode,
    ).toBe(200)
    const closed = await post(staff.MY.token, '/staff/counter/close', { token: d.token })
    expect(closed.statusCode).toBe(204)
    expect(
      (await post(staff.MY.token, '/staff/counter/lookup', { token: d.token })).json().code,
    ).toBe('QR_EXPIRED')
    // Closing a code one does not hold changes nothing and says nothing.
    const e = await codeOf('MY')
    expect((await post(colleague, '/staff/counter/close', { token: e.token })).statusCode).toBe(204)
    expect(
      (await post(staff.MY.token, '/staff/counter/lookup', { token: e.token })).statusCode,
    ).toBe(200)
  })
})
