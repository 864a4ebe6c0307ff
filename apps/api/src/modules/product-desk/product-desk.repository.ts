import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { branchStock, products, productVariations } from '@padi/db/schema/catalogue'

type ProductRow = typeof products.$inferSelect
type PackRow = typeof productVariations.$inferSelect
type StockRow = typeof branchStock.$inferSelect
/** A product's texts as an edit writes them, with the sort keys and search text that follow. */
type ProductTexts = Pick<
  typeof products.$inferInsert,
  'brand' | 'name' | 'title' | 'description' | 'featured' | 'sortTitle' | 'sortBrand' | 'searchText'
>

const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * The admin's catalogue editor's storage: products, packs and branch stock. Each change runs in
 * one transaction (`createProductDeskRepository(tx)`) that locks the product or pack first.
 */
export function createProductDeskRepository(db: Db) {
  return {
    /** By name (any language) or brand, in id order, `limit` rows after `after`. */
    list(query: { q?: string | undefined; after?: number | undefined }, limit: number) {
      return db
        .select({
          id: products.id,
          name: products.name,
          brand: products.brand,
          group: products.group,
          category: products.category,
          featured: products.featured,
          price_from_my: products.priceFromMy,
          price_from_th: products.priceFromTh,
        })
        .from(products)
        .where(
          and(
            query.q
              ? or(
                  ilike(products.brand, contains(query.q)),
                  sql`${products.name}::text ilike ${contains(query.q)}`,
                )
              : undefined,
            query.after ? gt(products.id, query.after) : undefined,
          ),
        )
        .orderBy(asc(products.id))
        .limit(limit)
    },

    /** Every branch, in the shop's order. */
    branches() {
      return db
        .select({ id: branches.id, name: branches.name, market: branches.market })
        .from(branches)
        .orderBy(asc(branches.sortOrder), asc(branches.id))
    },

    async branchExists(id: number): Promise<boolean> {
      const [branch] = await db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.id, id))
      return Boolean(branch)
    },

    async productExists(id: number): Promise<boolean> {
      const [exists] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id))
      return Boolean(exists)
    },

    // --- Inside a change's transaction: each lock is held until it ends ---

    async lockProduct(id: number): Promise<ProductRow | null> {
      const [row] = await db.select().from(products).where(eq(products.id, id)).for('update')
      return row ?? null
    },

    /** The product row locked, so packs are added one at a time, each after the last. */
    async lockProductForNewPack(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id))
        .for('update')
      return Boolean(row)
    },

    async lockPhoto(id: number) {
      const [row] = await db
        .select({ photo: products.photo })
        .from(products)
        .where(eq(products.id, id))
        .for('update')
      return row ?? null
    },

    async lockHiddenAt(id: number) {
      const [row] = await db
        .select({ hiddenAt: products.hiddenAt })
        .from(products)
        .where(eq(products.id, id))
        .for('update')
      return row ?? null
    },

    /** The pack of this product, locked for the change; another product's pack is not found. */
    async lockPack(productId: number, packId: number): Promise<PackRow | null> {
      const [pack] = await db
        .select()
        .from(productVariations)
        .where(and(eq(productVariations.id, packId), eq(productVariations.productId, productId)))
        .for('update')
      return pack ?? null
    },

    async insertProduct(values: typeof products.$inferInsert): Promise<number> {
      const [row] = await db.insert(products).values(values).returning({ id: products.id })
      return row!.id
    },

    async updateTexts(id: number, texts: ProductTexts): Promise<void> {
      await db.update(products).set(texts).where(eq(products.id, id))
    },

    async setPhoto(id: number, photo: string | null): Promise<void> {
      await db.update(products).set({ photo }).where(eq(products.id, id))
    },

    async setHiddenAt(id: number, hiddenAt: Date | null): Promise<void> {
      await db.update(products).set({ hiddenAt }).where(eq(products.id, id))
    },

    /** A pack row; a SKU another pack has fails with a unique violation. */
    async insertPack(pack: typeof productVariations.$inferInsert): Promise<void> {
      await db.insert(productVariations).values(pack)
    },

    /** The last pack's place in the product's order, -1 when it has none. */
    async lastPackSortOrder(productId: number): Promise<number> {
      const [last] = await db
        .select({ n: sql<number>`coalesce(max(${productVariations.sortOrder}), -1)::int` })
        .from(productVariations)
        .where(eq(productVariations.productId, productId))
      return last?.n ?? -1
    },

    async setPackPrices(
      packId: number,
      prices: Pick<typeof productVariations.$inferInsert, 'priceMyMinor' | 'priceThMinor'>,
    ): Promise<void> {
      await db.update(productVariations).set(prices).where(eq(productVariations.id, packId))
    },

    /** A count of 0 when the branch never had this pack; a row it has stays as it is. */
    async ensureStockRow(branchId: number, packId: number): Promise<void> {
      await db
        .insert(branchStock)
        .values({ branchId, variationId: packId, quantity: 0 })
        .onConflictDoNothing()
    },

    /**
     * The count set only from what was seen: the row changes only if its quantity is still
     * `expected`. Answers the row after, or null when the count had changed.
     */
    async setStockIfUnchanged(args: {
      branchId: number
      packId: number
      expected: number
      quantity: number
    }): Promise<StockRow | null> {
      const [set] = await db
        .update(branchStock)
        .set({ quantity: args.quantity })
        .where(
          and(
            eq(branchStock.branchId, args.branchId),
            eq(branchStock.variationId, args.packId),
            eq(branchStock.quantity, args.expected),
          ),
        )
        .returning()
      return set ?? null
    },

    /**
     * docs/product/catalogue.md: the list's cheapest price and 'in stock' flag per country are
     * kept on the product row; after a change to a pack's price or stock they are worked out
     * again. A hidden product has no price in any list (lists show only products with one).
     */
    async refreshListColumns(productId: number): Promise<void> {
      await db.execute(sql`update ${products} p set
      price_from_my = case when p.hidden_at is null then
        (select min(price_my_minor) from ${productVariations} where product_id = p.id) end,
      price_from_th = case when p.hidden_at is null then
        (select min(price_th_minor) from ${productVariations} where product_id = p.id) end,
      in_stock_my = exists (select 1 from ${branchStock} s
        join ${productVariations} v on v.id = s.variation_id join ${branches} b on b.id = s.branch_id
        where v.product_id = p.id and b.market = 'MY' and s.quantity > 0),
      in_stock_th = exists (select 1 from ${branchStock} s
        join ${productVariations} v on v.id = s.variation_id join ${branches} b on b.id = s.branch_id
        where v.product_id = p.id and b.market = 'TH' and s.quantity > 0)
    where p.id = ${productId}`)
    },

    /** New words of a product join the vocabulary typed words are corrected against. */
    async addSearchTerms(productId: number): Promise<void> {
      await db.execute(sql`insert into search_terms (term)
    select distinct word from ${products}, unnest(tsvector_to_array(search_vector)) as word
    where ${products.id} = ${productId} and length(word) >= 2 and word !~ '^[0-9.,-]+$'
    on conflict do nothing`)
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type ProductDeskRepository = ReturnType<typeof createProductDeskRepository>
