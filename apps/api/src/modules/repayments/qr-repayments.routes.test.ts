import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { parse } from 'promptparse'
import { creditLines } from '@padi/db/schema/credit'
import { qrRepayments } from '@padi/db/schema/repayments'
import { readReference } from '@padi/domain/repayments/repayment-reference'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { useCredit } from '../../../test/credit-helpers.ts'

describe('repaying by QR (docs/product/repayments.md: Paying by QR)', () => {
  let t: TestApp
  let ahmad: string
  let somchai: string
  let siti: string
  let ahmadLine: number
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      DUITNOW_ACQUIRER_ID: '890061',
      DUITNOW_MERCHANT_ID: 'SAWAHMART0001',
      PROMPTPAY_BILLER_ID: '010556012345601',
    })
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    somchai = (await loginTokens(t.app, '+66800000001')).access_token
    siti = (await loginTokens(t.app, '+60120000002')).access_token
    // Ahmad has used RM500 of his line, Somchai 2,000 baht of his.
    ahmadLine = await useCredit(t, ahmad, 'MYR', 50_000)
    await useCredit(t, somchai, 'THB', 200_000)
  })
  afterAll(() => t.close())

  const ask = (token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/qr-repayments',
      headers: { ...bearer(token), ...headers },
      payload,
    })
  const rows = async () => (await t.db.db.select({ n: count() }).from(qrRepayments))[0]!.n
  const line = async () =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, ahmadLine)))[0]!

  it('a ringgit line gets a DuitNow QR with the amount and its own reference; the line is unchanged', async () => {
    const before = await line()
    const res = await ask(ahmad, { amount: '150.5', locale: 'bm' })
    expect(res.statusCode).toBe(201)
    const qr = res.json()
    expect(qr).toMatchObject({
      amount: { amount_minor: 15_050, currency: 'MYR' },
      scheme: 'duitnow',
      status: 'open',
      paid_at: null,
    })
    expect(readReference(qr.reference)).toBe(qr.reference)
    expect(Date.parse(qr.expires_at) - Date.parse(qr.created_at)).toBe(24 * 3_600_000)
    const parsed = parse(qr.payload, true, true)!
    expect(parsed.getTagValue('26', '01')).toBe('890061')
    expect(parsed.getTagValue('26', '02')).toBe('SAWAHMART0001')
    expect(parsed.getTagValue('54')).toBe('150.50')
    expect(parsed.getTagValue('62', '01')).toBe(qr.reference)
    // Nothing is repaid until the money is on the statement.
    expect(await line()).toEqual(before)
    // The farmer reads it back; another farmer cannot.
    const again = await t.app.inject({
      url: `/api/v1/me/qr-repayments/${qr.id}`,
      headers: bearer(ahmad),
    })
    expect(again.json()).toEqual(qr)
    const other = await t.app.inject({
      url: `/api/v1/me/qr-repayments/${qr.id}`,
      headers: bearer(siti),
    })
    expect(other.statusCode).toBe(404)
  })

  it('a baht line gets a PromptPay bill payment QR', async () => {
    const res = await ask(somchai, { amount: '2000', locale: 'th' })
    expect(res.statusCode).toBe(201)
    const qr = res.json()
    expect(qr).toMatchObject({
      scheme: 'promptpay',
      amount: { amount_minor: 200_000, currency: 'THB' },
    })
    const parsed = parse(qr.payload, true, true)!
    expect(parsed.getTagValue('30', '01')).toBe('010556012345601')
    expect(parsed.getTagValue('30', '02')).toBe(qr.reference)
    expect(parsed.getTagValue('53')).toBe('764')
  })

  it('refuses every wrong amount with its message, keeping nothing', async () => {
    const before = await rows()
    for (const [amount, key] of [
      ['0', 'repay.errors.amountPositive'],
      ['abc', 'repay.errors.amountInvalid'],
      ['1.234', 'repay.errors.amountDecimals'],
      ['500.01', 'repay.errors.amountOverOwed'],
      [String(2 ** 31), 'repay.errors.amountInvalid'],
      ['', 'repay.errors.amountRequired'],
    ] as const) {
      const res = await ask(ahmad, { amount })
      expect({ amount, status: res.statusCode, key: res.json().errors?.[0]?.message }).toEqual({
        amount,
        status: 400,
        key,
      })
    }
    for (const body of [
      { amount: '10\u0000' },
      { amount: 100 },
      { amount: '10', locale: 'fr' },
      {},
    ]) {
      const res = await ask(ahmad, body)
      expect(res.statusCode).toBe(400)
    }
    expect(await rows()).toBe(before)
  })

  it('a farmer without a line is told so; no token, no QR', async () => {
    const res = await ask(siti, { amount: '10' })
    expect({ status: res.statusCode, code: res.json().code }).toEqual({
      status: 409,
      code: 'CREDIT_UNAVAILABLE',
    })
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/qr-repayments',
      payload: { amount: '10' },
    })
    expect(anonymous.statusCode).toBe(401)
    for (const id of ['0', '-1', String(2 ** 31), 'abc', '1%00'])
      expect(
        (await t.app.inject({ url: `/api/v1/me/qr-repayments/${id}`, headers: bearer(ahmad) }))
          .statusCode,
      ).toBeLessThan(500)
  })

  it('the same Idempotency-Key answers the first QR, 50 times at once', async () => {
    const before = await rows()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        ask(ahmad, { amount: '12' }, { 'idempotency-key': 'qr-key-1' }),
      ),
    )
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().reference)
    // Each answer is the first QR or "under way, try again": never a second QR.
    expect(new Set(created).size).toBe(1)
    for (const a of answers) expect([201, 409]).toContain(a.statusCode)
    expect(await rows()).toBe(before + 1)
  })

  it('a market without a collecting account offers no QR', async () => {
    const bare = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', DEMO_MODE: 'false' })
    try {
      const token = (await loginTokens(bare.app, '+60120000001')).access_token
      await useCredit(bare, token, 'MYR', 1_000)
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/me/qr-repayments',
        headers: bearer(token),
        payload: { amount: '5' },
      })
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 409,
        code: 'PAY_BY_QR_UNAVAILABLE',
      })
    } finally {
      await bare.close()
    }
  })
})
