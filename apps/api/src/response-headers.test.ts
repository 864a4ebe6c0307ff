import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { bearer, login, loginTokens } from '../test/auth-helpers.ts'
import { buildApp } from './app.ts'
import { loadApiConfig } from './config.ts'
import { createTestDatabase } from '@padi/db/testing/test-database'

describe('what every answer says about itself (rows 18, 24, 51, 55)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '1000' })
  })
  afterAll(() => t.close())

  it('answers carrying tokens or personal data are never stored (row 24)', async () => {
    const res = await login(t.app, '+60120000001')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(res.json().access_token) })
    expect(me.headers['cache-control']).toBe('no-store')
    expect(me.headers['x-content-type-options']).toBe('nosniff')
    expect(me.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    const wrong = await login(t.app, '+60120000001', 'wrong-pass-1')
    expect(wrong.headers['cache-control']).toBe('no-store')
    // The public catalogue keeps its own caching.
    const list = await t.app.inject({ url: '/api/v1/products?market=MY' })
    expect(list.headers['cache-control']).toMatch(/public/)
  })

  it('every answer has a request id', async () => {
    const a = await t.app.inject({ url: '/api/v1/healthz' })
    const b = await t.app.inject({ url: '/api/v1/healthz' })
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it('every 429 carries Retry-After (row 55)', async () => {
    const strict = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '5' })
    try {
      // The per-route limiter, the global limiter, and a send cool-down.
      const logins = []
      for (let i = 0; i < 4; i++)
        logins.push(await login(strict.app, `+6012666000${i}`, 'whatever1', '10.7.7.7'))
      const global = []
      for (let i = 0; i < 6; i++)
        global.push(await strict.app.inject({ url: '/api/v1/branches', remoteAddress: '10.7.7.8' }))
      const forgot = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password/forgot',
          payload: { mobile: '+60120000001' },
          remoteAddress: '10.7.7.9',
        })
      await forgot()
      const limited = [logins.at(-1)!, global.at(-1)!, await forgot()]
      for (const res of limited) {
        expect(res.statusCode).toBe(429)
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    } finally {
      await strict.close()
    }
  })

  it('a suspended account answers 403 as a problem with its own type; other 403s do not (rows 18, 55)', async () => {
    const user = await loginTokens(t.app, '+60120000002')
    const finance = await loginTokens(t.app, '+60120000004')
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.data.id}/suspend`,
      headers: bearer(finance.access_token),
    })
    expect(suspend.statusCode).toBe(200)
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(user.access_token) })
    expect(me.statusCode).toBe(403)
    expect(me.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(me.json()).toMatchObject({
      type: 'urn:sawahmart:problem:account-suspended',
      status: 403,
      code: 'ACCOUNT_SUSPENDED',
    })
    expect(me.json().message).toMatch(/suspended/)
    const forbidden = await t.app.inject({
      url: '/api/v1/admin/users/1',
      headers: bearer((await loginTokens(t.app, '+60120000001')).access_token),
    })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.headers['content-type']).toMatch(/^application\/json/)
    expect(forbidden.json().type).toBeUndefined()
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.data.id}/reactivate`,
      headers: bearer(finance.access_token),
    })
  })
})

describe('a 500 carries no internal detail (row 51)', () => {
  it('answers a generic message with the request id, and logs the detail under it', async () => {
    const db = await createTestDatabase()
    const lines: string[] = []
    const { Writable } = await import('node:stream')
    const stream = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const config = loadApiConfig({
      LOG_LEVEL: 'error',
      JWT_SECRET: 'x'.repeat(32),
      OTP_SECRET: 'y'.repeat(32),
      SMS_RETRY_INTERVAL_MS: '0',
    })
    const app = await buildApp({ config, db, logStream: stream })
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist at SELECT password FROM users')
    })
    await app.ready()
    const res = await app.inject({ url: '/boom' })
    expect(res.statusCode).toBe(500)
    const id = res.headers['x-request-id']
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'An unexpected error occurred.',
      requestId: id,
    })
    expect(res.body).not.toMatch(/secret_table|SELECT|stack|at /)
    expect(lines.join('')).toContain(String(id))
    expect(lines.join('')).toContain('secret_table')
    await app.close()
    await db.drop()
  })
})
