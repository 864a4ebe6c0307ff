/** docs/product/orders-and-payments.md: the cart's limits. */
export const CART_MAX_LINES = 30
export const CART_MAX_COUNT = 999

/** A line as the cart keeps it: a pack (variation), how many, and whether it goes to checkout. */
export type CartEntry = { variationId: number; count: number; selected: boolean }

/**
 * docs/product/orders-and-payments.md: a visitor's lines join the account's cart at login. A pack
 * in both keeps the larger count (the same pack added twice is the same intention, not twice the
 * amount) and is selected if either was; lines past the cart's limit are dropped, the account's
 * own first.
 */
export function mergeCarts(account: CartEntry[], visitor: CartEntry[]): CartEntry[] {
  const merged = new Map<number, CartEntry>()
  for (const line of account) merged.set(line.variationId, { ...line })
  for (const line of visitor) {
    const had = merged.get(line.variationId)
    merged.set(
      line.variationId,
      had
        ? {
            variationId: line.variationId,
            count: Math.max(had.count, line.count),
            selected: had.selected || line.selected,
          }
        : { ...line },
    )
  }
  return [...merged.values()].slice(0, CART_MAX_LINES)
}

/** docs/product/orders-and-payments.md: the delivery fee rule of a market, set by configuration. */
export type ShippingRule = { feeMinor: number; freeFromMinor: number | null }

export function shippingFeeMinor(rule: ShippingRule, subtotalMinor: number): number {
  if (rule.freeFromMinor !== null && subtotalMinor >= rule.freeFromMinor) return 0
  return rule.feeMinor
}
