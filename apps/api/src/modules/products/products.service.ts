import type {
  BrandList,
  BrandListQuery,
  ProductDetail,
  ProductList,
  ProductListQuery,
  SuggestionList,
  SuggestionQuery,
} from '@padi/domain/catalogue/schemas'
import { problemName, problemNamedIn, suggestProblems } from '@padi/domain/catalogue/field-problems'
import { DomainError } from '@padi/domain/errors'
import { MARKET_CURRENCY, type Market } from '@padi/domain/markets'
import type { ProductsRepository } from './products.repository.ts'
import { readCursor } from './list-cursor.ts'

const money = (amountMinor: number | null, market: Market) =>
  amountMinor === null ? null : { amount_minor: amountMinor, currency: MARKET_CURRENCY[market] }

/** Lists and product pages (docs/product/catalogue.md); prices in the asked market's currency. */
export function createProductsService(repo: ProductsRepository) {
  return {
    async list(query: ProductListQuery): Promise<ProductList> {
      // docs/product/catalogue.md (Search by the problem in the field): a search that names a
      // weed, pest or disease lists the products whose label controls it, and nothing else (a
      // fertiliser that merely mentions it is not one), in best-match order or the sort chosen.
      const problem = query.q ? problemNamedIn(query.q) : null
      const page = await repo.list(
        query,
        readCursor(query),
        problem ? { controls: problem.id } : {},
      )
      return {
        data: page.rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          group: r.group,
          category: r.category,
          brand: r.brand,
          name: r.name,
          title: r.title,
          price_from: money(r.price, query.market),
          in_stock: Boolean(r.in_stock),
          featured: Boolean(r.featured),
          image_key: r.category,
          photo: r.photo,
          spray_when: problem ? r.spray_when : null,
        })),
        next_cursor: page.nextCursor,
        has_more: page.hasMore,
        problem: problem
          ? {
              id: problem.id as NonNullable<ProductList['problem']>['id'],
              kind: problem.kind,
              name: {
                en: problemName(problem, 'en'),
                bm: problemName(problem, 'bm'),
                th: problemName(problem, 'th'),
              },
            }
          : null,
      }
    },

    /**
     * docs/product/catalogue.md (Suggestions while typing): the weeds, pests and diseases whose
     * name starts with what is typed, then products by name; eight at most, each text once.
     */
    async suggestions(query: SuggestionQuery): Promise<SuggestionList> {
      const problems = suggestProblems(query.q, query.locale, 5).map((s) => ({
        text: s.name,
        kind: s.problem.kind,
      }))
      const typed = query.q.trim()
      const names =
        typed.length >= 2
          ? await repo.namesStartingWith(typed, query.market, 8 - problems.length)
          : []
      const seen = new Set<string>()
      const data = [...problems, ...names.map((text) => ({ text, kind: 'product' as const }))]
        .filter((s) => !seen.has(s.text.toLowerCase()) && seen.add(s.text.toLowerCase()))
        .slice(0, 8)
      return { data }
    },

    async brands(query: BrandListQuery): Promise<BrandList> {
      return { data: await repo.brands(query) }
    },

    async get(id: number, market: Market): Promise<ProductDetail> {
      const found = await repo.findById(id)
      if (!found) throw new DomainError('NOT_FOUND', 'Product not found')
      const { row, variations, stock } = found
      const inMarket = stock.filter((s) => s.market === market)
      const priceOf = (v: (typeof variations)[number]) =>
        market === 'TH' ? v.priceThMinor : v.priceMyMinor
      const whereToBuy = new Map<
        number,
        { branch_id: number; name: ProductDetail['name']; quantity: number }
      >()
      for (const s of inMarket) {
        const entry = whereToBuy.get(s.branchId) ?? {
          branch_id: s.branchId,
          name: s.name,
          quantity: 0,
        }
        entry.quantity += s.quantity
        whereToBuy.set(s.branchId, entry)
      }
      const priceFrom = market === 'TH' ? row.priceFromTh : row.priceFromMy
      return {
        id: row.id,
        slug: row.slug,
        group: row.group,
        category: row.category,
        brand: row.brand,
        name: row.name,
        title: row.title,
        description: row.description,
        price_from: money(priceFrom, market),
        in_stock: market === 'TH' ? row.inStockTh : row.inStockMy,
        featured: row.featured,
        image_key: row.category,
        photo: row.photo,
        product_class: row.productClass,
        formula: row.formula,
        active_ingredients: row.activeIngredients,
        dosage_per_hectare: row.dosagePerHectare,
        dilution_rate: row.dilutionRate,
        label_rate: row.labelRate,
        pre_harvest_interval_days: row.preHarvestIntervalDays,
        specification: row.specification,
        fits_models: row.fitsModels,
        variations: variations.map((v) => ({
          id: v.id,
          sku: v.sku,
          label: v.label,
          pack_amount: v.packAmount,
          pack_unit: v.packUnit,
          price: money(priceOf(v), market),
          stock: inMarket.filter((s) => s.variationId === v.id).reduce((n, s) => n + s.quantity, 0),
          // docs/product/catalogue.md (Stock and where to buy): which branch holds this very
          // pack, so a farmer (and an app) need not try the branches one by one.
          branches: inMarket
            .filter((s) => s.variationId === v.id && s.quantity > 0)
            .map((s) => ({ branch_id: s.branchId, quantity: s.quantity })),
        })),
        where_to_buy: [...whereToBuy.values()].filter((b) => b.quantity > 0),
      }
    },
  }
}
export type ProductsService = ReturnType<typeof createProductsService>
