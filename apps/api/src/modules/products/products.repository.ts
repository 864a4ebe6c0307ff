import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { branches } from '@padi/db/schema/branches'
import { branchStock, products, productVariations } from '@padi/db/schema/catalogue'
import type { ProductListQuery } from '@padi/domain/catalogue/schemas'
import type { Market } from '@padi/domain/money'

export type ProductRow = typeof products.$inferSelect

/** The sort a list uses, with its columns for the keyset (issue 4: no deep OFFSET). */
type SortPlan = { directions: ('asc' | 'desc')[]; values: (row: ListRow) => (string | number)[] }
type ListRow = {
  id: number
  sort_title: string
  sort_brand: string
  price: number | null
} & Record<string, unknown>

function priceColumn(market: Market) {
  return market === 'TH' ? products.priceFromTh : products.priceFromMy
}

function planSort(query: ProductListQuery): SortPlan {
  switch (query.sort) {
    case 'price_asc':
    case 'price_desc': {
      const d = query.sort === 'price_asc' ? 'asc' : 'desc'
      return { directions: [d, d], values: (r) => [r.price ?? 0, r.id] }
    }
    case 'brand_asc':
    case 'brand_desc': {
      const d = query.sort === 'brand_asc' ? 'asc' : 'desc'
      return {
        directions: [d, d, d],
        values: (r) => [r.sort_brand, r.sort_title, r.id],
      }
    }
    case 'title_desc':
      return {
        directions: ['desc', 'desc'],
        values: (r) => [r.sort_title, r.id],
      }
    case 'title_asc':
      return { directions: ['asc', 'asc'], values: (r) => [r.sort_title, r.id] }
    default:
      return { directions: ['asc', 'asc'], values: (r) => [r.sort_title, r.id] }
  }
}

/**
 * The rows after the cursor. One direction: a row-value comparison, which a b-tree index serves
 * as a range scan. Mixed directions (relevance then id): the same expanded into OR terms.
 */
function afterCursor(
  keys: SQL[],
  directions: ('asc' | 'desc')[],
  cursor: (string | number)[],
): SQL {
  if (directions.every((d) => d === directions[0])) {
    const op = directions[0] === 'asc' ? sql`>` : sql`<`
    return sql`(${sql.join(keys, sql`, `)}) ${op} (${sql.join(
      cursor.map((v) => sql`${v}`),
      sql`, `,
    )})`
  }
  const terms: SQL[] = []
  for (let i = 0; i < keys.length; i++) {
    const equal = keys.slice(0, i).map((k, j) => sql`${k} = ${cursor[j]}`)
    const cmp =
      directions[i] === 'asc' ? sql`${keys[i]} > ${cursor[i]}` : sql`${keys[i]} < ${cursor[i]}`
    terms.push(sql.join([...equal, cmp], sql` and `))
  }
  return sql`(${sql.join(
    terms.map((t) => sql`(${t})`),
    sql` or `,
  )})`
}

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

export function decodeCursor(cursor: string, length: number): (string | number)[] | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== length) return null
    if (
      !parsed.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
    )
      return null
    return parsed as (string | number)[]
  } catch {
    return null
  }
}

/** Corrections change only when products do; a few minutes of staleness is harmless. */
const CORRECTION_TTL_MS = 5 * 60 * 1000
const CORRECTION_CACHE_MAX = 5000

export function createProductsRepository(db: Db) {
  const corrections = new Map<string, { at: number; terms: string[] }>()

  async function correct(word: string): Promise<string[]> {
    const hit = corrections.get(word)
    if (hit && Date.now() - hit.at < CORRECTION_TTL_MS) return hit.terms
    const rows = await db.execute<{ term: string }>(sql`
      select term from search_terms
      where term % ${word} or term like ${`${word}%`}
      order by (term like ${`${word}%`}) desc, similarity(term, ${word}) desc
      limit 6`)
    const list = (rows as unknown as { rows?: { term: string }[] }).rows ?? []
    const terms = list.map((r) => r.term)
    if (corrections.size >= CORRECTION_CACHE_MAX) corrections.clear()
    corrections.set(word, { at: Date.now(), terms })
    return terms
  }

  /**
   * Issue 4 typo-tolerant search. Each typed word (Latin script) is corrected against the
   * vocabulary of product words with trigrams: 'azoxystobin' → azoxystrobin. Products then match
   * every word through the full-text index. Words in other scripts (Thai) match as substrings.
   */
  async function searchCondition(q: string): Promise<SQL | 'nothing'> {
    const words = q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2)
      .slice(0, 6)
    if (words.length === 0) return 'nothing'
    const groups: string[] = []
    const substrings: SQL[] = []
    for (const word of words) {
      if (!/^[a-z0-9]+$/.test(word)) {
        substrings.push(sql`${products.searchText} like ${`%${word}%`}`)
        continue
      }
      // Numbers are matched as typed; words are corrected against the vocabulary.
      const terms = /^[0-9]+$/.test(word) ? [word] : await correct(word)
      if (terms.length === 0) return 'nothing'
      groups.push(`(${terms.map((t) => `'${t.replaceAll("'", "''")}'`).join(' | ')})`)
    }
    const parts: SQL[] = [...substrings]
    if (groups.length)
      parts.push(sql`${products.searchVector} @@ to_tsquery('simple', ${groups.join(' & ')})`)
    return sql`(${sql.join(parts, sql` and `)})`
  }

  return {
    /**
     * One statement per page (plus one small vocabulary look-up when searching): filters, the
     * corrected search words as a full-text match, the keyset condition and LIMIT n+1 to know
     * whether more follow. No COUNT, no OFFSET.
     */
    async list(query: ProductListQuery, cursor: (string | number)[] | null) {
      const search = query.q ? await searchCondition(query.q) : null
      if (search === 'nothing') return { rows: [] as ListRow[], hasMore: false, nextCursor: null }
      const plan = planSort(query)
      const price = priceColumn(query.market)
      const inStock = query.market === 'TH' ? products.inStockTh : products.inStockMy
      const conditions: SQL[] = [sql`${price} is not null`]
      if (query.group) conditions.push(eq(products.group, query.group))
      if (query.category) conditions.push(sql`${products.category} = ${query.category}`)
      if (query.brand) conditions.push(eq(products.sortBrand, query.brand.toLowerCase()))
      if (query.min_price !== undefined) conditions.push(sql`${price} >= ${query.min_price}`)
      if (query.max_price !== undefined) conditions.push(sql`${price} <= ${query.max_price}`)
      if (query.in_stock) conditions.push(eq(inStock, true))
      if (search) conditions.push(search)
      const inner = db
        .select({
          id: products.id,
          slug: products.slug,
          group: products.group,
          category: products.category,
          brand: products.brand,
          name: products.name,
          title: products.title,
          featured: products.featured,
          price: sql<number | null>`${price}`.as('price'),
          in_stock: sql<boolean>`${inStock}`.as('in_stock'),
          sort_title: products.sortTitle,
          sort_brand: products.sortBrand,
        })
        .from(products)
        .where(and(...conditions))
        .as('p')
      const keyRefs: SQL[] = keysFor(query)
      const where = cursor ? afterCursor(keyRefs, plan.directions, cursor) : undefined
      const order = keyRefs.map((k, i) =>
        plan.directions[i] === 'asc' ? sql`${k} asc` : sql`${k} desc`,
      )
      const rows = (await db
        .select()
        .from(inner)
        .where(where)
        .orderBy(...order)
        .limit(query.per_page + 1)) as unknown as ListRow[]
      const hasMore = rows.length > query.per_page
      const page = rows.slice(0, query.per_page)
      const last = page.at(-1)
      return {
        rows: page,
        hasMore,
        nextCursor: hasMore && last ? encodeCursor(plan.values(last)) : null,
        keyCount: keyRefs.length,
      }
    },

    async findById(id: number) {
      const [row] = await db.select().from(products).where(eq(products.id, id))
      if (!row) return null
      const variations = await db
        .select()
        .from(productVariations)
        .where(eq(productVariations.productId, id))
        .orderBy(asc(productVariations.sortOrder), asc(productVariations.id))
      const stock = await db
        .select({
          branchId: branchStock.branchId,
          variationId: branchStock.variationId,
          quantity: branchStock.quantity,
          name: branches.name,
          market: branches.market,
        })
        .from(branchStock)
        .innerJoin(branches, eq(branches.id, branchStock.branchId))
        .innerJoin(productVariations, eq(productVariations.id, branchStock.variationId))
        .where(eq(productVariations.productId, id))
      return { row, variations, stock }
    },
  }
}

/** Column references of the outer query, matching the sort plan's keys. */
function keysFor(query: ProductListQuery): SQL[] {
  const c = (name: string) => sql.raw(`"p"."${name}"`)
  switch (query.sort) {
    case 'price_asc':
    case 'price_desc':
      return [c('price'), c('id')]
    case 'brand_asc':
    case 'brand_desc':
      return [c('sort_brand'), c('sort_title'), c('id')]
    case 'title_asc':
    case 'title_desc':
      return [c('sort_title'), c('id')]
    default:
      return [c('sort_title'), c('id')]
  }
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>
