import { Form, Link } from 'react-router'
import { formatMoney } from '@padi/domain/money'
import { ADVERTISED_CREDIT } from '@padi/domain/credit/advertised'
import type { CardProduct } from '~/routes/products/+shared/catalogue-data.ts'
import { isLocale } from '@padi/domain/i18n/locales'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { apiContext } from '~/utils/context.server.ts'
import { marketFor } from '~/utils/market.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { ProductCard } from '~/components/catalogue/product-card.tsx'
import { featuredProducts, productMessages } from '~/routes/products/+shared/catalogue.server.ts'
import catalogueCss from '~/components/catalogue/catalogue.css?url'
import productListCss from '~/components/catalogue/product-list.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/home'

export const handle: StyleHandle = { css: [catalogueCss, productListCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'home.title', 'home.description')

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = isLocale(params.lang) ? params.lang : 'en'
  const market = marketFor(request, context.get(sessionContext), locale)
  let featured: CardProduct[] = []
  try {
    featured = await featuredProducts(context.get(apiContext), market, locale)
  } catch (error) {
    // Home still works without the catalogue; the section is left out.
    readRefusal(error)
  }
  return {
    ...productMessages(params, undefined, ['home', 'fields']),
    featured,
    // Money texts follow the viewer's market, not the page's language.
    market,
    loggedIn: context.get(sessionContext).isLoggedIn,
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const credit = ADVERTISED_CREDIT[loaderData.market]
  return (
    <>
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p>
          {t(credit.perHectare ? 'home.heroBodyPerHectare' : 'home.heroBodyTotal', {
            amount: formatMoney(credit.amountMinor, credit.currency),
          })}
        </p>
        <div className="button-row">
          {loaderData.loggedIn ? (
            <Link className="button" to={href('/products')}>
              {t('home.ctaShop')}
            </Link>
          ) : (
            <Link className="button" to={href('/register-interest')}>
              {t('home.ctaRegister')}
            </Link>
          )}
          <Link className="button secondary" to={href('/credit')}>
            {t('home.ctaCredit')}
          </Link>
        </div>
      </section>

      {loaderData.featured.length > 0 ? (
        <section aria-labelledby="featured-title" className="cat-featured">
          <div className="cat-featured-head">
            <h2 id="featured-title">{t('products.featured.title')}</h2>
            <Link className="tap-link" to={href('/products')}>
              {t('products.featured.all')}
            </Link>
          </div>
          <ul className="cat-grid">
            {loaderData.featured.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="features-title">
        <h2 id="features-title">{t('home.featuresTitle')}</h2>
        <div className="grid">
          <article className="card">
            <h3>{t('home.featureShopTitle')}</h3>
            <p>{t('home.featureShopBody')}</p>
          </article>
          <article className="card">
            <h3>{t('home.featureCreditTitle')}</h3>
            <p>{t('home.featureCreditBody')}</p>
            <Link className="tap-link" to={href('/credit')}>
              {t('home.featureCreditLink')}
            </Link>
          </article>
          <article className="card">
            <h3>{t('home.featureCalculatorTitle')}</h3>
            <p>{t('home.featureCalculatorBody')}</p>
            <Link className="tap-link" to={href('/calculator')}>
              {t('home.featureCalculatorLink')}
            </Link>
          </article>
          <article className="card">
            <h3>{t('home.featureBranchTitle')}</h3>
            <p>{t('home.featureBranchBody')}</p>
            <Link className="tap-link" to={href('/contact')}>
              {t('home.featureBranchLink')}
            </Link>
          </article>
        </div>
      </section>

      <section aria-labelledby="subscribe-title" className="card" style={{ marginTop: '1.5rem' }}>
        <h2 id="subscribe-title">{t('home.subscribeTitle')}</h2>
        <p>{t('home.subscribeBody')}</p>
        {/* Subscribing starts the register-interest form with the e-mail filled in (ADR 009). */}
        <Form method="get" action={href('/register-interest')} className="form">
          <div className="field">
            <label htmlFor="subscribe-email">{t('fields.email')}</label>
            <input
              id="subscribe-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
          </div>
          <button className="button" type="submit">
            {t('home.subscribeButton')}
          </button>
        </Form>
      </section>
    </>
  )
}
