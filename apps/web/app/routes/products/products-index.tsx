import { Form, Link } from 'react-router'
import { PRODUCT_GROUPS } from '@padi/domain/catalogue/catalogue'
import catalogueCss from '~/components/catalogue/catalogue.css?url'
import productListCss from '~/components/catalogue/product-list.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { ProductImage } from '~/components/catalogue/product-image.tsx'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { pageMeta } from '~/utils/meta.ts'
import { categoriesOf } from './+shared/list-query.ts'
import { loadProductList, marketAction } from './+shared/catalogue.server.ts'
import { ProductListPage } from './+shared/product-list-page.tsx'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/products-index'

export const handle: StyleHandle = { css: [catalogueCss, productListCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'products.title', 'products.description')

/** With ?q= (the header's search box) the page lists matches from both groups. */
export async function loader(args: Route.LoaderArgs) {
  if (new URL(args.request.url).searchParams.has('q')) return loadProductList(args, null)
  return pageMessages(args.params, ['products'])
}

export function action(args: Route.ActionArgs) {
  return marketAction(args)
}

/** The picture that stands for each group on its card. */
const GROUP_IMAGE = { agrochems: 'fertilizer', drones: 'frames_arms' } as const

/**
 * docs/product/catalogue.md /products: the choice between the two groups (docs/product/catalogue.md). Each card has its own search box,
 * a plain GET form to that group's list, and links to its categories.
 */
export default function ProductsIndex({ loaderData }: Route.ComponentProps) {
  if ('state' in loaderData) return <ProductListPage data={loaderData} />
  return <ProductGroups />
}

function ProductGroups() {
  const { t, locale } = useI18n()
  return (
    <>
      <h1>{t('products.title')}</h1>
      <p>{t('products.intro')}</p>
      <div className="cat-groups">
        {PRODUCT_GROUPS.map((group) => {
          const path = localePath(locale, `/products/${group}`)
          const inputId = `cat-search-${group}`
          return (
            <section key={group} className="card cat-group" aria-labelledby={`cat-group-${group}`}>
              <ProductImage
                className="cat-group-image"
                imageKey={GROUP_IMAGE[group]}
                group={group}
                alt=""
                eager
              />
              <div className="cat-group-body">
                <h2 id={`cat-group-${group}`}>
                  <Link to={path}>{t(`products.groups.${group}`)}</Link>
                </h2>
                <p>{t(`products.groupIntro.${group}`)}</p>
                <Form method="get" action={path} role="search" className="cat-group-search">
                  <label htmlFor={inputId}>{t(`products.searchGroup.${group}`)}</label>
                  <div className="cat-search-row">
                    <input
                      id={inputId}
                      name="q"
                      type="search"
                      enterKeyHint="search"
                      maxLength={100}
                      placeholder={t('products.search.placeholder')}
                    />
                    <button type="submit" className="button">
                      {t('products.search.button')}
                    </button>
                  </div>
                </Form>
                <ul className="cat-chips" aria-label={t('products.filters.category')}>
                  {categoriesOf(group).map((category) => (
                    <li key={category}>
                      <Link to={`${path}?category=${category}`}>
                        {t(`products.categories.${category}`)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          )
        })}
      </div>
    </>
  )
}
