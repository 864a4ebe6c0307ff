import { randomBytes } from 'node:crypto'
import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { outstanding } from '@padi/domain/credit/credit-line'
import { DomainError } from '@padi/domain/errors'
import type { Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency, type Market } from '@padi/domain/markets'
import { paymentQrPayload, type CollectingAccount } from '@padi/domain/repayments/payment-qr'
import {
  QR_REPAYMENT_VALID_HOURS,
  qrRepaymentState,
  type QrRepayment,
  type QrRepaymentRequest,
} from '@padi/domain/repayments/qr-repayment-schemas'
import { parseAmountMinor } from '@padi/domain/repayments/receipt-rules'
import { referenceFromBytes } from '@padi/domain/repayments/repayment-reference'
import type { Clock } from '../../clock.ts'
import { onceForKey } from '../../idempotency.ts'
import type { CreditService } from '../credit/credit.service.ts'
import { createRepaymentsRepository, type QrRepaymentRow } from './repayments.repository.ts'

/** The amount rules are the receipts' (parseAmountMinor); the QR page words them its own way. */
const AMOUNT_PROBLEMS = {
  'receipt.errors.amountInvalid': 'repay.errors.amountInvalid',
  'receipt.errors.amountPositive': 'repay.errors.amountPositive',
  'receipt.errors.amountDecimals': 'repay.errors.amountDecimals',
} as const

function amountError(key: string, message: string) {
  return new DomainError('VALIDATION_FAILED', message, {
    extra: { message_key: key, errors: [{ field: 'amount', message: key }] },
  })
}

function qrRepaymentOf(row: QrRepaymentRow, now: Date): QrRepayment {
  return {
    id: row.id,
    reference: row.reference,
    amount: { amount_minor: row.amountMinor, currency: row.currency },
    scheme: row.scheme,
    payload: row.payload,
    status: qrRepaymentState(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  }
}

/**
 * docs/product/repayments.md (Paying by QR): a farmer with something owed asks for a QR for an
 * amount up to what is owed; the shop answers with a code for its collecting account in the
 * line's market, carrying the amount and a reference of its own. Nothing moves on the line
 * until the money is matched on the bank statement.
 */
export function createQrRepaymentsService(deps: {
  db: Db
  clock: Clock
  credit: Pick<CreditService, 'currentLine'>
  accounts: Partial<Record<Market, CollectingAccount>>
  /** Five random bytes per reference (tests give their own to force a collision). */
  random?: () => Uint8Array
}) {
  const { db, clock } = deps
  const random = deps.random ?? (() => randomBytes(5))

  async function create(
    userId: number,
    input: QrRepaymentRequest & { locale: Locale },
    tx: Db,
  ): Promise<QrRepayment> {
    const amount = parseAmountMinor(input.amount)
    if (!amount.ok) throw amountError(AMOUNT_PROBLEMS[amount.problem], 'Invalid amount')
    const line = await deps.credit.currentLine(userId, tx)
    if (!line)
      throw new DomainError('CREDIT_UNAVAILABLE', 'No credit line to repay', {
        extra: { reason: 'none' },
      })
    const owed = outstanding(line).totalMinor
    if (amount.minor > owed)
      throw amountError('repay.errors.amountOverOwed', 'Amount more than is owed')
    const market = marketOfCurrency(line.currency)
    const account = deps.accounts[market]
    if (!account)
      throw new DomainError('PAY_BY_QR_UNAVAILABLE', 'Paying by QR is not offered in this market')
    const now = clock.now()
    // A reference already taken (one chance in 2^40 a draw) is drawn again, in a savepoint so
    // the transaction lives on.
    for (let attempt = 0; ; attempt++) {
      const reference = referenceFromBytes(random())
      try {
        const row = await tx.transaction((sp) =>
          createRepaymentsRepository(sp).insertQrRepayment({
            userId,
            lineId: line.id,
            reference,
            amountMinor: amount.minor,
            currency: line.currency,
            scheme: account.scheme,
            payload: paymentQrPayload({ account, amountMinor: amount.minor, reference }),
            locale: input.locale,
            createdAt: now,
            expiresAt: new Date(now.getTime() + QR_REPAYMENT_VALID_HOURS * 3_600_000),
          }),
        )
        return qrRepaymentOf(row, now)
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error
      }
    }
  }

  return {
    /** POST /me/qr-repayments; with an Idempotency-Key a retry answers the first QR. */
    async create(
      userId: number,
      input: QrRepaymentRequest & { locale: Locale },
      key?: string,
    ): Promise<QrRepayment> {
      return db.transaction((tx) =>
        key
          ? onceForKey(tx, { userId, key, body: { amount: input.amount }, at: clock.now() }, () =>
              create(userId, input, tx),
            )
          : create(userId, input, tx),
      )
    },

    /** GET /me/qr-repayments/{id}: the farmer's own, as it stands now. */
    async get(userId: number, id: number): Promise<QrRepayment> {
      const row = await createRepaymentsRepository(db).qrRepaymentOf(id, userId)
      if (!row) throw new DomainError('NOT_FOUND', 'QR repayment not found')
      return qrRepaymentOf(row, clock.now())
    },
  }
}
export type QrRepaymentsService = ReturnType<typeof createQrRepaymentsService>
