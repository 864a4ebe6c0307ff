import { Link } from 'react-router'
import { ADVERTISED_CREDIT } from '@padi/domain/credit/advertised'
import { formatMoney } from '@padi/domain/money'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { ContentSection, Faq, RichText } from '~/components/content/content-blocks.tsx'
import {
  EXAMPLE_AREA,
  EXAMPLE_HARVEST_DATE,
  EXAMPLE_OWED_MINOR,
  LATE_FEE_TEXT,
  exampleHectares,
} from './+shared/credit-figures.ts'
import { lateFeeMinor } from '@padi/domain/credit/late-fee'
import { perHectareLimitMinor } from '@padi/domain/credit/credit-limit'
import { oneMonthBefore } from '@padi/domain/credit/late-repayment-window'
import { isLocale } from '@padi/domain/i18n/locales'
import { marketFor } from '~/utils/market.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import contentCss from '~/components/content/content.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/credit'
import { pageMessages } from '~/utils/messages.server.ts'

export const handle: StyleHandle = { css: [contentCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'credit.title', 'credit.description')

/**
 * Money texts follow the viewer's market (a Thai customer on /en reads baht), and a logged-in
 * farmer's 'apply' leads to where credit is applied for, not to sign-up.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  return {
    ...pageMessages(params, ['credit']),
    market: marketFor(request, session, locale),
    // Where 'apply' leads: sign-up for a visitor, the application (KYC) for a customer, and the
    // credit dashboard for one who has passed it.
    applyTo: !session.isLoggedIn
      ? '/signup'
      : session.data.user?.kycStatus === 'APPROVED'
        ? '/dashboard'
        : '/kyc',
    // docs/product/credit.md (Late repayment): the page is for farmers not logged in.
    lateRepayment: !session.isLoggedIn,
  }
}

export default function Credit({ loaderData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const { market } = loaderData
  // docs/product/credit.md: RM1,000 per hectare on en/bm pages; a ฿35,000 ceiling for the line on th pages.
  const credit = ADVERTISED_CREDIT[market]
  const amount = formatMoney(credit.amountMinor, credit.currency)
  const lateFee = { lateFee: LATE_FEE_TEXT }
  const hectares = exampleHectares(market)
  const area = EXAMPLE_AREA[market].value
  const owed = EXAMPLE_OWED_MINOR[market]
  const fromIso = oneMonthBefore(EXAMPLE_HARVEST_DATE)
  const extensionDates = {
    harvest: <time dateTime={EXAMPLE_HARVEST_DATE}>{date(EXAMPLE_HARVEST_DATE)}</time>,
    from: <time dateTime={fromIso}>{date(fromIso)}</time>,
  }

  const actions = (
    <div className="button-row content-cta">
      {/* Enrolment starts with sign-up (docs/product/credit.md); a farmer with an account applies (KYC). */}
      <Link className="button" to={href(loaderData.applyTo)}>
        {t('credit.apply')}
      </Link>
      <Link className="button secondary" to={href('/register-interest')}>
        {t('credit.interest')}
      </Link>
    </div>
  )

  return (
    <article className="content">
      <section className="hero" aria-labelledby="credit-title">
        <h1 id="credit-title">{t('credit.heading')}</h1>
        <p className="content-lead">
          {t(credit.perHectare ? 'credit.leadPerHectare' : 'credit.leadTotal', { amount })}
        </p>
        <p>{t('credit.leadNote')}</p>
        {actions}
      </section>

      <ContentSection base="credit.who" items={4} />
      <ContentSection base="credit.steps" items={9} labelled ordered params={lateFee} />

      <section className="content-box" aria-labelledby="credit-example-title">
        <h2 id="credit-example-title">{t('credit.example.title')}</h2>
        {credit.perHectare ? (
          <>
            <p>{t('credit.example.perHectareP1', { area, hectares: hectares.shown })}</p>
            <p className="content-sum">
              {t('credit.example.perHectareSum', {
                hectares: hectares.shown,
                perHectare: amount,
                // docs/product/credit.md: computed from the exact area, rounded down to the sen.
                limit: formatMoney(
                  perHectareLimitMinor(hectares.exact, credit.amountMinor),
                  credit.currency,
                ),
              })}
            </p>
            <p>{t('credit.example.perHectareNote')}</p>
          </>
        ) : (
          <>
            <p>{t('credit.example.totalP1', { area, hectares: hectares.shown })}</p>
            <p className="content-sum">{t('credit.example.totalSum', { amount })}</p>
            {/* ADR 010: the baht figure is a ceiling for the whole line, not per hectare. */}
            <p>{t('credit.example.totalNote')}</p>
          </>
        )}
      </section>

      <ContentSection base="credit.late" paragraphs={1} params={lateFee}>
        <p>
          {t('credit.late.p2', {
            owed: formatMoney(owed, credit.currency),
            fee: formatMoney(lateFeeMinor(owed), credit.currency),
          })}
        </p>
        <p>{t('credit.late.p3')}</p>
        {loaderData.lateRepayment ? (
          <p>
            <Link className="button secondary" to={href('/late-repayment')}>
              {t('credit.late.apply')}
            </Link>
          </p>
        ) : null}
      </ContentSection>

      <section className="card content-section" aria-labelledby="credit-cta-title">
        <h2 id="credit-cta-title">{t('credit.cta.title')}</h2>
        <p>{t('credit.cta.p1')}</p>
        {actions}
      </section>

      <Faq
        base="credit.faq"
        count={7}
        params={lateFee}
        extra={{
          // docs/product/credit.md: the window opens 1 month before the harvest date and closes on it.
          3: (
            <p>
              <RichText k="credit.faq.a3Example" nodes={extensionDates} />
            </p>
          ),
        }}
      />
    </article>
  )
}
