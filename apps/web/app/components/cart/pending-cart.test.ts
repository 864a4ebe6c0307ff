import { describe, expect, it } from 'vitest'
import type { CartLine } from '@padi/domain/cart/cart-schemas'
import { lineChange, pendingTotals, type LineChange } from './pending-cart.ts'

const line = (variation_id: number, price: number | null, count: number, stock = 50): CartLine => ({
  variation_id,
  product_id: variation_id,
  group: 'agrochems',
  category: 'herbicide',
  slug: 'p',
  brand: 'B',
  name: { en: 'P', bm: 'P', th: 'P' },
  variation: { en: '1 L', bm: '1 L', th: '1 L' },
  image_key: 'herbicide',
  photo: null,
  count,
  selected: true,
  stock,
  unit_price: price === null ? null : { amount_minor: price, currency: 'MYR' },
  line_total: null,
  available: price !== null && stock > 0,
})

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

describe('the cart while a line change is on its way', () => {
  const lines = [line(1, 4_500, 1), line(2, 3_200, 2), line(3, null, 1)]

  it('with no change, equals the totals the server gave', () => {
    expect(pendingTotals(lines, new Map())).toEqual({ quantity: 3, subtotalMinor: 10_900 })
  })

  it('a line unticked leaves the summary', () => {
    const changes = new Map<number, LineChange>([
      [1, lineChange(form({ variation: '1', count: '1' }), lines[0]!)],
    ])
    expect(pendingTotals(lines, changes)).toEqual({ quantity: 2, subtotalMinor: 6_400 })
  })

  it('a new count counts, bounded by the stock as the server bounds it', () => {
    const changes = new Map<number, LineChange>([
      [2, lineChange(form({ variation: '2', count: '80', selected: 'on' }), lines[1]!)],
    ])
    expect(pendingTotals(lines, changes)).toEqual({
      quantity: 51,
      subtotalMinor: 4_500 + 50 * 3_200,
    })
  })

  it('Remove, or a count of 0, takes the line out', () => {
    expect(lineChange(form({ variation: '1', intent: 'remove' }), lines[0]!)).toEqual({
      remove: true,
    })
    expect(lineChange(form({ variation: '1', count: '0', selected: 'on' }), lines[0]!)).toEqual({
      remove: true,
    })
    const changes = new Map<number, LineChange>([[2, { remove: true }]])
    expect(pendingTotals(lines, changes)).toEqual({ quantity: 1, subtotalMinor: 4_500 })
  })

  it('a count that is not a whole number keeps the count shown (the server refuses it)', () => {
    expect(lineChange(form({ variation: '1', count: '2.5', selected: 'on' }), lines[0]!)).toEqual({
      remove: false,
      count: 1,
      selected: true,
    })
  })
})
