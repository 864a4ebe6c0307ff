import { Link } from 'react-router'
import { apiContext } from '~/utils/context.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { loadOrder } from '~/utils/orders.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { OrderDetails } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/checkout-success'

export const handle: StyleHandle = { css: [ordersCss] }
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'checkout.success.title', 'checkout.description')

/** docs/product/orders-and-payments.md (Payment): the order placed, and the credit left after it. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadOrder(
    {
      params,
      session: context.get(sessionContext),
      api: context.get(apiContext),
      rawId: new URL(request.url).searchParams.get('order'),
    },
    true,
  )
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const { order, credit } = loaderData
  if (!order) {
    return (
      <section className="orders-page">
        <h1>{t('checkout.success.title')}</h1>
        <p className="form-error" role="alert">
          {t('orders.loadFailed')}
        </p>
        <p>
          <Link to={localePath(locale, '/orders')}>{t('orders.title')}</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="orders-page">
      <h1>{t('checkout.success.title')}</h1>
      <p className="notice" role="status">
        {order.payment === 'credits'
          ? t('checkout.success.paid', { number: order.number })
          : t('checkout.success.unpaid', { number: order.number })}
      </p>
      {order.payment === 'credits' && credit ? (
        <p className="card credit-left">
          {t('checkout.success.creditLeft', {
            amount: money(credit.available_credits.amount_minor, credit.available_credits.currency),
          })}
        </p>
      ) : null}
      <OrderDetails order={order} collectAt={loaderData.collectAt} />
      <p className="button-row">
        <Link className="button" to={localePath(locale, `/orders/${order.id}`)}>
          {t('checkout.success.viewOrder')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/products')}>
          {t('checkout.success.continueShopping')}
        </Link>
      </p>
    </section>
  )
}
