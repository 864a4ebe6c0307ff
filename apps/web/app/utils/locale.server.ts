import { redirect } from 'react-router'
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  isLocale,
  languageOfSegment,
  resolveLocale,
  type Locale,
} from '@padi/domain/i18n/locales'
import { getEnv } from './env.server.ts'
import { readCookie, setCookieHeader } from './cookies.server.ts'

export function localeForRequest(request: Request): Locale {
  return resolveLocale({
    cookie: readCookie(request, LOCALE_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
    fallback: getEnv().DEFAULT_LOCALE,
  })
}

export function localeCookie(locale: Locale): string {
  return setCookieHeader(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS })
}

/**
 * An unprefixed path answers 302 to the same path under the request's locale. A first segment
 * that is a language tag is taken as the language asked for: /ms-MY/products goes to /bm/products,
 * and a language we do not have (/fr/products) to the visitor's locale without it.
 */
export function redirectToLocale(request: Request): never {
  const url = new URL(request.url)
  const [, first = '', ...rest] = url.pathname.split('/')
  const asked = languageOfSegment(first)
  const locale = asked ?? localeForRequest(request)
  const path = asked === undefined ? url.pathname : `/${rest.join('/')}`
  throw redirect(`/${locale}${path === '/' ? '' : path}${url.search}`, {
    status: 302,
    headers: { vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' },
  })
}

export function requireLocale(request: Request, value: string | undefined): Locale {
  if (isLocale(value)) return value
  redirectToLocale(request)
}
