import { z } from 'zod'
import { textBlock, textLine } from '../input-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'

/** docs/product/credit.md (Renewal): a renewal's status as the API states it. */
export const CONTRACT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const

/** Why a renewal may not start: the conditions of docs/product/credit.md, and two of ours. */
export const RENEWAL_BLOCKS = [
  'amount_due',
  'credit_not_suspended',
  'user_inactive',
  'resubmit_later',
  'renewal_pending',
  'no_credit',
] as const
export type RenewalBlockCode = (typeof RENEWAL_BLOCKS)[number]

export const RenewalRecordSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CONTRACT_STATUSES),
    can_resubmit_at: z
      .string()
      .nullable()
      .describe('Rejected: from when a renewal may start again'),
    planting_on: z.string(),
    harvest_on: z.string(),
    signed_at: z.string(),
    decision_reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'ContractRenewal' })
export type RenewalRecord = z.infer<typeof RenewalRecordSchema>

export const CreditRenewalAnswerSchema = z
  .object({
    data: z.array(RenewalRecordSchema).describe('Newest first: the first is the contract status'),
    eligibility: z.object({
      allowed: z.boolean(),
      blocks: z.array(z.enum(RENEWAL_BLOCKS)).describe('Each condition that does not hold'),
      credit: MoneySchema.nullable().describe('The credit limit a renewal would keep'),
      outstanding: MoneySchema.nullable().describe('What is still owed on the current line'),
    }),
  })
  .meta({ id: 'CreditRenewalStatus' })
export type CreditRenewalAnswer = z.infer<typeof CreditRenewalAnswerSchema>

/** The renewal form as sent; its rules (renewal-rules.ts) are judged by the API with field messages. */
export const RenewalSubmitSchema = z.object({
  planting_on: textLine().trim().max(10),
  harvest_on: textLine().trim().max(10),
  signature: textLine().max(300_000).describe('The drawn signature: a PNG data URL'),
  agree: z.boolean(),
})
export type RenewalSubmit = z.infer<typeof RenewalSubmitSchema>

export const RenewalQueueSchema = z.object({
  data: z.array(
    RenewalRecordSchema.extend({
      user_id: z.number().int(),
      customer_name: z.string(),
      mobile: z.string(),
      credit: MoneySchema,
      device: z.string(),
      client_ip: z.string(),
    }),
  ),
  counts: z.record(z.string(), z.number().int()),
})
export type RenewalQueue = z.infer<typeof RenewalQueueSchema>

export const RejectRenewalSchema = z.object({
  reason: textBlock().trim().min(1).max(500),
  can_resubmit_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe('The day from which the farmer may renew again (none: at once)'),
})
export type RejectRenewal = z.infer<typeof RejectRenewalSchema>
