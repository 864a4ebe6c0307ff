import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import {
  addMonths,
  lateFeeBaseMinor,
  lateFeeMinor,
  monthsPastDue,
} from '@padi/domain/credit/late-fee'
import { createCreditRepository } from './credit.repository.ts'

export type LateFeeRun = { lines: number; charged: number; feesMinor: number }

/**
 * docs/product/credit.md (Late fees): adds each whole month's late fee past a line's due date, once.
 *
 * Safe to run twice at once and on several servers: each month is charged in its own transaction
 * that first locks the line, then inserts the month's row under a unique key (line, due date,
 * month). A run that loses the race waits on the line's lock, then finds the month charged and
 * adds nothing; should the unique key refuse the row, the month's transaction is rolled back
 * whole, so the ledger entry and the line's balance change only with the row. A due date moved by
 * an extension starts a new count from the new date, so months before it are not charged again
 * and no fee is added until a month after it.
 */
export async function runLateFees(db: Db, now: Date): Promise<LateFeeRun> {
  // Only narrows the scan: the month check is repeated exactly, per line, below.
  const candidates = await createCreditRepository(db).lateFeeCandidates(now)
  const run: LateFeeRun = { lines: candidates.length, charged: 0, feesMinor: 0 }
  for (const { id } of candidates) {
    for (;;) {
      const charged = await chargeNextMonth(db, id, now)
      if (!charged) break
      run.charged += 1
      run.feesMinor += charged
    }
  }
  return run
}

/** Charges the line's first month not yet charged, if one is due; answers the fee or 0. */
async function chargeNextMonth(db: Db, lineId: number, now: Date): Promise<number> {
  try {
    return await chargeInTransaction(db, lineId, now)
  } catch (error) {
    if (isUniqueViolation(error)) return 0
    throw error
  }
}

function chargeInTransaction(db: Db, lineId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const repo = createCreditRepository(tx)
    const line = await repo.lockLine(lineId)
    if (!line?.dueAt) return 0
    const months = monthsPastDue(line.dueAt, now, line.currency)
    if (months === 0) return 0
    const month = (await repo.lastLateFeeMonth(lineId, line.dueAt)) + 1
    if (month > months) return 0
    const owedMinor = lateFeeBaseMinor(line)
    const feeMinor = lateFeeMinor(owedMinor)
    if (feeMinor === 0) return 0
    const ledgerEntryId = await repo.addLateFeeEntry({
      lineId,
      currency: line.currency,
      lateFeeDeltaMinor: feeMinor,
      utilisedAfterMinor: line.utilisedMinor,
      note: `Late fee: month ${month} past the due date (${addMonths(line.dueAt, month, line.currency).toISOString()})`,
      createdAt: now,
    })
    // The unique key is the second guard: with the line locked above a duplicate cannot get here;
    // if it ever did, the conflict undoes the whole transaction, ledger entry included.
    await repo.recordLateFeeCharge({
      lineId,
      dueAt: line.dueAt,
      month,
      owedMinor,
      feeMinor,
      ledgerEntryId,
      createdAt: now,
    })
    await repo.addLateFeeToLine(lineId, feeMinor, now)
    return feeMinor
  })
}
