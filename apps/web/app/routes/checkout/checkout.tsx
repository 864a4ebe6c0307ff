import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { Fulfilment } from '@padi/domain/orders/order-rules'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { sessionContext } from '~/utils/session.server.ts'
import {
  CheckoutForm,
  checkoutProblems,
  pickupView,
  rememberChoice,
  stockProblem,
  type CheckoutField,
  type CheckoutMessage,
  type StockLineView,
} from '~/utils/checkout.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { CheckoutLoadFailed, useCheckoutText } from '~/components/checkout/checkout-message.tsx'
import { PickupBranches, StockLines } from '~/components/checkout/pickup-stock.tsx'
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
    // The PIN may have been set elsewhere (the app, another browser) since this session began,
    // and so may the farmer's branch (the product pages list branches in its order).
    const user = session.data.user
    const preferredBranchId = me.preferred_branches[0] ?? null
    if (
      user &&
      (user.isPinSet !== me.is_pin_set ||
        user.preferredBranchId !== preferredBranchId ||
        user.region !== me.profile.state)
    )
      session.update({
        user: { ...user, isPinSet: me.is_pin_set, preferredBranchId, region: me.profile.state },
      })
    if (quote.line_count === 0) {
      session.update({ flash: { kind: 'info', messageKey: 'flash.checkoutNothingSelected' } })
      throw redirect(localePath(locale, '/cart'))
    }
    const kept = session.data.checkout
    // docs/product/orders-and-payments.md (Stock at pickup): only the branches that hold it all.
    const pickup = pickupView(quote, locale, kept?.branchId)
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
      // Only what the page shows: the quote's stock part (every branch, named in every
      // language) is summed up in `pickup`, in the page's language.
      quote: {
        currency: quote.currency,
        subtotal: quote.subtotal,
        delivery_fee: quote.delivery_fee,
        credit: quote.credit,
      },
      addresses,
      pickup,
      defaults: {
        fulfilment,
        payment,
        addressId: kept?.addressId ?? defaultAddress?.id,
        branchId: pickup.chosen,
        remarks: kept?.remarks ?? '',
      },
      failed: false as const,
    }
  } catch (error) {
    return data({ ...messages, failed: true as const }, readRefusal(error).init)
  }
}

type ActionData = {
  fieldErrors: Partial<Record<CheckoutField, CheckoutMessage>>
  values?: Record<string, string>
  /** The lines the chosen branch (or a delivery) cannot give, when that is what was wrong. */
  stockLines?: StockLineView[]
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  // A choice left empty is no choice: each field is optional to the form, and required below by
  // the rules of the way of getting the order.
  const form = parseForm(CheckoutForm, await request.formData(), {
    fulfilment: 'optional',
    payment: 'optional',
    branch_id: 'optional',
    address_id: 'optional',
    remarks: 'optional',
  })
  const values = form.values
  if (!form.ok) {
    const fieldErrors = Object.fromEntries(
      Object.keys(form.fieldErrors).map((path) => [
        path.split('.')[0],
        { key: 'checkout.errors.invalid' },
      ]),
    )
    return data<ActionData>({ fieldErrors, values }, { status: 400 })
  }
  try {
    const quote = await withUserToken({ session, locale }, (token) =>
      api.quoteCheckout(token, form.data.fulfilment),
    )
    if (quote.line_count === 0) return redirect(localePath(locale, '/cart'), 303)
    const fieldErrors = checkoutProblems(form.data, quote)
    if (Object.keys(fieldErrors).length > 0) {
      const stock = stockProblem(quote, form.data.fulfilment, form.data.branch_id, locale)
      return data<ActionData>(
        { fieldErrors, values, ...(stock ? { stockLines: stock.lines } : {}) },
        { status: 400 },
      )
    }
  } catch (error) {
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
  if (loaderData.failed) return <CheckoutLoadFailed titleKey="checkout.title" path="/checkout" />
  const { quote, defaults, addresses, pickup, lines } = loaderData
  const values = actionData?.values
  const errors = actionData?.fieldErrors ?? {}
  // What the form starts with. From then on the form itself holds the choice (no state of ours
  // could lag behind a tap made before the scripts arrived): see ByFulfilment.
  const chosen = (values?.fulfilment as Fulfilment | undefined) ?? defaults.fulfilment
  const payment = values?.payment || defaults.payment
  const delivery = quote.delivery_fee.amount_minor
  const subtotal = quote.subtotal.amount_minor
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
      <p className="link-line">
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
              title={t('checkout.fulfilment.pickup')}
              hint={t('checkout.fulfilment.pickupHint')}
            />
            <div className="field choice-detail">
              <PickupBranches
                pickup={pickup}
                chosen={
                  pickup.branches.some((b) => String(b.id) === values?.branch_id)
                    ? values?.branch_id
                    : String(defaults.branchId ?? '')
                }
                invalid={Boolean(errors.branch_id)}
              />
              {error('branch_id')}
              {errors.branch_id && actionData?.stockLines ? (
                <StockLines lines={actionData.stockLines} />
              ) : null}
            </div>
            <Choice
              name="fulfilment"
              value="delivery"
              checked={chosen === 'delivery'}
              title={t('checkout.fulfilment.delivery')}
              hint={
                delivery > 0
                  ? t('checkout.fulfilment.deliveryFee', { fee: money(delivery, cur) })
                  : t('checkout.fulfilment.deliveryFree')
              }
            />
            <div className="choice-detail">
              {pickup.noneHoldsAll ? (
                <p className="hint">{t('checkout.pickup.deliveryToo')}</p>
              ) : null}
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
              {error('fulfilment')}
              {errors.fulfilment && actionData?.stockLines ? (
                <StockLines lines={actionData.stockLines} />
              ) : null}
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
            <dd>{money(subtotal, cur)}</dd>
            <dt>{t('checkout.shippingFee')}</dt>
            <dd>
              <ByFulfilment pickup={money(0, cur)} delivery={money(delivery, cur)} />
            </dd>
            <dt className="checkout-total">{t('checkout.total')}</dt>
            <dd className="checkout-total">
              <ByFulfilment
                pickup={money(subtotal, cur)}
                delivery={money(subtotal + delivery, cur)}
              />
            </dd>
          </dl>
          <button className="button" type="submit" disabled={busy}>
            {t('checkout.continue')}
          </button>
        </aside>
      </Form>
    </section>
  )
}

/**
 * docs/product/orders-and-payments.md (Checkout): a summary figure that depends on delivery or
 * collection (the delivery fee, the total). Both are in the page and checkout.css shows the one of
 * the radio checked now, so the figure follows the farmer's tap at once: without scripts, before
 * they arrive (a tap then changes no state of ours), after, and when the browser restores the form
 * on Back. A browser without :has() shows both, each naming its choice.
 */
function ByFulfilment({ pickup, delivery }: { pickup: string; delivery: string }) {
  const { t } = useI18n()
  if (pickup === delivery) return pickup
  return (
    <>
      <span className="by-fulfilment" data-fulfilment="pickup">
        <span className="by-fulfilment-label">{t('checkout.ifPickup')} </span>
        {pickup}
      </span>
      <span className="by-fulfilment" data-fulfilment="delivery">
        <span className="by-fulfilment-label">{t('checkout.ifDelivery')} </span>
        {delivery}
      </span>
    </>
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
}) {
  return (
    <label className="choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        disabled={props.disabled}
      />
      <span>
        <strong>{props.title}</strong>
        <span className="hint">{props.hint}</span>
      </span>
    </label>
  )
}
