import { z } from 'zod'
import { PHONE_MAX_LENGTH } from '../auth/phone.ts'
import { IdSchema, textLine } from '../input-schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'
import { ORDER_STATUSES, PAYMENT_TYPES } from '../orders/order-rules.ts'

const Id = IdSchema

export const VoucherSchema = z
  .object({
    id: z.number().int(),
    serial: z.string(),
    value: MoneySchema,
    expires_on: z.iso
      .date()
      .describe(
        'The day printed on the voucher (YYYY-MM-DD): valid through the whole of it, in its market’s time zone',
      ),
    status: z.enum(['active', 'redeemed', 'expired']),
    redeemed_at: z.string().nullable(),
    redeemed_branch_id: z.number().int().nullable(),
    transaction_id: z.number().int().nullable(),
  })
  .meta({ id: 'Voucher' })
export type Voucher = z.infer<typeof VoucherSchema>

/** What the counter sees of the customer a code names: enough to serve them, no more. */
export const CounterCustomerSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    mobile: z.string().describe('Masked: the last four digits'),
    vouchers: z
      .array(VoucherSchema)
      .describe('Active vouchers usable at this counter (its market), soonest to expire first'),
    unusable_vouchers: z
      .array(
        VoucherSchema.extend({
          reason: z
            .enum(['other_market'])
            .describe('Why it cannot be used here: a voucher of another market'),
        }),
      )
      .describe('The customer’s other active vouchers, which this counter cannot take, and why'),
    visit: z
      .object({
        ends_at: z.string().describe('Until when the code serves this clerk, unless closed first'),
        sold: z.boolean().describe('The code has served its one sale; hand-overs still work'),
      })
      .describe('The customer’s visit at this counter (docs/product/vouchers.md)'),
    orders: z
      .array(
        z.object({
          id: z.number().int(),
          number: z.string(),
          status: z.enum(ORDER_STATUSES),
          payment: z.enum(PAYMENT_TYPES),
          total: MoneySchema,
          created_at: z.string(),
        }),
      )
      .describe('Pickup orders at this branch not yet handed over'),
  })
  .meta({ id: 'CounterCustomer' })
export type CounterCustomer = z.infer<typeof CounterCustomerSchema>

/** The customer's code: the QR's token, or the 8 digits typed under it. */
export const CounterCodeInputSchema = z
  .object({
    token: textLine().max(200).optional().describe('What the QR code holds'),
    digits: textLine().max(12).optional().describe('The 8 digits under the QR code'),
  })
  .refine((v) => Boolean(v.token || v.digits), { message: 'counter.errors.noCode' })

export const CounterPurchaseSchema = z
  .object({
    token: textLine().max(200).optional(),
    digits: textLine().max(12).optional(),
    lines: z
      .array(z.object({ variation_id: Id, count: z.number().int().min(1).max(999) }))
      .min(1)
      .max(50),
    voucher_ids: z.array(Id).max(20).default([]),
    expected_cash_minor: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .optional()
      .describe(
        'The cash to collect the clerk was shown; when given and not what the server works out, ' +
          'nothing is sold (409 COUNTER_CASH_CHANGED, with the server’s figures)',
      ),
  })
  .refine((v) => Boolean(v.token || v.digits), { message: 'counter.errors.noCode' })
export type CounterPurchase = z.input<typeof CounterPurchaseSchema>

export const CounterTransactionSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(['in_person', 'online']),
    order_id: z.number().int().nullable(),
    branch_id: z.number().int(),
    branch_name: LocalizedTextSchema,
    operator_name: z.string().nullable(),
    total: MoneySchema,
    vouchers: MoneySchema,
    cash: MoneySchema,
    created_at: z.string(),
    redeemed: z.array(VoucherSchema).optional().describe('The vouchers this purchase redeemed'),
  })
  .meta({ id: 'CounterTransaction' })
export type CounterTransaction = z.infer<typeof CounterTransactionSchema>

export type CounterCodeInput = { token?: string; digits?: string }

export const CounterCodeSchema = z.object({
  token: z.string().describe('Show as a QR code'),
  digits: z.string().describe('Show under it, for typing'),
  expires_at: z.string(),
  refresh_in_ms: z.number().int().describe('Ask for the next code after this long (60 s)'),
})

export type CounterCode = z.infer<typeof CounterCodeSchema>

/** docs/product/vouchers.md (a code by SMS): the customer's registered number, as the clerk types it. */
export const CounterSmsCodeRequestSchema = z.object({
  mobile: textLine({ error: 'validation.mobileRequired' })
    .trim()
    .min(1, 'validation.mobileRequired')
    .max(PHONE_MAX_LENGTH + 4, 'validation.mobileInvalid')
    .describe(
      'The customer’s registered mobile number: +60…, +66… or the branch country’s local form',
    ),
})
export type CounterSmsCodeRequest = z.infer<typeof CounterSmsCodeRequestSchema>

/** The same answer whether or not the number is a customer's (nothing tells who is registered). */
export const CounterSmsCodeSentSchema = z.object({
  expires_in_seconds: z.number().int().describe('How long the code sent works (600)'),
  message: z.string(),
})
export type CounterSmsCodeSent = z.infer<typeof CounterSmsCodeSentSchema>

export const BranchDaySchema = z.object({
  branch: z.object({ id: z.number().int(), name: LocalizedTextSchema }),
  data: z.array(CounterTransactionSchema),
  totals: z.object({
    count: z.number().int(),
    total: MoneySchema,
    vouchers: MoneySchema,
    cash: MoneySchema,
  }),
})

export const BranchStockSchema = z.object({
  data: z.array(
    z.object({
      variation_id: z.number().int(),
      product: LocalizedTextSchema,
      label: LocalizedTextSchema,
      price: MoneySchema,
      quantity: z.number().int(),
    }),
  ),
})
export type BranchStock = z.infer<typeof BranchStockSchema>
export type BranchDay = z.infer<typeof BranchDaySchema>

/** docs/product/vouchers.md (issuing): each row judged, and what was created. */
export type VoucherIssueAnswer = {
  rows: {
    line: number
    mobile: string
    value: string
    expires_on: string
    ok: boolean
    problem: string | null
    /** The value in the customer's currency, once the row names a customer (a baht row reads ฿). */
    amount: { amount_minor: number; currency: 'MYR' | 'THB' } | null
    /** The serial of the voucher this row created (after issuing). */
    serial: string | null
  }[]
  valid: number
  rejected: number
  created: number
  serials?: string[]
}
