import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BranchSchema } from '@padi/domain/branches/schemas'
import { MarketSchema } from '@padi/domain/money-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { BranchesService } from './branches.service.ts'

export const branchesRoutes: FastifyPluginAsync<{ branches: BranchesService }> = async (
  app,
  opts,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/branches',
    {
      schema: {
        tags: ['branches'],
        operationId: 'listBranches',
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
