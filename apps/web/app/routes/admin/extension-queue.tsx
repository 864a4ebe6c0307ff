import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { EXTENSION_STATES } from '@padi/domain/credit/late-repayment-rules'
import type { ExtensionQueue } from '@padi/domain/credit/late-repayment-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { queueDecision } from '~/utils/admin-decision.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { DecisionForms, InlineFile, QueueCounts } from '~/components/admin/decision-forms.tsx'
import type { Route } from './+types/extension-queue'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.extensions.title')

/** docs/product/credit.md (Late repayment): applications waiting, oldest first, with the counts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    return {
      queue: await withUserToken({ session, locale }, (token) => api.extensionQueue(token)),
    }
  } catch (error) {
    return data({ queue: null as ExtensionQueue | null }, readRefusal(error).init)
  }
}

export function action({ params, request, context }: Route.ActionArgs) {
  return queueDecision({
    params,
    request,
    context,
    path: '/admin/late-repayments',
    keys: {
      approved: 'admin.extensions.approved',
      rejected: 'admin.extensions.rejected',
      reasonNeeded: 'admin.receipts.reasonNeeded',
      alreadyDecided: 'admin.receipts.alreadyDecided',
    },
    approve: (api, token, id) => api.approveExtension(token, id),
    reject: (api, token, id, { reason }) => api.rejectExtension(token, id, { reason }),
  })
}

export default function ExtensionQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, date, moment } = useI18n()
  const { queue } = loaderData
  const day = (d: string | null) => (d ? date(d) : '—')
  return (
    <section className="admin-page">
      <h1>{t('admin.extensions.title')}</h1>
      {!queue ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : (
        <>
          <QueueCounts
            states={EXTENSION_STATES}
            counts={queue.counts}
            labelKey={(s) => `admin.receipts.states.${s}`}
          />
          {queue.data.length === 0 ? (
            <p className="card">{t('admin.extensions.empty')}</p>
          ) : (
            <div className="admin-documents admin-queue">
              {queue.data.map((a) => (
                <article key={a.id} className="card admin-document" aria-label={a.customer_name}>
                  <h2>
                    {a.customer_name} · {a.mobile}
                  </h2>
                  <dl className="admin-facts">
                    <dt>{t('admin.extensions.harvest')}</dt>
                    <dd>
                      {day(a.harvest_on)} → <strong>{day(a.new_harvest_on)}</strong>
                    </dd>
                    <dt>{t('admin.extensions.planting')}</dt>
                    <dd>
                      {day(a.planting_on)} → <strong>{day(a.new_planting_on)}</strong>
                    </dd>
                    <dt>{t('admin.extensions.owed')}</dt>
                    <dd>{money(a.owed.amount_minor, a.owed.currency)}</dd>
                    <dt>{t('admin.extensions.reason')}</dt>
                    <dd className="admin-text">{a.reason}</dd>
                    <dt>{t('admin.extensions.area')}</dt>
                    <dd className="admin-text">{a.affected_area}</dd>
                    <dt>{t('admin.receipts.sent')}</dt>
                    <dd>{moment(a.created_at, marketOfCurrency(a.owed.currency))}</dd>
                  </dl>
                  {a.documents.length === 0 ? (
                    <p className="hint">{t('admin.extensions.noDocuments')}</p>
                  ) : (
                    a.documents.map((d) => (
                      <InlineFile
                        key={d.id}
                        href={localePath(
                          locale,
                          `/admin/late-repayments/${a.id}/documents/${d.id}`,
                        )}
                        contentType={d.content_type}
                        title={d.file_name}
                      />
                    ))
                  )}
                  <DecisionForms
                    id={a.id}
                    approveLabel={t('admin.extensions.approve')}
                    rejectLabel={t('admin.extensions.reject')}
                    formError={actionData?.id === a.id ? actionData.formError : undefined}
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
