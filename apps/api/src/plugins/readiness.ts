import type { FastifyInstance } from 'fastify'
import type { DbHandle } from '@padi/db/client'
import { healthRoutes } from '../modules/health/health.routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz answers 503, so a load balancer sends this server no new requests. */
    drain: () => void
  }
}

/**
 * docs/reliability.md (Rolling restarts): /readyz tells a load balancer this process takes
 * requests; unlike /healthz it does not ask the database, so PostgreSQL away does not take every
 * server out (they answer 503 with Retry-After themselves). /healthz at the root is the same check
 * as /api/v1/healthz, left out of the document (one operation, one id).
 */
export async function registerReadiness(app: FastifyInstance, db: DbHandle) {
  let draining = false
  app.decorate('drain', () => {
    draining = true
  })
  app.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (_r, reply) =>
    reply.status(draining ? 503 : 200).send({ status: draining ? 'stopping' : 'ready' }),
  )
  await app.register(healthRoutes, { ping: db.ping, kind: db.kind, hidden: true })
}
