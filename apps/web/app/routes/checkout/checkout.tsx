import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { Fulfilment } from '@padi/domain/orders/order-rules'
import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import {
  CheckoutForm,
  checkoutProblems,
  rememberChoice,
  type CheckoutField,
  type CheckoutMessage,
} from '~/utils/checkout.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { CheckoutLoadFailed, useCheckoutText } from '~/components/checkout/checkout-message.tsx'
import checkoutCss from '~/components/checkout/checkout.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/checkout'

export const handle: StyleHandle = { css: [checkoutCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'checkout.title', 'checkout.description')

/**
 * docs/product/orders-and-payments.md (Cart and checkout): the ticked lines priced by the server,
 * delivery to one of the customer's addresses or collection at a branch, cash or credit.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['checkout'])
  const asked = new URL(request.url).searchParams.get('fulfilment')
  try {
    const [cart, quote, addresses, me] = await withUserToken({ session, locale }, (token) =>
      Promise.all([
        api.getCart(token),
        api.quoteCheckout(token, 'pickup'),
        api.addresses(token),
        api.me(token),
      ]),
    )
    // The PIN may have been set elsewhere (the app, another browser) since this session began.
    const user = session.data.user
    if (user && user.isPinSet !== me.is_pin_set)
      session.update({ user: { ...user, isPinSet: me.is_pin_set } })
    if (quote.line_count === 0) {
      session.update({ flash: { kind: 'info', messageKey: 'common.checkoutNothingSelected' } })
      throw redirect(localePath(locale, '/cart'))
    }
    const branches = (await api.listBranches(session.data.user?.market ?? 'MY')).map((b) => ({
      id: b.id,
      name: localizedText(b.name, locale),
    }))
    const kept = session.data.checkout
    const payment = kept?.payment ?? (quote.credit?.spendable ? 'credits' : 'cash')
    const defaultAddress = addresses.find((a) => a.is_default) ?? addresses[0]
    const fulfilment: Fulfilment =
      asked === 'delivery' || asked === 'pickup'
        ? asked
        : (kept?.fulfilment ?? (payment === 'credits' && defaultAddress ? 'delivery' : 'pickup'))
    return {
      ...messages,
      lines: cart.lines
        .filter((l) => l.selected && l.line_total)
        .map((l) => ({
          id: l.variation_id,
          name: localizedText(l.name, locale),
          pack: localizedText(l.variation, locale),
          count: l.count,
          total: l.line_total!,
        })),
      quote,
      addresses,
      branches,
      defaults: {
        fulfilment,
        payment,
        addressId: kept?.addressId ?? defaultAddress?.id,
        branchId: kept?.branchId ?? me.preferred_branches[0] ?? branches[0]?.id,
        remarks: kept?.remarks ?? '',
      },
      failed: false as const,
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return data({ ...messages, failed: true as const }, readRefusal(error).init)
  }
}

type ActionData = {
  fieldErrors: Partial<Record<CheckoutField, CheckoutMessage>>
  values?: Record<string, string>
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const raw = (name: string) => {
    const v = formData.get(name)
    return typeof v === 'string' && v !== '' ? v : undefined
  }
  const values = Object.fromEntries(
    ['fulfilment', 'payment', 'branch_id', 'address_id', 'remarks'].map((k) => [k, raw(k) ?? '']),
  )
  const form = CheckoutForm.safeParse({
    fulfilment: raw('fulfilment'),
    payment: raw('payment'),
    branch_id: raw('branch_id'),
    address_id: raw('address_id'),
    remarks: raw('remarks'),
  })
  if (!form.success) {
    const fieldErrors = Object.fromEntries(
      form.error.issues.map((i) => [String(i.path[0]), { key: 'checkout.errors.invalid' }]),
    )
    return data<ActionData>({ fieldErrors, values }, { status: 400 })
  }
  try {
    const quote = await withUserToken({ session, locale }, (token) =>
      api.quoteCheckout(token, form.data.fulfilment),
    )
    if (quote.line_count === 0) return redirect(localePath(locale, '/cart'), 303)
    const fieldErrors = checkoutProblems(form.data, quote)
    if (Object.keys(fieldErrors).length > 0)
      return data<ActionData>({ fieldErrors, values }, { status: 400 })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusal = readRefusal(error)
    return data<ActionData>(
      {
        fieldErrors: { payment: { key: refusal.message?.key ?? 'checkout.errors.network' } },
        values,
      },
      refusal.init,
    )
  }
  const choice = rememberChoice(session, form.data)
  const needsPin = choice.payment === 'credits' && !session.data.user?.isPinSet
  return redirect(localePath(locale, needsPin ? '/checkout/pin-setup' : '/checkout/payment'), 303)
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const text = useCheckoutText()
  const navigation = useNavigation()
  const [fulfilment, setFulfilment] = useState<Fulfilment | null>(null)
  if (loaderData.failed) return <CheckoutLoadFailed titleKey="checkout.title" path="/checkout" />
  const { quote, defaults, addresses, branches, lines } = loaderData
  const values = actionData?.values
  const errors = actionData?.fieldErrors ?? {}
  const chosen = fulfilment ?? (values?.fulfilment as Fulfilment | undefined) ?? defaults.fulfilment
  const payment = values?.payment || defaults.payment
  const delivery = quote.delivery_fee.amount_minor
  const total = quote.subtotal.amount_minor + (chosen === 'delivery' ? delivery : 0)
  const cur = quote.currency
  const error = (field: CheckoutField) =>
    errors[field] ? (
      <p className="field-error" id={`checkout-${field}-error`} role="alert">
        {text(errors[field])}
      </p>
    ) : null
  const busy = navigation.state === 'submitting'
  return (
    <section className="checkout-page">
      <p>
        <Link to={localePath(locale, '/cart')}>← {t('checkout.backToCart')}</Link>
      </p>
      <h1>{t('checkout.title')}</h1>
      <Form method="post" className="checkout-layout" noValidate>
        <div className="checkout-steps">
          <fieldset className="card checkout-choice">
            <legend>{t('checkout.fulfilment.title')}</legend>
            <Choice
              name="fulfilment"
              value="pickup"
              checked={chosen === 'pickup'}
              onChange={() => setFulfilment('pickup')}
              title={t('checkout.fulfilment.pickup')}
              hint={t('checkout.fulfilment.pickupHint')}
            />
            <div className="field choice-detail">
              <label htmlFor="checkout-branch">{t('checkout.fulfilment.branch')}</label>
              <select
                id="checkout-branch"
                name="branch_id"
                defaultValue={values?.branch_id || String(defaults.branchId ?? '')}
                aria-invalid={errors.branch_id ? true : undefined}
                aria-describedby={errors.branch_id ? 'checkout-branch_id-error' : undefined}
              >
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
              {error('branch_id')}
            </div>
            <Choice
              name="fulfilment"
              value="delivery"
              checked={chosen === 'delivery'}
              onChange={() => setFulfilment('delivery')}
              title={t('checkout.fulfilment.delivery')}
              hint={
                delivery > 0
                  ? t('checkout.fulfilment.deliveryFee', { fee: money(delivery, cur) })
                  : t('checkout.fulfilment.deliveryFree')
              }
            />
            <div className="choice-detail">
              {addresses.length === 0 ? (
                <p className="hint">{t('checkout.fulfilment.noAddress')}</p>
              ) : (
                <fieldset className="address-choices">
                  <legend>{t('checkout.fulfilment.address')}</legend>
                  {addresses.map((a) => (
                    <Choice
                      key={a.id}
                      name="address_id"
                      value={String(a.id)}
                      checked={String(a.id) === (values?.address_id || String(defaults.addressId))}
                      title={a.name}
                      hint={`${a.address}, ${a.postcode} ${a.city}`}
                    />
                  ))}
                </fieldset>
              )}
              {error('address_id')}
              <Link
                className="tap-link"
                to={localePath(locale, '/settings/addresses?add=1&from=checkout')}
              >
                {t('checkout.fulfilment.addAddress')}
              </Link>
            </div>
          </fieldset>

          <fieldset
            className="card checkout-choice"
            aria-describedby={errors.payment ? 'checkout-payment-error' : undefined}
          >
            <legend>{t('checkout.payment.title')}</legend>
            <Choice
              name="payment"
              value="credits"
              checked={payment === 'credits'}
              disabled={!quote.credit?.spendable}
              title={t('checkout.payment.credits')}
              hint={
                // docs/product/credit.md (Application statuses): a line that cannot pay says why.
                quote.credit && !quote.credit.spendable
                  ? t('checkout.payment.suspended')
                  : quote.credit
                    ? t('checkout.payment.available', {
                        amount: money(
                          quote.credit.available.amount_minor,
                          quote.credit.available.currency,
                        ),
                      })
                    : t('checkout.payment.noLine')
              }
            />
            <Choice
              name="payment"
              value="cash"
              checked={payment === 'cash'}
              title={t('checkout.payment.cash')}
              hint={t('checkout.payment.cashHint')}
            />
            {error('payment')}
            {!quote.credit ? (
              <p>
                <Link to={localePath(locale, '/credit')}>
                  {t('checkout.payment.applyForCredit')}
                </Link>
              </p>
            ) : null}
          </fieldset>

          <div className="card field">
            <label htmlFor="checkout-remarks">{t('checkout.remarks')}</label>
            <textarea
              id="checkout-remarks"
              name="remarks"
              rows={2}
              maxLength={500}
              defaultValue={values?.remarks ?? defaults.remarks}
              aria-invalid={errors.remarks ? true : undefined}
            />
            {error('remarks')}
          </div>
        </div>

        <aside className="card checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">{t('checkout.summary')}</h2>
          <ul className="checkout-lines">
            {lines.map((l) => (
              <li key={l.id}>
                <span>
                  {l.name} · {l.pack} × {l.count}
                </span>
                <span>{money(l.total.amount_minor, l.total.currency)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout-totals">
            <dt>{t('checkout.subtotal')}</dt>
            <dd>{money(quote.subtotal.amount_minor, cur)}</dd>
            <dt>{t('checkout.shippingFee')}</dt>
            <dd>{money(chosen === 'delivery' ? delivery : 0, cur)}</dd>
            <dt className="checkout-total">{t('checkout.total')}</dt>
            <dd className="checkout-total">{money(total, cur)}</dd>
          </dl>
          <noscript>
            <p className="hint">{t('checkout.totalNoScript')}</p>
          </noscript>
          <button className="button" type="submit" disabled={busy}>
            {t('checkout.continue')}
          </button>
        </aside>
      </Form>
    </section>
  )
}

/** One radio choice: the whole row is the target, with its title and a line saying what it means. */
function Choice(props: {
  name: string
  value: string
  checked: boolean
  title: string
  hint: string
  disabled?: boolean
  onChange?: () => void
}) {
  return (
    <label className="choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <span>
        <strong>{props.title}</strong>
        <span className="hint">{props.hint}</span>
      </span>
    </label>
  )
}
