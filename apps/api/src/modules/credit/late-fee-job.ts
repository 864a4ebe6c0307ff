import { and, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { lateFeeCharges } from '@padi/db/schema/late-fees'
import { isUniqueViolation } from '@padi/db/unique-violation'
import {
  addMonths,
  lateFeeBaseMinor,
  lateFeeMinor,
  monthsPastDue,
} from '@padi/domain/credit/late-fee'

export type LateFeeRun = { lines: number; charged: number; feesMinor: number }

/**
 * docs/product/credit.md (Late fees): adds each whole month's late fee past a line's due date, once.
 *
 * Safe to run twice at once and on several servers: each month is charged in its own transaction
 * that first locks the line, then inserts the month's row under a unique key (line, due date,
 * month). A run that loses the race finds the row (ON CONFLICT DO NOTHING) and adds nothing; the
 * ledger entry and the line's balance change only when the row was inserted. A due date moved by
 * an extension starts a new count from the new date, so months before it are not charged again
 * and no fee is added until a month after it.
 */
export async function runLateFees(db: Db, now: Date): Promise<LateFeeRun> {
  // Lines a month or more past their due date with principal or interest owed. The month check
  // is repeated exactly, per line, below; this only narrows the scan (31 days ≥ any month).
  const candidates = await db
    .select({ id: creditLines.id })
    .from(creditLines)
    .where(
      and(
        isNotNull(creditLines.dueAt),
        lte(creditLines.dueAt, sql`${now.toISOString()}::timestamptz - interval '28 days'`),
        or(gt(creditLines.utilisedMinor, 0), gt(creditLines.interestMinor, 0)),
      ),
    )
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
    const [line] = await tx
      .select()
      .from(creditLines)
      .where(eq(creditLines.id, lineId))
      .for('update')
    if (!line?.dueAt) return 0
    const months = monthsPastDue(line.dueAt, now, line.currency)
    if (months === 0) return 0
    const [last] = await tx
      .select({ month: sql<number>`coalesce(max(${lateFeeCharges.month}), 0)::int` })
      .from(lateFeeCharges)
      .where(and(eq(lateFeeCharges.lineId, lineId), eq(lateFeeCharges.dueAt, line.dueAt)))
    const month = (last?.month ?? 0) + 1
    if (month > months) return 0
    const owedMinor = lateFeeBaseMinor(line)
    const feeMinor = lateFeeMinor(owedMinor)
    if (feeMinor === 0) return 0
    const [entry] = await tx
      .insert(creditLedger)
      .values({
        lineId,
        kind: 'late_fee',
        currency: line.currency,
        lateFeeDeltaMinor: feeMinor,
        utilisedAfterMinor: line.utilisedMinor,
        note: `Late fee: month ${month} past the due date (${addMonths(line.dueAt, month, line.currency).toISOString()})`,
        createdAt: now,
      })
      .returning({ id: creditLedger.id })
    // The unique key is the second guard: with the line locked above a duplicate cannot get here;
    // if it ever did, the conflict undoes the whole transaction, ledger entry included.
    await tx.insert(lateFeeCharges).values({
      lineId,
      dueAt: line.dueAt,
      month,
      owedMinor,
      feeMinor,
      ledgerEntryId: entry!.id,
      createdAt: now,
    })
    await tx
      .update(creditLines)
      .set({ lateFeeMinor: sql`${creditLines.lateFeeMinor} + ${feeMinor}`, updatedAt: now })
      .where(eq(creditLines.id, lineId))
    return feeMinor
  })
}
