import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { IdTextSchema, textLine } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OtpVerifySchema, PasswordForgotSchema } from '@padi/domain/auth/schemas'
import { DomainError } from '@padi/domain/errors'
import { LOCALES } from '@padi/domain/i18n/locales'
import { EXTENSION_FILE_LIMITS } from '@padi/domain/credit/late-repayment-rules'
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@padi/domain/auth/rules'
import {
  ExtensionDocumentSchema,
  ExtensionQueueSchema,
  ExtensionSchema,
  ExtensionStatusSchema,
  ExtensionSubmitSchema,
  ExtensionTokenSchema,
  RejectExtensionSchema,
} from '@padi/domain/credit/late-repayment-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer, fileBody } from '../../openapi-document.ts'
import { bearerToken, guard, type Guards } from '../../plugins/authenticate.ts'
import { sendAttachment } from '../files/send-attachment.ts'
import type { LateRepaymentService } from './late-repayment.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const Id = IdTextSchema
const LocaleQuery = z.object({
  locale: z.enum(LOCALES).default('en').describe('The language of the SMS'),
})

declare module 'fastify' {
  interface FastifyRequest {
    extensionUserId?: number
  }
}

/**
 * docs/product/credit.md (Late repayment): reached without logging in. The mobile number and a
 * code sent to it give a token for these calls only (30 minutes); finance decides in its queue.
 */
export const lateRepaymentRoutes: FastifyPluginAsync<{
  lateRepayment: LateRepaymentService
  guards: Guards
  authRateLimit: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { lateRepayment } = opts
  const limited = { rateLimit: { max: opts.authRateLimit, timeWindow: 60_000 } }
  const open = { tags: ['late repayment'], security: [] }
  const farmer = { tags: ['late repayment'], security: [{ bearer: [] }] }
  const finance = opts.guards.requireRole('finance', 'admin')
  const extensionToken = guard(
    {
      credential: 'late-repayment',
      says: 'the late-repayment token from POST /api/v1/late-repayment/verify',
    },
    async (request: FastifyRequest) => {
      const token = bearerToken(request)
      if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required')
      request.extensionUserId = await lateRepayment.authenticate(token)
    },
  )

  app.addContentTypeParser(
    ['application/octet-stream', 'application/pdf', 'image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit: EXTENSION_FILE_LIMITS.fileBytes + 1024 },
    (_request, body, done) => done(null, body),
  )

  r.post(
    '/late-repayment/code',
    {
      config: limited,
      schema: {
        ...open,
        summary: 'Send a code to the mobile number (same answer for numbers without an account)',
        operationId: 'requestLateRepaymentCode',
        description: `A farmer who cannot repay on time starts without logging in: a code (${OTP_LENGTH} digits, valid ${OTP_TTL_MS / 60_000} minutes) goes by SMS to the mobile number if it has an account; a number without one gets the same answer and no SMS.`,
        querystring: LocaleQuery,
        body: PasswordForgotSchema,
        response: {
          200: z.object({
            statusCode: z.number().int(),
            message: z.string(),
            preAuthSessionId: z.string(),
            deviceId: z.string(),
          }),
          ...errors,
          ...errorAnswers(429),
        },
      },
    },
    async (request) =>
      lateRepayment.requestCode(request.body.mobile, {
        clientIp: request.clientIp,
        locale: request.query.locale,
      }),
  )

  r.post(
    '/late-repayment/verify',
    {
      config: limited,
      schema: {
        ...open,
        summary: 'Check the code; answers a token for the late-repayment calls only',
        operationId: 'verifyLateRepaymentCode',
        description: `Checks the code (void after ${OTP_MAX_ATTEMPTS} wrong tries) and answers a short-lived token that opens the late-repayment calls of that account only (getLateRepayment, submitLateRepayment, their documents), and nothing else.`,
        body: OtpVerifySchema,
        response: { 200: ExtensionTokenSchema, ...errors, ...errorAnswers(429) },
      },
    },
    async (request) => lateRepayment.verify(request.body),
  )

  r.get(
    '/late-repayment',
    {
      onRequest: extensionToken,
      schema: {
        ...farmer,
        summary: 'The dates in force, the window for applying and the farmer’s applications',
        operationId: 'getLateRepayment',
        response: { 200: ExtensionStatusSchema, ...errors },
      },
    },
    async (request) => lateRepayment.status(request.extensionUserId!),
  )

  r.post(
    '/late-repayment/documents',
    {
      onRequest: extensionToken,
      config: limited,
      schema: {
        ...farmer,
        summary: 'Send one supporting document (the body): PDF, JPEG or PNG, at most 8 MB',
        operationId: 'uploadLateRepaymentDocument',
        ...fileBody(
          ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'],
          EXTENSION_FILE_LIMITS.fileBytes,
          'One supporting document: a PDF, JPEG or PNG, judged by its content.',
        ),
        querystring: z.object({ name: textLine().max(200).default('') }),
        response: {
          201: ExtensionDocumentSchema,
          ...errors,
          ...errorAnswers(413, 415, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const doc = await lateRepayment.uploadDocument(
        request.extensionUserId!,
        request.query.name,
        bytes,
      )
      return reply.status(201).send(doc)
    },
  )

  r.post(
    '/late-repayment',
    {
      onRequest: extensionToken,
      schema: {
        ...farmer,
        summary: 'Apply to move the planting and harvest dates (inside the window)',
        operationId: 'submitLateRepayment',
        querystring: LocaleQuery,
        body: ExtensionSubmitSchema,
        response: { 201: ExtensionSchema, ...errors, ...errorAnswers(413) },
      },
    },
    async (request, reply) => {
      const application = await lateRepayment.submit(
        request.extensionUserId!,
        request.body,
        request.query.locale,
      )
      return reply.status(201).send(application)
    },
  )

  const review = { tags: ['late repayment review'], security: [{ bearer: [] }] }
  const Params = z.object({ id: Id })
  r.get(
    '/admin/late-repayments',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Late-repayment applications waiting, oldest first, with the count in each status',
        operationId: 'listLateRepaymentQueue',
        response: { 200: ExtensionQueueSchema, ...errors },
      },
    },
    async () => lateRepayment.queue(),
  )

  r.get(
    '/admin/late-repayments/:id/documents/:documentId',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'A supporting document, for finance, as an attachment',
        operationId: 'downloadLateRepaymentDocument',
        ...fileAnswer(
          ['application/pdf', 'image/jpeg', 'image/png'],
          'The document, as an attachment (Content-Disposition).',
        ),
        params: z.object({ id: Id, documentId: Id }),
        response: { 200: z.any().describe('The file (PDF, JPEG or PNG)'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await lateRepayment.document(
          request.params.id,
          request.params.documentId,
          request.auth!.userId,
        ),
      ),
  )

  r.post(
    '/admin/late-repayments/:id/approve',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Approve: the line’s planting, harvest and due dates move to the new ones',
        operationId: 'approveLateRepayment',
        params: Params,
        response: { 200: ExtensionSchema, ...errors },
      },
    },
    async (request) => lateRepayment.approve(request.auth!.userId, request.params.id),
  )

  r.post(
    '/admin/late-repayments/:id/reject',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Reject with the reason the farmer is told',
        operationId: 'rejectLateRepayment',
        params: Params,
        body: RejectExtensionSchema,
        response: { 200: ExtensionSchema, ...errors },
      },
    },
    async (request) =>
      lateRepayment.reject(request.auth!.userId, request.params.id, request.body.reason),
  )
}
