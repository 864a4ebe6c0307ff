import { localePath } from '~/utils/i18n.ts'
import type { Locale } from '@padi/domain/i18n/locales'

export type BiometricOutcome = { ok: true; response: unknown } | { ok: false; messageKey: string }

/** Whether this browser can ask for a fingerprint or face (a platform authenticator). */
export async function biometricsAvailable(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
  } catch {
    return false
  }
}

/**
 * docs/product/orders-and-payments.md (Biometrics): asks the web server for options, then the
 * device for the fingerprint or face. The WebAuthn library is fetched only now, so pages that
 * never use it do not carry it. Nothing is stored on the device.
 */
export async function runBiometricPrompt(
  locale: Locale,
  purpose: 'register' | 'payment',
): Promise<BiometricOutcome> {
  if (!(await biometricsAvailable())) return { ok: false, messageKey: 'biometric.notSupported' }
  const form = new FormData()
  form.set('purpose', purpose)
  let options: { code?: string; challenge?: string }
  try {
    const res = await fetch(localePath(locale, '/biometrics/options'), {
      method: 'POST',
      body: form,
    })
    options = (await res.json()) as typeof options
  } catch {
    return { ok: false, messageKey: 'biometric.failed' }
  }
  if (options.code === 'BIOMETRIC_NOT_SET_UP')
    return { ok: false, messageKey: 'biometric.setUpFirst' }
  if (!options.challenge)
    return {
      ok: false,
      messageKey: purpose === 'register' ? 'biometric.setupFailed' : 'biometric.failed',
    }
  try {
    const webauthn = await import('@simplewebauthn/browser')
    const response =
      purpose === 'register'
        ? await webauthn.startRegistration({ optionsJSON: options as never })
        : await webauthn.startAuthentication({ optionsJSON: options as never })
    return { ok: true, response }
  } catch {
    return {
      ok: false,
      messageKey: purpose === 'register' ? 'biometric.setupFailed' : 'biometric.failed',
    }
  }
}
