import type { FieldErrors } from '~/utils/forms.ts'
import type { Message } from '~/components/auth/form-alert.tsx'

/** What the auth pages' actions hand back when a step fails (post/redirect/get on success). */
export type AuthActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
  /** USER_EXISTS: the message comes with links to log in and to reset the password. */
  userExists?: boolean
}

/**
 * Short notices carried in the URL after a redirect (?notice=resent). Only these names are read,
 * so a hand-made link cannot put other text on the page.
 */
export const NOTICES = {
  resent: 'auth.otp.resent',
  pending: 'auth.signup.pending',
  ended: 'auth.otp.ended',
  sent: 'auth.forgot.sent',
} as const
export type NoticeName = keyof typeof NOTICES

export function noticeFrom(url: URL, allowed: readonly NoticeName[]): string | null {
  const name = url.searchParams.get('notice') as NoticeName | null
  return name && allowed.includes(name) ? NOTICES[name] : null
}
