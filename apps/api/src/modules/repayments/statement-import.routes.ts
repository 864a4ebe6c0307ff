import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import {
  ReturnStatementLineSchema,
  StatementCsvMappingListSchema,
  StatementCsvMappingNameSchema,
  StatementCsvMappingSchema,
  StatementImportQuerySchema,
  StatementImportSummarySchema,
  StatementReviewSchema,
} from '@padi/domain/repayments/statement-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileBody } from '../../openapi-document.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import { IMPORT_STATEMENT_EXAMPLES } from './repayment-examples.ts'
import type { StatementImportService } from './statement-import.service.ts'

/** A statement of a month of a busy account stays well under this. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024

/** docs/product/repayments.md (Matching the statement): finance's import and review list. */
export const statementImportRoutes: FastifyPluginAsync<{
  statements: StatementImportService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const finance = opts.guards.requireRole('finance', 'admin')
  const review = { tags: ['repayments review'], security: [{ bearer: [] }] }

  app.addContentTypeParser(
    ['application/xml', 'text/xml', 'text/csv'],
    { parseAs: 'string', bodyLimit: STATEMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )

  r.post(
    '/admin/statements',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary:
          'Import the collecting account’s bank statement (camt.053, or CSV with its bank’s mapping)',
        description:
          'An ISO 20022 camt.053 document, or a bank’s CSV export read through the mapping saved for that bank (`mapping`). Each booked credit is kept once, by the bank’s transaction id: importing the same statement again, or one that overlaps, applies nothing twice. A credit whose text holds the reference of an unpaid QR repayment, for its exact amount and currency, is applied as a repayment at once (late fee, then interest, then principal; the farmer’s SMS); any other credit waits in the review list with its reason. A file that cannot be read as a statement is refused whole (400, statement.errors.unreadable) and changes nothing.',
        operationId: 'importStatement',
        ...IMPORT_STATEMENT_EXAMPLES,
        ...fileBody(
          ['application/xml', 'text/xml', 'text/csv'],
          STATEMENT_MAX_BYTES,
          'The statement: an ISO 20022 camt.053 document, or a CSV export with `mapping` set.',
        ),
        querystring: StatementImportQuerySchema,
        response: { 200: StatementImportSummarySchema, ...errorAnswers(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const body = typeof request.body === 'string' ? request.body : ''
      return (request.headers['content-type'] ?? '').startsWith('text/csv')
        ? opts.statements.importCsv(request.auth!.userId, body, request.query.mapping)
        : opts.statements.importCamt053(request.auth!.userId, body)
    },
  )

  r.get(
    '/admin/statement-mappings',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'The saved CSV mappings, one per bank',
        operationId: 'listStatementMappings',
        response: { 200: StatementCsvMappingListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async () => ({ data: await opts.statements.mappings() }),
  )

  r.put(
    '/admin/statement-mappings/:name',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Save how one bank’s CSV statement is read (a second save replaces the first)',
        operationId: 'saveStatementMapping',
        params: StatementCsvMappingNameSchema,
        body: StatementCsvMappingSchema,
        response: {
          200: StatementCsvMappingSchema.extend({ name: z.string() }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) =>
      opts.statements.saveMapping(request.auth!.userId, request.params.name, request.body),
  )

  r.get(
    '/admin/statement-lines',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Statement credits waiting for finance, oldest first, each with its reason',
        operationId: 'listStatementReview',
        response: { 200: StatementReviewSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async () => ({ data: await opts.statements.review() }),
  )

  r.post(
    '/admin/statement-lines/:id/assign',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Give a credit in review to the farmer it most likely came from',
        description:
          'The farmer is the one the review list suggests, worked out again from the credit (never taken from the request): the amount is repaid on their line (late fee, then interest, then principal), their QR repayment is marked paid when the amounts agree, the decision is audited and the farmer told by SMS. 404 when no farmer can be suggested (return it instead); 409 DECISION_TAKEN when the line was already decided; 409 RECEIPT_EXCEEDS_OWED when it is more than they owe now.',
        operationId: 'assignStatementLine',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await opts.statements.assign(request.auth!.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )

  r.post(
    '/admin/statement-lines/:id/return',
    {
      onRequest: finance,
      schema: {
        ...review,
        summary: 'Return a credit in review to its payer, with the reason',
        description:
          'For money that is not a repayment the shop can place: the line leaves the review list and nothing changes on any credit line; the money goes back through the bank. Audited. 409 DECISION_TAKEN when the line was already decided.',
        operationId: 'returnStatementLine',
        params: IdParamsSchema,
        body: ReturnStatementLineSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await opts.statements.returnLine(request.auth!.userId, request.params.id, request.body)
      return reply.status(204).send(null)
    },
  )
}
