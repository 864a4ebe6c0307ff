import { Form, Link } from 'react-router'
import { formatMoney } from '@padi/domain/money'
import { ADVERTISED_CREDIT } from '@padi/domain/credit/advertised'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/home'
import { pageMessages } from '~/utils/messages.server.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'home.title', 'home.description')

export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['home', 'fields'])
}

export default function Home() {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const credit = ADVERTISED_CREDIT[locale === 'th' ? 'TH' : 'MY']
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
          <Link className="button" to={href('/register-interest')}>
            {t('home.ctaRegister')}
          </Link>
          <Link className="button secondary" to={href('/credit')}>
            {t('home.ctaCredit')}
          </Link>
        </div>
      </section>

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
            <Link to={href('/credit')}>{t('home.featureCreditLink')}</Link>
          </article>
          <article className="card">
            <h3>{t('home.featureCalculatorTitle')}</h3>
            <p>{t('home.featureCalculatorBody')}</p>
            <Link to={href('/calculator')}>{t('home.featureCalculatorLink')}</Link>
          </article>
          <article className="card">
            <h3>{t('home.featureBranchTitle')}</h3>
            <p>{t('home.featureBranchBody')}</p>
            <Link to={href('/contact')}>{t('home.featureBranchLink')}</Link>
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
