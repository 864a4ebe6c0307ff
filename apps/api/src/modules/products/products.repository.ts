import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, DbHandle } from '@padi/db/client'
import { branches } from '@padi/db/schema/branches'
import {
  branchStock,
  productPostings,
  products,
  productVariations,
} from '@padi/db/schema/catalogue'
import { LRUCache } from 'lru-cache'
import { SORT_KEYS, type ProductGroup } from '@padi/domain/catalogue/catalogue'
import type { BrandListQuery, ProductListQuery } from '@padi/domain/catalogue/schemas'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import { encodeCursor } from './list-cursor.ts'

export type ProductRow = typeof products.$inferSelect

/** A search: all of it as one condition, and its parts (Thai substrings, the corrected words). */
type Search = {
  all: SQL
  substrings: SQL[]
  words: SQL | null
  /** Whether few products are called this (named) or have these words at all (any). */
  rare: { named: boolean; any: boolean }
  /** One typed word: its corrected spellings, which the postings serve directly. */
  oneWord: string[] | null
}

/** A row of a list page, as the list statements select it (see listColumns). */
export type ListRow = {
  id: number
  slug: string
  group: ProductGroup
  category: string
  brand: string
  name: LocalizedText
  title: LocalizedText
  featured: boolean
  photo: string | null
  price: number | null
  in_stock: boolean
  sort_title: string
  sort_brand: string
  spray_when: LocalizedText | null
  /** Best match only: 0 for products named by the search, 1 for the rest. */
  tier?: number
}

/** The price and stock columns of a market (each market has its own, for indexed lists). */
function marketColumns(market: Market) {
  return market === 'TH'
    ? { price: products.priceFromTh, inStock: products.inStockTh }
    : { price: products.priceFromMy, inStock: products.inStockMy }
}

/**
 * A list's order from the one table of sorts (SORT_KEYS): the outer query's key columns, their
 * directions, and the values of a row that make the next page's cursor.
 */
function planSort(query: ProductListQuery) {
  const { keys, direction } = SORT_KEYS[query.sort ?? 'title_asc']
  return {
    columns: keys.map((k) => sql.raw(`"p"."${k}"`)),
    directions: keys.map(() => direction),
    values: (row: ListRow) => keys.map((k) => (k === 'price' ? (row.price ?? 0) : row[k])),
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

/** A page from per_page + 1 rows: the extra row only says that more follow. */
function pageOf(rows: ListRow[], perPage: number, keys: (last: ListRow) => (string | number)[]) {
  const page = rows.slice(0, perPage)
  const last = page.at(-1)
  const hasMore = rows.length > perPage
  return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(keys(last)) : null }
}

/** Corrections change only when products do; a few minutes of staleness is harmless. */
const CORRECTION_TTL_MS = 5 * 60 * 1000
const CORRECTION_CACHE_MAX = 5000
const lookupCache = <T extends object>() =>
  new LRUCache<string, T>({ max: CORRECTION_CACHE_MAX, ttl: CORRECTION_TTL_MS })
/** A usual page, for the rarity rule. */
const RARE_PAGE = 24

/** The columns a list shows, and its sort keys, in the market's currency. */
function listColumnsOf(market: Market) {
  const { price, inStock } = marketColumns(market)
  return sql`${products.id} as id, ${products.slug} as slug, ${products.group} as "group",
    ${products.category} as category, ${products.brand} as brand, ${products.name} as name,
    ${products.title} as title, ${products.featured} as featured, ${products.photo} as photo,
    ${price} as price,
    ${inStock} as in_stock, ${products.sortTitle} as sort_title, ${products.sortBrand} as sort_brand,
    ${products.sprayWhen} as spray_when`
}

const dialect = new PgDialect()
/**
 * A fragment without values, turned into its text once: building the twelve columns anew for
 * every request was most of the API's time in drizzle under search load (docs/performance.md).
 */
const once = (fragment: SQL) => sql.raw(dialect.sqlToQuery(fragment).sql)
const LIST_COLUMNS: Record<Market, SQL> = {
  MY: once(listColumnsOf('MY')),
  TH: once(listColumnsOf('TH')),
}
const listColumns = (market: Market) => LIST_COLUMNS[market]

/**
 * A LIMIT written into the statement rather than passed as a value: with the value, PostgreSQL's
 * generic plan must guess the page size and never wins over planning each time.
 */
const limitOf = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`)
  return sql.raw(String(n))
}

/**
 * @param run runs a statement prepared by its text (DbHandle.prepared): the list and search
 *   statements have a few shapes, each run with other values.
 */
export function createProductsRepository(db: Db, run: DbHandle['prepared']) {
  const corrections = lookupCache<string[]>()

  async function correct(word: string): Promise<string[]> {
    const hit = corrections.get(word)
    if (hit) return hit
    const list = await run<{ term: string }>(sql`
      select term from search_terms
      where term % ${word} or term like ${`${word}%`}
      order by (term like ${`${word}%`}) desc, similarity(term, ${word}) desc
      limit 6`)
    const terms = list.map((r) => r.term)
    corrections.set(word, terms)
    return terms
  }

  const rarities = lookupCache<{ named: boolean; any: boolean }>()

  /**
   * Whether a search's words are rare, by counting once (then kept like the corrections) how many
   * products are called them and how many have them at all. A list in name or price order either
   * walks that order until a page of products has the words (quick when many have them, the whole
   * catalogue when none do) or takes every product with the words from the word index and sorts
   * them (quick when few do). Rare means the second is cheaper: m² < page × catalogue size × 0.3,
   * the break-even measured at 100,000 products (docs/performance.md). The catalogue size is the
   * planner's estimate: a rule of cost needs no exact count of every product.
   */
  async function rarity(text: string): Promise<{ named: boolean; any: boolean }> {
    const hit = rarities.get(text)
    if (hit) return hit
    const result = await run<{ named: number; any: number; total: number }>(sql`
      select
        (select count(*) from ${products} where ${products.nameVector} @@ to_tsquery('simple', ${text}))::int as named,
        (select count(*) from ${products} where ${products.searchVector} @@ to_tsquery('simple', ${text}))::int as any,
        (select greatest(reltuples, 0)::int from pg_class where oid = 'products'::regclass) as total`)
    const row = result[0] ?? {
      named: 0,
      any: 0,
      total: 0,
    }
    const few = (m: number) => m * m < RARE_PAGE * Math.max(row.total, 1) * 0.3
    const found = { named: few(Number(row.named)), any: few(Number(row.any)) }
    rarities.set(text, found)
    return found
  }

  /**
   * docs/product/catalogue.md typo-tolerant search. Each typed word (Latin script) is corrected against the
   * vocabulary of product words with trigrams: 'azoxystobin' → azoxystrobin. Products then match
   * every word through the full-text index. Words in other scripts (Thai) match as substrings.
   */
  async function searchCondition(q: string, sorted: boolean): Promise<Search | 'nothing'> {
    const words = q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2)
      .slice(0, 6)
    if (words.length === 0) return 'nothing'
    const groups: string[] = []
    const spellings: string[][] = []
    const substrings: SQL[] = []
    for (const word of words) {
      if (!/^[a-z0-9]+$/.test(word)) {
        substrings.push(sql`${products.searchText} like ${`%${word}%`}`)
        continue
      }
      // Numbers are matched as typed; words are corrected against the vocabulary.
      const terms = /^[0-9]+$/.test(word) ? [word] : await correct(word)
      if (terms.length === 0) return 'nothing'
      spellings.push(terms)
      groups.push(`(${terms.map((t) => `'${t.replaceAll("'", "''")}'`).join(' | ')})`)
    }
    const text = groups.length ? groups.join(' & ') : null
    const tsquery = text ? sql`to_tsquery('simple', ${text})` : null
    const parts: SQL[] = [...substrings]
    if (tsquery) parts.push(sql`${products.searchVector} @@ ${tsquery}`)
    const oneWord = spellings.length === 1 && substrings.length === 0 ? spellings[0]! : null
    return {
      all: sql`(${sql.join(parts, sql` and `)})`,
      substrings,
      words: tsquery,
      // Best match of one word reads the postings in order and needs no rarity rule; a chosen
      // sort still does.
      rare: text && (sorted || !oneWord) ? await rarity(text) : { named: true, any: true },
      oneWord,
    }
  }

  /**
   * "Best match" for one typed word, from the postings: for each spelling of the word, its
   * postings in (tier, name, id) order joined to their products and filtered, a page at most. A
   * product called one spelling and found by another shows once, at its better tier, so a
   * tier-1 row is dropped when the product is called any spelling. The first page of distinct
   * products is among the spellings' first pages (each product ahead of it in its spelling's
   * order is ahead of it overall), so merging them and dropping repeats gives the page.
   */
  async function bestMatchFromPostings(
    query: ProductListQuery,
    conditions: SQL[],
    spellings: string[],
    words: SQL,
    cursor: (string | number)[] | null,
  ) {
    const limit = query.per_page + 1
    const pp = productPostings
    const after = cursor
      ? sql`(${pp.tier}, ${pp.sortTitle}, ${pp.productId}) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]})`
      : null
    // One statement of the same shape for any number of spellings: the spellings as rows, each
    // reading its postings through a lateral join (planned once, not once per spelling).
    const terms = sql.join(
      spellings.map((t) => sql`${t}`),
      sql`, `,
    )
    const result = await run<ListRow>(sql`select u.* from unnest(array[${terms}]::text[]) as s(term)
      cross join lateral (select ${listColumns(query.market)}, ${pp.tier} as tier
        from ${pp} join ${products} on ${products.id} = ${pp.productId}
        where ${and(
          sql`${pp.term} = s.term`,
          ...(query.group ? [eq(pp.group, query.group)] : []),
          ...(after ? [after] : []),
          sql`(${pp.tier} = 0 or not (${products.nameVector} @@ ${words}))`,
          ...conditions,
        )}
        order by ${pp.tier}, ${pp.sortTitle}, ${pp.productId} limit ${limitOf(limit)}) as u
      order by u.tier, u.sort_title, u.id`)
    const seen = new Set<number>()
    const rows = result.filter((r) => !seen.has(r.id) && seen.add(r.id))
    return pageOf(rows.slice(0, limit), query.per_page, (last) => [
      Number(last.tier),
      last.sort_title,
      last.id,
    ])
  }

  /**
   * docs/product/catalogue.md "Best match", the order while searching without a chosen sort: products whose name or
   * brand has the words first, then those found by active ingredient, category or another
   * language, each by name. Each part walks the name order and stops at a page, so the cost does
   * not grow with the catalogue. The cursor is [part, name, id].
   */
  async function bestMatch(
    query: ProductListQuery,
    conditions: SQL[],
    search: Search,
    cursor: (string | number)[] | null,
  ) {
    const limit = query.per_page + 1
    const base = [...conditions, ...search.substrings]
    const after = (part: number): SQL | null => {
      if (!cursor) return null
      if (cursor[0] === part)
        return sql`(${products.sortTitle}, ${products.id}) > (${cursor[1]}, ${cursor[2]})`
      return (cursor[0] as number) > part ? sql`false` : null
    }
    const part = (n: number, where: SQL[], take: SQL) => {
      const later = after(n)
      // Rare words: take the few products from the word index and sort them. Sorting by an
      // expression (same order) keeps the planner from walking the name index instead.
      const rare = n === 0 ? search.rare.named : search.rare.any
      const order = rare ? sql`${products.sortTitle} || ''` : sql`${products.sortTitle}`
      return sql`select ${listColumns(query.market)}, ${n}::int as tier from ${products}
        where ${and(...where, ...(later ? [later] : []))}
        order by ${order}, ${products.id} limit ${take}`
    }
    // The second part asks only for what the first left of the page: LIMIT 0 does not run it.
    const result = await run<ListRow>(
      search.words
        ? sql`with named as (${part(0, [...base, sql`${products.nameVector} @@ ${search.words}`], limitOf(limit))})
          select * from (
            select * from named
            union all
            (${part(
              1,
              [
                ...base,
                sql`${products.searchVector} @@ ${search.words}`,
                sql`not (${products.nameVector} @@ ${search.words})`,
              ],
              sql`greatest(${limitOf(limit)} - (select count(*) from named), 0)`,
            )})
          ) as u order by tier, sort_title, id limit ${limitOf(limit)}`
        : part(1, base, limitOf(limit)),
    )
    return pageOf(result, query.per_page, (last) => [Number(last.tier), last.sort_title, last.id])
  }

  return {
    /**
     * One statement per page (plus one small vocabulary look-up when searching): filters, the
     * corrected search words as a full-text match, the keyset condition and LIMIT n+1 to know
     * whether more follow. No COUNT, no OFFSET.
     */
    async list(
      query: ProductListQuery,
      cursor: (string | number)[] | null,
      options: { controls?: string } = {},
    ) {
      // A list by a problem is that filter, not a search of the words (the words only order it).
      const search =
        query.q && !options.controls ? await searchCondition(query.q, Boolean(query.sort)) : null
      if (search === 'nothing') return { rows: [] as ListRow[], hasMore: false, nextCursor: null }
      const { price, inStock } = marketColumns(query.market)
      const conditions: SQL[] = [sql`${price} is not null`]
      if (query.group) conditions.push(eq(products.group, query.group))
      if (query.category) conditions.push(sql`${products.category} = ${query.category}`)
      if (query.brand) conditions.push(eq(products.sortBrand, query.brand.toLowerCase()))
      if (query.min_price !== undefined) conditions.push(sql`${price} >= ${query.min_price}`)
      if (query.max_price !== undefined) conditions.push(sql`${price} <= ${query.max_price}`)
      if (query.in_stock) conditions.push(eq(inStock, true))
      if (query.featured) conditions.push(eq(products.featured, true))
      // docs/product/catalogue.md (Search by the problem in the field): its label controls it.
      if (options.controls) {
        conditions.push(sql`${products.controls} @> array[${options.controls}]::text[]`)
        // Best match as for any search: the products called what was typed first ("karah" puts
        // Karah-75 first), then the rest by name; the cursor is [part, name, id] as for a search.
        if (query.q && !query.sort) {
          const named = sql`case when ${products.nameVector} @@ plainto_tsquery('simple', ${query.q}) then 0 else 1 end`
          const result = await run<ListRow>(sql`
            select * from (select ${listColumns(query.market)}, ${named} as tier from ${products}
              where ${and(...conditions)}) as p
            ${cursor ? sql`where (tier, sort_title, id) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]})` : sql``}
            order by tier, sort_title, id limit ${limitOf(query.per_page + 1)}`)
          return pageOf(result, query.per_page, (last) => [
            Number(last.tier),
            last.sort_title,
            last.id,
          ])
        }
      }
      if (search?.oneWord && search.words && !query.sort)
        return bestMatchFromPostings(query, conditions, search.oneWord, search.words, cursor)
      if (search && !query.sort) return bestMatch(query, conditions, search, cursor)
      if (search) conditions.push(search.all)
      const plan = planSort(query)
      const keyRefs = plan.columns
      const where = cursor ? afterCursor(keyRefs, plan.directions, cursor) : undefined
      // A rare search sorts its few matches instead of walking the sort's index (see rarity).
      const sortKeys =
        search?.rare.any && search.words
          ? keyRefs.map((k, i) =>
              i === keyRefs.length - 1
                ? k
                : query.sort?.startsWith('price')
                  ? sql`(${k}) + 0`
                  : sql`(${k}) || ''`,
            )
          : keyRefs
      const order = sortKeys.map((k, i) =>
        plan.directions[i] === 'asc' ? sql`${k} asc` : sql`${k} desc`,
      )
      const result = await run<ListRow>(sql`
        select * from (select ${listColumns(query.market)} from ${products}
          where ${and(...conditions)}) as p
        ${where ? sql`where ${where}` : sql``}
        order by ${sql.join(order, sql`, `)} limit ${limitOf(query.per_page + 1)}`)
      return pageOf(result, query.per_page, plan.values)
    },

    /**
     * Products priced in the market whose name starts with what is typed (or has a word that
     * does), for the suggestions while typing: a few, by name.
     */
    async namesStartingWith(typed: string, market: Market, limit: number): Promise<string[]> {
      const { price } = marketColumns(market)
      const t = typed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
      const rows = await db
        .select({ name: products.name })
        .from(products)
        .where(
          and(
            sql`${price} is not null`,
            sql`(${products.sortTitle} like ${`${t}%`} or ${products.sortTitle} like ${`% ${t}%`})`,
          ),
        )
        .orderBy(asc(products.sortTitle), asc(products.id))
        .limit(limit)
      return rows.map((r) => r.name.en)
    },

    /** Brands with a product priced in the market, one spelling per brand, in name order. */
    async brands(query: BrandListQuery): Promise<string[]> {
      const conditions: SQL[] = [sql`${marketColumns(query.market).price} is not null`]
      if (query.group) conditions.push(eq(products.group, query.group))
      const rows = await db
        .select({ brand: sql<string>`min(${products.brand})` })
        .from(products)
        .where(and(...conditions))
        .groupBy(products.sortBrand)
        .orderBy(asc(products.sortBrand))
      return rows.map((r) => r.brand)
    },

    /** A product with its packs and stock; a hidden one only when asked (the back office). */
    async findById(id: number, options: { includeHidden?: boolean } = {}) {
      const [row] = await db.select().from(products).where(eq(products.id, id))
      if (!row || (row.hiddenAt && !options.includeHidden)) return null
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
        // The branches' usual order (GET /branches), as where_to_buy lists them.
        .orderBy(asc(branches.sortOrder), asc(branches.id))
      return { row, variations, stock }
    },
  }
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>
