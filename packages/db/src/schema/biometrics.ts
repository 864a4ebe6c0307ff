import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * docs/product/orders-and-payments.md (Biometrics): a device a customer registered to pay with
 * (a WebAuthn credential). Only its public key is kept: nothing secret is on the server or in the
 * browser's storage.
 */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
)

/**
 * A challenge the server made, used once and within 5 minutes: to register a device, or to pay
 * one order (its Idempotency-Key, the hash of its body and its amount). A registration challenge
 * is made only once the account holder proved they are there (ADR 060), and says how.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'payment'>().notNull(),
    challenge: text('challenge').notNull().unique(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What proved the account holder was there: the payment PIN, or a code sent by SMS. */
    proof: text('proof').$type<'pin' | 'sms_code'>(),
  },
  (t) => [
    index('webauthn_challenges_user_idx').on(t.userId, t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'payment')`),
    check('webauthn_challenges_proof_check', sql`${t.proof} in ('pin', 'sms_code')`),
  ],
)
