import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { paymentPins } from '@padi/db/schema/credit'
import { webauthnCredentials } from '@padi/db/schema/biometrics'
import { orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import type { Locale } from '@padi/domain/i18n/locales'
import { PIN_LOCK_MS } from '@padi/domain/payment/pin'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createSoftwareAuthenticator } from '../../../test/software-authenticator.ts'
import { oneCreditPickup } from '../../../test/order-fixtures.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'

/**
 * docs/security.md row 56, ADR 060: a stolen session must not spend the credit line without the
 * PIN. Adding a device to pay with needs the PIN (or, with no PIN set, a code by SMS to the
 * account's own mobile), counted towards the PIN's one lock; while the PIN is locked no device is
 * added and none pays; the customer is told by SMS of every device added.
 */
const ORIGIN = 'http://localhost:3300'
const PIN = '390571'
const clock = createTestClock()
let t: TestApp
let order: Record<string, unknown>
let priceMinor: number
/** Every SMS handed to the gateway. */
const sent: SmsMessage[] = []

beforeAll(async () => {
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: ORIGIN,
    },
    { clock, sms: { name: 'test', send: async (m) => void sent.push(m) } },
  )
  ;({ order, priceMinor } = await oneCreditPickup(t.db.db))
})
afterAll(async () => t.close())

/** A customer logged in, with the language their SMS are written in. */
async function customer(mobile: string, locale: Locale = 'en') {
  const token = (await loginTokens(t.app, mobile)).access_token
  await t.db.db.update(users).set({ locale }).where(eq(users.mobile, mobile))
  const [user] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile))
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    })
  return {
    id: user!.id,
    mobile,
    call,
    options: (proof?: object) => call('POST', '/me/biometrics/options', proof),
    register: (label: string, response: object) =>
      call('POST', '/me/biometrics', { label, response }),
    paymentOptions: (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/biometric-options',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: order,
      }),
    pay: (key: string, proof: { pin: string } | { webauthn: object }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { ...order, ...proof },
      }),
    available: async () =>
      (await call('GET', '/me/credits')).json().data[0].available_credits.amount_minor as number,
    orderCount: async () =>
      (await t.db.db.select({ n: count() }).from(orders).where(eq(orders.userId, user!.id)))[0]!.n,
    devices: async () =>
      t.db.db
        .select({ id: webauthnCredentials.id })
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, user!.id)),
  }
}

const smsTo = async (to: string) => {
  await t.app.otp.drain()
  return sent.filter((m) => m.to === to).map((m) => m.body)
}

describe('adding a device to pay with needs the PIN, and the PIN’s lock stops every factor (row 56)', () => {
  it('the attack of row 56: with the PIN locked, a stolen session adds no device and pays nothing (row 56)', async () => {
    const q = await customer('+60120000001')
    const phone = createSoftwareAuthenticator(ORIGIN, 'localhost')
    const thief = createSoftwareAuthenticator(ORIGIN, 'localhost')
    // Before the lock: Q's own phone is registered (with the PIN), a challenge to register
    // another device is made, and a payment challenge for an order.
    const own = await q.options({ pin: PIN })
    expect(own.statusCode).toBe(200)
    expect((await q.register('Q phone', phone.register(own.json()))).statusCode).toBe(201)
    const early = (await q.options({ pin: PIN })).json()
    const earlyPayment = await q.paymentOptions('row56-early')
    expect(earlyPayment.statusCode).toBe(200)

    // Five wrong PINs lock payment; the right PIN is then refused too.
    for (let i = 0; i < 5; i++) await q.pay(`row56-guess-${i}`, { pin: `11111${i}` })
    const right = await q.pay('row56-right', { pin: PIN })
    expect(right.statusCode).toBe(423)
    expect(right.json().code).toBe('PIN_LOCKED')
    const available = await q.available()
    const placed = await q.orderCount()

    // The attack, with only the access token: every step is refused with the lock.
    for (const proof of [undefined, {}, { pin: PIN }]) {
      const options = await q.options(proof)
      expect(options.statusCode, JSON.stringify(proof)).toBe(423)
      expect(options.json().code).toBe('PIN_LOCKED')
      expect(Number(options.headers['retry-after'])).toBeGreaterThan(29 * 60)
    }
    const registered = await q.register('Thief', thief.register(early))
    expect(registered.statusCode).toBe(423)
    expect(registered.json().code).toBe('PIN_LOCKED')
    // The phone registered before the lock does not pay either: not a new challenge...
    const options = await q.paymentOptions('row56-attack')
    expect(options.statusCode).toBe(423)
    expect(options.json().code).toBe('PIN_LOCKED')
    // ...nor an answer to a challenge made before the lock.
    const paid = await q.pay('row56-early', { webauthn: phone.authenticate(earlyPayment.json()) })
    expect(paid.statusCode).toBe(423)
    expect(paid.json().code).toBe('PIN_LOCKED')

    // Nothing charged, no order, no device added.
    expect(await q.available()).toBe(available)
    expect(await q.orderCount()).toBe(placed)
    expect((await q.devices()).map((d) => d.id)).toEqual([phone.id])

    // When the lock runs out, the phone pays again (with a new challenge; a new login, as the
    // access token has expired meanwhile).
    clock.advance(PIN_LOCK_MS + 1_000)
    const later = await customer('+60120000001')
    const fresh = (await later.paymentOptions('row56-after')).json()
    const after = await later.pay('row56-after', { webauthn: phone.authenticate(fresh) })
    expect(after.statusCode).toBe(201)
    expect(await later.available()).toBe(available - priceMinor)
  })

  it.skipIf(!process.env.DATABASE_URL)(
    'a lock that lands while a payment by device is being placed is seen by the order’s statement (row 56)',
    async () => {
      const q = await customer('+60120000001')
      const phone = createSoftwareAuthenticator(ORIGIN, 'localhost')
      const own = (await q.options({ pin: PIN })).json()
      expect((await q.register('Q second phone', phone.register(own))).statusCode).toBe(201)
      const challenge = (await q.paymentOptions('row56-race')).json()
      const answer = phone.authenticate(challenge)
      const available = await q.available()
      const placed = await q.orderCount()
      // A wrong PIN is being judged (its row held) when the payment reaches the statement: the
      // checks before the statement see no lock; the statement waits, and then sees it.
      let payment: ReturnType<typeof q.pay> | undefined
      await t.db.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from payment_pins where user_id = ${q.id} for update`)
        payment = q.pay('row56-race', { webauthn: answer })
        await vi.waitFor(
          async () => {
            const waiting = await t.db.db.execute(sql`select count(*)::int as n
              from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)
            expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0)
          },
          { timeout: 10_000, interval: 20 },
        )
        await tx
          .update(paymentPins)
          .set({ failures: 5, lockedUntil: new Date(clock.now().getTime() + PIN_LOCK_MS) })
          .where(eq(paymentPins.userId, q.id))
      })
      const res = await payment!
      expect(res.statusCode).toBe(423)
      expect(res.json().code).toBe('PIN_LOCKED')
      expect(await q.available()).toBe(available)
      expect(await q.orderCount()).toBe(placed)
      clock.advance(PIN_LOCK_MS + 1_000)
    },
  )

  it('options without the PIN are refused, a wrong PIN counts towards the payment lock, the right one works (row 56)', async () => {
    const th = await customer('+66800000001', 'th')
    for (const proof of [undefined, {}]) {
      const bare = await th.options(proof)
      expect(bare.statusCode).toBe(403)
      expect(bare.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', needs: 'pin' })
    }
    // A code by SMS is for accounts without a PIN: this one has a PIN.
    const code = await th.call('POST', '/me/biometrics/code')
    expect(code.statusCode).toBe(403)
    expect(code.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', needs: 'pin' })
    const malformed = await th.options({ pin: '12345' })
    expect(malformed.json().code).toBe('VALIDATION_FAILED')

    const wrong = await th.options({ pin: '390572' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 4 })
    // The same count as payment: a wrong PIN at checkout is the second.
    const atCheckout = await th.pay('th-wrong-1', { pin: '390573' })
    expect(atCheckout.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 3 })
    const ok = await th.options({ pin: PIN })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().authenticatorSelection.userVerification).toBe('required')
    // The right PIN set the count back to zero.
    const change = await th.call('PUT', '/me/pin', {
      pin: '604829',
      confirm_pin: '604829',
      current_pin: '111119',
    })
    expect(change.json()).toMatchObject({ code: 'PIN_INVALID', attempts_left: 4 })

    // Four more wrong PINs here lock payment: the right PIN at checkout is refused.
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await th.options({ pin: `20482${i}` })).json().code)
    expect(answers).toEqual(['PIN_INVALID', 'PIN_INVALID', 'PIN_INVALID', 'PIN_LOCKED'])
    const locked = await th.pay('th-right', { pin: PIN })
    expect(locked.statusCode).toBe(423)
    expect(locked.json().code).toBe('PIN_LOCKED')
    const list = (await th.call('GET', '/me/biometrics')).json()
    expect(list).toMatchObject({ data: [], proof: 'pin' })
    expect(Date.parse(list.pin_locked_until)).toBeGreaterThan(clock.now().getTime())
    clock.advance(PIN_LOCK_MS + 1_000)
  })

  it('a device added is told by SMS in the account’s language, naming it and when; it can be removed (row 56)', async () => {
    const th = await customer('+66800000001', 'th')
    const phone = createSoftwareAuthenticator(ORIGIN, 'localhost')
    const before = (await smsTo(th.mobile)).length
    const options = (await th.options({ pin: PIN })).json()
    // No SMS for options: only for a device actually added.
    expect((await smsTo(th.mobile)).length).toBe(before)
    const added = await th.register('มือถือของฉัน', phone.register(options))
    expect(added.statusCode).toBe(201)
    const texts = (await smsTo(th.mobile)).slice(before)
    const moment = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(clock.now())
      .replace(/^(\d\d)\/(\d\d), /, '$1-$2 ')
    expect(texts).toEqual([`SawahMart: เพิ่มมือถือของฉัน ${moment} ไม่ใช่คุณ ลบในตั้งค่า/โทรสาขา`])

    // Removed in Settings: it is gone, and it no longer pays.
    const list = (await th.call('GET', '/me/biometrics')).json()
    expect(list.data).toEqual([expect.objectContaining({ id: phone.id, label: 'มือถือของฉัน' })])
    const removed = await th.call('DELETE', `/me/biometrics/${encodeURIComponent(phone.id)}`)
    expect(removed.statusCode).toBe(204)
    expect((await th.call('GET', '/me/biometrics')).json().data).toEqual([])
    expect((await th.call('DELETE', `/me/biometrics/${phone.id}`)).statusCode).toBe(404)
    const pay = await th.paymentOptions('th-removed')
    expect(pay.json().code).toBe('BIOMETRIC_NOT_SET_UP')
    expect((await th.call('GET', '/me')).json().biometric_enabled).toBe(false)
  })

  it('with no PIN set, a code by SMS to the account’s own mobile is the proof, used once (row 56)', async () => {
    const siti = await customer('+60120000002', 'bm')
    const phone = createSoftwareAuthenticator(ORIGIN, 'localhost')
    expect((await siti.call('GET', '/me/biometrics')).json()).toMatchObject({
      proof: 'sms_code',
      pin_locked_until: null,
    })
    const bare = await siti.options({})
    expect(bare.statusCode).toBe(403)
    expect(bare.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', needs: 'sms_code' })
    expect((await siti.options({ pin: '604829' })).json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      needs: 'sms_code',
    })

    const before = (await smsTo(siti.mobile)).length
    const sentCode = await siti.call('POST', '/me/biometrics/code')
    expect(sentCode.statusCode).toBe(200)
    const [text] = (await smsTo(siti.mobile)).slice(before)
    // In the account's language (Malay), to the account's own number.
    expect(text).toMatch(
      /^SawahMart: kod untuk menambah peranti yang membayar dari akaun anda ialah \d{6}\./,
    )
    const code = text!.match(/\b(\d{6})\b/)![1]!
    const proof = (userInputCode: string) => ({
      code: {
        preAuthSessionId: sentCode.json().preAuthSessionId,
        deviceId: sentCode.json().deviceId,
        userInputCode,
      },
    })
    const wrong = await siti.options(proof(code === '000000' ? '000001' : '000000'))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: 4 })
    // Another customer's session cannot use this code.
    const other = await customer('+60120000001')
    expect((await other.options(proof(code))).json().code).toBe('STEP_UP_REQUIRED')

    const ok = await siti.options(proof(code))
    expect(ok.statusCode).toBe(200)
    expect((await siti.options(proof(code))).json().code).toBe('OTP_INVALID')
    const added = await siti.register('Telefon saya', phone.register(ok.json()))
    expect(added.statusCode).toBe(201)
    const notice = (await smsTo(siti.mobile)).at(-1)
    expect(notice).toMatch(
      /^SawahMart: "Telefon saya" ditambah pada \d\d-\d\d-\d{4} \d\d:\d\d [AP]M untuk bayar dengan cap jari atau wajah\. Bukan anda\? Buang di Tetapan dan hubungi cawangan\.$/,
    )

    // Once a PIN is set, the PIN is the proof: no more codes.
    expect(
      (await siti.call('PUT', '/me/pin', { pin: '604829', confirm_pin: '604829' })).statusCode,
    ).toBe(200)
    expect((await siti.call('POST', '/me/biometrics/code')).json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      needs: 'pin',
    })
    expect(
      await t.db.db
        .select({ n: count() })
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, siti.id)),
    ).toEqual([{ n: 1 }])
  })
})
