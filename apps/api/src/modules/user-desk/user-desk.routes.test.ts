import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

let t: TestApp
const tokens = { ahmad: '', staff: '', finance: '', admin: '' }
const ids = { ahmad: 0, staff: 0, admin: 0 }

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  })

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
  tokens.ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  tokens.staff = (await loginTokens(t.app, '+60120000003')).access_token
  tokens.finance = (await loginTokens(t.app, '+60120000004')).access_token
  tokens.admin = (await loginTokens(t.app, '+60120000005')).access_token
  for (const [who, mobile] of [
    ['ahmad', '+60120000001'],
    ['staff', '+60120000003'],
    ['admin', '+60120000005'],
  ] as const) {
    const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile))
    ids[who] = u!.id
  }
})
afterAll(() => t.close())

describe('people in the back office (docs/product/back-office.md)', () => {
  it('finds people by name or digits of the mobile number, for finance and admin only', async () => {
    const byName = (await call(tokens.finance, 'GET', '/admin/users?q=ahmad')).json()
    expect(byName.data.map((u: { id: number }) => u.id)).toContain(ids.ahmad)
    const byDigits = (await call(tokens.admin, 'GET', '/admin/users?q=012-0000001')).json()
    expect(byDigits.data.map((u: { id: number }) => u.id)).toEqual([ids.ahmad])
    const staffOnly = (await call(tokens.admin, 'GET', '/admin/users?q=lim&role=staff')).json()
    expect(staffOnly.data.every((u: { role: string }) => u.role === 'staff')).toBe(true)
    // Wildcards are text: '%' finds nobody whose name lacks it.
    expect((await call(tokens.admin, 'GET', '/admin/users?q=%25%25')).json().data).toEqual([])
    expect((await call(tokens.admin, 'GET', '/admin/users?q=a')).statusCode).toBe(400)
    expect((await call(tokens.staff, 'GET', '/admin/users?q=ahmad')).statusCode).toBe(403)
    expect((await call(tokens.ahmad, 'GET', '/admin/users?q=ahmad')).statusCode).toBe(403)
  })

  it('shows a customer whole: profile, credit, KYC, orders, vouchers, transactions', async () => {
    const res = await call(tokens.finance, 'GET', `/admin/users/${ids.ahmad}/overview`)
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.user).toMatchObject({ id: ids.ahmad, full_name: 'Ahmad bin Ismail' })
    expect(page.credits.length).toBeGreaterThan(0)
    expect(page.vouchers.map((v: { serial: string }) => v.serial)).toContain('V3-MY-100001')
    expect(Array.isArray(page.orders)).toBe(true)
    expect(Array.isArray(page.transactions)).toBe(true)
    expect((await call(tokens.finance, 'GET', '/admin/users/999999/overview')).statusCode).toBe(404)
    expect((await call(tokens.staff, 'GET', `/admin/users/${ids.ahmad}/overview`)).statusCode).toBe(
      403,
    )
  })

  it('suspends and reactivates with an audit entry; nobody suspends themselves', async () => {
    const own = await call(tokens.admin, 'POST', `/admin/users/${ids.admin}/suspend`)
    expect(own.statusCode).toBe(403)
    const suspended = await call(tokens.finance, 'POST', `/admin/users/${ids.ahmad}/suspend`)
    expect(suspended.json().status).toBe('suspended')
    // The suspended customer's token stops working at once.
    expect((await call(tokens.ahmad, 'GET', '/me')).statusCode).toBe(403)
    const back = await call(tokens.finance, 'POST', `/admin/users/${ids.ahmad}/reactivate`)
    expect(back.json().status).toBe('active')
    const log = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, ids.ahmad)))
    expect(log.map((l) => l.action)).toEqual(['user.suspend', 'user.reactivate'])
    expect(log[0]!.before).toEqual({ status: 'active' })
    expect(log[0]!.after).toEqual({ status: 'suspended' })
  })

  it('an admin moves a staff member to another branch or role; their sessions end', async () => {
    const [other] = await t.db.db.select().from(branches).limit(2)
    const body = { role: 'staff', branch_id: other!.id }
    expect(
      (await call(tokens.finance, 'PUT', `/admin/users/${ids.staff}/staff`, body)).statusCode,
    ).toBe(403)
    // A customer is never made staff here; an admin never changes their own role.
    expect(
      (await call(tokens.admin, 'PUT', `/admin/users/${ids.ahmad}/staff`, body)).statusCode,
    ).toBe(404)
    expect(
      (
        await call(tokens.admin, 'PUT', `/admin/users/${ids.admin}/staff`, {
          role: 'staff',
          branch_id: other!.id,
        })
      ).statusCode,
    ).toBe(403)
    const noBranch = await call(tokens.admin, 'PUT', `/admin/users/${ids.staff}/staff`, {
      role: 'staff',
    })
    expect(noBranch.statusCode).toBe(400)
    const unknown = await call(tokens.admin, 'PUT', `/admin/users/${ids.staff}/staff`, {
      role: 'staff',
      branch_id: 99999,
    })
    expect(unknown.statusCode).toBe(400)

    const moved = await call(tokens.admin, 'PUT', `/admin/users/${ids.staff}/staff`, body)
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ role: 'staff', staff_branch_id: other!.id })
    expect((await call(tokens.staff, 'GET', '/staff/counter/stock')).statusCode).toBe(401)
    const promoted = await call(tokens.admin, 'PUT', `/admin/users/${ids.staff}/staff`, {
      role: 'finance',
    })
    expect(promoted.json()).toMatchObject({ role: 'finance', staff_branch_id: null })
    const log = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.assign'), eq(auditLog.subjectId, ids.staff)))
    expect(log).toHaveLength(2)
    expect(log[1]!.after).toEqual({ role: 'finance', staff_branch_id: null })
  })
})

describe('the audit log’s filters (docs/product/back-office.md)', () => {
  const log = async (query: string) => {
    const res = await call(tokens.admin, 'GET', `/admin/audit?${query}`)
    expect(res.statusCode, query).toBe(200)
    return res.json() as {
      data: { id: number; action: string; actor_user_id: number }[]
      next_before: number | null
    }
  }

  it('filters by who, the kind of change and the day, a page at a time', async () => {
    const [finance] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000004'))
    const byFinance = await log(`actor_id=${finance!.id}`)
    expect(byFinance.data.length).toBeGreaterThan(0)
    expect(byFinance.data.every((e) => e.actor_user_id === finance!.id)).toBe(true)
    const userChanges = await log('action=user.')
    expect(userChanges.data.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.suspend', 'user.reactivate', 'user.assign']),
    )
    expect(userChanges.data.every((e) => e.action.startsWith('user.'))).toBe(true)
    // '_' is a letter here, not a wildcard: 'user_' finds nothing.
    expect((await log('action=user_')).data).toEqual([])
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
      new Date(),
    )
    expect((await log(`from=${today}&to=${today}`)).data.length).toBeGreaterThan(0)
    expect((await log('from=2020-01-01&to=2020-01-02')).data).toEqual([])
    const first = await log('action=user.')
    const older = await log(`action=user.&before=${first.data[0]!.id}`)
    expect(older.data.map((e) => e.id)).not.toContain(first.data[0]!.id)
    for (const bad of ['action=DROP TABLE', 'from=yesterday', 'before=-1', 'actor_id=x'])
      expect((await call(tokens.admin, 'GET', `/admin/audit?${bad}`)).statusCode, bad).toBe(400)
  })
})
