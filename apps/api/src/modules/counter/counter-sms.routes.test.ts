import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { and, desc, eq, gt, ne } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { smsOutbox } from '@padi/db/schema/auth'
import { branches } from '@padi/db/schema/branches'
import { branchStock } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { counterCodes } from '@padi/db/schema/vouchers'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { staffToken } from '../../../test/staff-fixtures.ts'
import type { SmsMessage, SmsProvider } from '../sms/sms-provider.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

const HOUR = 60 * 60_000

const sendCode = (app: FastifyInstance, token: string, mobile: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staff/counter/sms-code',
    headers: bearer(token),
    payload: { mobile },
  })

/** The newest message to a number, as the demo outbox shows it (the phone's inbox in tests). */
async function newestSms(t: TestApp, to: string) {
  await t.app.otp.drain()
  const res = await t.app.inject({ url: `/api/v1/dev/sms?to=${encodeURIComponent(to)}` })
  return res.json().data[0] as
    { body: string | null; purpose: string; status: string; created_at: string } | undefined
}

/** The 8 digits of the newest counter code sent to a number, as the customer reads them out. */
async function smsDigits(t: TestApp, to: string) {
  const sms = await newestSms(t, to)
  expect(sms?.purpose).toBe('counter_code')
  const found = sms?.body?.match(/\b(\d{4}) (\d{4})\b/)
  if (!found) throw new Error(`no counter code in the outbox for ${to}`)
  return `${found[1]}${found[2]}`
}

/** A Malaysian number nobody has (each test its own). */
let unknownSeq = 0
const unknownNumber = () => `+6011${String(70_000_000 + (unknownSeq += 1)).padStart(8, '0')}`

/**
 * docs/product/vouchers.md (a code by SMS), ADR 063, threat rows 64-69: a customer without mobile
 * data gives the clerk their registered number; a counter code for this branch goes to it by SMS.
 */
describe('a counter code by SMS (docs/product/vouchers.md)', () => {
  const clock = createTestClock()
  let t: TestApp
  let staff: string
  let staffId: number
  let branchId: number
  let elsewhere: string
  let customer: string
  let ahmadId: number
  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        // Small limits, so each is reached in a few requests.
        COUNTER_SMS_PER_STAFF: '6',
        COUNTER_SMS_PER_BRANCH: '9',
        COUNTER_SMS_PER_NUMBER: '2',
      },
      { clock },
    )
    const [seeded] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000003'))
    staffId = seeded!.id
    branchId = seeded!.staffBranchId!
    const [other] = await t.db.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.market, 'MY'), ne(branches.id, branchId)))
      .limit(1)
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    elsewhere = await staffToken(t, '+60120000092', other!.id)
    const ahmad = await loginTokens(t.app, '+60120000001')
    customer = ahmad.access_token
    ahmadId = ahmad.data.id
  })
  afterAll(() => t.close())

  /**
   * Each test starts with every window empty: the API's clock moves on (nothing sleeps), and the
   * clerks log in again (their access tokens live 15 minutes).
   */
  const freshWindows = async () => {
    clock.advance(2 * HOUR)
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    elsewhere = (await loginTokens(t.app, '+60120000092')).access_token
  }

  const lookup = (token: string, digits: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/counter/lookup',
      headers: bearer(token),
      payload: { digits },
    })

  it('sends the customer’s registered number a code in their language, naming the branch; the clerk types it and serves them; audited (rows 64, 65)', async () => {
    await freshWindows()
    await t.db.db.update(users).set({ locale: 'bm' }).where(eq(users.id, ahmadId))
    // Typed as the customer says it, in the local form.
    const sent = await sendCode(t.app, staff, '012-000 0001')
    expect(sent.statusCode).toBe(202)
    expect(sent.json()).toEqual({
      expires_in_seconds: 600,
      message: expect.any(String),
    })
    const sms = await newestSms(t, '+60120000001')
    expect(sms?.body).toMatch(
      /^SawahMart: kod kaunter anda di Alor Setar \(Ibu Pejabat\) ialah \d{4} \d{4}\. Bacakan hanya kepada kakitangan di depan anda, bukan melalui telefon\. Sah 10 minit\.$/,
    )
    const digits = await smsDigits(t, '+60120000001')
    // A code of the counter_codes table like the QR page's, for this branch, for 10 minutes.
    const [row] = await t.db.db
      .select()
      .from(counterCodes)
      .where(eq(counterCodes.digits, digits))
      .orderBy(desc(counterCodes.id))
    expect(row).toMatchObject({
      userId: ahmadId,
      channel: 'sms',
      branchId,
      usedAt: null,
    })
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(10 * 60_000)

    // The rest of the counter works unchanged: look-up, then a sale, once.
    const seen = await lookup(staff, digits)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ full_name: 'Ahmad bin Ismail', mobile: '+60•••••0001' })
    const [pack] = await t.db.db
      .select({ id: branchStock.variationId })
      .from(branchStock)
      .where(and(eq(branchStock.branchId, branchId), gt(branchStock.quantity, 5)))
      .limit(1)
    const sale = {
      digits,
      lines: [{ variation_id: pack!.id, count: 1 }],
      voucher_ids: [],
    }
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/counter/purchases',
        headers: { ...bearer(staff), 'idempotency-key': randomUUID() },
        payload: sale,
      })
    expect((await buy()).statusCode).toBe(201)
    expect((await buy()).json().code).toBe('QR_USED')

    // Every send is in the audit log: who, where, for whom.
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'counter.sms_code_sent'))
      .orderBy(desc(auditLog.id))
    expect(entry).toMatchObject({
      actorUserId: staffId,
      subjectType: 'branch',
      subjectId: branchId,
      after: { customer_id: ahmadId, mobile: '+60•••••0001', sent: true },
    })
    await t.db.db.update(users).set({ locale: 'en' }).where(eq(users.id, ahmadId))
  })

  it('serves only at the branch that sent it, for 10 minutes (rows 64, 66)', async () => {
    await freshWindows()
    expect((await sendCode(t.app, staff, '+60120000001')).statusCode).toBe(202)
    const digits = await smsDigits(t, '+60120000001')
    expect(await newestSms(t, '+60120000001')).toMatchObject({
      body: expect.stringContaining('your counter code at Alor Setar (Headquarters) is'),
    })
    // Another branch's clerk typing it finds nobody (and it counts as a miss there).
    const there = await lookup(elsewhere, digits)
    expect({ status: there.statusCode, code: there.json().code }).toEqual({
      status: 404,
      code: 'QR_NOT_FOUND',
    })
    clock.advance(9 * 60_000)
    expect((await lookup(staff, digits)).statusCode).toBe(200)
    // A code no clerk has found runs out after its 10 minutes (a found one serves its clerk for
    // the customer's visit: counter-vouchers.routes.test.ts).
    expect((await sendCode(t.app, staff, '+60120000001')).statusCode).toBe(202)
    const unseen = await smsDigits(t, '+60120000001')
    clock.advance(10 * 60_000)
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    const late = await lookup(staff, unseen)
    expect({ status: late.statusCode, code: late.json().code }).toEqual({
      status: 410,
      code: 'QR_EXPIRED',
    })
  })

  it('answers an unknown number exactly as a customer’s, and sends it nothing (row 69)', async () => {
    await freshWindows()
    const known = await sendCode(t.app, staff, '+60120000001')
    const nobody = unknownNumber()
    const unknown = await sendCode(t.app, staff, nobody)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    // Recorded (it counts against the same limits) but never sent, and no code was made.
    expect(await newestSms(t, nobody)).toMatchObject({
      purpose: 'counter_code',
      status: 'suppressed',
      body: null,
    })
    // A number whose sign-up was never finished, and a staff member's, are nobody's here too.
    const [pending] = await t.db.db
      .insert(users)
      .values({
        mobile: unknownNumber(),
        passwordHash: 'x',
        fullName: 'Pending Farmer',
        postcode: '06000',
        area: 'Jitra',
        district: 'Kubang Pasu',
        status: 'pending',
      })
      .returning()
    for (const mobile of [pending!.mobile, '+60120000004']) {
      const res = await sendCode(t.app, staff, mobile)
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 202,
        body: known.json(),
      })
      expect((await newestSms(t, mobile))?.status).toBe('suppressed')
    }
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'counter.sms_code_sent'), eq(auditLog.actorUserId, staffId)))
      .orderBy(desc(auditLog.id))
    expect(entry!.after).toMatchObject({ customer_id: null, sent: false })
  })

  it('a suspended customer gets the same answer, and the code is refused at the counter like any of theirs (rows 60, 69)', async () => {
    await freshWindows()
    await t.db.db.update(users).set({ status: 'suspended' }).where(eq(users.id, ahmadId))
    try {
      const res = await sendCode(t.app, staff, '+60120000001')
      expect(res.statusCode).toBe(202)
      const digits = await smsDigits(t, '+60120000001')
      const seen = await lookup(staff, digits)
      expect({ status: seen.statusCode, code: seen.json().code }).toEqual({
        status: 409,
        code: 'COUNTER_CUSTOMER_SUSPENDED',
      })
    } finally {
      await t.db.db.update(users).set({ status: 'active' }).where(eq(users.id, ahmadId))
    }
  })

  it('refuses a number of another country (judged from the number alone) and one it cannot read (row 69)', async () => {
    await freshWindows()
    // A Thai customer, and a Thai number nobody has: the same refusal.
    for (const mobile of ['+66800000001', '+66812345678']) {
      const res = await sendCode(t.app, staff, mobile)
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 422,
        code: 'COUNTER_SMS_WRONG_MARKET',
      })
    }
    for (const [mobile, message] of [
      ['not a number', 'validation.mobileInvalid'],
      ['', 'validation.mobileRequired'],
      [12, 'validation.mobileRequired'],
    ] as const) {
      const res = await sendCode(t.app, staff, mobile)
      expect({ status: res.statusCode, errors: fieldErrorKeys(res.json().errors) }).toEqual({
        status: 400,
        errors: [{ field: 'mobile', message }],
      })
    }
    expect(await t.db.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+66812345678'))).toEqual(
      [],
    )
  })

  it('only staff may send one (row 59)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/counter/sms-code',
      payload: { mobile: '+60120000001' },
    })
    expect(anonymous.statusCode).toBe(401)
    customer = (await loginTokens(t.app, '+60120000001')).access_token
    expect((await sendCode(t.app, customer, '+60120000001')).statusCode).toBe(403)
    const finance = (await loginTokens(t.app, '+60120000004')).access_token
    expect((await sendCode(t.app, finance, '+60120000001')).statusCode).toBe(403)
  })

  it('per number: a minute between codes and 2 an hour, known or not; a late SMS still works (rows 67-69)', async () => {
    await freshWindows()
    const statuses = async (mobile: string) => {
      const seen: string[] = []
      const step = async () => {
        const res = await sendCode(t.app, staff, mobile)
        const { code, limit } = res.json() as { code?: string; limit?: string }
        seen.push(
          [res.statusCode, code, limit, res.headers['retry-after']].filter(Boolean).join(' '),
        )
      }
      await step()
      await step() // within the cool-down
      clock.advance(61_000)
      await step()
      clock.advance(61_000)
      await step() // a third within the hour
      return seen
    }
    const known = await statuses('+60120000002')
    // An SMS that arrives late still works: each code sent lives its own 10 minutes.
    const [siti] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000002'))
    const sent = await t.db.db
      .select()
      .from(counterCodes)
      .where(and(eq(counterCodes.userId, siti!.id), eq(counterCodes.channel, 'sms')))
      .orderBy(counterCodes.id)
    expect(sent).toHaveLength(2)
    for (const code of sent) expect((await lookup(staff, code.digits)).statusCode).toBe(200)
    const unknown = await statuses(unknownNumber())
    expect(known).toEqual([
      '202',
      '429 OTP_COOLDOWN 60',
      '202',
      `429 COUNTER_SMS_LIMITED number ${3600 - 122}`,
    ])
    expect(unknown).toEqual(known)
    const refusals = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'counter.sms_code_limited'))
    expect(refusals.at(-1)).toMatchObject({
      actorUserId: staffId,
      subjectType: 'branch',
      subjectId: branchId,
      after: { limit: 'number', max: 2, retry_after_seconds: 3600 - 122 },
    })
    // The hour passes: the number may be sent one again.
    clock.advance(HOUR)
    staff = (await loginTokens(t.app, '+60120000003')).access_token
    expect((await sendCode(t.app, staff, '+60120000002')).statusCode).toBe(202)
  })

  it('per staff member and per branch, whoever the numbers are, with Retry-After (row 65)', async () => {
    await freshWindows()
    for (let i = 0; i < 6; i++)
      expect((await sendCode(t.app, staff, unknownNumber())).statusCode).toBe(202)
    const mine = await sendCode(t.app, staff, unknownNumber())
    expect({ status: mine.statusCode, code: mine.json().code, limit: mine.json().limit }).toEqual({
      status: 429,
      code: 'COUNTER_SMS_LIMITED',
      limit: 'staff',
    })
    expect(Number(mine.headers['retry-after'])).toBe(3600)
    // A colleague at the branch has the branch's rest (9 in all), a clerk elsewhere their own.
    const colleague = await staffToken(t, '+60120000093', branchId)
    for (let i = 0; i < 3; i++)
      expect((await sendCode(t.app, colleague, unknownNumber())).statusCode).toBe(202)
    const theirs = await sendCode(t.app, colleague, unknownNumber())
    expect(theirs.json()).toMatchObject({ code: 'COUNTER_SMS_LIMITED', limit: 'branch' })
    expect((await sendCode(t.app, elsewhere, unknownNumber())).statusCode).toBe(202)
  })

  it('sent all at once, a clerk’s codes still stop at the limit (row 65)', async () => {
    await freshWindows()
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => sendCode(t.app, elsewhere, unknownNumber())),
    )
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 202)).toHaveLength(6)
    expect(codes.filter((c) => c === 429)).toHaveLength(9)
  })
})

/**
 * docs/product/vouchers.md (a code by SMS), threat row 67: the clerk's answer never waits on the
 * SMS gateway; a send that failed is tried again while the code still works, and given up (its
 * code erased from the outbox) once it has run out.
 */
describe('a code by SMS while the SMS gateway is down (row 67)', () => {
  const clock = createTestClock()
  const delivered: SmsMessage[] = []
  let down = true
  const gateway: SmsProvider = {
    name: 'test-gateway',
    async send(message) {
      if (down) throw new Error('gateway down')
      delivered.push(message)
    },
  }
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' },
      { clock, sms: gateway },
    )
  })
  afterAll(() => t.close())

  const outboxRow = async () =>
    (
      await t.db.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, '+60120000001'))
        .orderBy(desc(smsOutbox.id))
        .limit(1)
    )[0]!

  it('sends the code when the gateway is back while it works, and gives it up once it has run out', async () => {
    const staff = (await loginTokens(t.app, '+60120000003')).access_token
    expect((await sendCode(t.app, staff, '+60120000001')).statusCode).toBe(202)
    await t.app.otp.drain()
    expect(await outboxRow()).toMatchObject({ purpose: 'counter_code', status: 'failed' })

    down = false
    clock.advance(20_000)
    await t.app.otp.retryDue()
    expect(delivered).toHaveLength(1)
    expect(delivered[0]!.body).toMatch(
      /your counter code at Alor Setar \(Headquarters\) is \d{4} \d{4}\./,
    )
    const digits = delivered[0]!.body
      .match(/(\d{4}) (\d{4})/)!
      .slice(1)
      .join('')
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/counter/lookup',
      headers: bearer(staff),
      payload: { digits },
    })
    expect(seen.json()).toMatchObject({ full_name: 'Ahmad bin Ismail' })

    // Down again, and for longer than the code lives: it is never sent late.
    down = true
    clock.advance(61_000)
    const again = (await loginTokens(t.app, '+60120000003')).access_token
    expect((await sendCode(t.app, again, '+60120000001')).statusCode).toBe(202)
    await t.app.otp.drain()
    down = false
    clock.advance(10 * 60_000)
    await t.app.otp.retryDue()
    expect(delivered).toHaveLength(1)
    expect(await outboxRow()).toMatchObject({ status: 'expired', codeSealed: null })
  })
})
