import type { Message } from '~/components/auth/form-alert.tsx'
import type { ProductGroup } from '@padi/domain/catalogue/catalogue'
import type { ProductDetail, ProductSummary } from '@padi/domain/catalogue/schemas'
import type { PackedMessages } from '~/utils/i18n.ts'
import type { Market } from '@padi/domain/markets'
import type { RankedBranch } from '@padi/domain/orders/pickup-stock'
import type { ListField, ListState } from './list-query.ts'

/** The quantity box of a product page takes 1 to this many (docs/product/catalogue.md). */
export const MAX_QUANTITY = 999

export type QuantityCheck =
  | { ok: true; quantity: number }
  | {
      ok: false
      error:
        | 'products.detail.quantityLow'
        | 'products.detail.quantityHigh'
        | 'products.detail.quantityWhole'
    }

/** A quantity as typed or as given in the address: a whole number from 1 to MAX_QUANTITY. */
export function checkQuantity(text: string): QuantityCheck {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: 'products.detail.quantityWhole' }
  const quantity = Number(trimmed)
  if (quantity < 1) return { ok: false, error: 'products.detail.quantityLow' }
  if (quantity > MAX_QUANTITY) return { ok: false, error: 'products.detail.quantityHigh' }
  return { ok: true, quantity }
}

/** What the market switch needs: the market prices are in, and whether the visitor may change it. */
export type MarketData = {
  market: Market
  /** A logged-in customer's market comes from the account (docs/product/catalogue.md), so there is no switch. */
  marketLocked: boolean
}

/**
 * A list page's data. `status`: ok; invalid = the API refused the query (a stale cursor);
 * failed = the API could not be reached or answered with an error (docs/product/errors.md wording).
 */
/**
 * A product as a card shows it: only the fields rendered, the name in the page's language. The
 * loaders send this instead of the API's summary, whose texts come in every language (a list page
 * would carry the Malay and Thai names of every product to an English reader).
 */
export type CardProduct = Pick<
  ProductSummary,
  'id' | 'group' | 'category' | 'brand' | 'price_from' | 'in_stock' | 'image_key' | 'photo'
> & {
  name: string
  /** When its label says to spray it: with a search that names a problem it controls. */
  spray_when?: string
}

export type ProductListData = MarketData & {
  messages: PackedMessages
  /** null: a search of the whole shop (the header's search box). */
  group: ProductGroup | null
  state: ListState
  ignored: ListField[]
  status: 'ok' | 'invalid' | 'failed' | 'busy'
  invalidFields: string[]
  products: CardProduct[]
  nextCursor: string | null
  brands: string[]
  /**
   * The weed, pest or disease the search names (docs/product/catalogue.md, Search by the problem
   * in the field), its sentence and the cards' "When to spray" already in the page's language:
   * only such a list carries these texts.
   */
  problem?: { intro: string; whenLabel: string } | null | undefined
  /** With status busy (429): how long to wait, as the Retry-After header says. */
  wait?: Message | undefined
}

export type ProductDetailData = MarketData & {
  messages: PackedMessages
  product: ProductDetail | null
  /** With no product because of a 429: how long to wait, as the Retry-After header says. */
  wait?: Message | undefined
  /** Variation chosen in the URL (?variation=), for the picker without JavaScript. */
  variationId: number | null
  /** The quantity as the address gave it (?quantity=), checked again on the page. */
  quantity: string
  /** A logged-in farmer's order of the branches; absent or null: the product's own order. */
  farmer?: FarmerOrder | null | undefined
}

/** docs/product/orders-and-payments.md (Stock at pickup): the branches as a farmer reads them. */
export type FarmerOrder = {
  ranked: RankedBranch[]
  /** The farmer's own branch, named in the page's language; null when they have none. */
  preferredName: string | null
}
