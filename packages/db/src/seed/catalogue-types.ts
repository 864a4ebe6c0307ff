import type { Category, LabelRate, ProductGroup } from '@padi/domain/catalogue/catalogue'
import type { FieldProblemId } from '@padi/domain/catalogue/field-problems'
import type { LocalizedText } from '@padi/domain/i18n/locales'

/** One demo product as written in seed/products-*.ts (docs/product/catalogue.md). Prices are minor units. */
export type ProductSeed = {
  slug: string
  group: ProductGroup
  category: Category
  /** Invented brand names, never real trademarks. */
  brand: string
  name: Required<LocalizedText>
  title: Required<LocalizedText>
  description: Required<LocalizedText>
  productClass?: string
  formula?: string
  activeIngredients: string[]
  dosagePerHectare?: string
  dilutionRate?: string
  labelRate?: LabelRate
  preHarvestIntervalDays?: number
  specification: Record<string, string>
  fitsModels: string[]
  featured?: boolean
  /** Extra words people search with (Malay and Thai category words, common names, misspellings). */
  searchTerms?: string[]
  /** The weeds, pests and diseases its label says it controls (docs/product/catalogue.md). */
  controls?: FieldProblemId[]
  /** When to spray or apply it, as its label says (shown with a search by a problem it controls). */
  sprayWhen?: Required<LocalizedText>
  variations: VariationSeed[]
}

export type VariationSeed = {
  sku: string
  label: Required<LocalizedText>
  packAmount?: number
  packUnit?: 'ml' | 'l' | 'g' | 'kg' | 'pcs'
  /** Sen; null when not sold in Malaysia. */
  priceMy: number | null
  /** Satang; null when not sold in Thailand. */
  priceTh: number | null
  /** Quantity per branch code (see seed/branches.ts), e.g. { 'MY-JTR': 12 }. */
  stock: Record<string, number>
}
