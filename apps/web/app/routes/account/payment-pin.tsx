import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/payment-pin'

export const handle: StyleHandle = { css: [authCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'account.pin.title', 'account.pin.description')

/** docs/product/orders-and-payments.md: the payment PIN, set or changed from the settings. */
export function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  return {
    ...pageMessages(params, ['account']),
    isPinSet: Boolean(session.data.user?.isPinSet),
  }
}

type Field = 'current_pin' | 'pin' | 'confirm_pin'
type ActionData = {
  fieldErrors?: Partial<Record<Field, { key: string; params?: Record<string, number> }>>
  formError?: { key: string; params?: Record<string, number> }
}

/** What each refusal of the API says, and under which field. */
const REFUSALS: Partial<Record<string, [Field | null, string]>> = {
  PIN_MISMATCH: ['confirm_pin', 'account.pin.errors.mismatch'],
  PIN_TOO_COMMON: ['pin', 'account.pin.errors.common'],
  PIN_CURRENT_REQUIRED: ['current_pin', 'account.pin.errors.currentRequired'],
  PIN_INVALID: ['current_pin', 'account.pin.errors.invalid'],
  PIN_LOCKED: [null, 'account.pin.errors.locked'],
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const value = (name: Field) => String(formData.get(name) ?? '').trim()
  const pin = value('pin')
  const confirm = value('confirm_pin')
  const current = value('current_pin')
  const wasSet = Boolean(session.data.user?.isPinSet)
  // The same checks the API makes, so a slip is answered at once; the API decides.
  const fieldErrors: ActionData['fieldErrors'] = {}
  if (!PIN_PATTERN.test(pin)) fieldErrors.pin = { key: 'account.pin.errors.format' }
  else if (confirm !== pin) fieldErrors.confirm_pin = { key: 'account.pin.errors.mismatch' }
  if (wasSet && !PIN_PATTERN.test(current))
    fieldErrors.current_pin = { key: 'account.pin.errors.currentRequired' }
  if (Object.keys(fieldErrors).length > 0) return data<ActionData>({ fieldErrors }, { status: 400 })
  try {
    await withUserToken({ session, locale }, (token) =>
      api.setPin(token, {
        pin,
        confirm_pin: confirm,
        ...(wasSet ? { current_pin: current } : {}),
      }),
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = REFUSALS[error.code]
    const body = (error.data ?? {}) as { attempts_left?: number }
    const minutes = Math.max(1, Math.ceil(Number(error.retryAfter ?? 1800) / 60))
    const message: { key: string; params?: Record<string, number> } = refusal
      ? {
          key: refusal[1],
          params: (error.code === 'PIN_INVALID'
            ? { count: body.attempts_left ?? 0 }
            : error.code === 'PIN_LOCKED'
              ? { minutes }
              : {}) as Record<string, number>,
        }
      : { key: readRefusal(error).message?.key ?? 'account.pin.errors.failed' }
    const init = readRefusal(error).init
    if (refusal?.[0]) return data<ActionData>({ fieldErrors: { [refusal[0]]: message } }, init)
    return data<ActionData>({ formError: message }, init)
  }
  if (session.data.user) session.update({ user: { ...session.data.user, isPinSet: true } })
  session.update({
    flash: { kind: 'success', messageKey: wasSet ? 'common.pinChanged' : 'common.pinSet' },
  })
  return redirect(localePath(locale, '/settings'), 303)
}

export default function PaymentPin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const error = (field: Field) => {
    const e = errors[field]
    return e ? t(e.key, e.params) : undefined
  }
  // PIN fields: digits only, never filled in by the browser, never kept by it.
  const pinField = {
    type: 'password',
    inputMode: 'numeric' as const,
    pattern: '[0-9]{6}',
    maxLength: 6,
    minLength: 6,
    autoComplete: 'off',
    required: true,
  }
  return (
    <section className="auth-page">
      <p>
        <Link to={localePath(locale, '/settings')}>← {t('account.addresses.back')}</Link>
      </p>
      <h1>{t('account.pin.title')}</h1>
      <p>{t('account.pin.intro')}</p>
      <p className="hint">
        {loaderData.isPinSet ? t('account.pin.isSet') : t('account.pin.notSet')}
      </p>
      {actionData?.formError ? (
        <p className="form-error" role="alert">
          {t(actionData.formError.key, actionData.formError.params)}
        </p>
      ) : null}
      <Form method="post" className="form" noValidate>
        {loaderData.isPinSet ? (
          <TextField
            name="current_pin"
            label={t('account.pin.current')}
            error={error('current_pin')}
            {...pinField}
          />
        ) : null}
        <TextField
          name="pin"
          label={loaderData.isPinSet ? t('account.pin.new') : t('account.pin.create')}
          error={error('pin')}
          {...pinField}
          autoComplete="new-password"
        />
        <TextField
          name="confirm_pin"
          label={t('account.pin.confirm')}
          error={error('confirm_pin')}
          {...pinField}
          autoComplete="new-password"
        />
        <button className="button" type="submit" disabled={busy}>
          {loaderData.isPinSet ? t('account.pin.saveChange') : t('account.pin.saveNew')}
        </button>
      </Form>
    </section>
  )
}
