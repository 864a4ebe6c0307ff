import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { creditLines } from '@padi/db/schema/credit'
import { contractRenewals } from '@padi/db/schema/renewals'
import { users } from '@padi/db/schema/users'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { readPdf } from '../../../test/pdf-text.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

/** A signature as the pad sends it: a PNG data URL with a stroke on a clear background. */
async function drawn(stroke = true): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">${
    stroke
      ? '<path d="M40 150 C 120 20, 200 180, 300 90 S 480 40, 560 140" stroke="#000" stroke-width="4" fill="none"/>'
      : ''
  }</svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return `data:image/png;base64,${png.toString('base64')}`
}

const DEVICE = 'Mozilla/5.0 (Linux; Android 11; SM-A025F) AppleWebKit/537.36 Chrome/120 Mobile'

describe('contract renewal (docs/product/credit.md: Renewal)', () => {
  let t: TestApp
  let ahmad: string
  let finance: string
  let lineId: number
  const sent: SmsMessage[] = []
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' },
      { sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    lineId = line!.id
  })
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), 'user-agent': DEVICE },
      payload,
    })
  const form = async (over: object = {}) => ({
    planting_on: '2027-01-10',
    harvest_on: '2027-05-20',
    signature: await drawn(),
    agree: true,
    ...over,
  })

  it('refuses a renewal while the credit is active, and says why', async () => {
    const status = (await call(ahmad, 'GET', '/me/credit-renewal')).json()
    expect(status).toMatchObject({
      data: [],
      eligibility: { allowed: false, blocks: ['credit_not_suspended'] },
    })
    const res = await call(ahmad, 'POST', '/me/credit-renewal', await form())
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'RENEWAL_NOT_ALLOWED',
      blocks: ['credit_not_suspended'],
    })
  })

  it('judges the form: harvest after planting, a real signature, the terms agreed', async () => {
    await t.db.db.update(creditLines).set({ state: 'suspended' }).where(eq(creditLines.id, lineId))
    const refused = async (over: object, field: string, message: string) => {
      const res = await call(ahmad, 'POST', '/me/credit-renewal', await form(over))
      expect(res.statusCode).toBe(400)
      expect(fieldErrorKeys(res.json().errors)).toContainEqual({ field, message })
    }
    await refused({ harvest_on: '2027-01-10' }, 'harvest_on', 'renewal.errors.harvestAfterPlanting')
    await refused({ harvest_on: '' }, 'harvest_on', 'renewal.errors.required')
    await refused({ agree: false }, 'agree', 'renewal.errors.agree')
    await refused({ signature: '' }, 'signature', 'renewal.errors.signature')
    await refused({ signature: await drawn(false) }, 'signature', 'renewal.errors.signature')
    await refused(
      { signature: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` },
      'signature',
      'renewal.errors.signature',
    )
    expect(await t.db.db.select().from(contractRenewals)).toHaveLength(0)
  })

  it('refuses while anything is owed', async () => {
    await t.db.db.update(creditLines).set({ lateFeeMinor: 100 }).where(eq(creditLines.id, lineId))
    const res = await call(ahmad, 'POST', '/me/credit-renewal', await form())
    expect(res.json().blocks).toEqual(['amount_due'])
    await t.db.db.update(creditLines).set({ lateFeeMinor: 0 }).where(eq(creditLines.id, lineId))
  })

  it('keeps one signed renewal of twenty at once, as a PDF with the signature, time and device', async () => {
    const body = await form()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(ahmad, 'POST', '/me/credit-renewal?locale=bm', body)),
    )
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(['RENEWAL_PENDING', 'RENEWAL_NOT_ALLOWED']).toContain(r.json().code)
    const record = results.find((r) => r.statusCode === 201)!.json()
    expect(record).toMatchObject({ status: 'PENDING', harvest_on: '2027-05-20' })
    const status = (await call(ahmad, 'GET', '/me/credit-renewal')).json()
    expect(status.data[0]).toMatchObject({ id: record.id, status: 'PENDING' })
    expect(status.eligibility.blocks).toContain('renewal_pending')

    const pdf = await call(ahmad, 'GET', `/me/credit-renewal/${record.id}/contract`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const read = await readPdf(pdf.rawPayload)
    expect(read.images).toBe(1)
    expect(read.text).toContain('Pembaharuan kontrak kredit')
    expect(read.text).toContain('Ahmad')
    expect(read.text).toContain(DEVICE)
    expect(read.text).toContain(record.signed_at)
    expect(read.text).toContain('20-05-2027')
    // Another farmer cannot read it.
    const siti = (await loginTokens(t.app, '+60120000002')).access_token
    expect((await call(siti, 'GET', `/me/credit-renewal/${record.id}/contract`)).statusCode).toBe(
      404,
    )
  })

  it('finance approves once: a new active line with the same limit, due at the new harvest; audited and by SMS', async () => {
    expect((await call(ahmad, 'GET', '/admin/renewals')).statusCode).toBe(403)
    const queue = (await call(finance, 'GET', '/admin/renewals')).json()
    expect(queue.counts).toEqual({ pending: 1 })
    expect(queue.data[0]).toMatchObject({ device: DEVICE, customer_name: 'Ahmad bin Ismail' })
    const id = queue.data[0].id
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => call(finance, 'POST', `/admin/renewals/${id}/approve`)),
    )
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    const credits = (await call(ahmad, 'GET', '/me/credits')).json().data
    expect(credits[0]).toMatchObject({
      state: 'active',
      approved_credits: { amount_minor: 500_000 },
      harvest_on: '2027-05-20',
      planting_on: '2027-01-10',
    })
    expect(credits[1]).toMatchObject({ id: lineId, state: 'suspended' })
    const status = (await call(ahmad, 'GET', '/me/credit-renewal')).json()
    expect(status.data[0].status).toBe('APPROVED')
    const [audit] = await t.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({ action: 'renewal.approve', subjectId: id })
    await t.app.otp.drain()
    expect(sent.at(-1)!.body).toContain('pembaharuan kontrak anda diluluskan')
  })

  it('after a rejection with a date, refuses until that date; without a date, at once', async () => {
    // The new line suspended again, nothing owed: a second renewal, rejected with a date.
    await t.db.db
      .update(creditLines)
      .set({ state: 'suspended' })
      .where(
        eq(
          creditLines.userId,
          (await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!.userId,
        ),
      )
    const first = await call(ahmad, 'POST', '/me/credit-renewal', await form())
    expect(first.statusCode).toBe(201)
    const rejected = await call(finance, 'POST', `/admin/renewals/${first.json().id}/reject`, {
      reason: 'Tandatangan tidak sepadan dengan kad pengenalan.',
      can_resubmit_on: '2099-01-01',
    })
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      can_resubmit_at: expect.stringMatching(/^2098-12-31T16:00/),
    })
    const blocked = await call(ahmad, 'POST', '/me/credit-renewal', await form())
    expect(blocked.json()).toMatchObject({
      code: 'RENEWAL_NOT_ALLOWED',
      blocks: ['resubmit_later'],
    })
    await t.app.otp.drain()
    expect(sent.at(-1)!.body).toContain('01-01-2099')
  })
})

describe("the signed contract's file name (docs/product/dates-and-times.md)", () => {
  // 17:30 UTC on the 22nd is 01:30 AM on the 23rd in Malaysia: the UTC day is the day before.
  const clock = createTestClock(new Date('2026-11-22T17:30:00Z'))
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' }, { clock })
  })
  afterAll(() => t.close())

  it('takes the day the contract was signed in its market, as the PDF prints it', async () => {
    const ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    const finance = (await loginTokens(t.app, '+60120000004')).access_token
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    await t.db.db
      .update(creditLines)
      .set({ state: 'suspended' })
      .where(eq(creditLines.userId, user!.id))
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/credit-renewal',
      headers: { ...bearer(ahmad), 'user-agent': DEVICE },
      payload: {
        planting_on: '2027-01-10',
        harvest_on: '2027-05-20',
        signature: await drawn(),
        agree: true,
      },
    })
    expect(signed.statusCode).toBe(201)
    const id = signed.json().id
    const download = (token: string, url: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })
    const mine = await download(ahmad, `/me/credit-renewal/${id}/contract`)
    const finances = await download(finance, `/admin/renewals/${id}/contract`)
    for (const pdf of [mine, finances])
      expect(pdf.headers['content-disposition']).toContain(
        `filename="renewal-${id}-2026-11-23.pdf"`,
      )
    expect((await readPdf(mine.rawPayload)).text).toContain('23-11-2026 01:30 AM')
  })
})
