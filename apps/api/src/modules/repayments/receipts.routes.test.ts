import { readdirSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { repaymentReceipts } from '@padi/db/schema/repayments'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { useCredit } from '../../../test/credit-helpers.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'

const png = (w = 40) =>
  sharp({ create: { width: w, height: 30, channels: 3, background: '#2c5d7d' } })
    .png()
    .toBuffer()

describe('repayment receipts (docs/product/credit.md: Repayment receipts)', () => {
  let t: TestApp
  let ahmad: string
  let siti: string
  let finance: string
  let lineId: number
  const sent: SmsMessage[] = []
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' },
      { sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    const login = await loginTokens(t.app, '+60120000001')
    ahmad = login.access_token
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    // Ahmad has used RM500 of his line.
    lineId = await useCredit(t, ahmad, 'MYR', 50_000)
  })
  afterAll(() => t.close())

  const send = (
    token: string,
    query: Record<string, string>,
    body: Buffer,
    name = 'slip.png',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/me/receipts?${new URLSearchParams({
        method: 'bank_transfer',
        bank: 'Bank Rakyat',
        amount: '200.50',
        paid_on: '2026-11-20',
        reference: 'FT2611200001',
        name,
        locale: 'bm',
        ...query,
      })}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    })
  const rows = async () => (await t.db.db.select({ n: count() }).from(repaymentReceipts))[0]!.n
  const line = async () =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })

  it('refuses every wrong amount and file with its message, keeping nothing', async () => {
    const before = await rows()
    const refused = async (res: Awaited<ReturnType<typeof send>>, status: number, key: string) => {
      expect({ status: res.statusCode, key: res.json().message_key }).toEqual({ status, key })
    }
    await refused(
      await send(ahmad, { amount: '0' }, await png()),
      400,
      'receipt.errors.amountPositive',
    )
    await refused(
      await send(ahmad, { amount: '1.005' }, await png()),
      400,
      'receipt.errors.amountDecimals',
    )
    await refused(
      await send(ahmad, { amount: 'abc' }, await png()),
      400,
      'receipt.errors.amountInvalid',
    )
    await refused(
      await send(ahmad, { amount: '500.01' }, await png()),
      400,
      'receipt.errors.amountOverUtilised',
    )
    await refused(await send(ahmad, {}, Buffer.alloc(0)), 400, 'receipt.errors.emptyFile')
    await refused(await send(ahmad, {}, await png(), 'slip.pdf'), 415, 'receipt.errors.invalidType')
    const tooBig = await send(ahmad, {}, Buffer.alloc(10 * 1024 * 1024, 1))
    expect(tooBig.statusCode).toBe(413)
    // A farmer without a credit line has nothing to repay.
    expect((await send(siti, {}, await png())).json().code).toBe('CREDIT_UNAVAILABLE')
    expect(await rows()).toBe(before)
  })

  it('waits for finance, who approves it into a repayment that restores the credit', async () => {
    const res = await send(ahmad, {}, await png())
    expect(res.statusCode).toBe(201)
    const receipt = res.json()
    expect(receipt).toMatchObject({
      status: 'pending',
      amount: { amount_minor: 20_050, currency: 'MYR' },
      bank: 'Bank Rakyat',
    })
    expect((await call(ahmad, 'GET', '/me/receipts?status=pending')).json().data).toHaveLength(1)
    // Only its owner and finance read the file; customers cannot decide.
    expect((await call(siti, 'GET', `/me/receipts/${receipt.id}/file`)).statusCode).toBe(404)
    expect((await call(ahmad, 'GET', `/me/receipts/${receipt.id}/file`)).statusCode).toBe(200)
    expect((await call(ahmad, 'GET', '/admin/receipts')).statusCode).toBe(403)
    expect((await call(ahmad, 'POST', `/admin/receipts/${receipt.id}/approve`)).statusCode).toBe(
      403,
    )

    const queue = (await call(finance, 'GET', '/admin/receipts')).json()
    expect(queue.data[0]).toMatchObject({ id: receipt.id, utilised: { amount_minor: 50_000 } })
    expect(queue.counts.pending).toBe(1)
    const file = await call(finance, 'GET', `/admin/receipts/${receipt.id}/file`)
    expect(file.headers['content-disposition']).toMatch(/^attachment/)

    // Twenty approvals at once: one repayment.
    const approvals = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(finance, 'POST', `/admin/receipts/${receipt.id}/approve`),
      ),
    )
    expect(approvals.filter((a) => a.statusCode === 200)).toHaveLength(1)
    for (const a of approvals.filter((a) => a.statusCode !== 200))
      expect(a.json().code).toBe('RECEIPT_DECIDED')
    expect((await line()).utilisedMinor).toBe(50_000 - 20_050)
    const entries = await t.db.db.select().from(creditLedger).where(eq(creditLedger.lineId, lineId))
    expect(entries.filter((e) => e.kind === 'repayment')).toHaveLength(1)
    expect(entries.find((e) => e.kind === 'repayment')).toMatchObject({
      principalDeltaMinor: -20_050,
      utilisedAfterMinor: 29_950,
    })
    const credits = (await call(ahmad, 'GET', '/me/credits')).json().data[0]
    expect(credits.utilised_credits.amount_minor).toBe(29_950)
    expect((await call(ahmad, 'GET', '/me/receipts?status=approved')).json().data).toHaveLength(1)
    await t.app.otp.drain()
    expect(sent.at(-1)).toEqual({
      to: '+60120000001',
      body: 'SawahMart: bayaran balik anda sebanyak RM200.50 telah disahkan. Kredit tersedia anda telah dipulihkan.',
    })
  })

  it('rejects with a reason the farmer reads, and the credit stays as it was', async () => {
    const receipt = (await send(ahmad, { amount: '10' }, await png(50))).json()
    const before = (await line()).utilisedMinor
    const rejected = await call(finance, 'POST', `/admin/receipts/${receipt.id}/reject`, {
      reason: 'The reference does not match any transfer.',
    })
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decision_reason: 'The reference does not match any transfer.',
    })
    expect((await line()).utilisedMinor).toBe(before)
    expect((await call(ahmad, 'GET', '/me/receipts?status=rejected')).json().data[0].id).toBe(
      receipt.id,
    )
  })

  it('keeps one receipt and one file for twenty tries with one Idempotency-Key', async () => {
    const before = await rows()
    const storedFiles = () =>
      readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((f) =>
        f.isFile(),
      ).length
    const filesBefore = storedFiles()
    const slip = await png(61)
    const key = `receipt-${Date.now()}`
    const deposit = { method: 'cash_deposit', amount: '12.34', paid_on: '2026-11-21' }
    const withKey = { 'idempotency-key': key }
    const tries = await Promise.all(
      Array.from({ length: 20 }, () => send(ahmad, deposit, slip, 'slip.png', withKey)),
    )
    const created = tries.filter((r) => r.statusCode === 201)
    // Each try answers the receipt or, while the first is under way, 409 (try again).
    expect(created.length + tries.filter((r) => r.statusCode === 409).length).toBe(20)
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1)
    expect(await rows()).toBe(before + 1)
    // The retries' copies of the file were removed.
    expect(storedFiles()).toBe(filesBefore + 1)
    const again = await send(ahmad, deposit, slip)
    expect(again.statusCode).toBe(201)
    expect(await rows()).toBe(before + 2)
    // The same key for another receipt is refused and keeps nothing.
    const other = await send(ahmad, { ...deposit, amount: '99' }, slip, 'slip.png', withKey)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH')
    expect(await rows()).toBe(before + 2)
  })
})
