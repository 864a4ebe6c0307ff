import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { startOfDay } from '@padi/domain/credit/farmer-calendar'
import {
  BranchDaySchema,
  BranchStockSchema,
  CounterCodeInputSchema,
  CounterCodeSchema,
  CounterCustomerSchema,
  CounterPurchaseSchema,
  CounterTransactionSchema,
  VoucherSchema,
} from '@padi/domain/vouchers/voucher-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { Clock } from '../../clock.ts'
import type { CounterService } from './counter.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)

/**
 * docs/product/vouchers.md (a suspended customer; guessing codes): the rules every operation that
 * takes a customer's code follows, in its OpenAPI description.
 */
const CODE_RULES =
  'A suspended customer’s code is refused with 409 COUNTER_CUSTOMER_SUSPENDED (checked inside ' +
  'the transaction: a suspension committed first always wins). Unknown or expired codes ' +
  '(QR_NOT_FOUND, QR_EXPIRED) are counted per staff member and per branch ' +
  '(COUNTER_CODE_MISSES_PER_STAFF, COUNTER_CODE_MISSES_PER_BRANCH per ' +
  'COUNTER_CODE_MISS_WINDOW_MS, 10 a minute each by default, across every API instance); past ' +
  'either, every operation that takes a code answers 429 QR_LOOKUP_LIMITED with Retry-After ' +
  'until the window ends, and the refusal is written to the audit log. Codes that are found do ' +
  'not count.'

/**
 * docs/product/vouchers.md: the customer's vouchers, QR code and transactions; the branch
 * counter's lookup, in-person purchase with vouchers, order hand-over and the day's list.
 */
export const counterRoutes: FastifyPluginAsync<{
  counter: CounterService
  guards: Guards
  clock: Clock
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { counter } = opts
  const mine = { tags: ['vouchers'], security: [{ bearer: [] }] }
  const staff = { tags: ['branch counter'], security: [{ bearer: [] }] }
  const customer = opts.guards.requireRole('customer')
  const operator = opts.guards.requireRole('staff')

  r.get(
    '/me/counter-code',
    {
      onRequest: customer,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        ...mine,
        summary: 'A fresh code for the customer’s QR page: lives 90 s, refresh every 60 s',
        operationId: 'getMyCounterCode',
        response: { 200: CounterCodeSchema, ...errors, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return counter.issueCode(request.auth!.userId)
    },
  )

  r.get(
    '/me/vouchers',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'The customer’s vouchers (active, redeemed, expired), soonest to expire first',
        operationId: 'listMyVouchers',
        response: { 200: z.object({ data: z.array(VoucherSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await counter.myVouchers(request.auth!.userId) }),
  )

  r.get(
    '/me/transactions',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...mine,
        summary: 'The customer’s transactions at branch counters, newest first',
        operationId: 'listMyTransactions',
        querystring: z.object({
          since: z.iso
            .datetime()
            .optional()
            .describe('Only those made after this instant (the QR page asks for new sales)'),
        }),
        response: { 200: z.object({ data: z.array(CounterTransactionSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const since = request.query.since ? new Date(request.query.since) : undefined
      return { data: await counter.mine(request.auth!.userId, since) }
    },
  )

  r.post(
    '/staff/counter/lookup',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'The customer a scanned or typed code names, with vouchers and pickup orders here',
        description: CODE_RULES,
        operationId: 'counterLookup',
        body: CounterCodeInputSchema,
        response: { 200: CounterCustomerSchema, ...errors, ...errorAnswers(410, 429) },
      },
    },
    async (request) => counter.lookup(request.auth!.userId, request.body),
  )

  r.post(
    '/staff/counter/purchases',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'Sell branch stock in person: vouchers in full, the rest in cash (exactly once)',
        description: CODE_RULES,
        operationId: 'counterPurchase',
        headers: IdempotencyHeaders,
        body: CounterPurchaseSchema,
        response: { 201: CounterTransactionSchema, ...errors, ...errorAnswers(410, 422, 429) },
      },
    },
    async (request, reply) => {
      const done = await counter.purchase(
        request.auth!.userId,
        request.headers['idempotency-key'],
        request.body,
      )
      return reply.status(201).send(done)
    },
  )

  r.post(
    '/staff/counter/orders/:id/hand-over',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'Hand over a pickup order: an unpaid cash order is paid and completed',
        description: CODE_RULES,
        operationId: 'counterHandOver',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: CounterCodeInputSchema,
        response: { 200: CounterTransactionSchema, ...errors, ...errorAnswers(410, 429) },
      },
    },
    async (request) => counter.handOver(request.auth!.userId, request.params.id, request.body),
  )

  r.get(
    '/staff/counter/stock',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'The branch’s packs in stock, at the catalogue’s prices, for an in-person sale',
        operationId: 'counterBranchStock',
        response: { 200: BranchStockSchema, ...errors },
      },
    },
    async (request) => counter.stock(request.auth!.userId),
  )

  r.get(
    '/staff/counter/transactions',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'The branch’s counter transactions of a day (default today), with the totals',
        operationId: 'counterBranchDay',
        querystring: z.object({
          date: z.iso.date().optional().describe('YYYY-MM-DD in Malaysia’s calendar'),
        }),
        response: { 200: BranchDaySchema, ...errors },
      },
    },
    async (request) => {
      const day =
        request.query.date ??
        new Date(opts.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
      return counter.branchDay(request.auth!.userId, startOfDay(day, 'MYR'))
    },
  )
}
