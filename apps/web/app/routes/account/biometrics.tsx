import { useEffect, useRef, useState, type FormEvent } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import {
  RegistrationResponseSchema,
  type BiometricDevices,
} from '@padi/domain/payment/biometric-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Message } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { PaymentRefusalAlert, PIN_INPUT } from '~/components/account/pin-fields.tsx'
import { deviceRefusal } from '~/components/account/device-proof.server.ts'
import { biometricsAvailable, runBiometricPrompt } from '~/components/account/biometric-prompt.ts'
import { ScriptsNow } from '~/components/scripts-now.tsx'
import authCss from '~/components/auth/auth.css?url'
import addressesCss from '~/components/account/addresses.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/biometrics'

export const handle: StyleHandle = { css: [authCss, addressesCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'biometric.title', 'biometric.description')

/**
 * docs/product/orders-and-payments.md (Biometrics): the devices that pay with a fingerprint or
 * face. Adding one asks first for the payment PIN, or with no PIN set for a code sent by SMS
 * (ADR 060); while the PIN is locked none can be added. Removing works without scripts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['account', 'biometric', 'pin', 'auth'])
  const codeSent = Boolean(session.data.deviceCode)
  try {
    const setup = await withUserToken({ session, locale }, (t) => api.biometricDevices(t))
    const lockedMs = setup.pin_locked_until ? Date.parse(setup.pin_locked_until) - Date.now() : 0
    return {
      ...messages,
      devices: setup.data,
      proof: setup.proof,
      lockMinutes: lockedMs > 0 ? Math.max(1, Math.ceil(lockedMs / 60_000)) : null,
      codeSent,
    }
  } catch (error) {
    return data(
      {
        ...messages,
        devices: null as BiometricDevices['data'] | null,
        proof: 'pin' as BiometricDevices['proof'],
        lockMinutes: null as number | null,
        codeSent,
      },
      readRefusal(error).init,
    )
  }
}

type ActionData = { error: Message }

/** The device to remove, by the id the API gave it. */
const RemoveForm = z.object({ id: z.string() })

/**
 * A device added: the device's answer (sent by the page's script; the form sent without it, with
 * Enter in a field, cannot add one), checked against the API's own rule before it is sent on,
 * and the name the farmer gave it.
 */
const DeviceForm = z.object({
  credential: z
    .string()
    .min(1, 'biometric.needsScript')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'biometric.setupFailed' })
        return z.NEVER
      }
    })
    .pipe(RegistrationResponseSchema),
  label: z
    .string()
    .trim()
    .transform((v) => v || 'Phone'),
})

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const back = localePath(locale, '/settings/biometrics')
  const intent = formIntent(formData, ['remove', 'send-code'])
  try {
    if (intent === 'remove') {
      const form = parseForm(RemoveForm, formData, ['id'])
      const id = form.ok ? form.data.id : ''
      await withUserToken({ session, locale }, (t) => api.removeBiometric(t, id))
      session.update({ flash: { kind: 'success', messageKey: 'flash.biometricRemoved' } })
      return redirect(back, 303)
    }
    if (intent === 'send-code') {
      const sent = await withUserToken({ session, locale }, (t) => api.sendBiometricCode(t, locale))
      session.update({
        deviceCode: { preAuthSessionId: sent.preAuthSessionId, deviceId: sent.deviceId },
      })
      return redirect(back, 303)
    }
    const form = parseForm(DeviceForm, formData, ['credential', 'label'])
    if (!form.ok) {
      // Sent without its script (Enter in a field): the device prompt needs JavaScript.
      const key =
        form.fieldErrors.credential === 'biometric.needsScript'
          ? 'biometric.needsScript'
          : 'biometric.setupFailed'
      return data<ActionData>({ error: { key } }, { status: 400 })
    }
    const { credential: response, label } = form.data
    await withUserToken({ session, locale }, (t) => api.registerBiometric(t, { label, response }))
    session.update({
      deviceCode: undefined,
      flash: { kind: 'success', messageKey: 'flash.biometricAdded' },
    })
    return redirect(back, 303)
  } catch (error) {
    const refusal = readRefusal(error)
    return data<ActionData>(
      { error: deviceRefusal(refusal.error, 'biometric.setupFailed') },
      refusal.init,
    )
  }
}

export default function Biometrics({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const credential = useRef<HTMLInputElement>(null)
  const [supported, setSupported] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Message | null>(null)
  useEffect(() => {
    void biometricsAvailable().then(setSupported)
  }, [])
  const { devices, proof, lockMinutes, codeSent } = loaderData
  const register = async () => {
    const fields = new FormData(form.current!)
    const pin = String(fields.get('pin') ?? '').trim()
    const code = String(fields.get('code') ?? '').trim()
    setError(null)
    // The PIN (or the code) first: the prompt comes only after it (ADR 060).
    if (proof === 'pin' && !PIN_PATTERN.test(pin))
      return setError({ key: pin ? 'pin.errors.format' : 'biometric.proof.pinRequired' })
    if (proof === 'sms_code' && !/^\d{6}$/.test(code))
      return setError({ key: code ? 'auth.errors.codeInvalid' : 'biometric.proof.codeRequired' })
    setBusy(true)
    const outcome = await runBiometricPrompt(
      locale,
      'register',
      proof === 'pin' ? { pin } : { code },
    )
    setBusy(false)
    // The PIN is typed again after a refusal, and not sent again with the device's answer: it
    // was judged with the options.
    const pinInput = form.current!.elements.namedItem('pin')
    if (pinInput instanceof HTMLInputElement) pinInput.value = ''
    if (!outcome.ok) return setError(outcome.message)
    credential.current!.value = JSON.stringify(outcome.response)
    form.current!.requestSubmit()
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a field: the button's work (proof, then the prompt), not a bare post.
    if (credential.current?.value) return
    event.preventDefault()
    if (supported && !busy) void register()
  }
  const shown = error ?? actionData?.error ?? null
  const lockedNow = lockMinutes !== null
  return (
    <section className="auth-page address-page">
      <p className="link-line">
        <Link to={localePath(locale, '/settings')}>← {t('account.addresses.back')}</Link>
      </p>
      <h1>{t('biometric.title')}</h1>
      <p>{t('biometric.intro')}</p>
      {shown ? <PaymentRefusalAlert message={shown} /> : null}
      {devices === null ? (
        <p className="form-error" role="alert">
          {t('biometric.loadFailed')}
        </p>
      ) : devices.length === 0 ? (
        <p className="hint">{t('biometric.none')}</p>
      ) : (
        <ul className="address-list">
          {devices.map((d) => (
            <li key={d.id} className="card address-card">
              <p>
                <strong>{d.label}</strong>
              </p>
              <p className="hint">
                {t('biometric.added', { date: date(d.created_at) })}
                {d.last_used_at ? ` · ${t('biometric.used', { date: date(d.last_used_at) })}` : ''}
              </p>
              <Form method="post">
                <input type="hidden" name="id" value={d.id} />
                <button className="button secondary" name="intent" value="remove" type="submit">
                  {t('biometric.remove')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {devices === null ? null : lockedNow ? (
        // One lock for the money: while the PIN is locked no phone is added (ADR 060).
        <div className="card" role="status">
          <p>{t('pin.errors.locked', { minutes: lockMinutes })}</p>
          <p>{t('biometric.proof.lockedNoAdd')}</p>
          <p>
            <Link to={localePath(locale, '/forgot-pin')}>{t('pin.forgot.link')}</Link>
          </p>
        </div>
      ) : (
        <>
          {/* Registering is a button only the scripts bring: they start at once on this page. */}
          <ScriptsNow />
          {proof === 'sms_code' && !codeSent ? (
            <Form method="post" className="form card">
              <p>{t('biometric.proof.codeIntro')}</p>
              <button className="button" type="submit" name="intent" value="send-code">
                {t('biometric.proof.send')}
              </button>
              <p className="hint">
                <Link to={localePath(locale, '/settings/pin')}>{t('biometric.proof.setPin')}</Link>
              </p>
            </Form>
          ) : (
            <Form method="post" ref={form} className="form card" onSubmit={submit}>
              <input type="hidden" name="credential" ref={credential} />
              <input type="hidden" name="intent" value="register" />
              <div className="field">
                <label htmlFor="biometric-label">{t('biometric.label')}</label>
                <input
                  id="biometric-label"
                  name="label"
                  maxLength={60}
                  defaultValue={t('biometric.defaultLabel')}
                />
              </div>
              {proof === 'pin' ? (
                <TextField
                  name="pin"
                  label={t('biometric.proof.pin')}
                  hint={t('biometric.proof.pinHint')}
                  {...PIN_INPUT}
                  // Emptied before the device's answer is posted, so not required by the browser;
                  // the button's script asks for it before the prompt.
                  required={false}
                />
              ) : (
                <>
                  <p className="hint">{t('biometric.proof.codeSent')}</p>
                  <TextField
                    name="code"
                    label={t('biometric.proof.code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                  />
                </>
              )}
              <noscript>
                <p className="hint">{t('biometric.needsScript')}</p>
              </noscript>
              {supported === false ? <p className="hint">{t('biometric.notSupported')}</p> : null}
              <button
                className="button"
                type="button"
                onClick={() => void register()}
                disabled={!supported || busy || navigation.state !== 'idle'}
              >
                {busy ? t('biometric.waiting') : t('biometric.register')}
              </button>
            </Form>
          )}
          {proof === 'sms_code' && codeSent ? (
            <Form method="post">
              <button className="link-button" type="submit" name="intent" value="send-code">
                {t('biometric.proof.resend')}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  )
}
