import type { Db } from '@padi/db/client'
import type { FileStore } from '../files/encrypted-file-store.ts'
import { createKycRepository } from './kyc.repository.ts'

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
  const repo = createKycRepository(db)
  // Late-repayment documents no application claimed within a day: their rows go, and their files
  // with the rest below.
  await repo.deleteUnclaimedLateRepaymentDocuments(new Date(now.getTime() - UNCLAIMED_MS))
  let removed = 0
  let batch: string[] = []
  const settle = async () => {
    if (batch.length === 0) return
    // Every table that names stored files.
    const known = new Set((await repo.keysInUse(batch)).map((r) => r.key))
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
