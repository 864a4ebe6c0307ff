import { Link } from 'react-router'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@padi/domain/i18n/locales'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import {
  Contents,
  ContentSection,
  KeyList,
  LastUpdated,
  useProductName,
} from '~/components/content/content-blocks.tsx'
import contentCss from '~/components/content/content.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/privacy'
import { pageMessages } from '~/utils/messages.server.ts'

/** Shown as 22-11-2026 (docs/product/limits.md date format); change it whenever the policy text changes. */
const LAST_UPDATED = '2026-11-22'

// Same name and lifetime as routes/resources/cookie-consent.ts, which is server code and cannot be
// imported into a page.
const CONSENT_COOKIE = 'cookie_consent'
const CONSENT_COOKIE_DAYS = 365
const DAY_SECONDS = 24 * 60 * 60

const SECTIONS = [
  'privacy.collect',
  'privacy.use',
  'privacy.legal',
  'privacy.share',
  'privacy.keep',
  'privacy.security',
  'privacy.cookies',
  'privacy.rights',
  'privacy.changes',
  'privacy.contact',
] as const

export const handle: StyleHandle = { css: [contentCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'privacy.title', 'privacy.description')

export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['privacy'])
}

export default function Privacy() {
  const { t, locale } = useI18n()
  const params = { product: useProductName() }
  const necessary = t('privacy.cookies.necessary')
  const cookies = [
    {
      key: 'language',
      name: <code>{LOCALE_COOKIE}</code>,
      purpose: t('privacy.cookies.languagePurpose'),
      duration: t('privacy.cookies.days', { days: LOCALE_COOKIE_MAX_AGE_SECONDS / DAY_SECONDS }),
      type: necessary,
    },
    {
      key: 'consent',
      name: <code>{CONSENT_COOKIE}</code>,
      purpose: t('privacy.cookies.consentPurpose'),
      duration: t('privacy.cookies.days', { days: CONSENT_COOKIE_DAYS }),
      type: necessary,
    },
    {
      key: 'session',
      name: t('privacy.cookies.sessionName'),
      purpose: t('privacy.cookies.sessionPurpose'),
      duration: t('privacy.cookies.sessionDuration'),
      type: necessary,
    },
    {
      key: 'measurement',
      name: t('privacy.cookies.measurementName'),
      purpose: t('privacy.cookies.measurementPurpose'),
      duration: t('privacy.cookies.measurementDuration'),
      type: t('privacy.cookies.optional'),
    },
  ]
  return (
    <article className="content">
      <h1>{t('privacy.heading')}</h1>
      <LastUpdated labelKey="privacy.lastUpdated" isoDate={LAST_UPDATED} />
      <p className="content-lead">{t('privacy.intro', params)}</p>

      <section className="content-box" aria-labelledby="privacy-summary-title">
        <h2 id="privacy-summary-title">{t('privacy.summary.title')}</h2>
        <KeyList base="privacy.summary" count={4} />
      </section>
      <Contents labelKey="privacy.contents" bases={SECTIONS} />

      <ContentSection base="privacy.collect" paragraphs={1} items={9} labelled />
      <ContentSection base="privacy.use" items={6} labelled after={1} />
      <ContentSection base="privacy.legal" paragraphs={1} items={2} labelled after={1} />
      <ContentSection base="privacy.share" paragraphs={1} items={5} after={1} />
      <ContentSection base="privacy.keep" items={5} labelled after={1} />
      <ContentSection base="privacy.security" items={5} />
      <ContentSection base="privacy.cookies" paragraphs={1}>
        {/* One card per cookie rather than a four-column table: no sideways scrolling at 360 px. */}
        <ul className="content-cards">
          {cookies.map((c) => (
            <li key={c.key} className="card">
              <h3>{c.name}</h3>
              <p>{c.purpose}</p>
              <dl className="content-facts">
                <dt>{t('privacy.cookies.durationLabel')}</dt>
                <dd>{c.duration}</dd>
                <dt>{t('privacy.cookies.typeLabel')}</dt>
                <dd>{c.type}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>{t('privacy.cookies.after1')}</p>
      </ContentSection>
      <ContentSection base="privacy.rights" paragraphs={1} items={5} after={1} />
      <ContentSection base="privacy.changes" paragraphs={1} />
      <ContentSection base="privacy.contact" paragraphs={1}>
        <p>
          <Link className="content-link" to={localePath(locale, '/contact')}>
            {t('privacy.contact.link')}
          </Link>
        </p>
      </ContentSection>
    </article>
  )
}
