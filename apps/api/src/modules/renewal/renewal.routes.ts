import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LOCALES } from '@padi/domain/i18n/locales'
import {
  CreditRenewalAnswerSchema,
  RejectRenewalSchema,
  RenewalQueueSchema,
  RenewalRecordSchema,
  RenewalSubmitSchema,
} from '@padi/domain/credit/renewal-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer } from '../../openapi-document.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import { sendAttachment } from '../files/send-attachment.ts'
import type { RenewalService } from './renewal.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const Params = IdParamsSchema

/** docs/product/credit.md (Renewal): the farmer's renewal and finance's decisions. */
export const renewalRoutes: FastifyPluginAsync<{
  renewals: RenewalService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { renewals } = opts
  const mine = { tags: ['renewal'], security: [{ bearer: [] }] }
  const finance = opts.guards.requireRole('finance', 'admin')

  r.get(
    '/me/credit-renewal',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary:
          'The farmer’s contract renewals (the first is the contract status) and whether one may start',
        operationId: 'getMyCreditRenewal',
        response: { 200: CreditRenewalAnswerSchema, ...errors },
      },
    },
    async (request) => renewals.status(request.auth!.userId),
  )

  r.post(
    '/me/credit-renewal',
    {
      onRequest: opts.guards.authenticate,
      // A signature of up to 200 KB as base64, and the form.
      bodyLimit: 320 * 1024,
      schema: {
        ...mine,
        summary: 'Sign a contract renewal: dates, the signature drawn on the pad, the terms agreed',
        description:
          'Allowed only when nothing is owed, the current credit is suspended or ended, the user is active and no renewal waits or was rejected before its resubmission date. The signed contract is kept as a PDF with the signature, the time and the device (User-Agent) and address it came from; it takes effect when finance approves it.',
        operationId: 'submitMyCreditRenewal',
        querystring: z.object({
          locale: z.enum(LOCALES).default('en').describe('The contract’s and the SMS’s language'),
        }),
        body: RenewalSubmitSchema,
        response: { 201: RenewalRecordSchema, ...errors, ...errorAnswers(413) },
      },
    },
    async (request, reply) => {
      const record = await renewals.submit(request.auth!.userId, request.body, {
        locale: request.query.locale,
        device: String(request.headers['user-agent'] ?? ''),
        clientIp: request.clientIp,
      })
      return reply.status(201).send(record)
    },
  )

  r.get(
    '/me/credit-renewal/:id/contract',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'The signed renewal contract (PDF), for its farmer, as an attachment',
        operationId: 'downloadMyRenewalContract',
        ...fileAnswer(
          ['application/pdf'],
          'The signed contract, as a PDF attachment (Content-Disposition).',
        ),
        params: Params,
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await renewals.contract(request.params.id, { owner: request.auth!.userId }),
      ),
  )

  const review = { tags: ['renewal review'], security: [{ bearer: [] }] }
  r.get(
    '/admin/renewals',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Renewals waiting for a decision, oldest first, with the count in each status',
        operationId: 'listRenewalQueue',
        response: { 200: RenewalQueueSchema, ...errors },
      },
    },
    async () => renewals.queue(),
  )

  r.get(
    '/admin/renewals/:id/contract',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'A signed renewal contract (PDF), for finance, as an attachment',
        operationId: 'downloadRenewalContract',
        ...fileAnswer(
          ['application/pdf'],
          'The signed contract, as a PDF attachment (Content-Disposition).',
        ),
        params: Params,
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await renewals.contract(request.params.id, { reader: request.auth!.userId }),
      ),
  )

  r.post(
    '/admin/renewals/:id/approve',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Approve a renewal: a new line opens with the same limit, due at the new harvest',
        operationId: 'approveRenewal',
        params: Params,
        response: { 200: RenewalRecordSchema, ...errors },
      },
    },
    async (request) => renewals.approve(request.auth!.userId, request.params.id),
  )

  r.post(
    '/admin/renewals/:id/reject',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Reject a renewal with a reason and the date the farmer may renew again',
        operationId: 'rejectRenewal',
        params: Params,
        body: RejectRenewalSchema,
        response: { 200: RenewalRecordSchema, ...errors },
      },
    },
    async (request) => renewals.reject(request.auth!.userId, request.params.id, request.body),
  )
}
