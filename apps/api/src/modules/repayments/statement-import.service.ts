import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { formatMoney } from '@padi/domain/money'
import {
  referencesIn,
  suggestFarmer,
  type StatementCredit,
} from '@padi/domain/repayments/statement-matching'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordAction, recordDecision } from '../audit/record-decision.service.ts'
import { applyRepayment } from './apply-repayment.ts'
import { parseCamt053, type StatementParse } from './camt053-statement.ts'
import { repayNamedCode } from './repay-named-code.ts'
import { parseStatementCsv } from './csv-statement.ts'
import { createRepaymentsRepository, type StatementLineRow } from './repayments.repository.ts'
import type { StatementCsvMapping } from '@padi/domain/repayments/statement-schemas'

export type ImportSummary = {
  lines: number
  matched: number
  reconciled: number
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
    inTurn: { after: Promise<void>; kept: () => void },
  ): Promise<'matched' | 'reconciled' | 'review' | 'already_imported'> {
    let pending: PendingSms | null = null
    const outcome = await db.transaction(async (tx) => {
      const repo = createRepaymentsRepository(tx)
      // Kept in the file's order, whatever else runs at once: the review list then reads as the
      // bank's statement does. Only this insert waits for the credit before it.
      await inTurn.after
      const now = clock.now()
      // Kept first: a second import of the same transaction waits here, then finds it there.
      const line = await repo
        .insertStatementLine({
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
        .finally(inTurn.kept)
      if (!line) return 'already_imported' as const
      const repaid = await repayNamedCode(tx, {
        credit,
        references: referencesIn(credit.details),
        note: `statement line ${line.id} (${credit.bankTransactionId})`,
        actorUserId,
        at: now,
      })
      if (repaid.kind === 'not_repaid') {
        const candidate = repaid.candidate
        if (repaid.reason === 'already_paid' && candidate) {
          // docs/product/repayments.md (A payment gateway's notice): the gateway told us of this
          // very money first and it was repaid then; the statement confirms it, adding nothing.
          const told = await repo.gatewayPaymentThatPaid(candidate.id)
          if (told && told.amountMinor === credit.amountMinor && told.statementLineId === null) {
            await repo.settleStatementLine(line.id, {
              status: 'reconciled',
              reason: null,
              qrRepaymentId: candidate.id,
              ledgerEntryId: told.ledgerEntryId,
            })
            await repo.settleGatewayPayment(told.id, { statementLineId: line.id })
            return 'reconciled' as const
          }
        }
        await repo.settleStatementLine(line.id, {
          status: 'review',
          reason: repaid.reason,
          qrRepaymentId: candidate?.id ?? null,
        })
        return 'review' as const
      }
      const { qr, ledgerEntryId } = repaid
      const after: Partial<StatementLineRow> = {
        status: 'matched',
        reason: null,
        qrRepaymentId: qr.id,
        ledgerEntryId,
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
            ledger_entry_id: ledgerEntryId,
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

  async function importParsed(actorUserId: number, parsed: StatementParse): Promise<ImportSummary> {
    if (!parsed.ok) throw statementError(parsed.problem)
    const summary: ImportSummary = {
      lines: parsed.credits.length,
      matched: 0,
      reconciled: 0,
      review: 0,
      already_imported: 0,
      ignored: parsed.ignored,
    }
    // A few credits at a time, each in its own transaction: while one waits for the database,
    // another is worked out. Credits naming the same code or line still decide one after the
    // other (each locks the code, then the line, in that order, so they cannot deadlock).
    let next = 0
    let turn = Promise.resolve()
    const worker = async () => {
      while (next < parsed.credits.length) {
        const credit = parsed.credits[next++]!
        const after = turn
        let kept = () => {}
        turn = new Promise<void>((resolve) => (kept = resolve))
        try {
          summary[await importCredit(actorUserId, credit, { after, kept })]++
        } finally {
          // A credit that failed before its insert must not hold back the ones after it.
          kept()
        }
      }
    }
    await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker))
    return summary
  }

  return {
    /** POST /admin/statements (CSV, with its bank's saved mapping): as a camt.053 file. */
    async importCsv(actorUserId: number, text: string, mappingName: string | undefined) {
      const row = mappingName ? await createRepaymentsRepository(db).csvMapping(mappingName) : null
      if (!row)
        throw new DomainError(
          'VALIDATION_FAILED',
          'A CSV statement needs its bank’s saved mapping',
          {
            extra: {
              message_key: 'statement.errors.mapping',
              errors: [{ field: 'mapping', message: 'statement.errors.mapping' }],
            },
          },
        )
      return importParsed(actorUserId, await parseStatementCsv(text, mappingOf(row)))
    },

    /** PUT /admin/statement-mappings/{name}. */
    async saveMapping(actorUserId: number, name: string, mapping: StatementCsvMapping) {
      await createRepaymentsRepository(db).saveCsvMapping({
        name,
        currency: mapping.currency,
        idColumn: mapping.id_column,
        dateColumn: mapping.date_column,
        dateFormat: mapping.date_format,
        amountColumn: mapping.amount_column,
        detailsColumn: mapping.details_column,
        payerColumn: mapping.payer_column,
        updatedBy: actorUserId,
        updatedAt: clock.now(),
      })
      return { name, ...mapping }
    },

    /** GET /admin/statement-mappings. */
    async mappings() {
      const rows = await createRepaymentsRepository(db).csvMappings()
      return rows.map((r) => ({ name: r.name, ...mappingOf(r) }))
    },

    /** POST /admin/statements: a camt.053 file; what each of its credits became. */
    async importCamt053(actorUserId: number, xml: string): Promise<ImportSummary> {
      return importParsed(actorUserId, await parseCamt053(xml))
    },

    /**
     * GET /admin/statement-lines: what waits for finance, oldest first, each with the farmer it
     * most likely came from (docs/product/repayments.md, The review list).
     */
    async review() {
      const repo = createRepaymentsRepository(db)
      const rows = await repo.statementLinesForReview(200)
      const since = new Date(clock.now().getTime() - SUGGESTION_DAYS * 86_400_000)
      const candidates = {
        MYR: rows.some((r) => r.currency === 'MYR')
          ? await repo.unpaidQrRepayments('MYR', since)
          : [],
        THB: rows.some((r) => r.currency === 'THB')
          ? await repo.unpaidQrRepayments('THB', since)
          : [],
      }
      return rows.map((r) => {
        const suggested = suggestionFor(r, candidates[r.currency])
        return {
          id: r.id,
          bank_transaction_id: r.bankTransactionId,
          booked_on: r.bookedOn,
          amount: { amount_minor: r.amountMinor, currency: r.currency },
          details: r.details,
          payer_name: r.payerName,
          reason: r.reason!,
          qr_repayment_id: r.qrRepaymentId,
          suggested: suggested
            ? {
                user_id: suggested.userId,
                name: suggested.name,
                qr_repayment_id: suggested.qrRepaymentId,
              }
            : null,
          imported_at: r.importedAt.toISOString(),
        }
      })
    },

    /**
     * POST /admin/statement-lines/{id}/assign: finance gives a credit in review to the farmer it
     * came from (the suggested one, worked out again here, never taken from the request), as a
     * repayment on their line, the QR repayment it was for marked paid when the amounts agree;
     * audited, and the farmer told by SMS. Under the line's lock, so two decisions cannot both
     * pass.
     */
    async assign(actorUserId: number, id: number) {
      let pending: PendingSms | null = null
      await db.transaction(async (tx) => {
        const repo = createRepaymentsRepository(tx)
        const row = await lockUndecided(repo, id)
        const now = clock.now()
        const since = new Date(now.getTime() - SUGGESTION_DAYS * 86_400_000)
        const suggested = suggestionFor(row, await repo.unpaidQrRepayments(row.currency, since))
        if (!suggested)
          throw new DomainError('NOT_FOUND', 'No farmer to give this credit to: return it instead')
        const qr = await repo.lockQrRepayment(suggested.qrRepaymentId)
        if (!qr || qr.paidAt)
          throw new DomainError('DECISION_TAKEN', 'That code has just been paid')
        const applied = await applyRepayment(tx, {
          lineId: qr.lineId,
          amountMinor: row.amountMinor,
          note: `statement line ${row.id} (${row.bankTransactionId}), assigned`,
          actorUserId,
          at: now,
        })
        if (!applied) throw new DomainError('NOT_FOUND', 'Credit line not found')
        if (!applied.ok)
          throw new DomainError('RECEIPT_EXCEEDS_OWED', 'The credit is for more than is owed now', {
            extra: { owed: applied.owed },
          })
        const paysTheCode = qr.amountMinor === row.amountMinor
        if (paysTheCode)
          await repo.markQrRepaymentPaid(qr.id, {
            paidAt: now,
            ledgerEntryId: applied.ledgerEntryId,
          })
        await repo.settleStatementLine(row.id, {
          status: 'assigned',
          ledgerEntryId: applied.ledgerEntryId,
          qrRepaymentId: paysTheCode ? qr.id : row.qrRepaymentId,
          decidedBy: actorUserId,
          decidedAt: now,
        })
        pending = await recordDecision(
          tx,
          {
            actorUserId,
            action: 'statement.assign',
            subjectType: 'bank_statement_line',
            subjectId: row.id,
            before: { status: 'review', reason: row.reason },
            after: {
              status: 'assigned',
              user_id: qr.userId,
              qr_repayment_id: qr.id,
              code_paid: paysTheCode,
              ledger_entry_id: applied.ledgerEntryId,
            },
            at: now,
            farmer: { userId: qr.userId, locale: qr.locale },
            notice: 'receipt_approved',
            params: { amount: formatMoney(row.amountMinor, row.currency) },
          },
          deps.sms,
        )
      })
      deps.sms?.dispatch(pending)
    },

    /**
     * POST /admin/statement-lines/{id}/return: the credit is not a repayment of ours (or its
     * payer cannot be found); finance sends the money back through the bank and records why.
     */
    async returnLine(actorUserId: number, id: number, input: { reason: string }) {
      await db.transaction(async (tx) => {
        const repo = createRepaymentsRepository(tx)
        const row = await lockUndecided(repo, id)
        const now = clock.now()
        await repo.settleStatementLine(row.id, {
          status: 'returned',
          returnReason: input.reason,
          decidedBy: actorUserId,
          decidedAt: now,
        })
        await recordAction(tx, {
          actorUserId,
          action: 'statement.return',
          subjectType: 'bank_statement_line',
          subjectId: row.id,
          before: { status: 'review', reason: row.reason },
          after: { status: 'returned', return_reason: input.reason },
          at: now,
        })
      })
    },
  }
}

/** A saved mapping as the schema writes it. */
function mappingOf(row: {
  currency: StatementCsvMapping['currency']
  idColumn: string
  dateColumn: string
  dateFormat: StatementCsvMapping['date_format']
  amountColumn: string
  detailsColumn: string
  payerColumn: string | null
}): StatementCsvMapping {
  return {
    currency: row.currency,
    id_column: row.idColumn,
    date_column: row.dateColumn,
    date_format: row.dateFormat,
    amount_column: row.amountColumn,
    details_column: row.detailsColumn,
    payer_column: row.payerColumn,
  }
}

/** A line in review, locked for finance's decision; one decided already is refused. */
async function lockUndecided(repo: ReturnType<typeof createRepaymentsRepository>, id: number) {
  const row = await repo.lockStatementLine(id)
  if (!row) throw new DomainError('NOT_FOUND', 'Statement line not found')
  if (row.status !== 'review')
    throw new DomainError('DECISION_TAKEN', 'This statement line has already been decided')
  return row
}

/** Credits of one statement worked on at once (docs/performance.md, Importing the bank statement). */
const IMPORT_CONCURRENCY = 4

/** Codes asked within this many days before a credit are the farmers it may have come from. */
const SUGGESTION_DAYS = 60

function suggestionFor(
  row: StatementLineRow,
  candidates: Awaited<
    ReturnType<ReturnType<typeof createRepaymentsRepository>['unpaidQrRepayments']>
  >,
) {
  return suggestFarmer(
    { amountMinor: row.amountMinor, payerName: row.payerName, bookedOn: row.bookedOn },
    candidates,
  )
}
export type StatementImportService = ReturnType<typeof createStatementImportService>
