import { z } from 'zod'
import { IdSchema } from '../input-schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { CurrencySchema, MoneySchema } from '../money-schemas.ts'
import { PRODUCT_GROUPS } from '../catalogue/catalogue.ts'
import { CART_MAX_COUNT, CART_MAX_LINES } from './cart.ts'

/** docs/product/orders-and-payments.md: a cart line as the API answers it, priced now. */
export const CartLineSchema = z.object({
  variation_id: z.number().int(),
  product_id: z.number().int(),
  group: z.enum(PRODUCT_GROUPS),
  category: z.string(),
  slug: z.string(),
  brand: z.string(),
  name: LocalizedTextSchema,
  variation: LocalizedTextSchema.describe('The pack (size) or the drone model'),
  image_key: z.string(),
  photo: z.string().nullable().describe('An uploaded photo of the product; null: none'),
  count: z.number().int(),
  selected: z.boolean(),
  stock: z.number().int().describe('In stock over the branches of the customer’s market'),
  unit_price: MoneySchema.nullable().describe('Null when the pack is not sold in the market'),
  line_total: MoneySchema.nullable(),
  available: z.boolean().describe('Sold in the market and in stock: it can be checked out'),
})
export type CartLine = z.infer<typeof CartLineSchema>

export const CartSchema = z
  .object({
    currency: CurrencySchema,
    lines: z.array(CartLineSchema),
    count: z.number().int().describe('Packs in the cart, selected or not (the header’s count)'),
    selected: z.object({
      quantity: z.number().int(),
      subtotal: MoneySchema,
    }),
    limits: z.object({ max_lines: z.number().int(), max_count: z.number().int() }),
  })
  .meta({ id: 'Cart' })
export type Cart = z.infer<typeof CartSchema>

const Count = z.coerce.number().int().min(0).max(CART_MAX_COUNT)

/** PUT /api/v1/me/cart/lines/{variation_id}: set a line's count (0 removes it) and selection. */
export const CartLinePutSchema = z.object({
  count: Count,
  selected: z.boolean().optional(),
})

/** POST /api/v1/me/cart/lines: 'Add to cart', adding to the count already in the cart. */
export const CartLineAddSchema = z.object({
  variation_id: IdSchema,
  count: Count.min(1),
})

/** POST /api/v1/me/cart/merge: a visitor's lines, joined to the account's cart at login. */
export const CartMergeSchema = z.object({
  lines: z
    .array(
      z.object({
        variation_id: IdSchema,
        count: Count.min(1),
        selected: z.boolean().default(true),
      }),
    )
    .max(CART_MAX_LINES),
})
