import { z } from 'zod'
import { ERROR_CODES } from '@padi/domain/errors'
import { RENEWAL_BLOCKS } from '@padi/domain/credit/renewal-schemas'
import { MoneySchema } from '@padi/domain/money-schemas'
import { StockRefusalSchema } from '@padi/domain/orders/order-schemas'
import { DEVICE_PROOFS } from '@padi/domain/payment/biometric-schemas'

/**
 * Every error answer has this shape (docs/product/errors.md: statusCode, a stable code and
 * message). The members some codes add are described here by name, so a client generated from the
 * document reads them typed; each operation's description says which codes it gives.
 */
export const ErrorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODES),
    message: z.string().describe('In English, for logs and developers; show the user message_key'),
    errors: z
      .array(
        z.object({
          field: z.string(),
          message: z.string().describe('A key of the en, bm and th catalogues'),
          text: z
            .string()
            .optional()
            .describe(
              'The key’s text in the language of the operation’s locale parameter, else of Accept-Language (en, ms, th), else English',
            ),
        }),
      )
      .optional()
      .describe(
        'VALIDATION_FAILED: one per field, the first problem; message is a key of the en, bm and th catalogues (validation.emailInvalid)',
      ),
    message_key: z
      .string()
      .optional()
      .describe(
        'A key of the en, bm and th catalogues for the text to show (receipt.errors.fileTooLarge)',
      ),
    text: z
      .string()
      .optional()
      .describe('With message_key: its text, in the language the field errors’ texts are in'),
    detail: z
      .string()
      .optional()
      .describe(
        'CREDIT_INSUFFICIENT: the sentence to show, with the amount in the line’s currency',
      ),
    shortfall: MoneySchema.optional().describe('CREDIT_INSUFFICIENT: the additional amount needed'),
    reason: z
      .string()
      .optional()
      .describe('CREDIT_UNAVAILABLE: none, currency, expired or suspended'),
    owed: MoneySchema.optional().describe('RECEIPT_EXCEEDS_OWED: what is owed now'),
    statement_line_id: z
      .number()
      .int()
      .optional()
      .describe('RECEIPT_COVERED: the bank statement credit that already repaid this money'),
    gateway_payment_id: z
      .number()
      .int()
      .optional()
      .describe(
        'RECEIPT_COVERED: the payment gateway’s payment that already repaid this money (the statement has not confirmed it yet)',
      ),
    total: MoneySchema.optional().describe('PRICE_CHANGED, COUNTER_CASH_CHANGED: the total now'),
    attempts_left: z
      .number()
      .int()
      .optional()
      .describe('PIN_INVALID: wrong PINs left before payment locks for 30 minutes'),
    attemptsLeft: z
      .number()
      .int()
      .optional()
      .describe(
        'OTP_INVALID: wrong codes left before the code is spent (camelCase, as the code’s other fields preAuthSessionId and deviceId)',
      ),
    locked_until: z.iso
      .datetime()
      .optional()
      .describe('PIN_LOCKED: when payment by PIN or device opens again (also in Retry-After)'),
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .describe(
        'OTP_COOLDOWN, COUNTER_SMS_LIMITED, QR_LOOKUP_LIMITED: the wait (also in Retry-After)',
      ),
    limit: z
      .string()
      .optional()
      .describe(
        'COUNTER_SMS_LIMITED, QR_LOOKUP_LIMITED: whose limit was reached (number, staff, branch)',
      ),
    needs: z
      .enum(DEVICE_PROOFS)
      .optional()
      .describe('STEP_UP_REQUIRED: the proof adding a device needs'),
    can_resubmit_at: z.iso
      .datetime()
      .nullable()
      .optional()
      .describe('KYC_RESUBMIT_LATER: from when the farmer may apply again'),
    blocks: z
      .array(z.enum(RENEWAL_BLOCKS))
      .optional()
      .describe('RENEWAL_NOT_ALLOWED: each condition that does not hold'),
    branch_id: z.number().int().optional().describe('BRANCH_NOT_YOURS: the clerk’s own branch'),
    variation_ids: z
      .array(z.number().int())
      .optional()
      .describe('OUT_OF_STOCK (orders): the packs the branch is short of'),
    branch: StockRefusalSchema.shape.branch
      .optional()
      .describe('OUT_OF_STOCK (orders): the branch chosen for collection; null for a delivery'),
    lines: StockRefusalSchema.shape.lines
      .optional()
      .describe('OUT_OF_STOCK (orders): each short line, with what is available'),
    variation_id: z
      .number()
      .int()
      .optional()
      .describe('OUT_OF_STOCK, NOT_FOR_SALE (counter): the pack refused'),
    voucher_ids: z
      .array(z.number().int())
      .optional()
      .describe('VOUCHER_UNAVAILABLE, VOUCHER_OTHER_MARKET: the vouchers refused'),
    cash: MoneySchema.optional().describe(
      'COUNTER_CASH_CHANGED: the cash to collect now (with total and vouchers, as the counter shows them)',
    ),
    vouchers: MoneySchema.optional().describe('COUNTER_CASH_CHANGED: what the vouchers cover now'),
    preAuthSessionId: z
      .string()
      .optional()
      .describe('SIGNUP_PENDING: the new code’s session, to verify it (POST /auth/otp/verify)'),
    deviceId: z.string().optional().describe('SIGNUP_PENDING: the new code’s device id'),
    access_token: z
      .string()
      .optional()
      .describe('SIGNUP_PENDING: the pre-auth token that resends or verifies the code'),
    type: z
      .string()
      .optional()
      .describe('ACCOUNT_SUSPENDED: the RFC 9457 problem type (application/problem+json)'),
    title: z.string().optional().describe('ACCOUNT_SUSPENDED: the RFC 9457 title'),
    status: z
      .union([z.number().int(), z.enum(['too_early', 'expired'])])
      .optional()
      .describe(
        'ACCOUNT_SUSPENDED: the RFC 9457 status (403); EXTENSION_WINDOW_CLOSED: too_early or expired',
      ),
    requestId: z
      .string()
      .optional()
      .describe('5xx: the id under which the server logged the details'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' })
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** The error answers a route declares in its schema, each with the one error shape. */
export function errorAnswers<S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >
}
