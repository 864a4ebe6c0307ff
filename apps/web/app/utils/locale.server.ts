import { redirect } from 'react-router'
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  isLocale,
  resolveLocale,
  type Locale,
} from '@padi/domain/i18n/locales'
import { getEnv } from './env.server.ts'

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='))
      } catch {
        return null
      }
    }
  }
  return null
}

export function localeForRequest(request: Request): Locale {
  return resolveLocale({
    cookie: readCookie(request, LOCALE_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
    fallback: getEnv().DEFAULT_LOCALE,
  })
}

export function localeCookie(locale: Locale): string {
  const secure = getEnv().secureCookies ? '; Secure' : ''
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
}

/** Issue 2: an unprefixed path answers 302 to the same path under the request's locale. */
export function redirectToLocale(request: Request): never {
  const url = new URL(request.url)
  const locale = localeForRequest(request)
  throw redirect(`/${locale}${url.pathname === '/' ? '' : url.pathname}${url.search}`, {
    status: 302,
    headers: { vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' },
  })
}

export function requireLocale(request: Request, value: string | undefined): Locale {
  if (isLocale(value)) return value
  redirectToLocale(request)
}
