import { z } from 'zod'
import { IdSchema, textBlock } from '../input-schemas.ts'
import { MoneySchema } from '../money-schemas.ts'
import {
  EXTENSION_FILE_LIMITS,
  EXTENSION_STATES,
  EXTENSION_TEXT_MAX,
} from './late-repayment-rules.ts'

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'extension.errors.date')

/** docs/product/credit.md (Late repayment): where today falls against the window. */
export const ExtensionWindowSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('too_early'), opens_on: z.string() }),
    z.object({ status: z.literal('open'), days_left: z.number().int() }),
    z.object({ status: z.literal('expired') }),
  ])
  .meta({ id: 'LateRepaymentWindow' })

export const ExtensionDocumentSchema = z
  .object({
    id: z.number().int(),
    content_type: z.string(),
    bytes: z.number().int(),
    file_name: z.string(),
  })
  .meta({ id: 'LateRepaymentDocument' })
export type ExtensionDocument = z.infer<typeof ExtensionDocumentSchema>

export const ExtensionSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(EXTENSION_STATES),
    planting_on: z.string().nullable().describe('The planting date in force when applied'),
    harvest_on: z.string().describe('The harvest date in force when applied'),
    new_planting_on: z.string(),
    new_harvest_on: z.string(),
    reason: z.string(),
    affected_area: z.string(),
    decision_reason: z.string().nullable(),
    documents: z.array(ExtensionDocumentSchema),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'LateRepaymentApplication' })
export type Extension = z.infer<typeof ExtensionSchema>

/** What the farmer sees once the code is right: the dates in force and the window. */
export const ExtensionStatusSchema = z
  .object({
    first_name: z.string().describe('Only the first name: enough to know it is the right account'),
    planting_on: z.string().nullable(),
    harvest_on: z.string().nullable(),
    owed: MoneySchema,
    window: ExtensionWindowSchema.nullable().describe('null when there is no harvest date'),
    applications: z.array(ExtensionSchema).describe('The latest applications, newest first'),
  })
  .meta({ id: 'LateRepaymentStatus' })
export type ExtensionStatus = z.infer<typeof ExtensionStatusSchema>

export const ExtensionSubmitSchema = z.object({
  new_planting_on: Day,
  new_harvest_on: Day,
  reason: textBlock()
    .trim()
    .min(1, 'extension.errors.required')
    .max(EXTENSION_TEXT_MAX, 'extension.errors.tooLong'),
  affected_area: textBlock()
    .trim()
    .min(1, 'extension.errors.required')
    .max(EXTENSION_TEXT_MAX, 'extension.errors.tooLong'),
  document_ids: z
    .array(IdSchema)
    .max(EXTENSION_FILE_LIMITS.files, 'extension.errors.documentLimit')
    .default([])
    .describe('Documents sent before with POST /late-repayment/documents'),
})
export type ExtensionSubmit = z.infer<typeof ExtensionSubmitSchema>

export const ExtensionTokenSchema = z.object({
  token: z.string().describe('Bearer token for the late-repayment calls only'),
  expires_in: z.number().int().describe('Seconds'),
})
export type ExtensionToken = z.infer<typeof ExtensionTokenSchema>

/** Finance's queue: applications waiting, oldest first, with the count in each state. */
export const ExtensionQueueSchema = z.object({
  data: z.array(
    ExtensionSchema.extend({
      user_id: z.number().int(),
      customer_name: z.string(),
      mobile: z.string(),
      owed: MoneySchema,
    }),
  ),
  counts: z.record(z.string(), z.number().int()),
})
export type ExtensionQueue = z.infer<typeof ExtensionQueueSchema>

export const RejectExtensionSchema = z.object({ reason: textBlock().trim().min(1).max(500) })
export type RejectExtension = z.infer<typeof RejectExtensionSchema>
