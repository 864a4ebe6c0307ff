import { Link, useParams } from 'react-router'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { loadOrder } from '~/utils/orders.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { OrderDetails } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/order-detail'

export const handle: StyleHandle = { css: [ordersCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'orders.detailTitle', 'orders.description')

/** docs/product/orders-and-payments.md (Orders): one order with every field. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadOrder({
    params,
    session: context.get(sessionContext),
    api: context.get(apiContext),
    rawId: params.id,
  })
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { order } = loaderData
  const { id } = useParams()
  return (
    <section className="orders-page">
      <p className="link-line">
        <Link to={localePath(locale, '/orders')}>← {t('orders.back')}</Link>
      </p>
      <h1>
        {order ? t('orders.detailHeading', { number: order.number }) : t('orders.detailTitle')}
      </h1>
      {order ? (
        <OrderDetails order={order} collectAt={loaderData.collectAt} />
      ) : (
        <div className="form-error" role="alert">
          <p>{t('orders.loadFailed')}</p>
          {loaderData.notFound ? null : (
            <Link to={localePath(locale, `/orders/${id}`)}>{t('orders.retry')}</Link>
          )}
        </div>
      )}
    </section>
  )
}
