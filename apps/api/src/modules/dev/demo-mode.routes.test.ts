import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { latestCode } from '../../../test/auth-helpers.ts'
import { loadApiConfig } from '../../config.ts'

const forgot = (t: TestApp, mobile: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { mobile } })

/** A request over a real connection to 127.0.0.1, with the Host header a browser would send. */
function overLoopback(
  port: number,
  host: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ statusCode: number; body: string }> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: {
          host,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ statusCode: res.statusCode!, body: Buffer.concat(chunks).toString() }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe('demo mode closes the account takeover of the default start (rows 9 and 21)', () => {
  it('is on only for the embedded database with the console SMS provider, unless set', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), OTP_SECRET: 'y'.repeat(32) }
    expect(loadApiConfig({ ...base, NODE_ENV: 'production' }).demoMode).toBe(true)
    expect(
      loadApiConfig({ ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' }).demoMode,
    ).toBe(false)
    expect(
      loadApiConfig({ ...base, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/send' })
        .demoMode,
    ).toBe(false)
    expect(loadApiConfig({ ...base, DEMO_MODE: 'false' }).demoMode).toBe(false)
    expect(
      loadApiConfig({ ...base, DEMO_MODE: 'true', DATABASE_URL: 'postgres://127.0.0.1/shop' })
        .demoMode,
    ).toBe(true)
    // A real gateway with demo mode is refused at start: the outbox must never serve real users.
    expect(() =>
      loadApiConfig({
        ...base,
        DEMO_MODE: 'true',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'http://127.0.0.1:9/send',
      }),
    ).toThrow(/DEMO_MODE/)
    // The old switch is gone: setting it does not serve the outbox anywhere.
    expect(
      loadApiConfig({ ...base, DEV_ENDPOINTS: 'true', DATABASE_URL: 'postgres://127.0.0.1/shop' })
        .demoMode,
    ).toBe(false)
  })

  describe('outside demo mode (a deployment: PostgreSQL, NODE_ENV=production)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'false' })
    })
    afterAll(() => t.close())

    it('the reproduction fails: there is no outbox to read a finance code from', async () => {
      expect((await forgot(t, '+60120000004')).statusCode).toBe(200)
      const outbox = await t.app.inject({ url: '/api/v1/dev/sms?to=%2B60120000004' })
      expect(outbox.statusCode).toBe(404)
      const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
      expect(Object.keys(doc.paths)).not.toContain('/dev/sms')
      const grant = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dev/credit-lines',
        payload: { mobile: '+60120000002', amount_minor: 100_000 },
      })
      expect(grant.statusCode).toBe(404)
      expect(Object.keys(doc.paths)).not.toContain('/dev/credit-lines')
    })
  })

  describe('in demo mode', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'auto' })
    })
    afterAll(() => t.close())

    it('serves the outbox to this machine only, and lists it in the OpenAPI document', async () => {
      expect((await forgot(t, '+60120000001')).statusCode).toBe(200)
      expect(await latestCode(t.app, '+60120000001')).toMatch(/^\d{6}$/)
      const remote = await t.app.inject({
        url: '/api/v1/dev/sms?to=%2B60120000001',
        remoteAddress: '203.0.113.7',
      })
      expect(remote.statusCode).toBe(404)
      // Relayed by a proxy on this host: the visitor is not local.
      const relayed = await t.app.inject({
        url: '/api/v1/dev/sms?to=%2B60120000001',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
      expect(relayed.statusCode).toBe(404)
      const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
      expect(doc.paths['/dev/sms'].get.summary).toMatch(/Demo mode only/)
    })

    it('gives a customer without one a credit line, for this machine only', async () => {
      const grant = (mobile: string, remoteAddress?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/dev/credit-lines',
          payload: { mobile, amount_minor: 100_000 },
          ...(remoteAddress ? { remoteAddress } : {}),
        })
      expect((await grant('+60120000002', '203.0.113.7')).statusCode).toBe(404)
      expect((await grant('+60120000003')).statusCode).toBe(404) // staff, not a customer
      expect((await grant('+60120000001')).statusCode).toBe(409) // has one
      expect((await grant('+60120000002')).statusCode).toBe(201)
      const { access_token } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { mobile: '+60120000002', password: 'demo2026' },
        })
      ).json()
      const credits = await t.app.inject({
        url: '/api/v1/me/credits',
        headers: { authorization: `Bearer ${access_token}` },
      })
      expect(credits.json().data[0]).toMatchObject({
        state: 'active',
        available_credits: { amount_minor: 100_000, currency: 'MYR' },
      })
    })

    it('refuses password resets of the seeded staff, finance and admin accounts', async () => {
      for (const mobile of ['+60120000003', '+60120000004', '+60120000005']) {
        const res = await forgot(t, mobile)
        expect(res.statusCode, mobile).toBe(403)
        expect(res.json().code).toBe('DEMO_RESET_REFUSED')
        const outbox = await t.app.inject({
          url: `/api/v1/dev/sms?to=${encodeURIComponent(mobile)}`,
        })
        expect(outbox.json().data).toEqual([])
      }
    })
  })
  describe('the outbox answers only requests addressed to this machine (row 62)', () => {
    let t: TestApp
    let port: number
    const outbox = '/api/v1/dev/sms?to=%2B60120000001'
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'auto' })
      // A real server on its own port: the Host header is checked against the port the
      // connection arrived at, as in `npm start`.
      await t.app.listen({ host: '127.0.0.1', port: 0 })
      port = (t.app.server.address() as AddressInfo).port
      expect((await forgot(t, '+60120000001')).statusCode).toBe(200)
    })
    afterAll(() => t.close())

    it('a page rebound to 127.0.0.1 (Host: shop.example) gets the 404 of a missing route', async () => {
      const missing = await t.app.inject({
        url: '/api/v1/dev/nothing-here',
        headers: { host: 'shop.example' },
      })
      const rebound = await t.app.inject({ url: outbox, headers: { host: 'shop.example' } })
      expect(rebound.statusCode).toBe(404)
      expect(rebound.json()).toEqual({
        ...missing.json(),
        message: 'Route not found: GET /api/v1/dev/sms',
      })
      expect(Object.keys(rebound.headers).sort()).toEqual(Object.keys(missing.headers).sort())
      // Refused before the query is read: a bad query does not reveal the route with a 400.
      const bad = await t.app.inject({
        url: '/api/v1/dev/sms?to=x',
        headers: { host: 'shop.example' },
      })
      expect(bad.statusCode).toBe(404)
      const grant = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dev/credit-lines',
        headers: { host: 'shop.example' },
        payload: { mobile: '+60120000002', amount_minor: 100_000 },
      })
      expect(grant.statusCode).toBe(404)
      expect(grant.json().code).toBe('ROUTE_NOT_FOUND')
      for (const host of [
        `shop.example:${port}`,
        `127.0.0.1.nip.io:${port}`,
        `localhost.:${port}`,
      ]) {
        const res = await overLoopback(port, host, outbox)
        expect(res.statusCode, host).toBe(404)
        expect(JSON.parse(res.body).code, host).toBe('ROUTE_NOT_FOUND')
      }
    })

    it('answers 127.0.0.1, localhost and [::1] on its own port, and no other port', async () => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
        const res = await overLoopback(port, host, outbox)
        expect(res.statusCode, host).toBe(200)
        expect(JSON.parse(res.body).data[0].body).toMatch(/\d{6}/)
      }
      const other = port === 65535 ? port - 1 : port + 1
      for (const host of [
        `127.0.0.1:${other}`,
        `localhost:${other}`,
        `[::1]:${other}`,
        'localhost',
      ])
        expect((await overLoopback(port, host, outbox)).statusCode, host).toBe(404)
      const grant = (host: string) =>
        overLoopback(port, host, '/api/v1/dev/credit-lines', {
          method: 'POST',
          body: { mobile: '+60120000002', amount_minor: 100_000 },
        })
      expect((await grant(`localhost:${other}`)).statusCode).toBe(404)
      expect((await grant(`localhost:${port}`)).statusCode).toBe(201)
    })

    it('still serves app.inject, which has no connection and sends Host: localhost:80', async () => {
      expect(await latestCode(t.app, '+60120000001')).toMatch(/^\d{6}$/)
    })
  })
})
