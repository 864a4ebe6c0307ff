import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, inArray } from 'drizzle-orm'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { auditLog } from '@padi/db/schema/audit'
import { bankStatementLines } from '@padi/db/schema/repayments'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { useCredit } from '../../../test/credit-helpers.ts'
import { camt053, MAYBANK_CSV_MAPPING } from '../../../test/camt053-fixture.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'
import { referenceFromBytes } from '@padi/domain/repayments/repayment-reference'

/** A reference of the right shape that no repayment was given. */
const NEVER_GIVEN = referenceFromBytes(new Uint8Array([255, 254, 253, 252, 251]))

/** A shop in demo mode, Ahmad owing RM500 on his line, finance logged in, the SMS kept. */
async function shopWithAhmadOwing() {
  const sent: SmsMessage[] = []
  const t = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000', DEMO_MODE: 'true' },
    { sms: { name: 'test', send: async (m) => void sent.push(m) } },
  )
  const ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  const finance = (await loginTokens(t.app, '+60120000004')).access_token
  const lineId = await useCredit(t, ahmad, 'MYR', 50_000)
  return { t, ahmad, finance, lineId, sent }
}

describe('matching the statement (docs/product/repayments.md: Matching the statement)', () => {
  let t: TestApp
  let ahmad: string
  let finance: string
  let lineId: number
  let sent: SmsMessage[]
  beforeAll(async () => ({ t, ahmad, finance, lineId, sent } = await shopWithAhmadOwing()))
  afterAll(() => t.close())

  const qr = async (amount: string, locale = 'bm') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/qr-repayments',
      headers: bearer(ahmad),
      payload: { amount, locale },
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: number; reference: string }
  }
  const importing = (xml: string, token = finance, type = 'application/xml') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/statements',
      headers: { ...bearer(token), 'content-type': type },
      payload: xml,
    })
  const line = async () =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!
  const ledgerEntries = async () =>
    (
      await t.db.db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.lineId, lineId))
    )[0]!.n
  const statementLines = async () =>
    (await t.db.db.select({ n: count() }).from(bankStatementLines))[0]!.n

  it('applies exact matches at once, sends the rest to review with the reason, and nothing twice', async () => {
    const [a, b, c] = [await qr('150.50'), await qr('100'), await qr('20')]
    const before = await line()
    const entriesBefore = await ledgerEntries()
    const xml = camt053(
      [
        { id: 'FT001', amount: '150.50', text: `DUITNOW QR ${a.reference} PADI` },
        { id: 'FT002', amount: '99.00', text: b.reference },
        { id: 'FT003', amount: '10.00', text: 'CASH DEPOSIT' },
        { id: 'FT004', amount: '75.00', direction: 'DBIT' },
        { id: 'FT005', amount: '5.00', status: 'PDNG', text: a.reference },
      ],
      [
        { id: 'FT006', amount: '20.00', text: `ref ${c.reference.toLowerCase()}` },
        { id: 'FT007', amount: '12.00', text: `REF ${NEVER_GIVEN}` },
      ],
    )
    const res = await importing(xml)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      lines: 5,
      matched: 2,
      reconciled: 0,
      review: 3,
      already_imported: 0,
      ignored: 2,
    })
    // RM170.50 repaid, as two ledger entries; the two codes read as paid.
    expect((await line()).utilisedMinor).toBe(before.utilisedMinor - 17_050)
    expect(await ledgerEntries()).toBe(entriesBefore + 2)
    for (const [code, status] of [
      [a, 'paid'],
      [b, 'open'],
      [c, 'paid'],
    ] as const) {
      const got = await t.app.inject({
        url: `/api/v1/me/qr-repayments/${code.id}`,
        headers: bearer(ahmad),
      })
      expect(got.json().status).toBe(status)
    }
    // The farmer is told in the language they asked in.
    expect(
      sent.filter((m) => m.body.includes('RM150.50') || m.body.includes('RM20.00')),
    ).toHaveLength(2)
    expect(sent.at(-1)!.body).toMatch(/bayaran balik/i)
    // What waits, with why.
    const review = await t.app.inject({
      url: '/api/v1/admin/statement-lines',
      headers: bearer(finance),
    })
    expect(
      review
        .json()
        .data.map((l: { bank_transaction_id: string; reason: string }) => [
          l.bank_transaction_id,
          l.reason,
        ]),
    ).toEqual([
      ['FT002', 'amount_differs'],
      ['FT003', 'no_reference'],
      ['FT007', 'unknown_reference'],
    ])

    // The same statement again, and one that overlaps it: nothing applied twice.
    const again = await importing(xml)
    expect(again.json()).toEqual({
      lines: 5,
      matched: 0,
      reconciled: 0,
      review: 0,
      already_imported: 5,
      ignored: 2,
    })
    expect((await line()).utilisedMinor).toBe(before.utilisedMinor - 17_050)
    // A second credit naming a code already paid waits for finance instead of paying it again.
    const twice = await importing(camt053([{ id: 'FT008', amount: '150.50', text: a.reference }]))
    expect(twice.json()).toMatchObject({ matched: 0, review: 1 })
    expect(await ledgerEntries()).toBe(entriesBefore + 2)
  })

  it('two officers importing the same file at once apply each payment once', async () => {
    const codes = [await qr('1.00'), await qr('2.00'), await qr('3.00'), await qr('4.00')]
    const before = await line()
    const xml = camt053(
      codes.map((code, i) => ({ id: `RACE-${i}`, amount: `${i + 1}.00`, text: code.reference })),
    )
    const [one, two] = await Promise.all([importing(xml), importing(xml)])
    const summaries = [one.json(), two.json()]
    expect(summaries.map((s) => s.matched + s.already_imported)).toEqual([4, 4])
    expect(summaries[0].matched + summaries[1].matched).toBe(4)
    expect((await line()).utilisedMinor).toBe(before.utilisedMinor - 1_000)
  })

  it('refuses a file it cannot read, whole, and changes nothing; finance only', async () => {
    const before = await statementLines()
    const refused = [
      'not xml at all',
      '<Document><BkToCstmrStmt></BkToCstmrStmt></Document>',
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document>&a;</Document>`,
      camt053([{ id: 'X1', amount: '21474836.48' }]),
      camt053([{ id: 'X2', amount: '1.005' }]),
      camt053([{ id: 'X3', amount: '-5.00' }]),
      camt053([{ id: 'X4', amount: '5.00', currency: 'USD' }]),
      camt053([{ id: '', amount: '5.00' }]),
    ]
    for (const xml of refused) {
      const res = await importing(xml)
      expect({ status: res.statusCode, key: res.json().message_key }).toEqual({
        status: 400,
        key: 'statement.errors.unreadable',
      })
    }
    // NUL anywhere in a request is refused before any route reads it (the one text rule).
    const nul = await importing(camt053([{ id: 'X5', amount: '5.00', text: 'A\u0000B' }]))
    expect({ status: nul.statusCode, key: nul.json().errors[0].message }).toEqual({
      status: 400,
      key: 'validation.controlCharacters',
    })
    expect(await statementLines()).toBe(before)
    expect((await importing(camt053([]), ahmad)).statusCode).toBe(403)
    expect((await importing(camt053([]), '')).statusCode).toBe(401)
    expect((await importing('{}', finance, 'application/json')).statusCode).toBeLessThan(500)
  })
})

describe('the review list (docs/product/repayments.md: The review list)', () => {
  let t: TestApp
  let ahmad: string
  let finance: string
  let lineId: number
  let sent: SmsMessage[]
  beforeAll(async () => ({ t, ahmad, finance, lineId, sent } = await shopWithAhmadOwing()))
  afterAll(() => t.close())

  const call = (method: 'GET' | 'POST', url: string, token = finance, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload })
  const utilised = async () =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!.utilisedMinor

  it('suggests the farmer, and one action gives the money to their line; another returns a credit', async () => {
    const code = (
      await call('POST', '/me/qr-repayments', ahmad, { amount: '88.00', locale: 'th' })
    ).json()
    const me = (await call('GET', '/me', ahmad)).json()
    // Paid without the reference, by a payer whose name is the farmer's; and a stranger's money.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/statements',
      headers: { ...bearer(finance), 'content-type': 'application/xml' },
      payload: camt053([
        { id: 'R1', amount: '88.00', text: 'TRANSFER', payer: me.full_name.toUpperCase() },
        { id: 'R2', amount: '7.00', text: 'WRONG ACCOUNT', payer: 'KEDAI RUNCIT MAJU' },
      ]),
    })
    expect(imported.json()).toMatchObject({ matched: 0, review: 2 })
    const list = (await call('GET', '/admin/statement-lines')).json().data as {
      id: number
      bank_transaction_id: string
      suggested: { user_id: number; qr_repayment_id: number } | null
    }[]
    const r1 = list.find((l) => l.bank_transaction_id === 'R1')!
    const r2 = list.find((l) => l.bank_transaction_id === 'R2')!
    expect(r1.suggested).toMatchObject({ user_id: me.id, qr_repayment_id: code.id })
    expect(r2.suggested).toBeNull()

    const before = await utilised()
    // Not finance: refused, nothing moves.
    expect((await call('POST', `/admin/statement-lines/${r1.id}/assign`, ahmad)).statusCode).toBe(
      403,
    )
    // Two officers at once: one decision.
    const [one, two] = await Promise.all([
      call('POST', `/admin/statement-lines/${r1.id}/assign`),
      call('POST', `/admin/statement-lines/${r1.id}/assign`),
    ])
    expect([one.statusCode, two.statusCode].sort()).toEqual([204, 409])
    expect(await utilised()).toBe(before - 8_800)
    expect((await call('GET', `/me/qr-repayments/${code.id}`, ahmad)).json().status).toBe('paid')
    expect(sent.at(-1)!.body).toContain('88.00')

    // A credit no farmer can be tied to cannot be assigned; it is returned, with why.
    expect((await call('POST', `/admin/statement-lines/${r2.id}/assign`)).statusCode).toBe(404)
    expect(
      (await call('POST', `/admin/statement-lines/${r2.id}/return`, finance, { reason: '' }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await call('POST', `/admin/statement-lines/${r2.id}/return`, finance, {
          reason: 'Not our customer',
        })
      ).statusCode,
    ).toBe(204)
    expect(
      (await call('POST', `/admin/statement-lines/${r2.id}/return`, finance, { reason: 'again' }))
        .statusCode,
    ).toBe(409)
    expect((await call('GET', '/admin/statement-lines')).json().data).toEqual([])
    expect(await utilised()).toBe(before - 8_800)
    // Both decisions are in the audit log, with who made them.
    const decisions = await t.db.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(inArray(auditLog.action, ['statement.assign', 'statement.return']))
    const financeId = (await call('GET', '/me')).json().id
    expect(decisions.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'statement.assign', actor: financeId },
      { action: 'statement.return', actor: financeId },
    ])
    for (const id of ['0', '2147483648', 'abc'])
      expect((await call('POST', `/admin/statement-lines/${id}/assign`)).statusCode).toBeLessThan(
        500,
      )
  })

  it('a receipt and a statement credit for the same money never both count', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#2c5d7d' },
    })
      .png()
      .toBuffer()
    const receipt = (amount: string, reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/me/receipts?${new URLSearchParams({
          method: 'bank_transfer',
          bank: 'Maybank',
          amount,
          paid_on: '2026-11-30',
          reference,
          name: 'slip.png',
        })}`,
        headers: { ...bearer(ahmad), 'content-type': 'application/octet-stream' },
        payload: png,
      })
    const statement = (entries: Parameters<typeof camt053>[0]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/statements',
        headers: { ...bearer(finance), 'content-type': 'application/xml' },
        payload: camt053(entries),
      })

    // Paid by QR and matched from the statement; then the farmer also sends the bank's slip.
    const first = (await call('POST', '/me/qr-repayments', ahmad, { amount: '41.10' })).json()
    expect(
      (await statement([{ id: 'FT88120001', amount: '41.10', text: first.reference }])).json(),
    ).toMatchObject({ matched: 1 })
    const slip = (await receipt('41.10', 'Maybank FT88120001')).json()
    const queue = (await call('GET', '/admin/receipts')).json().data as {
      id: number
      statement: { match: string; bank_transaction_id: string } | null
    }[]
    expect(queue.find((r) => r.id === slip.id)!.statement).toMatchObject({
      match: 'same',
      bank_transaction_id: 'FT88120001',
    })
    const before = await utilised()
    const approve = await call('POST', `/admin/receipts/${slip.id}/approve`)
    expect({ status: approve.statusCode, code: approve.json().code }).toEqual({
      status: 409,
      code: 'RECEIPT_COVERED',
    })
    expect(await utilised()).toBe(before)

    // The other way round: the slip (naming our reference) approved first; the statement's
    // credit for it then waits for finance instead of counting again.
    const second = (await call('POST', '/me/qr-repayments', ahmad, { amount: '52.20' })).json()
    const early = (await receipt('52.20', `QR ${second.reference}`)).json()
    expect((await call('POST', `/admin/receipts/${early.id}/approve`)).statusCode).toBe(200)
    const afterReceipt = await utilised()
    expect(
      (await statement([{ id: 'FT88120002', amount: '52.20', text: second.reference }])).json(),
    ).toMatchObject({ matched: 0, review: 1 })
    expect(await utilised()).toBe(afterReceipt)
    const waiting = (await call('GET', '/admin/statement-lines')).json().data as {
      bank_transaction_id: string
      reason: string
    }[]
    expect(waiting.find((l) => l.bank_transaction_id === 'FT88120002')!.reason).toBe(
      'covered_by_receipt',
    )
  })

  it('imports a bank’s CSV through the mapping finance saved for it', async () => {
    const code = (await call('POST', '/me/qr-repayments', ahmad, { amount: '10' })).json()
    expect(code.reference).toBeDefined()
    const mapping = MAYBANK_CSV_MAPPING
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/statement-mappings/maybank',
      headers: bearer(finance),
      payload: mapping,
    })
    expect(saved.json()).toEqual({ name: 'maybank', ...mapping })
    expect((await call('GET', '/admin/statement-mappings')).json().data).toEqual([
      { name: 'maybank', ...mapping },
    ])
    const csv = `Posting Date,Reference No,Description,Sender,Debit,Credit
30/11/2026,MBB77001,DUITNOW ${code.reference},AHMAD,,10.00
30/11/2026,MBB77002,FEE,,1.00,
`
    const importing = (query: string, token = finance) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/statements${query}`,
        headers: { ...bearer(token), 'content-type': 'text/csv' },
        payload: csv,
      })
    const before = await utilised()
    expect((await importing('?mapping=maybank')).json()).toEqual({
      lines: 1,
      matched: 1,
      reconciled: 0,
      review: 0,
      already_imported: 0,
      ignored: 1,
    })
    expect(await utilised()).toBe(before - 1_000)
    // Without a mapping, with one never saved, or a forged name: refused, nothing changes.
    for (const query of [
      '',
      '?mapping=cimb',
      '?mapping=Maybank%00',
      `?mapping=${'a'.repeat(41)}`,
    ]) {
      const res = await importing(query)
      expect(res.statusCode).toBe(400)
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/statement-mappings/maybank',
          headers: bearer(ahmad),
          payload: mapping,
        })
      ).statusCode,
    ).toBe(403)
    expect(await utilised()).toBe(before - 1_000)
  })
})
