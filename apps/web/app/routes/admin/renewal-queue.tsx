import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { RENEWAL_STATES } from '@padi/domain/credit/renewal-rules'
import type { RenewalQueue } from '@padi/domain/credit/renewal-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { queueDecision } from '~/utils/admin-decision.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { DecisionForms, InlineFile, QueueCounts } from '~/components/admin/decision-forms.tsx'
import type { Route } from './+types/renewal-queue'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.renewals.title')

/** docs/product/credit.md (Renewal): signed renewals waiting, oldest first, with the counts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    return { queue: await withUserToken({ session, locale }, (token) => api.renewalQueue(token)) }
  } catch (error) {
    return data({ queue: null as RenewalQueue | null }, readRefusal(error).init)
  }
}

/**
 * The signing device's user agent, allowed to wrap after each slash: on a phone the line is
 * narrower than "HeadlessChrome/156.0.8078.108", and without a place to wrap the browser broke the
 * version number itself in two.
 */
function deviceText(device: string) {
  return device.split('/').flatMap((part, i) => (i === 0 ? [part] : ['/', <wbr key={i} />, part]))
}

export function action({ params, request, context }: Route.ActionArgs) {
  return queueDecision({
    params,
    request,
    context,
    path: '/admin/renewals',
    keys: {
      approved: 'admin.renewals.approved',
      rejected: 'admin.renewals.rejected',
      reasonNeeded: 'admin.receipts.reasonNeeded',
      alreadyDecided: 'admin.receipts.alreadyDecided',
    },
    approve: (api, token, id) => api.approveRenewal(token, id),
    reject: (api, token, id, input) => api.rejectRenewal(token, id, input),
  })
}

export default function RenewalQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, date, moment } = useI18n()
  const { queue } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.renewals.title')}</h1>
      {!queue ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : (
        <>
          <QueueCounts
            states={RENEWAL_STATES}
            counts={queue.counts}
            labelKey={(s) => `admin.receipts.states.${s}`}
          />
          {queue.data.length === 0 ? (
            <p className="card">{t('admin.renewals.empty')}</p>
          ) : (
            <div className="admin-documents admin-queue">
              {queue.data.map((r) => (
                <article key={r.id} className="card admin-document" aria-label={r.customer_name}>
                  <h2>
                    {r.customer_name} · {r.mobile}
                  </h2>
                  <dl className="admin-facts">
                    <dt>{t('admin.renewals.credit')}</dt>
                    <dd>{money(r.credit.amount_minor, r.credit.currency)}</dd>
                    <dt>{t('admin.extensions.planting')}</dt>
                    <dd>{date(r.planting_on)}</dd>
                    <dt>{t('admin.extensions.harvest')}</dt>
                    <dd>{date(r.harvest_on)}</dd>
                    <dt>{t('admin.renewals.signed')}</dt>
                    <dd>{moment(r.signed_at, marketOfCurrency(r.credit.currency))}</dd>
                    <dt>{t('admin.renewals.device')}</dt>
                    <dd className="admin-text">
                      {deviceText(r.device)} · {r.client_ip}
                    </dd>
                  </dl>
                  <InlineFile
                    href={localePath(locale, `/admin/renewals/${r.id}/contract`)}
                    contentType="application/pdf"
                    title={t('admin.renewals.contract')}
                  />
                  <DecisionForms
                    id={r.id}
                    approveLabel={t('admin.renewals.approve')}
                    rejectLabel={t('admin.renewals.reject')}
                    dateLabel={t('admin.renewals.again')}
                    formError={actionData?.id === r.id ? actionData.formError : undefined}
                  />
                </article>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  )
}
