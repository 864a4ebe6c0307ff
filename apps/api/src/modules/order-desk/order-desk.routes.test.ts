import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, ne } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { packsAtOneBranch } from '../../../test/order-fixtures.ts'

let t: TestApp
const tokens: Record<'ahmad' | 'staff' | 'finance' | 'admin', string> = {
  ahmad: '',
  staff: '',
  finance: '',
  admin: '',
}
let branchId: number
let delivery: { id: number; number: string; branch: { id: number } }
let pickup: { id: number }

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...bearer(token),
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(payload ? { payload } : {}),
  })

/** One credit order of one pack by Ahmad, with his demo PIN. */
async function buy(extra: Record<string, unknown>, variationId: number) {
  await call(tokens.ahmad, 'PUT', `/me/cart/lines/${variationId}`, { count: 1 })
  const res = await call(tokens.ahmad, 'POST', '/orders', {
    payment: 'credits',
    pin: '390571',
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; number: string; branch: { id: number } }
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
  tokens.ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  tokens.staff = (await loginTokens(t.app, '+60120000003')).access_token
  tokens.finance = (await loginTokens(t.app, '+60120000004')).access_token
  tokens.admin = (await loginTokens(t.app, '+60120000005')).access_token
  const stocked = await packsAtOneBranch(t.db.db, 5)
  branchId = stocked.branchId
  const address = await call(tokens.ahmad, 'POST', '/me/addresses', {
    name: 'Rumah',
    address: 'Lot 12, Jalan Bendang',
    city: 'Sekinchan',
    state: 'MY-10',
    postcode: '45400',
  })
  delivery = await buy(
    { fulfilment: 'delivery', address_id: address.json().id, branch_id: branchId },
    stocked.packs[0]!.id,
  )
  pickup = await buy({ fulfilment: 'pickup', branch_id: branchId }, stocked.packs[1]!.id)
})
afterAll(() => t.close())

describe('the back office’s orders (docs/product/back-office.md)', () => {
  it('customers cannot read it; finance reads but cannot ship; staff see their own branch only', async () => {
    expect((await call(tokens.ahmad, 'GET', '/admin/orders')).statusCode).toBe(403)
    expect((await call(tokens.ahmad, 'GET', `/admin/orders/${delivery.id}`)).statusCode).toBe(403)
    expect((await call('forged.token.here', 'GET', '/admin/orders')).statusCode).toBe(401)

    const seen = (await call(tokens.finance, 'GET', `/admin/orders/${delivery.id}`)).json()
    expect(seen).toMatchObject({
      id: delivery.id,
      customer: { full_name: 'Ahmad bin Ismail', mobile: '+60120000001' },
      can_ship: true,
      can_complete: false,
    })
    const finance = await call(tokens.finance, 'POST', `/admin/orders/${delivery.id}/shipment`, {
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP123',
    })
    expect(finance.statusCode).toBe(403)

    // The staff member works at another branch than the order's.
    const [other] = await t.db.db
      .select()
      .from(branches)
      .where(ne(branches.id, delivery.branch.id))
      .limit(1)
    await t.db.db
      .update(users)
      .set({ staffBranchId: other!.id })
      .where(eq(users.mobile, '+60120000003'))
    expect((await call(tokens.staff, 'GET', `/admin/orders/${delivery.id}`)).statusCode).toBe(404)
    const theirs = (await call(tokens.staff, 'GET', '/admin/orders')).json()
    expect(theirs.data.every((o: { branch: { id: number } }) => o.branch.id === other!.id)).toBe(
      true,
    )
    expect(
      (await call(tokens.staff, 'GET', `/admin/orders?branch_id=${branchId}`)).statusCode,
    ).toBe(403)
    const ship = await call(tokens.staff, 'POST', `/admin/orders/${delivery.id}/shipment`, {
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP123',
    })
    expect(ship.statusCode).toBe(403)
  })

  it('filters by status, payment, fulfilment, branch, day and number, a page at a time', async () => {
    const ids = async (query: string) =>
      (
        (await call(tokens.admin, 'GET', `/admin/orders?${query}`)).json().data as { id: number }[]
      ).map((o) => o.id)
    expect(await ids('fulfilment=delivery')).toContain(delivery.id)
    expect(await ids('fulfilment=delivery')).not.toContain(pickup.id)
    expect(await ids('payment=cash')).not.toContain(delivery.id)
    expect(await ids('status=paid')).toEqual(expect.arrayContaining([delivery.id, pickup.id]))
    expect(await ids(`branch_id=${branchId}`)).toContain(pickup.id)
    expect(await ids(`branch_id=${delivery.branch.id}`)).toContain(delivery.id)
    expect(await ids(`q=${delivery.number}`)).toEqual([delivery.id])
    // Today in Malaysia holds them; a day long past holds none of them.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
      new Date(),
    )
    expect(await ids(`from=${today}&to=${today}`)).toEqual(
      expect.arrayContaining([delivery.id, pickup.id]),
    )
    expect(await ids('from=2020-01-01&to=2020-01-02')).toEqual([])

    // One a page: the pages do not overlap and end.
    const first = (await call(tokens.admin, 'GET', '/admin/orders?limit=1')).json()
    expect(first.data).toHaveLength(1)
    const second = (
      await call(tokens.admin, 'GET', `/admin/orders?limit=1&cursor=${first.next_cursor}`)
    ).json()
    expect(second.data[0].id).not.toBe(first.data[0].id)

    // Forged or broken input is refused, not guessed at.
    for (const bad of [
      'cursor=bm90LWpzb24',
      `cursor=${Buffer.from('["x", 1]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-01-01T00:00:00Z", -4]').toString('base64url')}`,
      'status=lost',
      'from=2026-13-45',
      'limit=1000',
      "q=' or 1=1 --",
    ]) {
      const res = await call(tokens.admin, 'GET', `/admin/orders?${bad}`)
      if (bad.startsWith('q=')) expect(res.json().data).toEqual([])
      else expect(res.statusCode, bad).toBe(400)
    }
  })

  it('tells staff asking for another branch why, with its own code', async () => {
    const [other] = await t.db.db.select().from(branches).where(ne(branches.id, branchId)).limit(1)
    await t.db.db
      .update(users)
      .set({ staffBranchId: other!.id })
      .where(eq(users.mobile, '+60120000003'))
    const res = await call(tokens.staff, 'GET', `/admin/orders?branch_id=${branchId}`)
    expect(res.statusCode).toBe(403)
    // Not the suspended account's 403: the web must not log the clerk out.
    expect(res.json()).toMatchObject({ code: 'BRANCH_NOT_YOURS', branch_id: other!.id })
    expect(res.json().message).not.toMatch(/suspended/i)
    // Their own branch, asked for by number, is theirs.
    expect(
      (await call(tokens.staff, 'GET', `/admin/orders?branch_id=${other!.id}`)).statusCode,
    ).toBe(200)
  })

  it('refuses forged page markers with their own code, never a 5xx, and never widens the filters', async () => {
    const marker = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
    const forged = [
      'bm90LWpzb24',
      marker('{"at":"2026-01-01T00:00:00.000Z","id":1}'),
      marker(['2026-01-01T00:00:00.000Z']),
      marker(['2026-01-01T00:00:00.000Z', 1, 2]),
      marker([1, 2]),
      marker(['-271821-04-20T00:00:00.000Z', 1]),
      marker(['+275760-09-13T00:00:00.000Z', 1]),
      marker(['0000-01-01T00:00:00.000Z', 1]),
      marker(['1969-12-31T23:59:59.999Z', 1]),
      marker(['2026-02-30T00:00:00.000Z', 1]),
      marker(['2026-01-01', 1]),
      marker(['2026-01-01T00:00:00Z', 1]),
      marker(['Tue, 01 Dec 2026 00:00:00 GMT', 1]),
      marker(['2026-01-01T00:00:00.000Z', 0]),
      marker(['2026-01-01T00:00:00.000Z', 2_147_483_648]),
      marker(['2026-01-01T00:00:00.000Z', 1.5]),
      marker(['2026-01-01T00:00:00.000Z', '7']),
      marker('null'),
    ]
    for (const cursor of forged) {
      const res = await call(
        tokens.admin,
        'GET',
        `/admin/orders?fulfilment=pickup&branch_id=${branchId}&cursor=${cursor}`,
      )
      expect({ cursor, status: res.statusCode, code: res.json().code }).toEqual({
        cursor,
        status: 400,
        code: 'CURSOR_INVALID',
      })
    }
    // A marker of the right shape from nowhere (the far future) reads the list from there, with
    // the filters as asked: it cannot take the query anywhere else.
    const far = await call(
      tokens.admin,
      'GET',
      `/admin/orders?fulfilment=pickup&branch_id=${branchId}&cursor=${marker(['9999-12-31T23:59:59.999Z', 2_147_483_647])}`,
    )
    expect(far.statusCode).toBe(200)
    const rows = far.json().data as { fulfilment: string; branch: { id: number } }[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((o) => o.fulfilment === 'pickup' && o.branch.id === branchId)).toBe(true)
    // A marker from a filtered list continues it, still filtered.
    const first = (
      await call(
        tokens.admin,
        'GET',
        `/admin/orders?fulfilment=pickup&branch_id=${branchId}&limit=1`,
      )
    ).json()
    if (first.next_cursor) {
      const next = (
        await call(
          tokens.admin,
          'GET',
          `/admin/orders?fulfilment=pickup&branch_id=${branchId}&limit=1&cursor=${first.next_cursor}`,
        )
      ).json()
      for (const o of next.data)
        expect(o).toMatchObject({ fulfilment: 'pickup', branch: { id: branchId } })
    }
  })

  it('a delivery is shipped with a tracking link the customer sees, then completed, once', async () => {
    const unsafe = await call(tokens.admin, 'POST', `/admin/orders/${delivery.id}/shipment`, {
      logistics_company: 'Pos Laju',
      tracking_url: 'javascript:alert(1)',
    })
    expect(unsafe.statusCode).toBe(400)
    expect(
      (await call(tokens.admin, 'POST', `/admin/orders/${delivery.id}/complete`)).statusCode,
    ).toBe(409)
    const shipped = await call(tokens.admin, 'POST', `/admin/orders/${delivery.id}/shipment`, {
      logistics_company: ' Pos Laju ',
      tracking_url: 'https://tracking.example.com/EP123',
    })
    expect(shipped.statusCode).toBe(200)
    expect(shipped.json()).toMatchObject({
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP123',
      can_complete: true,
    })
    const mine = (await call(tokens.ahmad, 'GET', `/me/orders/${delivery.id}`)).json()
    expect(mine).toMatchObject({
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP123',
    })

    // Many taps on 'completed' at once: one completes it, the rest are refused.
    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(tokens.admin, 'POST', `/admin/orders/${delivery.id}/complete`),
      ),
    )
    expect(taps.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(taps.filter((r) => r.statusCode === 409)).toHaveLength(19)
    expect((await call(tokens.ahmad, 'GET', `/me/orders/${delivery.id}`)).json().status).toBe(
      'completed',
    )
    const again = await call(tokens.admin, 'POST', `/admin/orders/${delivery.id}/shipment`, {
      logistics_company: 'Other',
      tracking_url: 'https://tracking.example.com/EP999',
    })
    expect(again.statusCode).toBe(409)
    // A pickup order is handed over at the counter, never shipped.
    const notShipped = await call(tokens.admin, 'POST', `/admin/orders/${pickup.id}/shipment`, {
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP124',
    })
    expect(notShipped.statusCode).toBe(409)
    expect((await call(tokens.admin, 'POST', '/admin/orders/999999/complete')).statusCode).toBe(404)

    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, delivery.id)))
    expect(audit.map((a) => a.action).sort()).toEqual(['order.complete', 'order.ship'])
    const shipEntry = audit.find((a) => a.action === 'order.ship')!
    expect(shipEntry.before).toMatchObject({ tracking_url: null, status: 'paid' })
    expect(shipEntry.after).toMatchObject({ tracking_url: 'https://tracking.example.com/EP123' })
  })
})
