import { cartTotals } from '@padi/domain/cart/cart-totals'
import type { CartLine } from '@padi/domain/cart/cart-schemas'

/** What a line's form on its way to the server asks for: a count and a tick, or the line gone. */
export type LineChange = { remove: true } | { remove: false; count: number; selected: boolean }

/**
 * Reads a cart line's form as the cart's action reads it (routes/cart/cart.tsx): 'Remove', or a
 * count of 0, takes the line out; otherwise the count (1 when left empty) and the tick.
 */
export function lineChange(form: FormData, current: CartLine): LineChange {
  const typed = form.get('count')
  const count = typed === null || typed === '' ? 1 : Number(typed)
  if (form.getAll('intent').includes('remove') || count === 0) return { remove: true }
  return {
    remove: false,
    count: Number.isInteger(count) && count > 0 ? count : current.count,
    selected: form.get('selected') === 'on',
  }
}

/**
 * docs/product/orders-and-payments.md (the cart): while a changed line is on its way, the summary
 * shows the totals the change gives, counted by the same rule as the server (cartTotals, with the
 * prices and stock of the cart last shown), so a tick or a count never leaves a figure on the
 * screen that the farmer's own tap has made false. The server's answer replaces it; checkout
 * prices the order again on the server.
 */
export function pendingTotals(
  lines: readonly CartLine[],
  changes: ReadonlyMap<number, LineChange>,
) {
  return cartTotals(
    lines.flatMap((line) => {
      const change = changes.get(line.variation_id)
      if (change?.remove) return []
      return [
        {
          variationId: line.variation_id,
          count: change ? change.count : line.count,
          selected: change ? change.selected : line.selected,
          unitPriceMinor: line.unit_price?.amount_minor ?? null,
          stock: line.stock,
        },
      ]
    }),
  )
}
