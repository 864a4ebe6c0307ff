import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { productVariations } from './catalogue.ts'
import { users } from './users.ts'

/**
 * docs/product/orders-and-payments.md: a customer's cart, one row per pack. Prices are not kept:
 * the cart is priced from the catalogue each time it is read, and again when an order is placed.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id')
      .notNull()
      .references(() => productVariations.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    selected: boolean('selected').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variationId] }),
    index('cart_items_variation_idx').on(t.variationId),
    check('cart_items_count_check', sql`${t.count} between 1 and 999`),
  ],
)
