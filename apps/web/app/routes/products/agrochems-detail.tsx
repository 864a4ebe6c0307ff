import catalogueCss from '~/components/catalogue/catalogue.css?url'
import productPageCss from '~/components/catalogue/product-page.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { loadProductDetail, marketAction } from './+shared/catalogue.server.ts'
import { productMeta } from './+shared/product-meta.ts'
import { ProductDetailPage } from './+shared/product-detail-page.tsx'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/agrochems-detail'

export const handle: StyleHandle = { css: [catalogueCss, productPageCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  productMeta(matches, loaderData)

/** A product of the other group redirects to its own path (docs/product/catalogue.md). */
export function loader(args: Route.LoaderArgs) {
  return loadProductDetail(args, 'agrochems')
}

export function action(args: Route.ActionArgs) {
  return marketAction(args)
}

export default function AgrochemsDetail({ loaderData }: Route.ComponentProps) {
  return <ProductDetailPage data={loaderData} />
}
