import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * docs/product/error-reporting.md (Report a Bug): what a user wrote and on which page, kept here
 * when no error-reporting service is configured. The user is kept for a reply; their account's
 * removal removes the link, not the report.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    page: text('page').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('feedback_reports_created_idx').on(t.createdAt)],
)
