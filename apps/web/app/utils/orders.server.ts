import { data } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { Order } from '@padi/domain/orders/order-schemas'
import type { CreditRecord } from '@padi/domain/credit/credit-schemas'
import { ApiError, type ApiClient } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import { readRefusal } from './api-errors.server.ts'
import type { WebSession } from './session.server.ts'
import { pageMessages } from './messages.server.ts'
import type { CollectAt } from '~/components/orders/order-details.tsx'
import { addressLines, directionsUrl, formatPhone } from '~/components/contact/contact-format.ts'

/**
 * One of the customer's orders for a page (its id from the address: the API answers only the
 * customer's own, so a changed id finds nothing). With `credit`, the line as it is now too.
 * 'Unable to load order details' when it cannot be had.
 */
export async function loadOrder(
  args: {
    params: { lang?: string | undefined }
    session: WebSession
    api: ApiClient
    rawId: string | null | undefined
  },
  withCredit = false,
) {
  const { params, session, api, rawId } = args
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const messages = pageMessages(params, ['orders', 'checkout'])
  const failed = (init: ResponseInit) =>
    data(
      {
        ...messages,
        order: null as Order | null,
        collectAt: null as CollectAt | null,
        credit: null as CreditRecord | null,
        notFound: init.status === 404,
      },
      init,
    )
  if (!rawId || !/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647)
    return failed({ status: 404 })
  try {
    const [order, credits] = await withUserToken({ session, locale }, (token) =>
      Promise.all([
        api.order(token, Number(rawId)),
        withCredit ? api.credits(token) : Promise.resolve([]),
      ]),
    )
    let collectAt: CollectAt | null = null
    if (order.fulfilment === 'pickup') {
      const market = order.currency === 'THB' ? 'TH' : 'MY'
      const branch = (await api.listBranches(market)).find((b) => b.id === order.branch.id)
      if (branch)
        collectAt = {
          lines: addressLines(branch, locale),
          phone: branch.phone,
          phoneText: formatPhone(branch.phone),
          directions: directionsUrl(branch),
        }
    }
    return data({ ...messages, order, collectAt, credit: credits[0] ?? null, notFound: false })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return failed(readRefusal(error).init)
  }
}
