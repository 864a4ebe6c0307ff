import { redirect, type RouterContextProvider } from 'react-router'
import { localizedText } from '@padi/domain/i18n/locales'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { apiContext } from '~/utils/context.server.ts'
import {
  defaultVariation,
  localeOf,
  marketData,
} from '~/routes/products/+shared/catalogue.server.ts'
import { calculatorSearch } from './product-link.ts'
import { readInputForm, type InputFormField } from './input-form.ts'

type Args = {
  request: Request
  params: { lang?: string | undefined }
  context: Readonly<RouterContextProvider>
}

export type ProductChoice = { id: number; name: string }

/** Fields of the farmer's own field and sprayer, kept when a product fills in the rate. */
const KEPT_FIELDS = [
  'area_value',
  'area_unit',
  'sprayer',
  'tank_litres',
  'litres_per_hectare',
] as const satisfies readonly InputFormField[]

/** Fertilisers are spread by the bag, not mixed in a tank: the spray calculator leaves them out. */
const NOT_SPRAYED = 'fertilizer'

/**
 * docs/product/calculators.md: "picking a product fills its rates". With ?product_id= the calculator's address is
 * rewritten (a redirect, so it works without JavaScript) to carry that product's label rate and
 * first pack, keeping what the farmer already entered about the field and the sprayer.
 */
export async function productPickerRedirect(args: Args): Promise<Response | null> {
  const url = new URL(args.request.url)
  const raw = url.searchParams.get('product_id')
  if (raw === null) return null
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN
  const locale = localeOf(args.params)
  // Read as the calculator reads its form: a whole form sent with a product (without the page's
  // scripts) may still show the previous sprayer's defaults (prev_ fields, readInputForm).
  const entered = readInputForm(url.searchParams, locale).values
  const keep = new URLSearchParams()
  for (const field of KEPT_FIELDS) if (url.searchParams.get(field)) keep.set(field, entered[field])
  // A spray volume means nothing without what it is per (the product's own is per hectare).
  if (keep.has('litres_per_hectare')) keep.set('volume_basis', entered.volume_basis)
  const target = (search: URLSearchParams) =>
    `/${locale}/calculator/input-calculation${search.size ? `?${search}` : ''}`
  if (!(id <= 2_147_483_647)) return redirect(target(keep))
  try {
    const product = await args.context.get(apiContext).getProduct(id, marketData(args).market)
    const search = new URLSearchParams(
      calculatorSearch(
        localizedText(product.name, locale),
        product.label_rate,
        defaultVariation(product),
        product.id,
      ) ?? `?product=${encodeURIComponent(localizedText(product.name, locale))}`,
    )
    for (const [key, value] of keep) search.set(key, value)
    return redirect(target(search))
  } catch (error) {
    // An unknown product or an API that is down: the calculator still works by hand.
    readRefusal(error)
    return redirect(target(keep))
  }
}

/**
 * The sprayable products in the visitor's market, by name, for the picker: one page of 100 (the
 * demo has about 50); a larger catalogue would need a search box here instead.
 */
export async function productChoices(args: Args): Promise<ProductChoice[]> {
  const locale = localeOf(args.params)
  try {
    const list = await args.context.get(apiContext).listProducts({
      group: 'agrochems',
      market: marketData(args).market,
      sort: 'title_asc',
      per_page: 100,
    })
    return list.data
      .filter((p) => p.category !== NOT_SPRAYED)
      .map((p) => ({ id: p.id, name: localizedText(p.name, locale) }))
  } catch (error) {
    // Refused by the API: no list to pick from (readRefusal throws anything else on).
    readRefusal(error)
    return []
  }
}
