import { Link } from 'react-router'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import type { Route } from './+types/coming-soon'

const PAGES = ['dashboard', 'kyc', 'receipt'] as const
type Page = (typeof PAGES)[number]

function pageOf(url: string): Page {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1)
  return PAGES.find((p) => p === last) ?? 'dashboard'
}

/**
 * A logged-in farmer's pages that are not built yet (dashboard, KYC, receipt) answer this
 * page of the shell, never a 404: a link that leads nowhere would look like a broken shop. Each is
 * replaced by its real page when that lands.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  return { ...pageMessages(params, ['account']), page: pageOf(request.url) }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, `account.comingSoon.pages.${loaderData?.page ?? 'dashboard'}`)

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t(`account.comingSoon.pages.${loaderData.page}`)}</h1>
      <p>{t('account.comingSoon.body')}</p>
      <p className="button-row">
        <Link className="button" to={localePath(locale, '/products')}>
          {t('account.comingSoon.products')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/')}>
          {t('account.comingSoon.home')}
        </Link>
      </p>
    </section>
  )
}
