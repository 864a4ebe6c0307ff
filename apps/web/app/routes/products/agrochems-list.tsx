import catalogueCss from '~/components/catalogue/catalogue.css?url'
import { pageMeta } from '~/utils/meta.ts'
import { loadProductList, marketAction } from './+shared/catalogue.server.ts'
import { ProductListPage } from './+shared/product-list-page.tsx'
import type { Route } from './+types/agrochems-list'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueCss }]

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'products.groups.agrochems', 'products.groupIntro.agrochems')

export function loader(args: Route.LoaderArgs) {
  return loadProductList(args, 'agrochems')
}

export function action(args: Route.ActionArgs) {
  return marketAction(args)
}

export default function AgrochemsList({ loaderData }: Route.ComponentProps) {
  return <ProductListPage data={loaderData} />
}
