import { useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { renewalProblems } from '@padi/domain/credit/renewal-rules'
import type { CreditRenewalAnswer, RenewalBlockCode } from '@padi/domain/credit/renewal-schemas'
import { CONTRACT_TEXT } from '@padi/domain/credit/renewal-contract-text'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { readFormUpTo } from '~/utils/uploads.server.ts'
import { useSentBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { SignaturePadField } from '~/components/renewal/signature-pad-field.tsx'
import authCss from '~/components/auth/auth.css?url'
import kycCss from '~/components/kyc/kyc.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/renew-contract'

export const handle: StyleHandle = { css: [authCss, kycCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'renewal.title', 'renewal.description')

/** docs/product/credit.md (Renewal): whether a renewal may start, and the farmer's renewals. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['renewal'])
  try {
    const answer = await withUserToken({ session, locale }, (token) => api.creditRenewal(token))
    return { ...messages, answer }
  } catch (error) {
    return data(
      { ...messages, answer: null as CreditRenewalAnswer | null },
      readRefusal(error).init,
    )
  }
}

type ActionData = FormAnswer

/** docs/product/credit.md (Renewal): the new season's dates, the drawn signature, the terms agreed. */
const RenewalForm = z
  .object({
    planting_on: z.string().trim(),
    harvest_on: z.string().trim(),
    signature: z.string(),
    agree: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const problems = renewalProblems({
      plantingOn: v.planting_on,
      harvestOn: v.harvest_on,
      signature: v.signature,
      agreed: v.agree,
    })
    for (const [field, message] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', path: [field], message })
  })

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  // The drawn signature is a few tens of kilobytes; anything much larger is not a form of ours.
  const form = await readFormUpTo(request, 400 * 1024)
  if (form === null)
    return data<ActionData>({ formError: { key: 'renewal.errors.failed' } }, { status: 413 })
  const parsed = parseForm(RenewalForm, form, {
    planting_on: 'text',
    harvest_on: 'text',
    signature: 'text',
    agree: 'checkbox',
  })
  // The dates go back into the form; the signature (tens of kilobytes) does not.
  const values = {
    planting_on: (parsed.values.planting_on ?? '').trim(),
    harvest_on: (parsed.values.harvest_on ?? '').trim(),
  }
  if (!parsed.ok)
    return data<ActionData>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  const input = parsed.data
  try {
    await withUserToken({ session, locale }, (token) =>
      api.submitRenewal(token, input, locale, request.headers.get('user-agent') ?? ''),
    )
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid')
      return data<ActionData>(
        {
          fieldErrors: apiFieldErrors(refusal.error, [
            'planting_on',
            'harvest_on',
            'signature',
            'agree',
          ]),
          values,
        },
        refusal.init,
      )
    return data<ActionData>(
      {
        values,
        formError: refusal.message ?? {
          key:
            refusal.code === 'RENEWAL_NOT_ALLOWED' || refusal.code === 'RENEWAL_PENDING'
              ? 'renewal.errors.notAllowed'
              : 'renewal.errors.failed',
        },
      },
      refusal.init,
    )
  }
  return redirect(localePath(locale, '/renew-contract/success'), 303)
}

export default function RenewContract({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money, date } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  // Sent before the scripts arrived (then without a signature): its answer is on its way.
  const sentEarly = useSentBeforeHydration(form)
  const sending = navigation.state === 'submitting' || sentEarly
  const { answer } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const latest = answer?.data[0]
  return (
    <section className="kyc-page">
      <h1>{t('renewal.title')}</h1>
      {!answer ? (
        <p className="form-error" role="alert">
          {t('renewal.errors.load')}
        </p>
      ) : (
        <>
          {latest ? (
            <div className={latest.status === 'REJECTED' ? 'form-error' : 'notice'} role="status">
              <p>
                {t(`renewal.status.${latest.status}`, {
                  date: date(latest.created_at),
                })}
              </p>
              {latest.status === 'REJECTED' && latest.decision_reason ? (
                <p>{t('renewal.reason', { reason: latest.decision_reason })}</p>
              ) : null}
              <p>
                <a
                  className="button secondary"
                  href={localePath(locale, `/renew-contract/${latest.id}/contract`)}
                >
                  {t('renewal.download')}
                </a>
              </p>
            </div>
          ) : null}
          {!answer.eligibility.allowed ? (
            <Blocks
              blocks={answer.eligibility.blocks}
              canResubmitAt={latest?.can_resubmit_at ?? null}
              owed={answer.eligibility.outstanding}
            />
          ) : (
            <>
              <p>{t('renewal.intro')}</p>
              {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
              <Form ref={form} method="post" className="card kyc-form" noValidate>
                {answer.eligibility.credit ? (
                  <p className="notice">
                    {t('renewal.credit', {
                      amount: money(
                        answer.eligibility.credit.amount_minor,
                        answer.eligibility.credit.currency,
                      ),
                    })}
                  </p>
                ) : null}
                <TextField
                  name="planting_on"
                  type="date"
                  label={t('renewal.fields.planting')}
                  defaultValue={actionData?.values?.planting_on ?? ''}
                  error={errors.planting_on}
                />
                <TextField
                  name="harvest_on"
                  type="date"
                  label={t('renewal.fields.harvest')}
                  hint={t('renewal.fields.harvestHint')}
                  defaultValue={actionData?.values?.harvest_on ?? ''}
                  error={errors.harvest_on}
                />
                <h2>{t('renewal.terms')}</h2>
                <ol className="renewal-terms">
                  {CONTRACT_TEXT[locale].terms.map((term) => (
                    <li key={term}>{term}</li>
                  ))}
                </ol>
                <SignaturePadField error={errors.signature} />
                <div className="field">
                  <label className="kyc-choice">
                    <input
                      type="checkbox"
                      name="agree"
                      aria-invalid={errors.agree ? true : undefined}
                      aria-describedby={errors.agree ? 'agree-error' : undefined}
                    />
                    {t('renewal.fields.agree')}
                  </label>
                  {errors.agree ? (
                    <p className="field-error" id="agree-error">
                      {t(errors.agree)}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className="button" disabled={sending}>
                  {sending ? t('renewal.sending') : t('renewal.submit')}
                </button>
              </Form>
            </>
          )}
        </>
      )}
    </section>
  )
}

/** Each condition that keeps a renewal from starting, with what the farmer can do about it. */
function Blocks({
  blocks,
  canResubmitAt,
  owed,
}: {
  blocks: RenewalBlockCode[]
  canResubmitAt: string | null
  owed: { amount_minor: number; currency: 'MYR' | 'THB' } | null
}) {
  const { t, locale, money, date } = useI18n()
  return (
    <div className="card">
      <p>{t('renewal.blocked')}</p>
      <ul>
        {blocks.map((b) => (
          <li key={b}>
            {t(`renewal.blocks.${b}`, {
              amount: owed ? money(owed.amount_minor, owed.currency) : '',
              date: canResubmitAt ? date(canResubmitAt) : '',
            })}
            {b === 'amount_due' ? (
              <>
                {' '}
                <Link className="button secondary" to={localePath(locale, '/receipt')}>
                  {t('renewal.repay')}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <Link className="button" to={localePath(locale, '/dashboard')}>
        {t('renewal.toDashboard')}
      </Link>
    </div>
  )
}
