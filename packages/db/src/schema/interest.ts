import { sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const interestRegistrations = pgTable(
  'interest_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    postcode: text('postcode').notNull(),
    area: text('area').notNull(),
    district: text('district').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // e-mail is stored lower-cased by the service, so a plain unique index is enough.
    uniqueIndex('interest_registrations_email_key').on(t.email),
  ],
)
