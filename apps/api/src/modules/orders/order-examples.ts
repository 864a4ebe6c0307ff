import type { z } from 'zod'
import type {
  CheckoutQuoteSchema,
  OrderSchema,
  PlaceOrderSchema,
} from '@padi/domain/orders/order-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// Worked examples of the checkout and the order, for the API document (ADR 076): a farmer of
// Jitra buying two litres of a herbicide, picked up at the branch, on credit with the PIN.

const jitra = { id: 2, name: { en: 'Jitra', bm: 'Jitra', th: 'จิตรา' } }
const herbicide = {
  variation_id: 1,
  product_id: 1,
  name: { en: 'PadiGuard Preti 300EC', bm: 'PadiGuard Preti 300EC', th: 'PadiGuard Preti 300EC' },
  variation: { en: '1 L', bm: '1 L', th: '1 ลิตร' },
}

const onCredit = {
  fulfilment: 'pickup',
  payment: 'credits',
  branch_id: 2,
  pin: '390571',
  lines: [{ variation_id: 1, count: 2 }],
} satisfies z.input<typeof PlaceOrderSchema>

const placed = {
  id: 41,
  number: 'SM261128-000041',
  status: 'paid',
  fulfilment: 'pickup',
  payment: 'credits',
  branch: jitra,
  collection_location: jitra.name,
  address: null,
  logistics_company: null,
  tracking_url: null,
  currency: 'MYR',
  subtotal: ringgit(9000),
  shipping_fee: ringgit(0),
  total: ringgit(9000),
  total_quantity: 2,
  remarks: null,
  items: [{ ...herbicide, unit_price: ringgit(4500), count: 2, line_total: ringgit(9000) }],
  created_at: '2026-11-28T02:05:11.000Z',
  paid_at: '2026-11-28T02:05:11.000Z',
  completed_at: null,
} satisfies z.output<typeof OrderSchema>

export const QUOTE_EXAMPLES = operationExamples({
  answers: {
    200: {
      pickup: {
        summary: 'Two litres, picked up at Jitra, within the credit line',
        value: {
          currency: 'MYR',
          line_count: 1,
          total_quantity: 2,
          subtotal: ringgit(9000),
          shipping_fee: ringgit(0),
          delivery_fee: ringgit(1500),
          total: ringgit(9000),
          credit: { spendable: true, available: ringgit(500000), shortfall: ringgit(0) },
          lines: [{ ...herbicide, count: 2, branches: [{ branch_id: 2, quantity: 135 }] }],
          pickup: {
            suggested_branch_id: 2,
            branches: [
              {
                branch_id: 2,
                name: jitra.name,
                preferred: true,
                distance_km: 4,
                holds_all: true,
                short: [],
              },
            ],
          },
          delivery_branch_id: 2,
        } satisfies z.output<typeof CheckoutQuoteSchema>,
      },
    },
  },
})

export const PLACE_ORDER_EXAMPLES = operationExamples({
  request: {
    credit: {
      summary: 'On credit, with the payment PIN, picked up at the branch',
      value: onCredit,
    },
    cash: {
      summary: 'Cash at pickup (no PIN)',
      value: {
        fulfilment: 'pickup',
        payment: 'cash',
        branch_id: 2,
        lines: [{ variation_id: 1, count: 2 }],
      } satisfies z.input<typeof PlaceOrderSchema>,
    },
  },
  answers: {
    201: { placed: { summary: 'Placed and paid from the credit line', value: placed } },
    200: {
      replay: {
        summary: 'The same Idempotency-Key and body again: the same order, charged once',
        value: placed,
      },
    },
    403: {
      wrongPin: {
        summary: 'A wrong PIN: how many tries are left before payment locks',
        value: {
          statusCode: 403,
          code: 'PIN_INVALID',
          message: 'Incorrect PIN entered',
          attempts_left: 4,
        },
      },
    },
    409: {
      outOfStock: {
        summary: 'The branch holds fewer packs than ordered (no PIN try is spent)',
        value: {
          statusCode: 409,
          code: 'OUT_OF_STOCK',
          message: 'Not enough stock at this branch',
          variation_ids: [1],
          branch: jitra,
          lines: [{ ...herbicide, count: 200, available: 135 }],
        },
      },
      creditShort: {
        summary: 'The order is more than the credit left',
        value: {
          statusCode: 409,
          code: 'CREDIT_INSUFFICIENT',
          message: 'Insufficient credit balance',
          shortfall: ringgit(408500),
          detail: 'You need an additional RM4,085.00 to complete this payment',
        },
      },
    },
    422: {
      otherBody: {
        summary: 'An Idempotency-Key already used for another order',
        value: {
          statusCode: 422,
          code: 'IDEMPOTENCY_MISMATCH',
          message: 'This Idempotency-Key was used for another order',
        },
      },
    },
    423: {
      locked: {
        summary: 'Five wrong PINs in a row: payment is locked (Retry-After says for how long)',
        value: {
          statusCode: 423,
          code: 'PIN_LOCKED',
          message: 'Too many wrong PINs: payment is locked for 30 minutes',
          locked_until: '2026-11-28T02:35:11.000Z',
        },
      },
    },
  },
})
