import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { formatMoney } from '@padi/domain/money'
import {
  exceedsUtilised,
  parseAmountMinor,
  RECEIPT_MAX_FILE_BYTES,
  type ReceiptState,
} from '@padi/domain/repayments/receipt-rules'
import { sameMoney } from '@padi/domain/repayments/statement-matching'
import type { Currency } from '@padi/domain/markets'
import type {
  Receipt,
  ReceiptQueue,
  StatementCover,
  ReceiptUploadQuery,
  RejectReceipt,
} from '@padi/domain/repayments/receipt-schemas'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision, recordFileRead } from '../audit/record-decision.service.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import { cleanFileName } from '../files/file-name.ts'
import { inspectUpload } from '../files/inspect-upload.ts'
import { onceForKey } from '../../idempotency.ts'
import type { VirusScanner } from '../files/virus-scan.ts'
import { applyRepayment } from './apply-repayment.ts'
import { createRepaymentsRepository, type ReceiptRow } from './repayments.repository.ts'

function receiptOf(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    method: row.method,
    bank: row.bank,
    amount: { amount_minor: row.amountMinor, currency: row.currency },
    paid_on: row.paidOn,
    reference: row.reference,
    status: row.status,
    decision_reason: row.decisionReason,
    file: { content_type: row.contentType, bytes: row.bytes, file_name: row.fileName },
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }
}

/**
 * The statement credit a receipt most surely is (docs/product/repayments.md, Receipts and the
 * statement): one it names (`same`), or else one of the same amount booked within three days
 * (`maybe`), for finance to see beside the receipt; null when there is none.
 */
function statementCover(
  receipt: Pick<ReceiptRow, 'amountMinor' | 'paidOn' | 'reference'>,
  credits: readonly {
    id: number
    amountMinor: number
    currency: Currency
    bookedOn: string
    bankTransactionId: string
    qrReference: string | null
  }[],
) {
  let found: StatementCover | null = null
  for (const credit of credits) {
    const match = sameMoney(receipt, credit)
    if (!match || (found && found.match === 'same')) continue
    if (found && match === 'maybe') continue
    found = {
      match,
      statement_line_id: credit.id,
      bank_transaction_id: credit.bankTransactionId,
      amount: { amount_minor: credit.amountMinor, currency: credit.currency },
      booked_on: credit.bookedOn,
    }
  }
  return found
}

/** A refusal with the catalogue key the receipt page shows (docs/product/credit.md, section 8). */
function receiptError(
  code:
    | 'VALIDATION_FAILED'
    | 'UPLOAD_EMPTY'
    | 'UPLOAD_TOO_LARGE'
    | 'UPLOAD_INVALID_TYPE'
    | 'UPLOAD_INFECTED',
  key: string,
  message: string,
  field = 'file',
) {
  return new DomainError(code, message, {
    extra: { message_key: key, errors: [{ field, message: key }] },
  })
}

/**
 * docs/product/credit.md (Repayment receipts): the farmer sends proof of a repayment; finance
 * approves it (a repayment entry in the ledger: late fee first, then interest, then principal)
 * or rejects it with a reason. Each decision under the receipt's and the line's locks, in the
 * audit log, and by SMS.
 */
export function createReceiptsService(deps: {
  db: Db
  clock: Clock
  files: FileStore
  scanner: VirusScanner
  sms?: Pick<OtpService, 'notice' | 'dispatch'>
  credit: Pick<CreditService, 'currentLine'>
}) {
  const { db, clock, files, scanner } = deps
  const repo = createRepaymentsRepository(db)

  async function decide(
    actorUserId: number,
    id: number,
    to: Exclude<ReceiptState, 'pending'>,
    write: (tx: Db, row: ReceiptRow) => Promise<Partial<ReceiptRow>>,
  ) {
    let pending: PendingSms | null = null
    const result = await db.transaction(async (tx) => {
      const txRepo = createRepaymentsRepository(tx)
      const row = await txRepo.lockReceipt(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Receipt not found')
      if (row.status !== 'pending')
        throw new DomainError('RECEIPT_DECIDED', 'This receipt has already been decided')
      const now = clock.now()
      const changes = await write(tx, row)
      const after = await txRepo.decideReceipt(id, {
        ...changes,
        status: to,
        decidedAt: now,
        decidedBy: actorUserId,
      })
      const snapshot = (r: ReceiptRow) => ({
        status: r.status,
        amount_minor: r.amountMinor,
        ledger_entry_id: r.ledgerEntryId,
        decision_reason: r.decisionReason,
      })
      pending = await recordDecision(
        tx,
        {
          actorUserId,
          action: to === 'approved' ? 'receipt.approve' : 'receipt.reject',
          subjectType: 'repayment_receipt',
          subjectId: id,
          before: snapshot(row),
          after: snapshot(after),
          at: now,
          farmer: { userId: row.userId, locale: row.locale },
          notice: to === 'approved' ? 'receipt_approved' : 'receipt_rejected',
          params: { amount: formatMoney(row.amountMinor, row.currency) },
        },
        deps.sms,
      )
      return receiptOf(after)
    })
    deps.sms?.dispatch(pending)
    return result
  }

  return {
    /** POST /me/receipts: the receipt and its one file, waiting for finance. */
    async upload(
      userId: number,
      input: ReceiptUploadQuery & { bytes: Buffer; locale: ReceiptRow['locale'] },
      key?: string,
    ): Promise<Receipt> {
      const amount = parseAmountMinor(input.amount)
      if (!amount.ok)
        throw receiptError('VALIDATION_FAILED', amount.problem, 'Invalid amount', 'amount')
      if (input.bytes.length === 0)
        throw receiptError('UPLOAD_EMPTY', 'receipt.errors.emptyFile', 'The file is empty')
      if (input.bytes.length > RECEIPT_MAX_FILE_BYTES)
        throw receiptError('UPLOAD_TOO_LARGE', 'receipt.errors.fileTooLarge', 'File over 10MB')
      const line = await deps.credit.currentLine(userId)
      if (!line)
        throw new DomainError('CREDIT_UNAVAILABLE', 'No credit line to repay', {
          extra: { reason: 'none' },
        })
      if (exceedsUtilised(amount.minor, line.utilisedMinor))
        throw receiptError(
          'VALIDATION_FAILED',
          'receipt.errors.amountOverUtilised',
          'Amount more than utilised credits',
          'amount',
        )
      const inspected = await inspectUpload(input.name, input.bytes)
      if (!inspected.ok)
        throw inspected.problem === 'kyc.upload.empty'
          ? receiptError('UPLOAD_EMPTY', 'receipt.errors.emptyFile', 'The file is empty')
          : receiptError('UPLOAD_INVALID_TYPE', 'receipt.errors.invalidType', 'Invalid file type')
      const verdict = await scanner.scan(input.bytes)
      if (!verdict.clean)
        throw receiptError('UPLOAD_INFECTED', 'kyc.upload.infected', 'Refused by the virus check')
      const stored = await files.put(inspected.bytes)
      let recorded = false
      const record = async (tx: Db): Promise<Receipt> => {
        const row = await createRepaymentsRepository(tx).insertReceipt({
          userId,
          lineId: line.id,
          method: input.method,
          bank: input.bank,
          amountMinor: amount.minor,
          currency: line.currency,
          paidOn: input.paid_on,
          reference: input.reference,
          locale: input.locale,
          contentType: inspected.contentType,
          bytes: stored.bytes,
          sha256: stored.sha256,
          storageKey: stored.key,
          fileName: cleanFileName(input.name),
          createdAt: clock.now(),
        })
        recorded = true
        return receiptOf(row)
      }
      try {
        // docs/reliability.md (Faults): a retry with the same Idempotency-Key (the answer was
        // lost, the server died) answers the first receipt; its second copy of the file goes.
        const receipt = key
          ? await db.transaction((tx) =>
              onceForKey(
                tx,
                {
                  userId,
                  key,
                  body: {
                    receipt: [input.method, input.bank, input.amount, input.paid_on],
                    reference: input.reference,
                    file: stored.sha256,
                  },
                  at: clock.now(),
                },
                () => record(tx),
              ),
            )
          : await record(db)
        if (!recorded) await files.delete(stored.key)
        return receipt
      } catch (error) {
        await files.delete(stored.key)
        throw error
      }
    },

    /** GET /me/receipts: the farmer's receipts, newest first, optionally of one status. */
    async list(userId: number, status?: ReceiptState): Promise<Receipt[]> {
      const rows = await repo.receiptsOf(userId, status, 100)
      return rows.map(receiptOf)
    },

    /** A receipt's file for its owner, or for finance (`by: 'reader'`, audited). */
    async file(id: number, who: { owner: number } | { reader: number }) {
      const ownerId = 'owner' in who ? who.owner : undefined
      const row = await repo.receiptById(id, ownerId)
      if (!row) throw new DomainError('NOT_FOUND', 'Receipt not found')
      const bytes = await files.get(row.storageKey)
      if (!bytes) throw new DomainError('NOT_FOUND', 'Receipt not found')
      if ('reader' in who)
        await recordFileRead(db, {
          actorUserId: who.reader,
          subjectType: 'repayment_receipt',
          subjectId: row.id,
          file: { name: row.fileName },
          at: clock.now(),
        })
      return { bytes, contentType: row.contentType, fileName: row.fileName }
    },

    /** Finance's queue: pending receipts, oldest first, with what each customer has used. */
    async queue(): Promise<ReceiptQueue> {
      const rows = await repo.pendingQueue(200)
      const counts = await repo.countsByStatus()
      const credits = await repo.appliedCredits([...new Set(rows.map((r) => r.receipt.lineId))])
      return {
        data: rows.map((r) => ({
          ...receiptOf(r.receipt),
          user_id: r.receipt.userId,
          customer_name: r.name,
          mobile: r.mobile,
          utilised: { amount_minor: r.utilised, currency: r.receipt.currency },
          statement: statementCover(
            r.receipt,
            credits.filter((c) => c.lineId === r.receipt.lineId),
          ),
        })),
        counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
      }
    },

    /**
     * Approved: the amount is repaid on the line it was sent for, late fee first, then interest,
     * then principal, in one transaction under the line's lock; more than is owed now is refused.
     */
    approve(actorUserId: number, id: number) {
      return decide(actorUserId, id, 'approved', async (tx, row) => {
        // docs/product/repayments.md (Receipts and the statement): money the statement already
        // brought in for this line is not counted a second time from its receipt.
        const cover = statementCover(
          row,
          await createRepaymentsRepository(tx).appliedCredits([row.lineId]),
        )
        if (cover?.match === 'same')
          throw new DomainError(
            'RECEIPT_COVERED',
            'A bank statement credit already repaid this money',
            { extra: { statement_line_id: cover.statement_line_id } },
          )
        // … nor money a payment gateway told us of before the statement arrived.
        const told = (
          await createRepaymentsRepository(tx).unconfirmedGatewayPayments(row.lineId)
        ).find(
          (g) =>
            sameMoney(row, {
              amountMinor: g.amountMinor,
              bookedOn: g.paidAt.toISOString().slice(0, 10),
              bankTransactionId: g.paymentId,
              qrReference: g.qrReference,
            }) === 'same',
        )
        if (told)
          throw new DomainError('RECEIPT_COVERED', 'A payment gateway already repaid this money', {
            extra: { gateway_payment_id: told.id },
          })
        const applied = await applyRepayment(tx, {
          lineId: row.lineId,
          amountMinor: row.amountMinor,
          note: `receipt ${row.id}`,
          actorUserId,
          at: clock.now(),
        })
        if (!applied) throw new DomainError('NOT_FOUND', 'Credit line not found')
        if (!applied.ok)
          throw new DomainError(
            'RECEIPT_EXCEEDS_OWED',
            'The receipt is for more than is owed now',
            { extra: { owed: applied.owed } },
          )
        return { ledgerEntryId: applied.ledgerEntryId }
      })
    },

    reject(actorUserId: number, id: number, input: RejectReceipt) {
      return decide(actorUserId, id, 'rejected', async () => ({ decisionReason: input.reason }))
    },
  }
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>
