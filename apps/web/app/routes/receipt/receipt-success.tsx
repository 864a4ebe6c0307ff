import { Link } from 'react-router'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import type { Route } from './+types/receipt-success'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'receipt.success.title', 'receipt.description')

/** docs/product/credit.md (Repayment receipts): the receipt waits for finance's check. */
export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['receipt'])
}

export default function ReceiptSuccess() {
  const { t, locale } = useI18n()
  return (
    <section className="error-screen">
      <h1>{t('receipt.success.title')}</h1>
      <p role="status">{t('receipt.success.body')}</p>
      <p>{t('receipt.success.sms')}</p>
      <p className="button-row">
        <Link className="button" to={localePath(locale, '/dashboard')}>
          {t('receipt.success.toDashboard')}
        </Link>
      </p>
    </section>
  )
}
