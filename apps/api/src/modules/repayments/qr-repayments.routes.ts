import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LOCALES } from '@padi/domain/i18n/locales'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import {
  QrRepaymentRequestSchema,
  QrRepaymentSchema,
} from '@padi/domain/repayments/qr-repayment-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import { CREATE_QR_REPAYMENT_EXAMPLES } from './repayment-examples.ts'
import type { QrRepaymentsService } from './qr-repayments.service.ts'

/** docs/product/repayments.md (Paying by QR): the farmer's QR codes to repay with. */
export const qrRepaymentsRoutes: FastifyPluginAsync<{
  qrRepayments: QrRepaymentsService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { qrRepayments } = opts
  const mine = { tags: ['repayments'], security: [{ bearer: [] }] }

  r.post(
    '/me/qr-repayments',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'Get a QR to repay an amount from any bank app (DuitNow QR or PromptPay)',
        description:
          'The amount as typed, up to what is owed now on the farmer’s credit line, in the line’s currency. The answer is a QR text for the shop’s collecting account in the line’s market (DuitNow QR for ringgit, PromptPay bill payment for baht) carrying the amount and a reference of nine capitals and digits made for this repayment, good for 24 hours. Nothing changes on the line until the money is matched on the bank statement. 409 PAY_BY_QR_UNAVAILABLE where the market has no collecting account; 409 CREDIT_UNAVAILABLE without a line. With an Idempotency-Key (per customer) a retry answers the first QR.',
        operationId: 'createMyQrRepayment',
        ...CREATE_QR_REPAYMENT_EXAMPLES,
        headers: IdempotencyHeaders.partial(),
        body: QrRepaymentRequestSchema.extend({
          locale: z
            .enum(LOCALES)
            .default('en')
            .describe('The language the SMS that the money arrived is sent in'),
        }),
        response: { 201: QrRepaymentSchema, ...errorAnswers(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await qrRepayments.create(
        request.auth!.userId,
        request.body,
        request.headers['idempotency-key'],
      )
      return reply.status(201).send(answer)
    },
  )

  r.get(
    '/me/qr-repayments/:id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'One of the farmer’s repayment QRs, as it stands (open, paid or expired)',
        description: 'Only the farmer’s own: another farmer’s id answers 404.',
        operationId: 'getMyQrRepayment',
        params: IdParamsSchema,
        response: { 200: QrRepaymentSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => qrRepayments.get(request.auth!.userId, request.params.id),
  )
}
