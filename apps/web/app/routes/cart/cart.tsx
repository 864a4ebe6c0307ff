import { useEffect, useRef } from 'react'
import { data, Link, useFetcher, useFetchers, useLocation } from 'react-router'
import { z } from 'zod'
import type { CartLine } from '@padi/domain/cart/cart-schemas'
import { CART_MAX_COUNT } from '@padi/domain/cart/cart'
import { boundedCount } from '@padi/domain/cart/cart-totals'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { carryVisitorCart, rememberCart } from '~/utils/cart.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { ProductImage } from '~/components/catalogue/product-image.tsx'
import { BeforeScripts } from '~/components/form/before-scripts.tsx'
import { lineChange, pendingTotals, type LineChange } from '~/components/cart/pending-cart.ts'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { postedBeforeHydration, useFormTakeOver } from '~/utils/typed-before-hydration.ts'
import cartCss from '~/components/cart/cart.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/cart'

export const handle: StyleHandle = { css: [cartCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'cart.title', 'cart.description')

/**
 * docs/product/orders-and-payments.md: the cart, priced by the API each time it is shown. Lines a
 * visitor collected and that could not be joined at login are joined here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['cart', 'validation'])
  try {
    if (session.data.visitorCart?.length) {
      const visitor = session.data.visitorCart
      session.update({ visitorCart: undefined })
      await carryVisitorCart(session, api, visitor)
    }
    const cart = rememberCart(
      session,
      await withUserToken({ session, locale }, (token) => api.getCart(token)),
    )
    return { ...messages, cart, failed: false }
  } catch (error) {
    const refusal = readRefusal(error)
    return data({ ...messages, cart: null, failed: true }, refusal.init)
  }
}

/**
 * One line's form: its pack, the count (none: unchanged, 1 for a new line), whether it goes to
 * checkout, and the button pressed (the remove button sends intent=remove; a change of count or
 * tick sends the form as it is).
 */
const LineForm = z.object({
  variation: z.coerce.number().int().positive(),
  count: z.coerce.number().int().min(0).max(CART_MAX_COUNT).optional(),
  selected: z.boolean(),
  intent: z.array(z.string()),
})

export type CartActionData = { messageKey: string; ok: boolean }

/** One line changed: its count, whether it goes to checkout, or taken out. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const form = parseForm(LineForm, formData, {
    variation: 'text',
    count: 'optional',
    selected: 'checkbox',
    intent: 'list',
  })
  if (!form.ok)
    return data<CartActionData>({ ok: false, messageKey: 'validation.invalid' }, { status: 400 })
  const { variation, count, selected } = form.data
  const intent = form.data.intent.includes('remove') ? 'remove' : 'update'
  try {
    const cart = await withUserToken({ session, locale }, (token) =>
      intent === 'remove' || count === 0
        ? api.removeCartLine(token, variation)
        : api.setCartLine(token, variation, { count: count ?? 1, selected }),
    )
    rememberCart(session, cart)
    return { ok: true, messageKey: 'cart.updated' } satisfies CartActionData
  } catch (error) {
    const refusal = readRefusal(error)
    const key =
      refusal.code === 'OUT_OF_STOCK'
        ? 'common.cart.refused.outOfStock'
        : refusal.code === 'NOT_FOR_SALE'
          ? 'common.cart.refused.notForSale'
          : null
    if (key) return data<CartActionData>({ ok: false, messageKey: key }, { status: 409 })
    return data<CartActionData>(
      { ok: false, messageKey: refusal.message?.key ?? 'cart.error' },
      refusal.init,
    )
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, money } = useI18n()
  const location = useLocation()
  const { cart } = loaderData
  const fetchers = useFetchers()
  if (!cart) {
    return (
      <section className="cart-page">
        <h1>{t('cart.title')}</h1>
        <div role="alert">
          <p className="form-error">{t('cart.error')}</p>
          <p>
            <Link className="button secondary" to={location.pathname}>
              {t('cart.retry')}
            </Link>
          </p>
        </div>
      </section>
    )
  }
  if (cart.lines.length === 0) {
    return (
      <section className="cart-page cart-empty">
        <h1>{t('cart.title')}</h1>
        <p>{t('cart.empty')}</p>
        <p>{t('cart.emptyBody')}</p>
        <p>
          <Link className="button" to={localePath(locale, '/products')}>
            {t('cart.browse')}
          </Link>
        </p>
      </section>
    )
  }
  // A line's change on its way counts at once in the summary (pending-cart.ts); the server's
  // answer then replaces it.
  const changes = new Map<number, LineChange>()
  for (const f of fetchers) {
    const line = cart.lines.find((l) => String(l.variation_id) === f.formData?.get('variation'))
    if (f.formData && line) changes.set(line.variation_id, lineChange(f.formData, line))
  }
  const totals =
    changes.size > 0
      ? pendingTotals(cart.lines, changes)
      : { quantity: cart.selected.quantity, subtotalMinor: cart.selected.subtotal.amount_minor }
  const selectedCount = totals.quantity
  return (
    <section className="cart-page">
      <h1>{t('cart.title')}</h1>
      {/* Without JavaScript a change comes back as a new page: say what happened at the top. */}
      {actionData ? (
        <p className={actionData.ok ? 'notice' : 'form-error'} role="status">
          {t(actionData.messageKey)}
        </p>
      ) : null}
      <div className="cart-layout">
        <ul className="cart-lines">
          {cart.lines.map((line) => (
            <CartLineItem key={line.variation_id} line={line} />
          ))}
        </ul>
        <aside className="cart-summary card" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">{t('cart.summary')}</h2>
          <p>
            {selectedCount === 1
              ? t('cart.selectedOne')
              : t('cart.selected', { count: selectedCount })}
          </p>
          <p className="cart-subtotal">
            <span>{t('cart.subtotal')}</span>
            <strong>{money(totals.subtotalMinor, cart.currency)}</strong>
          </p>
          <p className="hint">{t('cart.deliveryNote')}</p>
          <BeforeScripts className="notice">{t('cart.beforeScripts.summary')}</BeforeScripts>
          {selectedCount > 0 ? (
            <Link className="button primary cart-checkout" to={localePath(locale, '/checkout')}>
              {t('cart.checkout')}
            </Link>
          ) : (
            <p className="form-error">{t('cart.nothingSelected')}</p>
          )}
        </aside>
      </div>
    </section>
  )
}

/**
 * One line: its own form, so a farmer changes one product at a time. With JavaScript a changed
 * tick or count is sent at once in the background; without it, "Update" sends it.
 * docs/product/shell.md (Before the scripts arrive): "Update" is there until the page hydrates
 * (not in a <noscript>, which hides it while the scripts are on their way too), and stays, hidden,
 * as the form's first button: Enter in the count (a phone's "Go") updates, never removes. A count
 * or tick changed before hydration is sent when the scripts come, once: not when the browser has
 * already posted a form of the page (Update or Remove pressed: the starter stops every later one).
 */
function CartLineItem({ line }: { line: CartLine }) {
  const { t, locale, money } = useI18n()
  const fetcher = useFetcher<CartActionData>()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const name = localizedText(line.name, locale)
  const pack = localizedText(line.variation, locale)
  const href = localePath(
    locale,
    `/products/${line.group}/${line.product_id}?variation=${line.variation_id}`,
  )
  const busy = fetcher.state !== 'idle'
  // The count on its way counts at once in the line's total, as in the summary.
  const change = fetcher.formData ? lineChange(fetcher.formData, line) : null
  const lineTotalMinor =
    change && !change.remove && line.unit_price
      ? boundedCount(change.count, line.stock) * line.unit_price.amount_minor
      : (line.line_total?.amount_minor ?? null)
  const hydrated = useHydrated()
  const takenOver = useFormTakeOver(form, (element) => {
    const data = new FormData(element)
    const changed =
      String(data.get('count')) !== String(line.count) ||
      (data.get('selected') === 'on') !== line.selected
    if (changed && !postedBeforeHydration() && element.reportValidity())
      void fetcher.submit(element)
  })
  const sendSoon = (delay: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (form.current?.reportValidity()) void fetcher.submit(form.current)
    }, delay)
  }
  const problem = !line.unit_price
    ? t('cart.notForSale')
    : line.stock === 0
      ? t('cart.outOfStock')
      : line.count > line.stock
        ? t('cart.onlyLeft', { count: line.stock })
        : null
  const countId = `cart-count-${line.variation_id}`
  return (
    <li
      className={`cart-line card${line.available ? '' : ' cart-line-unavailable'}${takenOver ? ' cart-line-kept-room' : ''}`}
      aria-busy={busy}
    >
      <ProductImage
        className="cart-line-image"
        imageKey={line.image_key}
        photo={line.photo}
        group={line.group}
        alt=""
        size={64}
      />
      <div className="cart-line-body">
        <h2 className="cart-line-name">
          <Link to={href}>{name}</Link>
        </h2>
        <p className="cart-line-meta">
          {line.brand} · {t('cart.pack')}: {pack}
        </p>
        {line.unit_price ? (
          <p className="cart-line-price">
            {t('cart.unitPrice', {
              price: money(line.unit_price.amount_minor, line.unit_price.currency),
            })}
          </p>
        ) : null}
        {problem ? <p className="form-error">{problem}</p> : null}
        {/* Remounted when the server changes the count (lowered to the stock), so it shows it. */}
        <fetcher.Form method="post" ref={form} className="cart-line-form" key={line.count}>
          <input type="hidden" name="variation" value={line.variation_id} />
          <div className="field cart-count">
            <label htmlFor={countId}>{t('cart.count')}</label>
            <input
              id={countId}
              name="count"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, Math.min(line.stock, CART_MAX_COUNT))}
              step={1}
              required
              defaultValue={line.count}
              onChange={() => sendSoon(600)}
            />
          </div>
          <label className="cart-select">
            <input
              type="checkbox"
              name="selected"
              defaultChecked={line.selected}
              disabled={!line.available}
              onChange={() => sendSoon(0)}
            />
            <span>{t('cart.buyNow')}</span>
          </label>
          <div className="cart-line-actions">
            <button
              type="submit"
              name="intent"
              value="update"
              className="button secondary cart-line-update"
              hidden={hydrated}
            >
              {t('cart.update')}
            </button>
            <button
              type="submit"
              name="intent"
              value="remove"
              formNoValidate
              className="button link-button"
              aria-label={t('cart.removeLabel', { name })}
            >
              {t('cart.remove')}
            </button>
          </div>
        </fetcher.Form>
        {/* One place for the note and the total (cart.css): the note going when the scripts
            take a change over moves no line below it. */}
        <div className="cart-line-outcome">
          <BeforeScripts className="cart-line-before">{t('cart.beforeScripts.line')}</BeforeScripts>
          {line.line_total && lineTotalMinor !== null ? (
            <p className="cart-line-total">
              {t('cart.lineTotal', { price: money(lineTotalMinor, line.line_total.currency) })}
            </p>
          ) : null}
        </div>
        {fetcher.data && !fetcher.data.ok ? (
          <p className="form-error" role="alert">
            {t(fetcher.data.messageKey)}
          </p>
        ) : null}
      </div>
    </li>
  )
}
