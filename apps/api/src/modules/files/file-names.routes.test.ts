import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { creditLines } from '@padi/db/schema/credit'
import { kycDocuments } from '@padi/db/schema/kyc'
import { lateRepaymentDocuments } from '@padi/db/schema/late-repayments'
import { repaymentReceipts } from '@padi/db/schema/repayments'
import { users } from '@padi/db/schema/users'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { extensionToken } from '../../../test/late-repayment-helpers.ts'
import { createCreditService } from '../credit/credit.service.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'

// Today in Kuala Lumpur is 1 March 2027, inside the late-repayment window of a 20 March harvest.
const clock = createTestClock(new Date('2027-03-01T10:00:00+08:00'))

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
)
/** Shows as "receiptfdp.png" on screen: the right-to-left override turns the end around. */
const disguised = 'receipt\u202Egnp.pdf'
/** Bidi controls, other format characters (Cf), control characters (Cc) and line separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/**
 * The attachment header: both names must be the cleaned one (the ASCII one without a `_` left
 * where the override was).
 */
function expectCleanAttachment(header: string | string[] | number | undefined) {
  expect(typeof header).toBe('string')
  const value = header as string
  const plain = /filename="([^"]*)"/.exec(value)?.[1]
  const encoded = /filename\*=UTF-8''([^;\s]*)/.exec(value)?.[1]
  expect(plain).toBe('receiptgnp.pdf')
  expect(encoded).toBeDefined()
  expect(decodeURIComponent(encoded!)).toBe('receiptgnp.pdf')
  expect(HIDDEN.test(value)).toBe(false)
  expect(value).not.toMatch(/%E2%80%AE/i)
}

/**
 * docs/security.md row 63: every upload route that keeps the name a client gave (KYC documents,
 * repayment receipts, late-repayment documents; product photos and renewal contracts keep no
 * client name) keeps and sends back the name without bidi or control characters.
 */
describe('uploaded file names carry no bidi or control characters (row 63)', () => {
  let t: TestApp
  let ahmad: string
  let siti: string
  let finance: string
  const sent: SmsMessage[] = []
  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        OTP_RESEND_COOLDOWN_SECONDS: '0',
      },
      { clock, sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
  })
  afterAll(() => t.close())

  const get = (token: string, url: string) =>
    t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) })
  const upload = (token: string, url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: pdf,
    })

  it('KYC documents: the stored label, the list and both downloads', async () => {
    const res = await upload(
      siti,
      `/me/kyc/documents?kind=bank_statement&name=${encodeURIComponent(disguised)}`,
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().file_name).toBe('receiptgnp.pdf')
    const { id } = res.json()
    const [row] = await t.db.db.select().from(kycDocuments).where(eq(kycDocuments.id, id))
    expect(row!.fileName).toBe('receiptgnp.pdf')
    const listing = await get(siti, '/me/kyc')
    expect(listing.statusCode).toBe(200)
    expect(listing.body).toContain('"file_name":"receiptgnp.pdf"')
    expect(HIDDEN.test(listing.body)).toBe(false)
    const mine = await get(siti, `/me/kyc/documents/${id}`)
    expect(mine.statusCode).toBe(200)
    expectCleanAttachment(mine.headers['content-disposition'])
    const review = await get(finance, `/admin/kyc/${row!.applicationId}/documents/${id}`)
    expect(review.statusCode).toBe(200)
    expectCleanAttachment(review.headers['content-disposition'])
    // A name kept before names were cleaned is cleaned again on its way out.
    await t.db.db.update(kycDocuments).set({ fileName: disguised }).where(eq(kycDocuments.id, id))
    expectCleanAttachment(
      (await get(siti, `/me/kyc/documents/${id}`)).headers['content-disposition'],
    )
  })

  it('repayment receipts: the stored label, both lists and both downloads', async () => {
    // Ahmad has used RM500 of his line, so a receipt of RM200.50 may be sent.
    const [me] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    const credit = createCreditService({ db: t.db.db, clock })
    await t.db.db.transaction((tx) =>
      credit.charge(tx, { userId: me!.id, currency: 'MYR', amountMinor: 50_000, orderId: null }),
    )
    const query = new URLSearchParams({
      method: 'bank_transfer',
      bank: 'Bank Rakyat',
      amount: '200.50',
      paid_on: '2027-02-28',
      reference: 'FT2702280001',
      name: disguised,
    })
    const res = await upload(ahmad, `/me/receipts?${query}`)
    expect(res.statusCode).toBe(201)
    const { id } = res.json()
    const [row] = await t.db.db.select().from(repaymentReceipts).where(eq(repaymentReceipts.id, id))
    expect(row!.fileName).toBe('receiptgnp.pdf')
    for (const [token, url] of [
      [ahmad, '/me/receipts'],
      [finance, '/admin/receipts'],
    ] as const) {
      const listing = await get(token, url)
      expect(listing.statusCode, url).toBe(200)
      expect(listing.body, url).toContain('"file_name":"receiptgnp.pdf"')
      expect(HIDDEN.test(listing.body), url).toBe(false)
    }
    for (const [token, url] of [
      [ahmad, `/me/receipts/${id}/file`],
      [finance, `/admin/receipts/${id}/file`],
    ] as const) {
      const file = await get(token, url)
      expect(file.statusCode, url).toBe(200)
      expectCleanAttachment(file.headers['content-disposition'])
    }
  })

  it('late-repayment documents: the stored label, the application, the queue and the download', async () => {
    const [me] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    await t.db.db
      .update(creditLines)
      .set({
        harvestOn: '2027-03-20',
        plantingOn: '2026-11-01',
        dueAt: new Date('2027-03-20T00:00:00+08:00'),
      })
      .where(eq(creditLines.userId, me!.id))
    const token = await extensionToken(t.app, '+60120000001', async () => {
      await t.app.otp.drain()
      const body = sent.filter((m) => m.to === '+60120000001').at(-1)?.body ?? ''
      return /\b(\d{6})\b/.exec(body)?.[1] ?? ''
    })
    const res = await upload(
      token,
      `/late-repayment/documents?name=${encodeURIComponent(disguised)}`,
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().file_name).toBe('receiptgnp.pdf')
    const documentId = res.json().id
    const [row] = await t.db.db
      .select()
      .from(lateRepaymentDocuments)
      .where(eq(lateRepaymentDocuments.id, documentId))
    expect(row!.fileName).toBe('receiptgnp.pdf')
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/late-repayment',
      headers: bearer(token),
      payload: {
        new_planting_on: '2026-12-01',
        new_harvest_on: '2027-04-30',
        reason: 'Banjir merosakkan anak padi pada Januari; kami menanam semula.',
        affected_area: '1.5 ha di Kampung Alor Janggus',
        document_ids: [documentId],
      },
    })
    expect(applied.statusCode).toBe(201)
    expect(applied.json().documents).toMatchObject([{ file_name: 'receiptgnp.pdf' }])
    const queue = await get(finance, '/admin/late-repayments')
    expect(queue.statusCode).toBe(200)
    expect(queue.body).toContain('"file_name":"receiptgnp.pdf"')
    expect(HIDDEN.test(queue.body)).toBe(false)
    const file = await get(
      finance,
      `/admin/late-repayments/${applied.json().id}/documents/${documentId}`,
    )
    expect(file.statusCode).toBe(200)
    expectCleanAttachment(file.headers['content-disposition'])
  })
})
