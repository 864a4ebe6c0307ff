import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { creditLines } from '@padi/db/schema/credit'
import { kycApplications, kycDocuments } from '@padi/db/schema/kyc'
import { users } from '@padi/db/schema/users'
import { outstanding } from '@padi/domain/credit/credit-line'
import { KEEP_UNUSED_MS, kycPurgeDue } from '@padi/domain/kyc/kyc-retention'
import type { FileStore } from '../files/encrypted-file-store.ts'

type ApplicationRow = typeof kycApplications.$inferSelect

/**
 * When an application stopped being needed (docs/product/credit.md, Keeping KYC data): a rejected
 * one at its rejection, an unfinished one at its last change, an approved one when the farmer's
 * last credit line has ended with nothing owed; null while still needed (submitted, or credit
 * still running or owed).
 */
async function closedAt(db: Db, row: ApplicationRow, now: Date): Promise<Date | null> {
  if (row.state === 'rejected') return row.decidedAt
  if (row.state === 'draft' || row.state === 'insufficient_documents') return row.updatedAt
  if (row.state !== 'approved') return null
  const [line] = await db
    .select()
    .from(creditLines)
    .where(eq(creditLines.userId, row.userId))
    .orderBy(desc(creditLines.createdAt), desc(creditLines.id))
    .limit(1)
  if (!line) return row.decidedAt
  const ended = line.expiresAt.getTime() <= now.getTime()
  return ended && outstanding(line).totalMinor === 0 ? line.expiresAt : null
}

/**
 * docs/product/credit.md (Keeping KYC data): removes the documents (files and records) and the
 * answers of applications kept past their time, unless the farmer is under a legal hold. The
 * application's row stays, emptied, with when it was emptied; the removal is in the audit log as
 * the system's. Files go after the commit; one that fails to go is left to the file sweep.
 * Answers how many applications were emptied.
 */
export async function runKycRetention(db: Db, files: FileStore, now: Date): Promise<number> {
  // Nothing closed less than a year ago can be due; the exact rule is applied to each below.
  const candidates = await db
    .select({ app: kycApplications, legalHoldAt: users.legalHoldAt })
    .from(kycApplications)
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(
      and(
        isNull(kycApplications.purgedAt),
        lt(
          sql`coalesce(${kycApplications.decidedAt}, ${kycApplications.updatedAt})`,
          new Date(now.getTime() - KEEP_UNUSED_MS),
        ),
      ),
    )
    .limit(500)
  let purged = 0
  for (const { app, legalHoldAt } of candidates) {
    const due = kycPurgeDue({
      approved: app.state === 'approved',
      closedAt: await closedAt(db, app, now),
      legalHoldAt,
      now,
    })
    if (!due) continue
    const keys = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ purgedAt: kycApplications.purgedAt })
        .from(kycApplications)
        .where(eq(kycApplications.id, app.id))
        .for('update')
      // Another server's run emptied it first.
      if (!row || row.purgedAt) return null
      const removed = await tx
        .delete(kycDocuments)
        .where(eq(kycDocuments.applicationId, app.id))
        .returning({ key: kycDocuments.storageKey })
      await tx
        .update(kycApplications)
        .set({ details: {}, requestedDocuments: null, decisionReason: null, purgedAt: now })
        .where(eq(kycApplications.id, app.id))
      await tx.insert(auditLog).values({
        actorUserId: null,
        action: 'kyc.purge',
        subjectType: 'kyc_application',
        subjectId: app.id,
        before: { state: app.state, documents: removed.length },
        after: { purged_at: now.toISOString() },
        createdAt: now,
      })
      return removed.map((r) => r.key)
    })
    if (!keys) continue
    purged += 1
    for (const key of keys) await files.delete(key).catch(() => undefined)
  }
  return purged
}
