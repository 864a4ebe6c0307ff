import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLines } from '@padi/db/schema/credit'
import { contractRenewals } from '@padi/db/schema/renewals'
import { users } from '@padi/db/schema/users'

export type RenewalRow = typeof contractRenewals.$inferSelect
export type LineRow = typeof creditLines.$inferSelect

/**
 * The contract renewals' storage: the farmer's renewals and credit lines, and finance's queue.
 * A renewal is written, or decided, in one transaction (`createRenewalRepository(tx)`) under the
 * lock of the farmer's row, or of the renewal and its line.
 */
export function createRenewalRepository(db: Db) {
  return {
    async farmer(userId: number) {
      const [user] = await db
        .select({ status: users.status, fullName: users.fullName, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    /** The farmer's row locked until the transaction ends. */
    async lockFarmer(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    },

    /** The farmer's newest line: the one in use. */
    async currentLine(userId: number): Promise<LineRow | null> {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.userId, userId))
        .orderBy(desc(creditLines.createdAt), desc(creditLines.id))
        .limit(1)
      return line ?? null
    },

    async lockLine(lineId: number): Promise<LineRow | null> {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.id, lineId))
        .for('update')
      return line ?? null
    },

    /** A new line, as a renewal's approval opens it; answers its id. */
    async openLine(line: typeof creditLines.$inferInsert): Promise<number> {
      const [created] = await db.insert(creditLines).values(line).returning({ id: creditLines.id })
      return created!.id
    },

    /** The farmer's renewals, newest first. */
    renewalsOf(userId: number, limit: number): Promise<RenewalRow[]> {
      return db
        .select()
        .from(contractRenewals)
        .where(eq(contractRenewals.userId, userId))
        .orderBy(desc(contractRenewals.createdAt), desc(contractRenewals.id))
        .limit(limit)
    },

    async lockRenewal(id: number): Promise<RenewalRow | null> {
      const [row] = await db
        .select()
        .from(contractRenewals)
        .where(eq(contractRenewals.id, id))
        .for('update')
      return row ?? null
    },

    async insertRenewal(renewal: typeof contractRenewals.$inferInsert): Promise<RenewalRow> {
      const [row] = await db.insert(contractRenewals).values(renewal).returning()
      return row!
    },

    async updateRenewal(id: number, changes: Partial<RenewalRow>): Promise<RenewalRow> {
      const [row] = await db
        .update(contractRenewals)
        .set(changes)
        .where(eq(contractRenewals.id, id))
        .returning()
      return row!
    },

    /**
     * A renewal whose signed contract is asked for (the farmer's own when `ownerId` is given),
     * with the currency of the line it renews: its market, whose day names the file.
     */
    async signedContract(id: number, ownerId: number | undefined) {
      const [row] = await db
        .select({ renewal: contractRenewals, currency: creditLines.currency })
        .from(contractRenewals)
        .innerJoin(creditLines, eq(creditLines.id, contractRenewals.lineId))
        .where(
          and(
            eq(contractRenewals.id, id),
            ownerId === undefined ? undefined : eq(contractRenewals.userId, ownerId),
          ),
        )
      return row ?? null
    },

    /** Finance's queue: pending renewals, oldest first, with their farmer and line. */
    pending(limit: number) {
      return db
        .select({
          renewal: contractRenewals,
          name: users.fullName,
          mobile: users.mobile,
          line: creditLines,
        })
        .from(contractRenewals)
        .innerJoin(users, eq(users.id, contractRenewals.userId))
        .innerJoin(creditLines, eq(creditLines.id, contractRenewals.lineId))
        .where(eq(contractRenewals.status, 'pending'))
        .orderBy(asc(contractRenewals.createdAt), asc(contractRenewals.id))
        .limit(limit)
    },

    countsByStatus() {
      return db
        .select({ status: contractRenewals.status, n: count() })
        .from(contractRenewals)
        .groupBy(contractRenewals.status)
    },
  }
}
export type RenewalRepository = ReturnType<typeof createRenewalRepository>
