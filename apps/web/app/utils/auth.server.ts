import { redirect } from 'react-router'
import { decodeJwt } from 'jose'
import { needsRefresh, tokenExpiryMs } from '@padi/domain/auth/rules'
import type { User } from '@padi/domain/auth/user-schema'
import type { Locale } from '@padi/domain/i18n/locales'
import { ApiError, type ApiClient, type LoggedIn, type Tokens } from './api.server.ts'
import type { SessionUser, WebSession } from './session.server.ts'

export function sessionUser(user: User): SessionUser {
  return {
    id: user.id,
    fullName: user.full_name,
    role: user.role,
    kycStatus: user.kyc_status,
    isPinSet: user.is_pin_set,
    market: user.market,
    preferredBranchId: user.preferred_branches[0] ?? null,
    region: user.profile.state,
  }
}

/** docs/product/accounts.md: the expiry kept in the session is the access token's exp claim times 1000. */
function expiryOf(accessToken: string): number {
  const { exp } = decodeJwt(accessToken)
  return tokenExpiryMs(exp ?? 0)
}

function storeTokens(session: WebSession, tokens: Tokens) {
  session.update({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: expiryOf(tokens.access_token),
  })
}

/** A login answer (docs/product/accounts.md) stores the tokens and the user; any sign-up state is dropped. */
export function startSession(session: WebSession, answer: LoggedIn) {
  session.clear()
  storeTokens(session, answer)
  session.update({ user: sessionUser(answer.data) })
}

/**
 * Guard 1 and docs/product/accounts.md Session: before any call, a token expiring within 10 minutes is refreshed.
 * A refused refresh (400/401/403) clears all state and returns false; a network failure keeps
 * the session, so a flaky API does not log farmers out.
 */
export async function refreshIfNeeded(
  session: WebSession,
  api: ApiClient,
  nowMs = Date.now(),
): Promise<boolean> {
  const { accessToken, refreshToken, expiresAt } = session.data
  if (!accessToken || !session.data.user) return true
  if (!needsRefresh(expiresAt, nowMs)) return true
  if (!refreshToken) {
    session.clear()
    return false
  }
  try {
    storeTokens(session, await api.refresh(refreshToken))
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NETWORK') return true
    if (error instanceof ApiError && isSuspension(error)) {
      session.clear(SUSPENDED_FLASH)
      return false
    }
    session.clear()
    return false
  }
}

/**
 * docs/security.md row 55: the API marks a suspended account's 403 with its own problem type and
 * code (docs/product/errors.md also puts 'suspended' in the message); any other 403 is not a suspension.
 */
export function isSuspension(error: ApiError): boolean {
  if (error.statusCode !== 403) return false
  const type = error.body.type
  return (
    error.code === 'ACCOUNT_SUSPENDED' ||
    type === 'urn:sawahmart:problem:account-suspended' ||
    /suspended/i.test(error.message)
  )
}

export const SUSPENDED_FLASH = {
  kind: 'error',
  titleKey: 'security.forbidden.title',
  messageKey: 'security.forbidden.details',
} as const
export const TOO_MANY_FLASH = {
  kind: 'error',
  titleKey: 'security.tooManyRequest.title',
  messageKey: 'security.tooManyRequest.details',
} as const

/**
 * docs/product/accounts.md for calls made with the user's token: a 401 clears all state and goes to /login
 * (except where the caller says otherwise: the place-order call and /forgot-pin); a 403 whose
 * message says 'suspended' shows the red toast and the access-forbidden page; a 429 shows the
 * rate-limit toast and is handed back to the page (`on429: 'page'`: the page says the wait itself,
 * more precisely, and a second, vaguer message would only repeat it).
 */
export async function withUserToken<T>(
  ctx: { session: WebSession; locale: Locale },
  call: (accessToken: string) => Promise<T>,
  options: { on401?: 'login' | 'throw'; on429?: 'toast' | 'page' } = {},
): Promise<T> {
  const token = ctx.session.data.accessToken
  if (!token) {
    ctx.session.clear()
    throw redirect(`/${ctx.locale}/login`)
  }
  try {
    return await call(token)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.statusCode === 401 && options.on401 !== 'throw') {
      ctx.session.clear()
      throw redirect(`/${ctx.locale}/login`)
    }
    if (isSuspension(error)) {
      ctx.session.clear(SUSPENDED_FLASH)
      throw redirect(`/${ctx.locale}/security/access-forbidden`)
    }
    if (error.statusCode === 429 && options.on429 !== 'page')
      ctx.session.update({ flash: TOO_MANY_FLASH })
    throw error
  }
}

/** A page for logged-in users only: anyone else logs in first and comes back to it. */
export function requireLogin(session: WebSession, request: Request, lang: string | undefined) {
  if (session.isLoggedIn) return
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  throw redirect(`/${lang}/login?redirectTo=${encodeURIComponent(back)}`)
}
