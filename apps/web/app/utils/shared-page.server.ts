import type { EntryContext } from 'react-router'
import { needsRefresh } from '@padi/domain/auth/rules'
import { headerCartCount } from './cart.server.ts'
import { cacheScope, openSession, type WebSession } from './session.server.ts'

/**
 * ADR 086: the routes whose part of a page reads nothing of a logged-in session but the shared key
 * below, by route id (the file under app/). A page is shared between customers only when every
 * route that renders it is here. Kept on the server: the browser has no use for it, and a handle
 * would have sent it with each route's script.
 */
export const SHARED_ROUTES: ReadonlySet<string> = new Set([
  // The account's market (the year in the footer, the language's reader); the consent cookie.
  'root',
  // The guards read the token's expiry (a token to refresh makes no key), the KYC and PIN states
  // and the pending flows, none of which stop a logged-in customer on the pages below.
  'routes/layouts/locale-layout',
  // The role (the header's desk link), the market, the cart's count, and a message waiting (a
  // session with one makes no key).
  'routes/layouts/default-layout',
  // The account's market and whether one is logged in.
  'routes/public/home',
  // The account's market.
  'routes/products/products-index',
  'routes/products/agrochems-list',
  'routes/products/drones-list',
  // The account's market, and the farmer's branch and region (the branches in their order).
  'routes/products/agrochems-detail',
  'routes/products/drones-detail',
  'routes/products/product-detail',
])

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

/**
 * After the loaders: the page may be kept under `asked` (the key the cache looked it up by) when
 * the session still gives that key and every route of the page is a shared one.
 */
export function isSharedPage(
  asked: string | null,
  session: WebSession,
  context: Pick<EntryContext, 'staticHandlerContext'>,
  nowMs = Date.now(),
): boolean {
  if (!asked || session.dirty || sharedPageKey(session, nowMs) !== asked) return false
  const { matches } = context.staticHandlerContext
  return matches.length > 0 && matches.every((m) => SHARED_ROUTES.has(m.route.id))
}
