import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, latestCode, loginTokens } from '../../../test/auth-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

describe('the farmer’s profile and mobile number (docs/product/accounts.md: settings)', () => {
  let t: TestApp
  let siti: string
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
    })
    siti = (await loginTokens(t.app, '+60120000002')).access_token
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  const profile = {
    full_name: 'Siti Aminah binti Abdullah',
    email: 'siti@example.my',
    postcode: '06000',
    area: 'Jitra',
    district: 'Kubang Pasu',
    preferred_branch: 2,
  }

  it('changes the profile given at sign-up, and refuses what sign-up would', async () => {
    const res = await call(siti, 'PUT', '/me/profile', profile)
    expect(res.statusCode).toBe(200)
    const me = (await call(siti, 'GET', '/me')).json()
    expect(me.profile.full_name ?? me.full_name).toBeDefined()
    expect(JSON.stringify(me)).toContain('Siti Aminah binti Abdullah')
    const bad = await call(siti, 'PUT', '/me/profile', {
      ...profile,
      email: 'not-mail',
      preferred_branch: 9999,
    })
    expect(bad.statusCode).toBe(400)
    const worse = await call(siti, 'PUT', '/me/profile', { ...profile, preferred_branch: 9999 })
    expect(fieldErrorKeys(worse.json().errors)).toContainEqual({
      field: 'preferred_branch',
      message: 'validation.branchRequired',
    })
  })

  it('moves the login to a new number only with the code sent to that number', async () => {
    const sent = await call(siti, 'POST', '/me/mobile/code', { mobile: '012-777 1234' })
    expect(sent.statusCode).toBe(200)
    const { preAuthSessionId, deviceId } = sent.json()
    const code = await latestCode(t.app, '+60127771234')
    const wrong = await call(siti, 'POST', '/me/mobile/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.json().code).toBe('OTP_INVALID')
    // Another farmer cannot use Siti's code.
    const ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    const stolen = await call(ahmad, 'POST', '/me/mobile/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: code,
    })
    expect(stolen.json().code).toBe('OTP_INVALID')
    const ok = await call(siti, 'POST', '/me/mobile/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: code,
    })
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(200)
    expect(JSON.stringify(ok.json())).toContain('+60127771234')
    // The new number logs in; the old one no longer does.
    expect((await loginTokens(t.app, '+60127771234')).access_token).toBeTruthy()
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { mobile: '+60120000002', password: 'demo2026' },
    })
    expect(old.statusCode).toBe(401)
  })

  it('refuses a number that already has an account', async () => {
    const sent = await call(siti, 'POST', '/me/mobile/code', { mobile: '+60120000001' })
    const { preAuthSessionId, deviceId } = sent.json()
    const code = await latestCode(t.app, '+60120000001')
    const res = await call(siti, 'POST', '/me/mobile/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: code,
    })
    expect(res.json().code).toBe('USER_EXISTS')
  })
})
