import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, latestCode, loginTokens, signupPayload } from '../../../test/auth-helpers.ts'
import type { SmsMessage, SmsProvider } from '../sms/sms-provider.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

/** A fake provider that records what it was asked to send (for the docs/security.md tests). */
function recordingProvider(): SmsProvider & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = []
  return { name: 'recording', sent, send: async (m) => void sent.push(m) }
}

describe('send caps (docs/product/accounts.md; docs/security.md row 10)', () => {
  let t: TestApp
  const sms = recordingProvider()
  const clock = createTestClock(new Date('2026-11-22T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp(
      {
        OTP_SENDS_PER_NUMBER: '3',
        OTP_SENDS_PER_IP: '6',
        OTP_SENDS_GLOBAL: '10',
        AUTH_RATE_LIMIT_MAX: '1000',
      },
      { clock, sms },
    )
  })
  afterAll(() => t.close())
  const forgot = (mobile: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { mobile },
      remoteAddress: ip,
    })

  it('caps sends per number with 429 and Retry-After, and sends nothing past the cap', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await forgot('+60120000001', '10.2.0.1')).statusCode).toBe(200)
      clock.advance(61_000)
    }
    const before = sms.sent.length
    const capped = await forgot('+60120000001', '10.2.0.2')
    expect(capped.statusCode).toBe(429)
    expect(capped.json().code).toBe('OTP_SEND_LIMIT')
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0)
    expect(sms.sent.length).toBe(before)
  })

  it('caps sends per client address', async () => {
    clock.advance(11 * 60_000)
    let last = 0
    for (let i = 0; i < 8; i++) last = (await forgot(`+6012777000${i}`, '10.2.9.9')).statusCode
    expect(last).toBe(429)
  })

  it('caps sends overall', async () => {
    clock.advance(11 * 60_000)
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push((await forgot(`+6012666000${i % 10}`, `10.3.0.${i}`)).statusCode)
    expect(codes.filter((c) => c === 200).length).toBe(10)
    expect(codes.at(-1)).toBe(429)
  })

  it('answers a number without an account exactly like one with, and sends it nothing', async () => {
    clock.advance(11 * 60_000)
    const before = sms.sent.length
    const unknown = await forgot('+60125550000', '10.4.0.1')
    const known = await forgot('+60120000002', '10.4.0.2')
    expect(unknown.statusCode).toBe(200)
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort())
    expect(unknown.json().message).toBe(known.json().message)
    expect(sms.sent.length).toBe(before + 1)
    expect(sms.sent.at(-1)?.to).toBe('+60120000002')
  })
})

describe('password reset (docs/product/accounts.md)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '1000' })
  })
  afterAll(() => t.close())

  it('sets the new password with the code and ends every other session', async () => {
    const elsewhere = await loginTokens(t.app, '+66800000001')
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot?locale=th',
      payload: { mobile: '+66 80 000 0001' },
    })
    const { preAuthSessionId, deviceId } = start.json()
    const code = await latestCode(t.app, '+66800000001')
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { preAuthSessionId, deviceId, userInputCode: code, password: 'nodigits' },
    })
    expect(weak.statusCode).toBe(400)
    expect(fieldErrorKeys(weak.json().errors)).toEqual([
      { field: 'password', message: 'validation.passwordLettersDigits' },
    ])
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { preAuthSessionId, deviceId, userInputCode: code, password: 'naa2026sawah' },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().status).toBe('OK')
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: bearer(elsewhere.access_token) }))
        .statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: bearer(reset.json().access_token) }))
        .statusCode,
    ).toBe(200)
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { mobile: '+66800000001', password: 'demo2026' },
    })
    expect(oldPassword.statusCode).toBe(401)
    await loginTokens(t.app, '+66800000001', 'naa2026sawah')
  })
})

describe('races and spoofing (docs/security.md rows 3 and 11)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '5', TRUST_PROXY: 'false' })
  })
  afterAll(() => t.close())

  it('of 20 parallel verifications with the right code exactly one succeeds', async () => {
    const s = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupPayload('+60123450011'),
      })
    ).json()
    const code = await latestCode(t.app, '+60123450011')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/otp/verify',
          payload: {
            preAuthSessionId: s.preAuthSessionId,
            deviceId: s.deviceId,
            userInputCode: code,
          },
        }),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
  })

  it('keys the login limiter on the peer address when X-Forwarded-For is not trusted', async () => {
    let last = 0
    let retryAfter: string | undefined
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { mobile: `+6012444000${i}`, password: 'whatever1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress: '10.9.9.9',
      })
      last = res.statusCode
      retryAfter = res.headers['retry-after'] as string | undefined
    }
    expect(last).toBe(429)
    expect(retryAfter).toBeDefined()
  })
})
