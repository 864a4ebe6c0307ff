import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
})
