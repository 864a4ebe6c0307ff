import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  ApproveKycSchema,
  RejectKycSchema,
  RequestDocumentsSchema,
  type KycReviewApplication,
} from '@padi/domain/kyc/kyc-schemas'
import { KYC_DOCUMENT_KINDS } from '@padi/domain/kyc/kyc-documents'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { FieldErrors } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { documentId } from '~/utils/uploads.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import type { Route } from './+types/kyc-application'
import { CONTROL_CHARACTERS_KEY } from '@padi/domain/input-schemas'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'admin.application.title')

/** docs/product/credit.md (KYC review): one application, its documents and the applicant's history. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const id = documentId(params.id)
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    const application = await withUserToken({ session, locale }, (token) =>
      api.kycApplication(token, id),
    )
    return { application, today: new Date().toISOString().slice(0, 10) }
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'notFound') throw new Response(null, { status: 404 })
    return data({ application: null as KycReviewApplication | null, today: '' }, refusal.init)
  }
}

type Decision = 'approve' | 'reject' | 'request'
type ActionData = {
  decision: Decision
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_form')
    out[key] ??=
      issue.message.startsWith('kyc.') || issue.message === CONTROL_CHARACTERS_KEY
        ? issue.message
        : 'validation.invalid'
  }
  return out
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const id = documentId(params.id)
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const values = Object.fromEntries(
    [
      'verified_hectares',
      'contract_starts_on',
      'contract_ends_on',
      'due_on',
      'reason',
      'can_resubmit_on',
      'note',
    ].map((k) => [k, text(k)]),
  )
  const ctx = { session, locale }
  let decision: Decision
  let call: (token: string) => Promise<unknown>
  if (intent === 'approve') {
    decision = 'approve'
    const parsed = ApproveKycSchema.safeParse({
      verified_hectares: Number(values.verified_hectares),
      contract_starts_on: values.contract_starts_on,
      contract_ends_on: values.contract_ends_on,
      due_on: values.due_on,
    })
    if (!parsed.success)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.error.issues), values },
        { status: 400 },
      )
    call = (token) => api.approveKyc(token, id, parsed.data)
  } else if (intent === 'reject') {
    decision = 'reject'
    const parsed = RejectKycSchema.safeParse({
      reason: values.reason,
      can_resubmit_on: values.can_resubmit_on,
    })
    if (!parsed.success)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.error.issues), values },
        { status: 400 },
      )
    call = (token) => api.rejectKyc(token, id, parsed.data)
  } else {
    decision = 'request'
    const parsed = RequestDocumentsSchema.safeParse({
      documents: form.getAll('documents').map(String),
      note: values.note || undefined,
    })
    if (!parsed.success)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.error.issues), values },
        { status: 400 },
      )
    call = (token) => api.requestKycDocuments(token, id, parsed.data)
  }
  try {
    await withUserToken(ctx, call)
  } catch (error) {
    const refusal = readRefusal(error)
    const formError: Message =
      refusal.code === 'KYC_NOT_EDITABLE'
        ? { key: 'admin.application.alreadyDecided' }
        : refusal.code === 'CONFLICT'
          ? { key: 'admin.application.hasLine' }
          : (refusal.message ?? { key: 'admin.application.failed' })
    return data<ActionData>({ decision, formError, values }, refusal.init)
  }
  session.update({ flash: { kind: 'success', messageKey: `admin.decided.${decision}` } })
  return redirect(localePath(locale, '/admin/kyc'), 303)
}

export default function KycApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const { application: app, today } = loaderData
  if (!app)
    return (
      <section className="admin-page">
        <h1>{t('admin.application.title')}</h1>
        <p className="form-error" role="alert">
          {t('admin.loadFailed')}
        </p>
      </section>
    )
  const d = app.details
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? '' : t(v ? 'kyc.fields.yes' : 'kyc.fields.no')
  const fileUrl = (docId: number, view: boolean) =>
    localePath(locale, `/admin/kyc/${app.id}/documents/${docId}${view ? '?view' : ''}`)
  return (
    <section className="admin-page">
      <p>
        <Link to={localePath(locale, '/admin/kyc')}>{t('admin.application.back')}</Link>
      </p>
      <h1>{d.full_name || app.applicant.full_name}</h1>
      <p className="admin-state">{t(`admin.states.${app.state}`)}</p>

      <div className="admin-columns">
        <section className="card" aria-labelledby="applicant-title">
          <h2 id="applicant-title">{t('admin.application.applicant')}</h2>
          <dl className="admin-facts">
            <dt>{t('admin.application.accountName')}</dt>
            <dd>{app.applicant.full_name}</dd>
            <dt>{t('admin.application.mobile')}</dt>
            <dd>{app.applicant.mobile}</dd>
            <dt>{t('admin.application.joined')}</dt>
            <dd>{app.applicant.joined_at ? date(app.applicant.joined_at) : ''}</dd>
            <dt>{t('admin.queue.market')}</dt>
            <dd>{t(`admin.markets.${app.market}`)}</dd>
            <dt>{t('kyc.fields.fullName')}</dt>
            <dd>{d.full_name}</dd>
            <dt>{t(app.market === 'TH' ? 'kyc.fields.thaiId' : 'kyc.fields.nric')}</dt>
            <dd>{d.id_number}</dd>
            <dt>{t('kyc.fields.plantingDate')}</dt>
            <dd>{d.planting_date}</dd>
            <dt>{t('kyc.fields.harvestDate')}</dt>
            <dd>{d.harvest_date}</dd>
            <dt>{t('kyc.fields.ownsMistDrone')}</dt>
            <dd>{yesNo(d.owns_mist_drone)}</dd>
            <dt>{t('kyc.fields.visitedCentre')}</dt>
            <dd>{yesNo(d.visited_centre)}</dd>
            <dt>{t('kyc.fields.hectares')}</dt>
            <dd>{d.hectares}</dd>
            <dt>{t('admin.application.submitted')}</dt>
            <dd>{app.submitted_at ? date(app.submitted_at) : ''}</dd>
          </dl>
        </section>

        <section className="card" aria-labelledby="history-title">
          <h2 id="history-title">{t('admin.application.history')}</h2>
          {app.history.length === 0 ? (
            <p>{t('admin.application.noHistory')}</p>
          ) : (
            <ul>
              {app.history.map((h) => (
                <li key={h.id}>
                  {t(`admin.states.${h.state}`)}
                  {h.decided_at ? ` · ${date(h.decided_at)}` : ''}
                  {h.decision_reason ? ` · ${h.decision_reason}` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="documents-title">
        <h2 id="documents-title">{t('admin.application.documents')}</h2>
        <div className="admin-documents">
          {app.documents.map((doc) => (
            <figure key={doc.id} className="card admin-document">
              <figcaption>
                <strong>{t(`kyc.documents.${doc.kind}.label`)}</strong> ·{' '}
                <a href={fileUrl(doc.id, false)}>{t('admin.application.download')}</a>
              </figcaption>
              {doc.content_type === 'application/pdf' ? (
                <iframe
                  src={fileUrl(doc.id, true)}
                  title={t(`kyc.documents.${doc.kind}.label`)}
                  className="admin-pdf"
                />
              ) : (
                <a href={fileUrl(doc.id, true)} target="_blank" rel="noreferrer">
                  <img
                    src={fileUrl(doc.id, true)}
                    alt={t(`kyc.documents.${doc.kind}.label`)}
                    loading="lazy"
                    className="admin-image"
                  />
                </a>
              )}
            </figure>
          ))}
        </div>
      </section>

      {app.state === 'submitted' ? (
        <Decisions app={app} today={today} actionData={actionData} />
      ) : (
        <p className="notice">{t('admin.application.notWaiting')}</p>
      )}
    </section>
  )
}

function Decisions({
  app,
  today,
  actionData,
}: {
  app: KycReviewApplication
  today: string
  actionData: ActionData | undefined
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const of = (decision: Decision) => (actionData?.decision === decision ? actionData : undefined)
  const approve = of('approve')
  const reject = of('reject')
  const request = of('request')
  const yearLater = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`
  return (
    <div className="admin-decisions">
      <Form method="post" className="card admin-form" noValidate>
        <h2>{t('admin.approve.title')}</h2>
        <p className="hint">{t('admin.approve.hint')}</p>
        {approve?.formError ? <FormAlert message={approve.formError} /> : null}
        <input type="hidden" name="intent" value="approve" />
        <TextField
          name="verified_hectares"
          id="approve-hectares"
          label={t('admin.approve.hectares')}
          inputMode="decimal"
          defaultValue={approve?.values?.verified_hectares ?? String(app.details.hectares ?? '')}
          error={approve?.fieldErrors?.verified_hectares}
        />
        <TextField
          name="contract_starts_on"
          id="approve-start"
          type="date"
          label={t('admin.approve.start')}
          defaultValue={approve?.values?.contract_starts_on ?? today}
          error={approve?.fieldErrors?.contract_starts_on}
        />
        <TextField
          name="contract_ends_on"
          id="approve-end"
          type="date"
          label={t('admin.approve.end')}
          defaultValue={approve?.values?.contract_ends_on ?? yearLater}
          error={approve?.fieldErrors?.contract_ends_on}
        />
        <TextField
          name="due_on"
          id="approve-due"
          type="date"
          label={t('admin.approve.due')}
          defaultValue={approve?.values?.due_on ?? app.details.harvest_date ?? ''}
          error={approve?.fieldErrors?.due_on}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('admin.approve.submit')}
        </button>
      </Form>

      <Form method="post" className="card admin-form" noValidate>
        <h2>{t('admin.request.title')}</h2>
        {request?.formError ? <FormAlert message={request.formError} /> : null}
        <input type="hidden" name="intent" value="request" />
        <fieldset className="field">
          <legend>{t('admin.request.which')}</legend>
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <label key={kind} className="admin-choice">
              <input type="checkbox" name="documents" value={kind} />
              {t(`kyc.documents.${kind}.label`)}
            </label>
          ))}
          {request?.fieldErrors?.documents ? (
            <p className="field-error">{t('admin.request.pickOne')}</p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor="request-note">{t('admin.request.note')}</label>
          <textarea
            id="request-note"
            name="note"
            rows={3}
            maxLength={500}
            defaultValue={request?.values?.note ?? ''}
          />
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          {t('admin.request.submit')}
        </button>
      </Form>

      <Form method="post" className="card admin-form" noValidate>
        <h2>{t('admin.reject.title')}</h2>
        {reject?.formError ? <FormAlert message={reject.formError} /> : null}
        <input type="hidden" name="intent" value="reject" />
        <div className="field">
          <label htmlFor="reject-reason">{t('admin.reject.reason')}</label>
          <textarea
            id="reject-reason"
            name="reason"
            rows={3}
            maxLength={500}
            defaultValue={reject?.values?.reason ?? ''}
            aria-invalid={reject?.fieldErrors?.reason ? true : undefined}
          />
          {reject?.fieldErrors?.reason ? (
            <p className="field-error">{t('kyc.errors.required')}</p>
          ) : null}
        </div>
        <TextField
          name="can_resubmit_on"
          id="reject-date"
          type="date"
          label={t('admin.reject.date')}
          defaultValue={reject?.values?.can_resubmit_on ?? ''}
          error={reject?.fieldErrors?.can_resubmit_on}
        />
        <button type="submit" className="button link-button" disabled={busy}>
          {t('admin.reject.submit')}
        </button>
      </Form>
    </div>
  )
}
