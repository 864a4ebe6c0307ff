import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { lateFeeCharges } from '@padi/db/schema/late-fees'
import { users } from '@padi/db/schema/users'
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts'
import { extensionToken } from '../../../test/late-repayment-helpers.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { systemClock } from '../../clock.ts'
import { createCreditRepository } from './credit.repository.ts'
import { createCreditService } from './credit.service.ts'
import { runLateFees } from './late-fee-job.ts'

const run = promisify(execFile)
// The due date: midnight in Kuala Lumpur on 15 January 2027.
const DUE = new Date('2027-01-15T00:00:00+08:00')
const at = (iso: string) => new Date(`${iso}T00:00:00+08:00`)

/** A customer's line with `minor` used, due on `dueAt` (the customer's, found by mobile). */
async function lineOwing(
  t: TestApp,
  mobile: string,
  minor: number,
  dueAt: Date,
  currency: 'MYR' | 'THB' = 'MYR',
) {
  const [user] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile))
  const credit = createCreditService({ db: t.db.db, clock: systemClock })
  await t.db.db.transaction((tx) =>
    credit.charge(tx, { userId: user!.id, currency, amountMinor: minor, orderId: null }),
  )
  const line = (await credit.currentLine(user!.id))!
  await t.db.db.update(creditLines).set({ dueAt }).where(eq(creditLines.id, line.id))
  return line.id
}

describe('the late-fee job (docs/product/credit.md: Late fees)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' })
  })
  afterAll(() => t.close())

  const lineOf = async (id: number) =>
    (await t.db.db.select().from(creditLines).where(eq(creditLines.id, id)))[0]!
  const fees = async (id: number) =>
    t.db.db
      .select({
        month: lateFeeCharges.month,
        owed: lateFeeCharges.owedMinor,
        fee: lateFeeCharges.feeMinor,
      })
      .from(lateFeeCharges)
      .where(eq(lateFeeCharges.lineId, id))
      .orderBy(lateFeeCharges.id)

  it('adds 1.5% a month for three months past due, on what is left after a part repayment, once each', async () => {
    const id = await lineOwing(t, '+60120000001', 100_000, DUE)
    // Before a whole month has passed: nothing, however often it runs.
    await runLateFees(t.db.db, at('2027-02-14'))
    await runLateFees(t.db.db, new Date(at('2027-02-15').getTime() - 1))
    expect(await fees(id)).toEqual([])
    // One month past due: 1.5% of RM1,000.
    await runLateFees(t.db.db, at('2027-02-15'))
    await runLateFees(t.db.db, at('2027-02-20'))
    expect(await fees(id)).toEqual([{ month: 1, owed: 100_000, fee: 1_500 }])

    // A part repayment of RM500 through finance: pays the RM15 fee first, then RM485 principal.
    const ahmad = (await loginTokens(t.app, '+60120000001')).access_token
    const finance = (await loginTokens(t.app, '+60120000004')).access_token
    const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/receipts?${new URLSearchParams({
        method: 'bank_transfer',
        bank: 'Maybank',
        amount: '500',
        paid_on: '2027-02-25',
        reference: 'FT1',
        name: 'slip.png',
      })}`,
      headers: { ...bearer(ahmad), 'content-type': 'application/octet-stream' },
      payload: slip,
    })
    expect(sent.statusCode).toBe(201)
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/receipts/${sent.json().id}/approve`,
      headers: bearer(finance),
    })
    expect(approved.statusCode).toBe(200)
    expect(await lineOf(id)).toMatchObject({ utilisedMinor: 51_500, lateFeeMinor: 0 })

    // Months two and three on the RM515 left (772.5 sen rounds to 773); a run that was missed
    // catches up month by month.
    await runLateFees(t.db.db, at('2027-04-15'))
    await runLateFees(t.db.db, at('2027-04-16'))
    expect(await fees(id)).toEqual([
      { month: 1, owed: 100_000, fee: 1_500 },
      { month: 2, owed: 51_500, fee: 773 },
      { month: 3, owed: 51_500, fee: 773 },
    ])
    const line = await lineOf(id)
    expect(line.lateFeeMinor).toBe(1_546)
    // The line's balances are its ledger.
    const sums = await createCreditRepository(t.db.db).ledgerSums(id)
    expect(sums).toMatchObject({ principalMinor: 51_500, lateFeeMinor: 1_546 })
  })

  it('adds nothing to a line with nothing owed or not yet due', async () => {
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+66800000001'))
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    await t.db.db.update(creditLines).set({ dueAt: DUE }).where(eq(creditLines.id, line!.id))
    await runLateFees(t.db.db, at('2027-06-01'))
    expect(await fees(line!.id)).toEqual([])
  })
})

describe('an approved extension pauses late fees (docs/product/credit.md: Late repayment)', () => {
  let t: TestApp
  // Two weeks before the harvest: inside the window for moving it.
  const clock = createTestClock(at('2027-01-01'))
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '100000' }, { clock })
  })
  afterAll(() => t.close())

  it('adds nothing in the month after the old due date, and counts from the new one', async () => {
    const id = await lineOwing(t, '+60120000001', 100_000, DUE)
    await t.db.db
      .update(creditLines)
      .set({ harvestOn: '2027-01-15', plantingOn: '2026-09-15' })
      .where(eq(creditLines.id, id))
    const token = await extensionToken(t.app, '+60120000001')
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/late-repayment',
      headers: bearer(token),
      payload: {
        new_planting_on: '2026-10-15',
        new_harvest_on: '2027-03-15',
        reason: 'Flood in December; replanted.',
        affected_area: '2 ha',
      },
    })
    expect(applied.statusCode).toBe(201)
    const finance = (await loginTokens(t.app, '+60120000004')).access_token
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/late-repayments/${applied.json().id}/approve`,
      headers: bearer(finance),
    })
    expect(approved.statusCode).toBe(200)

    // A month after the old due date, and the day before the new one: nothing.
    await runLateFees(t.db.db, at('2027-02-15'))
    await runLateFees(t.db.db, at('2027-03-14'))
    const none = await t.db.db.select().from(lateFeeCharges).where(eq(lateFeeCharges.lineId, id))
    expect(none).toEqual([])
    // A month after the new due date: the first month, counted from it.
    await runLateFees(t.db.db, at('2027-04-15'))
    const charged = await t.db.db
      .select({
        month: lateFeeCharges.month,
        dueAt: lateFeeCharges.dueAt,
        fee: lateFeeCharges.feeMinor,
      })
      .from(lateFeeCharges)
      .where(eq(lateFeeCharges.lineId, id))
    expect(charged).toEqual([{ month: 1, dueAt: at('2027-03-15'), fee: 1_500 }])
  })
})

// Races need connections that really run at once: PostgreSQL, not the embedded database.
describe.skipIf(!process.env.DATABASE_URL)('the late-fee job run at once (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const entries = async (id: number) =>
    (
      await t.db.db
        .select({
          n: sql<number>`count(*)::int`,
          sum: sql<number>`coalesce(sum(${creditLedger.lateFeeDeltaMinor}), 0)::int`,
        })
        .from(creditLedger)
        .where(and(eq(creditLedger.lineId, id), eq(creditLedger.kind, 'late_fee')))
    )[0]!

  it('adds each month exactly once when ten runs start together', async () => {
    const id = await lineOwing(t, '+60120000001', 100_000, DUE)
    await Promise.all(Array.from({ length: 10 }, () => runLateFees(t.db.db, at('2027-04-20'))))
    expect(await entries(id)).toEqual({ n: 3, sum: 4_500 })
    const line = (await t.db.db.select().from(creditLines).where(eq(creditLines.id, id)))[0]!
    expect(line.lateFeeMinor).toBe(4_500)
  })

  it('adds each month exactly once when two processes run the job together', async () => {
    // Three months and a few days past due, by the real clock the processes use.
    const due = new Date(Date.now() - 100 * 86_400_000)
    const id = await lineOwing(t, '+66800000001', 200_000, due, 'THB')
    const job = () =>
      run(process.execPath, ['apps/api/src/modules/credit/late-fees-command.ts'], {
        env: { ...process.env, DATABASE_URL: t.db.url!, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      })
    const allCharges = async () =>
      (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(lateFeeCharges))[0]!.n
    const before = await allCharges()
    const [a, b] = await Promise.all([job(), job()])
    const charged = [a, b].map((r) => (JSON.parse(r.stdout) as { charged: number }).charged)
    const own = await entries(id)
    expect(own.n).toBe(3)
    expect(own.sum).toBe(9_000)
    // Between them the two runs added each month due once: what they say they added is what is there.
    expect(charged.reduce((x, y) => x + y, 0)).toBe((await allCharges()) - before)
  })
})
