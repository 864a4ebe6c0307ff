import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { creditLines } from '@padi/db/schema/credit'
import { kycApplications, kycDocuments } from '@padi/db/schema/kyc'
import { lateRepaymentDocuments } from '@padi/db/schema/late-repayments'
import { contractRenewals } from '@padi/db/schema/renewals'
import { repaymentReceipts } from '@padi/db/schema/repayments'
import { users } from '@padi/db/schema/users'
import type { KycApplicationState } from '@padi/domain/kyc/kyc-application'
import type { KycDraft } from '@padi/domain/kyc/kyc-schemas'

export type ApplicationRow = typeof kycApplications.$inferSelect
export type DocumentRow = typeof kycDocuments.$inferSelect
type CreditLineRow = typeof creditLines.$inferSelect
type UserKyc = Pick<typeof users.$inferInsert, 'kycStatus' | 'canResubmitAt'>

/** The states of an open application: a farmer has at most one (a draft, submitted, or sent back). */
export const OPEN_STATES: KycApplicationState[] = ['draft', 'submitted', 'insufficient_documents']

/**
 * The credit application's storage (KYC): applications and their documents, the farmer's KYC
 * status, the line an approval opens, and the retention job's and file sweep's reads. A write runs
 * in one transaction (`createKycRepository(tx)`) under the lock of the farmer's row or of the
 * application.
 */
export function createKycRepository(db: Db) {
  return {
    // --- The farmer's side (kyc.service.ts) ---

    /** The farmer's market, their row locked against key changes until the transaction ends. */
    async lockFarmer(userId: number): Promise<{ market: string } | null> {
      const [user] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update')
      return user ?? null
    },

    /** The farmer's newest application. */
    async latestApplication(userId: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(kycApplications)
        .where(eq(kycApplications.userId, userId))
        .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
        .limit(1)
      return row ?? null
    },

    async startApplication(
      application: typeof kycApplications.$inferInsert,
    ): Promise<ApplicationRow> {
      const [created] = await db.insert(kycApplications).values(application).returning()
      return created!
    },

    async saveDetails(applicationId: number, details: KycDraft, at: Date): Promise<void> {
      await db
        .update(kycApplications)
        .set({ details, updatedAt: at })
        .where(eq(kycApplications.id, applicationId))
    },

    /** Submits the application only while it is still open. */
    async submitApplication(
      applicationId: number,
      changes: Partial<typeof kycApplications.$inferInsert>,
    ): Promise<void> {
      await db
        .update(kycApplications)
        .set(changes)
        .where(
          and(eq(kycApplications.id, applicationId), inArray(kycApplications.state, OPEN_STATES)),
        )
    },

    /** The application's documents, in the order they came. */
    documentsOf(applicationId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(kycDocuments)
        .where(eq(kycDocuments.applicationId, applicationId))
        .orderBy(kycDocuments.id)
    },

    async addDocument(document: typeof kycDocuments.$inferInsert): Promise<DocumentRow> {
      const [doc] = await db.insert(kycDocuments).values(document).returning()
      return doc!
    },

    async deleteDocument(documentId: number): Promise<void> {
      await db.delete(kycDocuments).where(eq(kycDocuments.id, documentId))
    },

    /** Deletes the document if it is this application's; answers its file's key, or null. */
    async deleteDocumentOf(
      applicationId: number,
      documentId: number,
    ): Promise<{ key: string } | null> {
      const [doc] = await db
        .delete(kycDocuments)
        .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.applicationId, applicationId)))
        .returning({ key: kycDocuments.storageKey })
      return doc ?? null
    },

    /** A document of any of the farmer's applications; null when it is anyone else's. */
    async farmersDocument(userId: number, documentId: number) {
      const [doc] = await db
        .select({
          key: kycDocuments.storageKey,
          contentType: kycDocuments.contentType,
          fileName: kycDocuments.fileName,
        })
        .from(kycDocuments)
        .innerJoin(kycApplications, eq(kycApplications.id, kycDocuments.applicationId))
        .where(and(eq(kycDocuments.id, documentId), eq(kycApplications.userId, userId)))
      return doc ?? null
    },

    /** The KYC status on the farmer's account (and, on a decision, when they may apply again). */
    async setUserKyc(userId: number, kyc: UserKyc): Promise<void> {
      await db.update(users).set(kyc).where(eq(users.id, userId))
    },

    // --- Finance's review (kyc-review.service.ts) ---

    /** Submitted applications, oldest first. */
    submittedQueue(limit: number) {
      return db
        .select({
          id: kycApplications.id,
          userId: kycApplications.userId,
          market: kycApplications.market,
          details: kycApplications.details,
          submittedAt: kycApplications.submittedAt,
        })
        .from(kycApplications)
        .where(eq(kycApplications.state, 'submitted'))
        .orderBy(asc(kycApplications.submittedAt), asc(kycApplications.id))
        .limit(limit)
    },

    countsByState() {
      return db
        .select({ state: kycApplications.state, n: count() })
        .from(kycApplications)
        .groupBy(kycApplications.state)
    },

    async application(id: number): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(kycApplications).where(eq(kycApplications.id, id))
      return row ?? null
    },

    async lockApplication(id: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(kycApplications)
        .where(eq(kycApplications.id, id))
        .for('update')
      return row ?? null
    },

    /** The application's state, its row locked until the transaction ends. */
    async lockApplicationState(id: number): Promise<{ state: KycApplicationState } | null> {
      const [row] = await db
        .select({ state: kycApplications.state })
        .from(kycApplications)
        .where(eq(kycApplications.id, id))
        .for('update')
      return row ?? null
    },

    async updateApplication(
      id: number,
      changes: Partial<typeof kycApplications.$inferInsert>,
    ): Promise<ApplicationRow> {
      const [after] = await db
        .update(kycApplications)
        .set(changes)
        .where(eq(kycApplications.id, id))
        .returning()
      return after!
    },

    async applicant(userId: number) {
      const [applicant] = await db
        .select({ fullName: users.fullName, mobile: users.mobile, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, userId))
      return applicant ?? null
    },

    /** The farmer's applications, newest first. */
    applicationsOf(userId: number) {
      return db
        .select({
          id: kycApplications.id,
          state: kycApplications.state,
          submittedAt: kycApplications.submittedAt,
          decidedAt: kycApplications.decidedAt,
          decisionReason: kycApplications.decisionReason,
        })
        .from(kycApplications)
        .where(eq(kycApplications.userId, userId))
        .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
    },

    async documentOfApplication(
      applicationId: number,
      documentId: number,
    ): Promise<DocumentRow | null> {
      const [doc] = await db
        .select()
        .from(kycDocuments)
        .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.applicationId, applicationId)))
      return doc ?? null
    },

    /** Finance's word on a document; answers the document after it. */
    async reviewDocument(
      documentId: number,
      review: Pick<
        typeof kycDocuments.$inferInsert,
        'review' | 'reviewReason' | 'reviewedAt' | 'reviewedBy'
      >,
    ): Promise<DocumentRow> {
      const [after] = await db
        .update(kycDocuments)
        .set(review)
        .where(eq(kycDocuments.id, documentId))
        .returning()
      return after!
    },

    /** A document of the application marked to be sent again, if there is one. */
    async documentToResend(applicationId: number): Promise<{ id: number } | null> {
      const [doc] = await db
        .select({ id: kycDocuments.id })
        .from(kycDocuments)
        .where(
          and(eq(kycDocuments.applicationId, applicationId), eq(kycDocuments.review, 'resend')),
        )
        .limit(1)
      return doc ?? null
    },

    /** The kinds of the application's documents, and finance's word on each. */
    documentReviews(applicationId: number) {
      return db
        .select({ kind: kycDocuments.kind, review: kycDocuments.review })
        .from(kycDocuments)
        .where(eq(kycDocuments.applicationId, applicationId))
    },

    /** Any credit line of the farmer's. */
    async anyCreditLine(userId: number): Promise<{ id: number } | null> {
      const [line] = await db
        .select({ id: creditLines.id })
        .from(creditLines)
        .where(eq(creditLines.userId, userId))
        .limit(1)
      return line ?? null
    },

    /** The credit line an approval opens. */
    async openCreditLine(line: typeof creditLines.$inferInsert): Promise<void> {
      await db.insert(creditLines).values(line)
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry)
    },

    // --- Keeping KYC data (kyc-retention-job.ts) ---

    /**
     * Applications not yet emptied whose decision, or else last change, came before `before`,
     * with the farmer's legal hold.
     */
    applicationsClosedBefore(before: Date, limit: number) {
      return db
        .select({ app: kycApplications, legalHoldAt: users.legalHoldAt })
        .from(kycApplications)
        .innerJoin(users, eq(users.id, kycApplications.userId))
        .where(
          and(
            isNull(kycApplications.purgedAt),
            lt(sql`coalesce(${kycApplications.decidedAt}, ${kycApplications.updatedAt})`, before),
          ),
        )
        .limit(limit)
    },

    /** The farmer's newest credit line. */
    async latestCreditLine(userId: number): Promise<CreditLineRow | null> {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.userId, userId))
        .orderBy(desc(creditLines.createdAt), desc(creditLines.id))
        .limit(1)
      return line ?? null
    },

    /** When the application was emptied, its row locked until the transaction ends. */
    async lockPurgedAt(id: number): Promise<{ purgedAt: Date | null } | null> {
      const [row] = await db
        .select({ purgedAt: kycApplications.purgedAt })
        .from(kycApplications)
        .where(eq(kycApplications.id, id))
        .for('update')
      return row ?? null
    },

    /** Deletes the application's documents; answers their files' keys. */
    removeDocumentsOf(applicationId: number): Promise<{ key: string }[]> {
      return db
        .delete(kycDocuments)
        .where(eq(kycDocuments.applicationId, applicationId))
        .returning({ key: kycDocuments.storageKey })
    },

    /** Empties the application's answers; its row stays, with when it was emptied. */
    async emptyApplication(id: number, at: Date): Promise<void> {
      await db
        .update(kycApplications)
        .set({ details: {}, requestedDocuments: null, decisionReason: null, purgedAt: at })
        .where(eq(kycApplications.id, id))
    },

    // --- The file sweep (kyc-file-sweep.ts) ---

    /** Deletes the late-repayment documents no application claimed, written before `before`. */
    async deleteUnclaimedLateRepaymentDocuments(before: Date): Promise<void> {
      await db
        .delete(lateRepaymentDocuments)
        .where(
          and(
            isNull(lateRepaymentDocuments.applicationId),
            lt(lateRepaymentDocuments.createdAt, before),
          ),
        )
    },

    /** Which of these stored files' keys a record names, from every table that names stored files. */
    async keysInUse(keys: string[]): Promise<{ key: string }[]> {
      return [
        ...(await db
          .select({ key: kycDocuments.storageKey })
          .from(kycDocuments)
          .where(inArray(kycDocuments.storageKey, keys))),
        ...(await db
          .select({ key: repaymentReceipts.storageKey })
          .from(repaymentReceipts)
          .where(inArray(repaymentReceipts.storageKey, keys))),
        ...(await db
          .select({ key: lateRepaymentDocuments.storageKey })
          .from(lateRepaymentDocuments)
          .where(inArray(lateRepaymentDocuments.storageKey, keys))),
        ...(await db
          .select({ key: contractRenewals.signatureKey })
          .from(contractRenewals)
          .where(inArray(contractRenewals.signatureKey, keys))),
        ...(await db
          .select({ key: contractRenewals.pdfKey })
          .from(contractRenewals)
          .where(inArray(contractRenewals.pdfKey, keys))),
      ]
    },
  }
}
export type KycRepository = ReturnType<typeof createKycRepository>
