import { data, redirect } from 'react-router'
import { z } from 'zod'
import { parseForm } from '~/utils/forms.ts'
import { setCookieHeader } from '~/utils/cookies.server.ts'
import { safeRedirectPath } from '~/utils/safe-redirect.ts'
import type { Route } from './+types/cookie-consent'

export const CONSENT_COOKIE = 'cookie_consent'

/** The consent choice is remembered for a year; only strictly necessary cookies are set before it. */
/** The choice made, and the page it was made on (to go back to). */
const ConsentForm = z.object({ choice: z.enum(['accepted', 'rejected']), redirectTo: z.string() })

export async function action({ request }: Route.ActionArgs) {
  const form = parseForm(ConsentForm, await request.formData(), ['choice', 'redirectTo'])
  if (!form.ok) throw data('Bad choice', { status: 400 })
  const { choice, redirectTo } = form.data
  const safe = safeRedirectPath(redirectTo, '/')
  const cookie = setCookieHeader(CONSENT_COOKIE, choice, { maxAgeSeconds: 365 * 24 * 3600 })
  return redirect(safe, { headers: { 'set-cookie': cookie } })
}
