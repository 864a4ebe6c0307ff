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
import type { Currency, Market } from '@padi/domain/markets'
import type { VoucherState } from '@padi/domain/vouchers/voucher-rules'
import { branches } from './branches.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * docs/product/vouchers.md: a transaction at a branch counter: an in-person purchase (paid with
 * vouchers and cash), or the handing over of an order placed online. Its operator and branch are
 * recorded; the customer's dashboard and the branch's day list read it.
 */
export const counterTransactions = pgTable(
  'counter_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').$type<'in_person' | 'online'>().notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    currency: text('currency').$type<Currency>().notNull(),
    totalMinor: integer('total_minor').notNull(),
    vouchersMinor: integer('vouchers_minor').notNull().default(0),
    cashMinor: integer('cash_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('counter_transactions_user_idx').on(t.userId, t.createdAt),
    index('counter_transactions_branch_idx').on(t.branchId, t.createdAt),
    check('counter_transactions_type_check', sql`${t.type} in ('in_person', 'online')`),
    check(
      'counter_transactions_sum_check',
      sql`${t.totalMinor} >= 0 and ${t.vouchersMinor} >= 0 and ${t.cashMinor} >= 0 and ${t.vouchersMinor} + ${t.cashMinor} = ${t.totalMinor}`,
    ),
    // An online order is handed over once.
    uniqueIndex('counter_transactions_order_key').on(t.orderId),
  ],
)

/** The packs of an in-person purchase, at the catalogue's price when sold. */
export const counterTransactionLines = pgTable(
  'counter_transaction_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => counterTransactions.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').notNull(),
    count: integer('count').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
  },
  (t) => [
    index('counter_transaction_lines_tx_idx').on(t.transactionId),
    check(
      'counter_transaction_lines_count_check',
      sql`${t.count} > 0 and ${t.unitPriceMinor} >= 0`,
    ),
  ],
)

/**
 * docs/product/vouchers.md: a cash voucher of the version 3.0 programme: its owner, value and
 * expiry day (the day printed on it, in its market's calendar: valid through that whole day); once
 * redeemed, when, where, by whom and in which transaction. The CHECK makes a
 * redeemed voucher without its redemption (or the reverse) impossible.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serial: text('serial').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    market: text('market').$type<Market>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    valueMinor: integer('value_minor').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    state: text('state').$type<VoucherState>().notNull().default('active'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBranchId: integer('redeemed_branch_id').references(() => branches.id),
    redeemedBy: integer('redeemed_by').references(() => users.id),
    transactionId: integer('transaction_id').references(() => counterTransactions.id),
    issuedBy: integer('issued_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('vouchers_user_idx').on(t.userId, t.state, t.expiresOn),
    check('vouchers_value_check', sql`${t.valueMinor} > 0`),
    check('vouchers_state_check', sql`${t.state} in ('active', 'redeemed')`),
    check(
      'vouchers_market_check',
      sql`(${t.market}, ${t.currency}) in (('MY', 'MYR'), ('TH', 'THB'))`,
    ),
    check(
      'vouchers_redeemed_check',
      sql`(${t.state} = 'redeemed') = (${t.redeemedAt} is not null and ${t.transactionId} is not null and ${t.redeemedBy} is not null and ${t.redeemedBranchId} is not null)`,
    ),
  ],
)

/**
 * docs/product/vouchers.md: the customer's counter code: what the QR shows (a random token, signed
 * by the server) and the 8 digits typed when a camera fails. Lives 90 seconds; one that served a
 * redemption is used and cannot serve another. A code sent by SMS at a clerk's request (ADR 063)
 * is typed only (its token is never shown), lives 10 minutes and serves only the branch that sent
 * it. The first clerk to find a code holds it for the customer's visit (served_by, serve_until).
 */
export const counterCodes = pgTable(
  'counter_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    digits: text('digits').notNull(),
    // 'qr': the customer's QR page; 'sms': sent by SMS for the branch named here.
    channel: text('channel').$type<'qr' | 'sms'>().notNull().default('qr'),
    branchId: integer('branch_id').references(() => branches.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // docs/product/vouchers.md (the customer's visit): the clerk who found the code, and until when
    // it serves them (the sale once, look-ups and hand-overs) whatever its own life.
    servedBy: integer('served_by').references(() => users.id, { onDelete: 'cascade' }),
    serveUntil: timestamp('serve_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // Digits are looked up among the live ones; a clash with a live code is refused and redrawn.
    index('counter_codes_digits_idx').on(t.digits, t.expiresAt),
    index('counter_codes_user_idx').on(t.userId, t.createdAt),
    // A code by SMS always names its branch; a QR code serves any branch of its market.
    check(
      'counter_codes_channel_check',
      sql`(${t.channel} = 'qr' and ${t.branchId} is null) or (${t.channel} = 'sms' and ${t.branchId} is not null)`,
    ),
    check('counter_codes_visit_check', sql`(${t.servedBy} is null) = (${t.serveUntil} is null)`),
  ],
)
