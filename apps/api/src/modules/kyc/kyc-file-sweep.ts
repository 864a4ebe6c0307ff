import { inArray } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { kycDocuments } from '@padi/db/schema/kyc'
import { repaymentReceipts } from '@padi/db/schema/repayments'
import type { FileStore } from '../files/encrypted-file-store.ts'

/** A file younger than this may belong to an upload whose record is being written. */
const SETTLED_MS = 60 * 60 * 1000

/**
 * ADR 042: files that no record (KYC document, repayment receipt) points at (the API stopped between the store and the
 * record, or a removal of the file failed after its record went) are deleted once they are an
 * hour old. Answers how many went.
 */
export async function sweepUnreferencedFiles(db: Db, files: FileStore, now: Date): Promise<number> {
  let removed = 0
  let batch: string[] = []
  const settle = async () => {
    if (batch.length === 0) return
    // Every table that names stored files: KYC documents and repayment receipts.
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
