import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import type { RegistrationOptionsRequest } from '@padi/domain/payment/biometric-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { orderBody } from '~/utils/checkout.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { deviceRefusal } from '~/components/account/device-proof.server.ts'
import type { Route } from './+types/biometric-options'

/**
 * The proof a registration sends: the PIN or the code by SMS, with the same checks the API makes,
 * so a slip is answered at once; the API decides. Either may be empty.
 */
const RegisterForm = z.object({
  pin: z
    .string()
    .trim()
    .refine((v) => v === '' || PIN_PATTERN.test(v), 'pin.errors.format'),
  code: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{6}$/.test(v), 'auth.errors.codeInvalid'),
})

/**
 * docs/product/orders-and-payments.md (Biometrics): the options this browser's WebAuthn prompt
 * needs, made by the API: to register this device, or to pay the order kept at checkout (its
 * Idempotency-Key and body, so the challenge is bound to that order and its amount). JSON for
 * the page's script; the answer goes back through the page's own form. Registering sends the
 * payment PIN, or with no PIN set the code sent by SMS (ADR 060); a refusal comes back with the
 * text to show ({ code, message }).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const purpose = formIntent(formData, ['register', 'payment'], 'purpose')
  const choice = session.data.checkout
  const refused = (status: number, key: string) =>
    Response.json({ code: 'VALIDATION_FAILED', message: { key } }, { status })
  try {
    if (purpose === 'register') {
      const form = parseForm(RegisterForm, formData, ['pin', 'code'])
      if (!form.ok)
        return refused(
          400,
          form.fieldErrors.pin ?? form.fieldErrors.code ?? 'biometric.setupFailed',
        )
      const { pin, code } = form.data
      const sent = session.data.deviceCode
      const proof: RegistrationOptionsRequest = pin
        ? { pin }
        : code && sent
          ? { code: { ...sent, userInputCode: code } }
          : {}
      return Response.json(
        await withUserToken({ session, locale }, (t) => api.biometricRegistrationOptions(t, proof)),
      )
    }
    if (purpose === 'payment' && choice?.payment === 'credits')
      return Response.json(
        await withUserToken({ session, locale }, (t) =>
          api.biometricPaymentOptions(t, choice.key, orderBody(choice, undefined)),
        ),
      )
    return refused(400, 'biometric.failed')
  } catch (error) {
    const refusal = readRefusal(error)
    // A code that can no longer be used: the page offers to send a new one.
    if (refusal.code === 'OTP_EXPIRED' || refusal.code === 'OTP_EXHAUSTED')
      session.update({ deviceCode: undefined })
    const fallback = purpose === 'register' ? 'biometric.setupFailed' : 'biometric.failed'
    // The page's script reads the API's own code and status.
    return Response.json(
      { code: refusal.error.code, message: deviceRefusal(refusal.error, fallback) },
      { status: refusal.error.statusCode },
    )
  }
}
