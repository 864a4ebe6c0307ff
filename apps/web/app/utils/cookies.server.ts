import { parseCookie, stringifySetCookie } from 'cookie'
import { getEnv } from './env.server.ts'

/** One cookie of a request, decoded; null when it is not there (the `cookie` package parses). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  return parseCookie(header)[name] ?? null
}

/**
 * A Set-Cookie header for the whole site: SameSite=Lax, Secure when served over HTTPS
 * (SECURE_COOKIES), HttpOnly when scripts have no business reading it. maxAgeSeconds 0 deletes it.
 */
export function setCookieHeader(
  name: string,
  value: string,
  { maxAgeSeconds, httpOnly = false }: { maxAgeSeconds: number; httpOnly?: boolean },
): string {
  return stringifySetCookie({
    name,
    value,
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly,
    sameSite: 'lax',
    secure: getEnv().secureCookies,
  })
}
