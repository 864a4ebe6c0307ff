import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { otpChallenges } from '@padi/db/schema/auth'
import { users } from '@padi/db/schema/users'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, latestCode, signupPayload } from '../../../test/auth-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

describe('sign-up with an SMS code (docs/product/accounts.md)', () => {
  let t: TestApp
  const clock = createTestClock(new Date('2026-11-22T02:00:00Z'))
  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_NUMBER: '50', OTP_SENDS_PER_IP: '500' }, { clock })
  })
  afterAll(() => t.close())
  const post = (url: string, payload: unknown, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: payload as object,
      remoteAddress: ip,
    })

  it('creates a pending account, sends a code, and verifying it logs the user in', async () => {
    const res = await post('/auth/signup?locale=bm', signupPayload('012-345 6701'))
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      statusCode: 201,
      data: { mobile: '+60123456701', status: 'pending' },
    })
    expect(body.preAuthSessionId).toMatch(/^[A-Za-z0-9_-]{24,}$/)
    expect(body.deviceId).toMatch(/^[A-Za-z0-9_-]{24,}$/)
    expect(typeof body.access_token).toBe('string')
    const [pending] = await t.db.db.select().from(users).where(eq(users.mobile, '+60123456701'))
    expect(pending?.status).toBe('pending')
    // The SMS is in Malay, as asked.
    const sms = (await t.app.inject({ url: '/api/v1/dev/sms?to=%2B60123456701' })).json().data[0]
    expect(sms.body).toContain('kod pendaftaran')
    // The code is stored only as a hash (docs/security.md row 9).
    const code = await latestCode(t.app, '+60123456701')
    const [challenge] = await t.db.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, body.preAuthSessionId))
    expect(challenge?.codeHash).not.toContain(code)
    expect(JSON.stringify(challenge)).not.toContain(`"${code}"`)

    clock.advance(61_000)
    const verified = await post('/auth/otp/verify', {
      preAuthSessionId: body.preAuthSessionId,
      deviceId: body.deviceId,
      userInputCode: code,
    })
    expect(verified.statusCode).toBe(200)
    const v = verified.json()
    expect(v).toMatchObject({
      status: 'OK',
      data: { mobile: '+60123456701', status: 'active', is_active: true },
    })
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(v.access_token) })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      full_name: 'Rosli bin Hamid',
      preferred_branches: [2],
      profile: {
        mobile_number: '+60123456701',
        postal_code: '06000',
        account_status: 'active',
        // docs/product/regions.md: the state comes from the postcode.
        state: 'MY-02',
        state_name: { en: 'Kedah', bm: 'Kedah', th: 'เกอดะฮ์' },
      },
    })
  })

  it("finds a Thai farmer's province from the postcode in their own market", async () => {
    clock.advance(120_000)
    const res = await post('/auth/signup', signupPayload('+66812345671', { postcode: '72000' }))
    expect(res.statusCode).toBe(201)
    const [row] = await t.db.db.select().from(users).where(eq(users.mobile, '+66812345671'))
    // 72000 is Kuala Pilah in Malaysia, but this number is Thai: Suphan Buri.
    expect(row?.state).toBe('TH-72')
  })

  it("answers 'user already exists' for an active number", async () => {
    const res = await post('/auth/signup', signupPayload('+60120000001'))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'USER_EXISTS', message: 'User already exists' })
    expect(res.json().deviceId).toBeUndefined()
  })

  it('resumes a pending number with 409 and a deviceId; only the second sign-up’s details verify', async () => {
    clock.advance(120_000)
    const first = await post(
      '/auth/signup',
      signupPayload('+60123456702', { full_name: 'First Try' }),
    )
    expect(first.statusCode).toBe(201)
    clock.advance(61_000)
    const again = await post(
      '/auth/signup',
      signupPayload('+60123456702', { full_name: 'Second Try' }),
    )
    expect(again.statusCode).toBe(409)
    const body = again.json()
    expect(body).toMatchObject({ code: 'SIGNUP_PENDING' })
    expect(body.deviceId).toBeTruthy()
    expect(body.preAuthSessionId).toBeTruthy()
    const code = await latestCode(t.app, '+60123456702')
    const ok = await post('/auth/otp/verify', {
      preAuthSessionId: body.preAuthSessionId,
      deviceId: body.deviceId,
      userInputCode: code,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.full_name).toBe('Second Try')
  })

  it('refuses a new code during the cool-down with 429 and Retry-After, then resends', async () => {
    clock.advance(120_000)
    const res = await post('/auth/signup', signupPayload('+60123456703'))
    const { preAuthSessionId, deviceId } = res.json()
    const early = await post('/auth/otp/resend', { preAuthSessionId, deviceId })
    expect(early.statusCode).toBe(429)
    expect(early.json().code).toBe('OTP_COOLDOWN')
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0)
    const oldCode = await latestCode(t.app, '+60123456703')
    clock.advance(61_000)
    const later = await post('/auth/otp/resend', { preAuthSessionId, deviceId })
    expect(later.statusCode).toBe(200)
    const newCode = await latestCode(t.app, '+60123456703')
    // The old code no longer works once a new one is sent (unless they happen to be equal).
    if (newCode !== oldCode) {
      const stale = await post('/auth/otp/verify', {
        preAuthSessionId,
        deviceId,
        userInputCode: oldCode,
      })
      expect(stale.json().code).toBe('OTP_INVALID')
    }
    const ok = await post('/auth/otp/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: newCode,
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses a code after 5 wrong tries even when it is right (row 5)', async () => {
    clock.advance(120_000)
    const { preAuthSessionId, deviceId } = (
      await post('/auth/signup', signupPayload('+60123456704'))
    ).json()
    const code = await latestCode(t.app, '+60123456704')
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) {
      answers.push(
        (
          await post('/auth/otp/verify', { preAuthSessionId, deviceId, userInputCode: wrong })
        ).json(),
      )
    }
    expect(answers.slice(0, 4).map((a) => a.code)).toEqual([
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
    ])
    expect(answers[0].attemptsLeft).toBe(4)
    expect(answers[4].code).toBe('OTP_EXHAUSTED')
    const right = await post('/auth/otp/verify', {
      preAuthSessionId,
      deviceId,
      userInputCode: code,
    })
    expect(right.statusCode).toBe(400)
    expect(right.json().code).toBe('OTP_EXHAUSTED')
  })

  it('refuses an expired code (row 6) and a used one (row 7)', async () => {
    clock.advance(120_000)
    const { preAuthSessionId, deviceId } = (
      await post('/auth/signup', signupPayload('+60123456705'))
    ).json()
    const code = await latestCode(t.app, '+60123456705')
    clock.advance(10 * 60_000 + 1000)
    const late = await post('/auth/otp/verify', { preAuthSessionId, deviceId, userInputCode: code })
    expect(late.statusCode).toBe(400)
    expect(late.json()).toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'The verification code has expired',
    })

    clock.advance(120_000)
    const second = (await post('/auth/signup', signupPayload('+60123456706'))).json()
    const code2 = await latestCode(t.app, '+60123456706')
    const once = await post('/auth/otp/verify', { ...second, userInputCode: code2 })
    expect(once.statusCode).toBe(200)
    const twice = await post('/auth/otp/verify', {
      preAuthSessionId: second.preAuthSessionId,
      deviceId: second.deviceId,
      userInputCode: code2,
    })
    expect(twice.json().code).toBe('OTP_INVALID')
  })

  it('needs the deviceId that came with the code, and keeps codes to their purpose (row 8)', async () => {
    clock.advance(120_000)
    const s = (await post('/auth/signup', signupPayload('+60123456707'))).json()
    const code = await latestCode(t.app, '+60123456707')
    const otherDevice = await post('/auth/otp/verify', {
      preAuthSessionId: s.preAuthSessionId,
      deviceId: 'A'.repeat(32),
      userInputCode: code,
    })
    expect(otherDevice.json().code).toBe('OTP_INVALID')
    // A sign-up code cannot reset a password.
    const reset = await post('/auth/password/reset', {
      preAuthSessionId: s.preAuthSessionId,
      deviceId: s.deviceId,
      userInputCode: code,
      password: 'newpass2026',
    })
    expect(reset.json().code).toBe('OTP_INVALID')
  })

  it('validates the payload with field keys and stores nothing', async () => {
    const res = await post('/auth/signup', {
      mobile: '12345',
      password: 'short',
      full_name: '',
      postcode: 'ABCDE',
      area: '',
      district: '',
      preferred_branch: 'x',
    })
    expect(res.statusCode).toBe(400)
    const fields = Object.fromEntries(
      res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    )
    expect(fields).toMatchObject({
      mobile: 'validation.mobileInvalid',
      password: 'validation.passwordTooShort',
      full_name: 'validation.fullNameRequired',
      postcode: 'validation.postcodeDigits',
      preferred_branch: 'validation.branchRequired',
    })
    const unknownBranch = await post(
      '/auth/signup',
      signupPayload('+60123456799', { preferred_branch: 9999 }),
    )
    expect(unknownBranch.statusCode).toBe(400)
    expect(fieldErrorKeys(unknownBranch.json().errors)).toEqual([
      { field: 'preferred_branch', message: 'validation.branchRequired' },
    ])
    const [row] = await t.db.db.select().from(users).where(eq(users.mobile, '+60123456799'))
    expect(row).toBeUndefined()
  })
})
