import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { KYC_APPLICATION_STATES } from '@padi/domain/kyc/kyc-application'
import type { KycQueue } from '@padi/domain/kyc/kyc-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/kyc-queue'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.queue.title')

/** docs/product/credit.md (KYC review): the applications waiting, oldest first, with the counts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    const queue = await withUserToken({ session, locale }, (token) => api.kycQueue(token))
    return { queue }
  } catch (error) {
    return data({ queue: null as KycQueue | null }, readRefusal(error).init)
  }
}

export default function KycQueuePage({ loaderData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const { queue } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.queue.title')}</h1>
      {!queue ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : (
        <>
          <dl className="admin-counts">
            {KYC_APPLICATION_STATES.map((s) => (
              <div key={s}>
                <dt>{t(`admin.states.${s}`)}</dt>
                <dd>{queue.counts[s] ?? 0}</dd>
              </div>
            ))}
          </dl>
          {queue.data.length === 0 ? (
            <p className="card">{t('admin.queue.empty')}</p>
          ) : (
            <table className="admin-table admin-cards">
              <caption>{t('admin.queue.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.queue.submitted')}</th>
                  <th scope="col">{t('admin.queue.name')}</th>
                  <th scope="col">{t('admin.queue.market')}</th>
                  <th scope="col">{t('admin.queue.hectares')}</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.map((a) => (
                  <tr key={a.id}>
                    <td data-label={t('admin.queue.submitted')}>
                      {a.submitted_at ? date(a.submitted_at, a.market) : ''}
                    </td>
                    <td data-label={t('admin.queue.name')}>
                      <Link to={localePath(locale, `/admin/kyc/${a.id}`)}>
                        {a.full_name || t('admin.queue.unnamed', { id: a.id })}
                      </Link>
                    </td>
                    <td data-label={t('admin.queue.market')}>{t(`admin.markets.${a.market}`)}</td>
                    <td data-label={t('admin.queue.hectares')}>{a.hectares ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}
