import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import type { StatementImportSummary } from '@padi/domain/repayments/statement-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { DecisionForms } from '~/components/admin/decision-forms.tsx'
import { queueDecision } from '~/utils/admin-decision.server.ts'
import type { Route } from './+types/statement-import'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.statements.title')

/** One file, chosen (a form sent without one has an empty file under the name). */
const StatementForm = z.object({
  statement: z.instanceof(File).refine((f) => f.size > 0, 'admin.statements.pickFile'),
})

/** As the API takes it (20 MB), with room for the form around the file. */
const STATEMENT_FORM_BYTES = 20 * 1024 * 1024 + 64 * 1024

/** docs/product/repayments.md (Matching the statement): what waits for finance, oldest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const api = context.get(apiContext)
  try {
    const lines = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      api.statementReview(token),
    )
    return { lines, failed: false }
  } catch (error) {
    return data({ lines: [], failed: true }, readRefusal(error).init)
  }
}

type ActionData = { summary?: StatementImportSummary; formError?: Message; id?: number }

/**
 * The statement file, sent to the API as it is (what its credits became); or finance's decision
 * on a credit in review: give it to the suggested farmer, or return it with why.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
    return queueDecision({
      params,
      request,
      context,
      path: '/admin/statements',
      keys: {
        approved: 'admin.statements.assigned',
        rejected: 'admin.statements.returned',
        reasonNeeded: 'admin.statements.reasonNeeded',
        alreadyDecided: 'admin.statements.alreadyDecided',
      },
      approve: (api, token, id) => api.assignStatementLine(token, id),
      reject: (api, token, id, { reason }) => api.returnStatementLine(token, id, { reason }),
      refusalKey: (code) =>
        code === 'RECEIPT_EXCEEDS_OWED'
          ? 'admin.statements.exceedsOwed'
          : code === 'NOT_FOUND'
            ? 'admin.statements.noFarmer'
            : null,
    })
  const form = await readFormUpTo(request, STATEMENT_FORM_BYTES)
  if (form === null)
    return data<ActionData>({ formError: { key: 'admin.statements.tooLarge' } }, { status: 413 })
  const parsed = parseForm(StatementForm, form, { statement: 'file' })
  if (!parsed.ok)
    return data<ActionData>({ formError: { key: 'admin.statements.pickFile' } }, { status: 400 })
  const file = parsed.data.statement
  const api = context.get(apiContext)
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const summary = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      api.importStatement(token, bytes),
    )
    return data<ActionData>({ summary })
  } catch (error) {
    const refusal = readRefusal(error)
    const unreadable = refusal.error.body.message_key === 'statement.errors.unreadable'
    return data<ActionData>(
      {
        formError: unreadable
          ? { key: 'admin.statements.unreadable' }
          : (refusal.message ?? { key: 'admin.loadFailed' }),
      },
      refusal.init,
    )
  }
}

export default function StatementImportPage({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const { t, money, date, moment } = useI18n()
  const navigation = useNavigation()
  const importing = navigation.state === 'submitting'
  // The import's answer, or a decision's refusal beside its credit.
  const actionData = answer as ActionData | undefined
  const summary = actionData?.summary
  return (
    <section className="admin-page">
      <h1>{t('admin.statements.title')}</h1>
      <p>{t('admin.statements.intro')}</p>
      <Form method="post" encType="multipart/form-data" className="card kyc-form">
        <div className="field">
          <label htmlFor="statement-file">{t('admin.statements.file')}</label>
          <input
            id="statement-file"
            name="statement"
            type="file"
            accept=".xml,application/xml,text/xml"
          />
        </div>
        <button type="submit" className="button" disabled={importing}>
          {importing ? t('admin.statements.importing') : t('admin.statements.import')}
        </button>
      </Form>
      {actionData?.formError && actionData.id === undefined ? (
        <FormAlert message={actionData.formError} />
      ) : null}
      {summary ? (
        <p className="notice" role="status">
          {t('admin.statements.done', {
            lines: summary.lines,
            matched: summary.matched,
            review: summary.review,
            already: summary.already_imported,
          })}
        </p>
      ) : null}
      <h2>{t('admin.statements.review')}</h2>
      {loaderData.failed ? (
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      ) : loaderData.lines.length === 0 ? (
        <p className="card">{t('admin.statements.empty')}</p>
      ) : (
        <div className="admin-documents">
          {loaderData.lines.map((l) => (
            <article key={l.id} className="card admin-document" aria-label={l.bank_transaction_id}>
              <h3>{money(l.amount.amount_minor, l.amount.currency)}</h3>
              <dl className="admin-facts">
                <dt>{t('admin.statements.reason')}</dt>
                <dd>
                  <strong>{t(`admin.statements.reasons.${l.reason}`)}</strong>
                </dd>
                <dt>{t('admin.statements.booked')}</dt>
                <dd>
                  {date(l.booked_on)} · {moment(l.imported_at, marketOfCurrency(l.amount.currency))}
                </dd>
                <dt>{t('admin.statements.bankId')}</dt>
                <dd>{l.bank_transaction_id}</dd>
                <dt>{t('admin.statements.payer')}</dt>
                <dd>{l.payer_name ?? '—'}</dd>
                <dt>{t('admin.statements.details')}</dt>
                <dd>{l.details || '—'}</dd>
                <dt>{t('admin.statements.suggested')}</dt>
                <dd>{l.suggested ? l.suggested.name : t('admin.statements.nobody')}</dd>
              </dl>
              <DecisionForms
                id={l.id}
                approveLabel={
                  l.suggested ? t('admin.statements.assign', { name: l.suggested.name }) : null
                }
                rejectLabel={t('admin.statements.return')}
                reasonLabel={t('admin.statements.returnReason')}
                formError={actionData?.id === l.id ? actionData.formError : undefined}
              />
            </article>
          ))}
        </div>
      )}
    </section>
  )
}
