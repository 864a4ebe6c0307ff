import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import type { ReceiptMethod, ReceiptState } from '@padi/domain/repayments/receipt-rules'
import { creditLedger, creditLines } from './credit.ts'
import { users } from './users.ts'

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
