import { data } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { BranchDay } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { TransactionCard } from '~/components/vouchers/transaction-card.tsx'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/branch-day'

export const handle: StyleHandle = { css: [vouchersCss] }

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'counter.day.title')

/** docs/product/vouchers.md (Transactions): this branch's counter transactions today, with totals. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    return { day: await withUserToken({ session, locale }, (token) => api.counterDay(token)) }
  } catch (error) {
    return data({ day: null as BranchDay | null }, readRefusal(error).init)
  }
}

export default function BranchDayPage({ loaderData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const { day } = loaderData
  const amount = (m: { amount_minor: number; currency: 'MYR' | 'THB' }) =>
    money(m.amount_minor, m.currency)
  if (!day)
    return (
      <p className="form-error" role="alert">
        {t('admin.loadFailed')}
      </p>
    )
  return (
    <section className="admin-page">
      <h1>
        {t('counter.day.title')} · {localizedText(day.branch.name, locale)}
      </h1>
      <dl className="admin-counts branch-day-counts">
        <div>
          <dt>{t('counter.day.count')}</dt>
          <dd>{day.totals.count}</dd>
        </div>
        <div>
          <dt>{t('counter.day.total')}</dt>
          <dd className="money">{amount(day.totals.total)}</dd>
        </div>
        <div>
          <dt>{t('counter.day.vouchers')}</dt>
          <dd className="money">{amount(day.totals.vouchers)}</dd>
        </div>
        <div>
          <dt>{t('counter.day.cash')}</dt>
          <dd className="money">{amount(day.totals.cash)}</dd>
        </div>
      </dl>
      {day.data.length === 0 ? (
        <p className="card">{t('counter.day.none')}</p>
      ) : (
        <section className="card" aria-label={t('counter.day.list')}>
          <ul className="voucher-list">
            {day.data.map((x) => (
              <TransactionCard key={x.id} transaction={x} withBranch={false} />
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
