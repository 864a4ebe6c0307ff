import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

const SECRET = 'proxy-secret-that-is-long-enough-0123456789'

async function sevenLogins(t: TestApp, headers: (i: number) => Record<string, string>) {
  const statuses: number[] = []
  for (let i = 0; i < 7; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { mobile: `+6012555000${i}`, password: 'whatever1' },
      headers: headers(i),
      remoteAddress: '127.0.0.1',
    })
    statuses.push(res.statusCode)
  }
  return statuses
}

/** docs/security.md row 3: a client cannot pick its own rate-limit bucket. */
describe('X-Forwarded-For is believed only from a proven proxy (row 3)', () => {
  let t: TestApp
  beforeAll(async () => {
    // The defaults: no TRUST_PROXY; a PROXY_SECRET that only the web server knows.
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '5', PROXY_SECRET: SECRET })
  })
  afterAll(() => t.close())

  it('a direct loopback client with varied X-Forwarded-For stays in its one bucket', async () => {
    const statuses = await sevenLogins(t, (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }))
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
  })

  it('a wrong proxy secret does not help', async () => {
    const statuses = await sevenLogins(t, (i) => ({
      'x-forwarded-for': `198.51.100.${i}`,
      'x-proxy-secret': 'not-the-secret-but-just-as-long-0123456789',
    }))
    expect(statuses).toContain(429)
  })

  it('the web server, with the secret, gets each farmer counted on their own address', async () => {
    const statuses = await sevenLogins(t, (i) => ({
      'x-forwarded-for': `192.0.2.${i}`,
      'x-proxy-secret': SECRET,
    }))
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401])
  })
})
