import { useRef, type RefObject } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { nricProblem, thaiIdProblem } from '@padi/domain/kyc/identity-numbers'
import { customerMayEdit } from '@padi/domain/kyc/kyc-application'
import { KycDraftSchema, type KycAnswer, type KycDraft } from '@padi/domain/kyc/kyc-schemas'
import {
  IDENTITY_DOCUMENTS,
  KYC_DOCUMENT_KINDS,
  KYC_LIMITS,
  SUPPORTING_DOCUMENTS,
} from '@padi/domain/kyc/kyc-documents'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { isKycKind, uploadAttempt, uploadKycFile, uploadRefusal } from '~/utils/kyc.server.ts'
import { readBodyUpTo } from '~/utils/uploads.server.ts'
import { useSentBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { pluralKey } from '~/utils/plural.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { DocumentSlot } from '~/components/kyc/document-slot.tsx'
import { SelfieCamera } from '~/components/kyc/selfie-camera.tsx'
import { kycPath, UPLOAD_LIMITS } from '~/components/kyc/kyc-limits.ts'
import authCss from '~/components/auth/auth.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/kyc'
import { CONTROL_CHARACTERS_KEY } from '@padi/domain/input-schemas'

export const handle: StyleHandle = { css: [authCss, kycCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'kyc.page.title', 'kyc.page.description')

/** The wizard's steps: who you are, your farm, your documents, then consents and submission. */
const STEPS = [1, 2, 3, 4] as const
type Step = (typeof STEPS)[number]

/** Which step asks for each field a submission may still need. */
function stepOf(field: string): Step {
  if (field === 'full_name' || field === 'id_number') return 1
  if (field.startsWith('documents')) return 3
  if (field === 'consents') return 4
  return 2
}

/** The page's mode, from the application's state (docs/product/credit.md, KYC). */
type Mode = 'wizard' | 'in_review' | 'later'

function modeOf(answer: KycAnswer): Mode {
  const app = answer.application
  if (!app || customerMayEdit(app.state)) return 'wizard'
  if (app.state === 'submitted') return 'in_review'
  return answer.may_apply ? 'wizard' : 'later'
}

/** docs/product/credit.md (KYC): the application wizard, each step kept on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['kyc', 'validation'])
  const market = session.data.user?.market ?? 'MY'
  let answer: KycAnswer
  try {
    answer = await withUserToken({ session, locale }, (token) => api.kyc(token))
  } catch (error) {
    const refusal = readRefusal(error)
    return data(
      {
        ...messages,
        market,
        answer: null,
        mode: 'wizard' as Mode,
        step: 1 as Step,
        done: [],
        attempt: '',
        converted: null,
        accountName: '',
      },
      refusal.init,
    )
  }
  // Guard 7: a user who passed KYC goes to the products (and the session learns it).
  if (answer.application?.state === 'approved') {
    const user = session.data.user
    if (user) session.update({ user: { ...user, kycStatus: 'APPROVED' } })
    throw redirect(localePath(locale, '/products'))
  }
  const mode = modeOf(answer)
  // A rejected application's answers do not carry over to the new one.
  const fresh = mode === 'wizard' && answer.application?.state === 'rejected'
  const problems = fresh ? [] : (answer.application?.problems ?? [])
  const open = new Set(problems.map((p) => stepOf(p.field)))
  const done = fresh || !answer.application ? [] : STEPS.filter((s) => s < 4 && !open.has(s))
  const url = new URL(request.url)
  const asked = Number(url.searchParams.get('step'))
  const step: Step =
    STEPS.find((s) => s === asked) ?? STEPS.find((s) => !done.includes(s)) ?? (4 as Step)
  return {
    ...messages,
    market,
    answer: fresh ? { ...answer, application: null } : answer,
    mode,
    step,
    done,
    // docs/product/credit.md (KYC documents): the key of each file this page's forms post (with
    // the kind added, one per slot); the page after an upload has new ones.
    attempt: crypto.randomUUID(),
    // docs/product/credit.md (KYC): the hectares the area converter worked out, offered in the
    // farm step until the farmer saves it (anything else in the address is ignored).
    converted: convertedHectares(url.searchParams.get('hectares')),
    // The name given at sign-up starts the identity step until the application has its own.
    accountName: session.data.user?.fullName ?? '',
  }
}

/** A figure the converter sends back: a plain decimal the application accepts, or nothing. */
function convertedHectares(text: string | null): string | null {
  if (!text || !/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null
  const parsed = KycDraftSchema.shape.hectares.safeParse(Number(text))
  return parsed.success && parsed.data !== undefined ? text : null
}

type ActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
  problems?: { field: string; message: string }[]
}

/** A text answer: trimmed, and none when left empty (the draft keeps only what was answered). */
const Answer = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
const YesOrNo = Answer.transform((v) => (v === 'yes' ? true : v === 'no' ? false : undefined))
/** The step's answers as the draft (the API's own schema checks them). */
type Draft = z.input<typeof KycDraftSchema>

/** The answers each step's form gives, as the draft the API keeps (its own schema checks them). */
const STEP_FORMS = {
  1: {
    schema: z
      .object({ full_name: Answer, id_number: Answer })
      .transform((v): Draft => v)
      .pipe(KycDraftSchema),
    fields: { full_name: 'text', id_number: 'text' },
  },
  2: {
    schema: z
      .object({
        planting_date: Answer,
        harvest_date: Answer,
        owns_mist_drone: YesOrNo,
        visited_centre: YesOrNo,
        // A decimal comma is read as the point: "1,5" is one and a half hectares.
        hectares: Answer.transform((h) =>
          h === undefined ? undefined : Number(h.replace(',', '.')),
        ),
      })
      .transform((v): Draft => v)
      .pipe(KycDraftSchema),
    fields: {
      planting_date: 'text',
      harvest_date: 'text',
      owns_mist_drone: 'text',
      visited_centre: 'text',
      hectares: 'text',
    },
  },
  4: {
    schema: z
      .object({ terms: z.boolean(), data_processing: z.boolean(), credit_check: z.boolean() })
      .transform((consents): Draft => ({ consents }))
      .pipe(KycDraftSchema),
    fields: { terms: 'checkbox', data_processing: 'checkbox', credit_check: 'checkbox' },
  },
} as const

/** Which step a form is (its hidden field), and which document a delete is for. */
const StepForm = z.object({ step: z.string().transform(Number), id: z.string().transform(Number) })

/** A file from the form without JavaScript: its kind, the file (one only) and its key. */
const UploadForm = z.object({
  kind: z.string(),
  file: z.array(z.instanceof(File)),
  attempt: z.string(),
})

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const ctx = { session, locale }
  const market = session.data.user?.market ?? 'MY'

  // A file from the form without JavaScript: read only up to the limit, then judged by the API.
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const body = await readBodyUpTo(request, KYC_LIMITS.maxFileBytes + 64 * 1024)
    if (body === null)
      return data<ActionData>(
        { formError: { key: 'kyc.upload.fileTooLarge', params: { mb: UPLOAD_LIMITS.mb } } },
        { status: 413 },
      )
    const form = parseForm(
      UploadForm,
      await new Response(body as BodyInit, {
        headers: { 'content-type': request.headers.get('content-type')! },
      }).formData(),
      { kind: 'text', file: 'files', attempt: 'text' },
    )
    const { kind, file: files, attempt } = form.ok ? form.data : { kind: '', file: [], attempt: '' }
    // One file per request (a hand-made form could carry more): each is judged on its own.
    if (files.length > 1)
      return data<ActionData>({ formError: { key: 'kyc.upload.oneAtATime' } }, { status: 400 })
    const file = files[0]
    if (!isKycKind(kind) || !file)
      return data<ActionData>({ formError: { key: 'kyc.upload.pick' } }, { status: 400 })
    const answer = await uploadKycFile(
      { ...ctx, api },
      {
        kind,
        name: file.name,
        type: file.type,
        bytes:
          file.size > KYC_LIMITS.maxFileBytes ? null : new Uint8Array(await file.arrayBuffer()),
        attempt: uploadAttempt(attempt),
      },
    )
    if (!answer.ok)
      return data<ActionData>({ formError: answer.message }, { status: answer.status })
    session.update({ flash: { kind: 'success', messageKey: 'flash.kycFileAdded' } })
    return redirect(kycPath(locale, 3), 303)
  }

  const formData = await request.formData()
  const intent = formIntent(formData, ['delete', 'convert', 'submit'])
  const target = parseForm(StepForm, formData, ['step', 'id'])
  const { step, id } = target.ok ? target.data : { step: 0, id: 0 }
  try {
    if (intent === 'delete') {
      if (!Number.isInteger(id) || id <= 0) return redirect(kycPath(locale, 3), 303)
      await withUserToken(ctx, (token) => api.deleteKycDocument(token, id))
      session.update({ flash: { kind: 'success', messageKey: 'flash.kycFileRemoved' } })
      return redirect(kycPath(locale, 3), 303)
    }
    if (step !== 1 && step !== 2 && step !== 4) return redirect(kycPath(locale), 303)
    const parsed = parseForm(STEP_FORMS[step].schema, formData, STEP_FORMS[step].fields)
    // What was typed goes back into the form (the consents' ticks are the page's own).
    const values = step === 4 ? {} : parsed.values
    if (!parsed.ok) {
      const fieldErrors: FieldErrors = {}
      for (const [path, message] of Object.entries(parsed.fieldErrors)) {
        const key = path.split('.')[0] || '_form'
        fieldErrors[key] ??=
          message.startsWith('kyc.') || message === CONTROL_CHARACTERS_KEY
            ? message
            : 'validation.invalid'
      }
      return data<ActionData>({ fieldErrors, values }, { status: 400 })
    }
    const draft = parsed.data
    // Kept as typed even when the number is wrong: nothing the farmer wrote is lost.
    await withUserToken(ctx, (token) => api.saveKycDraft(token, draft))
    // The farm step's "Convert to hectares": what was typed is kept above, then the converter
    // opens for the application and leads back to it (docs/product/credit.md, KYC).
    if (step === 2 && intent === 'convert')
      return redirect(localePath(locale, '/calculator/area-converter?to=hectare&for=kyc'), 303)
    if (step === 1 && draft.id_number) {
      const problem =
        market === 'TH' ? thaiIdProblem(draft.id_number) : nricProblem(draft.id_number)
      if (problem)
        return data<ActionData>(
          { fieldErrors: { id_number: `kyc.errors.idNumber.${problem}` }, values },
          { status: 400 },
        )
    }
    if (step === 2 && draft.planting_date && draft.harvest_date)
      if (draft.harvest_date <= draft.planting_date)
        return data<ActionData>(
          { fieldErrors: { harvest_date: 'kyc.errors.harvestAfterPlanting' }, values },
          { status: 400 },
        )
    if (intent !== 'submit') {
      session.update({ flash: { kind: 'success', messageKey: 'flash.kycSaved' } })
      return redirect(kycPath(locale, step === 4 ? 4 : step + 1), 303)
    }
    await withUserToken(ctx, (token) => api.submitKyc(token, locale))
    const user = session.data.user
    if (user) session.update({ user: { ...user, kycStatus: 'INCOMPLETE' } })
    return redirect(localePath(locale, '/kyc/success'), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid' && intent === 'submit')
      return data<ActionData>({ problems: refusal.error.errors }, { status: 400 })
    return data<ActionData>({ formError: uploadRefusal(refusal.error) }, refusal.init)
  }
}

export default function Kyc({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const { answer, mode, step, done, market, attempt } = loaderData
  if (!answer)
    return (
      <section className="kyc-page">
        <h1>{t('kyc.page.title')}</h1>
        <FormAlert message={{ key: 'kyc.page.loadFailed' }}>
          <Link to={kycPath(locale)}>{t('kyc.page.retry')}</Link>
        </FormAlert>
      </section>
    )
  if (mode === 'in_review')
    return (
      <section className="kyc-page">
        <h1>{t('kyc.page.title')}</h1>
        <div className="card">
          <h2>{t('kyc.page.inReviewTitle')}</h2>
          <p>{t('kyc.page.inReviewBody')}</p>
          <Link className="button" to={localePath(locale, '/dashboard')}>
            {t('kyc.page.toDashboard')}
          </Link>
        </div>
      </section>
    )
  if (mode === 'later')
    return (
      <section className="kyc-page">
        <h1>{t('kyc.page.title')}</h1>
        <div className="card">
          <h2>{t('kyc.page.rejectedTitle')}</h2>
          {answer.application?.decision_reason ? (
            <p>{t('kyc.page.reason', { reason: answer.application.decision_reason })}</p>
          ) : null}
          <p role="status">
            {answer.can_resubmit_at
              ? t('kyc.page.submitLaterOn', { date: date(answer.can_resubmit_at) })
              : t('kyc.page.submitLater')}
          </p>
          <Link className="button" to={localePath(locale, '/products')}>
            {t('kyc.page.toProducts')}
          </Link>
        </div>
      </section>
    )
  const app = answer.application
  const details = app?.details ?? {}
  const requested = new Set(app?.requested_documents ?? [])
  const toResend = app?.documents.filter((d) => d.review === 'resend') ?? []
  return (
    <section className="kyc-page">
      <h1>{t('kyc.page.title')}</h1>
      <p className="hint">{t('kyc.page.keptNote')}</p>
      {app?.state === 'insufficient_documents' ? (
        <div className="notice" role="status">
          <p>{t('kyc.page.moreDocuments')}</p>
          {app.decision_reason ? <p>{t('kyc.page.note', { note: app.decision_reason })}</p> : null}
          {/* docs/product/credit.md (KYC review): each document to send again, and why. */}
          {toResend.length > 0 ? (
            <>
              <p>{t('kyc.page.resendTitle')}</p>
              <ul className="kyc-resend-list">
                {toResend.map((d) => (
                  <li key={d.id}>
                    <Link to={kycPath(locale, 3)}>{t(`kyc.documents.${d.kind}.label`)}</Link>
                    {d.review_reason ? (
                      <span className="kyc-resend-why">
                        {t('kyc.page.resendReason', { reason: d.review_reason })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <nav aria-label={t('kyc.page.stepsLabel')}>
        <ol className="kyc-steps">
          {STEPS.map((s) => (
            <li key={s}>
              <Link
                to={kycPath(locale, s)}
                aria-current={s === step ? 'step' : undefined}
                className={done.includes(s) ? 'kyc-step-done' : undefined}
              >
                <span className="kyc-step-number">{done.includes(s) ? '✓' : s}</span>
                {t(`kyc.steps.${s}`)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {step === 1 ? (
        <IdentityStep
          details={details}
          accountName={loaderData.accountName}
          market={market}
          actionData={actionData}
        />
      ) : step === 2 ? (
        <FarmStep details={details} converted={loaderData.converted} actionData={actionData} />
      ) : step === 3 ? (
        <section aria-labelledby="kyc-documents-title">
          <h2 id="kyc-documents-title">{t('kyc.steps.3')}</h2>
          <p className="hint">
            {t('kyc.page.limits', {
              count: UPLOAD_LIMITS.count,
              mb: UPLOAD_LIMITS.mb,
              totalMb: UPLOAD_LIMITS.totalMb,
            })}
          </p>
          <h3>{t('kyc.page.identityDocuments')}</h3>
          {IDENTITY_DOCUMENTS.map((kind) => (
            <DocumentSlot
              key={kind}
              kind={kind}
              documents={app?.documents.filter((d) => d.kind === kind) ?? []}
              needed
              requested={requested.has(kind)}
              editable
              attempt={`${attempt}-${kind}`}
            >
              {kind === 'selfie' ? (enqueue) => <SelfieCamera enqueue={enqueue} /> : undefined}
            </DocumentSlot>
          ))}
          <h3>{t('kyc.page.farmDocuments')}</h3>
          <p className="hint">{t('kyc.page.farmDocumentsHint')}</p>
          {SUPPORTING_DOCUMENTS.map((kind) => (
            <DocumentSlot
              key={kind}
              kind={kind}
              documents={app?.documents.filter((d) => d.kind === kind) ?? []}
              needed={false}
              requested={requested.has(kind)}
              editable
              attempt={`${attempt}-${kind}`}
            />
          ))}
          <p className="button-row">
            <Link className="button" to={kycPath(locale, 4)}>
              {t('kyc.page.next')}
            </Link>
          </p>
        </section>
      ) : (
        <ReviewStep answer={answer} actionData={actionData} />
      )}
    </section>
  )
}

/**
 * A step's submit button: while its answers are on their way (posted by the script, or by the
 * browser before the scripts arrived) it says so and cannot send them a second time.
 */
function SaveButton({ label, form }: { label: string; form: RefObject<HTMLFormElement | null> }) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const sentEarly = useSentBeforeHydration(form)
  const sending = navigation.state === 'submitting' || sentEarly
  return (
    <button type="submit" className="button" disabled={sending}>
      {sending ? t('common.sending') : label}
    </button>
  )
}

function IdentityStep({
  details,
  accountName,
  market,
  actionData,
}: {
  details: KycDraft
  accountName: string
  market: 'MY' | 'TH'
  actionData: ActionData | undefined
}) {
  const { t } = useI18n()
  const form = useRef<HTMLFormElement>(null)
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  return (
    <Form ref={form} method="post" className="card kyc-form" noValidate>
      <h2>{t('kyc.steps.1')}</h2>
      <input type="hidden" name="step" value="1" />
      <TextField
        name="full_name"
        label={t('kyc.fields.fullName')}
        hint={t('kyc.fields.fullNameHint')}
        defaultValue={values?.full_name ?? details.full_name ?? accountName}
        autoComplete="name"
        maxLength={150}
        error={errors.full_name}
      />
      <TextField
        name="id_number"
        label={t(market === 'TH' ? 'kyc.fields.thaiId' : 'kyc.fields.nric')}
        hint={t(market === 'TH' ? 'kyc.fields.thaiIdHint' : 'kyc.fields.nricHint')}
        defaultValue={values?.id_number ?? details.id_number ?? ''}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        error={errors.id_number}
      />
      <SaveButton label={t('kyc.page.saveNext')} form={form} />
    </Form>
  )
}

function YesNo({
  name,
  label,
  value,
  error,
}: {
  name: string
  label: string
  value: boolean | undefined
  error: string | undefined
}) {
  const { t } = useI18n()
  return (
    <fieldset className="field kyc-yes-no" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{label}</legend>
      {(['yes', 'no'] as const).map((v) => (
        <label key={v} className="kyc-choice">
          <input
            type="radio"
            name={name}
            value={v}
            defaultChecked={value === undefined ? false : value === (v === 'yes')}
          />
          {t(`kyc.fields.${v}`)}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  )
}

function FarmStep({
  details,
  converted,
  actionData,
}: {
  details: KycDraft
  converted: string | null
  actionData: ActionData | undefined
}) {
  const { t } = useI18n()
  const form = useRef<HTMLFormElement>(null)
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const bool = (name: 'owns_mist_drone' | 'visited_centre') =>
    values
      ? values[name] === 'yes'
        ? true
        : values[name] === 'no'
          ? false
          : undefined
      : details[name]
  return (
    <Form ref={form} method="post" className="card kyc-form" noValidate>
      <h2>{t('kyc.steps.2')}</h2>
      <input type="hidden" name="step" value="2" />
      {/* First in the form, so Enter in a field saves, never opens the converter. */}
      <button type="submit" hidden tabIndex={-1}>
        {t('kyc.page.saveNext')}
      </button>
      <TextField
        name="planting_date"
        type="date"
        label={t('kyc.fields.plantingDate')}
        defaultValue={values?.planting_date ?? details.planting_date ?? ''}
        error={errors.planting_date}
      />
      <TextField
        name="harvest_date"
        type="date"
        label={t('kyc.fields.harvestDate')}
        hint={t('kyc.fields.harvestDateHint')}
        defaultValue={values?.harvest_date ?? details.harvest_date ?? ''}
        error={errors.harvest_date}
      />
      <YesNo
        name="owns_mist_drone"
        label={t('kyc.fields.ownsMistDrone')}
        value={bool('owns_mist_drone')}
        error={errors.owns_mist_drone}
      />
      <YesNo
        name="visited_centre"
        label={t('kyc.fields.visitedCentre')}
        value={bool('visited_centre')}
        error={errors.visited_centre}
      />
      <TextField
        name="hectares"
        label={t('kyc.fields.hectares')}
        inputMode="decimal"
        defaultValue={
          values?.hectares ??
          converted ??
          (details.hectares === undefined ? '' : String(details.hectares))
        }
        hint={converted && !values ? t('kyc.fields.hectaresConverted') : undefined}
        error={errors.hectares}
      />
      {/* docs/product/credit.md (KYC): the answers above are saved before the converter opens,
        so nothing typed is lost, and the converter leads back here with the hectares. */}
      <p className="hint">
        <button type="submit" name="intent" value="convert" className="link-button">
          {t('kyc.fields.hectaresConvert')}
        </button>
      </p>
      <SaveButton label={t('kyc.page.saveNext')} form={form} />
    </Form>
  )
}

function ReviewStep({
  answer,
  actionData,
}: {
  answer: KycAnswer
  actionData: ActionData | undefined
}) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  // Submitting twice would answer 'cannot be changed' to an application just sent: once only.
  const sentEarly = useSentBeforeHydration(form)
  const sending = navigation.state === 'submitting' || sentEarly
  const app = answer.application
  const consents = app?.details.consents ?? {}
  const problems = actionData?.problems ?? app?.problems ?? []
  const missing = problems.filter((p) => p.field !== 'consents')
  return (
    <Form ref={form} method="post" className="card kyc-form" noValidate>
      <h2>{t('kyc.steps.4')}</h2>
      <input type="hidden" name="step" value="4" />
      {!app ? (
        <div className="form-error" role="alert">
          <p>
            <Link to={kycPath(locale, 1)}>{t('kyc.page.startFirst')}</Link>
          </p>
        </div>
      ) : missing.length > 0 ? (
        <div className="form-error" role="alert">
          <p>{t('kyc.page.stillNeeded')}</p>
          <ul>
            {missing.map((p) => (
              <li key={`${p.field}-${p.message}`}>
                <Link to={kycPath(locale, stepOf(p.field))}>
                  {t(fieldLabelKey(p.field))}: {t(p.message)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="notice" role="status">
          {t('kyc.page.ready')}
        </p>
      )}
      {app ? <ApplicationSummary app={app} /> : null}
      <fieldset className="field">
        <legend>{t('kyc.consents.title')}</legend>
        {/* Read in a tab of its own: the ticks below are not lost on the way. */}
        <p className="hint link-line">
          <a href={localePath(locale, '/terms#terms-credit-title')} target="_blank" rel="noopener">
            {t('kyc.consents.readTerms')}
          </a>
        </p>
        {(['terms', 'data_processing', 'credit_check'] as const).map((c) => (
          <label key={c} className="kyc-choice">
            <input type="checkbox" name={c} defaultChecked={consents[c] === true} />
            {t(`kyc.consents.${c}`)}
          </label>
        ))}
        {problems.some((p) => p.field === 'consents') && actionData?.problems ? (
          <p className="field-error">{t('kyc.errors.consentsRequired')}</p>
        ) : null}
      </fieldset>
      <p className="button-row">
        <button type="submit" name="intent" value="submit" className="button" disabled={sending}>
          {t('kyc.page.submit')}
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          className="button secondary"
          disabled={sending}
        >
          {t('kyc.page.saveLater')}
        </button>
        {sending ? (
          <span className="hint" role="status">
            {t('common.sending')}
          </span>
        ) : null}
      </p>
    </Form>
  )
}

/**
 * docs/product/credit.md (KYC): before agreeing, the farmer sees what the application will send,
 * each part with a way back to the step that asks for it. The ID number shows its last 4 digits
 * only (a phone is often shared).
 */
function ApplicationSummary({ app }: { app: NonNullable<KycAnswer['application']> }) {
  const { t, locale, date } = useI18n()
  const d = app.details
  const none = t('kyc.summary.notGiven')
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? none : t(v ? 'kyc.fields.yes' : 'kyc.fields.no')
  const digits = d.id_number?.replace(/\D/g, '') ?? ''
  const rows: { key: string; step: Step; value: string }[] = [
    { key: 'full_name', step: 1, value: d.full_name ?? none },
    {
      key: 'id_number',
      step: 1,
      value: digits ? t('kyc.summary.idEnding', { digits: digits.slice(-4) }) : none,
    },
    { key: 'planting_date', step: 2, value: d.planting_date ? date(d.planting_date) : none },
    { key: 'harvest_date', step: 2, value: d.harvest_date ? date(d.harvest_date) : none },
    { key: 'owns_mist_drone', step: 2, value: yesNo(d.owns_mist_drone) },
    { key: 'visited_centre', step: 2, value: yesNo(d.visited_centre) },
    { key: 'hectares', step: 2, value: d.hectares === undefined ? none : String(d.hectares) },
    {
      key: 'documents',
      step: 3,
      value: t(pluralKey('kyc.summary.files', app.documents.length, locale), {
        count: app.documents.length,
      }),
    },
  ]
  return (
    <section className="kyc-summary" aria-labelledby="kyc-summary-title">
      <h3 id="kyc-summary-title">{t('kyc.summary.title')}</h3>
      <dl>
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{t(`kyc.problemFields.${row.key}`)}</dt>
            <dd>
              {row.value}{' '}
              <Link
                to={kycPath(locale, row.step)}
                aria-label={`${t('kyc.summary.change')}: ${t(`kyc.problemFields.${row.key}`)}`}
              >
                {t('kyc.summary.change')}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The label of the field or document a problem names. */
function fieldLabelKey(field: string): string {
  const kind = field.startsWith('documents.') ? field.slice('documents.'.length) : null
  if (kind && KYC_DOCUMENT_KINDS.some((k) => k === kind)) return `kyc.documents.${kind}.label`
  return `kyc.problemFields.${field}`
}
