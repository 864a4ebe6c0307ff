import { z } from 'zod'
import { textBlock, textLine } from '../input-schemas.ts'
import { CURRENCIES } from '../markets.ts'
import { MoneySchema } from '../money-schemas.ts'
import { REVIEW_REASONS } from './statement-matching.ts'
import { CSV_DATE_FORMATS } from './statement-csv-dates.ts'

// docs/product/repayments.md (Matching the statement): what an import did, and what waits.

export const StatementImportSummarySchema = z
  .object({
    lines: z
      .number()
      .int()
      .describe('Credits read from the file (debits and pending entries left out)'),
    matched: z.number().int().describe('Applied as repayments, each to the QR repayment it named'),
    reconciled: z
      .number()
      .int()
      .describe(
        'Payments a payment gateway’s notice had already repaid: confirmed, nothing repaid again',
      ),
    review: z.number().int().describe('Waiting in the review list, each with its reason'),
    already_imported: z
      .number()
      .int()
      .describe('Credits whose bank transaction id was already in: nothing done again'),
    ignored: z.number().int().describe('Entries that are not booked credits'),
  })
  .meta({ id: 'StatementImportSummary' })
export type StatementImportSummary = z.infer<typeof StatementImportSummarySchema>

export const StatementLineSchema = z
  .object({
    id: z.number().int(),
    bank_transaction_id: z.string(),
    booked_on: z.string(),
    amount: MoneySchema,
    details: z.string().describe('What the bank passed on from the payer'),
    payer_name: z.string().nullable(),
    reason: z.enum(REVIEW_REASONS),
    qr_repayment_id: z
      .number()
      .int()
      .nullable()
      .describe('The QR repayment its reference named, when it named one'),
    suggested: z
      .object({ user_id: z.number().int(), name: z.string(), qr_repayment_id: z.number().int() })
      .nullable()
      .describe(
        'The farmer the credit most likely came from (the same amount first, then the payer’s name, then the nearest day), for finance to confirm with assign',
      ),
    imported_at: z.string(),
  })
  .meta({ id: 'StatementLine' })

/** POST /admin/statement-lines/{id}/return: why the money goes back to the payer. */
export const ReturnStatementLineSchema = z.object({
  reason: textBlock()
    .trim()
    .min(1)
    .max(500)
    .describe('Why the credit is returned to the payer (kept in the audit log)'),
})

export const StatementReviewSchema = z.object({ data: z.array(StatementLineSchema) })

const Column = textLine().trim().min(1).max(100)

/** PUT /admin/statement-mappings/{name}: one bank's CSV export, as finance maps it once. */
export const StatementCsvMappingSchema = z
  .object({
    currency: z.enum(CURRENCIES).describe('The collecting account’s currency'),
    id_column: Column.describe('The column with the bank’s own id for each transaction'),
    date_column: Column.describe('The column with the day the credit was booked'),
    date_format: z.enum(CSV_DATE_FORMATS),
    amount_column: Column.describe(
      'The column with the credit (money in); rows where it is empty or 0 are left out',
    ),
    details_column: Column.describe('The column with what the payer’s bank passed on'),
    payer_column: Column.nullable().default(null).describe('The column with the payer’s name'),
  })
  .meta({ id: 'StatementCsvMapping' })
export type StatementCsvMapping = z.infer<typeof StatementCsvMappingSchema>

export const StatementCsvMappingNameSchema = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'statement.errors.mappingName')
    .describe('A short name: lower-case letters, digits and dashes (maybank, kbank-th)'),
})

export const StatementCsvMappingListSchema = z.object({
  data: z.array(StatementCsvMappingSchema.extend({ name: z.string() })),
})

export const StatementImportQuerySchema = z.object({
  mapping: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'statement.errors.mappingName')
    .optional()
    .describe('For a CSV statement: the saved mapping of its bank'),
})
