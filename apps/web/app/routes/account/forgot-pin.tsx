import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { fieldMessages, formIntent, parseForm } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Message } from '~/components/auth/form-alert.tsx'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { PIN_INPUT } from '~/components/account/pin-fields.tsx'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/forgot-pin'

export const handle: StyleHandle = { css: [authCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'pin.forgot.title', 'pin.description')

/**
 * docs/product/orders-and-payments.md (The payment PIN): forgot PIN. A code goes by SMS to the
 * customer's number; with it they choose a new PIN, which also ends a lock.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext)
  return {
    ...pageMessages(params, ['auth', 'pin']),
    codeSent: Boolean(session.data.pinReset),
  }
}

type Field = 'code' | 'pin' | 'confirm_pin'
type ActionData = { formError?: Message; fieldErrors?: Partial<Record<Field, Message>> }

/** The code sent by SMS and the new PIN twice, with the API's own checks, said at once. */
const ResetForm = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'auth.errors.codeInvalid'),
    pin: z.string().trim().regex(PIN_PATTERN, 'pin.errors.format'),
    confirm_pin: z.string().trim(),
  })
  // Whether the two agree is said once the PIN itself is right.
  .refine((v) => !PIN_PATTERN.test(v.pin) || v.confirm_pin === v.pin, {
    message: 'pin.errors.mismatch',
    path: ['confirm_pin'],
  })

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const here = localePath(locale, '/forgot-pin')
  try {
    if (formIntent(formData, ['send']) === 'send' || !session.data.pinReset) {
      const sent = await withUserToken({ session, locale }, (t) => api.forgotPin(t, locale))
      session.update({
        pinReset: { preAuthSessionId: sent.preAuthSessionId, deviceId: sent.deviceId },
      })
      return redirect(here, 303)
    }
    const form = parseForm(ResetForm, formData, ['code', 'pin', 'confirm_pin'])
    if (!form.ok)
      return data<ActionData>({ fieldErrors: fieldMessages(form.fieldErrors) }, { status: 400 })
    const { code, pin, confirm_pin: confirm } = form.data
    const challenge = session.data.pinReset
    await withUserToken({ session, locale }, (t) =>
      api.resetPin(t, { ...challenge, userInputCode: code, pin, confirm_pin: confirm }),
    )
    const user = session.data.user
    session.update({
      pinReset: undefined,
      ...(user ? { user: { ...user, isPinSet: true } } : {}),
      flash: { kind: 'success', messageKey: 'flash.pinReset' },
    })
    // Back to paying when the farmer came from a payment, else to the settings.
    return redirect(
      localePath(locale, session.data.checkout ? '/checkout/payment' : '/settings'),
      303,
    )
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.code === 'PIN_MISMATCH')
      return data<ActionData>(
        { fieldErrors: { confirm_pin: { key: 'pin.errors.mismatch' } } },
        refusal.init,
      )
    if (refusal.code === 'PIN_TOO_COMMON')
      return data<ActionData>({ fieldErrors: { pin: { key: 'pin.errors.common' } } }, refusal.init)
    // A code that can no longer be used: ask for a new one.
    if (refusal.code === 'OTP_EXPIRED' || refusal.code === 'OTP_EXHAUSTED')
      session.update({ pinReset: undefined })
    return data<ActionData>(
      { formError: refusal.message ?? { key: 'pin.errors.failed' } },
      refusal.init,
    )
  }
}

export default function ForgotPin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const fe = actionData?.fieldErrors ?? {}
  // Keys: the field translates them.
  const err = (f: Field) => ({ error: fe[f]?.key, errorParams: fe[f]?.params })
  return (
    <section className="auth-page">
      <p className="link-line">
        <Link to={localePath(locale, '/settings/pin')}>← {t('pin.title')}</Link>
      </p>
      <h1>{t('pin.forgot.title')}</h1>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {loaderData.codeSent ? (
        <>
          <p>{t('pin.forgot.codeSent')}</p>
          <Form method="post" className="form" noValidate>
            <TextField
              name="code"
              label={t('pin.forgot.code')}
              {...err('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
            <TextField name="pin" label={t('pin.new')} {...err('pin')} {...PIN_INPUT} />
            <TextField
              name="confirm_pin"
              label={t('pin.confirm')}
              {...err('confirm_pin')}
              {...PIN_INPUT}
            />
            <button className="button" type="submit" name="intent" value="reset" disabled={busy}>
              {t('pin.forgot.save')}
            </button>
          </Form>
          <Form method="post">
            <button className="button link-button" type="submit" name="intent" value="send">
              {t('pin.forgot.resend')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>{t('pin.forgot.intro')}</p>
          <Form method="post" className="form">
            <button className="button" type="submit" name="intent" value="send" disabled={busy}>
              {t('pin.forgot.send')}
            </button>
          </Form>
        </>
      )}
    </section>
  )
}
