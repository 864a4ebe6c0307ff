import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { PasswordForgotSchema, PasswordResetSchema } from '@padi/domain/auth/schemas'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import type { ApiClient } from '~/utils/api.server.ts'
import { startSession } from '~/utils/auth.server.ts'
import { carryVisitorCart } from '~/utils/cart.server.ts'
import { sessionContext, type PreAuth, type WebSession } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { MobileField, NewPasswordFields } from '~/components/auth/account-fields.tsx'
import { FormAlert, Notice, TextWithMobile } from '~/components/auth/form-alert.tsx'
import { CodeStepForms } from '~/components/auth/otp-controls.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { maskMobile } from '~/components/auth/mobile-display.ts'
import { noticeFrom, type AuthActionData } from './+shared/messages.ts'
import { cooldownLeft, restartStep, resendStep } from './+shared/otp-step.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/forgot-password'

const ResetFieldsSchema = PasswordResetSchema.pick({ userInputCode: true, password: true })

export const handle: StyleHandle = { css: [authCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'auth.forgot.title', 'auth.forgot.description')

const resetPreAuth = (session: WebSession): PreAuth | null =>
  session.data.preAuth?.purpose === 'password_reset' ? session.data.preAuth : null

/** Step 1 (the number) or step 2 (code and new password), kept in the server-side session. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const messages = pageMessages(params, ['auth', 'validation'])
  const preAuth = resetPreAuth(context.get(sessionContext))
  if (!preAuth) return { ...messages, step: 'mobile' as const, notice: noticeFrom(url, ['ended']) }
  return {
    ...messages,
    step: 'reset' as const,
    mobile: maskMobile(preAuth.mobile),
    cooldown: cooldownLeft(preAuth),
    sentAt: preAuth.sentAt,
    // The same words whether or not the number has an account (no way to probe for accounts).
    notice: noticeFrom(url, ['resent']) ?? 'auth.forgot.sent',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['restart', 'resend', 'reset'])
  const pagePath = `/${locale}/forgot-pwd`
  if (intent === 'restart') return restartStep(session, pagePath)
  if (intent === 'resend' || intent === 'reset') {
    const preAuth = resetPreAuth(session)
    if (!preAuth) return redirect(`${pagePath}?notice=ended`)
    if (intent === 'resend') return resendStep({ session, api, locale, preAuth, pagePath })
    return resetPassword({ session, api, locale, preAuth, formData })
  }
  return sendCode({ session, api, locale, formData, pagePath })
}

async function sendCode(ctx: {
  session: WebSession
  api: ApiClient
  locale: Locale
  formData: FormData
  pagePath: string
}) {
  const { session, api, locale, formData, pagePath } = ctx
  const form = parseForm(PasswordForgotSchema, formData, ['mobile'])
  if (!form.ok)
    return data<AuthActionData>(
      { fieldErrors: form.fieldErrors, values: form.values },
      { status: 400 },
    )
  const values = { mobile: form.values.mobile ?? '' }
  try {
    const answer = await api.forgotPassword(form.data.mobile, locale)
    session.update({
      preAuth: {
        purpose: 'password_reset',
        preAuthSessionId: answer.preAuthSessionId,
        deviceId: answer.deviceId,
        mobile: form.data.mobile,
        sentAt: Date.now(),
      },
    })
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid')
      return data<AuthActionData>(
        { values, fieldErrors: apiFieldErrors(refusal.error, ['mobile']) },
        { status: 400 },
      )
    return data<AuthActionData>(
      { values, formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  return redirect(pagePath)
}

async function resetPassword(ctx: {
  session: WebSession
  api: ApiClient
  locale: Locale
  preAuth: PreAuth
  formData: FormData
}) {
  const { session, api, locale, preAuth, formData } = ctx
  const form = parseForm(ResetFieldsSchema, formData, [
    'userInputCode',
    'password',
    'password_confirm',
  ])
  const fieldErrors: FieldErrors = form.ok ? {} : { ...form.fieldErrors }
  // docs/product/accounts.md: the two password entries must match.
  if (!fieldErrors.password && form.values.password_confirm !== form.values.password)
    fieldErrors.password_confirm = 'validation.passwordsDoNotMatch'
  if (!form.ok || Object.keys(fieldErrors).length > 0)
    return data<AuthActionData>({ fieldErrors }, { status: 400 })
  try {
    const answer = await api.resetPassword({
      preAuthSessionId: preAuth.preAuthSessionId,
      deviceId: preAuth.deviceId,
      userInputCode: form.data.userInputCode,
      password: form.data.password,
    })
    const visitorCart = session.data.visitorCart
    startSession(session, answer)
    await carryVisitorCart(session, api, visitorCart)
    // Shown by the layout on the next page, in the shared catalogue.
    session.update({ flash: { kind: 'success', messageKey: 'flash.passwordChanged' } })
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid')
      return data<AuthActionData>(
        { fieldErrors: apiFieldErrors(refusal.error, ['userInputCode', 'password']) },
        { status: 400 },
      )
    return data<AuthActionData>(
      { formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  return redirect(`/${locale}`)
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.step === 'reset' ? (
    <ResetStep
      mobile={loaderData.mobile}
      cooldown={loaderData.cooldown}
      sentAt={loaderData.sentAt}
      notice={loaderData.notice}
      actionData={actionData}
    />
  ) : (
    <MobileStep notice={loaderData.notice} actionData={actionData} />
  )
}

function MobileStep({
  notice,
  actionData,
}: {
  notice: string | null
  actionData: AuthActionData | undefined
}) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <section className="auth-page">
      <h1>{t('auth.forgot.title')}</h1>
      {notice ? <Notice messageKey={notice} /> : null}
      <p>{t('auth.forgot.intro')}</p>
      <Form method="post" action={localePath(locale, '/forgot-pwd')} className="form" noValidate>
        {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
        <MobileField
          autoComplete="username"
          defaultValue={actionData?.values?.mobile}
          error={actionData?.fieldErrors?.mobile}
        />
        <button className="button" type="submit" disabled={submitting}>
          {submitting ? t('common.sending') : t('auth.forgot.submit')}
        </button>
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={localePath(locale, '/login')}>{t('auth.forgot.backToLogin')}</Link>
        </li>
      </ul>
    </section>
  )
}

function ResetStep({
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
  actionData: AuthActionData | undefined
}) {
  const { t, locale } = useI18n()
  const errors = actionData?.fieldErrors ?? {}
  return (
    <section className="auth-page">
      <h1>{t('auth.forgot.resetHeading')}</h1>
      <Notice messageKey={notice} />
      <TextWithMobile messageKey="auth.forgot.codeSentTo" mobile={mobile} />
      <CodeStepForms
        action={localePath(locale, '/forgot-pwd')}
        intent="reset"
        submitLabel={t('auth.forgot.submitReset')}
        formError={actionData?.formError}
        codeError={errors.userInputCode}
        cooldown={cooldown}
        sentAt={sentAt}
      >
        <NewPasswordFields
          labelKey="auth.fields.newPassword"
          confirmKey="auth.fields.newPasswordConfirm"
          errors={errors}
        />
      </CodeStepForms>
    </section>
  )
}
