import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  ApproveKycSchema,
  KycDocumentReviewSchema,
  RejectKycSchema,
  RequestDocumentsSchema,
  type KycDocument,
  type KycReviewApplication,
} from '@padi/domain/kyc/kyc-schemas'
import { KYC_DOCUMENT_KINDS } from '@padi/domain/kyc/kyc-documents'
import { kindsToResend, RESEND_REASON_MAX } from '@padi/domain/kyc/kyc-document-review'
import { formatDay, marketDay } from '@padi/domain/dates'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
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
  // docs/product/credit.md (KYC review): finance judges each document (admin reads it).
  const judges = session.data.user?.role === 'finance'
  try {
    const application = await withUserToken({ session, locale }, (token) =>
      api.kycApplication(token, id),
    )
    // docs/product/dates-and-times.md: the contract starts on today in the farmer's market.
    return { application, today: marketDay(new Date(), application.market), judges }
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'notFound') throw new Response(null, { status: 404 })
    return data(
      { application: null as KycReviewApplication | null, today: '', judges },
      refusal.init,
    )
  }
}

type Decision = 'approve' | 'reject' | 'request' | 'review'
type ActionData = {
  decision: Decision
  /** For a document's judgement: which document. */
  documentId?: number
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
}

/** Each field's first problem under the field, in the page's words where the schema has none. */
function fieldErrorsOf(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] || '_form'
    out[key] ??=
      message.startsWith('kyc.') || message === CONTROL_CHARACTERS_KEY
        ? message
        : 'validation.invalid'
  }
  return out
}

/** The decisions' typed fields, as typed (trimmed): they go back into the page after a refusal. */
const TEXT_FIELDS = [
  'verified_hectares',
  'contract_starts_on',
  'contract_ends_on',
  'due_on',
  'reason',
  'can_resubmit_on',
  'note',
] as const
const TextsForm = z.object(Object.fromEntries(TEXT_FIELDS.map((f) => [f, z.string().trim()])))
const text = z.string().trim()
const DocumentForm = z.object({ document: z.string() })

/** One document accepted, or to be sent again with the reason the farmer reads. */
const reviewForm = (intent: 'accept' | 'resend') =>
  z
    .object({ reason: text })
    .transform((v): z.input<typeof KycDocumentReviewSchema> => ({
      review: intent === 'accept' ? 'accepted' : 'resend',
      reason: intent === 'resend' ? v.reason || undefined : undefined,
    }))
    .pipe(KycDocumentReviewSchema)
const ApproveForm = z
  .object({
    verified_hectares: text.transform(Number),
    contract_starts_on: text,
    contract_ends_on: text,
    due_on: text,
  })
  .pipe(ApproveKycSchema)
const RejectForm = z.object({ reason: text, can_resubmit_on: text }).pipe(RejectKycSchema)
const RequestForm = z
  .object({ documents: z.array(z.string()), note: text.transform((v) => v || undefined) })
  // The documents' kinds are checked by the API's schema.
  .transform((v) => v as z.input<typeof RequestDocumentsSchema>)
  .pipe(RequestDocumentsSchema)

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const id = documentId(params.id)
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['accept', 'resend', 'approve', 'reject'])
  const texts = parseForm(TextsForm, formData, TEXT_FIELDS)
  const values: Record<string, string> = texts.ok ? texts.data : texts.values
  const ctx = { session, locale }
  if (intent === 'accept' || intent === 'resend') {
    // docs/product/credit.md (KYC review): one document accepted, or to be sent again with the
    // reason the farmer reads; the page comes back to that document.
    const target = parseForm(DocumentForm, formData, ['document'])
    const doc = documentId(target.ok ? target.data.document : undefined)
    const parsed = parseForm(reviewForm(intent), formData, ['reason'])
    if (!parsed.ok)
      return data<ActionData>(
        {
          decision: 'review',
          documentId: doc,
          fieldErrors: fieldErrorsOf(parsed.fieldErrors),
          values,
        },
        { status: 400 },
      )
    const review = parsed.data
    try {
      await withUserToken(ctx, (token) => api.reviewKycDocument(token, id, doc, review))
    } catch (error) {
      const refusal = readRefusal(error)
      const formError: Message =
        refusal.code === 'KYC_NOT_EDITABLE'
          ? { key: 'admin.application.alreadyDecided' }
          : (refusal.message ?? { key: 'admin.application.failed' })
      return data<ActionData>(
        { decision: 'review', documentId: doc, formError, values },
        refusal.init,
      )
    }
    session.update({
      flash: {
        kind: 'success',
        messageKey: intent === 'accept' ? 'admin.review.accepted' : 'admin.review.toResend',
      },
    })
    return redirect(localePath(locale, `/admin/kyc/${id}#document-${doc}`), 303)
  }
  let decision: Decision
  let call: (token: string) => Promise<unknown>
  if (intent === 'approve') {
    decision = 'approve'
    const parsed = parseForm(ApproveForm, formData, [
      'verified_hectares',
      'contract_starts_on',
      'contract_ends_on',
      'due_on',
    ])
    if (!parsed.ok)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.fieldErrors), values },
        { status: 400 },
      )
    const approval = parsed.data
    call = (token) => api.approveKyc(token, id, approval)
  } else if (intent === 'reject') {
    decision = 'reject'
    const parsed = parseForm(RejectForm, formData, ['reason', 'can_resubmit_on'])
    if (!parsed.ok)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.fieldErrors), values },
        { status: 400 },
      )
    const rejection = parsed.data
    call = (token) => api.rejectKyc(token, id, rejection)
  } else {
    decision = 'request'
    const parsed = parseForm(RequestForm, formData, { documents: 'list', note: 'text' })
    if (!parsed.ok)
      return data<ActionData>(
        { decision, fieldErrors: fieldErrorsOf(parsed.fieldErrors), values },
        { status: 400 },
      )
    const asked = parsed.data
    call = (token) => api.requestKycDocuments(token, id, asked)
  }
  try {
    await withUserToken(ctx, call)
  } catch (error) {
    const refusal = readRefusal(error)
    // Sent back with no document named and none marked to be sent again.
    if (refusal.kind === 'invalid' && decision === 'request')
      return data<ActionData>(
        { decision, fieldErrors: { documents: 'admin.request.pickOne' }, values },
        refusal.init,
      )
    const formError: Message =
      refusal.code === 'KYC_NOT_EDITABLE'
        ? { key: 'admin.application.alreadyDecided' }
        : refusal.code === 'KYC_DOCUMENT_TO_RESEND'
          ? { key: 'admin.application.toResend' }
          : refusal.code === 'CONFLICT'
            ? { key: 'admin.application.hasLine' }
            : (refusal.message ?? { key: 'admin.application.failed' })
    return data<ActionData>({ decision, formError, values }, refusal.init)
  }
  session.update({ flash: { kind: 'success', messageKey: `admin.decided.${decision}` } })
  return redirect(localePath(locale, '/admin/kyc'), 303)
}

export default function KycApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, date, moment } = useI18n()
  const { application: app, today, judges } = loaderData
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
  // docs/product/dates-and-times.md: a calendar day reads DD-MM-YYYY, as written, in any zone.
  const day = formatDay
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? '' : t(v ? 'kyc.fields.yes' : 'kyc.fields.no')
  const fileUrl = (docId: number, view: boolean) =>
    localePath(locale, `/admin/kyc/${app.id}/documents/${docId}${view ? '?view' : ''}`)
  return (
    <section className="admin-page">
      <p className="link-line">
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
            <dd>{app.applicant.joined_at ? date(app.applicant.joined_at, app.market) : ''}</dd>
            <dt>{t('admin.queue.market')}</dt>
            <dd>{t(`admin.markets.${app.market}`)}</dd>
            <dt>{t('kyc.fields.fullName')}</dt>
            <dd>{d.full_name}</dd>
            <dt>{t(app.market === 'TH' ? 'kyc.fields.thaiId' : 'kyc.fields.nric')}</dt>
            <dd>{d.id_number}</dd>
            <dt>{t('kyc.fields.plantingDate')}</dt>
            <dd>{d.planting_date ? day(d.planting_date) : ''}</dd>
            <dt>{t('kyc.fields.harvestDate')}</dt>
            <dd>{d.harvest_date ? day(d.harvest_date) : ''}</dd>
            <dt>{t('kyc.fields.ownsMistDrone')}</dt>
            <dd>{yesNo(d.owns_mist_drone)}</dd>
            <dt>{t('kyc.fields.visitedCentre')}</dt>
            <dd>{yesNo(d.visited_centre)}</dd>
            <dt>{t('kyc.fields.hectares')}</dt>
            <dd>{d.hectares}</dd>
            <dt>{t('admin.application.submitted')}</dt>
            <dd>{app.submitted_at ? moment(app.submitted_at, app.market) : ''}</dd>
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
                  {h.decided_at ? ` · ${moment(h.decided_at, app.market)}` : ''}
                  {h.decision_reason ? ` · ${h.decision_reason}` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="documents-title">
        <h2 id="documents-title">{t('admin.application.documents')}</h2>
        {app.state === 'submitted' && !judges ? (
          <p className="hint">{t('admin.review.financeOnly')}</p>
        ) : null}
        <div className="admin-documents">
          {app.documents.map((doc) => (
            <figure key={doc.id} id={`document-${doc.id}`} className="card admin-document">
              <figcaption>
                <strong>{t(`kyc.documents.${doc.kind}.label`)}</strong> ·{' '}
                <a href={fileUrl(doc.id, false)}>{t('admin.application.download')}</a>
                <DocumentReviewState doc={doc} />
              </figcaption>
              {doc.content_type === 'application/pdf' ? (
                <iframe
                  src={fileUrl(doc.id, true)}
                  title={t(`kyc.documents.${doc.kind}.label`)}
                  className="admin-pdf"
                />
              ) : (
                <a
                  href={fileUrl(doc.id, true)}
                  target="_blank"
                  rel="noreferrer"
                  className="admin-image-link"
                >
                  <img
                    src={fileUrl(doc.id, true)}
                    alt={t(`kyc.documents.${doc.kind}.label`)}
                    loading="lazy"
                    className="admin-image"
                  />
                </a>
              )}
              {judges && app.state === 'submitted' ? (
                <DocumentReviewForms
                  doc={doc}
                  actionData={actionData?.documentId === doc.id ? actionData : undefined}
                />
              ) : null}
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
  const toResend = kindsToResend(app.documents)
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

      {/* Made again when the marks change, so the kinds to send again are ticked afresh. */}
      <Form key={toResend.join()} method="post" className="card admin-form" noValidate>
        <h2>{t('admin.request.title')}</h2>
        {request?.formError ? <FormAlert message={request.formError} /> : null}
        <input type="hidden" name="intent" value="request" />
        {toResend.length > 0 ? <p className="hint">{t('admin.request.withResend')}</p> : null}
        <fieldset className="field">
          <legend>{t('admin.request.which')}</legend>
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <label key={kind} className="admin-choice">
              {/* Those marked to be sent again are asked for whatever is ticked. */}
              <input
                type="checkbox"
                name="documents"
                value={kind}
                defaultChecked={toResend.includes(kind)}
              />
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

/** Finance's word on a document so far: accepted, or to be sent again and why. */
function DocumentReviewState({ doc }: { doc: KycDocument }) {
  const { t } = useI18n()
  if (doc.review === 'accepted')
    return <p className="admin-review admin-review-accepted">{t('admin.review.isAccepted')}</p>
  if (doc.review === 'resend')
    return (
      <p className="admin-review admin-review-resend">
        {t('admin.review.isToResend')}
        {doc.review_reason ? (
          <>
            {' '}
            <span className="admin-text">{doc.review_reason}</span>
          </>
        ) : null}
      </p>
    )
  return null
}

/**
 * docs/product/credit.md (KYC review): finance accepts one document, or marks it to be sent
 * again with the reason the farmer reads. Plain forms: they work before the scripts arrive.
 */
function DocumentReviewForms({
  doc,
  actionData,
}: {
  doc: KycDocument
  actionData: ActionData | undefined
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const reasonId = `resend-reason-${doc.id}`
  const error = actionData?.fieldErrors?.reason
  const label = t(`kyc.documents.${doc.kind}.label`)
  return (
    <div className="admin-review-forms">
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {doc.review === 'accepted' ? null : (
        <Form method="post">
          <input type="hidden" name="document" value={doc.id} />
          <button
            type="submit"
            name="intent"
            value="accept"
            className="button secondary"
            disabled={busy}
            aria-label={t('admin.review.acceptLabel', { document: label })}
          >
            {t('admin.review.accept')}
          </button>
        </Form>
      )}
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="document" value={doc.id} />
        <div className="field">
          <label htmlFor={reasonId}>{t('admin.review.reason')}</label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={RESEND_REASON_MAX}
            defaultValue={actionData?.values?.reason ?? doc.review_reason ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
          />
          {error ? (
            <p className="field-error" id={`${reasonId}-error`}>
              {t(error.startsWith('kyc.') ? error : 'admin.review.reasonNeeded')}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          name="intent"
          value="resend"
          className="button link-button"
          disabled={busy}
          aria-label={t('admin.review.resendLabel', { document: label })}
        >
          {t('admin.review.resend')}
        </button>
      </Form>
    </div>
  )
}
