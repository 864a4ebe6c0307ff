import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { createI18n, I18nContext, readerMarket } from '~/utils/i18n.ts'
import { pickMessages } from '~/utils/messages.server.ts'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { drawCode } from './+shared/live-code.server.ts'
import type { LiveAnswer } from './+shared/live-qr.ts'
import { QrSale } from './+shared/qr-sale.tsx'
import type { Route } from './+types/qr-sales'

/** The sale as the QR page draws it (QrSale), in the page's language, for its script to show. */
function saleMarkup(locale: Locale, sale: CounterTransaction): string {
  const i18n = createI18n(locale, pickMessages(locale, ['vouchers']), readerMarket(locale, null))
  return renderToStaticMarkup(
    createElement(I18nContext.Provider, { value: i18n }, createElement(QrSale, { sale })),
  )
}

/**
 * docs/product/vouchers.md (the customer's QR code): the QR page's one background request, every
 * few seconds while the page is in view, untouched. It answers the sales the counter made since
 * the newest one the page shows (the newest in full, so the phone shows it without loading the
 * page again), and a new code when the page asks for one (`renew=1`, once a minute) or when there
 * is a sale (the code shown may be the one it used). `now` is this server's clock: the page
 * judges when its code runs out by it, whatever the phone's own clock says. Never kept by the
 * service worker (it is not a page): offline, the request fails and the page says so.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const query = new URL(request.url).searchParams
  const since = query.get('since') ?? ''
  const renew = query.get('renew') === '1'
  const headers = { 'cache-control': 'no-store' }
  if (Number.isNaN(Date.parse(since)))
    return Response.json({ code: 'VALIDATION_FAILED' }, { status: 400, headers })
  const api = context.get(apiContext)
  try {
    const answer = await withUserToken(
      { session: context.get(sessionContext), locale },
      async (token) => {
        const [sales, code] = await Promise.all([
          api.myTransactions(token, new Date(since).toISOString()),
          renew ? api.counterCode(token) : null,
        ])
        const fresh = code ?? (sales.length > 0 ? await api.counterCode(token) : null)
        return { sales, fresh }
      },
      // The page says itself that it could not renew; no toast for a background request.
      { on429: 'page' },
    )
    const sale = answer.sales[0] ?? null
    const body: LiveAnswer = {
      now: new Date().toISOString(),
      count: answer.sales.length,
      sale,
      sale_html: sale ? saleMarkup(locale, sale) : null,
      code: answer.fresh ? await drawCode(answer.fresh) : null,
    }
    return Response.json(body, { headers })
  } catch (error) {
    // Logged out or barred: a short answer the page's script stops on, not the login page's HTML
    // every few seconds on a farmer's data plan.
    if (error instanceof Response && error.status >= 300 && error.status < 400)
      return Response.json({ code: 'UNAUTHENTICATED' }, { status: 401, headers })
    // The page's script reads the API's own code and status.
    const refusal = readRefusal(error)
    return Response.json(
      { code: refusal.error.code },
      { status: refusal.error.statusCode, headers },
    )
  }
}
