import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import type { ReceiptMethod, ReceiptState } from '@padi/domain/repayments/receipt-rules'
import type { QR_REPAYMENT_SCHEMES } from '@padi/domain/repayments/qr-repayment-schemas'
import type { ReviewReason } from '@padi/domain/repayments/statement-matching'
import type { GatewayPaymentState } from '@padi/domain/repayments/gateway-payment'
import type { CsvDateFormat } from '@padi/domain/repayments/statement-csv-dates'
import { creditLedger, creditLines } from './credit.ts'
import { users } from './users.ts'

type QrRepaymentScheme = (typeof QR_REPAYMENT_SCHEMES)[number]
type StatementLineState = 'matched' | 'reconciled' | 'review' | 'assigned' | 'returned'

/**
 * docs/product/credit.md (Repayment receipts): a farmer's proof of a repayment made at a bank or
 * a cash-deposit machine, with its one file (kept in the file store like KYC documents). It
 * waits for finance; an approval is a repayment entry in the line's ledger, named here.
 */
export const repaymentReceipts = pgTable(
  'repayment_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    method: text('method').$type<ReceiptMethod>().notNull(),
    bank: text('bank').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference').notNull(),
    /** The language the farmer sent it in: finance's decision is sent by SMS in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    status: text('status').$type<ReceiptState>().notNull().default('pending'),
    decisionReason: text('decision_reason'),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    ledgerEntryId: integer('ledger_entry_id').references(() => creditLedger.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('repayment_receipts_user_idx').on(t.userId, t.createdAt),
    index('repayment_receipts_queue_idx').on(t.status, t.createdAt),
    check('repayment_receipts_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'repayment_receipts_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check('repayment_receipts_method_check', sql`${t.method} in ('bank_transfer', 'cash_deposit')`),
    // An approved receipt is exactly one repayment in the ledger; no other has one.
    check(
      'repayment_receipts_entry_check',
      sql`(${t.status} = 'approved') = (${t.ledgerEntryId} is not null)`,
    ),
  ],
)

/**
 * docs/product/repayments.md (Paying by QR): an amount a farmer chose to repay by a bank app's
 * QR scan, with the reference the bank reports back and the QR text shown (kept, so the farmer
 * sees the same code until it expires, whatever the configuration does meanwhile). Paid once the
 * statement's line for it is matched: then it names its ledger entry.
 */
export const qrRepayments = pgTable(
  'qr_repayments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    scheme: text('scheme').$type<QrRepaymentScheme>().notNull(),
    payload: text('payload').notNull(),
    /** The language the farmer asked in: the SMS that the money arrived is sent in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ledgerEntryId: integer('ledger_entry_id').references(() => creditLedger.id),
  },
  (t) => [
    index('qr_repayments_user_idx').on(t.userId, t.createdAt),
    check('qr_repayments_amount_check', sql`${t.amountMinor} > 0`),
    check('qr_repayments_scheme_check', sql`${t.scheme} in ('duitnow', 'promptpay')`),
    check('qr_repayments_reference_check', sql`${t.reference} ~ '^[0-9A-HJKMNP-TV-Z]{9}$'`),
    // Paid is exactly one repayment in the ledger.
    check('qr_repayments_paid_check', sql`(${t.paidAt} is null) = (${t.ledgerEntryId} is null)`),
  ],
)

/**
 * docs/product/repayments.md (Matching the statement): each credit on the collecting account's
 * statement, once. The bank's own transaction id (per currency: one collecting account a market)
 * is the key, so a statement imported twice, or two that overlap, add nothing the second time.
 * A line is matched (it repaid the QR repayment its reference named, in the ledger entry named),
 * reconciled (a payment gateway's notice already repaid that same money: the line names the
 * gateway's ledger entry and adds none), or waits in finance's review list with the reason,
 * until finance assigns or returns it.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').$type<Currency>().notNull(),
    bankTransactionId: text('bank_transaction_id').notNull(),
    bookedOn: date('booked_on').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    details: text('details').notNull(),
    payerName: text('payer_name'),
    status: text('status').$type<StatementLineState>().notNull(),
    reason: text('reason').$type<ReviewReason>(),
    qrRepaymentId: integer('qr_repayment_id').references(() => qrRepayments.id),
    ledgerEntryId: integer('ledger_entry_id').references(() => creditLedger.id),
    importedBy: integer('imported_by')
      .notNull()
      .references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    /** Finance's decision on a line in review: assigned to a farmer's line, or returned. */
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    returnReason: text('return_reason'),
  },
  (t) => [
    unique('bank_statement_lines_transaction_unique').on(t.currency, t.bankTransactionId),
    index('bank_statement_lines_status_idx').on(t.status, t.importedAt),
    // One QR repayment is paid by one line at most, whatever two imports do at once.
    uniqueIndex('bank_statement_lines_paid_once')
      .on(t.qrRepaymentId)
      .where(sql`${t.status} in ('matched', 'reconciled', 'assigned')`),
    check('bank_statement_lines_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'bank_statement_lines_status_check',
      sql`${t.status} in ('matched', 'reconciled', 'review', 'assigned', 'returned')`,
    ),
    // Money applied (matched by its reference, confirmed for a gateway's notice, or assigned by
    // finance) names its one ledger entry; a match also names the QR repayment it paid.
    check(
      'bank_statement_lines_applied_check',
      sql`(${t.status} in ('matched', 'reconciled', 'assigned')) = (${t.ledgerEntryId} is not null)`,
    ),
    check(
      'bank_statement_lines_matched_check',
      sql`${t.status} not in ('matched', 'reconciled') or ${t.qrRepaymentId} is not null`,
    ),
    // What waited keeps why; a returned line says why it went back; a decision names who.
    check(
      'bank_statement_lines_review_check',
      sql`${t.status} in ('matched', 'reconciled') or ${t.reason} is not null`,
    ),
    check(
      'bank_statement_lines_returned_check',
      sql`(${t.status} = 'returned') = (${t.returnReason} is not null)`,
    ),
    check(
      'bank_statement_lines_decided_check',
      sql`(${t.status} in ('assigned', 'returned')) = (${t.decidedBy} is not null and ${t.decidedAt} is not null)`,
    ),
  ],
)

/**
 * docs/product/repayments.md (A payment gateway's notice): each payment a gateway's signed notice
 * reported, once: the gateway's own payment id is the key, so a notice sent again (a retry, a
 * replay) finds the first. `applied` names the ledger entry it repaid; `confirmed` names the
 * statement line that had already repaid it; `unmatched` keeps why nothing moved. The statement
 * line that later confirms an applied one is named too.
 */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway').notNull(),
    paymentId: text('payment_id').notNull(),
    eventId: text('event_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    reference: text('reference'),
    details: text('details').notNull(),
    payerName: text('payer_name'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').$type<GatewayPaymentState>().notNull(),
    reason: text('reason').$type<ReviewReason>(),
    qrRepaymentId: integer('qr_repayment_id').references(() => qrRepayments.id),
    ledgerEntryId: integer('ledger_entry_id').references(() => creditLedger.id),
    statementLineId: integer('statement_line_id').references(() => bankStatementLines.id),
  },
  (t) => [
    unique('gateway_payments_payment_unique').on(t.gateway, t.paymentId),
    // One QR repayment is repaid by one gateway payment at most; one statement line confirms
    // one gateway payment at most.
    uniqueIndex('gateway_payments_paid_once')
      .on(t.qrRepaymentId)
      .where(sql`${t.status} = 'applied'`),
    uniqueIndex('gateway_payments_statement_line_once').on(t.statementLineId),
    check('gateway_payments_amount_check', sql`${t.amountMinor} > 0`),
    check('gateway_payments_currency_check', sql`${t.currency} in ('MYR', 'THB')`),
    check(
      'gateway_payments_status_check',
      sql`${t.status} in ('applied', 'confirmed', 'unmatched')`,
    ),
    check(
      'gateway_payments_applied_check',
      sql`(${t.status} = 'applied') = (${t.ledgerEntryId} is not null and ${t.qrRepaymentId} is not null)`,
    ),
    check(
      'gateway_payments_confirmed_check',
      sql`${t.status} <> 'confirmed' or ${t.statementLineId} is not null`,
    ),
    check(
      'gateway_payments_unmatched_check',
      sql`(${t.status} = 'unmatched') = (${t.reason} is not null)`,
    ),
  ],
)

/**
 * docs/product/repayments.md (Statements as CSV): how one bank's CSV export is read, set once by
 * finance and used by name at each import: which column holds what, how its dates are written.
 */
export const statementCsvMappings = pgTable(
  'statement_csv_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    currency: text('currency').$type<Currency>().notNull(),
    idColumn: text('id_column').notNull(),
    dateColumn: text('date_column').notNull(),
    dateFormat: text('date_format').$type<CsvDateFormat>().notNull(),
    amountColumn: text('amount_column').notNull(),
    detailsColumn: text('details_column').notNull(),
    payerColumn: text('payer_column'),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('statement_csv_mappings_currency_check', sql`${t.currency} in ('MYR', 'THB')`),
    check(
      'statement_csv_mappings_date_format_check',
      sql`${t.dateFormat} in ('YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY')`,
    ),
  ],
)
