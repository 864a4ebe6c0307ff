import { z } from 'zod'
import { textBlock, textLine } from '../input-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'
import { RECEIPT_METHODS, RECEIPT_STATES } from './receipt-rules.ts'

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'receipt.errors.date')

/**
 * POST /api/v1/me/receipts: what the receipt says, in the query; the file is the body (like the
 * KYC documents: a phone sends it again alone when the network drops). The amount is text as
 * typed, judged by the API (more than 0, at most two decimals, not more than the credit used).
 */
export const ReceiptUploadQuerySchema = z.object({
  method: z.enum(RECEIPT_METHODS).describe('How the farmer paid: a bank transfer or cash paid in'),
  bank: textLine()
    .trim()
    .min(1, 'receipt.errors.required')
    .max(100)
    .describe('The bank paid into or from, as the receipt names it'),
  amount: textLine()
    .trim()
    .min(1, 'receipt.errors.required')
    .max(20)
    .describe(
      'What the receipt says was paid, as the farmer reads it off the receipt, in the credit line’s own currency (ringgit for a Malaysian line, baht for a Thai one; a line has one currency, so none is sent): 150, 150.50 or 1,250.00. More than 0, at most two decimals, not more than is owed now; each problem is a field error of its own (receipt.errors.amountInvalid, amountDecimals, amountPositive) and more than is owed is 409 RECEIPT_EXCEEDS_OWED with owed. The answer gives it back as every amount in this API: amount_minor with the currency.',
    ),
  paid_on: Day.describe('The day paid (YYYY-MM-DD), as on the receipt'),
  reference: textLine()
    .trim()
    .min(1, 'receipt.errors.required')
    .max(100)
    .describe('The bank’s reference on the receipt, which finance matches with the statement'),
  name: textLine().max(200).default('').describe('The file’s name on the phone, kept for finance'),
})
export type ReceiptUploadQuery = z.infer<typeof ReceiptUploadQuerySchema>

export const ReceiptSchema = z
  .object({
    id: z.number().int(),
    method: z.enum(RECEIPT_METHODS),
    bank: z.string(),
    amount: MoneySchema,
    paid_on: z.string(),
    reference: z.string(),
    status: z.enum(RECEIPT_STATES),
    decision_reason: z.string().nullable(),
    file: z.object({ content_type: z.string(), bytes: z.number().int(), file_name: z.string() }),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'RepaymentReceipt' })
export type Receipt = z.infer<typeof ReceiptSchema>

export const ReceiptListSchema = z.object({ data: z.array(ReceiptSchema) })

/** Finance's queue: receipts waiting, oldest first, with the count in each state. */
/**
 * docs/product/repayments.md (Receipts and the statement): a statement credit already applied to
 * the receipt's line that is this money (`same`: the receipt names it; approving is refused) or
 * may be (`maybe`: the same amount within three days).
 */
export const StatementCoverSchema = z.object({
  match: z.enum(['same', 'maybe']),
  statement_line_id: z.number().int(),
  bank_transaction_id: z.string(),
  amount: MoneySchema,
  booked_on: z.string(),
})
export type StatementCover = z.infer<typeof StatementCoverSchema>

export const ReceiptQueueSchema = z.object({
  data: z.array(
    ReceiptSchema.extend({
      user_id: z.number().int(),
      customer_name: z.string(),
      mobile: z.string(),
      utilised: MoneySchema.nullable(),
      statement: StatementCoverSchema.nullable().describe(
        'A bank statement credit already applied to this line that is, or may be, this money',
      ),
    }),
  ),
  counts: z.record(z.string(), z.number().int()),
})
export type ReceiptQueue = z.infer<typeof ReceiptQueueSchema>

export const RejectReceiptSchema = z.object({ reason: textBlock().trim().min(1).max(500) })
export type RejectReceipt = z.infer<typeof RejectReceiptSchema>
