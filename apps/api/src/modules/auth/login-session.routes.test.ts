import { createHook } from 'node:async_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, login, loginTokens } from '../../../test/auth-helpers.ts'

const WRONG = 'The mobile number or password is incorrect'

/**
 * How many argon2 verifications `act` starts. @node-rs/argon2 hands each one to a worker thread as
 * native async work, created inside checkPassword (secrets.ts); the module cannot be mocked here
 * (test files share their loaded modules), so its work is counted where it is created.
 */
async function passwordChecks(act: () => Promise<unknown>): Promise<number> {
  let started = 0
  const hook = createHook({
    init(_id, type) {
      if (type !== 'PROMISE' && /\bat checkPassword \(/.test(new Error().stack ?? '')) started++
    },
  }).enable()
  try {
    await act()
  } finally {
    hook.disable()
  }
  return started
}

describe('login, tokens and sessions (docs/product/accounts.md)', () => {
  let t: TestApp
  const clock = createTestClock(new Date('2026-11-22T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp(
      { LOGIN_RATE_LIMIT_MAX: '1000', REFRESH_REUSE_GRACE_SECONDS: '5' },
      { clock },
    )
  })
  afterAll(() => t.close())
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) })

  it('logs in with mobile and password and answers tokens and the user (docs/product/accounts.md)', async () => {
    const res = await login(t.app, '012-000 0001')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(22) // >= 128 bits, base64url
    expect(body.data).toMatchObject({
      mobile: '+60120000001',
      role: 'customer',
      kyc_status: 'APPROVED',
    })
    // docs/product/accounts.md: the expiry comes from the token's exp claim; 15 minutes by default.
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString())
    expect(claims.exp - claims.iat).toBe(900)
    expect(claims).toMatchObject({ typ: 'access', aud: 'padi', sub: String(body.data.id) })
  })

  it('answers an unknown number exactly like a wrong password (row 4)', async () => {
    const unknown = await login(t.app, '+60129999999', 'whatever1')
    const wrong = await login(t.app, '+60120000002', 'whatever1')
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json()).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: WRONG })
  })

  it('checks a password hash for an unknown number as for a wrong password (row 4)', async () => {
    // One argon2 verification each (an unknown number's against a fixed hash), so neither answer
    // comes sooner. Counted rather than timed: times depend on the machine and what else it runs.
    const unknown = await passwordChecks(() => login(t.app, '+60128880001', 'whatever1'))
    const wrong = await passwordChecks(() => login(t.app, '+60120000004', 'whatever1'))
    expect({ unknown, wrong }).toEqual({ unknown: 1, wrong: 1 })
  })

  it('locks a number after 10 failures in a row for 30 minutes, even for the right password (row 1)', async () => {
    // A success resets the count (an earlier test left one failure).
    expect((await login(t.app, '+60120000002')).statusCode).toBe(200)
    for (let i = 0; i < 10; i++)
      expect((await login(t.app, '+60120000002', `wrongpass${i}`)).statusCode).toBe(401)
    const locked = await login(t.app, '+60120000002')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(29 * 60)
    // An unknown number locks the same way, so the lock tells nothing about accounts.
    for (let i = 0; i < 10; i++) await login(t.app, '+60128880099', `wrongpass${i}`)
    expect((await login(t.app, '+60128880099', 'x')).statusCode).toBe(429)
    clock.advance(30 * 60_000 + 1000)
    expect((await login(t.app, '+60120000002')).statusCode).toBe(200)
  })

  it('rotates the refresh token on every use; reuse after the grace revokes the session (theft detection)', async () => {
    const first = await loginTokens(t.app, '+60120000001')
    const r1 = await refresh(first.refresh_token)
    expect(r1.statusCode).toBe(200)
    const second = r1.json()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    // Two tabs refreshing at once: the old token still works within the grace window.
    const twin = await refresh(first.refresh_token)
    expect(twin.statusCode).toBe(200)
    clock.advance(6000)
    const stolen = await refresh(first.refresh_token)
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().code).toBe('REFRESH_REUSED')
    // The whole session is gone: the newest refresh token and the access token no longer work.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401)
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(second.access_token) })
    expect(me.statusCode).toBe(401)
  })

  it('expires access tokens and refuses a refresh past the session’s absolute lifetime', async () => {
    const tokens = await loginTokens(t.app, '+60120000001')
    clock.advance(16 * 60_000)
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: bearer(tokens.access_token) })).statusCode,
    ).toBe(401)
    let current = tokens.refresh_token
    const r = await refresh(current)
    expect(r.statusCode).toBe(200)
    current = r.json().refresh_token
    clock.advance(61 * 24 * 60 * 60_000)
    const late = await refresh(current)
    expect(late.statusCode).toBe(401)
    expect(late.json().code).toBe('REFRESH_INVALID')
  })

  it('refuses a refresh token sent as an access token and garbage tokens', async () => {
    const tokens = await loginTokens(t.app, '+60120000001')
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: bearer(tokens.refresh_token) })).statusCode,
    ).toBe(401)
    expect((await refresh('not-a-token')).statusCode).toBe(401)
    const noBearer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' })
    expect(noBearer.statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/v1/me' })).json().code).toBe('UNAUTHENTICATED')
  })

  it('logout revokes the session', async () => {
    const tokens = await loginTokens(t.app, '+66800000001')
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(tokens.access_token),
    })
    expect(out.statusCode).toBe(200)
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: bearer(tokens.access_token) })).statusCode,
    ).toBe(401)
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401)
  })

  it('suspending a user ends all of their sessions and answers 403 with "suspended"', async () => {
    const user = await loginTokens(t.app, '+60120000002')
    const other = await loginTokens(t.app, '+60120000002')
    const admin = await loginTokens(t.app, '+60120000005')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.data.id}/suspend`,
      headers: bearer(admin.access_token),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('suspended')
    for (const tokens of [user, other]) {
      const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(tokens.access_token) })
      expect(me.statusCode).toBe(403)
      expect(me.json().message).toMatch(/suspended/)
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(403)
    }
    const again = await login(t.app, '+60120000002')
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' })
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.data.id}/reactivate`,
      headers: bearer(admin.access_token),
    })
    expect((await login(t.app, '+60120000002')).statusCode).toBe(200)
  })
})

describe('roles (docs/product/accounts.md)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '1000' })
  })
  afterAll(() => t.close())

  it('a customer never reaches a staff, finance or admin endpoint', async () => {
    const customer = await loginTokens(t.app, '+60120000001')
    for (const [method, url] of [
      ['GET', '/api/v1/staff/customers?mobile=%2B60120000002'],
      ['GET', '/api/v1/admin/users/1'],
      ['POST', '/api/v1/admin/users/2/suspend'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(customer.access_token) })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().code).toBe('FORBIDDEN')
    }
  })

  it('staff look customers up; finance reads, suspends and reactivates accounts (row 18)', async () => {
    const staff = await loginTokens(t.app, '+60120000003')
    const lookup = await t.app.inject({
      url: '/api/v1/staff/customers?mobile=0120000002',
      headers: bearer(staff.access_token),
    })
    expect(lookup.statusCode).toBe(200)
    expect(lookup.json()).toMatchObject({
      mobile: '+60120000002',
      full_name: 'Siti Aminah binti Yusof',
    })
    expect(staff.data).toMatchObject({ role: 'staff', staff_branch_id: 1 })
    const finance = await loginTokens(t.app, '+60120000004')
    expect(
      (await t.app.inject({ url: '/api/v1/admin/users/2', headers: bearer(finance.access_token) }))
        .statusCode,
    ).toBe(200)
    const suspend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/2/suspend',
      headers: bearer(finance.access_token),
    })
    expect(suspend.statusCode).toBe(200)
    expect(suspend.json()).toMatchObject({ status: 'suspended' })
    const reactivate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/2/reactivate',
      headers: bearer(finance.access_token),
    })
    expect(reactivate.statusCode).toBe(200)
    expect(reactivate.json()).toMatchObject({ status: 'active' })
    // Staff cannot: suspending is a back-office power.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/users/2/suspend',
          headers: bearer(staff.access_token),
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await t.app.inject({
          url: '/api/v1/staff/customers?mobile=0120000002',
          headers: bearer(finance.access_token),
        })
      ).statusCode,
    ).toBe(403)
  })

  it('anonymous calls get 401', async () => {
    expect((await t.app.inject({ url: '/api/v1/admin/users/1' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/v1/staff/customers?mobile=0120000002' })).statusCode,
    ).toBe(401)
  })
})
