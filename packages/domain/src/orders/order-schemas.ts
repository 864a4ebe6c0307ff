import { z } from 'zod'
import { IdSchema, textLine } from '../input-schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { CurrencySchema, MoneySchema } from '../money-schemas.ts'
import { PinSchema } from '../credit/credit-schemas.ts'
import { AuthenticationResponseSchema } from '../payment/biometric-schemas.ts'
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_TYPES } from './order-rules.ts'
import { CART_MAX_COUNT, CART_MAX_LINES } from '../cart/cart.ts'

const Id = IdSchema

/** A note for the branch: one paragraph of plain text. */
export const RemarksSchema = textLine().trim().max(500, 'validation.textTooLong')

/**
 * POST /api/v1/orders: the ticked lines of the customer's cart, priced by the server. Pickup names
 * the branch; delivery names one of the customer's addresses. Credits need the PIN.
 */
export const PlaceOrderSchema = z
  .object({
    fulfilment: z.enum(FULFILMENTS),
    payment: z.enum(PAYMENT_TYPES),
    branch_id: Id.optional(),
    address_id: Id.optional(),
    remarks: RemarksSchema.optional(),
    pin: PinSchema.optional(),
    webauthn: AuthenticationResponseSchema.optional().describe(
      'Instead of the PIN: this device’s biometric answer to the challenge made for this order (POST /orders/biometric-options)',
    ),
    lines: z
      .array(
        z.object({
          variation_id: Id,
          count: z.number().int().min(1).max(CART_MAX_COUNT),
        }),
      )
      .min(1)
      .max(CART_MAX_LINES)
      .optional()
      .describe(
        'Packs to order directly (an app’s “buy now”, a branch counter sale). Without it, the ticked lines of the cart are ordered and leave the cart.',
      ),
    voucher_ids: z
      .array(Id)
      .max(20)
      .optional()
      .describe(
        'Never accepted online: vouchers are not valid for pay-later (credit) payments, and are redeemed at a branch counter (POST /staff/counter/purchases)',
      ),
  })
  .superRefine((v, ctx) => {
    if (v.lines && new Set(v.lines.map((l) => l.variation_id)).size !== v.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'validation.invalid' })
    if (v.fulfilment === 'pickup' && v.branch_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['branch_id'], message: 'validation.branchRequired' })
    if (v.fulfilment === 'delivery' && v.address_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'validation.addressRequired' })
  })
export type PlaceOrder = z.infer<typeof PlaceOrderSchema>

export const OrderSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    fulfilment: z.enum(FULFILMENTS),
    payment: z.enum(PAYMENT_TYPES),
    branch: z.object({ id: z.number().int(), name: LocalizedTextSchema }),
    collection_location: LocalizedTextSchema.nullable().describe(
      'The branch to collect from (pickup)',
    ),
    address: z
      .object({
        name: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        postcode: z.string(),
        country: z.string(),
      })
      .nullable(),
    logistics_company: z.string().nullable(),
    tracking_url: z.string().nullable(),
    currency: CurrencySchema,
    subtotal: MoneySchema,
    shipping_fee: MoneySchema,
    total: MoneySchema,
    total_quantity: z.number().int(),
    remarks: z.string().nullable(),
    items: z.array(
      z.object({
        variation_id: z.number().int(),
        product_id: z.number().int(),
        name: LocalizedTextSchema,
        variation: LocalizedTextSchema,
        unit_price: MoneySchema,
        count: z.number().int(),
        line_total: MoneySchema,
      }),
    ),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Order' })
export type Order = z.infer<typeof OrderSchema>

/**
 * GET /api/v1/me/checkout: what the ticked lines cost with the chosen fulfilment, and whether the
 * customer's credit line covers it. The page shows these; POST /orders decides again.
 */
export const CheckoutQuoteSchema = z
  .object({
    currency: CurrencySchema,
    line_count: z.number().int().describe('Ticked lines that go to checkout'),
    total_quantity: z.number().int(),
    subtotal: MoneySchema,
    shipping_fee: MoneySchema.describe('The delivery fee for this subtotal; 0 for pickup'),
    delivery_fee: MoneySchema.describe('What delivery would add to this subtotal'),
    total: MoneySchema,
    credit: z
      .object({
        spendable: z.boolean().describe('An active, unsuspended, unexpired line in this currency'),
        available: MoneySchema,
        shortfall: MoneySchema.describe('total − available when positive, else 0'),
      })
      .nullable()
      .describe('null when the customer has no credit line'),
    lines: z
      .array(
        z.object({
          variation_id: z.number().int(),
          product_id: z.number().int(),
          name: LocalizedTextSchema,
          variation: LocalizedTextSchema,
          count: z.number().int(),
          branches: z
            .array(z.object({ branch_id: z.number().int(), quantity: z.number().int() }))
            .describe('The branches holding any of this pack, in the order of pickup.branches'),
        }),
      )
      .describe('The ticked lines sold in the customer’s country, and where each pack is'),
    pickup: z
      .object({
        suggested_branch_id: z
          .number()
          .int()
          .nullable()
          .describe(
            'The customer’s preferred branch when it holds every line in full, else the nearest that does; null when no branch does',
          ),
        branches: z
          .array(
            z.object({
              branch_id: z.number().int(),
              name: LocalizedTextSchema,
              preferred: z.boolean().describe('The customer’s own branch (settings)'),
              distance_km: z
                .number()
                .int()
                .nullable()
                .describe(
                  'As the crow flies from the customer’s branch (or the middle of their state’s branches); null when neither is known',
                ),
              holds_all: z.boolean().describe('Holds every line in its count: it can be chosen'),
              short: z
                .array(z.number().int())
                .describe('The variation_id of each line it does not hold in full'),
            }),
          )
          .describe(
            'Every branch of the customer’s country: the preferred branch first, then nearest first (docs/product/orders-and-payments.md, Stock at pickup)',
          ),
      })
      .describe('Collection at a branch: which branches can give this order'),
    delivery_branch_id: z
      .number()
      .int()
      .nullable()
      .describe(
        'The branch a delivery would ship from (the preferred branch when it has everything, else the first that has); null: no branch has every line, so delivery is refused too',
      ),
  })
  .meta({ id: 'CheckoutQuote' })

/**
 * docs/product/orders-and-payments.md (Stock at pickup): a line an order cannot have, and how many
 * the branch holds (for a delivery: the most one branch holds).
 */
export const StockShortLineSchema = z.object({
  variation_id: z.number().int(),
  product_id: z.number().int(),
  name: LocalizedTextSchema,
  variation: LocalizedTextSchema,
  count: z.number().int().describe('How many the order wants'),
  available: z.number().int().describe('How many the branch holds now'),
})
export type StockShortLine = z.infer<typeof StockShortLineSchema>

/** What an OUT_OF_STOCK refusal of an order adds to the error's code and message. */
export const StockRefusalSchema = z.object({
  variation_ids: z.array(z.number().int()).describe('The packs short (as before: kept for apps)'),
  branch: z
    .object({ id: z.number().int(), name: LocalizedTextSchema })
    .nullable()
    .describe('The branch chosen for collection; null for a delivery no branch can make'),
  lines: z.array(StockShortLineSchema),
})
export type StockRefusal = z.infer<typeof StockRefusalSchema>
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>
