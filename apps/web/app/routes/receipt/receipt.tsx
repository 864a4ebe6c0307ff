import { useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { CreditRecord } from '@padi/domain/credit/credit-schemas'
import {
  parseAmountMinor,
  RECEIPT_MAX_FILE_BYTES,
  RECEIPT_METHODS,
} from '@padi/domain/repayments/receipt-rules'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { FieldErrors, FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { useSentBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { UploadProgress } from '~/components/credit/upload-progress.tsx'
import { useUploadProgress } from '~/components/credit/use-upload-progress.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import authCss from '~/components/auth/auth.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/receipt'

export const handle: StyleHandle = { css: [authCss, kycCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'receipt.title', 'receipt.description')

const FIELDS = ['method', 'bank', 'amount', 'paid_on', 'reference'] as const
const ATTEMPT = /^[A-Za-z0-9_-]{8,100}$/

/** docs/product/credit.md (Repayment receipts): the form, with the credit the farmer has used. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['receipt'])
  try {
    const credits = await withUserToken({ session, locale }, (token) => api.credits(token))
    return { ...messages, line: credits[0] ?? null, failed: false, attempt: crypto.randomUUID() }
  } catch (error) {
    return data(
      {
        ...messages,
        line: null as CreditRecord | null,
        failed: true,
        attempt: crypto.randomUUID(),
      },
      readRefusal(error).init,
    )
  }
}

type ActionData = FormAnswer

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  // Read only up to the limit (and the form's few fields): a larger file is refused unread.
  const form = await readFormUpTo(request, RECEIPT_MAX_FILE_BYTES + 64 * 1024)
  if (form === null)
    return data<ActionData>({ formError: { key: 'receipt.errors.fileTooLarge' } }, { status: 413 })
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]))
  // docs/reliability.md (Faults): one key per filled-in form, kept through its error answers, so
  // sending it again after a lost answer keeps one receipt.
  const sent = String(form.get('attempt') ?? '')
  const attempt = ATTEMPT.test(sent) ? sent : crypto.randomUUID()
  const fieldErrors: FieldErrors = {}
  for (const f of FIELDS) if (!values[f]) fieldErrors[f] = 'receipt.errors.required'
  if (values.amount) {
    const amount = parseAmountMinor(values.amount)
    if (!amount.ok) fieldErrors.amount = amount.problem
  }
  const files = form.getAll('file').filter((f): f is File => f instanceof File && f.name !== '')
  if (files.length === 0) fieldErrors.file = 'receipt.errors.pickFile'
  if (files.length > 1) fieldErrors.file = 'receipt.errors.oneFile'
  // The form offers only these; a forged value is as good as none chosen.
  const method = RECEIPT_METHODS.find((m) => m === values.method)
  if (values.method && !method) fieldErrors.method = 'receipt.errors.required'
  if (Object.keys(fieldErrors).length > 0 || !method)
    return data<ActionData>({ fieldErrors, values: { ...values, attempt } }, { status: 400 })
  const file = files[0]!
  const receipt = {
    method,
    bank: values.bank ?? '',
    amount: values.amount ?? '',
    paid_on: values.paid_on ?? '',
    reference: values.reference ?? '',
    name: file.name,
    locale,
  }
  try {
    await withUserToken({ session, locale }, async (token) =>
      api.uploadReceipt(token, receipt, new Uint8Array(await file.arrayBuffer()), attempt),
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = readRefusal(error)
    const key = error.body.message_key
    const field = error.errors[0]?.field
    if (key?.startsWith('receipt.'))
      return data<ActionData>(
        {
          fieldErrors: { [field === 'amount' ? 'amount' : 'file']: key },
          values: { ...values, attempt },
        },
        refusal.init,
      )
    if (error.statusCode === 413)
      return data<ActionData>(
        { fieldErrors: { file: 'receipt.errors.fileTooLarge' }, values: { ...values, attempt } },
        refusal.init,
      )
    return data<ActionData>(
      {
        formError: refusal.message ?? {
          key: refusal.kind === 'unavailable' ? 'receipt.errors.server' : 'receipt.errors.failed',
        },
        values: { ...values, attempt },
      },
      refusal.init,
    )
  }
  return redirect(localePath(locale, '/receipt/success'), 303)
}

export default function ReceiptPage({ loaderData, actionData: posted }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const navigation = useNavigation()
  const upload = useUploadProgress<ActionData>(localePath(locale, '/receipt/send'), {
    formError: { key: 'receipt.errors.uploadFailed' },
  })
  const actionData = upload.answer ?? posted
  const form = useRef<HTMLFormElement>(null)
  // Posted by the browser before the scripts arrived: that receipt is on its way, not to be sent
  // again by the script (the form's key would keep one, but the page would say it is not sent).
  const sentEarly = useSentBeforeHydration(form)
  const sending = sentEarly || navigation.state === 'submitting' || upload.progress !== null
  const { line } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const used = line ? money(line.utilised_credits.amount_minor, line.utilised_credits.currency) : ''
  return (
    <section className="kyc-page">
      <h1>{t('receipt.title')}</h1>
      {!line ? (
        <div className="card">
          <p>{loaderData.failed ? t('receipt.errors.server') : t('receipt.noLine')}</p>
          <Link className="button" to={localePath(locale, '/dashboard')}>
            {t('receipt.success.toDashboard')}
          </Link>
        </div>
      ) : (
        <>
          <p>{t('receipt.intro')}</p>
          <p className="notice">{t('receipt.used', { amount: used })}</p>
          {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
          <Form
            ref={form}
            method="post"
            encType="multipart/form-data"
            className="card kyc-form"
            noValidate
            onSubmit={(event) => {
              if (sentEarly) event.preventDefault()
              else upload.onSubmit(event)
            }}
          >
            <input type="hidden" name="attempt" value={values?.attempt ?? loaderData.attempt} />
            <fieldset className="field kyc-yes-no">
              <legend>{t('receipt.fields.method')}</legend>
              {RECEIPT_METHODS.map((m) => (
                <label key={m} className="kyc-choice">
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    defaultChecked={(values?.method ?? 'bank_transfer') === m}
                  />
                  {t(`receipt.fields.${m}`)}
                </label>
              ))}
            </fieldset>
            <TextField
              name="bank"
              label={t('receipt.fields.bank')}
              defaultValue={values?.bank ?? ''}
              maxLength={100}
              error={errors.bank}
            />
            <TextField
              name="amount"
              label={t('receipt.fields.amount')}
              hint={t('receipt.fields.amountHint', { amount: used })}
              inputMode="decimal"
              defaultValue={values?.amount ?? ''}
              error={errors.amount}
            />
            <TextField
              name="paid_on"
              type="date"
              label={t('receipt.fields.paidOn')}
              defaultValue={values?.paid_on ?? ''}
              error={errors.paid_on}
            />
            <TextField
              name="reference"
              label={t('receipt.fields.reference')}
              hint={t('receipt.fields.referenceHint')}
              defaultValue={values?.reference ?? ''}
              maxLength={100}
              error={errors.reference}
            />
            <TextField
              name="file"
              type="file"
              className="kyc-file-input"
              label={t('receipt.fields.file')}
              hint={t('receipt.fields.fileHint')}
              accept="image/png,image/jpeg,application/pdf"
              error={errors.file}
            />
            <UploadProgress value={upload.progress} />
            <button type="submit" className="button" disabled={sending}>
              {sending ? t('receipt.sending') : t('receipt.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  )
}
