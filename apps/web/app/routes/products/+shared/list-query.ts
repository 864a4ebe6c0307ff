import {
  ALL_CATEGORIES,
  CATEGORIES,
  listBoolean,
  PRODUCT_LIST_LIMITS,
  PRODUCT_SORTS,
  type ProductGroup,
  type ProductSort,
} from '@padi/domain/catalogue/catalogue'
import type { Market } from '@padi/domain/markets'
import type { ProductListApiQuery } from '~/utils/api.server.ts'

/**
 * docs/product/catalogue.md: the whole state of a product list lives in its URL, so every page of results is a link
 * (back button, sharing, no JavaScript). These are its query parameters.
 */
export const LIST_FIELDS = [
  'q',
  'category',
  'brand',
  'min_price',
  'max_price',
  'in_stock',
  'sort',
  'cursor',
] as const
export type ListField = (typeof LIST_FIELDS)[number]

/** The order the sort choices are offered in: name, price, brand. */
const SORT_ORDER: readonly ProductSort[] = [
  'title_asc',
  'title_desc',
  'price_asc',
  'price_desc',
  'brand_asc',
  'brand_desc',
]

/** Products per page of a list (docs/product/catalogue.md). */
export const PER_PAGE = 24

/** The API's own limits (ProductListQuerySchema), checked here so a bad link never crashes. */
const {
  qMax: Q_MAX,
  brandMax: BRAND_MAX,
  cursorMax: CURSOR_MAX,
  priceMax: PRICE_MAX,
} = PRODUCT_LIST_LIMITS

export type ListState = {
  q: string
  category: string
  brand: string
  /** Whole ringgit or baht, as typed. */
  min_price: string
  max_price: string
  in_stock: boolean
  /** '' = the default order: best match when searching, else name A to Z (docs/product/limits.md). */
  sort: ProductSort | ''
  cursor: string
}

export type ParsedListQuery = {
  state: ListState
  /** Parameters present in the URL whose values could not be used; they are left out. */
  ignored: ListField[]
}

export function isProductSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value)
}

/** The categories of a group, or of both groups for a search of the whole shop. */
export function categoriesOf(group: ProductGroup | null): readonly string[] {
  return group ? CATEGORIES[group] : ALL_CATEGORIES
}

/** '12', '12.5', '1,200' (thousands) → the number; anything else → null. */
export function parsePrice(text: string): number | null {
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  const value = Number(cleaned)
  return Number.isFinite(value) && value <= PRICE_MAX ? value : null
}

/**
 * Reads a list URL. Empty parameters (a GET form sends every field) mean "not set"; values the
 * API would refuse are dropped and reported, so a hand-edited link shows a gentle note instead of
 * an error page.
 */
export function readListQuery(
  params: URLSearchParams,
  group: ProductGroup | null,
): ParsedListQuery {
  const ignored: ListField[] = []
  const get = (field: ListField) => (params.get(field) ?? '').trim()
  const keep = (field: ListField, ok: boolean, value: string) => {
    if (ok) return value
    ignored.push(field)
    return ''
  }

  const q = get('q')
  const category = get('category')
  const brand = get('brand')
  const min = get('min_price')
  const max = get('max_price')
  const stock = get('in_stock')
  const sort = get('sort')
  const cursor = get('cursor')

  const state: ListState = {
    q: keep('q', q.length <= Q_MAX, q),
    category: keep('category', category === '' || categoriesOf(group).includes(category), category),
    brand: keep('brand', brand.length <= BRAND_MAX, brand),
    min_price: keep('min_price', min === '' || parsePrice(min) !== null, min),
    max_price: keep('max_price', max === '' || parsePrice(max) !== null, max),
    in_stock: false,
    sort: '',
    cursor: keep('cursor', cursor.length <= CURSOR_MAX, cursor),
  }
  const inStock = stock === '' ? false : listBoolean(stock)
  if (inStock === null) ignored.push('in_stock')
  else state.in_stock = inStock
  if (isProductSort(sort)) state.sort = sort
  else if (sort !== '') ignored.push('sort')
  return { state, ignored }
}

/** The API query for a list page (prices in whole units; the API converts them to sen/satang). */
export function apiListQuery(
  state: ListState,
  group: ProductGroup | null,
  market: Market,
): ProductListApiQuery {
  const price = (text: string) => (text === '' ? undefined : (parsePrice(text) ?? undefined))
  return {
    group: group ?? undefined,
    market,
    per_page: PER_PAGE,
    q: state.q || undefined,
    // readListQuery kept only a category of the list's group, or none.
    category: ALL_CATEGORIES.find((c) => c === state.category),
    brand: state.brand || undefined,
    min_price: price(state.min_price),
    max_price: price(state.max_price),
    in_stock: state.in_stock ? 'true' : undefined,
    sort: state.sort || undefined,
    cursor: state.cursor || undefined,
  }
}

/** Query string of a list URL with only the parameters that are set, in a stable order. */
export function listSearch(state: ListState, change: Partial<ListState> = {}): string {
  const next = { ...state, ...change }
  const params = new URLSearchParams()
  for (const field of LIST_FIELDS) {
    const value = next[field]
    if (value === true) params.set(field, 'true')
    else if (typeof value === 'string' && value !== '') params.set(field, value)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** How many filters (not the search or the sort) narrow the list, for the "Filters" summary. */
export function activeFilterCount(state: ListState): number {
  return (
    [state.category, state.brand, state.min_price, state.max_price].filter(Boolean).length +
    (state.in_stock ? 1 : 0)
  )
}

/**
 * The sort choices (docs/product/limits.md: brand, title and price, each ascending or descending). The empty
 * value is the API's default: best match while searching, else name A to Z, which then is not
 * listed twice.
 */
export function sortChoices(searching: boolean): { value: string; key: string }[] {
  return [
    { value: '', key: searching ? 'products.sort.relevance' : 'products.sort.title_asc' },
    ...SORT_ORDER.filter((s) => searching || s !== 'title_asc').map((s) => ({
      value: s,
      key: `products.sort.${s}`,
    })),
  ]
}

/** The sort select's value for a state: name A to Z is the empty (default) choice when browsing. */
export function sortSelectValue(state: ListState): string {
  return !state.q && state.sort === 'title_asc' ? '' : state.sort
}
