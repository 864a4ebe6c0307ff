import { and, inArray, isNull, lt } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { kycDocuments } from '@padi/db/schema/kyc'
import { lateRepaymentDocuments } from '@padi/db/schema/late-repayments'
import { contractRenewals } from '@padi/db/schema/renewals'
import { repaymentReceipts } from '@padi/db/schema/repayments'
import type { FileStore } from '../files/encrypted-file-store.ts'

/** A late-repayment document is kept this long for the application that will claim it. */
const UNCLAIMED_MS = 24 * 60 * 60 * 1000

/** A file younger than this may belong to an upload whose record is being written. */
const SETTLED_MS = 60 * 60 * 1000

/**
 * ADR 042: files that no record (KYC document, repayment receipt, late-repayment document, signed renewal) points at (the API stopped between the store and the
 * record, or a removal of the file failed after its record went) are deleted once they are an
 * hour old. Answers how many went.
 */
export async function sweepUnreferencedFiles(db: Db, files: FileStore, now: Date): Promise<number> {
  // Late-repayment documents no application claimed within a day: their rows go, and their files
  // with the rest below.
  await db
    .delete(lateRepaymentDocuments)
    .where(
      and(
        isNull(lateRepaymentDocuments.applicationId),
        lt(lateRepaymentDocuments.createdAt, new Date(now.getTime() - UNCLAIMED_MS)),
      ),
    )
  let removed = 0
  let batch: string[] = []
  const settle = async () => {
    if (batch.length === 0) return
    // Every table that names stored files.
    const known = new Set(
      [
        ...(await db
          .select({ key: kycDocuments.storageKey })
          .from(kycDocuments)
          .where(inArray(kycDocuments.storageKey, batch))),
        ...(await db
          .select({ key: repaymentReceipts.storageKey })
          .from(repaymentReceipts)
          .where(inArray(repaymentReceipts.storageKey, batch))),
        ...(await db
          .select({ key: lateRepaymentDocuments.storageKey })
          .from(lateRepaymentDocuments)
          .where(inArray(lateRepaymentDocuments.storageKey, batch))),
        ...(await db
          .select({ key: contractRenewals.signatureKey })
          .from(contractRenewals)
          .where(inArray(contractRenewals.signatureKey, batch))),
        ...(await db
          .select({ key: contractRenewals.pdfKey })
          .from(contractRenewals)
          .where(inArray(contractRenewals.pdfKey, batch))),
      ].map((r) => r.key),
    )
    for (const key of batch.filter((k) => !known.has(k))) {
      await files.delete(key)
      removed += 1
    }
    batch = []
  }
  for await (const file of files.list()) {
    if (now.getTime() - file.writtenAt.getTime() < SETTLED_MS) continue
    batch.push(file.key)
    if (batch.length >= 500) await settle()
  }
  await settle()
  return removed
}
