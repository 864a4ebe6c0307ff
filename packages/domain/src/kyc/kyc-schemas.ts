import { z } from 'zod'
import { textBlock, textLine } from '../input-schemas.ts'
import type { Market } from '../markets.ts'
import { nricProblem, thaiIdProblem } from './identity-numbers.ts'
import { KYC_APPLICATION_STATES } from './kyc-application.ts'
import { KYC_DOCUMENT_REVIEWS, RESEND_REASON_MAX } from './kyc-document-review.ts'
import {
  IDENTITY_DOCUMENTS,
  KYC_DOCUMENT_KINDS,
  KYC_FILE_TYPES,
  SUPPORTING_DOCUMENTS,
  type KycDocumentKind,
} from './kyc-documents.ts'

/** A date as the form sends it: YYYY-MM-DD. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'kyc.errors.date')

/**
 * A draft's answers: every field may still be missing (the farmer saves step by step), but what is
 * there is checked. The identity number is checked against the farmer's country at submission.
 */
export const KycDraftSchema = z.object({
  full_name: textLine().trim().min(1, 'kyc.errors.required').max(150).optional(),
  id_number: textLine().trim().max(20).optional(),
  planting_date: Day.optional(),
  harvest_date: Day.optional(),
  owns_mist_drone: z.boolean().optional(),
  visited_centre: z.boolean().optional(),
  hectares: z
    .number()
    .positive('kyc.errors.hectaresPositive')
    .max(1000, 'kyc.errors.hectaresTooLarge')
    .multipleOf(0.0001)
    .optional(),
  consents: z
    .object({
      terms: z.boolean(),
      data_processing: z.boolean(),
      credit_check: z.boolean(),
    })
    .partial()
    .optional(),
})
export type KycDraft = z.infer<typeof KycDraftSchema>

/** A problem with a submission: the field and a catalogue key for its message. */
export type KycProblem = { field: string; message: string }

/**
 * docs/product/credit.md (KYC): what a submission needs. Every answer given, the identity number
 * right for the farmer's country, the harvest after the planting, every consent given, the card's
 * two sides and a selfie, and at least one of the farm's papers. Answers the problems (none: ready).
 */
export function submissionProblems(
  draft: KycDraft,
  market: Market,
  uploaded: readonly KycDocumentKind[],
  /** Kinds of the documents finance marked to be sent again and not yet sent (KYC review). */
  toResend: readonly KycDocumentKind[] = [],
): KycProblem[] {
  const problems: KycProblem[] = []
  const need = (field: keyof KycDraft, ok: boolean, message = 'kyc.errors.required') => {
    if (!ok) problems.push({ field, message })
  }
  need('full_name', Boolean(draft.full_name))
  if (!draft.id_number) need('id_number', false)
  else {
    const problem = market === 'TH' ? thaiIdProblem(draft.id_number) : nricProblem(draft.id_number)
    if (problem) problems.push({ field: 'id_number', message: `kyc.errors.idNumber.${problem}` })
  }
  need('planting_date', Boolean(draft.planting_date))
  need('harvest_date', Boolean(draft.harvest_date))
  if (draft.planting_date && draft.harvest_date && draft.harvest_date <= draft.planting_date)
    problems.push({ field: 'harvest_date', message: 'kyc.errors.harvestAfterPlanting' })
  need('owns_mist_drone', draft.owns_mist_drone !== undefined)
  need('visited_centre', draft.visited_centre !== undefined)
  need('hectares', draft.hectares !== undefined)
  const consents = draft.consents ?? {}
  need(
    'consents',
    consents.terms === true && consents.data_processing === true && consents.credit_check === true,
    'kyc.errors.consentsRequired',
  )
  for (const kind of toResend)
    problems.push({ field: `documents.${kind}`, message: 'kyc.errors.documentResend' })
  for (const kind of IDENTITY_DOCUMENTS)
    if (!uploaded.includes(kind) && !toResend.includes(kind))
      problems.push({ field: `documents.${kind}`, message: 'kyc.errors.documentRequired' })
  if (!SUPPORTING_DOCUMENTS.some((kind) => uploaded.includes(kind) || toResend.includes(kind)))
    problems.push({ field: 'documents', message: 'kyc.errors.noDocuments' })
  return problems
}

/** An uploaded document as the API lists it (the file itself is fetched on its own). */
export const KycDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  content_type: z.enum(KYC_FILE_TYPES),
  bytes: z.number().int(),
  file_name: z.string(),
  created_at: z.string(),
  review: z
    .enum(KYC_DOCUMENT_REVIEWS)
    .nullable()
    .describe('Finance’s judgement: accepted, or to be sent again (resend); null: not judged'),
  review_reason: z.string().nullable().describe('Why it is to be sent again: the farmer reads it'),
})
export type KycDocument = z.infer<typeof KycDocumentSchema>

/**
 * docs/product/credit.md (KYC review): finance's judgement of one document of an application
 * waiting for a decision: accepted, or to be sent again with the reason the farmer reads.
 */
export const KycDocumentReviewSchema = z
  .object({
    review: z.enum(KYC_DOCUMENT_REVIEWS),
    reason: textBlock()
      .trim()
      .max(RESEND_REASON_MAX, 'kyc.errors.reasonTooLong')
      .optional()
      .describe('Needed to send a document back: the farmer reads it in their KYC page'),
  })
  .superRefine((v, ctx) => {
    if (v.review === 'resend' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'kyc.errors.resendReason' })
  })
  .meta({
    examples: [
      { review: 'resend', reason: 'The photo is blurred: the card number cannot be read.' },
      { review: 'accepted' },
    ],
  })
export type KycDocumentReviewInput = z.infer<typeof KycDocumentReviewSchema>

/**
 * GET /api/v1/me/kyc: the farmer's application (the open one, else the latest), what it still
 * needs, whether a new one may be started, and the upload limits the form states.
 */
export const KycAnswerSchema = z.object({
  application: z
    .object({
      id: z.number().int(),
      state: z.enum(KYC_APPLICATION_STATES),
      details: KycDraftSchema,
      documents: z.array(KycDocumentSchema),
      requested_documents: z.array(z.enum(KYC_DOCUMENT_KINDS)).nullable(),
      decision_reason: z.string().nullable(),
      submitted_at: z.string().nullable(),
      problems: z
        .array(z.object({ field: z.string(), message: z.string() }))
        .describe('What a submission still needs (catalogue keys); empty when it can be submitted'),
    })
    .nullable(),
  may_apply: z.boolean().describe('A new application may be started (none open, none approved)'),
  can_resubmit_at: z.string().nullable(),
  limits: z.object({
    max_files: z.number().int(),
    max_file_bytes: z.number().int(),
    max_total_bytes: z.number().int(),
    file_types: z.array(z.enum(KYC_FILE_TYPES)),
  }),
})
export type KycAnswer = z.infer<typeof KycAnswerSchema>

/**
 * docs/product/credit.md (KYC review): finance approves with the hectares it verified, which set
 * the credit limit, and the contract's dates; the repayment falls due at the harvest date.
 */
export const ApproveKycSchema = z
  .object({
    verified_hectares: z.number().positive().max(1000).multipleOf(0.0001),
    contract_starts_on: Day,
    contract_ends_on: Day,
    due_on: Day.describe('The harvest date: when the credit is to be repaid'),
  })
  .superRefine((v, ctx) => {
    if (v.contract_ends_on <= v.contract_starts_on)
      ctx.addIssue({
        code: 'custom',
        path: ['contract_ends_on'],
        message: 'kyc.errors.endAfterStart',
      })
    if (v.due_on < v.contract_starts_on || v.due_on > v.contract_ends_on)
      ctx.addIssue({ code: 'custom', path: ['due_on'], message: 'kyc.errors.dueWithinContract' })
  })
export type ApproveKyc = z.infer<typeof ApproveKycSchema>

/** Rejected, with the reason the farmer reads and the date from which they may apply again. */
export const RejectKycSchema = z.object({
  reason: textBlock().trim().min(1).max(500),
  can_resubmit_on: Day,
})
export type RejectKyc = z.infer<typeof RejectKycSchema>

/**
 * Sent back for the named documents; those finance marked to be sent again are asked for too,
 * so the list may be empty when some are (docs/product/credit.md, KYC review).
 */
export const RequestDocumentsSchema = z.object({
  documents: z.array(z.enum(KYC_DOCUMENT_KINDS)).max(KYC_DOCUMENT_KINDS.length).default([]),
  note: textBlock().trim().max(500).optional(),
})
export type RequestDocuments = z.infer<typeof RequestDocumentsSchema>

/** GET /api/v1/admin/kyc: finance's queue, oldest first, and how many applications are in each state. */
export const KycQueueSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int(),
      market: z.enum(['MY', 'TH']),
      full_name: z.string().nullable(),
      hectares: z.number().nullable(),
      submitted_at: z.string().nullable(),
    }),
  ),
  counts: z.record(z.string(), z.number().int()),
})
export type KycQueue = z.infer<typeof KycQueueSchema>

/** GET /api/v1/admin/kyc/{id}: one application as finance reviews it, with the applicant's history. */
export const KycReviewApplicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  market: z.enum(['MY', 'TH']),
  state: z.enum(KYC_APPLICATION_STATES),
  applicant: z.object({
    full_name: z.string().describe('The name on the account (the application gives the ID’s)'),
    mobile: z.string(),
    joined_at: z.string(),
  }),
  details: KycDraftSchema,
  submitted_at: z.string().nullable(),
  requested_documents: z.array(z.enum(KYC_DOCUMENT_KINDS)).nullable(),
  decision_reason: z.string().nullable(),
  documents: z.array(KycDocumentSchema),
  history: z.array(
    z.object({
      id: z.number().int(),
      state: z.enum(KYC_APPLICATION_STATES),
      submitted_at: z.string().nullable(),
      decided_at: z.string().nullable(),
      decision_reason: z.string().nullable(),
    }),
  ),
})
export type KycReviewApplication = z.infer<typeof KycReviewApplicationSchema>
