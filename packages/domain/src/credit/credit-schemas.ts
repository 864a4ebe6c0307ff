import { z } from 'zod'
import { OpaqueIdSchema } from '../auth/schemas.ts'
import { textLine } from '../input-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'
import { CREDIT_LINE_STATES } from './credit-line.ts'
import { PIN_PATTERN } from '../payment/pin.ts'

/**
 * docs/product/credit.md: a credit record as GET /api/v1/me/credits lists it (newest first; the
 * first is the line in use). Amounts are Money in the line's currency.
 */
export const CreditRecordSchema = z.object({
  id: z.number().int(),
  state: z.enum(CREDIT_LINE_STATES),
  is_suspended: z.boolean().describe('The line is suspended (renewal needed); expired is separate'),
  approved_credits: MoneySchema,
  utilised_credits: MoneySchema,
  available_credits: MoneySchema,
  outstanding: z.object({
    principal: MoneySchema,
    interest: MoneySchema,
    late_fee: MoneySchema,
    total: MoneySchema,
  }),
  due_at: z.string().nullable().describe('Repayment is due at harvest; ISO 8601'),
  expires_at: z.string(),
  overdue_account: z.object({
    total_due: MoneySchema.describe('Everything still owed once the due date has passed, else 0'),
  }),
  planting_on: z.string().nullable().describe('The planting date in force (YYYY-MM-DD)'),
  harvest_on: z
    .string()
    .nullable()
    .describe('The harvest date in force (YYYY-MM-DD); an approved extension moves it'),
  late_fee_preview: z
    .object({
      at: z.string().describe('When the next month of late fee is added; ISO 8601'),
      fee: MoneySchema.describe('1.5% of the principal and interest owed now'),
    })
    .nullable()
    .describe('The late fee that will be added next if nothing more is repaid; null when none'),
})
export type CreditRecord = z.infer<typeof CreditRecordSchema>

export const CreditsAnswerSchema = z.object({ data: z.array(CreditRecordSchema) })

/** docs/product/orders-and-payments.md: a payment PIN field. */
export const PinSchema = z.string().regex(PIN_PATTERN, 'PIN must be exactly 6 digits')

/**
 * PUT /api/v1/me/pin: set the PIN (PIN setup during checkout), or change it, which needs the
 * current one ('Enter current PIN').
 */
export const SetPinSchema = z.object({
  pin: PinSchema,
  confirm_pin: textLine().max(20),
  current_pin: PinSchema.optional(),
})

/**
 * POST /api/v1/me/pin/reset: a forgotten PIN replaced with the code sent by SMS (which also ends a
 * lock of the PIN).
 */
export const PinResetSchema = z.object({
  preAuthSessionId: OpaqueIdSchema,
  deviceId: OpaqueIdSchema,
  userInputCode: z.string().regex(/^\d{6}$/, 'validation.invalid'),
  pin: PinSchema,
  confirm_pin: textLine().max(20),
})
export type PinReset = z.infer<typeof PinResetSchema>
