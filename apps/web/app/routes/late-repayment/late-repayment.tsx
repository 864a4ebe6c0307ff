import { useRef } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { OtpVerifySchema, PasswordForgotSchema } from '@padi/domain/auth/schemas'
import { formatDay } from '@padi/domain/dates'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  EXTENSION_FILE_LIMITS,
  EXTENSION_TEXT_MAX,
  extensionProblems,
} from '@padi/domain/credit/late-repayment-rules'
import type { Extension, ExtensionStatus } from '@padi/domain/credit/late-repayment-schemas'
import { apiContext } from '~/utils/context.server.ts'
import type { ApiClient } from '~/utils/api.server.ts'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext, type PreAuth, type WebSession } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { useSentBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { MobileField } from '~/components/auth/account-fields.tsx'
import { FormAlert, Notice, TextWithMobile, type Message } from '~/components/auth/form-alert.tsx'
import { CodeStepForms, RestartForm } from '~/components/auth/otp-controls.tsx'
import { maskMobile } from '~/components/auth/mobile-display.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { TextAreaField } from '~/components/credit/text-area-field.tsx'
import { UploadProgress } from '~/components/credit/upload-progress.tsx'
import { useUploadProgress } from '~/components/credit/use-upload-progress.ts'
import authCss from '~/components/auth/auth.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { noticeFrom } from '../auth/+shared/messages.ts'
import { cooldownLeft, resendStep } from '../auth/+shared/otp-step.server.ts'
import type { Route } from './+types/late-repayment'

export const handle: StyleHandle = { css: [authCss, kycCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'extension.title', 'extension.description')

const FIELDS = ['new_planting_on', 'new_harvest_on', 'reason', 'affected_area'] as const
const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png']

/**
 * The application: the new dates, the reason and the area, as typed (judged below as the API
 * will), and the documents (a file field left empty sends an empty file, which is no document).
 */
const ApplyForm = z.object({
  new_planting_on: z.string(),
  new_harvest_on: z.string(),
  reason: z.string(),
  affected_area: z.string(),
  documents: z
    .array(z.instanceof(File))
    .transform((files) => files.filter((f) => f.name !== '' && f.size > 0)),
})

const codePreAuth = (session: WebSession): PreAuth | null =>
  session.data.preAuth?.purpose === 'late_repayment' ? session.data.preAuth : null

/** The token the code gave, while it lasts (docs/product/credit.md: Late repayment). */
function extensionOf(session: WebSession) {
  const held = session.data.extension
  if (!held || held.expiresAt <= Date.now()) return null
  return held
}

/**
 * docs/product/credit.md (Late repayment): reached without logging in (a logged-in user is sent
 * home by the layout's guard 8). Three steps kept in the server-side session: the mobile number,
 * the code sent to it, then the application, which shows nothing of the account before the code.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['auth', 'validation', 'extension', 'kyc'])
  const held = extensionOf(session)
  const ended = !held && session.data.extension !== undefined
  if (ended) session.update({ extension: undefined })
  if (held) {
    try {
      const status = await api.lateRepayment(held.token)
      return { ...messages, step: 'apply' as const, status, notice: null }
    } catch (error) {
      const refusal = readRefusal(error)
      if (refusal.code !== 'TOKEN_INVALID' && refusal.code !== 'UNAUTHENTICATED')
        return data(
          { ...messages, step: 'failed' as const, message: refusal.message ?? null },
          refusal.init,
        )
      session.update({ extension: undefined })
    }
  }
  const preAuth = codePreAuth(session)
  if (preAuth)
    return {
      ...messages,
      step: 'code' as const,
      mobile: maskMobile(preAuth.mobile),
      cooldown: cooldownLeft(preAuth),
      sentAt: preAuth.sentAt,
      notice: noticeFrom(url, ['resent']) ?? 'auth.forgot.sent',
    }
  return {
    ...messages,
    step: 'mobile' as const,
    notice: ended ? 'auth.otp.ended' : noticeFrom(url, ['ended']),
  }
}

export type LateRepaymentActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const pagePath = localePath(locale, '/late-repayment')
  // The application comes with its files; a total over the limit is refused unread.
  const form = await readFormUpTo(request, EXTENSION_FILE_LIMITS.totalBytes + 64 * 1024)
  if (form === null)
    return data<LateRepaymentActionData>(
      { fieldErrors: { documents: 'extension.errors.sizeLimit' } },
      { status: 413 },
    )
  const formData = form
  const intent = formIntent(formData, ['restart', 'resend', 'verify', 'apply'])
  if (intent === 'restart') {
    session.update({ preAuth: undefined, extension: undefined })
    return redirect(pagePath)
  }
  if (intent === 'resend') {
    const preAuth = codePreAuth(session)
    if (!preAuth) return redirect(`${pagePath}?notice=ended`)
    return resendStep({ session, api, locale, preAuth, pagePath })
  }
  if (intent === 'verify') return verifyCode(session, api, formData, pagePath)
  if (intent === 'apply') return apply(session, api, locale, formData, pagePath)
  return sendCode(session, api, locale, formData, pagePath)
}

async function sendCode(
  session: WebSession,
  api: ApiClient,
  locale: Locale,
  formData: FormData,
  pagePath: string,
) {
  const form = parseForm(PasswordForgotSchema, formData, ['mobile'])
  const values = form.values
  if (!form.ok)
    return data<LateRepaymentActionData>({ fieldErrors: form.fieldErrors, values }, { status: 400 })
  try {
    const answer = await api.lateRepaymentCode(form.data.mobile, locale)
    session.update({
      extension: undefined,
      preAuth: {
        purpose: 'late_repayment',
        preAuthSessionId: answer.preAuthSessionId,
        deviceId: answer.deviceId,
        mobile: form.data.mobile,
        sentAt: Date.now(),
      },
    })
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid')
      return data<LateRepaymentActionData>(
        { values, fieldErrors: apiFieldErrors(refusal.error, ['mobile']) },
        { status: 400 },
      )
    return data<LateRepaymentActionData>(
      { values, formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  return redirect(pagePath)
}

async function verifyCode(
  session: WebSession,
  api: ApiClient,
  formData: FormData,
  pagePath: string,
) {
  const preAuth = codePreAuth(session)
  if (!preAuth) return redirect(`${pagePath}?notice=ended`)
  const form = parseForm(OtpVerifySchema.pick({ userInputCode: true }), formData, ['userInputCode'])
  if (!form.ok)
    return data<LateRepaymentActionData>({ fieldErrors: form.fieldErrors }, { status: 400 })
  try {
    const answer = await api.verifyLateRepaymentCode({
      preAuthSessionId: preAuth.preAuthSessionId,
      deviceId: preAuth.deviceId,
      userInputCode: form.data.userInputCode,
    })
    session.update({
      preAuth: undefined,
      extension: {
        token: answer.token,
        expiresAt: Date.now() + answer.expires_in * 1000,
        mobile: preAuth.mobile,
      },
    })
  } catch (error) {
    const refusal = readRefusal(error)
    return data<LateRepaymentActionData>(
      { formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  return redirect(pagePath)
}

/** Judges the application as the API will, sends each document, then the application. */
async function apply(
  session: WebSession,
  api: ApiClient,
  locale: Locale,
  formData: FormData,
  pagePath: string,
) {
  const held = extensionOf(session)
  if (!held) return redirect(`${pagePath}?notice=ended`)
  const form = parseForm(ApplyForm, formData, {
    ...Object.fromEntries(FIELDS.map((f) => [f, 'text' as const])),
    documents: 'files',
  })
  const values = form.values
  const fail = (fieldErrors: FieldErrors, status = 400) =>
    data<LateRepaymentActionData>({ fieldErrors, values }, { status })
  let status: ExtensionStatus
  try {
    status = await api.lateRepayment(held.token)
  } catch (error) {
    const refusal = readRefusal(error)
    return data<LateRepaymentActionData>(
      { values, formError: refusal.message ?? { key: 'extension.errors.submit' } },
      refusal.init,
    )
  }
  if (!form.ok) return fail(form.fieldErrors)
  const { documents: files, ...typed } = form.data
  const fieldErrors: FieldErrors = {
    ...extensionProblems({
      newPlantingOn: typed.new_planting_on,
      newHarvestOn: typed.new_harvest_on,
      reason: typed.reason,
      affectedArea: typed.affected_area,
      plantingOn: status.planting_on,
      harvestOn: status.harvest_on ?? '',
    }),
  }
  // docs/product/credit.md (Late repayment): the document limits, said before anything is sent.
  if (files.length > EXTENSION_FILE_LIMITS.files)
    fieldErrors.documents = 'extension.errors.documentLimit'
  else if (files.some((f) => f.size > EXTENSION_FILE_LIMITS.fileBytes))
    fieldErrors.documents = 'extension.errors.fileTooLarge'
  else if (files.reduce((sum, f) => sum + f.size, 0) > EXTENSION_FILE_LIMITS.totalBytes)
    fieldErrors.documents = 'extension.errors.sizeLimit'
  else if (files.some((f) => f.type && !FILE_TYPES.includes(f.type)))
    fieldErrors.documents = 'extension.errors.invalidType'
  if (Object.keys(fieldErrors).length > 0) return fail(fieldErrors)
  try {
    const ids: number[] = []
    for (const file of files) {
      const doc = await api.uploadLateRepaymentDocument(held.token, {
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        type: 'application/octet-stream',
      })
      ids.push(doc.id)
    }
    await api.submitLateRepayment(held.token, { ...typed, document_ids: ids }, locale)
  } catch (error) {
    const refusal = readRefusal(error)
    const key = refusal.error.body.message_key
    if (key?.startsWith('extension.')) return fail({ documents: key }, refusal.init.status)
    if (refusal.kind === 'invalid') return fail(apiFieldErrors(refusal.error, [...FIELDS]))
    return data<LateRepaymentActionData>(
      {
        values,
        formError: refusal.message ?? {
          key:
            refusal.code === 'EXTENSION_PENDING'
              ? 'extension.pending'
              : refusal.code === 'EXTENSION_WINDOW_CLOSED'
                ? 'extension.window.closed'
                : 'extension.errors.submit',
        },
      },
      refusal.init,
    )
  }
  session.update({ extension: undefined })
  return redirect(localePath(locale, '/late-repayment/success'), 303)
}

export default function LateRepayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <section className="kyc-page">
      <h1>{t('extension.title')}</h1>
      {loaderData.step === 'apply' ? (
        <ApplyStep status={loaderData.status} actionData={actionData} />
      ) : loaderData.step === 'code' ? (
        <CodeStep
          mobile={loaderData.mobile}
          cooldown={loaderData.cooldown}
          sentAt={loaderData.sentAt}
          notice={loaderData.notice}
          actionData={actionData}
        />
      ) : loaderData.step === 'failed' ? (
        <FormAlert message={loaderData.message ?? { key: 'extension.errors.load' }} />
      ) : (
        <MobileStep notice={loaderData.notice} actionData={actionData} />
      )}
    </section>
  )
}

function MobileStep({
  notice,
  actionData,
}: {
  notice: string | null
  actionData: LateRepaymentActionData | undefined
}) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  // Posted before the scripts arrived: the code is on its way; a second tap would ask again.
  const sentEarly = useSentBeforeHydration(form)
  const sending = sentEarly || (navigation.state !== 'idle' && navigation.formMethod === 'POST')
  return (
    <>
      {notice ? <Notice messageKey={notice} /> : null}
      <p>{t('extension.intro')}</p>
      <p className="hint">{t('extension.window.rule')}</p>
      <Form
        ref={form}
        method="post"
        action={localePath(locale, '/late-repayment')}
        className="card form"
      >
        {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
        <MobileField
          autoComplete="tel"
          defaultValue={actionData?.values?.mobile}
          error={actionData?.fieldErrors?.mobile}
        />
        <button className="button" type="submit" disabled={sending}>
          {sending ? t('common.sending') : t('extension.sendCode')}
        </button>
      </Form>
    </>
  )
}

function CodeStep({
  mobile,
  cooldown,
  sentAt,
  notice,
  actionData,
}: {
  mobile: string
  cooldown: number
  sentAt: number
  notice: string
  actionData: LateRepaymentActionData | undefined
}) {
  const { t, locale } = useI18n()
  return (
    <>
      <Notice messageKey={notice} />
      <TextWithMobile messageKey="extension.codeSentTo" mobile={mobile} />
      <CodeStepForms
        action={localePath(locale, '/late-repayment')}
        intent="verify"
        submitLabel={t('extension.verify')}
        formError={actionData?.formError}
        codeError={actionData?.fieldErrors?.userInputCode}
        cooldown={cooldown}
        sentAt={sentAt}
        className="card form"
      />
    </>
  )
}

function ApplyStep({
  status,
  actionData: posted,
}: {
  status: ExtensionStatus
  actionData: LateRepaymentActionData | undefined
}) {
  const { t, locale, money } = useI18n()
  const navigation = useNavigation()
  const upload = useUploadProgress<LateRepaymentActionData>(
    localePath(locale, '/late-repayment/send'),
    { formError: { key: 'extension.errors.uploadFailed' } },
  )
  const actionData = upload.answer ?? posted
  const form = useRef<HTMLFormElement>(null)
  // Posted by the browser before the scripts arrived: that application (and its documents) is on
  // its way, and must not be sent a second time by the script.
  const sentEarly = useSentBeforeHydration(form)
  const sending =
    sentEarly ||
    upload.progress !== null ||
    (navigation.state !== 'idle' && navigation.formData?.get('intent') === 'apply')
  const day = (d: string | null) => (d ? formatDay(d) : '—')
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const pending = status.applications.find((a) => a.status === 'pending')
  const latest = status.applications[0]
  const window = status.window
  const action = localePath(locale, '/late-repayment')
  return (
    <>
      <p>{t('extension.hello', { name: status.first_name })}</p>
      <dl className="card dashboard-lines">
        <div>
          <dt>{t('extension.plantingInForce')}</dt>
          <dd>{day(status.planting_on)}</dd>
        </div>
        <div>
          <dt>{t('extension.harvestInForce')}</dt>
          <dd>{day(status.harvest_on)}</dd>
        </div>
        <div>
          <dt>{t('extension.owed')}</dt>
          <dd>{money(status.owed.amount_minor, status.owed.currency)}</dd>
        </div>
      </dl>
      {latest && latest.status !== 'pending' ? <Decided application={latest} /> : null}
      {pending ? (
        <p className="notice" role="status">
          {t('extension.pendingSince', { date: day(pending.created_at.slice(0, 10)) })}
        </p>
      ) : !window ? (
        <p className="form-error">{t('extension.window.noHarvest')}</p>
      ) : window.status === 'too_early' ? (
        <p className="notice" role="status">
          {t('extension.window.tooEarly', { date: day(window.opens_on) })}
        </p>
      ) : window.status === 'expired' ? (
        <p className="form-error" role="status">
          {t('extension.window.expired')}
        </p>
      ) : (
        <>
          <p className="notice" role="status">
            {t('extension.window.open', { count: window.days_left })}
          </p>
          {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
          <Form
            ref={form}
            method="post"
            action={action}
            encType="multipart/form-data"
            className="card kyc-form"
            noValidate
            onSubmit={(event) => {
              if (sending) event.preventDefault()
              else upload.onSubmit(event)
            }}
          >
            <input type="hidden" name="intent" value="apply" />
            <TextField
              name="new_planting_on"
              type="date"
              label={t('extension.fields.newPlanting')}
              hint={t('extension.fields.laterThan', { date: day(status.planting_on) })}
              min={status.planting_on ?? undefined}
              defaultValue={values?.new_planting_on ?? ''}
              error={errors.new_planting_on}
            />
            <TextField
              name="new_harvest_on"
              type="date"
              label={t('extension.fields.newHarvest')}
              hint={t('extension.fields.laterThan', { date: day(status.harvest_on) })}
              min={status.harvest_on ?? undefined}
              defaultValue={values?.new_harvest_on ?? ''}
              error={errors.new_harvest_on}
            />
            <TextAreaField
              name="reason"
              label={t('extension.fields.reason')}
              hint={t('extension.fields.textLimit', { count: EXTENSION_TEXT_MAX })}
              rows={4}
              maxLength={EXTENSION_TEXT_MAX}
              defaultValue={values?.reason ?? ''}
              error={errors.reason}
              errorParams={{ count: EXTENSION_TEXT_MAX }}
            />
            <TextAreaField
              name="affected_area"
              label={t('extension.fields.area')}
              hint={t('extension.fields.areaHint', { count: EXTENSION_TEXT_MAX })}
              rows={2}
              maxLength={EXTENSION_TEXT_MAX}
              defaultValue={values?.affected_area ?? ''}
              error={errors.affected_area}
              errorParams={{ count: EXTENSION_TEXT_MAX }}
            />
            <TextField
              name="documents"
              type="file"
              multiple
              className="kyc-file-input"
              label={t('extension.fields.documents')}
              hint={t('extension.fields.documentsHint', {
                files: EXTENSION_FILE_LIMITS.files,
                each: EXTENSION_FILE_LIMITS.fileBytes / 1024 / 1024,
                total: EXTENSION_FILE_LIMITS.totalBytes / 1024 / 1024,
              })}
              accept="image/png,image/jpeg,application/pdf"
              error={errors.documents}
              errorParams={{
                files: EXTENSION_FILE_LIMITS.files,
                size: EXTENSION_FILE_LIMITS.fileBytes / 1024 / 1024,
              }}
            />
            <TextField
              id="field-documents-camera"
              name="documents"
              type="file"
              className="kyc-file-input"
              label={t('extension.fields.photo')}
              hint={t('extension.fields.photoHint')}
              accept="image/*"
              capture="environment"
            />
            <UploadProgress value={upload.progress} />
            <button className="button" type="submit" disabled={sending}>
              {sending ? t('common.sending') : t('extension.submit')}
            </button>
          </Form>
        </>
      )}
      <RestartForm action={action} />
    </>
  )
}

function Decided({ application }: { application: Extension }) {
  const { t } = useI18n()
  return application.status === 'approved' ? (
    <p className="notice" role="status">
      {t('extension.approved', { date: formatDay(application.new_harvest_on) })}
    </p>
  ) : (
    <div className="form-error">
      <p>{t('extension.rejected')}</p>
      {application.decision_reason ? (
        <p>{t('extension.reason', { reason: application.decision_reason })}</p>
      ) : null}
    </div>
  )
}
