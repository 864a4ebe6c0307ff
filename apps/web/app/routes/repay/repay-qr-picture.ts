import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { INT4_MAX } from '@padi/domain/input-schemas'
import { data } from 'react-router'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { paymentQrPng } from './+shared/draw-payment-qr.server.ts'
import type { Route } from './+types/repay-qr-picture'

/**
 * docs/product/repayments.md (Paying by QR): the farmer's QR as a picture to keep, for paying
 * from the same phone (a bank app reads a QR from the gallery). Only the farmer's own.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : NaN
  if (!(id <= INT4_MAX)) throw data(null, { status: 404 })
  const api = context.get(apiContext)
  try {
    const qr = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      api.qrRepayment(token, id),
    )
    const png = await paymentQrPng(qr.payload)
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="sawahmart-${qr.reference}.png"`,
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (error) {
    throw data(null, readRefusal(error).init)
  }
}
