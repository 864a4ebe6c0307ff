import type { KycStatus } from './roles.ts'

/**
 * The web session as the route guards see it (docs/product/accounts.md Session): the tokens of a logged-in user,
 * or the pre-auth state of a sign-up waiting for its code.
 */
export type GuardSession = {
  /** A logged-in user's access token, or the pre-auth token handed out at sign-up. */
  accessToken: string | null
  user: { kycStatus: KycStatus | null; isPinSet: boolean } | null
  preAuthSessionId: string | null
  pinResetVerified: boolean
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearAuth?: boolean }
  | { kind: 'clear-and-continue' }

const allow: GuardDecision = { kind: 'allow' }

/**
 * docs/product/accounts.md route guards 2-8, applied in order to a path without its locale prefix. Guard 1 (refresh a
 * token expiring within 10 minutes, log out when that fails) runs before this, because it needs the
 * API. 'Leaving /signup' is judged by the page asked for: a server sees no previous page.
 */
export function applyRouteGuards(path: string, session: GuardSession): GuardDecision {
  const p = path.replace(/\/+$/, '') || '/'
  const is = (route: string) => p === route || p.startsWith(`${route}/`)
  const loggedIn = session.user !== null && session.accessToken !== null

  // 2. A PIN is set and its reset is not verified: PIN setup goes to forgot-PIN.
  if (is('/auth/pin-setup') && session.user?.isPinSet && !session.pinResetVerified) {
    return { kind: 'redirect', to: '/forgot-pin' }
  }
  // 3. Leaving /signup while holding an (pre-auth) access token clears all auth state.
  if (!is('/signup') && session.user === null && session.accessToken !== null) {
    return { kind: 'clear-and-continue' }
  }
  // 4. Logged in, no pending pre-auth session: /signup and /login go home.
  if ((is('/signup') || is('/login')) && loggedIn && session.preAuthSessionId === null) {
    return { kind: 'redirect', to: '/' }
  }
  // 5. A pending pre-auth session without a user: /kyc and /dashboard go home.
  if (
    (is('/kyc') || is('/dashboard')) &&
    session.preAuthSessionId !== null &&
    session.user === null
  ) {
    return { kind: 'redirect', to: '/' }
  }
  // 6. No user and no token: /kyc, /dashboard, /cart and /receipt need a login.
  if (
    (is('/kyc') || is('/dashboard') || is('/cart') || is('/receipt')) &&
    session.user === null &&
    session.accessToken === null
  ) {
    return { kind: 'redirect', to: '/login' }
  }
  // 7. KYC passed: /kyc goes to the products.
  if (is('/kyc') && session.user?.kycStatus === 'APPROVED') {
    return { kind: 'redirect', to: '/products' }
  }
  // 8. A logged-in user opening /late-repayment goes home.
  if (is('/late-repayment') && loggedIn) {
    return { kind: 'redirect', to: '/' }
  }
  return allow
}
