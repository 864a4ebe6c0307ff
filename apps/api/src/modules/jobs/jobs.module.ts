import type { ApiModule } from '../../app-context.ts'
import { startJobQueue, type JobQueue } from './job-queue.ts'
import { jobsRoutes } from './jobs.routes.ts'

/**
 * The job queue and the admin's view of it. Registered last: when the server is ready it starts
 * every job the other modules scheduled (docs/reliability.md, Scheduled jobs).
 */
export const jobsModule: ApiModule = async (v1, { ctx }) => {
  const { config, db } = ctx
  let queue: JobQueue | null = null
  v1.addHook('onReady', async () => {
    const jobs = ctx.scheduled()
    if (jobs.length === 0) return
    queue = await startJobQueue({
      database: db.embedded ? { pglite: db.embedded } : { connectionString: db.connectionString! },
      jobs: [...jobs],
      log: ctx.log,
      retryLimit: config.JOB_RETRY_LIMIT,
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    })
  })
  v1.addHook('onClose', async () => queue?.stop())
  await v1.register(jobsRoutes, { queue: () => queue, guards: ctx.guards })
}
