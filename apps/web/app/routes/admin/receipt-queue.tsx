import { data, Form, redirect, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { RECEIPT_STATES } from '@padi/domain/repayments/receipt-rules'
import type { ReceiptQueue } from '@padi/domain/repayments/receipt-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { documentId } from '~/utils/uploads.server.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
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

type ActionData = { id: number; formError: Message }

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const form = await request.formData()
  const id = documentId(String(form.get('id') ?? ''))
  const intent = form.get('intent')
  const reason = String(form.get('reason') ?? '').trim()
  if (intent === 'reject' && (reason.length === 0 || reason.length > 500))
    return data<ActionData>(
      { id, formError: { key: 'admin.receipts.reasonNeeded' } },
      { status: 400 },
    )
  try {
    await withUserToken({ session, locale }, (token) =>
      intent === 'approve'
        ? api.approveReceipt(token, id)
        : api.rejectReceipt(token, id, { reason }),
    )
  } catch (error) {
    const refusal = readRefusal(error)
    const key =
      refusal.code === 'RECEIPT_DECIDED'
        ? 'admin.receipts.alreadyDecided'
        : refusal.code === 'RECEIPT_EXCEEDS_OWED'
          ? 'admin.receipts.exceedsOwed'
          : 'admin.application.failed'
    return data<ActionData>({ id, formError: refusal.message ?? { key } }, refusal.init)
  }
  session.update({
    flash: {
      kind: 'success',
      messageKey: intent === 'approve' ? 'admin.receipts.approved' : 'admin.receipts.rejected',
    },
  })
  return redirect(localePath(locale, '/admin/receipts'), 303)
}

export default function ReceiptQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, date } = useI18n()
  const navigation = useNavigation()
  const { queue } = loaderData
  const fileUrl = (id: number, view: boolean) =>
    localePath(locale, `/admin/receipts/${id}/file${view ? '?view' : ''}`)
  return (
    <section className="admin-page">
      <h1>{t('admin.receipts.title')}</h1>
      {!queue ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : (
        <>
          <dl className="admin-counts">
            {RECEIPT_STATES.map((s) => (
              <div key={s}>
                <dt>{t(`admin.receipts.states.${s}`)}</dt>
                <dd>{queue.counts[s] ?? 0}</dd>
              </div>
            ))}
          </dl>
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
                    <dd>{date(r.created_at)}</dd>
                  </dl>
                  {r.file.content_type === 'application/pdf' ? (
                    <iframe
                      src={fileUrl(r.id, true)}
                      title={t('admin.receipts.file')}
                      className="admin-pdf"
                    />
                  ) : (
                    <a href={fileUrl(r.id, true)} target="_blank" rel="noreferrer">
                      <img
                        src={fileUrl(r.id, true)}
                        alt={t('admin.receipts.file')}
                        loading="lazy"
                        className="admin-image"
                      />
                    </a>
                  )}
                  <a href={fileUrl(r.id, false)}>{t('admin.application.download')}</a>
                  {actionData?.id === r.id ? <FormAlert message={actionData.formError} /> : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="button"
                      disabled={navigation.state === 'submitting'}
                    >
                      {t('admin.receipts.approve')}
                    </button>
                  </Form>
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="id" value={r.id} />
                    <label htmlFor={`reason-${r.id}`}>{t('admin.reject.reason')}</label>
                    <textarea id={`reason-${r.id}`} name="reason" rows={2} maxLength={500} />
                    <button
                      type="submit"
                      name="intent"
                      value="reject"
                      className="button link-button"
                      disabled={navigation.state === 'submitting'}
                    >
                      {t('admin.receipts.reject')}
                    </button>
                  </Form>
                </article>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  )
}
