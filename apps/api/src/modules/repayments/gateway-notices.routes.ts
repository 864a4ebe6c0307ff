import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DomainError } from '@padi/domain/errors'
import { errorAnswers } from '../../error-schema.ts'
import { signedJsonBody } from '../../openapi-document.ts'
import type { GatewayPaymentsService } from './gateway-payments.service.ts'
import { OPN_SIGNATURE_HEADERS } from './opn-gateway.ts'
import { RECEIVE_PAYMENT_NOTICE_EXAMPLES } from './repayment-examples.ts'

/** A gateway's notice of one payment is a few kilobytes; this leaves room and no more. */
export const NOTICE_MAX_BYTES = 64 * 1024

/** The shape of an Opn event the shop reads (the document's; the adapter checks it). */
const OPN_EVENT_DOCUMENT = {
  type: 'object',
  required: ['object', 'id', 'key', 'data'],
  // The gateway adds fields of its own; the shop reads only these.
  additionalProperties: true,
  properties: {
    object: { const: 'event' },
    id: {
      type: 'string',
      pattern: '^[a-z]{2,8}_[A-Za-z0-9_]{1,64}$',
      examples: ['evnt_test_5xk2m9q7z1'],
      description: 'The notice’s id (the same in each retry of it)',
    },
    key: {
      type: 'string',
      pattern: '^[a-z_]+(\\.[a-z_]+)+$',
      examples: ['charge.complete'],
      description: 'What happened: only `charge.complete` is acted on',
    },
    created_at: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      description:
        'The charge: `id`, `amount` (minor units), `currency` (thb or myr), `status`, `paid`, `paid_at`, `description`, and `metadata.reference` (the QR repayment’s reference)',
    },
  },
}

/**
 * docs/product/repayments.md (A payment gateway's notice): where a payment gateway runs the
 * collecting account, it tells the shop here the moment the bank confirms a payment.
 */
export const gatewayNoticesRoutes: FastifyPluginAsync<{
  gatewayPayments: GatewayPaymentsService
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // The signature covers the exact bytes sent: the body is kept as bytes, never parsed here.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: NOTICE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )

  r.post(
    '/payment-notifications/:gateway',
    {
      // Refused before the body is read: a notice without its signature.
      onRequest: async (request) => {
        if (OPN_SIGNATURE_HEADERS.some((h) => !request.headers[h.toLowerCase()]))
          throw new DomainError('SIGNATURE_INVALID', 'The notice is not signed')
      },
      schema: {
        tags: ['payment gateway'],
        security: [{ gatewaySignature: [] }],
        summary: 'A payment gateway’s signed notice that the bank confirmed a payment',
        description:
          'Sent by the payment gateway that runs the shop’s collecting account (Opn Payments: `opn`), not by apps. The signature (`Omise-Signature` over `Omise-Signature-Timestamp` and the raw body) is checked before anything in the body is read; a notice signed more than 300 seconds from the shop’s clock is refused (401 SIGNATURE_INVALID), so a kept copy cannot be replayed later. Each payment is kept once by the gateway’s payment id: a notice sent again answers `already_received` and moves nothing. A paid charge whose reference names an unpaid QR repayment, for its exact amount and currency, repays it at once (late fee, then interest, then principal; the farmer’s SMS): `applied`. One the bank statement already repaid is `confirmed`; anything else is `unmatched` and moves nothing (the statement brings it to finance’s review list). Other notices are `ignored`. 404 where no gateway of that name is set up.',
        operationId: 'receivePaymentNotice',
        ...RECEIVE_PAYMENT_NOTICE_EXAMPLES,
        params: z.object({
          gateway: z.enum(['opn']).describe('The gateway: Opn Payments (`opn`)'),
        }),
        ...signedJsonBody(
          NOTICE_MAX_BYTES,
          'The gateway’s event, as it signed it.',
          OPN_EVENT_DOCUMENT,
        ),
        response: {
          200: z
            .object({
              outcome: z
                .enum(['applied', 'confirmed', 'unmatched', 'already_received', 'ignored'])
                .describe('What the notice did'),
            })
            .meta({ id: 'PaymentNoticeAnswer' }),
          ...errorAnswers(400, 401, 404, 413, 415),
        },
      },
    },
    async (request) =>
      opts.gatewayPayments.notice(
        request.params.gateway,
        request.headers,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
  )
}
