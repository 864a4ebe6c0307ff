import type { Db } from '@padi/db/client'
import {
  matchCredit,
  sameMoney,
  type MatchCandidate,
  type ReviewReason,
  type StatementCredit,
} from '@padi/domain/repayments/statement-matching'
import { applyRepayment } from './apply-repayment.ts'
import { createRepaymentsRepository, type QrRepaymentRow } from './repayments.repository.ts'

export type NamedCodeOutcome =
  | { kind: 'repaid'; qr: QrRepaymentRow; ledgerEntryId: number }
  | { kind: 'not_repaid'; reason: ReviewReason; candidate: MatchCandidate | null }

/**
 * docs/product/repayments.md (Matching the statement; A payment gateway's notice): money that
 * came in naming `references`, inside the caller's transaction. The QR repayments they name are
 * locked (so a statement line and a gateway's notice of the same money decide one after the
 * other); an exact match (matchCredit) is repaid on its line and the code marked paid, unless an
 * approved receipt already brought this very money in, or it is more than is owed by now.
 */
export async function repayNamedCode(
  tx: Db,
  input: {
    credit: StatementCredit
    references: readonly string[]
    note: string
    actorUserId: number | null
    at: Date
  },
): Promise<NamedCodeOutcome> {
  const { credit } = input
  const repo = createRepaymentsRepository(tx)
  const rows = await repo.lockQrRepaymentsByReference(input.references)
  const decision = matchCredit(
    credit,
    rows.map((r) => ({
      id: r.id,
      amountMinor: r.amountMinor,
      currency: r.currency,
      paid: r.paidAt !== null,
    })),
    input.references.length,
  )
  if (decision.kind === 'review')
    return { kind: 'not_repaid', reason: decision.reason, candidate: decision.candidate }
  const qr = rows.find((r) => r.id === decision.candidate.id)!
  const notRepaid = (reason: ReviewReason) =>
    ({ kind: 'not_repaid', reason, candidate: decision.candidate }) as const
  // docs/product/repayments.md (Receipts and the statement): a receipt finance approved for this
  // very payment already counted it.
  const paid = {
    amountMinor: credit.amountMinor,
    bookedOn: credit.bookedOn,
    bankTransactionId: credit.bankTransactionId,
    qrReference: qr.reference,
  }
  const receipts = await repo.approvedReceipts(qr.lineId)
  if (receipts.some((r) => sameMoney(r, paid) === 'same')) return notRepaid('covered_by_receipt')
  const applied = await applyRepayment(tx, {
    lineId: qr.lineId,
    amountMinor: credit.amountMinor,
    note: input.note,
    actorUserId: input.actorUserId,
    at: input.at,
  })
  if (!applied?.ok) return notRepaid('more_than_owed')
  await repo.markQrRepaymentPaid(qr.id, { paidAt: input.at, ledgerEntryId: applied.ledgerEntryId })
  return { kind: 'repaid', qr, ledgerEntryId: applied.ledgerEntryId }
}
