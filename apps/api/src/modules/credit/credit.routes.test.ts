import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createCreditService } from './credit.service.ts'
import { createCreditRepository } from './credit.repository.ts'
import { systemClock } from '../../clock.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

/** What PostgreSQL said (drizzle wraps it as the cause of its own 'Failed query' error). */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? (error as Error).message)
  }
  return 'not refused'
}

async function userId(mobile: string) {
  const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile))
  return row!.id
}

describe('GET /api/v1/me/credits (docs/product/credit.md)', () => {
  it('gives the demo customer an active RM5,000 line, nothing used, nothing due', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000001')
    const res = await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(access_token) })
    expect(res.statusCode).toBe(200)
    const [line, ...rest] = res.json().data
    expect(rest).toEqual([])
    expect(line).toMatchObject({
      state: 'active',
      is_suspended: false,
      approved_credits: { amount_minor: 500_000, currency: 'MYR' },
      utilised_credits: { amount_minor: 0, currency: 'MYR' },
      available_credits: { amount_minor: 500_000, currency: 'MYR' },
      outstanding: { total: { amount_minor: 0, currency: 'MYR' } },
      overdue_account: { total_due: { amount_minor: 0, currency: 'MYR' } },
    })
    expect(Date.parse(line.expires_at)).toBeGreaterThan(Date.now())
  })

  it('gives the Thai demo customer 35,000 baht', async () => {
    const { access_token } = await loginTokens(t.app, '+66800000001')
    const res = await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(access_token) })
    expect(res.json().data[0].approved_credits).toEqual({
      amount_minor: 3_500_000,
      currency: 'THB',
    })
  })

  it('answers an empty list for a customer without a line, and 401 without a token', async () => {
    const { access_token } = await loginTokens(t.app, '+60120000002')
    const res = await t.app.inject({ url: '/api/v1/me/credits', headers: bearer(access_token) })
    expect(res.json()).toEqual({ data: [] })
    const anonymous = await t.app.inject({ url: '/api/v1/me/credits' })
    expect(anonymous.statusCode).toBe(401)
    const forged = await t.app.inject({
      url: '/api/v1/me/credits',
      headers: bearer(`${access_token}x`),
    })
    expect(forged.statusCode).toBe(401)
  })

  it('shows everything owed as overdue once the due date has passed', async () => {
    const id = await userId('+66800000001')
    await t.db.db
      .update(creditLines)
      .set({ dueAt: sql`now() - interval '1 day'` })
      .where(eq(creditLines.userId, id))
    const service = createCreditService({ db: t.db.db, clock: systemClock })
    await t.db.db.transaction((tx) =>
      service.charge(tx, { userId: id, currency: 'THB', amountMinor: 12_345, orderId: null }),
    )
    const [record] = await service.credits(id)
    expect(record!.overdue_account.total_due).toEqual({ amount_minor: 12_345, currency: 'THB' })
  })
})

describe('paying from a line (docs/product/orders-and-payments.md)', () => {
  it('refuses more than is available, says how much more is needed, and changes nothing', async () => {
    const id = await userId('+60120000001')
    const service = createCreditService({ db: t.db.db, clock: systemClock })
    const before = await service.credits(id)
    const error = await t.db.db
      .transaction((tx) =>
        service.charge(tx, {
          userId: id,
          currency: 'MYR',
          amountMinor: 500_050 + before[0]!.utilised_credits.amount_minor,
          orderId: null,
        }),
      )
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'CREDIT_INSUFFICIENT',
      extra: {
        shortfall: { amount_minor: 50, currency: 'MYR' },
        detail: 'You need an additional RM0.50 to complete this payment',
      },
    })
    expect(await service.credits(id)).toEqual(before)
  })

  it('refuses a suspended line, an expired line and another currency', async () => {
    const id = await userId('+60120000001')
    const service = createCreditService({ db: t.db.db, clock: systemClock })
    const charge = (currency: 'MYR' | 'THB' = 'MYR') =>
      t.db.db
        .transaction((tx) =>
          service.charge(tx, { userId: id, currency, amountMinor: 100, orderId: null }),
        )
        .catch((e: unknown) => e)
    // Each says why, so the pages can say 'credit suspended' where that is the reason.
    expect(await charge('THB')).toMatchObject({
      code: 'CREDIT_UNAVAILABLE',
      extra: { reason: 'currency' },
    })
    await t.db.db.update(creditLines).set({ state: 'suspended' }).where(eq(creditLines.userId, id))
    expect(await charge()).toMatchObject({
      code: 'CREDIT_UNAVAILABLE',
      extra: { reason: 'suspended' },
    })
    await t.db.db
      .update(creditLines)
      .set({ state: 'active', expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditLines.userId, id))
    expect(await charge()).toMatchObject({
      code: 'CREDIT_UNAVAILABLE',
      extra: { reason: 'expired' },
    })
    await t.db.db
      .update(creditLines)
      .set({ expiresAt: sql`now() + interval '1 year'` })
      .where(eq(creditLines.userId, id))
    expect(await charge()).toMatchObject({ line: { utilisedMinor: expect.any(Number) } })
  })

  it('cannot be overdrawn even by a write that skips the guard, and the ledger cannot be edited', async () => {
    const id = await userId('+60120000001')
    expect(
      await refusal(
        t.db.db
          .update(creditLines)
          .set({ utilisedMinor: sql`approved_minor + 1` })
          .where(eq(creditLines.userId, id)),
      ),
    ).toMatch(/credit_lines_available_check/)
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, id))
    const [entry] = await t.db.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.lineId, line!.id))
    expect(entry).toBeDefined()
    expect(
      await refusal(
        t.db.db
          .update(creditLedger)
          .set({ principalDeltaMinor: 0 })
          .where(eq(creditLedger.id, entry!.id)),
      ),
    ).toMatch(/append-only/)
    expect(
      await refusal(t.db.db.delete(creditLedger).where(eq(creditLedger.id, entry!.id))),
    ).toMatch(/append-only/)
    expect(await refusal(t.db.db.execute(sql`truncate credit_ledger cascade`))).toMatch(
      /append-only/,
    )
  })

  it('keeps every line’s balance equal to the sum of its ledger', async () => {
    const lines = await t.db.db.select().from(creditLines)
    for (const line of lines) {
      const sums = await createCreditRepository(t.db.db).ledgerSums(line.id)
      expect(sums.principalMinor, `line ${line.id}`).toBe(line.utilisedMinor)
      expect(sums.interestMinor).toBe(line.interestMinor)
      expect(sums.lateFeeMinor).toBe(line.lateFeeMinor)
    }
  })
})
