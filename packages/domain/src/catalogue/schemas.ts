import { z } from 'zod'
import { LocaleSchema, LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { FIELD_PROBLEM_IDS, FIELD_PROBLEM_KINDS } from './field-problems.ts'
import { MarketSchema, MoneySchema } from '../money-schemas.ts'
import {
  ALL_CATEGORIES,
  LIST_BOOLEAN_VALUES,
  listBoolean,
  PRODUCT_GROUPS,
  PRODUCT_LIST_LIMITS,
  PRODUCT_SORTS,
  type Category,
} from './catalogue.ts'
import { DbTextSchema } from './cursor-schemas.ts'

const bool = z.enum(LIST_BOOLEAN_VALUES).transform((v) => listBoolean(v) === true)

/** Whole currency units from a form or URL (RM 50 → 5000 sen). */
const major = z.coerce
  .number()
  .nonnegative()
  .max(PRODUCT_LIST_LIMITS.priceMax)
  .transform((v) => Math.round(v * 100))

/** docs/product/catalogue.md: GET /api/v1/products query. Paged by an opaque cursor, never by a deep OFFSET. */
export const ProductListQuerySchema = z.object({
  q: DbTextSchema(PRODUCT_LIST_LIMITS.qMax).trim().optional(),
  group: z.enum(PRODUCT_GROUPS).optional(),
  category: z.enum(ALL_CATEGORIES as [Category, ...Category[]]).optional(),
  brand: DbTextSchema(PRODUCT_LIST_LIMITS.brandMax).trim().optional(),
  min_price: major.optional(),
  max_price: major.optional(),
  in_stock: bool.optional(),
  featured: bool.optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  cursor: z
    .string()
    .max(PRODUCT_LIST_LIMITS.cursorMax)
    .regex(/^[A-Za-z0-9_-]*$/, 'validation.invalid')
    .optional(),
  per_page: z.coerce.number().int().min(1).max(PRODUCT_LIST_LIMITS.perPageMax).default(24),
  market: MarketSchema.default('MY'),
})
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>

const LabelRateSchema = z.object({
  kind: z.enum(['per_hectare', 'per_tank']),
  amount: z.number(),
  unit: z.enum(['ml', 'l', 'g', 'kg']),
  tankLitres: z.number().optional(),
  labelLitresPerHectare: z.number().optional(),
  /** The sprayers the label allows, when it rules one out; absent: any. */
  sprayers: z
    .array(z.enum(['knapsack', 'drone']))
    .min(1)
    .optional(),
})

export const ProductSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    group: z.enum(PRODUCT_GROUPS),
    category: z.string(),
    brand: z.string(),
    name: LocalizedTextSchema,
    title: LocalizedTextSchema,
    price_from: MoneySchema.nullable(),
    in_stock: z.boolean(),
    featured: z.boolean(),
    image_key: z
      .string()
      .describe('Which product image to show; the web app serves it under a content-hashed URL'),
    photo: z
      .string()
      .nullable()
      .describe('An uploaded photo (GET /api/v1/product-photos/{photo}/{size}.webp); null: none'),
  })
  .meta({ id: 'ProductSummary' })
export type ProductSummary = z.infer<typeof ProductSummarySchema>

/** docs/product/catalogue.md (Search by the problem in the field): a weed, pest or disease. */
export const FieldProblemSchema = z
  .object({
    id: z.enum(FIELD_PROBLEM_IDS),
    kind: z.enum(FIELD_PROBLEM_KINDS),
    name: LocalizedTextSchema.describe('The name shown in each language'),
  })
  .meta({ id: 'FieldProblem' })

export const ProductListItemSchema = ProductSummarySchema.extend({
  spray_when: LocalizedTextSchema.nullable().describe(
    'When its label says to spray or apply it; only when the search names a problem it controls (else null)',
  ),
}).meta({ id: 'ProductListItem' })

export const ProductListSchema = z
  .object({
    data: z.array(ProductListItemSchema),
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
    problem: FieldProblemSchema.nullable().describe(
      'The weed, pest or disease the search names, if any: the list is then the products whose label controls it, and nothing else',
    ),
  })
  .meta({ id: 'ProductList' })
export type ProductList = z.infer<typeof ProductListSchema>

/** docs/product/catalogue.md: GET /api/v1/products/brands, the brand filter's choices. */
export const BrandListQuerySchema = z.object({
  group: z.enum(PRODUCT_GROUPS).optional(),
  market: MarketSchema.default('MY'),
})
export type BrandListQuery = z.infer<typeof BrandListQuerySchema>

export const BrandListSchema = z
  .object({
    data: z
      .array(z.string())
      .describe('Every brand with a product priced in the market, in name order'),
  })
  .meta({ id: 'BrandList' })
export type BrandList = z.infer<typeof BrandListSchema>

export const ProductDetailSchema = ProductSummarySchema.extend({
  description: LocalizedTextSchema,
  product_class: LocalizedTextSchema.nullable(),
  formula: z.string().nullable(),
  active_ingredients: z.array(LocalizedTextSchema),
  dosage_per_hectare: LocalizedTextSchema.nullable(),
  dilution_rate: LocalizedTextSchema.nullable(),
  label_rate: LabelRateSchema.nullable(),
  pre_harvest_interval_days: z.number().int().nullable(),
  specification: z
    .array(z.object({ label: LocalizedTextSchema, value: LocalizedTextSchema }))
    .describe('The specification table, row by row, each name and value in every language'),
  fits_models: z.array(z.string()),
  variations: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      label: LocalizedTextSchema,
      pack_amount: z.number().nullable(),
      pack_unit: z.string().nullable(),
      price: MoneySchema.nullable(),
      stock: z.number().int().describe('Of this pack over every branch of the market'),
      branches: z
        .array(
          z.object({
            branch_id: z.number().int(),
            quantity: z.number().int().describe('Of this pack at this branch; always above 0'),
          }),
        )
        .describe(
          'The branches of the market that hold this pack, in the branches’ usual order (GET /branches); a branch without it is left out. Its name is in where_to_buy. docs/product/catalogue.md (Stock and where to buy)',
        ),
    }),
  ),
  where_to_buy: z
    .array(
      z.object({
        branch_id: z.number().int(),
        name: LocalizedTextSchema,
        quantity: z
          .number()
          .int()
          .describe(
            'Of all this product’s packs together at this branch: which pack is there is in variations[].branches',
          ),
      }),
    )
    .describe('The branches of the market that hold any pack of the product, in their usual order'),
}).meta({ id: 'ProductDetail' })
export type ProductDetail = z.infer<typeof ProductDetailSchema>

/** docs/product/catalogue.md (Suggestions while typing): GET /api/v1/products/suggestions. */
export const SuggestionQuerySchema = z.object({
  q: DbTextSchema(PRODUCT_LIST_LIMITS.qMax).trim(),
  locale: LocaleSchema.default('en'),
  market: MarketSchema.default('MY'),
})
export type SuggestionQuery = z.infer<typeof SuggestionQuerySchema>

export const SuggestionListSchema = z
  .object({
    data: z
      .array(
        z.object({
          text: z.string().describe('What to search for, in the asked language where it has one'),
          kind: z
            .enum([...FIELD_PROBLEM_KINDS, 'product'])
            .describe('A weed, pest or disease, or a product by its name'),
        }),
      )
      .max(8),
  })
  .meta({ id: 'SuggestionList' })
export type SuggestionList = z.infer<typeof SuggestionListSchema>
