/** Issue 4: the two top-level groups and their categories (spec 1, 3). */
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

/** Spec 9: sorts by brand, title and price, each ascending or descending; relevance when searching. */
export const PRODUCT_SORTS = [
  'price_asc',
  'price_desc',
  'title_asc',
  'title_desc',
  'brand_asc',
  'brand_desc',
] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** How a label states the dose, for the input calculator (domain-facts 2.1). */
export type LabelRate =
  | {
      kind: 'per_hectare'
      amount: number
      unit: 'ml' | 'l' | 'g' | 'kg'
      /** The spray volume the label's dose is mixed in (docs/product/calculators.md). */
      labelLitresPerHectare?: number
    }
  | {
      kind: 'per_tank'
      amount: number
      unit: 'ml' | 'l' | 'g' | 'kg'
      tankLitres: number
      labelLitresPerHectare?: number
    }
