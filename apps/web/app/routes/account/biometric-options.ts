import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { orderBody } from '~/utils/checkout.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/biometric-options'

/**
 * docs/product/orders-and-payments.md (Biometrics): the options this browser's WebAuthn prompt
 * needs, made by the API: to register this device, or to pay the order kept at checkout (its
 * Idempotency-Key and body, so the challenge is bound to that order and its amount). JSON for
 * the page's script; the answer goes back through the page's own form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const purpose = (await request.formData()).get('purpose')
  const choice = session.data.checkout
  try {
    if (purpose === 'register')
      return Response.json(
        await withUserToken({ session, locale }, (t) => api.biometricRegistrationOptions(t)),
      )
    if (purpose === 'payment' && choice?.payment === 'credits')
      return Response.json(
        await withUserToken({ session, locale }, (t) =>
          api.biometricPaymentOptions(t, choice.key, orderBody(choice, undefined)),
        ),
      )
    return Response.json({ code: 'VALIDATION_FAILED' }, { status: 400 })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return Response.json({ code: error.code }, { status: error.statusCode })
  }
}
