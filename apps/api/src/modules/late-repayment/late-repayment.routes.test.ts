import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { creditLines } from '@padi/db/schema/credit'
import { lateRepaymentApplications } from '@padi/db/schema/late-repayments'
import { users } from '@padi/db/schema/users'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { extensionToken } from '../../../test/late-repayment-helpers.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

// Today in Kuala Lumpur is 1 March 2027; Ahmad's harvest is set per test.
const clock = createTestClock(new Date('2027-03-01T10:00:00+08:00'))
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a5' } })
    .png()
    .toBuffer()

describe('late repayment without logging in (docs/product/credit.md: Late repayment)', () => {
  let t: TestApp
  let ahmadId: number
  let lineId: number
  const sent: SmsMessage[] = []
  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        OTP_SENDS_PER_NUMBER: '100',
        OTP_SENDS_PER_IP: '100',
        OTP_RESEND_COOLDOWN_SECONDS: '0',
      },
      { clock, sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    const [ahmad] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    ahmadId = ahmad!.id
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, ahmadId))
    lineId = line!.id
  })
  afterAll(() => t.close())

  const harvestOn = (harvest: string, planting = '2026-11-01') =>
    t.db.db
      .update(creditLines)
      .set({
        harvestOn: harvest,
        plantingOn: planting,
        dueAt: new Date(`${harvest}T00:00:00+08:00`),
      })
      .where(eq(creditLines.id, lineId))
  // The codes reach the test's own gateway (which the demo outbox then no longer shows).
  const lastCode = (to: string) => async () => {
    await t.app.otp.drain()
    const body = sent.filter((m) => m.to === to).at(-1)?.body ?? ''
    return /\b(\d{6})\b/.exec(body)?.[1] ?? ''
  }
  const tokenFor = (mobile: string) => extensionToken(t.app, mobile, lastCode(mobile))
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  const good = {
    new_planting_on: '2026-12-01',
    new_harvest_on: '2027-04-30',
    reason: 'Banjir merosakkan anak padi pada Januari; kami menanam semula.',
    affected_area: '1.5 ha di Kampung Alor Janggus',
  }

  it('answers a number without an account as any other, and sends it nothing', async () => {
    const before = sent.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/late-repayment/code',
      payload: { mobile: '+60129999999' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('If this number has an account, a code was sent by SMS.')
    await t.app.otp.drain()
    expect(sent.length).toBe(before)
  })

  it('shows nothing before the code, and a wrong code gives no token', async () => {
    expect((await t.app.inject({ url: '/api/v1/late-repayment' })).statusCode).toBe(401)
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/late-repayment/code',
      payload: { mobile: '+60120000001' },
    })
    const { preAuthSessionId, deviceId } = code.json()
    const real = await lastCode('+60120000001')()
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/late-repayment/verify',
      payload: {
        preAuthSessionId,
        deviceId,
        userInputCode: real === '000000' ? '111111' : '000000',
      },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('OTP_INVALID')
  })

  it('takes only its own token: not a login token, not a forged one; and its token opens nothing else', async () => {
    const access = (await loginTokens(t.app, '+60120000001')).access_token
    expect((await call(access, 'GET', '/late-repayment')).statusCode).toBe(401)
    const token = await tokenFor('+60120000001')
    const [head, body] = token.split('.')
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString())
    const other = Buffer.from(JSON.stringify({ ...forged, sub: '2' })).toString('base64url')
    expect(
      (await call(`${head}.${other}.${token.split('.')[2]}`, 'GET', '/late-repayment')).statusCode,
    ).toBe(401)
    expect((await call(token, 'GET', '/me')).statusCode).toBe(401)
    expect((await call(token, 'GET', '/admin/late-repayments')).statusCode).toBe(401)
  })

  it('says too early more than a month before the harvest, and expired after it', async () => {
    const token = await tokenFor('+60120000001')
    await harvestOn('2027-04-02')
    const early = (await call(token, 'GET', '/late-repayment')).json()
    expect(early).toMatchObject({
      first_name: 'Ahmad',
      harvest_on: '2027-04-02',
      window: { status: 'too_early', opens_on: '2027-03-02' },
    })
    expect((await call(token, 'POST', '/late-repayment', good)).json()).toMatchObject({
      code: 'EXTENSION_WINDOW_CLOSED',
      status: 'too_early',
    })
    await harvestOn('2027-02-28')
    expect((await call(token, 'GET', '/late-repayment')).json().window).toEqual({
      status: 'expired',
    })
    const late = await call(token, 'POST', '/late-repayment', good)
    expect(late.statusCode).toBe(409)
    expect(late.json().status).toBe('expired')
  })

  it('refuses dates not later than those in force and texts over 500 characters, keeping nothing', async () => {
    await harvestOn('2027-03-20')
    const token = await tokenFor('+60120000001')
    expect((await call(token, 'GET', '/late-repayment')).json().window).toEqual({
      status: 'open',
      days_left: 19,
    })
    const refused = async (payload: object, field: string, message: string) => {
      const res = await call(token, 'POST', '/late-repayment', { ...good, ...payload })
      expect(res.statusCode).toBe(400)
      expect(fieldErrorKeys(res.json().errors)).toContainEqual({ field, message })
    }
    await refused(
      { new_harvest_on: '2027-03-20' },
      'new_harvest_on',
      'extension.errors.harvestLater',
    )
    await refused(
      { new_planting_on: '2026-11-01' },
      'new_planting_on',
      'extension.errors.plantingLater',
    )
    await refused({ reason: 'x'.repeat(501) }, 'reason', 'extension.errors.tooLong')
    await refused({ affected_area: ' ' }, 'affected_area', 'extension.errors.required')
    const rows = await t.db.db.select().from(lateRepaymentApplications)
    expect(rows).toHaveLength(0)
  })

  it('takes documents, refuses another farmer’s, makes one application of twenty at once, and finance moves the due date', async () => {
    await harvestOn('2027-03-20')
    const token = await tokenFor('+60120000001')
    const upload = (tok: string, body: Buffer, name = 'sawah.png') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/late-repayment/documents?name=${name}`,
        headers: { ...bearer(tok), 'content-type': 'application/octet-stream' },
        payload: body,
      })
    const doc = await upload(token, await png())
    expect(doc.statusCode).toBe(201)
    const bad = await upload(token, Buffer.from('MZ not a picture at all'), 'virus.exe')
    expect(bad.json()).toMatchObject({ message_key: 'extension.errors.invalidType' })
    const thai = await tokenFor('+66800000001')
    const theirs = (await upload(thai, await png())).json().id
    expect(
      (await call(token, 'POST', '/late-repayment', { ...good, document_ids: [theirs] }))
        .statusCode,
    ).toBe(404)

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(token, 'POST', '/late-repayment?locale=bm', {
          ...good,
          document_ids: [doc.json().id],
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(['EXTENSION_PENDING', 'NOT_FOUND']).toContain(r.json().code)
    const created = results.find((r) => r.statusCode === 201)!.json()
    expect(created).toMatchObject({
      status: 'pending',
      harvest_on: '2027-03-20',
      documents: [{ file_name: 'sawah.png' }],
    })

    // A customer cannot decide; finance sees it with its document and approves it once.
    const ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    expect((await call(ahmad, 'GET', '/admin/late-repayments')).statusCode).toBe(403)
    const finance = (await loginTokens(t.app, '+60120000004')).access_token
    const queue = (await call(finance, 'GET', '/admin/late-repayments')).json()
    expect(queue.counts).toEqual({ pending: 1 })
    const file = await call(
      finance,
      'GET',
      `/admin/late-repayments/${created.id}/documents/${created.documents[0].id}`,
    )
    expect(file.headers['content-type']).toBe('image/png')
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(finance, 'POST', `/admin/late-repayments/${created.id}/approve`),
      ),
    )
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId))
    expect(line).toMatchObject({ harvestOn: '2027-04-30', plantingOn: '2026-12-01' })
    expect(line!.dueAt!.toISOString()).toBe(new Date('2027-04-30T00:00:00+08:00').toISOString())
    const [audit] = await t.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({ action: 'extension.approve', subjectId: created.id })
    await t.app.otp.drain()
    expect(sent.at(-1)).toMatchObject({ to: '+60120000001' })
    expect(sent.at(-1)!.body).toContain('30-04-2027')
    expect(sent.at(-1)!.body).toContain('diluluskan')
    // The dashboard's record shows the new dates.
    const credits = (await call(ahmad, 'GET', '/me/credits')).json().data[0]
    expect(credits).toMatchObject({ harvest_on: '2027-04-30' })
  })
})
