import { data, Form, redirect, useNavigation } from 'react-router'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { BranchStock, CounterCustomer } from '@padi/domain/vouchers/voucher-schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { FormAlert, type Message } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import { QrScanner } from '~/components/vouchers/qr-scanner.tsx'
import { SaleResult } from '~/components/vouchers/sale-result.tsx'
import vouchersCss from '~/components/vouchers/vouchers.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { counterRefusal } from './+shared/counter-refusal.server.ts'
import type { Route } from './+types/counter'

export const handle: StyleHandle = { css: [vouchersCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'counter.title')
// Too many unknown codes: the page's 429 carries the wait the clerk reads (security row 55).
export const headers: Route.HeadersFunction = retryAfterHeaders

/** The counter says each refusal itself, the wait included (counterRefusal): no second toast. */
const asClerk: typeof withUserToken = (ctx, call) => withUserToken(ctx, call, { on429: 'page' })

/**
 * docs/product/vouchers.md (the branch counter): scan or type the customer's code; then the
 * customer, their active vouchers and pickup orders here, a sale of branch stock paid with
 * vouchers in full and cash for the rest, and the hand-over of orders; after a sale, its result.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const result = session.data.counterResult ?? null
  if (result) session.update({ counterResult: undefined })
  const code = session.data.counter
  if (!code) return { result, customer: null, stock: [] as BranchStock['data'], key: '' }
  try {
    const [customer, stock] = await asClerk({ session, locale }, (token) =>
      Promise.all([api.counterLookup(token, code), api.counterStock(token)]),
    )
    // A key per sale shown: sending the form twice (a double tap, a retry) sells once.
    return { result, customer: customer as CounterCustomer | null, stock, key: crypto.randomUUID() }
  } catch (error) {
    session.update({ counter: undefined })
    const refusal = counterRefusal(error)
    return data(
      {
        result,
        customer: null,
        stock: [] as BranchStock['data'],
        key: '',
        refused: refusal.message,
      },
      { ...refusal.init, status: refusal.init.status ?? 400 },
    )
  }
}

type ActionData = { formError?: Message; fieldErrors?: Record<string, string> }

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const here = localePath(locale, '/staff')
  const refused = (error: unknown) => {
    const refusal = counterRefusal(error)
    return data<ActionData>({ formError: refusal.message }, refusal.init)
  }
  if (intent === 'clear') {
    session.update({ counter: undefined })
    return redirect(here, 303)
  }
  if (intent === 'code') {
    const token = String(form.get('token') ?? '').trim()
    const digits = String(form.get('digits') ?? '').replace(/\s/g, '')
    const code = token ? { token } : { digits }
    if (!token && !/^\d{8}$/.test(digits))
      return data<ActionData>({ fieldErrors: { digits: 'counter.errors.digits' } }, { status: 400 })
    try {
      await asClerk({ session, locale }, (t) => api.counterLookup(t, code))
    } catch (error) {
      return refused(error)
    }
    session.update({ counter: code })
    return redirect(here, 303)
  }
  const code = session.data.counter
  if (!code) return redirect(here, 303)
  if (intent === 'handover') {
    const orderId = Number(form.get('order_id'))
    try {
      await asClerk({ session, locale }, (t) => api.counterHandOver(t, orderId, code))
    } catch (error) {
      return refused(error)
    }
    session.update({ flash: { kind: 'success', messageKey: 'counter.handedOver' } })
    return redirect(here, 303)
  }
  // The sale: packs and counts typed, vouchers ticked; prices are the API's.
  const lines = [...form.entries()]
    .filter(([k]) => k.startsWith('count-'))
    .map(([k, v]) => ({ variation_id: Number(k.slice(6)), count: Number(v) }))
    .filter((l) => Number.isInteger(l.count) && l.count > 0 && l.count <= 999)
  if (lines.length === 0)
    return data<ActionData>({ formError: { key: 'counter.errors.noLines' } }, { status: 400 })
  const voucherIds = form.getAll('voucher_ids').map(Number).filter(Number.isInteger)
  const key = String(form.get('key') ?? '')
  try {
    const done = await asClerk({ session, locale }, (t) =>
      api.counterPurchase(t, key, { ...code, lines, voucher_ids: voucherIds }),
    )
    // The code served this sale; the next customer starts afresh.
    session.update({ counter: undefined, counterResult: done })
  } catch (error) {
    return refused(error)
  }
  return redirect(here, 303)
}

export default function Counter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { result, customer } = loaderData
  const refusedOnLoad = 'refused' in loaderData ? loaderData.refused : undefined
  return (
    <section className="admin-page counter-page">
      <h1>{t('counter.title')}</h1>
      {result ? <SaleResult sale={result} title={t('counter.result.title')} /> : null}
      {refusedOnLoad ? <FormAlert message={refusedOnLoad} /> : null}
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {customer ? (
        <Serving customer={customer} stock={loaderData.stock} saleKey={loaderData.key} />
      ) : (
        <CodeEntry digitsError={actionData?.fieldErrors?.digits} />
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

function Serving({
  customer,
  stock,
  saleKey,
}: {
  customer: CounterCustomer
  stock: BranchStock['data']
  saleKey: string
}) {
  const { t, locale, money, date } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <>
      <div className="card">
        <h2>{customer.full_name}</h2>
        <p>{customer.mobile}</p>
        <Form method="post">
          <button type="submit" name="intent" value="clear" className="button secondary">
            {t('counter.next')}
          </button>
        </Form>
      </div>
      {customer.orders.length > 0 ? (
        <section className="card" aria-labelledby="counter-orders">
          <h2 id="counter-orders">{t('counter.orders')}</h2>
          <ul className="voucher-list">
            {customer.orders.map((o) => (
              <li key={o.id} className="voucher-card">
                <span>
                  {o.number} · {money(o.total.amount_minor, o.total.currency)}
                </span>
                <Form method="post">
                  <input type="hidden" name="order_id" value={o.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="handover"
                    className="button"
                    disabled={busy}
                  >
                    {t(o.status === 'unpaid' ? 'counter.takeCash' : 'counter.handOver')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className="card kyc-form">
        <input type="hidden" name="intent" value="sale" />
        <input type="hidden" name="key" value={saleKey} />
        <h2>{t('counter.sale')}</h2>
        <fieldset className="field">
          <legend>{t('counter.vouchers')}</legend>
          {customer.vouchers.length === 0 ? <p>{t('vouchers.none.active')}</p> : null}
          {customer.vouchers.map((v) => (
            <label key={v.id} className="kyc-choice">
              <input type="checkbox" name="voucher_ids" value={v.id} />
              {money(v.value.amount_minor, v.value.currency)} · {v.serial} ·{' '}
              {t('vouchers.expires', { date: date(v.expires_at) })}
            </label>
          ))}
        </fieldset>
        <p className="hint">{t('counter.noChange')}</p>
        <table className="counter-stock">
          <thead>
            <tr>
              <th scope="col">{t('counter.pack')}</th>
              <th scope="col">{t('counter.price')}</th>
              <th scope="col">{t('counter.count')}</th>
            </tr>
          </thead>
          <tbody>
            {stock.map((s) => (
              <tr key={s.variation_id}>
                <td>
                  <label htmlFor={`count-${s.variation_id}`}>
                    {localizedText(s.product, locale)} · {localizedText(s.label, locale)}
                  </label>
                </td>
                <td>{money(s.price.amount_minor, s.price.currency)}</td>
                <td>
                  <input
                    id={`count-${s.variation_id}`}
                    name={`count-${s.variation_id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={Math.min(999, s.quantity)}
                    defaultValue={0}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="button" disabled={busy}>
          {t('counter.sell')}
        </button>
      </Form>
    </>
  )
}
