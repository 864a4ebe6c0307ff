import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { JobsOverviewSchema } from '@padi/domain/jobs/schemas'
import { DomainError } from '@padi/domain/errors'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { JobQueue } from './job-queue.ts'

/** docs/reliability.md (Scheduled jobs): the back office's view of the job queue (admin). */
export const jobsRoutes: FastifyPluginAsync<{
  /** Null until the server is ready, and on a server that runs no jobs. */
  queue: () => JobQueue | null
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/admin/jobs',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['back office'],
        operationId: 'listJobs',
        security: [{ bearer: [] }],
        summary: 'Scheduled jobs and the runs that failed every retry, newest first (admin)',
        response: { 200: JobsOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => (await opts.queue()?.overview()) ?? { jobs: [], failed: [] },
  )
  r.post(
    '/admin/jobs/failed/:id/retry',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['back office'],
        operationId: 'retryFailedJob',
        security: [{ bearer: [] }],
        summary: 'Send a failed run back to its queue to run again (admin)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const moved = (await opts.queue()?.retry(request.params.id)) ?? 0
      if (moved === 0) throw new DomainError('NOT_FOUND', 'No such failed job')
      request.log.info({ job: request.params.id, by: request.auth?.userId }, 'failed job retried')
      return reply.status(204).send(null)
    },
  )
}
