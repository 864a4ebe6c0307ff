import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { smsOutbox } from '@padi/db/schema/auth'
import { creditLines } from '@padi/db/schema/credit'
import { users } from '@padi/db/schema/users'
import { MARKET_CURRENCY, type Market } from '@padi/domain/markets'
import { startOfDay } from '@padi/domain/credit/farmer-calendar'
import { DomainError } from '@padi/domain/errors'
import type { OtpService } from '../auth/otp.service.ts'

/** docs/product/demo-mode.md: what demo mode adds, for people trying the shop and browser tests. */
export function createDevService(deps: { db: Db; otp: Pick<OtpService, 'outboxText'> }) {
  const { db, otp } = deps
  return {
    /** The SMS kept instead of sent to one number, newest first; a code's text once it is gone is null. */
    async outbox(to: string, limit: number) {
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(limit)
      return rows.map((r) => ({
        to: r.to,
        body: otp.outboxText(r),
        purpose: r.purpose,
        status: r.status,
        created_at: r.createdAt.toISOString(),
      }))
    },

    /** An active (or suspended) line for a customer who has none, without finance's review. */
    async grantCreditLine(input: {
      mobile: string
      amount_minor: number
      planting_on?: string | undefined
      harvest_on?: string | undefined
      state: 'active' | 'suspended'
    }) {
      const [user] = await db
        .select({ id: users.id, market: users.market, role: users.role })
        .from(users)
        .where(eq(users.mobile, input.mobile))
      if (!user || user.role !== 'customer')
        throw new DomainError('NOT_FOUND', 'Customer not found')
      const [existing] = await db
        .select({ id: creditLines.id })
        .from(creditLines)
        .where(eq(creditLines.userId, user.id))
        .limit(1)
      if (existing) throw new DomainError('CONFLICT', 'This customer already has a credit line')
      const currency = MARKET_CURRENCY[user.market as Market]
      const harvestOn = input.harvest_on
      const [line] = await db
        .insert(creditLines)
        .values({
          userId: user.id,
          currency,
          approvedMinor: input.amount_minor,
          state: input.state,
          ...(harvestOn
            ? { dueAt: startOfDay(harvestOn, currency), harvestOn }
            : {
                dueAt: sql`now() + interval '150 days'`,
                harvestOn: sql`(now() + interval '150 days')::date`,
              }),
          plantingOn: input.planting_on ?? sql`(now() - interval '30 days')::date`,
          expiresAt: sql`now() + interval '365 days'`,
        })
        .returning({ id: creditLines.id })
      return { id: line!.id }
    },
  }
}
export type DevService = ReturnType<typeof createDevService>
