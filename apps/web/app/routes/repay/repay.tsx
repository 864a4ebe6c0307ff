import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { qrAmount } from '@padi/domain/repayments/payment-qr'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { repaymentFormData } from '~/utils/repayment-form.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import authCss from '~/components/auth/auth.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/repay'

export const handle: StyleHandle = { css: [authCss, kycCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'repay.title', 'repay.description')

const ATTEMPT = /^[A-Za-z0-9_-]{8,100}$/

/** docs/product/repayments.md (Paying by QR): everything owed, or an amount typed. */
const RepayForm = z.object({
  choice: z.enum(['all', 'other'], { error: 'repay.errors.choose' }),
  amount: z.string(),
  attempt: z.string(),
})

/** docs/product/repayments.md (Paying by QR): the form, with what the farmer owes now. */
export function loader(args: Route.LoaderArgs) {
  return repaymentFormData(args, ['repay'])
}

type ActionData = FormAnswer

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const parsed = parseForm(RepayForm, await request.formData(), ['choice', 'amount', 'attempt'])
  const sent = parsed.values.attempt ?? ''
  // docs/reliability.md (Faults): one key per filled-in form, kept through its error answers, so
  // a form sent again after a lost answer shows the same QR rather than a second one.
  const attempt = ATTEMPT.test(sent) ? sent : crypto.randomUUID()
  const values = {
    choice: parsed.values.choice ?? '',
    amount: (parsed.values.amount ?? '').trim(),
    attempt,
  }
  if (!parsed.ok)
    return data<ActionData>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  try {
    const qr = await withUserToken({ session, locale }, async (token) => {
      // Everything owed is what the line says now, never a figure the form carried.
      // An amount typed wins over the choice left at "everything": the farmer meant that one.
      let amount = values.amount
      if (parsed.data.choice === 'all' && amount === '') {
        const owed = (await api.credits(token))[0]?.outstanding.total.amount_minor ?? 0
        // Written as the QR writes it ("1250.50"); nothing owed is refused by the API in words.
        amount = owed > 0 ? qrAmount(owed) : '0'
      }
      return api.createQrRepayment(token, attempt, { amount, locale })
    })
    return redirect(localePath(locale, `/repay/${qr.id}`), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    const key = refusal.error.errors[0]?.message
    if (key?.startsWith('repay.errors.'))
      return data<ActionData>({ fieldErrors: { amount: key }, values }, refusal.init)
    return data<ActionData>(
      {
        formError: refusal.message ?? {
          key:
            refusal.code === 'PAY_BY_QR_UNAVAILABLE'
              ? 'repay.errors.unavailable'
              : refusal.kind === 'unavailable'
                ? 'repay.errors.server'
                : 'repay.errors.failed',
        },
        values,
      },
      refusal.init,
    )
  }
}

export default function RepayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting'
  const { line } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const owed = line?.outstanding.total
  const choice = values?.choice || 'all'
  return (
    <section className="kyc-page">
      <h1>{t('repay.title')}</h1>
      {!line || !owed || owed.amount_minor === 0 ? (
        <div className="card">
          <p>{loaderData.failed ? t('repay.errors.server') : t('repay.noLine')}</p>
          <Link className="button" to={localePath(locale, '/dashboard')}>
            {t('repay.qr.toDashboard')}
          </Link>
        </div>
      ) : (
        <>
          <p className="notice">
            {t('repay.owed', { amount: money(owed.amount_minor, owed.currency) })}
            {line.overdue_account.total_due.amount_minor > 0 ? ` ${t('repay.dueNow')}` : null}
          </p>
          {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
          <Form method="post" className="card kyc-form" noValidate>
            <input type="hidden" name="attempt" value={values?.attempt ?? loaderData.attempt} />
            <fieldset className="field kyc-yes-no">
              <legend>{t('repay.howMuch')}</legend>
              <label className="kyc-choice">
                <input type="radio" name="choice" value="all" defaultChecked={choice === 'all'} />
                {t('repay.all', { amount: money(owed.amount_minor, owed.currency) })}
              </label>
              <label className="kyc-choice">
                <input
                  type="radio"
                  name="choice"
                  value="other"
                  defaultChecked={choice === 'other'}
                />
                {t('repay.other')}
              </label>
              {errors.choice ? (
                <p className="field-error" role="alert">
                  {t(errors.choice)}
                </p>
              ) : null}
            </fieldset>
            <TextField
              name="amount"
              label={t('repay.amount')}
              hint={t('repay.amountHint', { amount: money(owed.amount_minor, owed.currency) })}
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              defaultValue={values?.amount ?? ''}
              error={errors.amount}
            />
            <button type="submit" className="button" disabled={sending}>
              {sending ? t('repay.sending') : t('repay.submit')}
            </button>
          </Form>
          <p>
            <Link className="button secondary" to={localePath(locale, '/receipt')}>
              {t('repay.receiptInstead')}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}
