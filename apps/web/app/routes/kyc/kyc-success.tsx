import { Link } from 'react-router'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import type { Route } from './+types/kyc-success'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'kyc.success.title', 'kyc.page.description')

/** docs/product/credit.md (KYC): the application is with finance; what happens next. */
export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['kyc'])
}

export default function KycSuccess() {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t('kyc.success.title')}</h1>
      <p role="status">{t('kyc.success.body')}</p>
      <p>{t('kyc.success.sms')}</p>
      <p className="button-row">
        <Link className="button" to={localePath(locale, '/dashboard')}>
          {t('kyc.page.toDashboard')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/products')}>
          {t('kyc.page.toProducts')}
        </Link>
      </p>
    </section>
  )
}
