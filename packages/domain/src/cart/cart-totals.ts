import { CART_MAX_COUNT, type CartEntry } from './cart.ts'

// The sums of a cart: in a module of their own, so the pages that only need the cart's limits do
// not carry them (the cart page counts a change on its way with them: docs/performance.md, F4).

/** A line with what the server knows now: the pack's price in the market and the stock there. */
export type PricedLine = CartEntry & { unitPriceMinor: number | null; stock: number }

/**
 * docs/product/orders-and-payments.md: the count a line may hold: at least 1, at most the stock in
 * the customer's market and the cart's own limit. Answers 0 when nothing is in stock.
 */
export function boundedCount(count: number, stock: number): number {
  if (!Number.isFinite(count)) return 0
  return Math.max(0, Math.min(Math.floor(count), stock, CART_MAX_COUNT))
}

/** docs/product/orders-and-payments.md: the totals of the selected lines; prices from the server. */
export function cartTotals(lines: PricedLine[]) {
  let quantity = 0
  let subtotalMinor = 0
  for (const line of lines) {
    if (!line.selected || line.unitPriceMinor === null) continue
    const count = boundedCount(line.count, line.stock)
    quantity += count
    subtotalMinor += count * line.unitPriceMinor
  }
  return { quantity, subtotalMinor }
}
