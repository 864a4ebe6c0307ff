import { describe, expect, it } from 'vitest'
import { CART_MAX_LINES, mergeCarts, shippingFeeMinor } from './cart.ts'
import { boundedCount, cartTotals } from './cart-totals.ts'

describe('cart rules (docs/product/orders-and-payments.md)', () => {
  it('bounds a count by the stock and the cart’s limit', () => {
    expect(boundedCount(3, 10)).toBe(3)
    expect(boundedCount(30, 10)).toBe(10)
    expect(boundedCount(5000, 100_000)).toBe(999)
    expect(boundedCount(2.7, 10)).toBe(2)
    expect(boundedCount(3, 0)).toBe(0)
    expect(boundedCount(Number.NaN, 10)).toBe(0)
  })
  it('joins a visitor’s lines to the account’s: the larger count, selected if either was', () => {
    const merged = mergeCarts(
      [
        { variationId: 1, count: 2, selected: false },
        { variationId: 2, count: 1, selected: true },
      ],
      [
        { variationId: 1, count: 1, selected: true },
        { variationId: 3, count: 4, selected: true },
      ],
    )
    expect(merged).toEqual([
      { variationId: 1, count: 2, selected: true },
      { variationId: 2, count: 1, selected: true },
      { variationId: 3, count: 4, selected: true },
    ])
  })
  it('keeps the account’s own lines first when the merge passes the limit', () => {
    const account = Array.from({ length: CART_MAX_LINES }, (_, i) => ({
      variationId: i + 1,
      count: 1,
      selected: true,
    }))
    const merged = mergeCarts(account, [{ variationId: 999, count: 1, selected: true }])
    expect(merged).toHaveLength(CART_MAX_LINES)
    expect(merged.some((l) => l.variationId === 999)).toBe(false)
  })
  it('totals only the selected lines that are priced, each within its stock', () => {
    expect(
      cartTotals([
        { variationId: 1, count: 2, selected: true, unitPriceMinor: 4500, stock: 10 },
        { variationId: 2, count: 5, selected: true, unitPriceMinor: 1000, stock: 3 },
        { variationId: 3, count: 1, selected: false, unitPriceMinor: 9900, stock: 10 },
        { variationId: 4, count: 1, selected: true, unitPriceMinor: null, stock: 10 },
      ]),
    ).toEqual({ quantity: 5, subtotalMinor: 12_000 })
  })
  it('charges delivery by the market’s rule, free from its threshold', () => {
    expect(shippingFeeMinor({ feeMinor: 1500, freeFromMinor: 30_000 }, 29_999)).toBe(1500)
    expect(shippingFeeMinor({ feeMinor: 1500, freeFromMinor: 30_000 }, 30_000)).toBe(0)
    expect(shippingFeeMinor({ feeMinor: 1500, freeFromMinor: null }, 1_000_000)).toBe(1500)
  })
})
