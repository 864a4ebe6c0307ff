import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { bankStatementLines, gatewayPayments } from '@padi/db/schema/repayments'
import { INT4_MAX } from '@padi/domain/input-schemas'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { useCredit } from '../../../test/credit-helpers.ts'
import { camt053 } from '../../../test/camt053-fixture.ts'
import {
  payThroughGateway,
  startFakeOpnGateway,
  type Delivery,
  type FakeOpnGateway,
} from '../../../test/fake-opn-gateway.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'
import { OPN_NOTICE_TOLERANCE_SECONDS } from './opn-gateway.ts'

// docs/product/repayments.md (A payment gateway's notice): against a fake Opn gateway the test
// starts, a real HTTP server that signs its notices as Opn does and sends them to the shop's
// listening API.

describe('a payment gateway’s signed notices (docs/product/repayments.md)', () => {
  const secret = randomBytes(32).toString('base64')
  const clock = createTestClock()
  const sent: SmsMessage[] = []
  let t: TestApp
  let gateway: FakeOpnGateway
  let ahmad: string
  let finance: string
  let lineId: number
  let webhookUrl: string

  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        DEMO_MODE: 'true',
        OPN_WEBHOOK_SECRET: secret,
      },
      { clock, sms: { name: 'test', send: async (m) => void sent.push(m) } },
    )
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    webhookUrl = `${address}/api/v1/payment-notifications/opn`
    gateway = await startFakeOpnGateway({ webhookUrl, secrets: [secret], now: () => clock.now() })
    ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    finance = (await loginTokens(t.app, '+60120000004')).access_token
    lineId = await useCredit(t, ahmad, 'MYR', 50_000)
  })
  afterAll(async () => {
    await gateway.close()
    await t.close()
  })

  const qr = async (amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/qr-repayments',
      headers: bearer(ahmad),
      payload: { amount, locale: 'bm' },
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: number; reference: string }
  }
  const pay = (reference: string, amount: number, more: { description?: string } = {}) =>
    payThroughGateway(gateway.url, {
      amount,
      currency: 'myr',
      metadata: { reference },
      description: more.description ?? `SawahMart ${reference}`,
    })
  const outcomes = (deliveries: Delivery[]) =>
    deliveries.map(
      (d) => `${d.status} ${JSON.parse(d.answer).outcome ?? JSON.parse(d.answer).code}`,
    )
  const utilised = async () =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, lineId)))[0]!.utilisedMinor
  const ledgerEntries = async () =>
    (
      await t.db.db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.lineId, lineId))
    )[0]!.n
  const statusOf = async (id: number) =>
    (await t.app.inject({ url: `/api/v1/me/qr-repayments/${id}`, headers: bearer(ahmad) })).json()
      .status as string
  /** A notice sent as the gateway sent it, with its headers (or some of them) changed. */
  const resend = (delivery: Delivery, headers: Record<string, string> = {}, body = delivery.body) =>
    fetch(webhookUrl, { method: 'POST', headers: { ...delivery.headers, ...headers }, body })
  /** A notice our gateway signed that has not reached the shop (its delivery went elsewhere). */
  const signedNotOnItsWay = async (charge: Parameters<typeof payThroughGateway>[1]) => {
    const elsewhere = await startFakeOpnGateway({
      webhookUrl: `${gateway.url}/nowhere`,
      secrets: [secret],
      now: () => clock.now(),
      attempts: 1,
    })
    try {
      const { deliveries } = await payThroughGateway(elsewhere.url, charge)
      return deliveries[0]!
    } finally {
      await elsewhere.close()
    }
  }
  const importing = (xml: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/statements',
      headers: { ...bearer(finance), 'content-type': 'application/xml' },
      payload: xml,
    })

  it('repays the code it names the moment the gateway tells, once, however often it is told', async () => {
    const code = await qr('120.00')
    const [before, entries] = [await utilised(), await ledgerEntries()]
    const paid = await pay(code.reference, 12_000)
    expect(outcomes(paid.deliveries)).toEqual(['200 applied'])
    expect(await utilised()).toBe(before - 12_000)
    expect(await ledgerEntries()).toBe(entries + 1)
    expect(await statusOf(code.id)).toBe('paid')
    // The farmer is told in the language they asked in; the record says the gateway did it.
    expect(sent.at(-1)!.body).toMatch(/RM120\.00/)
    expect(sent.at(-1)!.body).toMatch(/bayaran balik/i)
    const [audit] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gateway.payment'), eq(auditLog.subjectId, code.id)))
    expect(audit).toMatchObject({ actorUserId: null, subjectType: 'qr_repayment' })

    // Opn's "resend" (freshly signed), and the very same request again: nothing moves.
    const again = await fetch(`${gateway.url}/events/${paid.event_id}/resend`, { method: 'POST' })
    expect(outcomes((await again.json()).deliveries)).toEqual(['200 already_received'])
    expect(await (await resend(paid.deliveries[0]!)).json()).toEqual({
      outcome: 'already_received',
    })
    expect(await utilised()).toBe(before - 12_000)
    expect(await ledgerEntries()).toBe(entries + 1)
  })

  it('the same notice 50 times at once repays once', async () => {
    const code = await qr('3.00')
    const [before, entries] = [await utilised(), await ledgerEntries()]
    // Signed by the gateway but not yet seen by the shop; then it comes 50 times at once.
    const kept = await signedNotOnItsWay({
      amount: 300,
      currency: 'myr',
      metadata: { reference: code.reference },
    })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => resend(kept).then((r) => r.json())),
    )
    expect(answers.filter((a) => a.outcome === 'applied')).toHaveLength(1)
    expect(answers.filter((a) => a.outcome === 'already_received')).toHaveLength(49)
    expect(await utilised()).toBe(before - 300)
    expect(await ledgerEntries()).toBe(entries + 1)
  })

  it('refuses a notice it cannot prove: forged, altered, unsigned, or kept and replayed later', async () => {
    const code = await qr('7.00')
    const [before, entries] = [await utilised(), await ledgerEntries()]
    // A gateway whose secret is not ours.
    const forger = await startFakeOpnGateway({ webhookUrl, now: () => clock.now(), attempts: 1 })
    try {
      const forged = await payThroughGateway(forger.url, {
        amount: 700,
        currency: 'myr',
        metadata: { reference: code.reference },
      })
      expect(outcomes(forged.deliveries)).toEqual(['401 SIGNATURE_INVALID'])
      // Our own gateway's signature over another body: the amount changed on the way.
      const kept = await signedNotOnItsWay({
        amount: 700,
        currency: 'myr',
        metadata: { reference: code.reference },
      })
      const altered = await resend(kept, {}, kept.body.replace('"amount":700', '"amount":70000'))
      expect(altered.status).toBe(401)
      // No signature at all, or a timestamp that is not one.
      const unsigned: Record<string, string>[] = [
        { 'omise-signature': '' },
        { 'omise-signature-timestamp': '' },
        { 'omise-signature-timestamp': '2^31' },
        { 'omise-signature': 'zz'.repeat(32) },
      ]
      for (const headers of unsigned) {
        const res = await resend(kept, headers)
        expect(res.status, JSON.stringify(headers)).toBe(401)
        expect((await res.json()).code).toBe('SIGNATURE_INVALID')
      }
      // Unsigned and larger than any notice: refused for the signature before the body is read.
      const big = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(200_000),
      })
      expect(big.status).toBe(401)
      // The genuine notice, kept and sent again after the tolerance: a replay.
      clock.advance((OPN_NOTICE_TOLERANCE_SECONDS + 1) * 1000)
      const replayed = await resend(kept)
      expect(replayed.status).toBe(401)
      clock.advance(-(OPN_NOTICE_TOLERANCE_SECONDS + 1) * 1000)
      // … and within it, it is the payment (it was never delivered): once.
      expect(await (await resend(kept)).json()).toEqual({ outcome: 'applied' })
      expect(await (await resend(kept)).json()).toEqual({ outcome: 'already_received' })
    } finally {
      await forger.close()
    }
    expect(await utilised()).toBe(before - 700)
    expect(await ledgerEntries()).toBe(entries + 1)
  })

  it('accepts either signature while the gateway rotates its secret', async () => {
    const code = await qr('2.50')
    const rotating = await startFakeOpnGateway({
      webhookUrl,
      secrets: [randomBytes(32).toString('base64'), secret],
      now: () => clock.now(),
    })
    try {
      const paid = await payThroughGateway(rotating.url, {
        amount: 250,
        currency: 'myr',
        metadata: { reference: code.reference },
      })
      expect(outcomes(paid.deliveries)).toEqual(['200 applied'])
    } finally {
      await rotating.close()
    }
  })

  it('moves nothing for what it cannot match exactly, and reads no input as a 5xx', async () => {
    const code = await qr('9.00')
    const [before, entries] = [await utilised(), await ledgerEntries()]
    // Another amount than the code's; a reference never given; no reference; a failed charge.
    expect(outcomes((await pay(code.reference, 800)).deliveries)).toEqual(['200 unmatched'])
    expect(outcomes((await pay('KQ47XM2PQ', 900)).deliveries)).toEqual(['200 unmatched'])
    const none = await payThroughGateway(gateway.url, { amount: 900, currency: 'myr' })
    expect(outcomes(none.deliveries)).toEqual(['200 unmatched'])
    const failed = await payThroughGateway(gateway.url, {
      amount: 900,
      currency: 'myr',
      metadata: { reference: code.reference },
      status: 'failed',
    })
    expect(outcomes(failed.deliveries)).toEqual(['200 ignored'])
    expect(await statusOf(code.id)).toBe('open')
    // NUL, control characters and 2^31 in a signed notice: 400, nothing stored.
    const rows = async () => (await t.db.db.select({ n: count() }).from(gatewayPayments))[0]!.n
    const stored = await rows()
    for (const charge of [
      { amount: INT4_MAX + 1, currency: 'myr' as const, metadata: { reference: code.reference } },
      { amount: 900, currency: 'myr' as const, metadata: { reference: `${code.reference}\u0000` } },
      { amount: 900, currency: 'myr' as const, description: 'a\u0007b' },
      { amount: -900, currency: 'myr' as const },
    ]) {
      const res = await payThroughGateway(gateway.url, charge)
      expect(
        res.deliveries.map((d) => d.status),
        JSON.stringify(charge),
      ).toEqual([400, 400, 400])
    }
    expect(await rows()).toBe(stored)
    expect(await utilised()).toBe(before)
    expect(await ledgerEntries()).toBe(entries)
    // The statement then brings the odd one to finance's review list; a payment whose reference
    // is only in its text (a gateway that keeps no metadata) is read there.
    const res = await importing(
      camt053([{ id: 'GW-ODD-1', amount: '8.00', text: `SAWAHMART ${code.reference}` }]),
    )
    expect(res.json()).toMatchObject({ matched: 0, review: 1 })
    // The reference in the text alone, for the code's amount: repaid.
    const byText = await payThroughGateway(gateway.url, {
      amount: 900,
      currency: 'myr',
      description: `DUITNOW ${code.reference.toLowerCase()}`,
    })
    expect(outcomes(byText.deliveries)).toEqual(['200 applied'])
  })

  it('the statement confirms what the gateway repaid, and the gateway what the statement did: never twice', async () => {
    // Gateway first, statement after: reconciled.
    const first = await qr('11.00')
    const [before, entries] = [await utilised(), await ledgerEntries()]
    expect(outcomes((await pay(first.reference, 1_100)).deliveries)).toEqual(['200 applied'])
    const xml = camt053([{ id: 'GW-STMT-1', amount: '11.00', text: `DUITNOW ${first.reference}` }])
    expect((await importing(xml)).json()).toMatchObject({ matched: 0, reconciled: 1, review: 0 })
    const [line] = await t.db.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.bankTransactionId, 'GW-STMT-1'))
    expect(line).toMatchObject({ status: 'reconciled', qrRepaymentId: first.id })
    expect((await importing(xml)).json()).toMatchObject({ already_imported: 1 })

    // Statement first, gateway after: confirmed.
    const second = await qr('12.00')
    const stmt = camt053([{ id: 'GW-STMT-2', amount: '12.00', text: second.reference }])
    expect((await importing(stmt)).json()).toMatchObject({ matched: 1 })
    expect(outcomes((await pay(second.reference, 1_200)).deliveries)).toEqual(['200 confirmed'])

    expect(await utilised()).toBe(before - 2_300)
    expect(await ledgerEntries()).toBe(entries + 2)
    // A receipt for the gateway's money (its payment id written on it) is not approved as well.
    const third = await qr('13.00')
    const paid = await pay(third.reference, 1_300)
    expect(outcomes(paid.deliveries)).toEqual(['200 applied'])
    const receipt = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/receipts?${new URLSearchParams({
        method: 'bank_transfer',
        bank: 'Maybank',
        amount: '13.00',
        paid_on: clock.now().toISOString().slice(0, 10),
        reference: paid.charge.id,
        name: 'slip.png',
      })}`,
      headers: { ...bearer(ahmad), 'content-type': 'application/octet-stream' },
      payload: await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#2c5d7d' },
      })
        .png()
        .toBuffer(),
    })
    expect(receipt.statusCode, receipt.body).toBe(201)
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/receipts/${receipt.json().id}/approve`,
      headers: bearer(finance),
    })
    expect(approve.statusCode).toBe(409)
    expect(approve.json()).toMatchObject({ code: 'RECEIPT_COVERED' })
    expect(await utilised()).toBe(before - 3_600)
  })

  it('a notice and a statement of the same money at once repay it once', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await qr(`${20 + round}.00`)
      const [before, entries] = [await utilised(), await ledgerEntries()]
      const amount = (20 + round) * 100
      const [paid, imported] = await Promise.all([
        pay(code.reference, amount),
        importing(
          camt053([{ id: `GW-RACE-${round}`, amount: `${20 + round}.00`, text: code.reference }]),
        ),
      ])
      const outcome = JSON.parse(paid.deliveries[0]!.answer).outcome
      const summary = imported.json()
      expect(
        [outcome, summary.matched, summary.reconciled],
        'applied then reconciled, or matched then confirmed',
      ).toSatisfy(
        ([o, m, r]: [string, number, number]) =>
          (o === 'applied' && m === 0 && r === 1) || (o === 'confirmed' && m === 1 && r === 0),
      )
      expect(await utilised()).toBe(before - amount)
      expect(await ledgerEntries()).toBe(entries + 1)
    }
  })
})

describe('a shop without a payment gateway', () => {
  let t: TestApp
  beforeAll(async () => void (t = await createTestApp()))
  afterAll(() => t.close())

  it('answers 401 to an unsigned notice before reading it, 404 to a signed one, 400 to a gateway it never knew', async () => {
    const signed = { 'omise-signature': 'ab'.repeat(32), 'omise-signature-timestamp': '1' }
    for (const [gateway, headers, status] of [
      ['opn', {}, 401],
      ['opn', signed, 404],
      ['stripe', signed, 400],
      ['%00', signed, 400],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payment-notifications/${gateway}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{}',
      })
      expect(res.statusCode, gateway).toBe(status)
    }
  })
})
