import type { Locale } from '@padi/domain/i18n/locales'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { KycApplicationState } from '@padi/domain/kyc/kyc-application'
import type { KycDraft } from '@padi/domain/kyc/kyc-schemas'
import type { KYC_FILE_TYPES, KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import type { KycDocumentReview } from '@padi/domain/kyc/kyc-document-review'
import type { Market } from '@padi/domain/markets'
import { users } from './users.ts'

/**
 * docs/product/credit.md (KYC): a farmer's application for credit. The answers are kept as the
 * draft schema has them (saved step by step); at most one application per farmer is open (a
 * draft, submitted, or sent back for documents), held by a partial unique index.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state').$type<KycApplicationState>().notNull().default('draft'),
    market: text('market').$type<Market>().notNull(),
    details: jsonb('details').$type<KycDraft>().notNull().default({}),
    /** The language the farmer submitted in: finance's decision is sent by SMS in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /** Sent back: the documents finance asks for. */
    requestedDocuments: jsonb('requested_documents').$type<KycDocumentKind[]>(),
    decisionReason: text('decision_reason'),
    /** Rejected: from when the farmer may apply again. */
    canResubmitAt: timestamp('can_resubmit_at', { withTimezone: true }),
    verifiedHectares: numeric('verified_hectares', { precision: 9, scale: 4 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** docs/product/credit.md (Keeping KYC data): when its documents and answers were removed. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('kyc_applications_user_idx').on(t.userId, t.createdAt),
    // Finance's queue: oldest first.
    index('kyc_applications_queue_idx').on(t.state, t.submittedAt),
    uniqueIndex('kyc_applications_one_open_key')
      .on(t.userId)
      .where(sql`${t.state} in ('draft', 'submitted', 'insufficient_documents')`),
    check(
      'kyc_applications_state_check',
      sql`${t.state} in ('draft', 'submitted', 'insufficient_documents', 'rejected', 'approved')`,
    ),
    check('kyc_applications_market_check', sql`${t.market} in ('MY', 'TH')`),
  ],
)

/**
 * docs/product/credit.md (KYC documents): one uploaded file. The row is written only once the
 * file is whole in the store (written, flushed, renamed), in the transaction that checks the
 * application's limits: a crash before leaves at most a file nobody points at, never a row that
 * calls half a file whole.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => kycApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<KycDocumentKind>().notNull(),
    contentType: text('content_type').$type<(typeof KYC_FILE_TYPES)[number]>().notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The store's random name: never shown, never taken from the request. */
    storageKey: text('storage_key').notNull().unique(),
    /** The name the farmer's file had, cleaned, for the list. */
    fileName: text('file_name').notNull(),
    /**
     * docs/product/credit.md (KYC review): finance's judgement of this file, accepted or to be
     * sent again, with the reason the farmer reads; null until judged.
     */
    review: text('review').$type<KycDocumentReview>(),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('kyc_documents_application_idx').on(t.applicationId, t.id),
    check('kyc_documents_bytes_check', sql`${t.bytes} > 0`),
    check('kyc_documents_review_check', sql`${t.review} in ('accepted', 'resend')`),
    // A document to be sent again always says why.
    check(
      'kyc_documents_resend_reason_check',
      sql`${t.review} is distinct from 'resend' or ${t.reviewReason} is not null`,
    ),
    check(
      'kyc_documents_kind_check',
      sql`${t.kind} in ('id_front', 'id_back', 'selfie', 'bank_statement', 'utility_bill', 'land_document', 'harvest_sales')`,
    ),
  ],
)
