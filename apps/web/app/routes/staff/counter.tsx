import { useRef, useState, type FormEvent } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { formatDay } from '@padi/domain/dates'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import type {
  BranchStock,
  CounterCustomer,
  CounterPurchase,
} from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { useFormTakeOver } from '~/utils/typed-before-hydration.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { BeforeScripts } from '~/components/form/before-scripts.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { QrScanner } from '~/components/vouchers/qr-scanner.tsx'
import { SaleResult } from '~/components/vouchers/sale-result.tsx'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import counterCss from '~/components/vouchers/counter.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { counterRefusal, smsRefusal } from './+shared/counter-refusal.server.ts'
import {
  MAX_COUNT,
  packMatches,
  quoteSale,
  readSelection,
  selectionOf,
  type Pack,
  type Selection,
} from './+shared/counter-sale.ts'
import type { Route } from './+types/counter'

export const handle: StyleHandle = { css: [vouchersCss, counterCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'counter.title')
// Too many unknown codes: the page's 429 carries the wait the clerk reads (security row 55).
export const headers: Route.HeadersFunction = retryAfterHeaders

/** The counter says each refusal itself, the wait included (counterRefusal): no second toast. */
const asClerk: typeof withUserToken = (ctx, call) => withUserToken(ctx, call, { on429: 'page' })

type Stock = BranchStock['data']

/** A pack's size stays whole on its line: "4 L", never "4" then "L" (a no-break space). */
const withUnit = (label: string) => label.replace(/(\d) (?=\S)/g, '$1\u00a0')

/**
 * docs/product/vouchers.md (the branch counter): scan or type the customer's code; then the
 * customer, their pickup orders here and a sale of branch stock paid with vouchers in full and
 * cash for the rest; after the sale, its result, and the customer stays open for the hand-over of
 * their orders (the customer's visit). The sale form's choices also come in the address (a GET to
 * find a pack or work out the total, without scripts).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const result = session.data.counterResult ?? null
  if (result) session.update({ counterResult: undefined })
  const selection = readSelection(new URL(request.url).searchParams)
  const code = session.data.counter
  const empty = { result, customer: null, stock: [] as Stock, key: '', selection }
  if (!code) return empty
  try {
    const [customer, stock] = await asClerk({ session, locale }, (token) =>
      Promise.all([api.counterLookup(token, code), api.counterStock(token)]),
    )
    // A key per sale shown: sending the form twice (a double tap, a retry) sells once.
    return {
      ...empty,
      customer: customer as CounterCustomer | null,
      stock,
      key: crypto.randomUUID(),
    }
  } catch (error) {
    session.update({ counter: undefined })
    const refusal = counterRefusal(error)
    return data(
      { ...empty, refused: refusal.message },
      { ...refusal.init, status: refusal.init.status ?? 400 },
    )
  }
}

type ActionData = {
  formError?: Message
  fieldErrors?: Record<string, string>
  /** A code by SMS not sent: why, and the number as typed (to correct it). */
  sms?: { error?: Message; mobile: string }
  /** A sale not made: what was chosen, shown again as it was sent. */
  selection?: Selection
}

/** A code by SMS: the customer's number, as the clerk typed it (the API reads it). */
const SmsForm = z.object({
  mobile: z.string().trim().min(1, 'counter.sms.errors.mobileRequired'),
})

/** The customer's code: scanned (the token the QR holds) or typed (its 8 digits, spaces aside). */
const CodeForm = z
  .object({
    token: z.string().trim(),
    digits: z.string().transform((v) => v.replace(/\s/g, '')),
  })
  .refine((v) => v.token !== '' || /^\d{8}$/.test(v.digits), {
    message: 'counter.errors.digits',
    path: ['digits'],
  })

/** A pickup order handed over: its number, from the row's button. */
const HandOverForm = z.object({ order_id: z.coerce.number().int().positive() })

/**
 * The sale: the packs' counts, the vouchers ticked and the search (as the page reads them), the
 * cash the clerk was shown (none when the vouchers cover more than the sale) and the sale's key.
 */
const SaleFields = z.object({
  q: z.string(),
  voucher_ids: z.array(z.string()),
  count: z.record(z.string(), z.string()),
  expected_cash: z
    .string()
    .transform((v) => (v === '' ? undefined : Number(v)))
    .transform((v) => (v !== undefined && Number.isSafeInteger(v) && v >= 0 ? v : undefined)),
  key: z.string(),
})

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['clear', 'sms', 'code', 'handover'])
  const here = localePath(locale, '/staff')
  const refused = (error: unknown, selection?: Selection) => {
    const refusal = counterRefusal(error)
    return data<ActionData>(
      { formError: refusal.message, ...(selection ? { selection } : {}) },
      refusal.init,
    )
  }
  if (intent === 'clear') {
    // docs/product/vouchers.md (the customer's visit): the clerk closes the customer; the code
    // they held serves nobody any more. The page forgets it either way.
    const code = session.data.counter
    if (code) await asClerk({ session, locale }, (t) => api.counterClose(t, code)).catch(() => {})
    session.update({ counter: undefined, counterResult: undefined })
    return redirect(here, 303)
  }
  if (intent === 'sms') {
    // docs/product/vouchers.md (a code by SMS): the customer's phone has no data; the clerk has a
    // code sent to their registered number, then types the 8 digits they read out.
    const form = parseForm(SmsForm, formData, ['mobile'])
    if (!form.ok)
      return data<ActionData>(
        { fieldErrors: form.fieldErrors, sms: { mobile: '' } },
        { status: 400 },
      )
    const { mobile } = form.data
    try {
      await asClerk({ session, locale }, (t) => api.counterSmsCode(t, { mobile }))
    } catch (error) {
      const refusal = smsRefusal(error)
      return data<ActionData>(
        {
          ...(refusal.field ? { fieldErrors: { mobile: refusal.field } } : {}),
          sms: { mobile, ...(refusal.message ? { error: refusal.message } : {}) },
        },
        refusal.init,
      )
    }
    // The same words whether or not the number is a customer's: the API does not say either.
    session.update({ flash: { kind: 'success', messageKey: 'counter.sms.sent' } })
    return redirect(here, 303)
  }
  if (intent === 'code') {
    const form = parseForm(CodeForm, formData, ['token', 'digits'])
    if (!form.ok) return data<ActionData>({ fieldErrors: form.fieldErrors }, { status: 400 })
    const { token, digits } = form.data
    const code = token ? { token } : { digits }
    try {
      await asClerk({ session, locale }, (t) => api.counterLookup(t, code))
    } catch (error) {
      return refused(error)
    }
    session.update({ counter: code, counterResult: undefined })
    return redirect(here, 303)
  }
  const code = session.data.counter
  if (!code) return redirect(here, 303)
  if (intent === 'handover') {
    const form = parseForm(HandOverForm, formData, ['order_id'])
    // Only a forged form lacks the number; the API would refuse it the same way.
    if (!form.ok)
      return data<ActionData>({ formError: { key: 'counter.errors.failed' } }, { status: 400 })
    const orderId = form.data.order_id
    try {
      await asClerk({ session, locale }, (t) => api.counterHandOver(t, orderId, code))
    } catch (error) {
      return refused(error)
    }
    session.update({ flash: { kind: 'success', messageKey: 'counter.handedOver' } })
    return redirect(here, 303)
  }
  // The sale: packs and counts typed, vouchers ticked, and the cash the clerk was shown; the
  // prices and the figures are the API's.
  const form = parseForm(SaleFields, formData, {
    q: 'text',
    voucher_ids: 'list',
    count: 'group',
    expected_cash: 'text',
    key: 'text',
  })
  if (!form.ok)
    return data<ActionData>({ formError: { key: 'counter.errors.failed' } }, { status: 400 })
  const selection = selectionOf(form.data)
  const lines = Object.entries(selection.counts).map(([id, count]) => ({
    variation_id: Number(id),
    count,
  }))
  if (lines.length === 0)
    return data<ActionData>(
      { formError: { key: 'counter.errors.noLines' }, selection },
      { status: 400 },
    )
  const shown = form.data.expected_cash
  const body: CounterPurchase = {
    ...code,
    lines,
    voucher_ids: selection.vouchers,
    ...(shown !== undefined ? { expected_cash_minor: shown } : {}),
  }
  const key = form.data.key
  try {
    const done = await asClerk({ session, locale }, (t) => api.counterPurchase(t, key, body))
    // docs/product/vouchers.md (the customer's visit): the customer stays open for the hand-over
    // of their pickup orders; the code has served its one sale.
    session.update({ counterResult: done })
  } catch (error) {
    return refused(error, selection)
  }
  return redirect(here, 303)
}

export default function Counter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { result, customer } = loaderData
  const refusedOnLoad = 'refused' in loaderData ? loaderData.refused : undefined
  return (
    <section className="counter-page">
      <h1 className="counter-title">{t('counter.title')}</h1>
      {result ? <SaleResult sale={result} title={t('counter.result.title')} /> : null}
      {refusedOnLoad ? <FormAlert message={refusedOnLoad} /> : null}
      {/* A sale's refusal is said beside 'Sell', where the clerk's thumb is. */}
      {actionData?.formError && !(customer && actionData.selection) ? (
        <FormAlert message={actionData.formError} />
      ) : null}
      {customer ? (
        <Serving
          customer={customer}
          stock={loaderData.stock}
          saleKey={loaderData.key}
          selection={actionData?.selection ?? loaderData.selection}
          saleError={actionData?.selection ? actionData.formError : undefined}
        />
      ) : (
        <>
          <CodeEntry digitsError={actionData?.fieldErrors?.digits} />
          <SmsCode
            mobile={actionData?.sms?.mobile ?? ''}
            error={actionData?.sms?.error}
            mobileError={actionData?.fieldErrors?.mobile}
          />
        </>
      )}
    </section>
  )
}

function CodeEntry({ digitsError }: { digitsError?: string | undefined }) {
  const { t } = useI18n()
  return (
    <>
      <QrScanner />
      <Form method="post" className="card form" noValidate>
        <input type="hidden" name="intent" value="code" />
        <TextField
          name="digits"
          label={t('counter.digits')}
          hint={t('counter.digitsHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          error={digitsError}
        />
        <button type="submit" className="button">
          {t('counter.find')}
        </button>
      </Form>
    </>
  )
}

/**
 * docs/product/vouchers.md (a code by SMS): for a customer whose phone cannot show a code (no
 * mobile data in the field): their registered number, and a code for this counter goes to it by
 * SMS. A plain form: it works without the page's scripts.
 */
function SmsCode({
  mobile,
  error,
  mobileError,
}: {
  mobile: string
  error?: Message | undefined
  mobileError?: string | undefined
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'sms'
  return (
    <Form method="post" className="card form" noValidate aria-labelledby="counter-sms">
      <input type="hidden" name="intent" value="sms" />
      <h2 id="counter-sms">{t('counter.sms.title')}</h2>
      <p className="hint">{t('counter.sms.intro')}</p>
      {error ? <FormAlert message={error} /> : null}
      <TextField
        name="mobile"
        label={t('counter.sms.mobile')}
        hint={t('counter.sms.mobileHint')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={19}
        defaultValue={mobile}
        error={mobileError}
      />
      <button type="submit" className="button secondary" disabled={sending}>
        {t('counter.sms.send')}
      </button>
    </Form>
  )
}

function Serving({
  customer,
  stock,
  saleKey,
  selection,
  saleError,
}: {
  customer: CounterCustomer
  stock: Stock
  saleKey: string
  selection: Selection
  saleError?: Message | undefined
}) {
  const { t } = useI18n()
  const sold = customer.visit.sold
  return (
    <>
      <div className="card counter-customer">
        <div className="counter-who">
          <h2>{customer.full_name}</h2>
          <p className="counter-mobile">{customer.mobile}</p>
        </div>
        <Form method="post">
          <button type="submit" name="intent" value="clear" className="button secondary">
            {t('counter.next')}
          </button>
        </Form>
        {sold ? <p className="counter-sold">{t('counter.sold')}</p> : null}
      </div>
      <PickupOrders orders={customer.orders} />
      {sold ? null : (
        <SaleForm
          key={saleKey}
          customer={customer}
          stock={stock}
          saleKey={saleKey}
          initial={selection}
          error={saleError}
        />
      )}
    </>
  )
}

/**
 * docs/product/vouchers.md (the branch counter): the customer's pickup orders here, each handed
 * over with one tap (an unpaid one is paid in cash then); also after a sale, while the customer's
 * visit lasts.
 */
function PickupOrders({ orders }: { orders: CounterCustomer['orders'] }) {
  const { t, money } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  if (orders.length === 0) return null
  return (
    <section className="card" aria-labelledby="counter-orders">
      <h2 id="counter-orders">{t('counter.orders')}</h2>
      <ul className="counter-orders">
        {orders.map((o) => {
          const amount = money(o.total.amount_minor, o.total.currency)
          return (
            <li key={o.id} className="counter-order">
              <p className="counter-order-head">
                <span className="order-number">{o.number}</span>
                <span className="money">{amount}</span>
              </p>
              <p className="hint">
                {t(o.status === 'unpaid' ? 'counter.orderUnpaid' : 'counter.orderPaid')}
              </p>
              <Form method="post">
                <input type="hidden" name="order_id" value={o.id} />
                <button
                  type="submit"
                  name="intent"
                  value="handover"
                  className="button counter-wide"
                  disabled={busy}
                >
                  {o.status === 'unpaid'
                    ? t('counter.takeCash', { amount })
                    : t('counter.handOver')}
                </button>
              </Form>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * docs/product/vouchers.md (the sale): a pack found by typing, its count, the vouchers to use,
 * and, before selling, the total, the vouchers and the cash to collect. Without scripts the search
 * and 'Work out the total' are GETs of the same form (what was typed comes back in the address);
 * with them the list follows the search and the figures follow each change. The cash shown goes
 * with the sale: the API works it out again and sells nothing if it is not that figure.
 */
function SaleForm({
  customer,
  stock,
  saleKey,
  initial,
  error,
}: {
  customer: CounterCustomer
  stock: Stock
  saleKey: string
  initial: Selection
  error?: Message | undefined
}) {
  const { t, locale, money } = useI18n()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const form = useRef<HTMLFormElement>(null)
  const [selection, setSelection] = useState<Selection>(initial)
  const currency: Currency =
    stock[0]?.price.currency ?? customer.vouchers[0]?.value.currency ?? 'MYR'
  const quote = quoteSale(stock, customer.vouchers, selection, currency)
  const read = (element: HTMLFormElement) =>
    setSelection(
      readSelection(
        [...new FormData(element).entries()].filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      ),
    )
  // A count, a tick or a search typed before the scripts ran: taken over as the form stands.
  useFormTakeOver(form, read)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With scripts the list and the figures are already up to date: 'Find' and Enter do nothing.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (submitter?.getAttribute('formmethod') === 'get') event.preventDefault()
  }
  const visible = (pack: Pack) =>
    (selection.counts[pack.variation_id] ?? 0) > 0 || packMatches(pack, selection.q, locale)
  const shown = stock.filter(visible).length
  const amount = (minor: number) => money(minor, currency)
  // Without scripts a GET of this form comes back to the packs, not to the top of the page.
  const back = `${localePath(locale, '/staff')}#counter-sale`
  return (
    <Form
      method="post"
      className="card counter-sale"
      ref={form}
      onChange={(e) => read(e.currentTarget)}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="counter-sale"
    >
      <h2 id="counter-sale">{t('counter.sale')}</h2>
      <fieldset className="counter-vouchers">
        <legend>{t('counter.vouchers')}</legend>
        {customer.vouchers.length === 0 ? <p>{t('counter.noVouchers')}</p> : null}
        {customer.vouchers.map((v) => (
          <label key={v.id} className="counter-voucher">
            <input
              type="checkbox"
              name="voucher_ids"
              value={v.id}
              defaultChecked={initial.vouchers.includes(v.id)}
            />
            <span>
              <span className="money">{money(v.value.amount_minor, v.value.currency)}</span>{' '}
              <span className="voucher-serial">{v.serial}</span>{' '}
              <span className="hint">
                {t('vouchers.expires', { date: formatDay(v.expires_on) })}
              </span>
            </span>
          </label>
        ))}
        {customer.unusable_vouchers.length > 0 ? (
          <div className="counter-unusable">
            <p className="counter-unusable-title">{t('counter.unusable')}</p>
            <ul>
              {customer.unusable_vouchers.map((v) => (
                <li key={v.id}>
                  <span className="money">{money(v.value.amount_minor, v.value.currency)}</span>{' '}
                  <span className="voucher-serial">{v.serial}</span>
                  <br />
                  {t(`counter.otherMarket.${v.value.currency === 'THB' ? 'TH' : 'MY'}`)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="hint">{t('counter.noChange')}</p>
      </fieldset>
      <div className="counter-search" role="search">
        <label htmlFor="counter-q">{t('counter.search')}</label>
        <div className="counter-search-row">
          <input
            id="counter-q"
            name="q"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={100}
            defaultValue={initial.q}
            placeholder={t('counter.searchPlaceholder')}
          />
          {/* The form's first button, so Enter finds (never sells); with scripts it stays,
              hidden, and does nothing more (onSubmit). */}
          <button
            type="submit"
            formMethod="get"
            formAction={back}
            className="button secondary"
            hidden={hydrated}
          >
            {t('counter.searchButton')}
          </button>
        </div>
      </div>
      {stock.length === 0 ? <p>{t('counter.noStock')}</p> : null}
      <ul className="counter-packs" aria-label={t('counter.packs')}>
        {stock.map((s) => {
          const id = `count-${s.variation_id}`
          return (
            <li key={s.variation_id} className="counter-pack" hidden={!visible(s)}>
              <label htmlFor={id} className="counter-pack-name">
                {localizedText(s.product, locale)} · {withUnit(localizedText(s.label, locale))}
                <span className="counter-pack-price">
                  <span className="money">{money(s.price.amount_minor, s.price.currency)}</span>{' '}
                  <span className="hint">{t('counter.onShelf', { count: s.quantity })}</span>
                </span>
              </label>
              <input
                id={id}
                name={id}
                className="counter-count"
                type="number"
                inputMode="numeric"
                min={0}
                max={Math.min(MAX_COUNT, s.quantity)}
                placeholder="0"
                defaultValue={initial.counts[s.variation_id] ?? ''}
              />
            </li>
          )
        })}
      </ul>
      {stock.length > 0 && shown === 0 ? (
        <p role="status">{t('counter.noMatch', { q: selection.q })}</p>
      ) : null}
      <div className="counter-summary">
        {error ? <FormAlert message={error} /> : null}
        <dl className="counter-figures" aria-live="polite">
          <div>
            <dt>{t('counter.total')}</dt>
            <dd className="money">{amount(quote.totalMinor)}</dd>
          </div>
          <div>
            <dt>{t('counter.voucherTotal')}</dt>
            <dd className="money">{amount(quote.vouchersMinor)}</dd>
          </div>
          <div className="counter-cash">
            <dt>{t('counter.cash')}</dt>
            <dd className="money">{quote.cashMinor === null ? '—' : amount(quote.cashMinor)}</dd>
          </div>
        </dl>
        {quote.cashMinor === null ? (
          <p className="field-error counter-figures-note">{t('counter.errors.exceeds')}</p>
        ) : null}
        <BeforeScripts className="counter-before">{t('counter.beforeScripts')}</BeforeScripts>
        <input type="hidden" name="expected_cash" value={quote.cashMinor ?? ''} />
        <div className="counter-actions">
          {hydrated ? null : (
            <button type="submit" formMethod="get" formAction={back} className="button secondary">
              {t('counter.workOut')}
            </button>
          )}
          <button type="submit" name="key" value={saleKey} className="button" disabled={busy}>
            {t('counter.sell')}
          </button>
        </div>
      </div>
    </Form>
  )
}
