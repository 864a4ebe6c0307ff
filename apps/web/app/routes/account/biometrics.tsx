import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { BiometricDevice } from '@padi/domain/payment/biometric-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
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

/** docs/product/orders-and-payments.md (Biometrics): the devices that pay with a fingerprint or face. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['account', 'biometric'])
  try {
    const devices = await withUserToken({ session, locale }, (t) => api.biometricDevices(t))
    return { ...messages, devices }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return data({ ...messages, devices: null as BiometricDevice[] | null }, readRefusal(error).init)
  }
}

type ActionData = { errorKey: string }

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const back = localePath(locale, '/settings/biometrics')
  try {
    if (formData.get('intent') === 'remove') {
      const id = String(formData.get('id') ?? '')
      await withUserToken({ session, locale }, (t) => api.removeBiometric(t, id))
      session.update({ flash: { kind: 'success', messageKey: 'common.biometricRemoved' } })
      return redirect(back, 303)
    }
    let response: unknown
    try {
      response = JSON.parse(String(formData.get('credential') ?? ''))
    } catch {
      return data<ActionData>({ errorKey: 'biometric.setupFailed' }, { status: 400 })
    }
    const label = String(formData.get('label') ?? '').trim() || 'Phone'
    await withUserToken({ session, locale }, (t) => api.registerBiometric(t, { label, response }))
    session.update({ flash: { kind: 'success', messageKey: 'common.biometricAdded' } })
    return redirect(back, 303)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = readRefusal(error)
    return data<ActionData>(
      { errorKey: refusal.message?.key ?? 'biometric.setupFailed' },
      refusal.init,
    )
  }
}

export default function Biometrics({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const credential = useRef<HTMLInputElement>(null)
  const [supported, setSupported] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void biometricsAvailable().then(setSupported)
  }, [])
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : locale === 'bm' ? 'ms-MY' : 'en-MY', {
      dateStyle: 'medium',
    }).format(new Date(iso))
  const register = async () => {
    setBusy(true)
    setError(null)
    const outcome = await runBiometricPrompt(locale, 'register')
    setBusy(false)
    if (!outcome.ok) return setError(outcome.messageKey)
    credential.current!.value = JSON.stringify(outcome.response)
    form.current!.requestSubmit()
  }
  const { devices } = loaderData
  const shownError = error ?? actionData?.errorKey
  return (
    <section className="auth-page address-page">
      <p>
        <Link to={localePath(locale, '/settings')}>← {t('account.addresses.back')}</Link>
      </p>
      <h1>{t('biometric.title')}</h1>
      <p>{t('biometric.intro')}</p>
      {shownError ? (
        <p className="form-error" role="alert">
          {t(shownError)}
        </p>
      ) : null}
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
      {/* Registering is a button only the scripts bring: they start at once on this page. */}
      <ScriptsNow />
      <Form method="post" ref={form} className="form card">
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
    </section>
  )
}
