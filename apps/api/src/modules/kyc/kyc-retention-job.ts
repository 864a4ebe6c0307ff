import type { Db } from '@padi/db/client'
import { outstanding } from '@padi/domain/credit/credit-line'
import { KEEP_UNUSED_MS, kycPurgeDue } from '@padi/domain/kyc/kyc-retention'
import type { FileStore } from '../files/encrypted-file-store.ts'
import { createKycRepository, type ApplicationRow, type KycRepository } from './kyc.repository.ts'

/**
 * When an application stopped being needed (docs/product/credit.md, Keeping KYC data): a rejected
 * one at its rejection, an unfinished one at its last change, an approved one when the farmer's
 * last credit line has ended with nothing owed; null while still needed (submitted, or credit
 * still running or owed).
 */
async function closedAt(repo: KycRepository, row: ApplicationRow, now: Date): Promise<Date | null> {
  if (row.state === 'rejected') return row.decidedAt
  if (row.state === 'draft' || row.state === 'insufficient_documents') return row.updatedAt
  if (row.state !== 'approved') return null
  const line = await repo.latestCreditLine(row.userId)
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
  const repo = createKycRepository(db)
  // Nothing closed less than a year ago can be due; the exact rule is applied to each below.
  const candidates = await repo.applicationsClosedBefore(
    new Date(now.getTime() - KEEP_UNUSED_MS),
    500,
  )
  let purged = 0
  for (const { app, legalHoldAt } of candidates) {
    const due = kycPurgeDue({
      approved: app.state === 'approved',
      closedAt: await closedAt(repo, app, now),
      legalHoldAt,
      now,
    })
    if (!due) continue
    const keys = await db.transaction(async (tx) => {
      const txRepo = createKycRepository(tx)
      const row = await txRepo.lockPurgedAt(app.id)
      // Another server's run emptied it first.
      if (!row || row.purgedAt) return null
      const removed = await txRepo.removeDocumentsOf(app.id)
      await txRepo.emptyApplication(app.id, now)
      await txRepo.insertAuditEntry({
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
