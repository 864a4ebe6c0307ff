import type { Db } from '@padi/db/client'
import { allocateRepayment } from '@padi/domain/credit/credit-line'
import type { Currency } from '@padi/domain/markets'
import { createRepaymentsRepository } from './repayments.repository.ts'

export type AppliedRepayment =
  | { ok: true; ledgerEntryId: number; userId: number }
  | { ok: false; owed: { amount_minor: number; currency: Currency } }

/**
 * docs/product/credit.md (The line and its ledger): money repaid on a line, inside the caller's
 * transaction and under the line's lock: the late fee first, then interest, then principal, as
 * one repayment entry in the ledger. More than is owed now is not applied: the answer says what
 * is owed. A receipt's approval, a statement's match and a gateway's notice all repay this way.
 */
export async function applyRepayment(
  tx: Db,
  input: {
    lineId: number
    amountMinor: number
    note: string
    actorUserId: number | null
    at: Date
  },
): Promise<AppliedRepayment | null> {
  const repo = createRepaymentsRepository(tx)
  const line = await repo.lockCreditLine(input.lineId)
  if (!line) return null
  const owed = line.utilisedMinor + line.interestMinor + line.lateFeeMinor
  if (input.amountMinor > owed)
    return { ok: false, owed: { amount_minor: owed, currency: line.currency } }
  const d = allocateRepayment(line, input.amountMinor)
  const updated = await repo.setLineBalances(line.id, {
    utilisedMinor: line.utilisedMinor + d.principalMinor,
    interestMinor: line.interestMinor + d.interestMinor,
    lateFeeMinor: line.lateFeeMinor + d.lateFeeMinor,
    updatedAt: input.at,
  })
  const entry = await repo.insertLedgerEntry({
    lineId: line.id,
    kind: 'repayment',
    currency: line.currency,
    principalDeltaMinor: d.principalMinor,
    interestDeltaMinor: d.interestMinor,
    lateFeeDeltaMinor: d.lateFeeMinor,
    utilisedAfterMinor: updated.utilised,
    note: input.note,
    actorUserId: input.actorUserId,
    createdAt: input.at,
  })
  return { ok: true, ledgerEntryId: entry.id, userId: line.userId }
}
