import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeyPairSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { productVariations } from '@padi/db/schema/catalogue'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createSoftwareAuthenticator } from '../../../test/software-authenticator.ts'
import { oneCreditPickup } from '../../../test/order-fixtures.ts'

const ORIGIN = 'http://localhost:3300'
const clock = createTestClock()
let t: TestApp
let token: string
let order: Record<string, unknown>
let priceMinor: number

beforeAll(async () => {
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: ORIGIN,
    },
    { clock },
  )
  token = (await loginTokens(t.app, '+60120000001')).access_token
  ;({ order, priceMinor } = await oneCreditPickup(t.db.db))
})
afterAll(async () => t.close())

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload })
const optionsFor = (key: string, body = order) =>
  post('/api/v1/orders/biometric-options', body, { 'idempotency-key': key })
const pay = (key: string, webauthn: object, body = order) =>
  post('/api/v1/orders', { ...body, webauthn }, { 'idempotency-key': key })

describe('paying with biometrics (docs/product/orders-and-payments.md)', () => {
  const device = createSoftwareAuthenticator(ORIGIN, 'localhost')

  it('says "set up biometric first" before a device is registered', async () => {
    const res = await optionsFor('bio-key-none-1')
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('BIOMETRIC_NOT_SET_UP')
  })

  it('registers this device with user verification, once per challenge', async () => {
    // The payment PIN goes with the options (ADR 060).
    const options = (await post('/api/v1/me/biometrics/options', { pin: '390571' })).json()
    expect(options.authenticatorSelection.userVerification).toBe('required')
    expect(options.timeout).toBe(60_000)
    // An answer made on another site is refused.
    const foreign = await post('/api/v1/me/biometrics', {
      label: 'Phone',
      response: device.register(options, { origin: 'https://evil.example' }),
    })
    expect(foreign.statusCode).toBe(403)
    const res = await post('/api/v1/me/biometrics', {
      label: 'My phone',
      response: device.register(options),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ id: device.id, label: 'My phone' })
    // The same challenge cannot register again.
    const again = await post('/api/v1/me/biometrics', {
      label: 'Again',
      response: device.register(options),
    })
    expect(again.statusCode).toBe(403)
    const me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json()
    expect(me.biometric_enabled).toBe(true)
  })

  it('pays an order with the device: challenge bound to the order, used once', async () => {
    const before = (
      await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(token) })
    ).json().data[0].available_credits.amount_minor as number
    const options = (await optionsFor('bio-key-0001')).json()
    expect(options.userVerification).toBe('required')
    expect(options.allowCredentials).toEqual([
      expect.objectContaining({ id: device.id, type: 'public-key' }),
    ])
    const answer = device.authenticate(options)
    // Another order (another key) cannot use this answer.
    expect((await pay('bio-key-0002', answer)).json().code).toBe('BIOMETRIC_FAILED')
    const placed = await pay('bio-key-0001', answer)
    expect(placed.statusCode).toBe(201)
    expect(placed.json()).toMatchObject({ payment: 'credits', status: 'paid' })
    const after = (await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(token) })).json()
      .data[0].available_credits.amount_minor as number
    expect(before - after).toBe(priceMinor)
    // Replaying the answer for a new key is refused: the challenge is used.
    const replay = await pay('bio-key-0003', device.authenticate(options))
    expect(replay.json().code).toBe('BIOMETRIC_FAILED')
  })

  it('refuses an answer without user verification, from another site, with a forged signature, for a changed order or to an old challenge', async () => {
    const key = 'bio-key-0100'
    const options = (await optionsFor(key)).json()
    const noUv = await pay(key, device.authenticate(options, { userVerified: false }))
    expect(noUv.json().code).toBe('BIOMETRIC_FAILED')
    // Made on another site (row 48).
    const foreign = await pay(key, device.authenticate(options, { origin: 'http://evil.test' }))
    expect(foreign.json().code).toBe('BIOMETRIC_FAILED')
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const forged = await pay(key, device.authenticate(options, { key: other }))
    expect(forged.json().code).toBe('BIOMETRIC_FAILED')
    // Two packs instead of one under the same key: the challenge was made for one.
    const bigger = { ...order, lines: [{ ...(order.lines as object[])[0], count: 2 }] }
    expect((await pay(key, device.authenticate(options), bigger)).json().code).toBe(
      'BIOMETRIC_FAILED',
    )
    clock.advance(5 * 60_000 + 1_000)
    const late = await pay(key, device.authenticate(options))
    expect(late.json().code).toBe('BIOMETRIC_FAILED')
  })

  it('asks again when the price changed between the challenge and the payment', async () => {
    const key = 'bio-key-0200'
    const options = (await optionsFor(key)).json()
    const id = (order.lines as { variation_id: number }[])[0]!.variation_id
    await t.db.db
      .update(productVariations)
      .set({ priceMyMinor: priceMinor + 100 })
      .where(eq(productVariations.id, id))
    const res = await pay(key, device.authenticate(options))
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('PRICE_CHANGED')
    await t.db.db
      .update(productVariations)
      .set({ priceMyMinor: priceMinor })
      .where(eq(productVariations.id, id))
  })
})
