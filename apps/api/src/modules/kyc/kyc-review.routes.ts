import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { KYC_APPLICATION_STATES } from '@padi/domain/kyc/kyc-application'
import {
  ApproveKycSchema,
  KycDocumentReviewSchema,
  KycDocumentSchema,
  KycQueueSchema,
  KycReviewApplicationSchema,
  RejectKycSchema,
  RequestDocumentsSchema,
} from '@padi/domain/kyc/kyc-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer } from '../../openapi-document.ts'
import { KYC_FILE_TYPES } from '@padi/domain/kyc/kyc-documents'
import type { Guards } from '../../plugins/authenticate.ts'
import { sendAttachment } from '../files/send-attachment.ts'
import type { KycReviewService } from './kyc-review.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const Id = IdTextSchema
const State = z.enum(KYC_APPLICATION_STATES)
const Decided = z.object({ id: z.number().int(), state: State })

/** docs/product/credit.md (KYC review): finance's queue and decisions (finance, admin). */
export const kycReviewRoutes: FastifyPluginAsync<{
  review: KycReviewService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { review } = opts
  const common = { tags: ['kyc review'], security: [{ bearer: [] }] }
  const finance = opts.guards.requireRole('finance', 'admin')

  r.get(
    '/admin/kyc',
    {
      onRequest: finance,
      schema: {
        ...common,
        summary: 'Submitted applications, oldest first, with the count in each state',
        operationId: 'listKycQueue',
        response: {
          200: KycQueueSchema,
          ...errors,
        },
      },
    },
    async () => review.queue(),
  )

  r.get(
    '/admin/kyc/:id',
    {
      onRequest: finance,
      schema: {
        ...common,
        summary: 'One application with its documents and the applicant’s earlier applications',
        operationId: 'getKycApplication',
        params: z.object({ id: Id }),
        response: {
          200: KycReviewApplicationSchema,
          ...errors,
        },
      },
    },
    async (request) => review.detail(request.params.id),
  )

  r.get(
    '/admin/kyc/:id/documents/:documentId',
    {
      onRequest: finance,
      schema: {
        ...common,
        summary: 'A document of an application, as an attachment',
        operationId: 'downloadKycDocument',
        ...fileAnswer(KYC_FILE_TYPES, 'The document, as an attachment (Content-Disposition).'),
        params: z.object({ id: Id, documentId: Id }),
        response: { 200: z.any().describe('The file (PDF, JPEG or PNG)'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await review.document(request.params.id, request.params.documentId, request.auth!.userId),
      ),
  )

  r.post(
    '/admin/kyc/:id/documents/:documentId/review',
    {
      // docs/product/credit.md (KYC review): judging documents is finance's own work.
      onRequest: opts.guards.requireRole('finance'),
      schema: {
        ...common,
        summary: 'Mark one document accepted, or to be sent again with the reason (finance)',
        description:
          'Finance only (403 FORBIDDEN for anyone else, admin included). Only while the application waits for a decision (409 KYC_NOT_EDITABLE otherwise); a document of another application is 404 NOT_FOUND. To be sent again needs a reason of at most 500 characters, which the farmer reads once the application is sent back (400 VALIDATION_FAILED without it). Marking again replaces the earlier mark. Written to the audit log (kyc.document_review) in the same transaction. Sending the application back asks for every document marked to be sent again; approving is refused while one is (409 KYC_DOCUMENT_TO_RESEND). A new file of that kind from the farmer takes the document’s place.',
        operationId: 'reviewKycDocument',
        params: z.object({ id: Id, documentId: Id }),
        body: KycDocumentReviewSchema,
        response: { 200: KycDocumentSchema, ...errors },
      },
    },
    async (request) =>
      review.reviewDocument(
        request.auth!.userId,
        request.params.id,
        request.params.documentId,
        request.body,
      ),
  )

  // The three decisions: each one transaction with its audit entry (KycReviewService.decide).
  const decisions = [
    {
      path: 'approve',
      operationId: 'approveKycApplication',
      summary: 'Approve with the verified hectares: opens the credit line at the limit they give',
      description:
        'Finance and admin. Only an application waiting for a decision (409 KYC_NOT_EDITABLE); refused while a document is marked to be sent again (409 KYC_DOCUMENT_TO_RESEND) and when the customer already has a credit line (409 CONFLICT: renewal). The farmer is told by SMS.',
      body: ApproveKycSchema,
      decide: review.approve,
    },
    {
      path: 'reject',
      operationId: 'rejectKycApplication',
      summary: 'Reject with a reason and the date from which the farmer may apply again',
      description:
        'Finance and admin. Only an application waiting for a decision (409 KYC_NOT_EDITABLE). The farmer is told by SMS with the date.',
      body: RejectKycSchema,
      decide: review.reject,
    },
    {
      path: 'request-documents',
      operationId: 'requestKycDocuments',
      summary: 'Send the application back for the named documents',
      description:
        'Finance and admin. Only an application waiting for a decision (409 KYC_NOT_EDITABLE). Asks for the documents named and for every document marked to be sent again (with its reason); with neither, 400 VALIDATION_FAILED on documents. The farmer is told by SMS.',
      body: RequestDocumentsSchema,
      decide: review.requestDocuments,
    },
  ] as const
  for (const d of decisions)
    r.post(
      `/admin/kyc/:id/${d.path}`,
      {
        onRequest: finance,
        schema: {
          ...common,
          summary: d.summary,
          description: d.description,
          operationId: d.operationId,
          params: z.object({ id: Id }),
          body: d.body,
          response: { 200: Decided, ...errors },
        },
      },
      async (request) =>
        (
          d.decide as (
            actor: number,
            id: number,
            input: unknown,
          ) => Promise<z.infer<typeof Decided>>
        )(request.auth!.userId, request.params.id, request.body),
    )
}
