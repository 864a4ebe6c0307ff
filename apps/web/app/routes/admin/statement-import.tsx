import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { CSV_DATE_FORMATS } from '@padi/domain/repayments/statement-csv-dates'
import {
  StatementCsvMappingNameSchema,
  StatementCsvMappingSchema,
  type StatementImportSummary,
} from '@padi/domain/repayments/statement-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { DecisionForms } from '~/components/admin/decision-forms.tsx'
import { queueDecision } from '~/utils/admin-decision.server.ts'
import type { Route } from './+types/statement-import'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.statements.title')

/**
 * One file, chosen (a form sent without one has an empty file under the name), and for a CSV the
 * bank's saved mapping.
 */
const StatementForm = z.object({
  statement: z.instanceof(File).refine((f) => f.size > 0, 'admin.statements.pickFile'),
  mapping: z.string(),
})

/** docs/product/repayments.md (Statements as CSV): one bank's columns, as finance names them. */
const MappingForm = StatementCsvMappingNameSchema.extend(
  StatementCsvMappingSchema.extend({
    payer_column: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || null),
  }).shape,
)

/** As the API takes it (20 MB), with room for the form around the file. */
const STATEMENT_FORM_BYTES = 20 * 1024 * 1024 + 64 * 1024

/** docs/product/repayments.md (Matching the statement): what waits for finance, oldest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const api = context.get(apiContext)
  try {
    const [lines, mappings] = await withUserToken(
      { session: context.get(sessionContext), locale },
      (token) => Promise.all([api.statementReview(token), api.statementMappings(token)]),
    )
    return { lines, mappings, failed: false }
  } catch (error) {
    return data({ lines: [], mappings: [], failed: true }, readRefusal(error).init)
  }
}

type ActionData = {
  summary?: StatementImportSummary
  formError?: Message
  id?: number
  mappingError?: Message
  /** What was typed in the mapping form, to fill it again when it is refused. */
  mappingValues?: Record<string, string>
  mappingSaved?: string
}

/**
 * The statement file, sent to the API as it is (what its credits became); or finance's decision
 * on a credit in review: give it to the suggested farmer, or return it with why.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')
  if (!multipart && formIntent(await request.clone().formData(), ['mapping']) === 'mapping')
    return saveMapping(locale, await request.formData(), context)
  if (!multipart)
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
  const parsed = parseForm(StatementForm, form, { statement: 'file', mapping: 'text' })
  if (!parsed.ok)
    return data<ActionData>({ formError: { key: 'admin.statements.pickFile' } }, { status: 400 })
  const { statement: file, mapping } = parsed.data
  // A CSV is read through its bank's mapping; without one the API says so.
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv'
  if (csv && !mapping)
    return data<ActionData>({ formError: { key: 'admin.statements.pickMapping' } }, { status: 400 })
  const api = context.get(apiContext)
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const summary = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      api.importStatement(token, bytes, csv ? mapping : undefined),
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

/** Saves one bank's mapping; the page shows it in the import form's list. */
async function saveMapping(
  locale: Locale,
  formData: FormData,
  context: Route.ActionArgs['context'],
) {
  const form = parseForm(MappingForm, formData, [
    'name',
    'currency',
    'id_column',
    'date_column',
    'date_format',
    'amount_column',
    'details_column',
    'payer_column',
  ])
  if (!form.ok)
    return data<ActionData>(
      { mappingError: { key: 'admin.statements.mappingIncomplete' }, mappingValues: form.values },
      { status: 400 },
    )
  const { name, ...mapping } = form.data
  try {
    await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      context.get(apiContext).saveStatementMapping(token, name, mapping),
    )
    return data<ActionData>({ mappingSaved: name })
  } catch (error) {
    const refusal = readRefusal(error)
    return data<ActionData>(
      {
        mappingError: refusal.message ?? { key: 'admin.statements.mappingIncomplete' },
        mappingValues: form.values,
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
  const typed = actionData?.mappingValues ?? {}
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
            accept=".xml,.csv,application/xml,text/xml,text/csv"
          />
        </div>
        <div className="field">
          <label htmlFor="statement-mapping">{t('admin.statements.mapping')}</label>
          <select id="statement-mapping" name="mapping" defaultValue="">
            <option value="">{t('admin.statements.camt')}</option>
            {loaderData.mappings.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name} ({m.currency})
              </option>
            ))}
          </select>
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
          {summary.reconciled > 0
            ? ` ${t('admin.statements.reconciled', { count: summary.reconciled })}`
            : null}
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
      {/* Open again with its answer, so a refusal or the saved name is seen. */}
      <details
        className="card"
        open={Boolean(actionData?.mappingError || actionData?.mappingSaved) || undefined}
      >
        <summary>{t('admin.statements.mappingTitle')}</summary>
        <p>{t('admin.statements.mappingIntro')}</p>
        {actionData?.mappingError ? <FormAlert message={actionData.mappingError} /> : null}
        {actionData?.mappingSaved ? (
          <p className="notice" role="status">
            {t('admin.statements.mappingSavedAs', { name: actionData.mappingSaved })}
          </p>
        ) : null}
        <Form method="post" className="kyc-form">
          <input type="hidden" name="intent" value="mapping" />
          <TextField
            name="name"
            label={t('admin.statements.mappingName')}
            maxLength={40}
            defaultValue={typed.name ?? ''}
          />
          <div className="field">
            <label htmlFor="mapping-currency">{t('admin.statements.currency')}</label>
            <select id="mapping-currency" name="currency" defaultValue={typed.currency ?? 'MYR'}>
              <option value="MYR">MYR</option>
              <option value="THB">THB</option>
            </select>
          </div>
          {(
            ['id_column', 'date_column', 'amount_column', 'details_column', 'payer_column'] as const
          ).map((column) => (
            <TextField
              key={column}
              name={column}
              label={t(`admin.statements.columns.${column}`)}
              maxLength={100}
            />
          ))}
          <div className="field">
            <label htmlFor="mapping-date-format">{t('admin.statements.dateFormat')}</label>
            <select
              id="mapping-date-format"
              name="date_format"
              defaultValue={typed.date_format ?? 'DD/MM/YYYY'}
            >
              {CSV_DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button secondary">
            {t('admin.statements.saveMapping')}
          </button>
        </Form>
      </details>
    </section>
  )
}
