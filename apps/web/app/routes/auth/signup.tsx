import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { OtpVerifySchema, SignupSchema } from '@padi/domain/auth/schemas'
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
import type { BranchGroup } from '~/components/auth/branch-select.tsx'
import { ProfileFields } from '~/components/auth/profile-fields.tsx'
import { branchGroups } from '~/components/auth/branch-groups.ts'
import { CodeStepForms } from '~/components/auth/otp-controls.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { maskMobile } from '~/components/auth/mobile-display.ts'
import { noticeFrom, type AuthActionData } from './+shared/messages.ts'
import { cooldownLeft, restartStep, resendStep } from './+shared/otp-step.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { safeRedirectTo } from '~/utils/safe-redirect.ts'
import type { Route } from './+types/signup'

const FIELDS = [
  'mobile',
  'password',
  'full_name',
  'email',
  'postcode',
  'area',
  'district',
  'preferred_branch',
] as const
const CodeSchema = OtpVerifySchema.pick({ userInputCode: true })
/** The page the farmer was on the way to (checked before it is used). */
const OnwardForm = z.object({ redirectTo: z.string() })

export const handle: StyleHandle = { css: [authCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'auth.signup.title', 'auth.signup.description')

const signupPreAuth = (session: WebSession): PreAuth | null =>
  session.data.preAuth?.purpose === 'signup' ? session.data.preAuth : null

/** Step 1 (details) or step 2 (the code), from the server-side session: works without JavaScript. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const url = new URL(request.url)
  const messages = pageMessages(params, ['auth', 'fields', 'validation'])
  const preAuth = signupPreAuth(context.get(sessionContext))
  if (preAuth) {
    return {
      ...messages,
      step: 'code' as const,
      mobile: maskMobile(preAuth.mobile),
      cooldown: cooldownLeft(preAuth),
      sentAt: preAuth.sentAt,
      notice: noticeFrom(url, ['resent', 'pending']),
    }
  }
  let groups: BranchGroup[] | null
  try {
    groups = branchGroups(await context.get(apiContext).listBranches(), locale)
  } catch {
    groups = null
  }
  // docs/product/accounts.md: a farmer sent to log in on the way somewhere (the cart's checkout)
  // who signs up instead goes on there too.
  const redirectTo = url.searchParams.get('redirectTo')
  return {
    ...messages,
    step: 'details' as const,
    branchGroups: groups,
    notice: noticeFrom(url, ['ended']),
    redirectTo: redirectTo && safeRedirectTo(redirectTo, locale) === redirectTo ? redirectTo : '',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['restart', 'resend', 'verify'])
  const pagePath = `/${locale}/signup`
  if (intent === 'restart') return restartStep(session, pagePath)
  if (intent === 'resend' || intent === 'verify') {
    const preAuth = signupPreAuth(session)
    // The session lost its pending sign-up (cookie cleared, another tab): start again.
    if (!preAuth) return redirect(`${pagePath}?notice=ended`)
    if (intent === 'resend') return resendStep({ session, api, locale, preAuth, pagePath })
    return verifyCode({ session, api, locale, preAuth, formData })
  }
  return createAccount({ session, api, locale, formData, pagePath })
}

/** docs/product/accounts.md sign-up flow, steps 1-2: create the account, keep the pre-auth ids in the session. */
async function createAccount(ctx: {
  session: WebSession
  api: ApiClient
  locale: Locale
  formData: FormData
  pagePath: string
}) {
  const { session, api, locale, formData, pagePath } = ctx
  const form = parseForm(SignupSchema, formData, [...FIELDS, 'password_confirm'])
  const fieldErrors: FieldErrors = form.ok ? {} : { ...form.fieldErrors }
  // docs/product/accounts.md: the two password entries must match.
  if (!fieldErrors.password && form.values.password_confirm !== form.values.password)
    fieldErrors.password_confirm = 'validation.passwordsDoNotMatch'
  // Everything typed goes back into the form except the passwords.
  const { password: _password, password_confirm: _confirm, ...values } = form.values
  if (!form.ok || Object.keys(fieldErrors).length > 0)
    return data<AuthActionData>({ fieldErrors, values }, { status: 400 })

  const mobile = form.data.mobile
  const home = `/${locale}`
  const asked = parseForm(OnwardForm, formData, ['redirectTo'])
  const onward = safeRedirectTo(asked.ok ? asked.data.redirectTo : '', locale)
  const startCodeStep = (ids: { preAuthSessionId: string; deviceId: string; token?: string }) =>
    session.update({
      preAuth: {
        purpose: 'signup',
        preAuthSessionId: ids.preAuthSessionId,
        deviceId: ids.deviceId,
        mobile,
        sentAt: Date.now(),
        ...(onward !== home ? { redirectTo: onward } : {}),
      },
      preAuthToken: ids.token,
    })
  try {
    const answer = await api.signup({ ...form.data, email: form.data.email ?? null }, locale)
    // docs/product/accounts.md: only a 201 answer carries the ids; anything else is an unexpected answer.
    if (answer.statusCode !== 201 || !answer.preAuthSessionId || !answer.deviceId)
      return data<AuthActionData>(
        { values, formError: { key: 'auth.errors.signupFailed' } },
        { status: 502 },
      )
    startCodeStep({ ...answer, token: answer.access_token })
    return redirect(pagePath)
  } catch (error) {
    const refusal = readRefusal(error)
    // docs/product/accounts.md: a pending account (409 with a deviceId) is not a failure: a new code was sent.
    const body = refusal.error.body
    if (
      refusal.code === 'SIGNUP_PENDING' &&
      body.preAuthSessionId !== undefined &&
      body.deviceId !== undefined
    ) {
      // docs/product/errors.md: the pending session (its ids) is stored, not a token, so guard 5 (not guard 3)
      // applies while the farmer looks elsewhere before entering the code.
      startCodeStep({ preAuthSessionId: body.preAuthSessionId, deviceId: body.deviceId })
      return redirect(`${pagePath}?notice=pending`)
    }
    if (refusal.code === 'USER_EXISTS')
      return data<AuthActionData>(
        { values, formError: { key: 'auth.errors.userExists' }, userExists: true },
        { status: 409 },
      )
    if (refusal.kind === 'invalid')
      return data<AuthActionData>(
        { values, fieldErrors: apiFieldErrors(refusal.error, FIELDS) },
        { status: 400 },
      )
    // docs/product/errors.md: other sign-up errors: 'sign up failed', try later.
    return data<AuthActionData>(
      { values, formError: refusal.message ?? { key: 'auth.errors.signupFailed' } },
      refusal.init,
    )
  }
}

/** docs/product/accounts.md sign-up flow, step 3: status 'OK' completes the sign-up and logs the farmer in. */
async function verifyCode(ctx: {
  session: WebSession
  api: ApiClient
  locale: Locale
  preAuth: PreAuth
  formData: FormData
}) {
  const { session, api, locale, preAuth, formData } = ctx
  const form = parseForm(CodeSchema, formData, ['userInputCode'])
  if (!form.ok) return data<AuthActionData>({ fieldErrors: form.fieldErrors }, { status: 400 })
  try {
    const answer = await api.verifyOtp({
      preAuthSessionId: preAuth.preAuthSessionId,
      deviceId: preAuth.deviceId,
      userInputCode: form.data.userInputCode,
    })
    const visitorCart = session.data.visitorCart
    startSession(session, answer)
    await carryVisitorCart(session, api, visitorCart)
    session.update({ flash: { kind: 'success', messageKey: 'flash.signedUp' } })
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.code === 'USER_EXISTS') {
      // The number was activated meanwhile (another phone): the details step says what to do.
      session.update({ preAuth: undefined, preAuthToken: undefined })
      return data<AuthActionData>(
        { formError: { key: 'auth.errors.userExists' }, userExists: true },
        { status: 409 },
      )
    }
    return data<AuthActionData>(
      { formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  // docs/product/accounts.md: the farmer lands where they were going (checked again), else on the
  // home page, logged in.
  return redirect(safeRedirectTo(preAuth.redirectTo ?? `/${locale}`, locale))
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.step === 'code' ? (
    <CodeStep
      mobile={loaderData.mobile}
      cooldown={loaderData.cooldown}
      sentAt={loaderData.sentAt}
      notice={loaderData.notice}
      actionData={actionData}
    />
  ) : (
    <DetailsStep
      groups={loaderData.branchGroups}
      notice={loaderData.notice}
      actionData={actionData}
      redirectTo={loaderData.redirectTo}
    />
  )
}

function DetailsStep({
  groups,
  notice,
  actionData,
  redirectTo,
}: {
  groups: BranchGroup[] | null
  notice: string | null
  redirectTo: string
  actionData: AuthActionData | undefined
}) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values ?? {}
  return (
    <section className="auth-page">
      <h1>{t('auth.signup.title')}</h1>
      {notice ? <Notice messageKey={notice} /> : null}
      <p>{t('auth.signup.intro')}</p>
      <Form method="post" action={localePath(locale, '/signup')} className="form" noValidate>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {actionData?.formError ? (
          <FormAlert message={actionData.formError}>
            {actionData.userExists ? (
              <ul className="auth-links">
                <li>
                  <Link to={localePath(locale, '/login')}>{t('auth.signup.login')}</Link>
                </li>
                <li>
                  <Link to={localePath(locale, '/forgot-pwd')}>
                    {t('auth.errors.resetPassword')}
                  </Link>
                </li>
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
        {groups === null ? (
          <FormAlert message={{ key: 'auth.signup.branchesUnavailable' }} />
        ) : null}
        <MobileField autoComplete="tel" defaultValue={values.mobile} error={errors.mobile} />
        <NewPasswordFields
          labelKey="auth.fields.password"
          confirmKey="auth.fields.passwordConfirm"
          errors={errors}
        />
        <ProfileFields values={values} errors={errors} groups={groups ?? []} />
        <button className="button" type="submit" disabled={submitting}>
          {submitting ? t('common.sending') : t('auth.signup.submit')}
        </button>
      </Form>
      <ul className="auth-links">
        <li>
          {t('auth.signup.haveAccount')}{' '}
          <Link to={localePath(locale, '/login')}>{t('auth.signup.login')}</Link>
        </li>
      </ul>
    </section>
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
  notice: string | null
  actionData: AuthActionData | undefined
}) {
  const { t, locale } = useI18n()
  return (
    <section className="auth-page">
      <h1>{t('auth.signup.verifyHeading')}</h1>
      {notice ? <Notice messageKey={notice} /> : null}
      <TextWithMobile messageKey="auth.signup.codeSent" mobile={mobile} />
      <CodeStepForms
        action={localePath(locale, '/signup')}
        intent="verify"
        submitLabel={t('auth.signup.verify')}
        formError={actionData?.formError}
        codeError={actionData?.fieldErrors?.userInputCode}
        cooldown={cooldown}
        sentAt={sentAt}
      />
    </section>
  )
}
