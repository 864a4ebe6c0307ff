import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt, sql } from 'drizzle-orm'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { vouchers } from '@padi/db/schema/vouchers'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

const clock = createTestClock()

describe('the branch counter (docs/product/vouchers.md)', () => {
  let t: TestApp
  let ahmad: string
  let staff: string
  let branchId: number
  let pack: { id: number; price: number }
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' }, { clock })
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    const [s] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
    branchId = s!.staffBranchId!
    const [stocked] = await t.db.db
      .select({ id: productVariations.id, price: productVariations.priceMyMinor })
      .from(branchStock)
      .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
      .where(
        and(
          eq(branchStock.branchId, branchId),
          gt(branchStock.quantity, 20),
          sql`${productVariations.priceMyMinor} > 8000`,
        ),
      )
      .limit(1)
    pack = { id: stocked!.id, price: stocked!.price! }
  })
  afterAll(() => t.close())

  const call = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...headers },
      payload,
    })
  const code = async () => (await call(ahmad, 'GET', '/me/counter-code')).json()
  const myVouchers = async () =>
    (await call(ahmad, 'GET', '/me/vouchers')).json().data as {
      id: number
      serial: string
      status: string
      value: { amount_minor: number }
    }[]
  const buy = (payload: object, key = randomUUID()) =>
    call(staff, 'POST', '/staff/counter/purchases', payload, { 'idempotency-key': key })

  it('shows the counter the customer a code names, and nobody for a forged, typed-wrong or old one', async () => {
    const c = await code()
    expect(c.token).toMatch(/^SM1\./)
    expect(c.digits).toMatch(/^\d{8}$/)
    expect(c.refresh_in_ms).toBe(60_000)
    const seen = await call(staff, 'POST', '/staff/counter/lookup', { token: c.token })
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ full_name: 'Ahmad bin Ismail', mobile: '+60•••••0001' })
    expect(seen.json().vouchers.map((v: { serial: string }) => v.serial)).toEqual([
      'V3-MY-100003',
      'V3-MY-100001',
      'V3-MY-100002',
    ])
    const byDigits = await call(staff, 'POST', '/staff/counter/lookup', { digits: c.digits })
    expect(byDigits.json().id).toBe(seen.json().id)
    const forged = c.token.slice(0, -2) + (c.token.endsWith('AA') ? 'BB' : 'AA')
    for (const body of [{ token: forged }, { token: 'hello' }, { digits: '00000000' }])
      expect((await call(staff, 'POST', '/staff/counter/lookup', body)).json().code).toBe(
        'QR_NOT_FOUND',
      )
    // A customer cannot use the counter.
    expect(
      (await call(ahmad, 'POST', '/staff/counter/lookup', { token: c.token })).statusCode,
    ).toBe(403)
    // A code no clerk has found lives 90 seconds (docs/product/vouchers.md, the customer's
    // visit: a found one serves its clerk longer, counter-vouchers.routes.test.ts).
    const unseen = await code()
    clock.advance(91_000)
    const old = await call(staff, 'POST', '/staff/counter/lookup', { token: unseen.token })
    expect({ status: old.statusCode, code: old.json().code }).toEqual({
      status: 410,
      code: 'QR_EXPIRED',
    })
  })

  it('neither token stands for the other; the code names nobody (security rows 43, 45)', async () => {
    const c = await code()
    // The QR code as a login token, and a login token as the QR code.
    expect((await call(c.token, 'GET', '/me')).statusCode).toBe(401)
    const asCode = await call(staff, 'POST', '/staff/counter/lookup', { token: ahmad })
    // Refused as not a code at all (too long for one) or as no QR data.
    expect(['VALIDATION_FAILED', 'QR_NOT_FOUND']).toContain(asCode.json().code)
    const shortened = await call(staff, 'POST', '/staff/counter/lookup', {
      token: ahmad.slice(0, 150),
    })
    expect(shortened.json().code).toBe('QR_NOT_FOUND')
    // Nothing of the customer in what the QR shows or the digits under it.
    const [me] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000001'))
    const parts = c.token.split('.')
    expect(parts).toHaveLength(3)
    expect(parts[0]).toBe('SM1')
    for (const personal of [me!.mobile.slice(1), me!.fullName, 'Ahmad'])
      expect(c.token).not.toContain(personal)
    expect(me!.mobile.includes(c.digits)).toBe(false)
  })

  it('sells branch stock paid with vouchers in full and cash for the rest, once per key and per code', async () => {
    const before = await myVouchers()
    const active = before.filter((v) => v.status === 'active')
    const [ten, twenty] = [
      active.find((v) => v.serial === 'V3-MY-100003')!,
      active.find((v) => v.serial === 'V3-MY-100001')!,
    ]
    const stockBefore = (
      await t.db.db
        .select({ quantity: branchStock.quantity })
        .from(branchStock)
        .where(and(eq(branchStock.branchId, branchId), eq(branchStock.variationId, pack.id)))
    )[0]!.quantity
    const c = await code()
    const key = randomUUID()
    const body = {
      token: c.token,
      lines: [{ variation_id: pack.id, count: 2 }],
      voucher_ids: [ten.id, twenty.id],
    }
    const sold = await buy(body, key)
    expect(sold.statusCode).toBe(201)
    const total = pack.price * 2
    expect(sold.json()).toMatchObject({
      type: 'in_person',
      branch_id: branchId,
      operator_name: expect.any(String),
      total: { amount_minor: total },
      vouchers: { amount_minor: 3_000 },
      cash: { amount_minor: total - 3_000 },
    })
    expect(sold.json().redeemed).toHaveLength(2)
    // The same key again: the same answer, nothing sold twice.
    const again = await buy(body, key)
    expect(again.json()).toEqual(sold.json())
    const stockAfter = (
      await t.db.db
        .select({ quantity: branchStock.quantity })
        .from(branchStock)
        .where(and(eq(branchStock.branchId, branchId), eq(branchStock.variationId, pack.id)))
    )[0]!.quantity
    expect(stockAfter).toBe(stockBefore - 2)
    // The code served this purchase: it cannot serve another.
    const reuse = await buy({ ...body, voucher_ids: [] })
    expect(reuse.json().code).toBe('QR_USED')
    // The vouchers are redeemed, with where and when; the customer's dashboard lists it.
    const after = await myVouchers()
    expect(after.find((v) => v.id === ten.id)).toMatchObject({ status: 'redeemed' })
    const mine = (await call(ahmad, 'GET', '/me/transactions')).json().data
    expect(mine[0]).toMatchObject({ id: sold.json().id, type: 'in_person' })
    expect(mine[0].redeemed.map((v: { id: number }) => v.id)).toContain(ten.id)
    // The QR page asks only for sales after it opened: this one, then none after it.
    const justBefore = new Date(Date.parse(sold.json().created_at) - 1).toISOString()
    const fresh = (await call(ahmad, 'GET', `/me/transactions?since=${justBefore}`)).json().data
    expect(fresh.map((d: { id: number }) => d.id)).toEqual([sold.json().id])
    const none = await call(ahmad, 'GET', `/me/transactions?since=${sold.json().created_at}`)
    expect(none.json().data).toEqual([])
    expect((await call(ahmad, 'GET', '/me/transactions?since=yesterday')).statusCode).toBe(400)
    const day = (await call(staff, 'GET', '/staff/counter/transactions')).json()
    expect(day.totals.count).toBeGreaterThanOrEqual(1)
    expect(day.data.map((d: { id: number }) => d.id)).toContain(sold.json().id)
  })

  it('refuses vouchers worth more than the purchase, used ones and another customer’s, changing nothing', async () => {
    const active = (await myVouchers()).filter((v) => v.status === 'active')
    const fifty = active.find((v) => v.serial === 'V3-MY-100002')!
    const cheap = await t.db.db
      .select({ id: productVariations.id, price: productVariations.priceMyMinor })
      .from(branchStock)
      .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
      .where(
        and(
          eq(branchStock.branchId, branchId),
          gt(branchStock.quantity, 5),
          sql`${productVariations.priceMyMinor} < 5000`,
        ),
      )
      .limit(1)
    const more = await buy({
      token: (await code()).token,
      lines: [{ variation_id: cheap[0]!.id, count: 1 }],
      voucher_ids: [fifty.id],
    })
    expect(more.json().code).toBe('VOUCHER_EXCEEDS_PURCHASE')
    expect((await myVouchers()).find((v) => v.id === fifty.id)!.status).toBe('active')
    const [thai] = await t.db.db.select().from(vouchers).where(eq(vouchers.serial, 'V3-TH-200001'))
    const [used] = await t.db.db.select().from(vouchers).where(eq(vouchers.serial, 'V3-MY-100005'))
    for (const id of [thai!.id, used!.id]) {
      const res = await buy({
        token: (await code()).token,
        lines: [{ variation_id: pack.id, count: 1 }],
        voucher_ids: [id],
      })
      expect(res.json()).toMatchObject({ code: 'VOUCHER_UNAVAILABLE', voucher_ids: [id] })
    }
  })

  it('never takes a voucher for a credit payment, nor online', async () => {
    const [v] = (await myVouchers()).filter((x) => x.status === 'active')
    for (const payment of ['credits', 'cash'] as const) {
      const res = await call(
        ahmad,
        'POST',
        '/orders',
        {
          fulfilment: 'pickup',
          payment,
          branch_id: branchId,
          pin: '123456',
          lines: [{ variation_id: pack.id, count: 1 }],
          voucher_ids: [v!.id],
        },
        { 'idempotency-key': randomUUID() },
      )
      expect(res.json().code).toBe(
        payment === 'credits' ? 'VOUCHER_NOT_FOR_CREDIT' : 'VOUCHER_AT_COUNTER',
      )
    }
  })
})
