import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { KycStatus, Role, UserStatus } from '@padi/domain/auth/roles'
import type { Locale } from '@padi/domain/i18n/locales'
import { branches } from './branches.ts'

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The login identifier, E.164 (docs/product/accounts.md).
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    postcode: text('postcode').notNull(),
    area: text('area').notNull(),
    district: text('district').notNull(),
    state: text('state'),
    market: text('market').notNull().default('MY'),
    preferredBranchId: integer('preferred_branch_id').references(() => branches.id),
    role: text('role').$type<Role>().notNull().default('customer'),
    // Staff belong to a branch.
    staffBranchId: integer('staff_branch_id').references(() => branches.id),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    kycStatus: text('kyc_status').$type<KycStatus>(),
    isPinSet: boolean('is_pin_set').notNull().default(false),
    biometricEnabled: boolean('biometric_enabled').notNull().default(false),
    canResubmitAt: timestamp('can_resubmit_at', { withTimezone: true }),
    // docs/product/credit.md (Keeping KYC data): a legal hold (an AMLA report, an investigation)
    // set by an admin keeps the farmer's KYC data six years from this moment.
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // docs/product/notices.md: the language the farmer last signed up or logged in with; SMS
    // notices are written in it.
    locale: text('locale').$type<Locale>().notNull().default('en'),
    // docs/product/notices.md: reminders (repayment due, order ready, delivery on its way) may be
    // turned off; notices of decisions about the farmer's money are always sent.
    smsReminders: boolean('sms_reminders').notNull().default(true),
    // Access tokens issued before this instant are refused (suspension, password reset).
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_mobile_key').on(t.mobile), index('users_role_idx').on(t.role)],
)

/**
 * Consecutive failed logins per mobile number, whether or not an account exists, so a locked
 * number and an unknown number answer alike (docs/security.md rows 1 and 4).
 */
export const loginFailures = pgTable('login_failures', {
  mobile: text('mobile').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
