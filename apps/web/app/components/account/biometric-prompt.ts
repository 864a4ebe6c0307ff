import { localePath } from '~/utils/i18n.ts'
import type { Locale } from '@padi/domain/i18n/locales'

/** A catalogue key with its values, as the web server answers a refusal. */
export type BiometricMessage = { key: string; params?: Record<string, string | number> }
export type BiometricOutcome =
  { ok: true; response: unknown } | { ok: false; message: BiometricMessage; code?: string }

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
 * device for the fingerprint or face. Registering sends the proof with the request (the payment
 * PIN, or the code sent by SMS: ADR 060), so the options come only after it. The WebAuthn library
 * is fetched only now, so pages that never use it do not carry it. Nothing is stored on the
 * device.
 */
export async function runBiometricPrompt(
  locale: Locale,
  purpose: 'register' | 'payment',
  proof: { pin?: string; code?: string } = {},
): Promise<BiometricOutcome> {
  const failed: BiometricMessage = {
    key: purpose === 'register' ? 'biometric.setupFailed' : 'biometric.failed',
  }
  if (!(await biometricsAvailable()))
    return { ok: false, message: { key: 'biometric.notSupported' } }
  const form = new FormData()
  form.set('purpose', purpose)
  if (proof.pin) form.set('pin', proof.pin)
  if (proof.code) form.set('code', proof.code)
  let options: { code?: string; challenge?: string; message?: BiometricMessage }
  try {
    const res = await fetch(localePath(locale, '/biometrics/options'), {
      method: 'POST',
      body: form,
    })
    options = (await res.json()) as typeof options
  } catch {
    return { ok: false, message: failed }
  }
  if (!options.challenge)
    return {
      ok: false,
      message: options.message ?? failed,
      ...(options.code ? { code: options.code } : {}),
    }
  try {
    const webauthn = await import('@simplewebauthn/browser')
    const response =
      purpose === 'register'
        ? await webauthn.startRegistration({ optionsJSON: options as never })
        : await webauthn.startAuthentication({ optionsJSON: options as never })
    return { ok: true, response }
  } catch {
    return { ok: false, message: failed }
  }
}
