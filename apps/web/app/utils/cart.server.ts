import { CART_MAX_LINES, mergeCarts } from '@padi/domain/cart/cart'
import { boundedCount } from '@padi/domain/cart/cart-totals'
import type { Cart } from '@padi/domain/cart/cart-schemas'
import type { Market } from '@padi/domain/markets'
import { ApiError, type ApiClient } from './api.server.ts'
import type { VisitorCartLine, WebSession } from './session.server.ts'

/** The count on the header's cart icon: the visitor's lines, or what the account's cart last held. */
export function headerCartCount(session: WebSession): number {
  if (session.isLoggedIn) return session.data.cartCount ?? 0
  return (session.data.visitorCart ?? []).reduce((n, [, count]) => n + count, 0)
}

/** Keeps the header's count in step with an answer from the cart API. */
export function rememberCart(session: WebSession, cart: Cart): Cart {
  if (session.data.cartCount !== cart.count) session.update({ cartCount: cart.count })
  return cart
}

export type AddLine = { productId: number; variationId: number; count: number }

/**
 * docs/product/orders-and-payments.md: 'Add to cart' for a visitor, kept in the session cookie.
 * The pack must be sold in the visitor's market and in stock; the count is added to the line's
 * and bounded by the stock, as the API does for an account.
 */
export async function addToVisitorCart(
  session: WebSession,
  api: ApiClient,
  market: Market,
  lines: AddLine[],
): Promise<{ added: number; refused: 'notForSale' | 'outOfStock' | 'cartFull' | null }> {
  const cart = new Map((session.data.visitorCart ?? []).map((l) => [l[0], l] as const))
  let added = 0
  let refused: 'notForSale' | 'outOfStock' | 'cartFull' | null = null
  const products = new Map<number, Awaited<ReturnType<ApiClient['getProduct']>> | null>()
  for (const line of lines) {
    if (!products.has(line.productId))
      products.set(
        line.productId,
        await api.getProduct(line.productId, market).catch((error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 404) return null
          throw error
        }),
      )
    const pack = products.get(line.productId)?.variations.find((v) => v.id === line.variationId)
    if (!pack || !pack.price) {
      refused = 'notForSale'
      continue
    }
    const had = cart.get(line.variationId)
    if (!had && cart.size >= CART_MAX_LINES) {
      refused = 'cartFull'
      continue
    }
    const count = boundedCount((had?.[1] ?? 0) + line.count, pack.stock)
    if (count === 0) {
      refused = 'outOfStock'
      continue
    }
    cart.set(line.variationId, [line.variationId, count, 1])
    added += 1
  }
  if (added > 0) session.update({ visitorCart: [...cart.values()] })
  return { added, refused }
}

/**
 * docs/product/orders-and-payments.md: at login (or the end of sign-up or a password reset) the
 * visitor's lines join the account's cart, and the header learns the account's count. Read the
 * visitor's lines before the session is started: starting it clears them.
 */
export async function carryVisitorCart(
  session: WebSession,
  api: ApiClient,
  visitor: VisitorCartLine[] | undefined,
): Promise<void> {
  const token = session.data.accessToken
  if (!token) return
  try {
    const lines = mergeCarts(
      [],
      (visitor ?? []).map(([variationId, count, selected]) => ({
        variationId,
        count,
        selected: selected === 1,
      })),
    )
    const cart =
      lines.length > 0
        ? await api.mergeCart(
            token,
            lines.map((l) => ({
              variation_id: l.variationId,
              count: l.count,
              selected: l.selected,
            })),
          )
        : await api.getCart(token)
    rememberCart(session, cart)
  } catch (error) {
    // The login itself worked: a cart that cannot be joined now is not a reason to refuse it. The
    // lines are kept in the session and joined the next time the cart is opened.
    if (!(error instanceof ApiError)) throw error
    session.update({ visitorCart: visitor })
  }
}
