import { sql } from 'drizzle-orm'
import { check, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { creditLedger, creditLines } from './credit.ts'

/**
 * docs/product/credit.md (Late fees): one month's late fee on a line. The unique key (the line,
 * the due date it was counted from, and which month past it) is what makes the job safe to run
 * twice or on several servers at once: a second run's insert of the same month finds the row and
 * adds nothing.
 */
export const lateFeeCharges = pgTable(
  'late_fee_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** 1 for the first month past the due date, 2 for the second, … */
    month: integer('month').notNull(),
    /** The principal and interest the fee was counted on, and the fee. */
    owedMinor: integer('owed_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    ledgerEntryId: integer('ledger_entry_id')
      .notNull()
      .references(() => creditLedger.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('late_fee_charges_month_key').on(t.lineId, t.dueAt, t.month),
    check('late_fee_charges_month_check', sql`${t.month} >= 1`),
    check('late_fee_charges_fee_check', sql`${t.feeMinor} > 0 and ${t.owedMinor} > 0`),
  ],
)
