import { z } from 'zod'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { CurrencySchema, MarketSchema } from '../money-schemas.ts'
import { AUDIT_VALUE_KINDS } from './audit-changes.ts'

const AuditValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
  LocalizedTextSchema,
])

/** docs/product/back-office.md (Audit log): one field of an entry, as people read it. */
export const AuditChangeSchema = z
  .object({
    field: z
      .string()
      .describe('The field: price_my_minor, name.en (a text per language), opening_hours.1 …'),
    kind: z
      .enum(AUDIT_VALUE_KINDS)
      .describe(
        'How to read the values: money (minor units of currency), day (YYYY-MM-DD in the market), time (an instant, told in the market’s time zone), code (a value with words of its own), branch/pack/person (their name in place of the id) …',
      ),
    currency: CurrencySchema.nullable().describe('For money: its currency'),
    before: AuditValueSchema,
    after: AuditValueSchema,
  })
  .meta({
    id: 'AuditChange',
    examples: [
      { field: 'price_my_minor', kind: 'money', currency: 'MYR', before: 2800, after: 3150 },
      { field: 'due_at', kind: 'day', currency: null, before: '2026-11-30', after: '2026-12-06' },
    ],
  })
export type AuditChangeAnswer = z.infer<typeof AuditChangeSchema>

/** GET /api/v1/admin/audit: back-office changes, newest first, each with the record before and after. */
export const AuditLogSchema = z.object({
  next_before: z.number().int().nullable().describe('Ask with before= this for older entries'),
  data: z.array(
    z.object({
      id: z.number().int(),
      actor_user_id: z.number().int().nullable().describe('null: the system (a scheduled job)'),
      actor_name: z.string().nullable(),
      action: z.string(),
      subject_type: z.string(),
      subject_id: z.number().int(),
      market: MarketSchema.nullable().describe(
        'The market of the record changed (its times and days are told in its time zone); null: both (a product)',
      ),
      changes: z.array(AuditChangeSchema).describe('What changed, field by field, ready to show'),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      created_at: z.string(),
    }),
  ),
})
export type AuditLog = z.infer<typeof AuditLogSchema>
