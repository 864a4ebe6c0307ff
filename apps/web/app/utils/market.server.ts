import type { Locale } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import { readCookie, setCookieHeader } from './cookies.server.ts'
import type { WebSession } from './session.server.ts'

export const MARKET_COOKIE = 'market'

/**
 * docs/product/catalogue.md: prices show in the customer's market (a Thai customer in THB, a Malaysian in MYR); a
 * visitor sees THB on the th pages and MYR on the others, unless they chose a market.
 */
export function marketFor(request: Request, session: WebSession, locale: Locale): Market {
  if (session.data.user) return session.data.user.market
  const chosen = readCookie(request, MARKET_COOKIE)
  if (chosen === 'MY' || chosen === 'TH') return chosen
  return locale === 'th' ? 'TH' : 'MY'
}

export function marketCookie(market: Market): string {
  return setCookieHeader(MARKET_COOKIE, market, { maxAgeSeconds: 365 * 24 * 3600 })
}
