import type { z } from 'zod'
import type { CartLineAddSchema, CartSchema } from '@padi/domain/cart/cart-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// Worked examples of the cart, for the API document (ADR 076).

const cart = {
  currency: 'MYR',
  lines: [
    {
      variation_id: 1,
      product_id: 1,
      group: 'agrochems',
      category: 'herbicide',
      slug: 'padiguard-preti-300ec',
      brand: 'PadiGuard',
      name: {
        en: 'PadiGuard Preti 300EC',
        bm: 'PadiGuard Preti 300EC',
        th: 'PadiGuard Preti 300EC',
      },
      variation: { en: '1 L', bm: '1 L', th: '1 ลิตร' },
      image_key: 'herbicide',
      photo: null,
      count: 2,
      selected: true,
      stock: 135,
      unit_price: ringgit(4500),
      line_total: ringgit(9000),
      available: true,
    },
  ],
  count: 1,
  selected: { quantity: 2, subtotal: ringgit(9000) },
  limits: { max_lines: 30, max_count: 999 },
} satisfies z.output<typeof CartSchema>

export const GET_CART_EXAMPLES = operationExamples({
  answers: { 200: { oneLine: { summary: 'Two litres of a herbicide, ticked', value: cart } } },
})

export const ADD_TO_CART_EXAMPLES = operationExamples({
  request: {
    twoLitres: {
      summary: 'Two of a pack (added to what the cart holds of it)',
      value: { variation_id: 1, count: 2 } satisfies z.input<typeof CartLineAddSchema>,
    },
  },
  answers: { 200: { added: { summary: 'The whole cart, priced now', value: cart } } },
})
