/** docs/product/catalogue.md: the two top-level groups and their categories (docs/product/catalogue.md). */
export const PRODUCT_GROUPS = ['agrochems', 'drones'] as const
export type ProductGroup = (typeof PRODUCT_GROUPS)[number]

export const CATEGORIES = {
  agrochems: ['fertilizer', 'foliar_fertilizer_adjuvant', 'fungicide', 'herbicide', 'insecticide'],
  drones: [
    'batteries',
    'propellers',
    'nozzles_sprinklers',
    'pumps',
    'tanks',
    'chargers',
    'sensors_controllers',
    'frames_arms',
  ],
} as const satisfies Record<ProductGroup, readonly string[]>
export type Category = (typeof CATEGORIES)[ProductGroup][number]
export const ALL_CATEGORIES: readonly Category[] = [...CATEGORIES.agrochems, ...CATEGORIES.drones]

export function groupOfCategory(category: Category): ProductGroup {
  return (CATEGORIES.agrochems as readonly string[]).includes(category) ? 'agrochems' : 'drones'
}

/** docs/product/limits.md: sorts by brand, title and price, each ascending or descending; relevance when searching. */
export const PRODUCT_SORTS = [
  'price_asc',
  'price_desc',
  'title_asc',
  'title_desc',
  'brand_asc',
  'brand_desc',
] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** A column a list is ordered by (and its cursor holds): text, a price in minor units, an id. */
export type SortKey = 'sort_title' | 'sort_brand' | 'price' | 'id'

/**
 * The one table of sorts (docs/product/catalogue.md: sort): the columns each order walks, in
 * order, all in one direction. The list query, its cursor and the cursor's check all follow it.
 */
export const SORT_KEYS: Readonly<
  Record<ProductSort, { keys: readonly SortKey[]; direction: 'asc' | 'desc' }>
> = {
  title_asc: { keys: ['sort_title', 'id'], direction: 'asc' },
  title_desc: { keys: ['sort_title', 'id'], direction: 'desc' },
  price_asc: { keys: ['price', 'id'], direction: 'asc' },
  price_desc: { keys: ['price', 'id'], direction: 'desc' },
  brand_asc: { keys: ['sort_brand', 'sort_title', 'id'], direction: 'asc' },
  brand_desc: { keys: ['sort_brand', 'sort_title', 'id'], direction: 'desc' },
}

/**
 * The sprayers a label allows when it rules one out ("knapsack or boom sprayer only": no drone);
 * absent, the label allows any (docs/product/calculators.md).
 */
export type LabelSprayer = 'knapsack' | 'drone'

/** How a label states the dose, for the input calculator (docs/product/calculators.md). */
export type LabelRate =
  | {
      kind: 'per_hectare'
      amount: number
      unit: 'ml' | 'l' | 'g' | 'kg'
      /** The spray volume the label's dose is mixed in (docs/product/calculators.md). */
      labelLitresPerHectare?: number
      sprayers?: LabelSprayer[]
    }
  | {
      kind: 'per_tank'
      amount: number
      unit: 'ml' | 'l' | 'g' | 'kg'
      tankLitres: number
      labelLitresPerHectare?: number
      sprayers?: LabelSprayer[]
    }

// Kept apart from the zod schemas, so list pages in the browser use them without loading zod.

/** What a list's query string may say for yes and no ('on' is what an HTML checkbox sends). */
export const LIST_BOOLEAN_VALUES = ['true', 'false', '1', '0', 'on'] as const
export function listBoolean(value: string): boolean | null {
  if (value === 'true' || value === '1' || value === 'on') return true
  if (value === 'false' || value === '0') return false
  return null
}

/** The limits of a list query, shared by the API and the web pages that build one. */
export const PRODUCT_LIST_LIMITS = {
  qMax: 100,
  brandMax: 60,
  cursorMax: 400,
  /** Whole ringgit or baht. */
  priceMax: 10_000_000,
  perPageMax: 100,
} as const
