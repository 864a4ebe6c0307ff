import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import type { Route } from './+types/qr-sales'

/**
 * docs/product/vouchers.md (the customer's QR code): while the QR page is open, its script asks
 * here every few seconds whether the counter has made a sale since the last one the page shows,
 * so the customer sees the redeemed vouchers on their own phone. Only a count goes back; the page
 * then loads itself again (the sale, and a new code: the used one is dead).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const since = new URL(request.url).searchParams.get('since') ?? ''
  const headers = { 'cache-control': 'no-store' }
  if (Number.isNaN(Date.parse(since)))
    return Response.json({ code: 'VALIDATION_FAILED' }, { status: 400, headers })
  try {
    const sales = await withUserToken({ session: context.get(sessionContext), locale }, (token) =>
      context.get(apiContext).myTransactions(token, new Date(since).toISOString()),
    )
    return Response.json({ count: sales.length }, { headers })
  } catch (error) {
    // Logged out or barred: a short answer the page's script stops on, not the login page's HTML
    // every 4 seconds on a farmer's data plan.
    if (error instanceof Response && error.status >= 300 && error.status < 400)
      return Response.json({ code: 'UNAUTHENTICATED' }, { status: 401, headers })
    if (!(error instanceof ApiError)) throw error
    return Response.json({ code: error.code }, { status: error.statusCode, headers })
  }
}
