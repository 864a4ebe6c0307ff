import { data, redirect } from 'react-router'
import { OTP_RESEND_COOLDOWN_MS } from '@padi/domain/auth/rules'
import type { Locale } from '@padi/domain/i18n/locales'
import type { ApiClient } from '~/utils/api.server.ts'
import type { PreAuth, WebSession } from '~/utils/session.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import type { AuthActionData } from './messages.ts'

/** Whole seconds until the API will send another code (docs/product/accounts.md: 60 s between codes). */
export function cooldownLeft(preAuth: PreAuth, nowMs = Date.now()): number {
  return Math.max(0, Math.ceil((preAuth.sentAt + OTP_RESEND_COOLDOWN_MS - nowMs) / 1000))
}

/** 'Use a different number': forget the pending code and show the first step again. */
export function restartStep(session: WebSession, pagePath: string) {
  session.update({ preAuth: undefined, preAuthToken: undefined })
  return redirect(pagePath)
}

/**
 * 'Send a new code' on the code step of sign-up and password reset. Too early gives the wait; a
 * challenge the API no longer knows (used, or replaced) starts the flow again.
 */
export async function resendStep(ctx: {
  session: WebSession
  api: ApiClient
  locale: Locale
  preAuth: PreAuth
  pagePath: string
}) {
  const { session, api, locale, preAuth, pagePath } = ctx
  try {
    await api.resendOtp(
      { preAuthSessionId: preAuth.preAuthSessionId, deviceId: preAuth.deviceId },
      locale,
    )
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.code === 'OTP_INVALID') {
      session.update({ preAuth: undefined, preAuthToken: undefined })
      return redirect(`${pagePath}?notice=ended`)
    }
    return data<AuthActionData>(
      { formError: refusal.message ?? { key: 'auth.errors.generic' } },
      refusal.init,
    )
  }
  session.update({ preAuth: { ...preAuth, sentAt: Date.now() } })
  return redirect(`${pagePath}?notice=resent`)
}
