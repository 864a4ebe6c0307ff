import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { creditLines } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { systemClock } from '../../clock.ts'
import { createCreditRepository } from './credit.repository.ts'
import { createCreditService } from './credit.service.ts'

// Races need connections that really run at once: PostgreSQL, not the embedded database.
describe.skipIf(!process.env.DATABASE_URL)('credit under concurrency (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('100 payments at once against a line worth exactly 10 of them: 10 pass, available ends at 0', async () => {
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+60120000001'))
    // RM5,000 is 500,000 sen: ten payments of 50,000.
    const service = createCreditService({ db: t.db.db, clock: systemClock })
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        t.db.db.transaction((tx) =>
          service.charge(tx, {
            userId: user!.id,
            currency: 'MYR',
            amountMinor: 50_000,
            orderId: null,
          }),
        ),
      ),
    )
    const passed = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(passed).toHaveLength(10)
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CREDIT_INSUFFICIENT' })
    const [line] = await t.db.db.select().from(creditLines).where(eq(creditLines.userId, user!.id))
    expect(line!.approvedMinor - line!.utilisedMinor).toBe(0)
    const sums = await createCreditRepository(t.db.db).ledgerSums(line!.id)
    expect(sums).toMatchObject({ principalMinor: 500_000, entries: 10 })
  })

  it('never lets parallel payments of random amounts pass the line: 20 random rounds of 50', async () => {
    const [user] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '+66800000001'))
    const service = createCreditService({ db: t.db.db, clock: systemClock })
    const repo = createCreditRepository(t.db.db)
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 50, maxLength: 50 }),
        async (room, amounts) => {
          const [line] = await t.db.db
            .select()
            .from(creditLines)
            .where(eq(creditLines.userId, user!.id))
          // The line has exactly `room` available for this round.
          await t.db.db
            .update(creditLines)
            .set({ approvedMinor: line!.utilisedMinor + room })
            .where(eq(creditLines.id, line!.id))
          const results = await Promise.allSettled(
            amounts.map((amountMinor) =>
              t.db.db.transaction((tx) =>
                service.charge(tx, {
                  userId: user!.id,
                  currency: 'THB',
                  amountMinor,
                  orderId: null,
                }),
              ),
            ),
          )
          const accepted = amounts.filter((_, i) => results[i]!.status === 'fulfilled')
          const [after] = await t.db.db
            .select()
            .from(creditLines)
            .where(eq(creditLines.id, line!.id))
          const spent = after!.utilisedMinor - line!.utilisedMinor
          expect(spent).toBe(accepted.reduce((n, a) => n + a, 0))
          expect(spent).toBeLessThanOrEqual(room)
          expect(after!.approvedMinor - after!.utilisedMinor).toBeGreaterThanOrEqual(0)
          // A refused payment did not fit when it was judged; what is available only fell
          // since, so it does not fit in what is left either.
          const left = after!.approvedMinor - after!.utilisedMinor
          for (const [i, r] of results.entries())
            if (r.status === 'rejected') {
              expect(r.reason).toMatchObject({ code: 'CREDIT_INSUFFICIENT' })
              expect(amounts[i]!).toBeGreaterThan(left)
            }
          const sums = await repo.ledgerSums(line!.id)
          expect(sums.principalMinor).toBe(after!.utilisedMinor)
        },
      ),
      { numRuns: 20 },
    )
  }, 120_000)
})
