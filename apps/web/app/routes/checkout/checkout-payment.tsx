import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { PIN_PATTERN } from '@padi/domain/payment/pin'
import { AuthenticationResponseSchema } from '@padi/domain/payment/biometric-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { sessionContext } from '~/utils/session.server.ts'
import {
  newTryAfterWrongPin,
  orderBody,
  paymentRefusal,
  stockProblem,
  type PaymentRefusal,
} from '~/utils/checkout.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { PaymentRefusalAlert, PIN_INPUT } from '~/components/account/pin-fields.tsx'
import {
  biometricsAvailable,
  runBiometricPrompt,
  type BiometricMessage,
} from '~/components/account/biometric-prompt.ts'
import { ScriptsNow } from '~/components/scripts-now.tsx'
import { CheckoutLoadFailed, useCheckoutText } from '~/components/checkout/checkout-message.tsx'
import { StockLines } from '~/components/checkout/pickup-stock.tsx'
import checkoutCss from '~/components/checkout/checkout.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/checkout-payment'

export const handle: StyleHandle = { css: [checkoutCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'checkout.payment.pageTitle', 'checkout.description')

/**
 * docs/product/orders-and-payments.md (Payment): the amount to authorise, priced again now, and
 * where the goods go; credit is authorised with the PIN, cash is paid at the branch.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const choice = session.data.checkout
  if (!choice) throw redirect(localePath(locale, '/checkout'))
  if (choice.payment === 'credits' && !session.data.user?.isPinSet)
    throw redirect(localePath(locale, '/checkout/pin-setup'))
  const messages = pageMessages(params, ['checkout', 'pin', 'biometric'])
  try {
    const [quote, place, devices] = await withUserToken({ session, locale }, async (token) =>
      Promise.all([
        api.quoteCheckout(token, choice.fulfilment),
        choice.fulfilment === 'delivery'
          ? api.addresses(token).then((list) => {
              const a = list.find((x) => x.id === choice.addressId)
              return a ? `${a.name}: ${a.address}, ${a.postcode} ${a.city}` : null
            })
          : Promise.resolve(null),
        choice.payment === 'credits'
          ? api.biometricDevices(token).then((d) => d.data)
          : Promise.resolve([]),
      ]),
    )
    if (quote.line_count === 0) throw redirect(localePath(locale, '/cart'))
    const branch = quote.pickup.branches.find((b) => b.branch_id === choice.branchId)
    // docs/product/orders-and-payments.md (Stock at pickup): the quote is judged before any PIN
    // or fingerprint is asked: an order the chosen branch (or a delivery) cannot give says which
    // lines are missing where, and offers only the way back to choose again.
    const stock = stockProblem(quote, choice.fulfilment, choice.branchId, locale)
    return {
      ...messages,
      failed: false as const,
      payment: choice.payment,
      fulfilment: choice.fulfilment,
      place:
        choice.fulfilment === 'pickup'
          ? branch
            ? localizedText(branch.name, locale)
            : null
          : place,
      stock,
      total: quote.total,
      shippingFee: quote.shipping_fee,
      quantity: quote.total_quantity,
      hasDevice: devices.length > 0,
      shortfall:
        choice.payment === 'credits' && quote.credit && quote.credit.shortfall.amount_minor > 0
          ? quote.credit.shortfall
          : null,
    }
  } catch (error) {
    return data({ ...messages, failed: true as const }, readRefusal(error).init)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * The payment form: the PIN as typed, or (paid with this device's fingerprint or face) the
 * device's answer, checked against the API's own rule before it is sent on; it replaces the PIN.
 */
const PaymentForm = z.object({
  pin: z.string().trim(),
  webauthn: z.string().transform(safeJson).pipe(AuthenticationResponseSchema).optional(),
})

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const choice = session.data.checkout
  if (formIntent(formData, ['cancel']) === 'cancel') {
    session.update({
      checkout: undefined,
      flash: { kind: 'info', messageKey: 'flash.checkoutCancelled' },
    })
    return redirect(localePath(locale, '/cart'), 303)
  }
  if (!choice) return redirect(localePath(locale, '/checkout'), 303)
  const form = parseForm(PaymentForm, formData, { pin: 'text', webauthn: 'optional' })
  if (!form.ok)
    return data<PaymentRefusal>({ formError: { key: 'biometric.failed' } }, { status: 400 })
  const { pin, webauthn } = form.data
  if (choice.payment === 'credits' && !webauthn && !PIN_PATTERN.test(pin))
    return data<PaymentRefusal>({ pinError: { key: 'pin.errors.format' } }, { status: 400 })
  try {
    const order = await withUserToken({ session, locale }, (token) =>
      api.placeOrder(token, choice.key, {
        ...orderBody(choice, choice.payment === 'credits' && !webauthn ? pin : undefined),
        ...(choice.payment === 'credits' && webauthn ? { webauthn } : {}),
      }),
    )
    session.update({
      checkout: undefined,
      // The ordered packs left the cart; the header counts packs by quantity.
      cartCount: Math.max(
        0,
        (session.data.cartCount ?? 0) - order.items.reduce((n, i) => n + i.count, 0),
      ),
    })
    return redirect(localePath(locale, `/checkout/payment/success?order=${order.id}`), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    if (refusal.code === 'PIN_INVALID') newTryAfterWrongPin(session, choice)
    const { body, init } = paymentRefusal(refusal.error, locale)
    return data<PaymentRefusal>(body, init)
  }
}

export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const text = useCheckoutText()
  const navigation = useNavigation()
  if (loaderData.failed)
    return <CheckoutLoadFailed titleKey="checkout.payment.pageTitle" path="/checkout/payment" />
  const { total, payment, fulfilment, place, shortfall, shippingFee, quantity, hasDevice, stock } =
    loaderData
  // Nothing to authorise: the order would be refused (credit that does not cover it, or stock).
  const blocked = Boolean(shortfall || stock)
  const placing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay'
  const amount = money(total.amount_minor, total.currency)
  return (
    <section className="checkout-page payment-page">
      <p className="link-line">
        <Link to={localePath(locale, '/checkout')}>← {t('checkout.backToCheckout')}</Link>
      </p>
      <h1>{t('checkout.payment.pageTitle')}</h1>
      <div className="card payment-amount">
        <p className="hint">
          {payment === 'credits'
            ? t('checkout.payment.authorise')
            : t('checkout.payment.payAtBranch')}
        </p>
        <p className="payment-total">{amount}</p>
        <p className="hint">
          {t('checkout.payment.items', { count: quantity })}
          {shippingFee.amount_minor > 0
            ? ` · ${t('checkout.payment.includesShipping', { fee: money(shippingFee.amount_minor, shippingFee.currency) })}`
            : ''}
        </p>
        <p>
          {fulfilment === 'delivery'
            ? t('checkout.payment.deliverTo', { place: place ?? '—' })
            : t('checkout.payment.collectAt', { place: place ?? '—' })}
        </p>
      </div>
      {actionData?.formError ? (
        <div className="form-error" role="alert">
          <p>{text(actionData.formError)}</p>
          {actionData.reason ? <p>{text(actionData.reason)}</p> : null}
          {actionData.stockLines ? (
            <>
              <StockLines lines={actionData.stockLines} />
              <p>
                <Link className="tap-link" to={localePath(locale, '/checkout')}>
                  {t('checkout.pickup.chooseAgain')}
                </Link>
              </p>
            </>
          ) : null}
          {actionData.formError.key === 'pin.errors.locked' ? (
            <p>
              <Link to={localePath(locale, '/forgot-pin')}>{t('pin.forgot.link')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {/* After a refusal on stock (a race) the refusal above says it already. */}
      {stock && !actionData?.stockLines ? (
        <div className="form-error" role="alert">
          <p>
            {stock.branch
              ? t('checkout.errors.branchLacks', { branch: stock.branch })
              : t('checkout.errors.noBranchHasAll')}
          </p>
          <StockLines lines={stock.lines} />
          <p>
            <Link className="tap-link" to={localePath(locale, '/checkout')}>
              {t('checkout.pickup.chooseAgain')}
            </Link>
          </p>
        </div>
      ) : stock ? null : shortfall ? (
        <div className="form-error" role="alert">
          <p>{text({ key: 'checkout.errors.insufficient', amount: shortfall })}</p>
          <p>
            <Link to={localePath(locale, '/checkout')}>{t('checkout.backToCheckout')}</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="form payment-form" noValidate>
          {/* After a refusal the PIN is typed again from empty, with the cursor in it (without
              scripts the page comes back empty): a new field for each answer, in the same render
              as the answer, so nothing typed after it appears is wiped later. */}
          {payment === 'credits' ? (
            <TextField
              key={actionData ? JSON.stringify(actionData) : 'pin'}
              name="pin"
              label={t('checkout.payment.pin')}
              hint={t('checkout.payment.pinHint')}
              error={actionData?.pinError?.key}
              errorParams={actionData?.pinError?.params}
              {...PIN_INPUT}
              autoFocus
            />
          ) : null}
          {/* A PIN forgotten at the moment of paying: the way to a new one, which leads back here
              (a locked PIN's refusal above has it already). */}
          {payment === 'credits' && actionData?.formError?.key !== 'pin.errors.locked' ? (
            <p className="link-line">
              <Link to={localePath(locale, '/forgot-pin')}>{t('pin.forgot.link')}</Link>
            </p>
          ) : null}
          <div className="button-row">
            <button className="button" type="submit" name="intent" value="pay" disabled={placing}>
              {placing
                ? t('checkout.payment.processing')
                : payment === 'credits'
                  ? t('checkout.payment.authoriseButton', { amount })
                  : t('checkout.payment.placeCash')}
            </button>
            <button
              className="button secondary"
              type="submit"
              name="intent"
              value="cancel"
              formNoValidate
              disabled={placing}
            >
              {t('checkout.payment.cancel')}
            </button>
          </div>
          {placing ? (
            <p className="notice" role="status">
              {t('checkout.payment.processingBody')}
            </p>
          ) : null}
        </Form>
      )}
      {!blocked && payment === 'credits' ? (
        <BiometricPay hasDevice={hasDevice} disabled={placing} />
      ) : null}
    </section>
  )
}

/**
 * docs/product/orders-and-payments.md (Biometrics): pay with this phone's fingerprint or face
 * instead of the PIN. Shown only when scripts run and the phone can; the PIN stays as the way that
 * always works.
 */
function BiometricPay({ hasDevice, disabled }: { hasDevice: boolean; disabled: boolean }) {
  const { t, locale } = useI18n()
  const form = useRef<HTMLFormElement>(null)
  const answer = useRef<HTMLInputElement>(null)
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<BiometricMessage | null>(null)
  useEffect(() => {
    void biometricsAvailable().then(setSupported)
  }, [])
  // The button only the scripts bring: they start at once here, not at the first touch.
  const now = hasDevice ? <ScriptsNow /> : null
  if (!supported) return now
  if (!hasDevice)
    return (
      <p className="hint biometric-pay">
        <Link to={localePath(locale, '/settings/biometrics')}>{t('biometric.offerSetUp')}</Link>
      </p>
    )
  const pay = async () => {
    setBusy(true)
    setError(null)
    const outcome = await runBiometricPrompt(locale, 'payment')
    if (!outcome.ok) {
      setBusy(false)
      // With the PIN locked this says so (and how long), as the PIN would: one lock (ADR 060).
      return setError(outcome.message)
    }
    answer.current!.value = JSON.stringify(outcome.response)
    form.current!.requestSubmit()
  }
  return (
    <Form method="post" ref={form} className="biometric-pay">
      {now}
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="webauthn" ref={answer} />
      <p className="hint">{t('biometric.or')}</p>
      <button
        className="button secondary"
        type="button"
        onClick={() => void pay()}
        disabled={busy || disabled}
      >
        {busy ? t('biometric.waiting') : t('biometric.pay')}
      </button>
      {error ? <PaymentRefusalAlert message={error} /> : null}
    </Form>
  )
}
