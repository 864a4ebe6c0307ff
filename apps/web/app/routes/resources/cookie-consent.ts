import { data, redirect } from 'react-router'
import { setCookieHeader } from '~/utils/cookies.server.ts'
import { safeRedirectPath } from '~/utils/safe-redirect.ts'
import type { Route } from './+types/cookie-consent'

export const CONSENT_COOKIE = 'cookie_consent'

/** The consent choice is remembered for a year; only strictly necessary cookies are set before it. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const choice = form.get('choice')
  if (choice !== 'accepted' && choice !== 'rejected') throw data('Bad choice', { status: 400 })
  const safe = safeRedirectPath(form.get('redirectTo'), '/')
  const cookie = setCookieHeader(CONSENT_COOKIE, choice, { maxAgeSeconds: 365 * 24 * 3600 })
  return redirect(safe, { headers: { 'set-cookie': cookie } })
}
