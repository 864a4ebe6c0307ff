import { useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import {
  parseAmountMinor,
  RECEIPT_MAX_FILE_BYTES,
  RECEIPT_METHODS,
  type ReceiptMethod,
} from '@padi/domain/repayments/receipt-rules'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { repaymentFormData } from '~/utils/repayment-form.server.ts'
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
const TEXT_FIELDS = Object.fromEntries(FIELDS.map((f) => [f, 'text' as const]))
const ATTEMPT = /^[A-Za-z0-9_-]{8,100}$/

const Required = z.string().trim().min(1, 'receipt.errors.required')

/** docs/product/credit.md (Repayment receipts): every field, an amount of money, one file. */
const ReceiptForm = z.object({
  // The form offers only these; a forged value is as good as none chosen.
  method: Required.refine(
    (v) => v === '' || RECEIPT_METHODS.some((m) => m === v),
    'receipt.errors.required',
  ).transform((v) => v as ReceiptMethod),
  bank: Required,
  amount: Required.superRefine((v, ctx) => {
    const amount = v === '' ? null : parseAmountMinor(v)
    if (amount && !amount.ok) ctx.addIssue({ code: 'custom', message: amount.problem })
  }),
  paid_on: Required,
  reference: Required,
  file: z
    .array(z.instanceof(File))
    .transform((files) => files.filter((f) => f.name !== ''))
    .refine((files) => files.length > 0, 'receipt.errors.pickFile')
    .refine((files) => files.length <= 1, 'receipt.errors.oneFile'),
})
/** The form's key (see the action). */
const AttemptForm = z.object({ attempt: z.string() })

/** docs/product/credit.md (Repayment receipts): the form, with the credit the farmer has used. */
export function loader(args: Route.LoaderArgs) {
  return repaymentFormData(args, ['receipt'])
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
  // docs/reliability.md (Faults): one key per filled-in form, kept through its error answers, so
  // sending it again after a lost answer keeps one receipt.
  const key = parseForm(AttemptForm, form, ['attempt'])
  const sent = key.ok ? key.data.attempt : ''
  const attempt = ATTEMPT.test(sent) ? sent : crypto.randomUUID()
  const parsed = parseForm(ReceiptForm, form, { ...TEXT_FIELDS, file: 'files' })
  // What was typed goes back into the form, trimmed, with the form's key.
  const values = Object.fromEntries(FIELDS.map((f) => [f, (parsed.values[f] ?? '').trim()]))
  if (!parsed.ok)
    return data<ActionData>(
      { fieldErrors: parsed.fieldErrors, values: { ...values, attempt } },
      { status: 400 },
    )
  const { file: files, ...typed } = parsed.data
  const file = files[0]!
  const receipt = { ...typed, name: file.name, locale }
  try {
    await withUserToken({ session, locale }, async (token) =>
      api.uploadReceipt(token, receipt, new Uint8Array(await file.arrayBuffer()), attempt),
    )
  } catch (error) {
    const refusal = readRefusal(error)
    const messageKey = refusal.error.body.message_key
    const field = refusal.error.errors[0]?.field
    if (messageKey?.startsWith('receipt.'))
      return data<ActionData>(
        {
          fieldErrors: { [field === 'amount' ? 'amount' : 'file']: messageKey },
          values: { ...values, attempt },
        },
        refusal.init,
      )
    if (refusal.code === 'BODY_TOO_LARGE' || refusal.code === 'UPLOAD_TOO_LARGE')
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
