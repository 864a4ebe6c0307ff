import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
})

/** docs/product/shell.md: GET /healthz answers 200 while the database is reachable, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{
  ping: () => Promise<boolean>
  kind: 'postgres' | 'pglite'
  hidden?: boolean
}> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database are up',
        operationId: 'getHealth',
        description:
          'Answers 200 when the API and its database answer, 503 while the database does not, so a load balancer can take the server out. Takes no input and is never rate limited.',
        security: [],
        // The same check at the root, for load balancers, is left out of the document: one
        // operation, one id.
        hide: opts.hidden ?? false,
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const up = await opts.ping()
      reply.header('cache-control', 'no-store')
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: opts.kind })
    },
  )
}
