import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { CreditLineState, LedgerKind } from '@padi/domain/credit/credit-line'
import type { Currency } from '@padi/domain/markets'
import { users } from './users.ts'

/**
 * docs/product/credit.md: a customer's credit line. The balances are kept on the row so a payment
 * is one guarded UPDATE; every change to them is also an entry in credit_ledger, and the two are
 * checked against each other by tests. The CHECKs make an overspent line impossible whatever the
 * code does: available (approved − utilised) never goes below zero.
 */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').$type<Currency>().notNull(),
    approvedMinor: integer('approved_minor').notNull(),
    utilisedMinor: integer('utilised_minor').notNull().default(0),
    interestMinor: integer('interest_minor').notNull().default(0),
    lateFeeMinor: integer('late_fee_minor').notNull().default(0),
    state: text('state').$type<CreditLineState>().notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // docs/product/credit.md (Late repayment): the planting and harvest dates in force, in the
    // farmer's calendar; an approved extension moves them (and the due date) later.
    plantingOn: date('planting_on', { mode: 'string' }),
    harvestOn: date('harvest_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('credit_lines_user_idx').on(t.userId, t.createdAt),
    check('credit_lines_currency_check', sql`${t.currency} in ('MYR', 'THB')`),
    check('credit_lines_state_check', sql`${t.state} in ('active', 'suspended', 'expired')`),
    check('credit_lines_approved_check', sql`${t.approvedMinor} >= 0`),
    check(
      'credit_lines_available_check',
      sql`${t.utilisedMinor} >= 0 and ${t.utilisedMinor} <= ${t.approvedMinor}`,
    ),
    check('credit_lines_charges_check', sql`${t.interestMinor} >= 0 and ${t.lateFeeMinor} >= 0`),
  ],
)

/**
 * docs/product/credit.md: the ledger, append-only (a trigger in the migration refuses UPDATE and
 * DELETE). Each entry says what it changed in each part of what is owed, and the balances after it,
 * so a line's history can be read without adding it up.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    principalDeltaMinor: integer('principal_delta_minor').notNull().default(0),
    interestDeltaMinor: integer('interest_delta_minor').notNull().default(0),
    lateFeeDeltaMinor: integer('late_fee_delta_minor').notNull().default(0),
    utilisedAfterMinor: integer('utilised_after_minor').notNull(),
    // What the entry is for: an order number, a receipt, a reversed entry.
    orderId: integer('order_id'),
    reversesEntryId: integer('reverses_entry_id'),
    note: text('note'),
    // Who made it: the customer paying, or the finance user adjusting.
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('credit_ledger_line_idx').on(t.lineId, t.id),
    // One reversal per entry at most.
    uniqueIndex('credit_ledger_reverses_key').on(t.reversesEntryId),
    check(
      'credit_ledger_kind_check',
      sql`${t.kind} in ('purchase', 'repayment', 'late_fee', 'adjustment', 'reversal')`,
    ),
  ],
)

/**
 * docs/product/orders-and-payments.md: the payment PIN, argon2id-hashed, with its own count of
 * wrong entries and lock (5 in a row lock payment for 30 minutes).
 */
export const paymentPins = pgTable('payment_pins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
