import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { formatDay } from '@padi/domain/dates'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { VoucherIssueAnswer } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { pluralKey } from '~/utils/plural.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import issueCss from '~/components/vouchers/voucher-issue.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/voucher-issue'

export const handle: StyleHandle = { css: [vouchersCss, issueCss] }

const SLOT = '\u0000'

/** A row as finance types it, with a number of the language's own country. */
const ROW_EXAMPLE: Record<Locale, string> = {
  en: '012-345 6789,20.00,2027-06-30',
  bm: '012-345 6789,20.00,2027-06-30',
  th: '081-234 5678,500.00,2027-06-30',
}
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.vouchers.title')

type ActionData = {
  csv?: string
  key?: string
  answer?: VoucherIssueAnswer
  issued?: boolean
  formError?: Message
}

/** The rows pasted, or a CSV file picked (which wins); the issue's key from the preview. */
const IssueForm = z.object({
  file: z.instanceof(File).optional(),
  csv: z.string().trim(),
  key: z.string(),
})

/**
 * docs/product/vouchers.md (issuing): finance pastes rows or picks a CSV file, sees each row
 * judged, then issues the good ones (once: the preview hands the issue its key).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await readFormUpTo(request, 256 * 1024)
  if (formData === null)
    return data<ActionData>({ formError: { key: 'admin.vouchers.tooLarge' } }, { status: 413 })
  const form = parseForm(IssueForm, formData, { file: 'file', csv: 'text', key: 'text' })
  const { file, csv: typed, key } = form.ok ? form.data : { file: undefined, csv: '', key: '' }
  const csv = file && file.size > 0 ? (await file.text()).trim() : typed
  if (!csv) return data<ActionData>({ formError: { key: 'admin.vouchers.empty' } }, { status: 400 })
  try {
    if (formIntent(formData, ['issue']) === 'issue') {
      const answer = await withUserToken({ session, locale }, (t) => api.issueVouchers(t, key, csv))
      return data<ActionData>({ csv: '', answer, issued: true })
    }
    const answer = await withUserToken({ session, locale }, (t) => api.previewVouchers(t, csv))
    return data<ActionData>({ csv, answer, key: crypto.randomUUID(), issued: false })
  } catch (error) {
    const refusal = readRefusal(error)
    // What is wrong with the file itself (not CSV, too many rows, a hidden character in a cell)
    // is said as such, so finance can fix the file rather than try again.
    const fileProblem = refusal.error.errors.find(
      (e) => e.field === 'csv' && FILE_PROBLEMS.has(e.message),
    )?.message
    return data<ActionData>(
      {
        csv,
        formError: fileProblem
          ? { key: fileProblem }
          : (refusal.message ?? { key: 'admin.vouchers.failed' }),
      },
      refusal.init,
    )
  }
}

/** The API's refusals of a whole file (docs/product/vouchers.md: issuing). */
const FILE_PROBLEMS = new Set([
  'vouchers.issue.errors.csv',
  'vouchers.issue.errors.rows',
  'vouchers.issue.errors.hidden',
])

export default function VoucherIssue({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const answer = actionData?.answer
  /** A count in its language's form: "1 row rejected", "2 rows rejected". */
  const counted = (key: string, count: number) => t(pluralKey(key, count, locale), { count })
  const [hintBefore = '', hintAfter = ''] = t('admin.vouchers.rowsHint', { example: SLOT }).split(
    SLOT,
  )
  return (
    <section className="admin-page">
      <h1>{t('admin.vouchers.title')}</h1>
      <p>{t('admin.vouchers.intro')}</p>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {answer && actionData?.issued ? (
        <p className="notice" role="status">
          {t('admin.vouchers.issued', {
            created: counted('admin.vouchers.created', answer.created),
            rejected: counted('admin.vouchers.rejectedRows', answer.rejected),
          })}
        </p>
      ) : null}
      {answer ? (
        <section aria-labelledby="vouchers-rows">
          <h2 id="vouchers-rows" className="issue-summary">
            {t('admin.vouchers.summary', {
              ready: counted('admin.vouchers.ready', answer.valid),
              rejected: counted('admin.vouchers.rejectedRows', answer.rejected),
            })}
          </h2>
          <IssueRows rows={answer.rows} issued={Boolean(actionData?.issued)} />
        </section>
      ) : null}
      {answer && !actionData?.issued && answer.valid > 0 ? (
        <Form method="post" className="card">
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name="key" value={actionData?.key ?? ''} />
          <input type="hidden" name="csv" value={actionData?.csv ?? ''} />
          <button type="submit" className="button" disabled={busy}>
            {counted('admin.vouchers.issue', answer.valid)}
          </button>
        </Form>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card admin-form">
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor="vouchers-csv">{t('admin.vouchers.rows')}</label>
        <p className="hint" id="vouchers-csv-hint">
          {hintBefore}
          {/* One token: whole on its line, never cut at its hyphens. */}
          <code className="nowrap">{ROW_EXAMPLE[locale]}</code>
          {hintAfter}
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

/**
 * docs/product/vouchers.md (issuing): each row as finance reads it on a phone: its value in the
 * customer's currency (a baht row reads ฿, never like ringgit), the number, the last valid day,
 * and whether it is ready (or why not); once issued, the serial of the voucher it made.
 */
function IssueRows({ rows, issued }: { rows: VoucherIssueAnswer['rows']; issued: boolean }) {
  const { t, money } = useI18n()
  return (
    <ol className="issue-rows">
      {rows.map((r) => (
        <li key={r.line} className={r.ok ? 'issue-row' : 'issue-row issue-row-refused'}>
          <p className="issue-row-head">
            <span>{t('admin.vouchers.line', { line: r.line })}</span>
            <strong className="money issue-row-value">
              {r.amount ? money(r.amount.amount_minor, r.amount.currency) : r.value}
            </strong>
          </p>
          <dl className="issue-row-facts">
            <div>
              <dt>{t('admin.vouchers.mobile')}</dt>
              <dd className="nowrap">{r.mobile}</dd>
            </div>
            <div>
              <dt>{t('admin.vouchers.expires')}</dt>
              <dd className="nowrap">
                {/^\d{4}-\d{2}-\d{2}$/.test(r.expires_on.trim())
                  ? formatDay(r.expires_on.trim())
                  : r.expires_on}
              </dd>
            </div>
            {r.serial ? (
              <div>
                <dt>{t('admin.vouchers.serial')}</dt>
                <dd className="voucher-serial">{r.serial}</dd>
              </div>
            ) : null}
          </dl>
          <p className={r.ok ? 'issue-row-ok' : 'field-error'}>
            {r.ok
              ? t(issued ? 'admin.vouchers.done' : 'admin.vouchers.ok')
              : t(r.problem ?? 'admin.vouchers.failed')}
          </p>
        </li>
      ))}
    </ol>
  )
}
