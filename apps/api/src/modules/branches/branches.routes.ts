import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BranchEditSchema, BranchSchema } from '@padi/domain/branches/schemas'
import { MarketSchema } from '@padi/domain/money-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { BranchEditService } from './branch-edit.service.ts'
import type { BranchesService } from './branches.service.ts'

export const branchesRoutes: FastifyPluginAsync<{
  branches: BranchesService
  edit: BranchEditService
  guards: Guards
  /** The shop's content version now (docs/product/back-office.md, Changes show at once). */
  contentVersion: () => Promise<number>
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // docs/product/back-office.md (Changes show at once): web servers ask this every second or so
  // and drop the pages they keep for visitors when it has moved.
  r.get(
    '/content-version',
    {
      // A web server asks about once a second: ten times that is still a mistake, not a visitor.
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        tags: ['branches'],
        operationId: 'getContentVersion',
        description:
          'A number that grows whenever the back office changes what a visitor sees. An app or page keeps its catalogue answers and asks for them again only once this number has moved.',
        security: [],
        summary: 'A number that moves whenever the back office changes what visitors see',
        response: { 200: z.object({ version: z.number().int() }), ...errorAnswers(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { version: await opts.contentVersion() }
    },
  )

  r.put(
    '/admin/branches/:id',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['back office'],
        operationId: 'editBranch',
        security: [{ bearer: [] }],
        summary: 'Change a branch’s phone, address and opening hours (admin)',
        params: IdParamsSchema,
        body: BranchEditSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await opts.edit.edit(request.auth!.userId, request.params.id, request.body)
      return reply.code(204).send(null)
    },
  )

  r.get(
    '/branches',
    {
      schema: {
        tags: ['branches'],
        operationId: 'listBranches',
        description:
          'Every branch of the market: its names, address, district and state in each language, phone, position (lat, lng), time zone and opening hours for each day of the week, in the branches’ usual order. Sign-up offers them as the preferred branch, checkout for collection.',
        security: [],
        summary: 'List the branches (contact page, sign-up, checkout)',
        querystring: z.object({ market: MarketSchema.optional() }),
        response: {
          200: z.object({ data: z.array(BranchSchema.meta({ id: 'Branch' })) }),
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return { data: await opts.branches.list({ market: request.query.market }) }
    },
  )
}
