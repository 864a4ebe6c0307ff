import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { textBlock, textLine } from '@padi/domain/input-schemas'
import { MoneySchema } from '@padi/domain/money-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { IdempotencyHeaders } from '../../idempotency-header.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { VoucherIssueService } from './voucher-issue.service.ts'

const Row = z.object({
  mobile: textLine().max(30),
  value: textLine().max(20).describe('As typed, e.g. 20 or 20.00'),
  expires_on: textLine()
    .max(10)
    .describe('YYYY-MM-DD: the last day it can be used, in the customer’s market'),
})
const Answer = z.object({
  rows: z.array(
    Row.extend({
      line: z.number().int(),
      ok: z.boolean(),
      problem: z.string().nullable(),
      amount: MoneySchema.nullable().describe(
        'The value in the customer’s currency, once the row names a customer',
      ),
      serial: z.string().nullable().describe('The serial of the voucher this row created'),
    }),
  ),
  valid: z.number().int(),
  rejected: z.number().int(),
  created: z.number().int(),
  serials: z.array(z.string()).optional(),
})
const Body = z
  .object({
    rows: z.array(Row).max(2_000).optional().describe('Rows as data (one voucher: one row)'),
    csv: textBlock().max(200_000).optional().describe('Or a CSV file: mobile,value,expires_on'),
  })
  .refine((b) => Boolean(b.rows?.length || b.csv), { message: 'vouchers.issue.errors.rows' })

/** docs/product/vouchers.md (issuing): finance and admin issue vouchers, with a preview first. */
export const voucherIssueRoutes: FastifyPluginAsync<{
  issue: VoucherIssueService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const finance = opts.guards.requireRole('finance', 'admin')
  const tags = { tags: ['vouchers admin'], security: [{ bearer: [] }] }
  const rowsOf = async (body: z.infer<typeof Body>) =>
    body.csv ? opts.issue.parseCsv(body.csv) : (body.rows ?? [])

  r.post(
    '/admin/vouchers/preview',
    {
      onRequest: finance,
      bodyLimit: 256 * 1024,
      schema: {
        ...tags,
        summary: 'Judge voucher rows (or a CSV file) without creating anything',
        operationId: 'previewVouchers',
        body: Body,
        response: { 200: Answer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => opts.issue.preview(await rowsOf(request.body)),
  )

  r.post(
    '/admin/vouchers',
    {
      onRequest: finance,
      bodyLimit: 256 * 1024,
      schema: {
        ...tags,
        summary: 'Issue vouchers: the good rows are created once per key, the others reported',
        operationId: 'issueVouchers',
        headers: IdempotencyHeaders,
        body: Body,
        response: { 201: Answer, ...errorAnswers(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const done = await opts.issue.issue(
        request.auth!.userId,
        request.headers['idempotency-key'],
        await rowsOf(request.body),
      )
      return reply.status(201).send(done)
    },
  )
}
