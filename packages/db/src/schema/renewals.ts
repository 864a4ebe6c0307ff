import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { RenewalState } from '@padi/domain/credit/renewal-rules'
import type { Locale } from '@padi/domain/i18n/locales'
import { creditLines } from './credit.ts'
import { users } from './users.ts'

/**
 * docs/product/credit.md (Renewal): a signed contract renewal. The signed contract is a PDF made
 * by the API when the farmer signs (the signature, the time and the device in it) and kept in the
 * file store; it takes effect when finance approves it, which opens the new line named here.
 */
export const contractRenewals = pgTable(
  'contract_renewals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The suspended line being renewed. */
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    plantingOn: date('planting_on', { mode: 'string' }).notNull(),
    harvestOn: date('harvest_on', { mode: 'string' }).notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    status: text('status').$type<RenewalState>().notNull().default('pending'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The device that signed: its browser's own description and the address it came from. */
    device: text('device').notNull(),
    clientIp: text('client_ip').notNull(),
    signatureKey: text('signature_key').notNull().unique(),
    pdfKey: text('pdf_key').notNull().unique(),
    pdfBytes: integer('pdf_bytes').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    decisionReason: text('decision_reason'),
    canResubmitAt: timestamp('can_resubmit_at', { withTimezone: true }),
    newLineId: integer('new_line_id').references(() => creditLines.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('contract_renewals_user_idx').on(t.userId, t.createdAt),
    index('contract_renewals_queue_idx').on(t.status, t.createdAt),
    uniqueIndex('contract_renewals_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'contract_renewals_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check('contract_renewals_dates_check', sql`${t.harvestOn} > ${t.plantingOn}`),
    check(
      'contract_renewals_line_check',
      sql`(${t.status} = 'approved') = (${t.newLineId} is not null)`,
    ),
  ],
)
