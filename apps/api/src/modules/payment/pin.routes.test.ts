import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, latestCode, loginTokens } from '../../../test/auth-helpers.ts'
import { eq } from 'drizzle-orm'
import { paymentPins } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { DEMO_PIN_HASH } from '@padi/db/seed/users'

const clock = createTestClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', DEMO_MODE: 'true' }, { clock })
})
afterAll(async () => t.close())

const setPin = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/me/pin', headers: bearer(token), payload })

describe('PUT /api/v1/me/pin (docs/product/orders-and-payments.md)', () => {
  it('sets a first PIN after the checks, and the profile then says so', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000002')
    const me = () => t.app.inject({ url: '/api/v1/me', headers: bearer(access_token) })
    expect((await me()).json().is_pin_set).toBe(false)

    const mismatch = await setPin(access_token, { pin: '604829', confirm_pin: '604828' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json()).toMatchObject({
      code: 'PIN_MISMATCH',
      message: 'PINs do not match, please try again',
    })
    for (const pin of ['123456', '111111', '121212', '000002'])
      expect((await setPin(access_token, { pin, confirm_pin: pin })).json().code, pin).toBe(
        'PIN_TOO_COMMON',
      )
    for (const pin of ['12345', '1234567', 'abcdef', 604829])
      expect((await setPin(access_token, { pin, confirm_pin: pin })).json().code).toBe(
        'VALIDATION_FAILED',
      )
    expect((await me()).json().is_pin_set).toBe(false)

    const ok = await setPin(access_token, { pin: '604829', confirm_pin: '604829' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ is_pin_set: true })
    expect((await me()).json().is_pin_set).toBe(true)
  })

  it('changes a PIN only with the current one', async () => {
    const { access_token } = await loginTokens(t.app, '+66800000001')
    const bare = await setPin(access_token, { pin: '271845', confirm_pin: '271845' })
    expect(bare.json()).toMatchObject({
      code: 'PIN_CURRENT_REQUIRED',
      message: 'Enter current PIN',
    })
    const wrong = await setPin(access_token, {
      pin: '271845',
      confirm_pin: '271845',
      current_pin: '390572',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 4 })
    const ok = await setPin(access_token, {
      pin: '271845',
      confirm_pin: '271845',
      current_pin: '390571',
    })
    expect(ok.statusCode).toBe(200)
    // The right PIN set the count of wrong ones back to zero.
    const again = await setPin(access_token, {
      pin: '390571',
      confirm_pin: '390571',
      current_pin: '111112',
    })
    expect(again.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 4 })
    expect(
      (await setPin(access_token, { pin: '390571', confirm_pin: '390571', current_pin: '271845' }))
        .statusCode,
    ).toBe(200)
  })

  it('locks for 30 minutes after five wrong PINs, however many are sent at once', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000001')
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        setPin(access_token, {
          pin: '604829',
          confirm_pin: '604829',
          current_pin: String(100000 + i * 7),
        }),
      ),
    )
    const codes = guesses.map((r) => r.json().code)
    // Four answers say how many tries are left; every other one says locked.
    expect(codes.filter((c) => c === 'PIN_INVALID').length).toBe(4)
    expect(codes.filter((c) => c !== 'PIN_INVALID' && c !== 'PIN_LOCKED')).toEqual([])
    const locked = guesses.find((r) => r.json().code === 'PIN_LOCKED')!
    expect(locked.statusCode).toBe(423)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(29 * 60)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30 * 60)

    // The right PIN does not open a locked payment either.
    const right = await setPin(access_token, {
      pin: '604829',
      confirm_pin: '604829',
      current_pin: '390571',
    })
    expect(right.json().code).toBe('PIN_LOCKED')
    clock.advance(30 * 60 * 1000 + 1000)
    const fresh = await loginTokens(t.app, '+60120000001')
    const after = await setPin(fresh.access_token, {
      pin: '390571',
      confirm_pin: '390571',
      current_pin: '390571',
    })
    expect(after.statusCode).toBe(200)
  })

  it('never refuses a right PIN because other tries were in flight; stores it keyed, not as argon2', async () => {
    const { access_token } = await loginTokens(t.app, '+66800000001')
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+66800000001'))
    const stored = async () =>
      (
        await t.db.db
          .select({ hash: paymentPins.pinHash })
          .from(paymentPins)
          .where(eq(paymentPins.userId, user!.id))
      )[0]!.hash
    // A PIN stored before as argon2id (as the demo data's is): its first right entry rewrites it.
    await t.db.db
      .update(paymentPins)
      .set({ pinHash: DEMO_PIN_HASH, failures: 0, lockedUntil: null })
      .where(eq(paymentPins.userId, user!.id))
    expect(await stored()).toMatch(/^\$argon2id\$/)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        setPin(access_token, { pin: '390571', confirm_pin: '390571', current_pin: '390571' }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect(await stored()).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/)
  })

  it('forgot PIN: a code by SMS to the customer’s own number sets a new PIN and ends the lock', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000001')
    const auth = bearer(access_token)
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) })
    // Locked by five wrong PINs.
    for (let i = 0; i < 5; i++)
      await setPin(access_token, { pin: '604829', confirm_pin: '604829', current_pin: '111113' })
    expect(
      (
        await setPin(access_token, { pin: '604829', confirm_pin: '604829', current_pin: '390571' })
      ).json().code,
    ).toBe('PIN_LOCKED')

    const sent = (await post('/api/v1/me/pin/forgot?locale=bm')).json()
    const code = await latestCode(t.app, '+60120000001')
    const reset = (extra: object) =>
      post('/api/v1/me/pin/reset', {
        preAuthSessionId: sent.preAuthSessionId,
        deviceId: sent.deviceId,
        userInputCode: code,
        pin: '604829',
        confirm_pin: '604829',
        ...extra,
      })
    expect((await reset({ confirm_pin: '604820' })).json().code).toBe('PIN_MISMATCH')
    expect((await reset({ pin: '123456', confirm_pin: '123456' })).json().code).toBe(
      'PIN_TOO_COMMON',
    )
    const wrong = await reset({ userInputCode: code === '000000' ? '000001' : '000000' })
    expect(wrong.json().code).toBe('OTP_INVALID')
    // Another customer cannot use this code for her own PIN.
    const siti = (await loginTokens(t.app, '+60120000002')).access_token
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/pin/reset',
      headers: bearer(siti),
      payload: {
        preAuthSessionId: sent.preAuthSessionId,
        deviceId: sent.deviceId,
        userInputCode: code,
        pin: '604829',
        confirm_pin: '604829',
      },
    })
    expect(stolen.json().code).toBe('OTP_INVALID')

    // A new code after the resend cool-down.
    clock.advance(61_000)
    const again = (await post('/api/v1/me/pin/forgot')).json()
    const fresh = await latestCode(t.app, '+60120000001')
    const done = await post('/api/v1/me/pin/reset', {
      preAuthSessionId: again.preAuthSessionId,
      deviceId: again.deviceId,
      userInputCode: fresh,
      pin: '604829',
      confirm_pin: '604829',
    })
    expect(done.statusCode).toBe(200)
    // Unlocked, with the new PIN.
    const change = await setPin(access_token, {
      pin: '390571',
      confirm_pin: '390571',
      current_pin: '604829',
    })
    expect(change.statusCode).toBe(200)
  })

  it('refuses to reset the PIN of a seeded back-office account in the demo', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000004')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/pin/forgot',
      headers: bearer(access_token),
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('DEMO_RESET_REFUSED')
  })
})
