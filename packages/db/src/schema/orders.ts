import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { Currency } from '@padi/domain/markets'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { Fulfilment, OrderStatus, PaymentType } from '@padi/domain/orders/order-rules'
import { users } from './users.ts'
import { branches } from './branches.ts'
import { productVariations } from './catalogue.ts'

/** The delivery address as it was when the order was placed (later edits do not change it). */
export type AddressSnapshot = {
  name: string
  address: string
  city: string
  state: string
  postcode: string
  country: string
}

/** docs/product/orders-and-payments.md: an order and every field the order page shows. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull(),
    fulfilment: text('fulfilment').$type<Fulfilment>().notNull(),
    payment: text('payment').$type<PaymentType>().notNull(),
    // The branch the goods come from: the collection branch, or the one a delivery ships from.
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    address: jsonb('address').$type<AddressSnapshot>(),
    currency: text('currency').$type<Currency>().notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    shippingFeeMinor: integer('shipping_fee_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    remarks: text('remarks'),
    logisticsCompany: text('logistics_company'),
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
    check('orders_status_check', sql`${t.status} in ('unpaid', 'paid', 'completed')`),
    check('orders_fulfilment_check', sql`${t.fulfilment} in ('delivery', 'pickup')`),
    check('orders_payment_check', sql`${t.payment} in ('cash', 'credits')`),
    // docs/product/orders-and-payments.md: cash is collected at a branch, never delivered.
    check('orders_cash_pickup_check', sql`${t.payment} <> 'cash' or ${t.fulfilment} = 'pickup'`),
    check('orders_total_check', sql`${t.totalMinor} = ${t.subtotalMinor} + ${t.shippingFeeMinor}`),
  ],
)

/** What was bought, at the price paid, with the names as they were then. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').notNull(),
    productId: integer('product_id').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    variation: jsonb('variation').$type<LocalizedText>().notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    count: integer('count').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.variationId] }),
    check('order_items_count_check', sql`${t.count} > 0`),
    // The pack and its product together: a line cannot name a pack of another product, and an
    // order costs one check per line rather than two.
    foreignKey({
      name: 'order_items_variation_product_fk',
      columns: [t.variationId, t.productId],
      foreignColumns: [productVariations.id, productVariations.productId],
    }),
  ],
)

/**
 * docs/product/orders-and-payments.md: Idempotency-Key of POST /orders (ADR 040). A key is taken
 * in the order's own transaction and kept with the order's id ('done'), or with a wrong PIN's
 * refusal ('refused', answered again only to the very same try). A payment by device takes its
 * key first ('in flight') and gives it back if the order is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'in_flight' | 'done' | 'refused'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)
