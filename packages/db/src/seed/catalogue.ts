import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { branches } from '../schema/branches.ts'
import { branchStock, products, productVariations } from '../schema/catalogue.ts'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { ProductSeed } from './catalogue-types.ts'
import { productText } from './product-texts.ts'

/** Turns an English product text into every language (the demo tables, or a test's own). */
export type Translate = (en: string) => Required<LocalizedText>

// English words for each category, so a search for 'herbicide' or 'battery' finds them too.
const CATEGORY_WORDS: Record<string, string> = {
  fertilizer: 'fertiliser fertilizer baja ปุ๋ย',
  foliar_fertilizer_adjuvant:
    'foliar fertiliser adjuvant sticker spreader baja daun perata ปุ๋ยทางใบ สารจับใบ',
  fungicide: 'fungicide racun kulat สารกำจัดเชื้อรา',
  herbicide: 'herbicide weed killer racun rumpai สารกำจัดวัชพืช',
  insecticide: 'insecticide racun serangga สารกำจัดแมลง',
  batteries: 'battery bateri แบตเตอรี่',
  propellers: 'propeller blade kipas ใบพัด',
  nozzles_sprinklers: 'nozzle sprinkler muncung หัวฉีด',
  pumps: 'pump pam ปั๊ม',
  tanks: 'tank tangki ถัง',
  chargers: 'charger pengecas เครื่องชาร์จ',
  sensors_controllers: 'sensor controller radar remote sensor pengawal เซ็นเซอร์',
  frames_arms: 'frame arm landing gear lengan rangka แขน โครง',
}

/** The text the trigram index searches: names in every language, brand, actives, category words. */
export function searchTextOf(p: ProductSeed, translate: Translate = productText): string {
  return [
    p.name.en,
    p.name.bm,
    p.name.th,
    p.title.en,
    p.title.bm,
    p.brand,
    // Actives as written in every language, so 'glifosat' and 'ไกลโฟเซต' find them too.
    ...p.activeIngredients.flatMap((a) => Object.values(translate(a))),
    ...p.fitsModels,
    CATEGORY_WORDS[p.category] ?? '',
    ...(p.searchTerms ?? []),
  ]
    .join(' ')
    .toLowerCase()
}

function minPrice(values: (number | null)[]): number | null {
  const prices = values.filter((v): v is number => v !== null)
  return prices.length ? Math.min(...prices) : null
}

/**
 * Inserts products with their variations and branch stock, computing the per-market cheapest
 * price and in-stock flags the lists sort and filter on. One transaction per call.
 */
export async function insertProducts(
  db: Db,
  seeds: ProductSeed[],
  translate: Translate = productText,
): Promise<number> {
  if (seeds.length === 0) return 0
  return db.transaction(async (tx) => {
    const branchRows = await tx
      .select({ id: branches.id, code: branches.code, market: branches.market })
      .from(branches)
    const branchOf = new Map(branchRows.map((b) => [b.code, b]))
    const inserted = await tx
      .insert(products)
      .values(
        seeds.map((p) => {
          const stockIn = (market: 'MY' | 'TH') =>
            p.variations.some((v) =>
              Object.entries(v.stock).some(
                ([code, qty]) => qty > 0 && branchOf.get(code)?.market === market,
              ),
            )
          return {
            slug: p.slug,
            group: p.group,
            category: p.category,
            brand: p.brand,
            name: p.name,
            title: p.title,
            description: p.description,
            productClass: p.productClass ? translate(p.productClass) : null,
            formula: p.formula ?? null,
            activeIngredients: p.activeIngredients.map((a) => translate(a)),
            dosagePerHectare: p.dosagePerHectare ? translate(p.dosagePerHectare) : null,
            dilutionRate: p.dilutionRate ? translate(p.dilutionRate) : null,
            labelRate: p.labelRate ?? null,
            preHarvestIntervalDays: p.preHarvestIntervalDays ?? null,
            specification: Object.entries(p.specification).map(([label, value]) => ({
              label: translate(label),
              value: translate(value),
            })),
            fitsModels: p.fitsModels,
            featured: p.featured ?? false,
            controls: p.controls ?? [],
            sprayWhen: p.sprayWhen ?? null,
            priceFromMy: minPrice(p.variations.map((v) => v.priceMy)),
            priceFromTh: minPrice(p.variations.map((v) => v.priceTh)),
            inStockMy: stockIn('MY'),
            inStockTh: stockIn('TH'),
            sortTitle: p.name.en.toLowerCase(),
            sortBrand: p.brand.toLowerCase(),
            searchText: searchTextOf(p, translate),
          }
        }),
      )
      .returning({ id: products.id, slug: products.slug })
    const idOf = new Map(inserted.map((r) => [r.slug, r.id]))
    const variationRows = seeds.flatMap((p) =>
      p.variations.map((v, i) => ({
        productId: idOf.get(p.slug)!,
        sku: v.sku,
        label: v.label,
        packAmount: v.packAmount ?? null,
        packUnit: v.packUnit ?? null,
        priceMyMinor: v.priceMy,
        priceThMinor: v.priceTh,
        sortOrder: i,
      })),
    )
    const variations = await tx
      .insert(productVariations)
      .values(variationRows)
      .returning({ id: productVariations.id, sku: productVariations.sku })
    const variationOf = new Map(variations.map((v) => [v.sku, v.id]))
    const stockRows = seeds.flatMap((p) =>
      p.variations.flatMap((v) =>
        Object.entries(v.stock)
          .filter(([code]) => branchOf.has(code))
          .map(([code, quantity]) => ({
            branchId: branchOf.get(code)!.id,
            variationId: variationOf.get(v.sku)!,
            quantity,
          })),
      ),
    )
    if (stockRows.length) await tx.insert(branchStock).values(stockRows)
    await refreshSearchTerms(tx)
    return inserted.length
  })
}

export async function productCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products)
  return row?.n ?? 0
}

/**
 * Adds every word of the products' search vectors to the vocabulary that typed words are corrected
 * against; numbers are left out (they are matched exactly, never corrected).
 */
export async function refreshSearchTerms(db: Db) {
  await db.execute(sql`
    insert into search_terms (term)
    select distinct word from products, unnest(tsvector_to_array(search_vector)) as word
    where length(word) >= 2 and word !~ '^[0-9.,-]+$'
    on conflict do nothing`)
}

/**
 * docs/product/catalogue.md (Search by the problem in the field): a catalogue seeded before
 * products said what their label controls gets it from the seed, by slug, where it has none yet
 * (a product the back office has given its own list keeps it).
 */
export async function fillProductControls(db: Db, seeds: ProductSeed[]): Promise<void> {
  const rows = seeds.filter((p) => p.controls?.length)
  if (rows.length === 0) return
  const values = sql.join(
    rows.map(
      (p) =>
        sql`(${p.slug}, ${`{${p.controls!.join(',')}}`}::text[], ${JSON.stringify(p.sprayWhen ?? null)}::jsonb)`,
    ),
    sql`, `,
  )
  await db.execute(sql`
    update ${products} set controls = v.controls, spray_when = v.spray_when
    from (values ${values}) as v(slug, controls, spray_when)
    where ${products.slug} = v.slug and ${products.controls} = '{}'::text[]`)
}
