import { data, Form, Link, redirect } from 'react-router'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { ShipmentSchema, type OrderDeskOrder } from '@padi/domain/orders/order-desk-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { recordId } from '~/utils/route-params.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { OrderDetails } from '~/components/orders/order-details.tsx'
import ordersCss from '~/components/orders/orders.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/order-page'

export const handle: StyleHandle = { css: [ordersCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.orders.order')

const SHIPMENT_FIELDS = ['logistics_company', 'tracking_url'] as const

/**
 * docs/product/back-office.md (Orders): one order with its customer; for admin, a paid delivery's
 * logistics company and tracking link (the customer's order page shows them), then 'completed'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const id = recordId(params.id)
  const staff = /^\/[a-z]+\/staff\//.test(new URL(request.url).pathname)
  try {
    const order = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).deskOrder(token, id),
    )
    return {
      ...pageMessages(params, ['orders', 'validation']),
      order: order as OrderDeskOrder,
      canEdit: !staff && session.data.user?.role === 'admin',
      back: staff ? '/staff/orders' : '/admin/orders',
    }
  } catch (error) {
    throw data(null, { status: readRefusal(error).init.status })
  }
}

type ActionData = FormAnswer

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const id = recordId(params.id)
  const formData = await request.formData()
  const intent = formIntent(formData, ['complete'])
  // Read for a shipment, and to refill its form after a refusal.
  const form = parseForm(ShipmentSchema, formData, SHIPMENT_FIELDS)
  try {
    if (intent === 'complete') {
      await withUserToken({ session, locale }, (token) => api.completeOrder(token, id))
      session.update({ flash: { kind: 'success', messageKey: 'admin.orders.completed' } })
    } else {
      if (!form.ok)
        return data<ActionData>(
          { fieldErrors: form.fieldErrors, values: form.values },
          { status: 400 },
        )
      await withUserToken({ session, locale }, (token) => api.shipOrder(token, id, form.data))
      session.update({ flash: { kind: 'success', messageKey: 'admin.orders.shipped' } })
    }
    return redirect(localePath(locale, `/admin/orders/${id}`), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    return data<ActionData>(
      {
        values: form.values,
        formError:
          refusal.code === 'CONFLICT'
            ? { key: 'admin.orders.conflict' }
            : (refusal.message ?? { key: 'admin.orders.failed' }),
      },
      refusal.init,
    )
  }
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { order, canEdit, back } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  return (
    <section className="admin-page">
      <p className="link-line">
        <Link to={localePath(locale, back)}>← {t('admin.orders.title')}</Link>
      </p>
      <h1>{t('admin.orders.orderNumber', { number: order.number })}</h1>
      <dl className="admin-facts card">
        <dt>{t('admin.orders.customer')}</dt>
        <dd>
          {order.customer.full_name} · {order.customer.mobile}
        </dd>
      </dl>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {canEdit && order.can_ship ? (
        <Form method="post" className="card form admin-form">
          <h2>{t(order.tracking_url ? 'admin.orders.fixShipment' : 'admin.orders.ship')}</h2>
          <input type="hidden" name="intent" value="ship" />
          <TextField
            name="logistics_company"
            label={t('orders.fields.logistics')}
            defaultValue={values?.logistics_company ?? order.logistics_company ?? ''}
            error={errors.logistics_company}
            maxLength={80}
            required
          />
          <TextField
            name="tracking_url"
            type="url"
            label={t('admin.orders.trackingUrl')}
            hint={t('admin.orders.trackingHint')}
            defaultValue={values?.tracking_url ?? order.tracking_url ?? ''}
            error={errors.tracking_url}
            maxLength={500}
            required
          />
          <button type="submit" className="button">
            {t('admin.orders.saveShipment')}
          </button>
        </Form>
      ) : null}
      {canEdit && order.can_complete ? (
        <Form method="post" className="card form">
          <input type="hidden" name="intent" value="complete" />
          <p>{t('admin.orders.completeHint')}</p>
          <button type="submit" className="button">
            {t('admin.orders.complete')}
          </button>
        </Form>
      ) : null}
      <OrderDetails order={order} />
    </section>
  )
}
