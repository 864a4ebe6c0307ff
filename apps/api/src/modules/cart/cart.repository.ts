import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { cartItems } from '@padi/db/schema/cart'
import { products, productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import type { CartEntry } from '@padi/domain/cart/cart'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import type { ProductGroup } from '@padi/domain/catalogue/catalogue'

/** What the server knows of a pack now, in one market: whether it is sold there, and its stock. */
export type VariationInMarket = {
  variationId: number
  productId: number
  unitPriceMinor: number | null
  stock: number
}

export type CartLineRow = CartEntry &
  VariationInMarket & {
    group: ProductGroup
    category: string
    photo: string | null
    slug: string
    brand: string
    name: LocalizedText
    label: LocalizedText
  }

/** A pack's price in a market; none (not for sale) while its product is hidden by admin. */
function priceIn(market: Market) {
  const price = market === 'TH' ? productVariations.priceThMinor : productVariations.priceMyMinor
  return sql<number | null>`case when (select ${products.hiddenAt} from ${products}
    where ${products.id} = ${productVariations.productId}) is null then ${price} end`
}

/** The stock of a pack over the branches of a market (docs/product/catalogue.md where to buy). */
function stockIn(market: Market) {
  // Written out with its own aliases: inside a one-table select drizzle leaves column names
  // unqualified, and an unqualified "id" here would be the branch's.
  return sql<number>`coalesce((select sum(bs.quantity) from branch_stock bs
    join branches b on b.id = bs.branch_id
    where bs.variation_id = "product_variations"."id" and b.market = ${market}), 0)::int`
}

/**
 * The cart's storage. Writes go through a transaction that first locks the customer's row
 * (`lockOwner`), so two taps at once cannot push a cart past its limit.
 */
export function createCartRepository(db: Db) {
  return {
    async lockOwner(userId: number): Promise<{ market: Market } | null> {
      const [row] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      return row ? { market: row.market as Market } : null
    },

    async marketOf(userId: number): Promise<Market | null> {
      const [row] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
      return row ? (row.market as Market) : null
    },

    async lines(userId: number, market: Market): Promise<CartLineRow[]> {
      return db
        .select({
          variationId: cartItems.variationId,
          count: cartItems.count,
          selected: cartItems.selected,
          productId: products.id,
          group: products.group,
          category: products.category,
          photo: products.photo,
          slug: products.slug,
          brand: products.brand,
          name: products.name,
          label: productVariations.label,
          unitPriceMinor: priceIn(market),
          stock: stockIn(market),
        })
        .from(cartItems)
        .innerJoin(productVariations, eq(productVariations.id, cartItems.variationId))
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.variationId))
    },

    async entries(userId: number): Promise<CartEntry[]> {
      return db
        .select({
          variationId: cartItems.variationId,
          count: cartItems.count,
          selected: cartItems.selected,
        })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.variationId))
    },

    async variations(ids: number[], market: Market): Promise<VariationInMarket[]> {
      if (ids.length === 0) return []
      return db
        .select({
          variationId: productVariations.id,
          productId: productVariations.productId,
          unitPriceMinor: priceIn(market),
          stock: stockIn(market),
        })
        .from(productVariations)
        .where(inArray(productVariations.id, ids))
    },

    async put(userId: number, entry: CartEntry) {
      await db
        .insert(cartItems)
        .values({ userId, ...entry })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.variationId],
          set: { count: entry.count, selected: entry.selected },
        })
    },

    async remove(userId: number, variationIds: number[]) {
      if (variationIds.length === 0) return
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.variationId, variationIds)))
    },
  }
}
export type CartRepository = ReturnType<typeof createCartRepository>
