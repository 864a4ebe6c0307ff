import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * docs/product/notices.md: one row per notice the scheduled job has dealt with. Its unique key
 * (the kind, what it is about, and the occasion: a due date, a month) is what makes the job safe
 * to run twice or on two servers at once: the second insert finds the row and sends nothing.
 */
export const noticeSends = pgTable(
  'notice_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    occasion: text('occasion').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // sent (handed to the outbox), or skipped (reminders turned off)
    outcome: text('outcome').notNull(),
    outboxId: integer('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('notice_sends_key').on(t.kind, t.subjectId, t.occasion),
    index('notice_sends_user_idx').on(t.userId, t.createdAt),
  ],
)
