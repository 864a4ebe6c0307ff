import { data, Form, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { VoucherIssueAnswer } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import type { Route } from './+types/voucher-issue'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.vouchers.title')

type ActionData = {
  csv?: string
  key?: string
  answer?: VoucherIssueAnswer
  issued?: boolean
  formError?: Message
}

/**
 * docs/product/vouchers.md (issuing): finance pastes rows or picks a CSV file, sees each row
 * judged, then issues the good ones (once: the preview hands the issue its key).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const form = await readFormUpTo(request, 256 * 1024)
  if (form === null)
    return data<ActionData>({ formError: { key: 'admin.vouchers.tooLarge' } }, { status: 413 })
  const file = form.get('file')
  const typed = String(form.get('csv') ?? '').trim()
  const csv = file instanceof File && file.size > 0 ? (await file.text()).trim() : typed
  if (!csv) return data<ActionData>({ formError: { key: 'admin.vouchers.empty' } }, { status: 400 })
  try {
    if (form.get('intent') === 'issue') {
      const key = String(form.get('key') ?? '')
      const answer = await withUserToken({ session, locale }, (t) => api.issueVouchers(t, key, csv))
      return data<ActionData>({ csv: '', answer, issued: true })
    }
    const answer = await withUserToken({ session, locale }, (t) => api.previewVouchers(t, csv))
    return data<ActionData>({ csv, answer, key: crypto.randomUUID(), issued: false })
  } catch (error) {
    const refusal = readRefusal(error)
    return data<ActionData>(
      { csv, formError: refusal.message ?? { key: 'admin.vouchers.failed' } },
      refusal.init,
    )
  }
}

export default function VoucherIssue({ actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const answer = actionData?.answer
  return (
    <section className="admin-page">
      <h1>{t('admin.vouchers.title')}</h1>
      <p>{t('admin.vouchers.intro')}</p>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {answer && actionData?.issued ? (
        <p className="notice" role="status">
          {t('admin.vouchers.issued', { created: answer.created, rejected: answer.rejected })}
        </p>
      ) : null}
      {answer ? (
        <table className="admin-table">
          <caption>
            {t('admin.vouchers.summary', { valid: answer.valid, rejected: answer.rejected })}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('admin.vouchers.mobile')}</th>
              <th scope="col">{t('admin.vouchers.value')}</th>
              <th scope="col">{t('admin.vouchers.expires')}</th>
              <th scope="col">{t('admin.vouchers.result')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{r.mobile}</td>
                <td>{r.value}</td>
                <td>{r.expires_on}</td>
                <td className={r.ok ? undefined : 'field-error'}>
                  {r.ok ? t('admin.vouchers.ok') : t(r.problem ?? 'admin.vouchers.failed')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {answer && !actionData?.issued && answer.valid > 0 ? (
        <Form method="post" className="card">
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name="key" value={actionData?.key ?? ''} />
          <input type="hidden" name="csv" value={actionData?.csv ?? ''} />
          <button type="submit" className="button" disabled={busy}>
            {t('admin.vouchers.issue', { count: answer.valid })}
          </button>
        </Form>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card admin-form">
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor="vouchers-csv">{t('admin.vouchers.rows')}</label>
        <p className="hint" id="vouchers-csv-hint">
          {t('admin.vouchers.rowsHint')}
        </p>
        <textarea
          id="vouchers-csv"
          name="csv"
          rows={6}
          aria-describedby="vouchers-csv-hint"
          defaultValue={actionData?.issued ? '' : (actionData?.csv ?? '')}
        />
        <label htmlFor="vouchers-file">{t('admin.vouchers.file')}</label>
        <input id="vouchers-file" name="file" type="file" accept=".csv,text/csv" />
        <button type="submit" className="button secondary" disabled={busy}>
          {t('admin.vouchers.preview')}
        </button>
      </Form>
    </section>
  )
}
