import { data } from 'react-router'
import { z } from 'zod'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import type { ApiClient } from './api.server.ts'
import { ApiError } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import { readRefusal } from './api-errors.server.ts'
import { fieldMessages, parseForm } from './forms.ts'
import type { WebSession } from './session.server.ts'
import type { Locale } from '@padi/domain/i18n/locales'

export type PinField = 'current_pin' | 'pin' | 'confirm_pin'
export type PinMessage = { key: string; params?: Record<string, number> }
export type PinActionData = {
  fieldErrors?: Partial<Record<PinField, PinMessage>>
  formError?: PinMessage
}

/** What each refusal of the API says, and under which field. */
const REFUSALS: Partial<Record<string, [PinField | null, string]>> = {
  PIN_MISMATCH: ['confirm_pin', 'pin.errors.mismatch'],
  PIN_TOO_COMMON: ['pin', 'pin.errors.common'],
  PIN_CURRENT_REQUIRED: ['current_pin', 'pin.errors.currentRequired'],
  PIN_INVALID: ['current_pin', 'pin.errors.invalid'],
  PIN_LOCKED: [null, 'pin.errors.locked'],
}

/** The minutes a PIN lock has left, from the API's Retry-After (30 when it is missing). */
export function lockMinutes(error: ApiError): number {
  return Math.max(1, Math.ceil(Number(error.retryAfter ?? 1800) / 60))
}

/**
 * The PIN form, with the same checks the API makes, so a slip is answered at once (the API
 * decides): the new PIN twice (whether they agree is said once the PIN itself is right), and the
 * current PIN when one is set.
 */
function pinForm(wasSet: boolean) {
  return z
    .object({
      pin: z.string().trim().regex(PIN_PATTERN, 'pin.errors.format'),
      confirm_pin: z.string().trim(),
      current_pin: z.string().trim(),
    })
    .refine((v) => !PIN_PATTERN.test(v.pin) || v.confirm_pin === v.pin, {
      message: 'pin.errors.mismatch',
      path: ['confirm_pin'],
    })
    .refine((v) => !wasSet || PIN_PATTERN.test(v.current_pin), {
      message: 'pin.errors.currentRequired',
      path: ['current_pin'],
    })
}

/**
 * docs/product/orders-and-payments.md (The payment PIN): sets the PIN from a posted form, or
 * changes it when one is set (the current PIN then comes too). Answers null when saved (the
 * session then says the PIN is set), else the page's answer with every refusal in its place.
 */
export async function savePin(
  args: { session: WebSession; api: ApiClient; locale: Locale },
  formData: FormData,
) {
  const { session, api, locale } = args
  const wasSet = Boolean(session.data.user?.isPinSet)
  const form = parseForm(pinForm(wasSet), formData, ['pin', 'confirm_pin', 'current_pin'])
  if (!form.ok)
    return data<PinActionData>({ fieldErrors: fieldMessages(form.fieldErrors) }, { status: 400 })
  const { pin, confirm_pin: confirm, current_pin: current } = form.data
  try {
    await withUserToken({ session, locale }, (token) =>
      api.setPin(token, {
        pin,
        confirm_pin: confirm,
        ...(wasSet ? { current_pin: current } : {}),
      }),
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = REFUSALS[error.code]
    const body = error.body
    const message: PinMessage = refusal
      ? {
          key: refusal[1],
          params: (error.code === 'PIN_INVALID'
            ? { count: body.attempts_left ?? 0 }
            : error.code === 'PIN_LOCKED'
              ? { minutes: lockMinutes(error) }
              : {}) as Record<string, number>,
        }
      : // The catalogue's words: 'failed to update PIN' for a change, 'failed to set' for a first PIN.
        {
          key:
            readRefusal(error).message?.key ??
            (wasSet ? 'pin.errors.updateFailed' : 'pin.errors.failed'),
        }
    const init = readRefusal(error).init
    if (refusal?.[0]) return data<PinActionData>({ fieldErrors: { [refusal[0]]: message } }, init)
    return data<PinActionData>({ formError: message }, init)
  }
  if (session.data.user) session.update({ user: { ...session.data.user, isPinSet: true } })
  return null
}
