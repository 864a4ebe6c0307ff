import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import {
  Contents,
  ContentSection,
  LastUpdated,
  useProductName,
} from '~/components/content/content-blocks.tsx'
import { LATE_FEE_TEXT } from './+shared/credit-figures.ts'
import contentCss from '~/components/content/content.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/terms'
import { pageMessages } from '~/utils/messages.server.ts'

/** Shown as 22-11-2026 (docs/product/limits.md date format); change it whenever the terms change. */
const LAST_UPDATED = '2026-11-22'

const SECTIONS = [
  'terms.account',
  'terms.prices',
  'terms.orders',
  'terms.delivery',
  'terms.credit',
  'terms.vouchers',
  'terms.safety',
  'terms.returns',
  'terms.liability',
  'terms.law',
  'terms.changes',
  'terms.contact',
] as const

export const handle: StyleHandle = { css: [contentCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'terms.title', 'terms.description')

export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['terms'])
}

export default function Terms() {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const params = { product: useProductName() }
  return (
    <article className="content">
      <h1>{t('terms.heading')}</h1>
      <LastUpdated labelKey="terms.lastUpdated" isoDate={LAST_UPDATED} />
      <p className="content-lead">{t('terms.intro', params)}</p>
      <Contents labelKey="terms.contents" bases={SECTIONS} />

      <ContentSection base="terms.account" items={5} />
      <ContentSection base="terms.prices" items={4} />
      <ContentSection base="terms.orders" items={3} />
      {/* docs/product/shell.md: cash payment does not allow delivery; self-collection must be chosen. */}
      <ContentSection base="terms.delivery" items={5} />
      {/* docs/product/shell.md: late fee, extension window, renewal after settling the balance. */}
      <ContentSection base="terms.credit" items={7} params={{ lateFee: LATE_FEE_TEXT }}>
        <p>
          <Link className="content-link" to={href('/credit')}>
            {t('terms.credit.link')}
          </Link>
        </p>
      </ContentSection>
      {/* docs/product/limits.md: the voucher terms, word for word in meaning. */}
      <ContentSection base="terms.vouchers" items={6} />
      <ContentSection base="terms.safety" items={5} after={1} />
      <ContentSection base="terms.returns" items={3} after={1} />
      <ContentSection base="terms.liability" paragraphs={1} />
      <ContentSection base="terms.law" paragraphs={1} />
      <ContentSection base="terms.changes" paragraphs={1} />
      <ContentSection base="terms.contact" paragraphs={1}>
        <p>
          <Link className="content-link" to={href('/contact')}>
            {t('terms.contact.link')}
          </Link>
        </p>
      </ContentSection>
    </article>
  )
}
