import { data, redirect } from 'react-router'
import { z } from 'zod'
import { CART_MAX_COUNT, CART_MAX_LINES } from '@padi/domain/cart/cart'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { addToVisitorCart, rememberCart, type AddLine } from '~/utils/cart.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { marketFor } from '~/utils/market.server.ts'
import { safeRedirectTo } from '~/utils/safe-redirect.ts'
import { sessionContext, type Flash } from '~/utils/session.server.ts'
import type { Route } from './+types/add-to-cart'

const Id = z.coerce.number().int().positive().max(2_147_483_647)
const Count = z.coerce.number().int().min(1).max(CART_MAX_COUNT)
/** The calculator's packs: 'product.variation.count' each. */
const Pack = z
  .string()
  .regex(/^\d{1,10}\.\d{1,10}\.\d{1,3}$/)
  .transform((v) => v.split('.').map(Number) as [number, number, number])

export type AddToCartResult = {
  ok: boolean
  /** A catalogue key: what happened, in the reader's language. */
  messageKey: string
}

const REFUSALS = {
  notForSale: 'common.cart.refused.notForSale',
  outOfStock: 'common.cart.refused.outOfStock',
  cartFull: 'common.cart.refused.cartFull',
} as const
const API_REFUSALS: Partial<Record<string, keyof typeof REFUSALS>> = {
  NOT_FOR_SALE: 'notForSale',
  NOT_FOUND: 'notForSale',
  OUT_OF_STOCK: 'outOfStock',
  CART_FULL: 'cartFull',
}

/** The calculator's packs (none from a product page's form). */
const PacksForm = z.object({ pack: z.array(Pack).max(CART_MAX_LINES) })
/** A product page's one pack. */
const OneForm = z.object({ product_id: Id, variation: Id, quantity: Count })
/** Whether the page's script sent it (it wants the result), and the page to come back to. */
const ReplyForm = z.object({ _fetch: z.string(), redirect_to: z.string() })

function linesOf(formData: FormData): AddLine[] | null {
  const packs = parseForm(PacksForm, formData, { pack: 'list' })
  if (!packs.ok) return null
  if (packs.data.pack.length > 0)
    return packs.data.pack
      .map(([productId, variationId, count]) => ({ productId, variationId, count }))
      .filter((l) => l.count >= 1 && l.count <= CART_MAX_COUNT)
  const one = parseForm(OneForm, formData, ['product_id', 'variation', 'quantity'])
  if (!one.ok) return null
  return [
    { productId: one.data.product_id, variationId: one.data.variation, count: one.data.quantity },
  ]
}

/**
 * docs/product/orders-and-payments.md: 'Add to cart' (product page) and 'Add these packs to the
 * cart' (spray calculator). Works for visitors (the cart in their session cookie) and customers
 * (the API's cart). Without JavaScript the form posts here and comes back to its page with a
 * notice; with JavaScript a fetcher posts it (`_fetch`) and gets the result.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const formData = await request.formData()
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const lines = linesOf(formData)
  let result: AddToCartResult
  if (!lines || lines.length === 0) {
    result = { ok: false, messageKey: 'common.cart.refused.invalid' }
  } else if (session.isLoggedIn) {
    let refused: keyof typeof REFUSALS | null = null
    let added = 0
    for (const line of lines) {
      try {
        const cart = await withUserToken({ session, locale }, (token) =>
          api.addToCart(token, { variation_id: line.variationId, count: line.count }),
        )
        rememberCart(session, cart)
        added += 1
      } catch (error) {
        const reason = API_REFUSALS[readRefusal(error).code]
        if (!reason) throw error
        refused = reason
      }
    }
    result = refused
      ? { ok: added > 0, messageKey: REFUSALS[refused] }
      : { ok: true, messageKey: 'common.cart.added' }
  } else {
    const market = marketFor(request, session, locale)
    const { added, refused } = await addToVisitorCart(session, api, market, lines)
    result = refused
      ? { ok: added > 0, messageKey: REFUSALS[refused] }
      : { ok: true, messageKey: 'common.cart.added' }
  }
  const reply = parseForm(ReplyForm, formData, ['_fetch', 'redirect_to'])
  if (reply.ok && reply.data._fetch === '1') return data(result, { status: result.ok ? 200 : 409 })
  const flash: Flash = { kind: result.ok ? 'success' : 'error', messageKey: result.messageKey }
  session.update({ flash })
  return redirect(safeRedirectTo(reply.ok ? reply.data.redirect_to : '', locale), 303)
}
