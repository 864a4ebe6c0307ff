import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { ContentSection, useProductName } from '~/components/content/content-blocks.tsx'
import contentCss from '~/components/content/content.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/about'
import { pageMessages } from '~/utils/messages.server.ts'

export const handle: StyleHandle = { css: [contentCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'about.title', 'about.description')

export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['about'])
}

export default function About() {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const params = { product: useProductName() }
  return (
    <article className="content">
      <h1>{t('about.heading', params)}</h1>
      <p className="content-lead">{t('about.intro', params)}</p>

      <ContentSection base="about.who" paragraphs={2} params={params} />
      <ContentSection base="about.where" paragraphs={1} items={2} labelled />
      <ContentSection base="about.sell" items={4} />
      <ContentSection base="about.pay" paragraphs={2}>
        <p>
          <Link className="content-link" to={href('/credit')}>
            {t('about.pay.link')}
          </Link>
        </p>
      </ContentSection>
      <ContentSection base="about.branches" paragraphs={1}>
        <p>
          <Link className="content-link" to={href('/contact')}>
            {t('about.branches.link')}
          </Link>
        </p>
      </ContentSection>
      <ContentSection base="about.staff" paragraphs={1} items={3} />
      <ContentSection base="about.safety" paragraphs={1} items={2} after={1} />
      <ContentSection base="about.contact" paragraphs={1}>
        <div className="button-row content-cta">
          <Link className="button" to={href('/contact')}>
            {t('about.contact.link')}
          </Link>
          <Link className="button secondary" to={href('/credit')}>
            {t('about.pay.link')}
          </Link>
        </div>
      </ContentSection>
    </article>
  )
}
