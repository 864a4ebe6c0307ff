import { Outlet, redirect } from 'react-router'
import { applyRouteGuards } from '@padi/domain/auth/route-guards'
import { requireLocale } from '~/utils/locale.server.ts'
import { apiContext } from '~/utils/context.server.ts'
import { refreshIfNeeded, SUSPENDED_FLASH } from '~/utils/auth.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/locale-layout'

/**
 * Runs before any page loader: a path whose first segment is not a locale is redirected (docs/product/shell.md),
 * then the route guards of docs/product/shell.md apply, in order.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }) => {
    const locale = requireLocale(request, params.lang)
    const session = context.get(sessionContext)
    // Guard 1: refresh a token that expires within 10 minutes; if that fails, log out.
    const wasLoggedIn = session.isLoggedIn
    const refreshed = await refreshIfNeeded(session, context.get(apiContext))
    if (!refreshed && wasLoggedIn) {
      const suspended = session.data.flash?.messageKey === SUSPENDED_FLASH.messageKey
      throw redirect(suspended ? `/${locale}/security/access-forbidden` : `/${locale}/login`)
    }
    const path = new URL(request.url).pathname.slice(locale.length + 1) || '/'
    const decision = applyRouteGuards(path, {
      accessToken: session.data.accessToken || session.data.preAuthToken || null,
      user: session.data.user
        ? { kycStatus: session.data.user.kycStatus, isPinSet: session.data.user.isPinSet }
        : null,
      preAuthSessionId: session.data.preAuth?.preAuthSessionId ?? null,
      pinResetVerified: Boolean(session.data.pinResetVerified),
    })
    if (decision.kind === 'clear-and-continue') session.clear(session.data.flash)
    if (decision.kind === 'redirect') {
      const to = `/${locale}${decision.to === '/' ? '' : decision.to}`
      // Sent to log in on the way to a page (the cart): come back to it afterwards.
      const url = new URL(request.url)
      // A page the browser's router asks for carries which route modules it wants: not the page's.
      url.searchParams.delete('_routes')
      const back =
        decision.to === '/login' && request.method === 'GET'
          ? `?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`
          : ''
      throw redirect(`${to}${back}`)
    }
  },
]

export default function LocaleLayout() {
  return <Outlet />
}
