import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLines } from '@padi/db/schema/credit'
import { lateRepaymentApplications, lateRepaymentDocuments } from '@padi/db/schema/late-repayments'
import { users } from '@padi/db/schema/users'

export type ApplicationRow = typeof lateRepaymentApplications.$inferSelect
export type DocumentRow = typeof lateRepaymentDocuments.$inferSelect

/**
 * Late-repayment applications and their documents. A decision, an application or an upload runs
 * in one transaction (`createLateRepaymentRepository(tx)`) under the locks its steps take.
 */
export function createLateRepaymentRepository(db: Db) {
  return {
    // --- The farmer ---

    async userByMobile(mobile: string) {
      const [user] = await db.select().from(users).where(eq(users.mobile, mobile))
      return user ?? null
    },

    async statusOf(userId: number) {
      const [user] = await db
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    async fullNameOf(userId: number) {
      const [user] = await db
        .select({ fullName: users.fullName })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    /** The farmer's row locked until the transaction ends. */
    async lockUser(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    },

    // --- The credit line an application moves ---

    async lockCreditLine(lineId: number) {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.id, lineId))
        .for('update')
      return line ?? null
    },

    async moveLineDates(
      lineId: number,
      dates: { plantingOn: string; harvestOn: string; dueAt: Date; updatedAt: Date },
    ) {
      await db.update(creditLines).set(dates).where(eq(creditLines.id, lineId))
    },

    // --- Applications ---

    async lockApplication(id: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(lateRepaymentApplications)
        .where(eq(lateRepaymentApplications.id, id))
        .for('update')
      return row ?? null
    },

    async decideApplication(
      id: number,
      decision: Pick<
        typeof lateRepaymentApplications.$inferInsert,
        'status' | 'decisionReason' | 'decidedAt' | 'decidedBy'
      >,
    ): Promise<ApplicationRow> {
      const [after] = await db
        .update(lateRepaymentApplications)
        .set(decision)
        .where(eq(lateRepaymentApplications.id, id))
        .returning()
      return after!
    },

    /** The farmer's newest first. */
    applicationsOf(userId: number, limit: number): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(lateRepaymentApplications)
        .where(eq(lateRepaymentApplications.userId, userId))
        .orderBy(desc(lateRepaymentApplications.createdAt), desc(lateRepaymentApplications.id))
        .limit(limit)
    },

    async insertApplication(
      application: typeof lateRepaymentApplications.$inferInsert,
    ): Promise<ApplicationRow> {
      const [row] = await db.insert(lateRepaymentApplications).values(application).returning()
      return row!
    },

    /** Pending ones, oldest first, with the farmer's name and number and the line. */
    pendingQueue(limit: number) {
      return db
        .select({
          app: lateRepaymentApplications,
          name: users.fullName,
          mobile: users.mobile,
          line: creditLines,
        })
        .from(lateRepaymentApplications)
        .innerJoin(users, eq(users.id, lateRepaymentApplications.userId))
        .innerJoin(creditLines, eq(creditLines.id, lateRepaymentApplications.lineId))
        .where(eq(lateRepaymentApplications.status, 'pending'))
        .orderBy(asc(lateRepaymentApplications.createdAt), asc(lateRepaymentApplications.id))
        .limit(limit)
    },

    countsByStatus() {
      return db
        .select({ status: lateRepaymentApplications.status, n: count() })
        .from(lateRepaymentApplications)
        .groupBy(lateRepaymentApplications.status)
    },

    // --- Documents ---

    /** The documents of these applications, by id. */
    async documentsOf(applicationIds: number[]): Promise<DocumentRow[]> {
      if (applicationIds.length === 0) return []
      return db
        .select()
        .from(lateRepaymentDocuments)
        .where(inArray(lateRepaymentDocuments.applicationId, applicationIds))
        .orderBy(asc(lateRepaymentDocuments.id))
    },

    async documentOf(applicationId: number, documentId: number): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(lateRepaymentDocuments)
        .where(
          and(
            eq(lateRepaymentDocuments.id, documentId),
            eq(lateRepaymentDocuments.applicationId, applicationId),
          ),
        )
      return row ?? null
    },

    /** Documents the farmer sent that no application has claimed yet. */
    async unclaimedCount(userId: number): Promise<number> {
      const [held] = await db
        .select({ n: count() })
        .from(lateRepaymentDocuments)
        .where(
          and(
            eq(lateRepaymentDocuments.userId, userId),
            isNull(lateRepaymentDocuments.applicationId),
          ),
        )
      return held?.n ?? 0
    },

    async insertDocument(
      document: typeof lateRepaymentDocuments.$inferInsert,
    ): Promise<DocumentRow> {
      const [row] = await db.insert(lateRepaymentDocuments).values(document).returning()
      return row!
    },

    /** Of these, the farmer's own not yet claimed, locked until the transaction ends. */
    async lockUnclaimedDocuments(userId: number, ids: number[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(lateRepaymentDocuments)
        .where(
          and(
            inArray(lateRepaymentDocuments.id, ids),
            eq(lateRepaymentDocuments.userId, userId),
            isNull(lateRepaymentDocuments.applicationId),
          ),
        )
        .for('update')
    },

    /** Answers the documents claimed. */
    async claimDocuments(ids: number[], applicationId: number): Promise<DocumentRow[]> {
      if (ids.length === 0) return []
      return db
        .update(lateRepaymentDocuments)
        .set({ applicationId })
        .where(inArray(lateRepaymentDocuments.id, ids))
        .returning()
    },
  }
}
export type LateRepaymentRepository = ReturnType<typeof createLateRepaymentRepository>
