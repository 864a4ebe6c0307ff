import { redirect } from 'react-router'
import { isLocale, LOCALES } from '@padi/domain/i18n/locales'
import { localeCookie } from '~/utils/locale.server.ts'
import { safeRedirectPath } from '~/utils/safe-redirect.ts'
import type { Route } from './+types/set-locale'

/**
 * docs/product/shell.md: choosing a language keeps the page and sets the cookie for 365 days. A plain link
 * (/set-locale?to=bm&path=/en/about) so it works before JavaScript arrives.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const to = url.searchParams.get('to')
  if (!isLocale(to)) throw new Response('Unknown language', { status: 400 })
  // Only same-site paths: never redirect to another host.
  const safe = safeRedirectPath(url.searchParams.get('path'), '/')
  const rest = safe.replace(new RegExp(`^/(${LOCALES.join('|')})(?=/|$|\\?)`), '')
  return redirect(`/${to}${rest}`, {
    status: 302,
    headers: { 'set-cookie': localeCookie(to), 'cache-control': 'no-store' },
  })
}
