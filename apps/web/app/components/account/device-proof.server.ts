import type { Message } from '~/components/auth/form-alert.tsx'
import type { ApiError } from '~/utils/api.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { lockMinutes } from '~/utils/pin-setup.server.ts'

/**
 * docs/product/orders-and-payments.md (Biometrics), ADR 060: what the farmer reads when adding a
 * phone, or paying with one, is refused: a wrong PIN with the tries left, the PIN's lock with the
 * minutes left (it stops every way to pay), the missing proof, a code's own texts; else the
 * page's fallback.
 */
export function deviceRefusal(error: ApiError, fallback: string): Message {
  const data = error.body
  switch (error.code) {
    case 'PIN_INVALID':
      return {
        key: 'pin.errors.invalid',
        params: { count: data.attempts_left ?? 0 },
      }
    case 'PIN_LOCKED':
      return { key: 'pin.errors.locked', params: { minutes: lockMinutes(error) } }
    case 'STEP_UP_REQUIRED':
      return {
        key:
          data.needs === 'sms_code'
            ? 'biometric.proof.codeRequired'
            : 'biometric.proof.pinRequired',
      }
    case 'BIOMETRIC_NOT_SET_UP':
      return { key: 'biometric.setUpFirst' }
    default:
      return readRefusal(error).message ?? { key: fallback }
  }
}
