import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { RECEIPT_STATES } from '@padi/domain/repayments/receipt-rules'
import type { ReceiptQueue } from '@padi/domain/repayments/receipt-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { queueDecision } from '~/utils/admin-decision.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { DecisionForms, InlineFile, QueueCounts } from '~/components/admin/decision-forms.tsx'
import type { Route } from './+types/receipt-queue'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.receipts.title')

/** docs/product/credit.md (Repayment receipts): receipts waiting, oldest first, with the counts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    return { queue: await withUserToken({ session, locale }, (token) => api.receiptQueue(token)) }
  } catch (error) {
    return data({ queue: null as ReceiptQueue | null }, readRefusal(error).init)
  }
}

export function action({ params, request, context }: Route.ActionArgs) {
  return queueDecision({
    params,
    request,
    context,
    path: '/admin/receipts',
    keys: {
      approved: 'admin.receipts.approved',
      rejected: 'admin.receipts.rejected',
      reasonNeeded: 'admin.receipts.reasonNeeded',
      alreadyDecided: 'admin.receipts.alreadyDecided',
    },
    approve: (api, token, id) => api.approveReceipt(token, id),
    reject: (api, token, id, { reason }) => api.rejectReceipt(token, id, { reason }),
    refusalKey: (code) =>
      code === 'RECEIPT_EXCEEDS_OWED'
        ? 'admin.receipts.exceedsOwed'
        : code === 'RECEIPT_COVERED'
          ? 'admin.receipts.covered'
          : null,
  })
}

export default function ReceiptQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, date, moment } = useI18n()
  const { queue } = loaderData
  return (
    <section className="admin-page">
      <h1>{t('admin.receipts.title')}</h1>
      {!queue ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : (
        <>
          <QueueCounts
            states={RECEIPT_STATES}
            counts={queue.counts}
            labelKey={(s) => `admin.receipts.states.${s}`}
          />
          {queue.data.length === 0 ? (
            <p className="card">{t('admin.receipts.empty')}</p>
          ) : (
            <div className="admin-documents">
              {queue.data.map((r) => (
                <article key={r.id} className="card admin-document" aria-label={r.customer_name}>
                  <h2>{money(r.amount.amount_minor, r.amount.currency)}</h2>
                  <dl className="admin-facts">
                    <dt>{t('admin.receipts.customer')}</dt>
                    <dd>
                      {r.customer_name} · {r.mobile}
                    </dd>
                    <dt>{t('admin.receipts.used')}</dt>
                    <dd>{r.utilised ? money(r.utilised.amount_minor, r.utilised.currency) : ''}</dd>
                    <dt>{t('admin.receipts.paid')}</dt>
                    <dd>
                      {date(r.paid_on)} · {t(`dashboard.repayments.methods.${r.method}`)} · {r.bank}
                    </dd>
                    <dt>{t('admin.receipts.reference')}</dt>
                    <dd>{r.reference}</dd>
                    <dt>{t('admin.receipts.sent')}</dt>
                    <dd>{moment(r.created_at, marketOfCurrency(r.amount.currency))}</dd>
                  </dl>
                  {r.statement ? (
                    <p className={r.statement.match === 'same' ? 'form-error' : 'notice'}>
                      {t(
                        r.statement.match === 'same'
                          ? 'admin.receipts.statementSame'
                          : 'admin.receipts.statementMaybe',
                        {
                          id: r.statement.bank_transaction_id,
                          amount: money(
                            r.statement.amount.amount_minor,
                            r.statement.amount.currency,
                          ),
                          date: date(r.statement.booked_on),
                        },
                      )}
                    </p>
                  ) : null}
                  <InlineFile
                    href={localePath(locale, `/admin/receipts/${r.id}/file`)}
                    contentType={r.file.content_type}
                    title={t('admin.receipts.file')}
                  />
                  <DecisionForms
                    id={r.id}
                    approveLabel={t('admin.receipts.approve')}
                    rejectLabel={t('admin.receipts.reject')}
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
