import catalogueCss from '~/components/catalogue/catalogue.css?url'
import productListCss from '~/components/catalogue/product-list.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { pageMeta } from '~/utils/meta.ts'
import { loadProductList, marketAction } from './+shared/catalogue.server.ts'
import { ProductListPage } from './+shared/product-list-page.tsx'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/drones-list'

export const handle: StyleHandle = { css: [catalogueCss, productListCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'products.groups.drones', 'products.groupIntro.drones')

export function loader(args: Route.LoaderArgs) {
  return loadProductList(args, 'drones')
}

export function action(args: Route.ActionArgs) {
  return marketAction(args)
}

export default function DronesList({ loaderData }: Route.ComponentProps) {
  return <ProductListPage data={loaderData} />
}
