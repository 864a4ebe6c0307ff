import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { creditLines } from '@padi/db/schema/credit'
import { noticeSends } from '@padi/db/schema/notices'
import { users } from '@padi/db/schema/users'
import { vouchers } from '@padi/db/schema/vouchers'
import { formatDay, marketDay } from '@padi/domain/dates'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { packsAtOneBranch } from '../../../test/order-fixtures.ts'
import type { SmsMessage } from '../sms/sms-provider.ts'
import { runLateFees } from '../credit/late-fee-job.ts'
import { runNotices } from './notice-job.ts'

const clock = createTestClock(new Date('2026-11-26T02:00:00Z'))
const sent: SmsMessage[] = []
let t: TestApp
const textsTo = (to: string) => sent.filter((m) => m.to === to).map((m) => m.body)
const run = async () => {
  const result = await runNotices(t.db.db, t.app.otp, clock.now())
  await t.app.otp.drain()
  return result
}
const DAY = 86_400_000

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '10000' },
    { clock, sms: { name: 'test', send: async (m) => void sent.push(m) } },
  )
})
afterAll(() => t.close())

async function lineOf(mobile: string) {
  const [row] = await t.db.db
    .select({ line: creditLines, userId: users.id })
    .from(creditLines)
    .innerJoin(users, eq(users.id, creditLines.userId))
    .where(eq(users.mobile, mobile))
  return row!
}

describe('SMS notices (docs/product/notices.md)', () => {
  it('reminds 7 days and 1 day before the due date, once each, in the farmer’s language', async () => {
    const ahmad = await lineOf('+60120000001')
    const somchai = await lineOf('+66800000001')
    // Owed, due in 7 days (Ahmad, Malaysia) and tomorrow (Somchai, Thailand), at noon local time.
    await t.db.db
      .update(creditLines)
      .set({ utilisedMinor: 123_450, dueAt: new Date(clock.now().getTime() + 7 * DAY) })
      .where(eq(creditLines.id, ahmad.line.id))
    await t.db.db
      .update(creditLines)
      .set({ utilisedMinor: 500_000, dueAt: new Date(clock.now().getTime() + DAY) })
      .where(eq(creditLines.id, somchai.line.id))
    const first = await run()
    expect(first.byKind).toMatchObject({ repayment_due_7: 1, repayment_due_1: 1 })
    expect(textsTo('+60120000001').at(-1)).toMatch(/repayment of RM1,234\.50 is due on .*in 7 days/)
    expect(textsTo('+66800000001').at(-1)).toMatch(/ครบกำหนดชำระ ฿5,000\.00 พรุ่งนี้/)
    // The same day again: nothing new.
    const again = await run()
    expect(again.sent).toBe(0)
    // Six days later the 1-day reminder for Ahmad.
    clock.advance(6 * DAY)
    expect((await run()).byKind).toEqual({ repayment_due_1: 1 })
    expect(textsTo('+60120000001').at(-1)).toMatch(/due tomorrow/)
  })

  it('a farmer who turned reminders off gets none, but is told of a late fee', async () => {
    const ahmad = await lineOf('+60120000001')
    const token = (await loginTokens(t.app, '+60120000001')).access_token
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/notices',
      headers: bearer(token),
      payload: { sms_reminders: false },
    })
    expect(off.json().sms_reminders).toBe(false)
    // A new due date 7 days ahead: skipped, not sent.
    await t.db.db
      .update(creditLines)
      .set({ dueAt: new Date(clock.now().getTime() + 7 * DAY) })
      .where(eq(creditLines.id, ahmad.line.id))
    const before = textsTo('+60120000001').length
    const quiet = await run()
    expect(quiet.skipped).toBe(1)
    expect(textsTo('+60120000001')).toHaveLength(before)
    // Overdue by more than a month: the late fee is added and he is told, reminders or not.
    await t.db.db
      .update(creditLines)
      .set({ dueAt: new Date(clock.now().getTime() - 40 * DAY) })
      .where(eq(creditLines.id, ahmad.line.id))
    const fees = await runLateFees(t.db.db, clock.now())
    expect(fees.charged).toBeGreaterThan(0)
    const told = await run()
    expect(told.byKind.repayment_overdue).toBe(fees.charged)
    expect(textsTo('+60120000001').at(-1)).toMatch(/overdue\. A late fee of RM[\d,.]+ was added/)
    expect((await run()).sent).toBe(0)
  })

  it('tells a pickup order is ready, and a delivery is on its way with its link', async () => {
    const token = (await loginTokens(t.app, '+60120000001')).access_token
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/notices',
      headers: bearer(token),
      payload: { sms_reminders: true },
    })
    // Credit back in order for the purchase.
    const ahmad = await lineOf('+60120000001')
    await t.db.db
      .update(creditLines)
      .set({ utilisedMinor: 0, interestMinor: 0, lateFeeMinor: 0, dueAt: null })
      .where(eq(creditLines.id, ahmad.line.id))
    const { branchId, packs } = await packsAtOneBranch(t.db.db, 5)
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/cart/lines/${packs[0]!.id}`,
      headers: bearer(token),
      payload: { count: 1 },
    })
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
      payload: { fulfilment: 'pickup', payment: 'credits', branch_id: branchId, pin: '390571' },
    })
    expect(placed.statusCode).toBe(201)
    const order = placed.json()
    expect((await run()).byKind).toEqual({ order_ready: 1 })
    expect(textsTo('+60120000001').at(-1)).toBe(
      `SawahMart: order ${order.number} is ready for pickup at ${order.branch.name.en}. Show your QR code at the counter.`,
    )
    const [claim] = await t.db.db
      .select()
      .from(noticeSends)
      .where(and(eq(noticeSends.subjectId, order.id), eq(noticeSends.kind, 'order_ready')))
    expect(claim).toMatchObject({ outcome: 'sent' })
    expect(claim!.outboxId).not.toBeNull()

    // A delivery, shipped by admin: told with its tracking link.
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/addresses',
      headers: bearer(token),
      payload: {
        name: 'Rumah',
        address: 'Lot 12, Jalan Bendang',
        city: 'Sekinchan',
        state: 'MY-10',
        postcode: '45400',
      },
    })
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/cart/lines/${packs[1]!.id}`,
      headers: bearer(token),
      payload: { count: 1 },
    })
    const delivery = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
        payload: {
          fulfilment: 'delivery',
          payment: 'credits',
          address_id: address.json().id,
          pin: '390571',
        },
      })
    ).json()
    expect((await run()).sent).toBe(0)
    const admin = (await loginTokens(t.app, '+60120000005')).access_token
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${delivery.id}/shipment`,
      headers: bearer(admin),
      payload: { logistics_company: 'Pos Laju', tracking_url: 'https://track.example.my/EP1' },
    })
    expect((await run()).byKind).toEqual({ order_shipped: 1 })
    expect(textsTo('+60120000001').at(-1)).toBe(
      `SawahMart: order ${delivery.number} is on its way. Track it: https://track.example.my/EP1`,
    )
  })

  // docs/product/vouchers.md (Reminders)
  it('reminds of a voucher in its last three days, once, and not of one expired or further off', async () => {
    const [siti] = await t.db.db.select().from(users).where(eq(users.mobile, '+60120000002'))
    // docs/product/vouchers.md (validity): a voucher's day is counted in its market.
    const today = marketDay(clock.now(), 'MY')
    const inDays = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
    const base = { userId: siti!.id, market: 'MY' as const, currency: 'MYR' as const }
    await t.db.db.insert(vouchers).values([
      { ...base, serial: 'R-MY-000001', valueMinor: 2_500, expiresOn: inDays(3) },
      { ...base, serial: 'R-MY-000002', valueMinor: 2_500, expiresOn: inDays(10) },
      { ...base, serial: 'R-MY-000003', valueMinor: 2_500, expiresOn: inDays(-1) },
    ])
    const first = await run()
    expect(first.byKind).toEqual({ voucher_expiring: 1 })
    expect(textsTo('+60120000002').at(-1)).toBe(
      `SawahMart: your voucher R-MY-000001 of RM25.00 is valid until the end of ${formatDay(inDays(3))}. Use it at a branch counter: show your QR code.`,
    )
    expect((await run()).sent).toBe(0)
    // Its last day is still a day to use it: one that ends today is told of too.
    await t.db.db
      .insert(vouchers)
      .values({ ...base, serial: 'R-MY-000004', valueMinor: 1_000, expiresOn: today })
    expect((await run()).byKind).toEqual({ voucher_expiring: 1 })
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  'the notice job on two servers at once (PostgreSQL)',
  () => {
    it('sends each notice once when two runs race', async () => {
      const line = await lineOf('+60120000001')
      await t.db.db
        .update(creditLines)
        .set({ utilisedMinor: 10_000, dueAt: new Date(clock.now().getTime() + 8 * DAY) })
        .where(eq(creditLines.id, line.line.id))
      clock.advance(DAY)
      const before = textsTo('+60120000001').length
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => runNotices(t.db.db, t.app.otp, clock.now())),
      )
      await t.app.otp.drain()
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1)
      expect(textsTo('+60120000001')).toHaveLength(before + 1)
    })
  },
)
