import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema, textLine } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LOCALES } from '@padi/domain/i18n/locales'
import { KycAnswerSchema, KycDocumentSchema, KycDraftSchema } from '@padi/domain/kyc/kyc-schemas'
import { KYC_DOCUMENT_KINDS, KYC_FILE_TYPES, KYC_LIMITS } from '@padi/domain/kyc/kyc-documents'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer, fileBody } from '../../openapi-document.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import { sendAttachment } from '../files/send-attachment.ts'
import type { KycService } from './kyc.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)

/** docs/product/credit.md (KYC): the farmer's credit application, its documents, its submission. */
export const kycRoutes: FastifyPluginAsync<{ kyc: KycService; guards: Guards }> = async (
  app,
  opts,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { kyc } = opts
  const common = { tags: ['kyc'], security: [{ bearer: [] }] }
  const onRequest = opts.guards.authenticate

  // A document is sent as the request body itself (no multipart), so a phone can send it again
  // alone when the network drops. A little over the limit is read, so that the answer can say
  // 'file size limit exceeded' rather than the server's own refusal.
  app.addContentTypeParser(
    ['application/octet-stream', ...KYC_FILE_TYPES],
    { parseAs: 'buffer', bodyLimit: KYC_LIMITS.maxFileBytes + 1024 },
    (_request, body, done) => done(null, body),
  )

  r.get(
    '/me/kyc',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The farmer’s credit application, what it still needs, and the upload limits',
        operationId: 'getMyKyc',
        response: { 200: KycAnswerSchema, ...errors },
      },
    },
    async (request) => kyc.get(request.auth!.userId),
  )

  r.put(
    '/me/kyc',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Save the answers given so far (a draft; every field optional)',
        description:
          'Starts a draft when there is none. Refused while the application is being reviewed (409 KYC_NOT_EDITABLE), after an approval (409 KYC_ALREADY_APPROVED) and, after a rejection, before can_resubmit_at (409 KYC_RESUBMIT_LATER).',
        operationId: 'saveMyKycDraft',
        body: KycDraftSchema,
        response: { 200: KycAnswerSchema, ...errors },
      },
    },
    async (request) => kyc.saveDraft(request.auth!.userId, request.body),
  )

  r.post(
    '/me/kyc/documents',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Upload one document of the application (the file is the request body)',
        description: `PDF, JPEG or PNG, judged by the content (a name that says otherwise is refused: 415); images are encoded again without their metadata. At most ${KYC_LIMITS.maxFiles} files, ${KYC_LIMITS.maxFileBytes / 2 ** 20} MB each (413), ${KYC_LIMITS.maxTotalBytes / 2 ** 20} MB in all (409 UPLOAD_LIMIT). Every file passes a virus scan first: refused 422 UPLOAD_INFECTED, or 503 UPLOAD_SCAN_UNAVAILABLE when the scanner does not answer (try again). With an Idempotency-Key (one per file the farmer chose), a second try answers the first document (409 while it is under way, 422 if the key was used for another file).`,
        operationId: 'uploadMyKycDocument',
        ...fileBody(
          [...KYC_FILE_TYPES, 'application/octet-stream'],
          KYC_LIMITS.maxFileBytes,
          'One document of the application: a PDF, JPEG or PNG, judged by its content.',
        ),
        headers: IdempotencyHeaders.partial(),
        querystring: z.object({
          kind: z.enum(KYC_DOCUMENT_KINDS),
          name: textLine().max(200).default(''),
        }),
        response: {
          201: KycDocumentSchema,
          ...errors,
          // Too large, not a PDF/JPEG/PNG, refused by the virus scan, scanner not answering.
          ...errorAnswers(413, 415, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const doc = await kyc.upload(
        request.auth!.userId,
        { kind: request.query.kind, fileName: request.query.name, bytes },
        request.headers['idempotency-key'],
      )
      return reply.status(201).send(doc)
    },
  )

  r.get(
    '/me/kyc/documents/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'One of the farmer’s own documents, as an attachment',
        operationId: 'downloadMyKycDocument',
        ...fileAnswer(KYC_FILE_TYPES, 'The document, as an attachment (Content-Disposition).'),
        params: IdParamsSchema,
        response: { 200: z.any().describe('The file (PDF, JPEG or PNG)'), ...errors },
      },
    },
    async (request, reply) => {
      return sendAttachment(reply, await kyc.download(request.auth!.userId, request.params.id))
    },
  )

  r.delete(
    '/me/kyc/documents/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Remove a document from the application while it can be edited',
        operationId: 'deleteMyKycDocument',
        params: IdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await kyc.deleteDocument(request.auth!.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )

  r.post(
    '/me/kyc/submit',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Submit the application for review',
        description:
          'Needs every answer, an identity number right for the farmer’s country, all consents, both sides of the ID, a selfie and at least one farm document; otherwise 400 with the problems as errors (field and catalogue key).',
        operationId: 'submitMyKyc',
        querystring: z.object({
          locale: z
            .enum(LOCALES)
            .optional()
            .describe(
              'The language finance’s decision is sent in by SMS (else the one given before, else en)',
            ),
        }),
        response: { 200: KycAnswerSchema, ...errors },
      },
    },
    async (request) => kyc.submit(request.auth!.userId, request.query.locale),
  )
}
