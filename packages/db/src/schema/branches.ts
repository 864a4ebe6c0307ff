import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { LocalizedText } from '@padi/domain/i18n/locales'
import type { OpeningHours } from '@padi/domain/branches/schemas'
import type { Market } from '@padi/domain/markets'

export const branches = pgTable('branches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  // Written as each language writes it: a Thai address in Thai script on the th pages.
  address: jsonb('address').$type<LocalizedText>().notNull(),
  postcode: text('postcode').notNull(),
  district: jsonb('district').$type<LocalizedText>().notNull(),
  state: jsonb('state').$type<LocalizedText>().notNull(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  timezone: text('timezone').notNull(),
  openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
  isHeadquarters: boolean('is_headquarters').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
