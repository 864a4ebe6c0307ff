import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { formatMoney } from '@padi/domain/money'
import {
  matchCredit,
  referencesIn,
  type ReviewReason,
  type StatementCredit,
} from '@padi/domain/repayments/statement-matching'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision } from '../audit/record-decision.service.ts'
import { applyRepayment } from './apply-repayment.ts'
import { parseCamt053 } from './camt053-statement.ts'
import { createRepaymentsRepository, type StatementLineRow } from './repayments.repository.ts'

export type ImportSummary = {
  lines: number
  matched: number
  review: number
  already_imported: number
  ignored: number
}

function statementError(problem: string) {
  return new DomainError('VALIDATION_FAILED', `Not a statement the shop can read: ${problem}`, {
    extra: {
      message_key: 'statement.errors.unreadable',
      errors: [{ field: 'file', message: 'statement.errors.unreadable' }],
    },
  })
}

/**
 * docs/product/repayments.md (Matching the statement): finance imports the collecting account's
 * statement; each credit is kept once (the bank's transaction id) and, when it exactly matches a
 * QR repayment, applied as a repayment at once (late fee, then interest, then principal; one
 * ledger entry; the farmer's SMS in their language). Each line is its own transaction: a line
 * that cannot be applied waits in review and the others go on.
 */
export function createStatementImportService(deps: {
  db: Db
  clock: Clock
  sms?: Pick<OtpService, 'notice' | 'dispatch'>
}) {
  const { db, clock } = deps

  async function importCredit(
    actorUserId: number,
    credit: StatementCredit,
  ): Promise<'matched' | 'review' | 'already_imported'> {
    let pending: PendingSms | null = null
    const outcome = await db.transaction(async (tx) => {
      const repo = createRepaymentsRepository(tx)
      const now = clock.now()
      // Kept first: a second import of the same transaction waits here, then finds it there.
      const line = await repo.insertStatementLine({
        currency: credit.currency,
        bankTransactionId: credit.bankTransactionId,
        bookedOn: credit.bookedOn,
        amountMinor: credit.amountMinor,
        details: credit.details,
        payerName: credit.payerName,
        status: 'review',
        reason: 'no_reference',
        importedBy: actorUserId,
        importedAt: now,
      })
      if (!line) return 'already_imported' as const
      const references = referencesIn(credit.details)
      const rows = await repo.lockQrRepaymentsByReference(references)
      const decision = matchCredit(
        credit,
        rows.map((r) => ({
          id: r.id,
          amountMinor: r.amountMinor,
          currency: r.currency,
          paid: r.paidAt !== null,
        })),
        references.length,
      )
      const review = async (reason: ReviewReason, qrRepaymentId: number | null) => {
        await repo.settleStatementLine(line.id, { status: 'review', reason, qrRepaymentId })
        return 'review' as const
      }
      if (decision.kind === 'review') return review(decision.reason, decision.candidate?.id ?? null)
      const qr = rows.find((r) => r.id === decision.candidate.id)!
      const applied = await applyRepayment(tx, {
        lineId: qr.lineId,
        amountMinor: credit.amountMinor,
        note: `statement line ${line.id} (${credit.bankTransactionId})`,
        actorUserId,
        at: now,
      })
      if (!applied?.ok) return review('more_than_owed', qr.id)
      await repo.markQrRepaymentPaid(qr.id, { paidAt: now, ledgerEntryId: applied.ledgerEntryId })
      const after: Partial<StatementLineRow> = {
        status: 'matched',
        reason: null,
        qrRepaymentId: qr.id,
        ledgerEntryId: applied.ledgerEntryId,
      }
      await repo.settleStatementLine(line.id, after)
      pending = await recordDecision(
        tx,
        {
          actorUserId,
          action: 'statement.match',
          subjectType: 'qr_repayment',
          subjectId: qr.id,
          before: { paid: false },
          after: {
            paid: true,
            statement_line_id: line.id,
            bank_transaction_id: credit.bankTransactionId,
            ledger_entry_id: applied.ledgerEntryId,
          },
          at: now,
          farmer: { userId: qr.userId, locale: qr.locale },
          notice: 'receipt_approved',
          params: { amount: formatMoney(credit.amountMinor, credit.currency) },
        },
        deps.sms,
      )
      return 'matched' as const
    })
    deps.sms?.dispatch(pending)
    return outcome
  }

  return {
    /** POST /admin/statements: a camt.053 file; what each of its credits became. */
    async importCamt053(actorUserId: number, xml: string): Promise<ImportSummary> {
      const parsed = parseCamt053(xml)
      if (!parsed.ok) throw statementError(parsed.problem)
      const summary: ImportSummary = {
        lines: parsed.credits.length,
        matched: 0,
        review: 0,
        already_imported: 0,
        ignored: parsed.ignored,
      }
      for (const credit of parsed.credits) summary[await importCredit(actorUserId, credit)]++
      return summary
    },

    /** GET /admin/statement-lines: what waits for finance, oldest first. */
    async review() {
      const rows = await createRepaymentsRepository(db).statementLinesForReview(200)
      return rows.map((r) => ({
        id: r.id,
        bank_transaction_id: r.bankTransactionId,
        booked_on: r.bookedOn,
        amount: { amount_minor: r.amountMinor, currency: r.currency },
        details: r.details,
        payer_name: r.payerName,
        reason: r.reason!,
        qr_repayment_id: r.qrRepaymentId,
        imported_at: r.importedAt.toISOString(),
      }))
    },
  }
}
export type StatementImportService = ReturnType<typeof createStatementImportService>
