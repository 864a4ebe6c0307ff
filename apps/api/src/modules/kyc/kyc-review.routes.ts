import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema, textLine } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { KYC_APPLICATION_STATES } from '@padi/domain/kyc/kyc-application'
import {
  ApproveKycSchema,
  AuditLogSchema,
  KycQueueSchema,
  KycReviewApplicationSchema,
  RejectKycSchema,
  RequestDocumentsSchema,
} from '@padi/domain/kyc/kyc-schemas'
import { errorAnswers } from '../../error-schema.ts'
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

  // The three decisions: each one transaction with its audit entry (KycReviewService.decide).
  const decisions = [
    {
      path: 'approve',
      operationId: 'approveKycApplication',
      summary: 'Approve with the verified hectares: opens the credit line at the limit they give',
      body: ApproveKycSchema,
      decide: review.approve,
    },
    {
      path: 'reject',
      operationId: 'rejectKycApplication',
      summary: 'Reject with a reason and the date from which the farmer may apply again',
      body: RejectKycSchema,
      decide: review.reject,
    },
    {
      path: 'request-documents',
      operationId: 'requestKycDocuments',
      summary: 'Send the application back for the named documents',
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

  r.get(
    '/admin/audit',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        ...common,
        summary: 'The audit log of back-office decisions, newest first (admin)',
        operationId: 'listAuditLog',
        querystring: z.object({
          subject_type: textLine().max(50).optional(),
          subject_id: Id.optional(),
          actor_id: Id.optional().describe('Who made the change'),
          action: z
            .string()
            .max(50)
            .regex(/^[a-z_.]+$/)
            .optional()
            .describe('The kind of change, or its start: product. finds every product change'),
          from: z.iso.date().optional().describe('First day (Malaysia time)'),
          to: z.iso.date().optional().describe('Last day (Malaysia time)'),
          before: Id.optional().describe('From the previous page’s next_before'),
        }),
        response: {
          200: AuditLogSchema,
          ...errors,
        },
      },
    },
    async (request) => review.audit(request.query),
  )
}
