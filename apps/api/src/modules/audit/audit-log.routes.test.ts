import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

let t: TestApp
let admin: string
let finance: string
let adminId: number
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
  admin = (await loginTokens(t.app, '+60120000005')).access_token
  finance = (await loginTokens(t.app, '+60120000004')).access_token
  const [me] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000005'))
  adminId = me!.id
})
afterAll(() => t.close())

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  })

type Change = {
  field: string
  kind: string
  currency: string | null
  before: unknown
  after: unknown
}
type Entry = { id: number; action: string; market: string | null; changes: Change[] }
const log = async (query: string) => {
  const res = await call(admin, 'GET', `/admin/audit?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Entry[]
}
const userId = async (mobile: string) =>
  (await t.db.db.select().from(users).where(eq(users.mobile, mobile)))[0]!.id

describe('the audit log reads as people say it (docs/product/back-office.md: Audit log)', () => {
  it('is admin’s only, and its filters are checked', async () => {
    expect((await call(finance, 'GET', '/admin/audit')).statusCode).toBe(403)
    expect((await call(admin, 'GET', '/admin/audit?subject_type=product')).statusCode).toBe(200)
    expect((await call(admin, 'GET', '/admin/audit?subject_type=nonsense')).statusCode).toBe(400)
    expect((await call(admin, 'GET', '/admin/audit?from=2026-13-01')).statusCode).toBe(400)
  })

  it('shows a product’s price change as money with its currency, the pack by its SKU', async () => {
    const product = (await call(admin, 'GET', '/admin/products/1')).json()
    const pack = product.packs[0]
    const res = await call(admin, 'PUT', `/admin/products/1/packs/${pack.id}/prices`, {
      price_my_minor: 3150,
      price_th_minor: 72_000,
    })
    expect(res.statusCode).toBe(200)
    // The product filter finds it.
    const [entry] = await log('subject_type=product&subject_id=1&action=product.prices')
    expect(entry!.market).toBeNull()
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        {
          field: 'price_my_minor',
          kind: 'money',
          currency: 'MYR',
          before: pack.price_my_minor,
          after: 3150,
        },
        {
          field: 'price_th_minor',
          kind: 'money',
          currency: 'THB',
          before: pack.price_th_minor,
          after: 72_000,
        },
      ]),
    )
    // The pack is named (its SKU and label), shown although it did not change.
    const packChange = entry!.changes.find((c) => c.field === 'pack_id')!
    expect(packChange.kind).toBe('pack')
    expect(packChange.after).toMatchObject({ en: expect.stringContaining(pack.sku) })
  })

  it('tells due dates as the day in the record’s market, and names its market', async () => {
    const malaysian = await userId('+60120000001')
    const thai = await userId('+66800000001')
    // The first moment of 6 December in each market, as the code keeps a due date.
    await t.db.db.insert(auditLog).values([
      {
        actorUserId: adminId,
        action: 'test.due',
        subjectType: 'user',
        subjectId: malaysian,
        before: { due_at: '2026-11-29T16:00:00.000Z' },
        after: { due_at: '2026-12-05T16:00:00.000Z', completed_at: '2026-12-05T16:30:00.000Z' },
      },
      {
        actorUserId: adminId,
        action: 'test.due',
        subjectType: 'user',
        subjectId: thai,
        before: { due_at: '2026-11-29T17:00:00.000Z' },
        after: { due_at: '2026-12-05T17:00:00.000Z' },
      },
    ])
    const entries = await log('action=test.due')
    const my = entries.find((e) => e.market === 'MY')!
    const th = entries.find((e) => e.market === 'TH')!
    expect(my.changes).toContainEqual({
      field: 'due_at',
      kind: 'day',
      currency: null,
      before: '2026-11-30',
      after: '2026-12-06',
    })
    expect(th.changes).toContainEqual({
      field: 'due_at',
      kind: 'day',
      currency: null,
      before: '2026-11-30',
      after: '2026-12-06',
    })
    // A moment stays a moment (the page tells it in the market's time).
    expect(my.changes).toContainEqual(
      expect.objectContaining({ field: 'completed_at', kind: 'time' }),
    )
  })

  it('names branches and people, splits texts by language, and keeps a voucher’s currency', async () => {
    const [branch] = await t.db.db.select().from(branches).limit(1)
    const customer = await userId('+66800000001')
    await t.db.db.insert(auditLog).values([
      {
        actorUserId: adminId,
        action: 'test.words',
        subjectType: 'user',
        subjectId: customer,
        before: { role: 'customer', staff_branch_id: null, name: { en: 'Old', bm: 'Lama' } },
        after: {
          role: 'staff',
          staff_branch_id: branch!.id,
          name: { en: 'New', bm: 'Lama' },
          user_id: customer,
          value_minor: 50_000,
          currency: 'THB',
          opening_hours: [null, { open: '08:00', close: '17:00' }, null, null, null, null, null],
          something_new: 'kept as written',
        },
      },
    ])
    const [entry] = await log('action=test.words')
    const byField = Object.fromEntries(entry!.changes.map((c) => [c.field, c]))
    expect(byField.role).toMatchObject({ kind: 'code', before: 'customer', after: 'staff' })
    expect(byField.staff_branch_id).toMatchObject({
      kind: 'branch',
      before: null,
      after: branch!.name,
    })
    expect(byField.user_id).toMatchObject({ kind: 'person', after: 'Somchai Saelee' })
    expect(byField['name.en']).toMatchObject({ kind: 'text', before: 'Old', after: 'New' })
    // A language that did not change is not listed.
    expect(byField['name.bm']).toBeUndefined()
    expect(byField.value_minor).toMatchObject({ kind: 'money', currency: 'THB', after: 50_000 })
    // The currency is part of the money, not a change of its own.
    expect(byField.currency).toBeUndefined()
    expect(byField['opening_hours.1']).toMatchObject({ kind: 'hours', after: '08:00–17:00' })
    expect(byField.something_new).toMatchObject({ kind: 'text', after: 'kept as written' })
  })
})
