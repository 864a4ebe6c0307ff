import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { OtpPurpose } from '@padi/domain/auth/rules'
import type { Notice } from '@padi/domain/notices/notice-sms-text'
import type { CounterSmsCode } from '@padi/domain/vouchers/counter-code-sms'
import { users } from './users.ts'

/**
 * A one-time code challenge (docs/product/accounts.md): random, stored as an HMAC, 10 minutes, single use, bound to
 * its purpose, void after 5 wrong tries. `id` is the preAuthSessionId; the deviceId is a second
 * secret that only the requester received. A sign-up keeps its own payload here, so a second
 * sign-up for a pending number cannot change what the first one verifies.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    deviceIdHash: text('device_id_hash').notNull(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    mobile: text('mobile').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('otp_challenges_mobile_idx').on(t.mobile, t.createdAt)],
)

/**
 * Every SMS to send and sent (the console provider's outbox, and the queue and audit of the
 * others). No text with a code in it is stored (docs/product/demo-mode.md, docs/security.md row 9):
 * the message is its template (purpose and locale) and the code, encrypted with a server key, which
 * is erased once a real gateway has it. A failed send is retried until the code expires.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    // A code's purpose, a notice (finance's decision) or a counter code (ADR 063), the last two
    // with their values in the sealed field.
    purpose: text('purpose').$type<OtpPurpose | Notice | CounterSmsCode>().notNull(),
    locale: text('locale').notNull().default('en'),
    codeSealed: text('code_sealed'),
    clientIp: text('client_ip'),
    provider: text('provider').notNull(),
    // queued | sent | failed (retried) | suppressed (no account) | expired (gave up)
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('sms_outbox_to_idx').on(t.to, t.createdAt),
    index('sms_outbox_ip_idx').on(t.clientIp, t.createdAt),
    index('sms_outbox_created_idx').on(t.createdAt),
    index('sms_outbox_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'failed')`),
  ],
)

/** A login session: one refresh-token family with an absolute lifetime (ASVS 10.4.8). */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** Refresh tokens, stored as SHA-256; each use rotates to a child (theft detection on reuse). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
)
