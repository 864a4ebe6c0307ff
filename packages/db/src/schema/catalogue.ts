import { sql } from 'drizzle-orm'
import {
  customType,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Category, LabelRate, ProductGroup } from '@padi/domain/catalogue/catalogue'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import { branches } from './branches.ts'

/** One row of a product's specification table, its name and its value in every language. */
export type SpecificationRow = { label: LocalizedText; value: LocalizedText }

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * docs/product/catalogue.md products. Prices and stock live on variations; the cheapest price per market and an
 * in-stock flag per market are kept on the product so lists sort and filter on one indexed row.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    group: text('group').$type<ProductGroup>().notNull(),
    category: text('category').$type<Category>().notNull(),
    brand: text('brand').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    // Every text a customer reads is kept in en, bm and th (docs/product/catalogue.md).
    productClass: jsonb('product_class').$type<LocalizedText>(),
    formula: text('formula'),
    activeIngredients: jsonb('active_ingredients')
      .$type<LocalizedText[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    dosagePerHectare: jsonb('dosage_per_hectare').$type<LocalizedText>(),
    dilutionRate: jsonb('dilution_rate').$type<LocalizedText>(),
    labelRate: jsonb('label_rate').$type<LabelRate>(),
    preHarvestIntervalDays: integer('pre_harvest_interval_days'),
    specification: jsonb('specification')
      .$type<SpecificationRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fitsModels: text('fits_models')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featured: boolean('featured').notNull().default(false),
    // docs/product/catalogue.md (Search by the problem in the field): the weeds, pests and
    // diseases its label controls (ids of @padi/domain/catalogue/field-problems), and when the
    // label says to spray it.
    controls: text('controls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sprayWhen: jsonb('spray_when').$type<LocalizedText>(),
    // docs/product/back-office.md (Products): the uploaded photo's name in the photo store
    // (its sizes are files under it); null shows the category's pictogram.
    photo: text('photo'),
    // docs/product/back-office.md (Products): hidden by admin: out of every list, its page and
    // checkout (not for sale), kept with its orders; shown again when unhidden.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // Denormalised from variations (kept by the writer), for keyset lists without joins.
    priceFromMy: integer('price_from_my'),
    priceFromTh: integer('price_from_th'),
    inStockMy: boolean('in_stock_my').notNull().default(false),
    inStockTh: boolean('in_stock_th').notNull().default(false),
    sortTitle: text('sort_title').notNull(),
    sortBrand: text('sort_brand').notNull(),
    // Names in every language, brand, active ingredients and category words, for typo-tolerant search.
    searchText: text('search_text').notNull(),
    // The same words for full-text matching once the typed words are corrected (see search_terms).
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    // What the product is called (English name and brand): a search's best matches are these.
    nameVector: tsvector('name_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', sort_title || ' ' || sort_brand)`),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_price_my_idx').on(t.priceFromMy, t.id),
    index('products_price_th_idx').on(t.priceFromTh, t.id),
    index('products_title_idx').on(t.sortTitle, t.id),
    index('products_brand_idx').on(t.sortBrand, t.sortTitle, t.id),
    index('products_group_title_idx').on(t.group, t.sortTitle, t.id),
    index('products_category_title_idx').on(t.category, t.sortTitle, t.id),
    index('products_featured_idx').on(t.featured),
    index('products_controls_idx').using('gin', t.controls),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_category_price_my_idx').on(t.category, t.priceFromMy, t.id),
    index('products_category_price_th_idx').on(t.category, t.priceFromTh, t.id),
    // A list of one group or category sorted by brand or price walks its own index: brands belong
    // to one group, so a shared brand index would skip over the other group's products first.
    index('products_group_brand_idx').on(t.group, t.sortBrand, t.sortTitle, t.id),
    index('products_group_price_my_idx').on(t.group, t.priceFromMy, t.id),
    index('products_group_price_th_idx').on(t.group, t.priceFromTh, t.id),
    index('products_category_brand_idx').on(t.category, t.sortBrand, t.sortTitle, t.id),
    index('products_name_vector_idx').using('gin', t.nameVector),
  ],
)

/** A pack size, or the drone model a part fits, with its own SKU, price per market and stock. */
export const productVariations = pgTable(
  'product_variations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    packAmount: integer('pack_amount'),
    packUnit: text('pack_unit'),
    priceMyMinor: integer('price_my_minor'),
    priceThMinor: integer('price_th_minor'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variations_sku_key').on(t.sku),
    index('product_variations_product_idx').on(t.productId),
    // What an order line points at: the pack and, with it, its product (one check per line).
    unique('product_variations_id_product_key').on(t.id, t.productId),
  ],
)

/** Stock of a variation at a branch ("where to buy"). */
export const branchStock = pgTable(
  'branch_stock',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id')
      .notNull()
      .references(() => productVariations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.variationId] }),
    index('branch_stock_variation_idx').on(t.variationId),
  ],
)

/**
 * Every distinct word of the products' search text. A typed word is corrected against this small
 * table with trigrams first, so the product search itself is an exact full-text match (docs/product/catalogue.md:
 * typo-tolerant search that stays fast at 100,000 products).
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
])

/**
 * One row per word of each product (its search words and its name words), kept by a database
 * trigger whenever a product's texts change. A one-word search reads its matches from the b-tree
 * already in best-match order (named products first, then by name), so it stops after a page
 * instead of collecting and sorting every match (docs/product/catalogue.md: search that stays
 * fast at 100,000 products; docs/performance.md).
 */
export const productPostings = pgTable(
  'product_postings',
  {
    term: text('term').notNull(),
    group: text('group').$type<ProductGroup>().notNull(),
    // 0: the product is called this (name or brand); 1: found only by its other words.
    tier: integer('tier').notNull(),
    sortTitle: text('sort_title').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.group, t.tier, t.sortTitle, t.productId] }),
    index('product_postings_term_idx').on(t.term, t.tier, t.sortTitle, t.productId),
    index('product_postings_product_idx').on(t.productId),
  ],
)
