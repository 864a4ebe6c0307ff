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
import type { ExtensionState } from '@padi/domain/credit/late-repayment-rules'
import type { Locale } from '@padi/domain/i18n/locales'
import { creditLines } from './credit.ts'
import { users } from './users.ts'

/**
 * docs/product/credit.md (Late repayment): a farmer's application to move the harvest date, made
 * without logging in (identified by a code sent to the mobile number). It keeps the dates in force
 * when it was made and the new ones; one per line waits for finance at a time.
 */
export const lateRepaymentApplications = pgTable(
  'late_repayment_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => creditLines.id, { onDelete: 'restrict' }),
    plantingOn: date('planting_on', { mode: 'string' }),
    harvestOn: date('harvest_on', { mode: 'string' }).notNull(),
    newPlantingOn: date('new_planting_on', { mode: 'string' }).notNull(),
    newHarvestOn: date('new_harvest_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    affectedArea: text('affected_area').notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    status: text('status').$type<ExtensionState>().notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('late_repayment_applications_user_idx').on(t.userId, t.createdAt),
    index('late_repayment_applications_queue_idx').on(t.status, t.createdAt),
    uniqueIndex('late_repayment_applications_one_pending_key')
      .on(t.lineId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'late_repayment_applications_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check(
      'late_repayment_applications_texts_check',
      sql`char_length(${t.reason}) between 1 and 500 and char_length(${t.affectedArea}) between 1 and 500`,
    ),
    check(
      'late_repayment_applications_dates_check',
      sql`${t.newHarvestOn} > ${t.harvestOn} and ${t.newHarvestOn} > ${t.newPlantingOn}`,
    ),
  ],
)

/**
 * A supporting document. Uploaded one by one before the application is sent (so each file's
 * progress and retry are its own); a document no application has claimed within a day is swept.
 */
export const lateRepaymentDocuments = pgTable(
  'late_repayment_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id').references(() => lateRepaymentApplications.id, {
      onDelete: 'cascade',
    }),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('late_repayment_documents_application_idx').on(t.applicationId, t.id),
    index('late_repayment_documents_user_idx').on(t.userId, t.createdAt),
    check('late_repayment_documents_bytes_check', sql`${t.bytes} > 0`),
  ],
)
