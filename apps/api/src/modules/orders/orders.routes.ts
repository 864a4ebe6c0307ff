import type { FastifyPluginAsync } from 'fastify'
import { CeremonyOptionsSchema } from '@padi/domain/payment/biometric-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FULFILMENTS, ORDER_STATUSES } from '@padi/domain/orders/order-rules'
import {
  CheckoutQuoteSchema,
  OrderSchema,
  PlaceOrderSchema,
  StockRefusalSchema,
} from '@padi/domain/orders/order-schemas'
import { ErrorResponseSchema, errorAnswers } from '../../error-schema.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { TokenContext } from '../auth/auth.service.ts'
import type { OrdersService } from './orders.service.ts'
import { PLACE_ORDER_EXAMPLES, QUOTE_EXAMPLES } from './order-examples.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)

/**
 * docs/product/orders-and-payments.md (Stock at pickup): a 409 of an order. OUT_OF_STOCK names
 * the branch and the lines it lacks; the other codes carry what errors.md says.
 */
const OrderRefusalSchema = ErrorResponseSchema.extend(StockRefusalSchema.partial().shape).meta({
  id: 'OrderRefusal',
  description:
    'OUT_OF_STOCK: the chosen branch (branch; null for a delivery no branch can make) and each line it lacks, with the count wanted and how many it holds now (lines); variation_ids lists the same packs. CREDIT_INSUFFICIENT: shortfall (amount_minor and currency: how much more credit the order needs) and detail (the same in English words, for a log; an app words it itself in the farmer’s language). CREDIT_UNAVAILABLE, PIN_NOT_SET, CART_EMPTY, NOT_FOR_SALE, IDEMPOTENCY_IN_FLIGHT: the error alone.',
  examples: [
    {
      statusCode: 409,
      code: 'OUT_OF_STOCK',
      message: 'Not enough stock at this branch',
      variation_ids: [214],
      branch: { id: 2, name: { en: 'Jitra', bm: 'Jitra', th: 'จิตรา' } },
      lines: [
        {
          variation_id: 214,
          product_id: 96,
          name: { en: 'GluFos 150SL', bm: 'GluFos 150SL', th: 'GluFos 150SL' },
          variation: { en: '1 L', bm: '1 L', th: '1 ลิตร' },
          count: 2,
          available: 0,
        },
      ],
    },
    {
      statusCode: 409,
      code: 'CREDIT_INSUFFICIENT',
      message: 'Insufficient credit balance',
      shortfall: { amount_minor: 408500, currency: 'MYR' },
      detail: 'You need an additional RM4,085.00 to complete this payment',
    },
  ],
})

export const ordersRoutes: FastifyPluginAsync<{
  orders: OrdersService
  guards: Guards
  rateLimitMax: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { orders } = opts
  const common = { tags: ['orders'], security: [{ bearer: [] }] }

  r.post(
    '/orders',
    {
      // The session is checked by the order's own statement (ADR 040).
      onRequest: opts.guards.tokenOnly,
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        ...common,
        summary: 'Place an order from the ticked lines of the cart (cash or credits)',
        description:
          "One statement, one transaction: prices and stock re-read; stock judged at the chosen branch (pickup) or the branch a delivery ships from BEFORE the PIN, so an order that cannot be had answers 409 OUT_OF_STOCK naming the branch and the lines it lacks and costs no PIN try (a race lost later answers the same); stock taken, credit charged with a guard, the ledger and the order written, the lines taken out of the cart. Idempotency-Key is required: the same key and body within 24 hours answer 200 with the order and charge nothing again (a request sent while the first is being placed waits for it; with webauthn it answers 409); another body answers 422. Keys are per customer. A refused attempt (409 OUT_OF_STOCK, CREDIT_INSUFFICIENT, …) is rolled back with its key, so the key may be sent again, with any body, as a new attempt; only a wrong PIN is kept with its key: sent again with the same key, it is answered the same and counted once. Credits need the PIN (a wrong one answers 403 PIN_INVALID with attempts_left; 5 wrong PINs lock payment for 30 minutes: 423 PIN_LOCKED with locked_until and Retry-After) or webauthn, a device's answer to POST /orders/biometric-options (403 BIOMETRIC_FAILED when it is not good for this order; 423 PIN_LOCKED while the PIN is locked, ADR 060).",
        operationId: 'placeOrder',
        ...PLACE_ORDER_EXAMPLES,
        headers: IdempotencyHeaders,
        body: PlaceOrderSchema,
        response: {
          200: OrderSchema,
          201: OrderSchema,
          ...errors,
          409: OrderRefusalSchema,
          422: ErrorResponseSchema,
          423: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const placed = await orders.place(
        request.auth as TokenContext,
        request.headers['idempotency-key'],
        request.body,
      )
      return reply.status(placed.status).send(placed.order)
    },
  )

  r.post(
    '/orders/biometric-options',
    {
      onRequest: opts.guards.authenticate,
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        ...common,
        summary:
          'A biometric challenge for paying this order with credit (navigator.credentials.get)',
        description:
          "Send the Idempotency-Key and the body POST /orders will get. An order the stock cannot give is refused first (409 OUT_OF_STOCK naming the branch and the lines, as POST /orders): no fingerprint is asked for it. The challenge is bound to that key, that body and the amount priced now; it is used once, within 5 minutes. Answer POST /orders with webauthn instead of pin. 409 BIOMETRIC_NOT_SET_UP when no device is registered. 423 PIN_LOCKED (with locked_until and Retry-After) while the payment PIN is locked: one lock for the money, whatever the factor (ADR 060); POST /orders with webauthn is refused the same way, judged inside the order's transaction.",
        operationId: 'biometricPaymentOptions',
        headers: IdempotencyHeaders,
        body: PlaceOrderSchema,
        response: {
          200: CeremonyOptionsSchema,
          ...errors,
          409: OrderRefusalSchema,
          423: ErrorResponseSchema.describe(
            'PIN_LOCKED: the payment PIN is locked (5 wrong in a row); no device pays meanwhile (ADR 060). locked_until and Retry-After say until when.',
          ),
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) =>
      orders.biometricOptions(
        request.auth!.userId,
        request.headers['idempotency-key'],
        request.body,
      ),
  )

  r.get(
    '/me/checkout',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'What the ticked lines of the cart cost now, and what the credit line lacks',
        description:
          'Priced by the server for the chosen fulfilment (delivery adds the country’s fee). Placing the order prices it again. With it, where the stock is (docs/product/orders-and-payments.md, Stock at pickup): each line with the branches holding its pack, every branch of the country in the customer’s order (their preferred branch, then nearest first) saying whether it holds every line in full and which it lacks, the branch to suggest for collection (the preferred one when it can, else the nearest that can; null when none can) and the branch a delivery would ship from (null: none). A client offers for collection only the branches with holds_all, and asks for no PIN or fingerprint for a choice that cannot be had.',
        operationId: 'quoteCheckout',
        ...QUOTE_EXAMPLES,
        querystring: z.object({ fulfilment: z.enum(FULFILMENTS).default('pickup') }),
        response: { 200: CheckoutQuoteSchema, ...errors },
      },
    },
    async (request) => orders.quote(request.auth!.userId, request.query.fulfilment),
  )

  r.get(
    '/me/orders',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'The logged-in customer’s orders, newest first (the latest 50)',
        operationId: 'listMyOrders',
        querystring: z.object({ status: z.enum(ORDER_STATUSES).optional() }),
        response: { 200: z.object({ data: z.array(OrderSchema) }), ...errors },
      },
    },
    async (request) => ({
      data: await orders.list(request.auth!.userId, request.query.status),
    }),
  )

  r.get(
    '/me/orders/:id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'One of the logged-in customer’s orders, with every field',
        operationId: 'getMyOrder',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => orders.get(request.auth!.userId, request.params.id),
  )
}
