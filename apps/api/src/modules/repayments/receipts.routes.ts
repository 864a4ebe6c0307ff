import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LOCALES } from '@padi/domain/i18n/locales'
import { RECEIPT_MAX_FILE_BYTES, RECEIPT_STATES } from '@padi/domain/repayments/receipt-rules'
import {
  ReceiptListSchema,
  ReceiptQueueSchema,
  ReceiptSchema,
  ReceiptUploadQuerySchema,
  RejectReceiptSchema,
} from '@padi/domain/repayments/receipt-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer, fileBody } from '../../openapi-document.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import { sendAttachment } from '../files/send-attachment.ts'
import type { ReceiptsService } from './receipts.service.ts'
import { UPLOAD_RECEIPT_EXAMPLES } from './receipt-examples.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const Params = IdParamsSchema

/** docs/product/credit.md (Repayment receipts): the farmer's receipts and finance's decisions. */
export const receiptsRoutes: FastifyPluginAsync<{
  receipts: ReceiptsService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { receipts } = opts
  const mine = { tags: ['repayments'], security: [{ bearer: [] }] }
  const finance = opts.guards.requireRole('finance', 'admin')

  // The file is the body (as with KYC documents); a little over the limit is read so the answer
  // can say 'file over 10MB' rather than the server's own refusal.
  app.addContentTypeParser(
    ['application/octet-stream', 'application/pdf', 'image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit: RECEIPT_MAX_FILE_BYTES + 1024 },
    (_request, body, done) => done(null, body),
  )

  r.post(
    '/me/receipts',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'Send a repayment receipt (its one file is the request body)',
        description:
          'Method, bank, amount (more than 0, at most two decimals, not more than the credit used), date and reference in the query; one PNG, JPEG or PDF under 10 MB, judged by its content, as the body. Waits for finance (status pending). With an Idempotency-Key (the customer’s own: keys are per customer), a retry answers 201 with the first receipt (409 while it is under way, 422 if the key was used for another receipt).',
        operationId: 'uploadMyReceipt',
        ...UPLOAD_RECEIPT_EXAMPLES,
        ...fileBody(
          ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'],
          RECEIPT_MAX_FILE_BYTES,
          'The receipt: one PDF, JPEG or PNG, judged by its content.',
        ),
        headers: IdempotencyHeaders.partial(),
        querystring: ReceiptUploadQuerySchema.extend({
          locale: z
            .enum(LOCALES)
            .default('en')
            .describe('The language finance’s decision is sent in by SMS'),
        }),
        response: {
          201: ReceiptSchema,
          ...errors,
          // Too large, not a PDF/JPEG/PNG, refused by the virus scan, scanner not answering.
          ...errorAnswers(413, 415, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const receipt = await receipts.upload(
        request.auth!.userId,
        { ...request.query, bytes },
        request.headers['idempotency-key'],
      )
      return reply.status(201).send(receipt)
    },
  )

  r.get(
    '/me/receipts',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary:
          'The farmer’s repayment receipts, newest first (filter: pending, approved, rejected)',
        operationId: 'listMyReceipts',
        querystring: z.object({ status: z.enum(RECEIPT_STATES).optional() }),
        response: { 200: ReceiptListSchema, ...errors },
      },
    },
    async (request) => ({ data: await receipts.list(request.auth!.userId, request.query.status) }),
  )

  r.get(
    '/me/receipts/:id/file',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'A receipt’s file, for its owner, as an attachment',
        operationId: 'downloadMyReceipt',
        ...fileAnswer(
          ['application/pdf', 'image/jpeg', 'image/png'],
          'The receipt’s file, as an attachment (Content-Disposition).',
        ),
        params: Params,
        response: { 200: z.any().describe('The file (PDF, JPEG or PNG)'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await receipts.file(request.params.id, { owner: request.auth!.userId }),
      ),
  )

  const review = { tags: ['repayments review'], security: [{ bearer: [] }] }
  r.get(
    '/admin/receipts',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Receipts waiting for a decision, oldest first, with the count in each status',
        operationId: 'listReceiptQueue',
        response: { 200: ReceiptQueueSchema, ...errors },
      },
    },
    async () => receipts.queue(),
  )

  r.get(
    '/admin/receipts/:id/file',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'A receipt’s file, for finance, as an attachment',
        operationId: 'downloadReceipt',
        ...fileAnswer(
          ['application/pdf', 'image/jpeg', 'image/png'],
          'The receipt’s file, as an attachment (Content-Disposition).',
        ),
        params: Params,
        response: { 200: z.any().describe('The file (PDF, JPEG or PNG)'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await receipts.file(request.params.id, { reader: request.auth!.userId }),
      ),
  )

  r.post(
    '/admin/receipts/:id/approve',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary:
          'Approve a receipt: the amount is repaid (late fee, then interest, then principal)',
        operationId: 'approveReceipt',
        params: Params,
        response: { 200: ReceiptSchema, ...errors },
      },
    },
    async (request) => receipts.approve(request.auth!.userId, request.params.id),
  )

  r.post(
    '/admin/receipts/:id/reject',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Reject a receipt with the reason the farmer reads',
        operationId: 'rejectReceipt',
        params: Params,
        body: RejectReceiptSchema,
        response: { 200: ReceiptSchema, ...errors },
      },
    },
    async (request) => receipts.reject(request.auth!.userId, request.params.id, request.body),
  )
}
