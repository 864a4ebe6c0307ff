import type { EntryContext } from 'react-router'
import { needsRefresh } from '@padi/domain/auth/rules'
import { headerCartCount } from './cart.server.ts'
import { cacheScope, openSession, type WebSession } from './session.server.ts'

/**
 * ADR 086: a route whose part of the page reads nothing of a logged-in session but the shared key
 * below says so in its handle. A page is shared between customers only when every route that
 * renders it says so (the root, the layouts and the page itself).
 */
export type SharedPageHandle = { sharedWhenLoggedIn?: true }

/** The request header the page cache sets to the key it looked the page up by. */
export const SHARED_KEY_HEADER = 'x-shared-page-key'
/** The answer's header that says the page was made for that key alone (the page cache drops it). */
export const SHARED_PAGE_HEADER = 'x-shared-page'

/**
 * ADR 086: everything a shared page reads of a logged-in session. Two customers with the same key
 * are shown the same bytes (apart from the headers below), so their name, their id and their
 * tokens are not in it: the header shows the account's role and the cart's count, prices follow
 * the account's market, and a product page puts the branches in the farmer's order (their branch,
 * then their region's). Null when the page is made for this request alone: a visitor; a message
 * waiting to be shown (it is shown once, then dropped from the session); a token to refresh
 * (guard 1 refreshes it before the page is made); a session from before the farmer's branch was
 * kept (the product page reads it from the API and writes it into the session).
 */
export function sharedPageKey(session: WebSession, nowMs = Date.now()): string | null {
  const user = session.isLoggedIn ? session.data.user : undefined
  if (!user || session.data.flash || needsRefresh(session.data.expiresAt, nowMs)) return null
  if (user.preferredBranchId === undefined) return null
  return JSON.stringify([
    user.role,
    user.market,
    headerCartCount(session),
    user.kycStatus,
    user.isPinSet,
    user.preferredBranchId,
    user.region ?? null,
  ])
}

/**
 * For the page cache (apps/web/page-cache.mjs), from the session cookie's value: the key a shared
 * page is kept under, and the headers that are this customer's own on every answer (never kept).
 */
export async function sharedPageLookup(
  sealed: string,
): Promise<{ key: string; headers: [string, string][] } | null> {
  const session = await openSession(sealed)
  const key = sharedPageKey(session)
  if (key === null) return null
  return {
    key,
    headers: [
      // docs/security.md row 24: a logged-in farmer's pages are never kept by a browser or proxy.
      ['cache-control', 'no-store'],
      ['x-cache-scope', cacheScope(session)],
    ],
  }
}

function declaresShared(handle: unknown): boolean {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    (handle as SharedPageHandle).sharedWhenLoggedIn === true
  )
}

/**
 * After the loaders: the page may be kept under `asked` (the key the cache looked it up by) when
 * the session still gives that key and every route of the page declares itself shared.
 */
export function isSharedPage(
  asked: string | null,
  session: WebSession,
  context: Pick<EntryContext, 'staticHandlerContext' | 'routeModules'>,
  nowMs = Date.now(),
): boolean {
  if (!asked || session.dirty || sharedPageKey(session, nowMs) !== asked) return false
  const { matches } = context.staticHandlerContext
  return (
    matches.length > 0 &&
    matches.every((m) => declaresShared(context.routeModules[m.route.id]?.handle))
  )
}
