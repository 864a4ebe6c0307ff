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
  score: number | null
} & Record<string, unknown>

function priceColumn(market: Market) {
  return market === 'TH' ? products.priceFromTh : products.priceFromMy
}

function planSort(query: ProductListQuery, searching: boolean): SortPlan {
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
      // With a search and no sort asked for, the best match comes first.
      if (searching) {
        return { directions: ['desc', 'asc'], values: (r) => [r.score ?? 0, r.id] }
      }
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

export function createProductsRepository(db: Db) {
  return {
    /**
     * One statement per page: filters, typo-tolerant search (pg_trgm word similarity), the
     * keyset condition and LIMIT n+1 to know whether more follow. No COUNT.
     */
    async list(query: ProductListQuery, cursor: (string | number)[] | null) {
      const q = query.q?.toLowerCase()
      const searching = Boolean(q)
      const plan = planSort(query, searching)
      const price = priceColumn(query.market)
      const inStock = query.market === 'TH' ? products.inStockTh : products.inStockMy
      const conditions: SQL[] = [sql`${price} is not null`]
      if (query.group) conditions.push(eq(products.group, query.group))
      if (query.category) conditions.push(sql`${products.category} = ${query.category}`)
      if (query.brand) conditions.push(eq(products.sortBrand, query.brand.toLowerCase()))
      if (query.min_price !== undefined) conditions.push(sql`${price} >= ${query.min_price}`)
      if (query.max_price !== undefined) conditions.push(sql`${price} <= ${query.max_price}`)
      if (query.in_stock) conditions.push(eq(inStock, true))
      if (q)
        conditions.push(
          sql`(${q} <% ${products.searchText} or ${products.searchText} like ${`%${q}%`})`,
        )
      const score = q ? sql`word_similarity(${q}, ${products.searchText})` : sql`null::real`
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
          score: sql<number | null>`${score}`.as('score'),
        })
        .from(products)
        .where(and(...conditions))
        .as('p')
      // The keyset condition and order apply to the computed score too, so they sit outside.
      const keyRefs: SQL[] = keysFor(query, searching)
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
function keysFor(query: ProductListQuery, searching: boolean): SQL[] {
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
      return searching ? [c('score'), c('id')] : [c('sort_title'), c('id')]
  }
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>
