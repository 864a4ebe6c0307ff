import { z } from 'zod'
import { IdSchema, IdTextSchema, textBlock, textLine } from '../input-schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { MarketSchema } from '../money-schemas.ts'
import { ALL_CATEGORIES, PRODUCT_GROUPS, type Category } from './catalogue.ts'

const Id = IdTextSchema

/** docs/product/back-office.md (Products): the back office's product list, by name or brand. */
export const ProductDeskQuerySchema = z.object({
  q: textLine().trim().max(60).optional(),
  after: Id.optional().describe('The last id of the previous page'),
})

export const ProductDeskRowSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    brand: z.string(),
    group: z.enum(PRODUCT_GROUPS),
    category: z.enum(ALL_CATEGORIES as [Category, ...Category[]]),
    featured: z.boolean(),
    price_from_my: z.number().int().nullable().describe('Sen'),
    price_from_th: z.number().int().nullable().describe('Satang'),
  })
  .meta({ id: 'ProductDeskRow' })

export const ProductDeskListSchema = z.object({
  data: z.array(ProductDeskRowSchema),
  next_after: z.number().int().nullable(),
})
export type ProductDeskList = z.infer<typeof ProductDeskListSchema>

export const ProductDeskProductSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    group: z.enum(PRODUCT_GROUPS),
    brand: z.string(),
    name: LocalizedTextSchema,
    title: LocalizedTextSchema,
    description: LocalizedTextSchema,
    featured: z.boolean(),
    photo: z.string().nullable().describe('The photo’s name; null: the category’s pictogram'),
    hidden: z.boolean().describe('Hidden by admin: in no list, no page, not for sale'),
    category: z.enum(ALL_CATEGORIES as [Category, ...Category[]]),
    packs: z.array(
      z.object({
        id: z.number().int(),
        sku: z.string(),
        label: LocalizedTextSchema,
        price_my_minor: z.number().int().nullable(),
        price_th_minor: z.number().int().nullable(),
        stock: z.array(
          z.object({
            branch_id: z.number().int(),
            branch_name: LocalizedTextSchema,
            market: MarketSchema,
            quantity: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'ProductDeskProduct' })
export type ProductDeskProduct = z.infer<typeof ProductDeskProductSchema>

/** Names and labels are one line; a description may have paragraphs. */
const Text = (max: number, lines: 'one' | 'several' = 'one') =>
  (lines === 'one' ? textLine() : textBlock())
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.textTooLong')
const Texts = (max: number, lines: 'one' | 'several' = 'one') =>
  z.object({ en: Text(max, lines), bm: Text(max, lines), th: Text(max, lines) })

/** docs/product/back-office.md (Products): the texts a customer reads, in every language. */
export const ProductEditSchema = z.object({
  brand: Text(60),
  name: Texts(120),
  title: Texts(200),
  description: Texts(4000, 'several'),
  featured: z.boolean(),
})
export type ProductEdit = z.infer<typeof ProductEditSchema>

/** A price in minor units (sen or satang); null: not sold in that country. */
const Price = z
  .number()
  .int('validation.priceFormat')
  .min(1, 'validation.priceFormat')
  .max(100_000_000, 'validation.priceFormat')
  .nullable()

export const PackPricesSchema = z.object({ price_my_minor: Price, price_th_minor: Price })
export type PackPrices = z.infer<typeof PackPricesSchema>

/**
 * A pack's stock at a branch, set to `quantity` only if it is still `expected` (what the admin
 * saw): an order placed in between is never overwritten.
 */
export const StockCountSchema = z.object({
  branch_id: IdSchema,
  quantity: z
    .number()
    .int()
    .min(0, 'validation.stockFormat')
    .max(1_000_000, 'validation.stockFormat'),
  expected: z.number().int().min(0).max(1_000_000),
})
export type StockCount = z.infer<typeof StockCountSchema>

/** docs/product/back-office.md (Products): a new pack (size, or the drone model a part fits). */
export const PackCreateSchema = z.object({
  sku: textLine()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, 'validation.skuFormat'),
  label: Texts(60),
  price_my_minor: Price,
  price_th_minor: Price,
})
export type PackCreate = z.infer<typeof PackCreateSchema>

/** docs/product/back-office.md (Products): a new product with its first pack. */
export const ProductCreateSchema = ProductEditSchema.extend({
  category: z.enum(ALL_CATEGORIES as [Category, ...Category[]], 'validation.categoryRequired'),
  pack: PackCreateSchema,
})
export type ProductCreate = z.infer<typeof ProductCreateSchema>

export const ProductVisibilitySchema = z.object({ hidden: z.boolean() })
