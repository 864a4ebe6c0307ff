import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { smsOutbox } from '@padi/db/schema/auth'
import { creditLines } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import type { Currency } from '@padi/domain/markets'

/** Demo mode's storage (docs/product/demo-mode.md). */
export function createDevRepository(db: Db) {
  return {
    /** The SMS kept for one number, newest first. */
    outboxOf(to: string, limit: number) {
      return db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(limit)
    },

    async userByMobile(mobile: string) {
      const [user] = await db
        .select({ id: users.id, market: users.market, role: users.role })
        .from(users)
        .where(eq(users.mobile, mobile))
      return user ?? null
    },

    async anyCreditLineOf(userId: number) {
      const [existing] = await db
        .select({ id: creditLines.id })
        .from(creditLines)
        .where(eq(creditLines.userId, userId))
        .limit(1)
      return existing ?? null
    },

    /**
     * A line as demo mode grants it: without a harvest date it is due in 150 days, planted 30
     * days ago unless told, and expires in a year.
     */
    async insertCreditLine(line: {
      userId: number
      currency: Currency
      approvedMinor: number
      state: 'active' | 'suspended'
      plantingOn: string | undefined
      harvest: { harvestOn: string; dueAt: Date } | undefined
    }) {
      const [row] = await db
        .insert(creditLines)
        .values({
          userId: line.userId,
          currency: line.currency,
          approvedMinor: line.approvedMinor,
          state: line.state,
          ...(line.harvest
            ? { dueAt: line.harvest.dueAt, harvestOn: line.harvest.harvestOn }
            : {
                dueAt: sql`now() + interval '150 days'`,
                harvestOn: sql`(now() + interval '150 days')::date`,
              }),
          plantingOn: line.plantingOn ?? sql`(now() - interval '30 days')::date`,
          expiresAt: sql`now() + interval '365 days'`,
        })
        .returning({ id: creditLines.id })
      return row!
    },
  }
}
export type DevRepository = ReturnType<typeof createDevRepository>
