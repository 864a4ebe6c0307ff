import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { LoginSchema } from '@padi/domain/auth/schemas'
import { isLocale } from '@padi/domain/i18n/locales'
import { landingAfterLogin } from '@padi/domain/auth/desks'
import { apiContext } from '~/utils/context.server.ts'
import { startSession } from '~/utils/auth.server.ts'
import { carryVisitorCart } from '~/utils/cart.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { MobileField } from '~/components/auth/account-fields.tsx'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { safeRedirectTo } from '~/utils/safe-redirect.ts'
import { readRefusal, type Refusal } from '~/utils/api-errors.server.ts'
import type { AuthActionData } from './+shared/messages.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/login'

const FIELDS = ['mobile', 'password'] as const

export const handle: StyleHandle = { css: [authCss] }

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'auth.login.title', 'auth.login.description')

export function loader({ params, request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return {
    ...pageMessages(params, ['auth', 'validation']),
    redirectTo:
      redirectTo && safeRedirectTo(redirectTo, params.lang) === redirectTo ? redirectTo : '',
  }
}

const GENERIC: Message = { key: 'auth.errors.generic' }
/**
 * A refusal without its own text: not let in (a 401 other than the wrong number or password,
 * which has its text) is said as a wrong number or password, a barred account as such.
 */
function loginFallback(refusal: Refusal): Message {
  if (refusal.kind === 'signedOut') return { key: 'auth.errors.invalidCredentials' }
  if (refusal.code === 'FORBIDDEN') return { key: 'security.forbidden.details' }
  return GENERIC
}

/** The page to go on to after logging in (checked before it is used). */
const OnwardForm = z.object({ redirectTo: z.string() })

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = isLocale(params.lang) ? params.lang : 'en'
  const formData = await request.formData()
  const form = parseForm(LoginSchema, formData, FIELDS)
  // Only the number goes back into the page, never the password.
  const values = { mobile: form.values.mobile ?? '' }
  if (!form.ok)
    return data<AuthActionData>({ fieldErrors: form.fieldErrors, values }, { status: 400 })
  let role: string
  try {
    const api = context.get(apiContext)
    const answer = await api.login(form.data, lang)
    // docs/product/accounts.md: a login answer stores the tokens and the user.
    const session = context.get(sessionContext)
    const visitorCart = session.data.visitorCart
    startSession(session, answer)
    role = answer.data.role
    await carryVisitorCart(session, api, visitorCart)
    // A word that it worked: a toast, or a notice at the top of the page without JavaScript.
    session.update({ flash: { kind: 'success', messageKey: 'flash.loggedIn' } })
  } catch (error) {
    const refusal = readRefusal(error)
    // The API down, or anything unexpected: the farmer can simply try again.
    const message = refusal.message ?? loginFallback(refusal)
    return data<AuthActionData>({ values, formError: message }, refusal.init)
  }
  // Only a path on this site under a locale: an open redirect would let a link send farmers away.
  const onward = parseForm(OnwardForm, formData, ['redirectTo'])
  const asked = safeRedirectTo(onward.ok ? onward.data.redirectTo : '', lang)
  // docs/product/accounts.md (Desks): the page asked for when the role may open it, else the
  // role's desk (the counter, the back office) or, for a customer, the shop's home.
  return redirect(landingAfterLogin(role, lang, asked === `/${lang}` ? null : asked))
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values ?? {}
  return (
    <section className="auth-page">
      <h1>{t('auth.login.title')}</h1>
      <Form method="post" className="form" noValidate>
        {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
        {loaderData.redirectTo ? (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        ) : null}
        <MobileField autoComplete="username" defaultValue={values.mobile} error={errors.mobile} />
        <TextField
          name="password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          maxLength={128}
          required
          error={errors.password}
        />
        <button className="button" type="submit" disabled={submitting}>
          {submitting ? t('common.sending') : t('auth.login.submit')}
        </button>
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={localePath(locale, '/forgot-pwd')}>{t('auth.login.forgot')}</Link>
        </li>
        <li>
          {t('auth.login.noAccount')}{' '}
          <Link
            to={`${localePath(locale, '/signup')}${loaderData.redirectTo ? `?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}` : ''}`}
          >
            {t('auth.login.signup')}
          </Link>
        </li>
      </ul>
    </section>
  )
}
