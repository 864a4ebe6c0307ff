import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

describe('admin edits a branch (docs/product/back-office.md)', () => {
  let t: TestApp
  let admin: string
  let finance: string
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' })
    admin = (await loginTokens(t.app, '+60120000005')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
  })
  afterAll(() => t.close())

  const version = async () =>
    (await t.app.inject({ url: '/api/v1/content-version' })).json().version as number
  const hours = [
    null,
    { open: '08:00', close: '17:00' },
    { open: '08:00', close: '17:00' },
    { open: '08:00', close: '17:00' },
    { open: '08:00', close: '17:00' },
    { open: '08:00', close: '12:30' },
    null,
  ]
  const edit = (token: string, id: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/branches/${id}`,
      headers: bearer(token),
      payload,
    })

  it('changes the phone, address and hours; the list shows it at once and the version moves', async () => {
    const [branch] = (await t.app.inject({ url: '/api/v1/branches' })).json().data
    const before = await version()
    const body = {
      phone: '+60 4-917 0000',
      address: { en: 'No. 1, Jalan Baru', bm: 'No. 1, Jalan Baru', th: 'เลขที่ 1 ถนนใหม่' },
      opening_hours: hours,
    }
    expect((await edit(finance, branch.id, body)).statusCode).toBe(403)
    expect(await version()).toBe(before)
    const res = await edit(admin, branch.id, body)
    expect(res.statusCode).toBe(204)
    expect(await version()).toBeGreaterThan(before)
    const after = (await t.app.inject({ url: '/api/v1/branches' })).json().data[0]
    expect(after).toMatchObject({ id: branch.id, phone: '+6049170000', opening_hours: hours })
    expect(after.address.th).toBe('เลขที่ 1 ถนนใหม่')
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'branch.edit'), eq(auditLog.subjectId, branch.id)))
    expect(entry!.before).toMatchObject({ phone: branch.phone })
    expect(entry!.after).toMatchObject({ phone: '+6049170000' })
  })

  it('refuses hours that close before they open, a bad phone and an unknown branch, changing nothing', async () => {
    const before = await version()
    const address = { en: 'No. 1, Jalan Baru', bm: 'No. 1, Jalan Baru', th: 'เลขที่ 1 ถนนใหม่' }
    const backwards = [...hours]
    backwards[2] = { open: '17:00', close: '08:00' }
    const bad = [
      { phone: '+60 4-917 0000', address, opening_hours: backwards },
      { phone: 'call me', address, opening_hours: hours },
      { phone: '+60 4-917 0000', address, opening_hours: hours.slice(0, 6) },
      { phone: '+60 4-917 0000', address: { en: 'x' }, opening_hours: hours },
    ]
    for (const body of bad) expect((await edit(admin, 1, body)).statusCode).toBe(400)
    expect(
      (await edit(admin, 99999, { phone: '+60 4-917 0000', address, opening_hours: hours }))
        .statusCode,
    ).toBe(404)
    expect(await version()).toBe(before)
  })
})
