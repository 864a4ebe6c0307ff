import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { ProductGroup } from '@padi/domain/catalogue/catalogue'
import type { ProductDetail, ProductList, ProductSummary } from '@padi/domain/catalogue/schemas'
import { isLocale, localizedText, type Locale, type LocalizedText } from '@padi/domain/i18n/locales'
import { MARKETS, type Market } from '@padi/domain/markets'
import type { ApiClient } from '~/utils/api.server.ts'
import { rankBranches } from '@padi/domain/orders/pickup-stock'
import { apiContext } from '~/utils/context.server.ts'
import { marketCookie, marketFor } from '~/utils/market.server.ts'
import { packMessages, pickMessages, serverTranslator } from '~/utils/messages.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Messages, PackedMessages } from '~/utils/i18n.ts'
import type {
  CardProduct,
  FarmerOrder,
  MarketData,
  ProductDetailData,
  ProductListData,
} from './catalogue-data.ts'
import { apiListQuery, readListQuery } from './list-query.ts'
import { safeRedirectPath } from '~/utils/safe-redirect.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { onlyLanguage } from '~/utils/page-language.server.ts'

type Args = {
  request: Request
  params: { lang?: string | undefined; id?: string | undefined }
  context: Readonly<RouterContextProvider>
}

/**
 * Only the parts of the products catalogue a page uses go into its HTML (ADR 011: every kilobyte
 * counts on 2G); the whole namespace holds the texts of all catalogue pages.
 */
const CARD_SECTIONS = ['imageAlt', 'card', 'categories', 'featured']
const LIST_SECTIONS = [
  ...CARD_SECTIONS,
  'allProducts',
  'searchAll',
  // The whole-shop search page's title and description come from these.
  'title',
  'description',
  'groups',
  'groupIntro',
  'search',
  'filters',
  'sort',
  'results',
  'market',
]
const DETAIL_SECTIONS = [
  ...CARD_SECTIONS,
  'title',
  'description',
  'groups',
  'results',
  'market',
  'marketNames',
  'detail',
]

/** The products catalogue's sections a page draws, with the other namespaces it needs. */
export function productMessages(
  params: Args['params'],
  sections: readonly string[] = CARD_SECTIONS,
  namespaces: readonly string[] = [],
): { messages: PackedMessages } {
  const locale = localeOf(params)
  const all = pickMessages(locale, ['products']).products as Messages
  const picked: Messages = {}
  for (const section of sections) {
    const value = all[section]
    if (value !== undefined) picked[section] = value
  }
  return { messages: packMessages({ ...pickMessages(locale, namespaces), products: picked }) }
}

export function localeOf(params: Args['params']): Locale {
  return isLocale(params.lang) ? params.lang : 'en'
}

export function marketData({ request, params, context }: Args): MarketData {
  const session = context.get(sessionContext)
  return {
    market: marketFor(request, session, localeOf(params)),
    marketLocked: Boolean(session.isLoggedIn && session.data.user),
  }
}

/** The brand choices of a group: every brand with a price in the market (the API lists them). */
async function brandsOf(
  api: ApiClient,
  group: ProductGroup | null,
  market: Market,
): Promise<string[]> {
  return (await api.listBrands({ ...(group ? { group } : {}), market })).data
}

/** What a card renders of a product, in the page's language only (CardProduct). */
export function cardProduct(
  p: ProductSummary & { spray_when?: LocalizedText | null },
  locale: Locale,
): CardProduct {
  return {
    ...(p.spray_when ? { spray_when: localizedText(p.spray_when, locale) } : {}),
    id: p.id,
    group: p.group,
    category: p.category,
    brand: p.brand,
    price_from: p.price_from,
    in_stock: p.in_stock,
    image_key: p.image_key,
    photo: p.photo,
    name: localizedText(p.name, locale),
  }
}

/**
 * docs/product/catalogue.md (Search by the problem in the field): the sentence over a list of the
 * products for a weed, pest or disease, and the cards' label, written here in the page's language
 * (the texts of every other list stay out of its HTML).
 */
function problemTexts(
  locale: Locale,
  problem: NonNullable<ProductList['problem']>,
): NonNullable<ProductListData['problem']> {
  const t = serverTranslator(locale, ['products'])
  return {
    intro: t('products.problem.intro', {
      name: localizedText(problem.name, locale),
      kind: t(`products.problem.kinds.${problem.kind}`),
    }),
    whenLabel: t('products.problem.sprayWhen'),
  }
}

/** docs/product/catalogue.md: the home page shows up to 8 featured products. */
const FEATURED_MAX = 8

/** The featured products for the home page, in name order. */
export async function featuredProducts(
  api: ApiClient,
  market: Market,
  locale: Locale,
): Promise<CardProduct[]> {
  const list = await api.listProducts({
    market,
    featured: 'true',
    sort: 'title_asc',
    per_page: FEATURED_MAX,
  })
  return list.data.map((p) => cardProduct(p, locale))
}

/**
 * A list page (/products/agrochems, /products/drones, or a search of both groups from the header
 * at /products?q=), all of its state in the URL.
 */
export async function loadProductList(args: Args, group: ProductGroup | null) {
  const { request, params, context } = args
  const url = new URL(request.url)
  // A form sent without JavaScript carries every field, empty ones too (?q=urea&sort=&brand=...):
  // send the farmer on to the same list at the short address they can read and share.
  const filled = [...url.searchParams].filter(([, value]) => value.trim() !== '')
  if (filled.length < [...url.searchParams].length) {
    const clean = new URLSearchParams(filled).toString()
    throw redirect(`${url.pathname}${clean ? `?${clean}` : ''}`)
  }
  const api = context.get(apiContext)
  const market = marketData(args)
  const { state, ignored } = readListQuery(url.searchParams, group)
  const [list, brands] = await Promise.allSettled([
    api.listProducts(apiListQuery(state, group, market.market)),
    brandsOf(api, group, market.market),
  ])
  const base: ProductListData = {
    ...productMessages(params, LIST_SECTIONS),
    ...market,
    group,
    state,
    ignored,
    status: 'ok',
    invalidFields: [],
    products: [],
    nextCursor: null,
    brands: brands.status === 'fulfilled' ? brands.value : [],
  }
  if (list.status === 'fulfilled') {
    const locale = localeOf(params)
    const problem = list.value.problem
    return data<ProductListData>({
      ...base,
      products: list.value.data.map((p) => cardProduct(p, locale)),
      nextCursor: list.value.has_more ? list.value.next_cursor : null,
      problem: problem ? problemTexts(locale, problem) : null,
    })
  }
  const refusal = readRefusal(list.reason)
  if (refusal.kind === 'invalid') {
    return data<ProductListData>(
      { ...base, status: 'invalid', invalidFields: refusal.error.errors.map((e) => e.field) },
      { status: 400 },
    )
  }
  if (refusal.kind === 'busy' && refusal.message) {
    return data<ProductListData>({ ...base, status: 'busy', wait: refusal.message }, refusal.init)
  }
  return data<ProductListData>({ ...base, status: 'failed' }, { status: 503 })
}

const MAX_ID = 2_147_483_647

/** The variation a product page starts with: the first one in stock, else the first with a price. */
export function defaultVariation(product: ProductDetail) {
  const priced = product.variations.filter((v) => v.price !== null)
  return priced.find((v) => v.stock > 0) ?? priced[0] ?? product.variations[0] ?? null
}

/**
 * docs/product/catalogue.md: one product page under /products/{id}, /products/agrochems/{id} and
 * /products/drones/{id}. A group in the path that is not the product's redirects to the right one;
 * an unknown id is a 404 (the error screen).
 */
export async function loadProductDetail(args: Args, pathGroup: ProductGroup | null) {
  const { request, params, context } = args
  const raw = params.id ?? ''
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN
  if (!(id <= MAX_ID)) throw data(null, { status: 404 })
  const market = marketData(args)
  // The dose per tank is written with the calculator's units (docs/product/calculators.md).
  const base = { ...productMessages(params, DETAIL_SECTIONS, ['units']), ...market }
  const url = new URL(request.url)
  const api = context.get(apiContext)
  // docs/product/orders-and-payments.md (Stock at pickup): a farmer reads the branches holding
  // each pack in their own order, worked out from the branches' positions (fetched alongside).
  const farmer = farmerOrder(args, api, market.market)
  // Awaited only when the product is there; a bug in it still fails the page then.
  farmer.catch(() => undefined)
  let product: ProductDetail
  try {
    product = onlyLanguage(await api.getProduct(id, market.market), localeOf(params))
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'notFound' || refusal.kind === 'invalid') throw data(null, { status: 404 })
    const busy = refusal.kind === 'busy'
    return data<ProductDetailData>(
      {
        ...base,
        product: null,
        variationId: null,
        quantity: '1',
        wait: busy ? (refusal.message ?? undefined) : undefined,
      },
      busy ? refusal.init : { status: 503 },
    )
  }
  if (pathGroup !== null && product.group !== pathGroup) {
    throw redirect(`/${localeOf(params)}/products/${product.group}/${product.id}${url.search}`, 301)
  }
  const asked = Number(url.searchParams.get('variation'))
  const chosen =
    product.variations.find((v) => v.id === asked && v.price !== null) ?? defaultVariation(product)
  // An out-of-range quantity is shown as given, with the reason it cannot be used, never
  // silently replaced (the page checks it with checkQuantity).
  const quantity = (url.searchParams.get('quantity') ?? '1').trim().slice(0, 12) || '1'
  return data<ProductDetailData>({
    ...base,
    product,
    variationId: chosen?.id ?? null,
    quantity,
    farmer: await farmer,
  })
}

/** A logged-in farmer's branch and region (null for a visitor); may fail with the API. */
export async function farmerPlace(
  { context }: Pick<Args, 'context'>,
  api: ApiClient,
): Promise<{ preferredBranchId: number | null; region: string | null } | null> {
  const session = context.get(sessionContext)
  const user = session.isLoggedIn ? session.data.user : undefined
  const token = session.data.accessToken
  if (!user || !token) return null
  let place = { preferredBranchId: user.preferredBranchId, region: user.region }
  if (place.preferredBranchId === undefined) {
    // A session made before these were kept: read them once.
    const me = await api.me(token)
    place = { preferredBranchId: me.preferred_branches[0] ?? null, region: me.profile.state }
    session.update({ user: { ...user, ...place } })
  }
  return { preferredBranchId: place.preferredBranchId ?? null, region: place.region ?? null }
}

/**
 * The branches of the market in a logged-in farmer's order (their branch first, then the nearest;
 * ADR 068), or null for a visitor, or when the branches could not be read: the product's own
 * order (the branches' usual order) stands then. Never fails the page.
 */
async function farmerOrder(
  args: Args,
  api: ApiClient,
  market: Market,
): Promise<FarmerOrder | null> {
  const { params } = args
  try {
    const place = await farmerPlace(args, api)
    if (!place) return null
    const branches = await api.listBranches(market)
    const own = branches.find((b) => b.id === place.preferredBranchId)
    return {
      ranked: rankBranches(branches, {
        preferredBranchId: place.preferredBranchId ?? null,
        region: place.region ?? null,
      }),
      preferredName: own ? localizedText(own.name, localeOf(params)) : null,
    }
  } catch (error) {
    // Refused by the API: the page goes without it (readRefusal throws anything else on).
    readRefusal(error)
    return null
  }
}

const MarketForm = z.object({ market: z.enum(MARKETS) })

/**
 * The market switch (docs/product/catalogue.md): a plain POST that sets the market cookie and comes back to the same
 * page, so it works without JavaScript. A list goes back to its first page, since a cursor of one
 * market's prices means nothing in the other.
 */
export async function marketAction({ request }: Pick<Args, 'request'>) {
  const form = parseForm(MarketForm, await request.formData(), ['market'])
  if (!form.ok) throw data(null, { status: 400 })
  const { market } = form.data
  const url = new URL(request.url)
  url.searchParams.delete('cursor')
  url.searchParams.delete('index')
  return redirect(safeRedirectPath(`${url.pathname}${url.search}`, '/'), {
    headers: { 'set-cookie': marketCookie(market) },
  })
}
