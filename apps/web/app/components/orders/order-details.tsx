import type { Order } from '@padi/domain/orders/order-schemas'
import { localizedText } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import { useI18n } from '~/utils/i18n.ts'

/** Where a pickup order waits: what the farmer needs to find the branch and call it. */
export type CollectAt = { lines: string[]; phone: string; phoneText: string; directions: string }

/**
 * The date and time an order was placed, in its market's time zone, by the one rule for every
 * language (docs/product/dates-and-times.md): "26-11-2026 10:18 PM".
 */
export function useOrderDate() {
  const { dateTime } = useI18n()
  return (order: Pick<Order, 'created_at' | 'currency'>) =>
    dateTime(order.created_at, marketOfCurrency(order.currency))
}

export function OrderStatusPill({ status }: { status: Order['status'] }) {
  const { t } = useI18n()
  return (
    <span className={`order-status order-status-${status}`}>{t(`orders.status.${status}`)}</span>
  )
}

/** docs/product/orders-and-payments.md (Orders): every field of an order, as the customer reads it. */
export function OrderDetails({
  order,
  collectAt = null,
}: {
  order: Order
  collectAt?: CollectAt | null
}) {
  const { t, locale, money } = useI18n()
  const date = useOrderDate()
  const m = (x: { amount_minor: number; currency: Order['currency'] }) =>
    money(x.amount_minor, x.currency)
  return (
    <div className="order-details">
      <dl className="order-fields card">
        <dt>{t('orders.fields.number')}</dt>
        <dd>
          <strong>{order.number}</strong>
        </dd>
        <dt>{t('orders.fields.date')}</dt>
        <dd>{date(order)}</dd>
        <dt>{t('orders.fields.status')}</dt>
        <dd>
          <OrderStatusPill status={order.status} />
        </dd>
        <dt>{t('orders.fields.fulfilment')}</dt>
        <dd>{t(`orders.fulfilment.${order.fulfilment}`)}</dd>
        <dt>{t('orders.fields.payment')}</dt>
        <dd>{t(`orders.payment.${order.payment}`)}</dd>
        <dt>{t('orders.fields.branch')}</dt>
        <dd>{localizedText(order.branch.name, locale)}</dd>
        {order.collection_location ? (
          <>
            <dt>{t('orders.fields.collection')}</dt>
            <dd>
              {localizedText(order.collection_location, locale)}
              {collectAt ? (
                <>
                  <address className="order-branch-address">
                    {collectAt.lines.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                  <span className="order-branch-links">
                    <a className="tap-link" href={`tel:${collectAt.phone}`}>
                      {t('orders.call', { phone: collectAt.phoneText })}
                    </a>
                    <a
                      className="tap-link"
                      href={collectAt.directions}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {t('orders.directions')}
                    </a>
                  </span>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.address ? (
          <>
            <dt>{t('orders.fields.address')}</dt>
            <dd>
              {order.address.name}: {order.address.address}, {order.address.postcode}{' '}
              {order.address.city}
            </dd>
          </>
        ) : null}
        {order.fulfilment === 'delivery' ? (
          <>
            <dt>{t('orders.fields.logistics')}</dt>
            <dd>{order.logistics_company ?? t('orders.notShippedYet')}</dd>
            <dt>{t('orders.fields.tracking')}</dt>
            <dd className="link-line">
              {order.tracking_url ? (
                <a href={order.tracking_url} rel="noopener noreferrer" target="_blank">
                  {t('orders.track')}
                </a>
              ) : (
                t('orders.notShippedYet')
              )}
            </dd>
          </>
        ) : null}
        {order.remarks ? (
          <>
            <dt>{t('orders.fields.remarks')}</dt>
            <dd>{order.remarks}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t('orders.items')}</h2>
      <ul className="order-items card">
        {order.items.map((item) => (
          <li key={item.variation_id}>
            <span>
              {localizedText(item.name, locale)} · {localizedText(item.variation, locale)} ×{' '}
              {item.count}
            </span>
            <span>{m(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-totals card">
        <dt>{t('orders.fields.quantity')}</dt>
        <dd>{order.total_quantity}</dd>
        <dt>{t('orders.fields.subtotal')}</dt>
        <dd>{m(order.subtotal)}</dd>
        <dt>{t('orders.fields.shippingFee')}</dt>
        <dd>{m(order.shipping_fee)}</dd>
        <dt className="order-total">{t('orders.fields.total')}</dt>
        <dd className="order-total">{m(order.total)}</dd>
      </dl>
    </div>
  )
}
