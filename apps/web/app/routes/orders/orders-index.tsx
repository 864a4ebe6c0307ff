import { data, Link } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { ORDER_STATUSES, type OrderStatus } from '@padi/domain/orders/order-rules'
import type { Order } from '@padi/domain/orders/order-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { OrderStatusPill, useOrderDate } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/orders-index'

export const handle: StyleHandle = { css: [ordersCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'orders.title', 'orders.description')

const FILTERS = ['all', ...ORDER_STATUSES] as const
type Filter = (typeof FILTERS)[number]

/** docs/product/orders-and-payments.md (Orders): the history, filtered by all, completed, paid, unpaid. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const asked = new URL(request.url).searchParams.get('status')
  const filter: Filter = FILTERS.find((f) => f === asked) ?? 'all'
  const messages = pageMessages(params, ['orders'])
  try {
    const orders = await withUserToken({ session, locale }, (token) =>
      api.orders(token, filter === 'all' ? undefined : (filter as OrderStatus)),
    )
    return { ...messages, filter, orders }
  } catch (error) {
    return data({ ...messages, filter, orders: null as Order[] | null }, readRefusal(error).init)
  }
}

export default function OrdersIndex({ loaderData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const date = useOrderDate()
  const { filter, orders } = loaderData
  const base = localePath(locale, '/orders')
  return (
    <section className="orders-page">
      <h1>{t('orders.title')}</h1>
      <nav className="order-filters" aria-label={t('orders.filterLabel')}>
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={f === 'all' ? base : `${base}?status=${f}`}
            aria-current={f === filter ? 'page' : undefined}
            className="order-filter"
          >
            {t(`orders.filters.${f}`)}
          </Link>
        ))}
      </nav>
      {!orders ? (
        <div className="form-error" role="alert">
          <p>{t('orders.listFailed')}</p>
          <Link to={filter === 'all' ? base : `${base}?status=${filter}`}>{t('orders.retry')}</Link>
        </div>
      ) : orders.length === 0 ? (
        <div className="card">
          <p>{filter === 'all' ? t('orders.none') : t('orders.noneWithStatus')}</p>
          <Link className="button" to={localePath(locale, '/products')}>
            {t('orders.browse')}
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.id} className="card order-row">
              <Link to={`${base}/${o.id}`} className="order-row-link">
                <span className="order-row-top">
                  <strong>{o.number}</strong>
                  <OrderStatusPill status={o.status} />
                </span>
                <span className="hint">
                  {date(o)} · {t(`orders.payment.${o.payment}`)} ·{' '}
                  {t(`orders.fulfilment.${o.fulfilment}`)}
                </span>
                <span className="order-row-total">
                  {t('orders.rowTotal', {
                    count: o.total_quantity,
                    total: money(o.total.amount_minor, o.total.currency),
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
