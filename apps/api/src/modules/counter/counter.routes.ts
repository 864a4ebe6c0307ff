import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BranchDaySchema,
  BranchStockSchema,
  CounterCodeInputSchema,
  CounterCodeSchema,
  CounterCustomerSchema,
  CounterPurchaseSchema,
  CounterSmsCodeRequestSchema,
  CounterSmsCodeSentSchema,
  CounterTransactionSchema,
  VoucherSchema,
} from '@padi/domain/vouchers/voucher-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { Clock } from '../../clock.ts'
import type { CounterService } from './counter.service.ts'
import {
  COUNTER_CODE_EXAMPLES,
  COUNTER_LOOKUP_EXAMPLES,
  COUNTER_PURCHASE_EXAMPLES,
  MY_VOUCHERS_EXAMPLES,
} from './counter-examples.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)

/**
 * docs/product/vouchers.md (a suspended customer; guessing codes): the rules every operation that
 * takes a customer's code follows, in its OpenAPI description.
 */
const CODE_RULES =
  'The first clerk to find a live, unused code holds it for the customer’s visit: for 15 ' +
  'minutes from then (or until POST /staff/counter/close) it serves that clerk, whatever its own ' +
  'life: look-ups, one sale, and hand-overs also after the sale; to anyone else it answers 409 ' +
  'QR_USED. A suspended customer’s code is refused with 409 COUNTER_CUSTOMER_SUSPENDED (checked inside ' +
  'the transaction: a suspension committed first always wins). Unknown or expired codes ' +
  '(QR_NOT_FOUND, QR_EXPIRED) are counted per staff member and per branch ' +
  '(COUNTER_CODE_MISSES_PER_STAFF, COUNTER_CODE_MISSES_PER_BRANCH per ' +
  'COUNTER_CODE_MISS_WINDOW_MS, 10 a minute each by default, across every API instance); past ' +
  'either, every operation that takes a code answers 429 QR_LOOKUP_LIMITED with Retry-After ' +
  'until the window ends, and the refusal is written to the audit log. Codes that are found do ' +
  'not count.'

/**
 * docs/product/vouchers.md (a code by SMS), ADR 063: the rules of a code sent by SMS at the clerk's
 * request, in its OpenAPI description.
 */
const SMS_RULES =
  'For a customer who cannot show a code (no mobile data): a counter code for the clerk’s branch ' +
  'only, valid 10 minutes, is sent by SMS to the customer’s registered number, in the customer’s ' +
  'language; the clerk then types the 8 digits the customer reads out (lookup, purchases, ' +
  'hand-over, as any code). The answer is 202 and the same whether or not the number belongs to a ' +
  'customer of the branch’s market (only theirs get an SMS), so nothing tells who is registered; ' +
  'a suspended customer’s code is refused where every code is (409 COUNTER_CUSTOMER_SUSPENDED). ' +
  'A number of another country than the branch’s answers 422 COUNTER_SMS_WRONG_MARKET (judged ' +
  'from the number alone). Limits, each 429 with Retry-After: COUNTER_SMS_LIMITED (`limit`: ' +
  'staff, branch or number; COUNTER_SMS_PER_STAFF, COUNTER_SMS_PER_BRANCH, ' +
  'COUNTER_SMS_PER_NUMBER per COUNTER_SMS_WINDOW_MS, 10, 30 and 3 an hour by default, refusals ' +
  'audited) and the caps on codes per number (OTP_COOLDOWN, OTP_SEND_LIMIT). Every send is in the ' +
  'audit log (counter.sms_code_sent).'

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
        ...COUNTER_CODE_EXAMPLES,
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
        ...MY_VOUCHERS_EXAMPLES,
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
        ...COUNTER_LOOKUP_EXAMPLES,
        body: CounterCodeInputSchema,
        response: { 200: CounterCustomerSchema, ...errors, ...errorAnswers(410, 429) },
      },
    },
    async (request) => counter.lookup(request.auth!.userId, request.body),
  )

  r.post(
    '/staff/counter/close',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'Close the customer at this counter: the code the clerk holds serves no more',
        description:
          'docs/product/vouchers.md (the customer’s visit): the first clerk to find a code holds ' +
          'it for the customer’s visit (15 minutes: the sale once, look-ups and hand-overs). ' +
          'Closing ends the visit at once. Always 204: closing a code the clerk does not hold ' +
          'changes nothing and says nothing of it.',
        operationId: 'counterClose',
        body: CounterCodeInputSchema,
        response: { 204: z.null().describe('Closed'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await counter.close(request.auth!.userId, request.body)
      return reply.status(204).send(null)
    },
  )

  r.post(
    '/staff/counter/sms-code',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'Send a customer without mobile data a counter code by SMS, for this branch',
        description: SMS_RULES,
        operationId: 'counterSmsCode',
        body: CounterSmsCodeRequestSchema,
        response: {
          202: CounterSmsCodeSentSchema,
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const sent = await counter.sendCodeBySms(request.auth!.userId, request.body)
      return reply.status(202).send(sent)
    },
  )

  r.post(
    '/staff/counter/purchases',
    {
      onRequest: operator,
      schema: {
        ...staff,
        summary: 'Sell branch stock in person: vouchers in full, the rest in cash (exactly once)',
        description:
          'Prices are the catalogue’s in the branch’s market; the total, the vouchers and the cash ' +
          'are worked out here, never taken from the client. Each voucher must be the customer’s, ' +
          'unused, of the branch’s market and not past its printed day there (valid through the ' +
          'whole of that day, in the market’s time zone): another customer’s, a used or an ' +
          'expired one answer 409 VOUCHER_UNAVAILABLE; the customer’s own voucher of another ' +
          'market answers 422 VOUCHER_OTHER_MARKET (both with `voucher_ids`). Vouchers worth ' +
          'more than the sale answer 422 VOUCHER_EXCEEDS_PURCHASE. With `expected_cash_minor` ' +
          '(the cash the clerk was shown), a different cash figure answers 409 ' +
          'COUNTER_CASH_CHANGED with `total`, `vouchers` and `cash` as worked out here, and ' +
          'nothing is sold. ' +
          CODE_RULES,
        operationId: 'counterPurchase',
        ...COUNTER_PURCHASE_EXAMPLES,
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
          date: z.iso.date().optional().describe('YYYY-MM-DD in the branch’s market’s calendar'),
        }),
        response: { 200: BranchDaySchema, ...errors },
      },
    },
    async (request) => counter.branchDay(request.auth!.userId, request.query.date),
  )
}
