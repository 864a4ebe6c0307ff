import { z } from 'zod'
import { textLine } from '../input-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'

// docs/product/repayments.md (Paying by QR): a farmer asks for a QR for an amount; the shop
// answers with the code their bank app scans, its reference and how long it is good for.

/** A QR is good for a day: long enough to pay from another phone or later in the evening. */
export const QR_REPAYMENT_VALID_HOURS = 24

export const QR_REPAYMENT_SCHEMES = ['duitnow', 'promptpay'] as const
export const QR_REPAYMENT_STATES = ['open', 'paid', 'expired'] as const
export type QrRepaymentState = (typeof QR_REPAYMENT_STATES)[number]

/** What a stored request is now: paid once the money is matched, expired after its day. */
export function qrRepaymentState(
  row: { paidAt: Date | null; expiresAt: Date },
  now: Date,
): QrRepaymentState {
  if (row.paidAt) return 'paid'
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open'
}

/** POST /api/v1/me/qr-repayments: the amount as the farmer typed it or chose it. */
export const QrRepaymentRequestSchema = z.object({
  amount: textLine()
    .trim()
    .min(1, 'repay.errors.amountRequired')
    .max(20)
    .describe(
      'What the farmer will pay, as typed (150, 150.50 or 1,250.00), in the credit line’s own currency: more than 0, at most two decimals, not more than is owed now. Each problem is a field error (repay.errors.amountInvalid, amountDecimals, amountPositive, amountOverOwed).',
    ),
})
export type QrRepaymentRequest = z.infer<typeof QrRepaymentRequestSchema>

export const QrRepaymentSchema = z
  .object({
    id: z.number().int(),
    reference: z
      .string()
      .describe('Nine capitals and digits, the last a check character: the bill number'),
    amount: MoneySchema,
    scheme: z.enum(QR_REPAYMENT_SCHEMES).describe('DuitNow QR (ringgit) or PromptPay (baht)'),
    payload: z
      .string()
      .describe('The text the QR code carries (EMVCo merchant-presented, CRC included)'),
    status: z.enum(QR_REPAYMENT_STATES),
    created_at: z.string(),
    expires_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'QrRepayment' })
export type QrRepayment = z.infer<typeof QrRepaymentSchema>
