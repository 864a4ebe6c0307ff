import { describe, expect, it } from 'vitest'
import { PlaceOrderSchema } from './order-schemas.ts'

// docs/product/orders-and-payments.md (Checkout): the customer collects at a branch or has the
// order delivered to one of their addresses; delivery without an address is refused.

const messages = (input: unknown) =>
  PlaceOrderSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []

describe('placing an order (docs/product/orders-and-payments.md: Checkout)', () => {
  it('takes a collection at a branch, or a delivery to an address', () => {
    expect(messages({ fulfilment: 'pickup', payment: 'cash', branch_id: 3 })).toEqual([])
    expect(messages({ fulfilment: 'delivery', payment: 'credits', address_id: 9 })).toEqual([])
  })

  it('needs the branch of a collection', () => {
    expect(messages({ fulfilment: 'pickup', payment: 'cash' })).toEqual([
      ['branch_id', 'validation.branchRequired'],
    ])
  })

  it('refuses a delivery without an address', () => {
    expect(messages({ fulfilment: 'delivery', payment: 'credits', branch_id: 3 })).toEqual([
      ['address_id', 'validation.addressRequired'],
    ])
  })

  it('names each pack of a direct order once', () => {
    const order = { fulfilment: 'pickup', payment: 'cash', branch_id: 3 }
    expect(
      messages({
        ...order,
        lines: [
          { variation_id: 5, count: 1 },
          { variation_id: 5, count: 2 },
        ],
      }),
    ).toEqual([['lines', 'validation.invalid']])
    expect(
      messages({
        ...order,
        lines: [
          { variation_id: 5, count: 1 },
          { variation_id: 6, count: 2 },
        ],
      }),
    ).toEqual([])
  })
})
