import { useEffect } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { CART_MAX_COUNT } from '@padi/domain/cart/cart'
import { notify } from '~/components/toasts.tsx'
import type { AddToCartResult } from '~/routes/cart/add-to-cart.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'

export type CartLine = { productId: number; variationId: number; count: number }

/**
 * docs/product/orders-and-payments.md: 'Add these packs to the cart' on the spray calculator's
 * answer, when the packs counted are the shop's (the calculator was opened from a product): the
 * cheapest packs for the amount (docs/product/calculators.md, Which packs to buy), one cart line
 * each. A form, so it works before the scripts arrive; with them it is sent in the background.
 * Loaded apart from the page's first scripts (input-calculation.tsx): until it has come, the
 * form as the server drew it posts by itself.
 */
export default function AddPacksToCart({ lines }: { lines: readonly CartLine[] }) {
  const { t, locale } = useI18n()
  const location = useLocation()
  const cart = useFetcher<AddToCartResult>()
  const done = cart.state === 'idle' ? cart.data : undefined
  useEffect(() => {
    if (done) notify({ kind: done.ok ? 'success' : 'error', message: t(done.messageKey) })
  }, [done, t])
  const count = lines.reduce((sum, line) => sum + line.count, 0)
  if (lines.length === 0 || count < 1) return null
  const action = localePath(locale, '/add-to-cart')
  const packs = lines.map(
    (l) => `${l.productId}.${l.variationId}.${Math.min(l.count, CART_MAX_COUNT)}`,
  )
  return (
    <cart.Form method="post" action={action} className="calc-add-to-cart">
      {packs.map((value) => (
        <input key={value} type="hidden" name="pack" value={value} />
      ))}
      <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="button"
        disabled={cart.state !== 'idle'}
        onClick={(event) => {
          event.preventDefault()
          const body = new FormData()
          for (const pack of packs) body.append('pack', pack)
          body.append('_fetch', '1')
          void cart.submit(body, { method: 'post', action })
        }}
      >
        {count === 1 ? t('calculator.input.addPackOne') : t('calculator.input.addPacks', { count })}
      </button>
      {done ? <p className={done.ok ? 'hint' : 'form-error'}>{t(done.messageKey)}</p> : null}
    </cart.Form>
  )
}
