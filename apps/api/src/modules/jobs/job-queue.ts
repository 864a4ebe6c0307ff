import type { FastifyBaseLogger } from 'fastify'
import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss'
import { scrubText } from '@padi/domain/privacy/scrub-personal-data'
import type { FailedJob, JobName, JobsOverview } from '@padi/domain/jobs/schemas'

/** Where a job goes when its last retry failed; nothing works it: admins look and retry. */
export const DEAD_LETTER_QUEUE = 'failed-jobs'
const FAILED_KEPT_SECONDS = 30 * 86_400

export type ScheduledJob = {
  name: JobName
  /** One run per this period across every server that shares the database. */
  everyMs: number
  /** Throws to be tried again (with back-off); what it answers is kept with the finished job. */
  run: () => Promise<object | void>
}

export type JobQueueOptions = {
  database: { connectionString: string } | { pglite: PGliteLike }
  jobs: ScheduledJob[]
  log: FastifyBaseLogger
  /** pg-boss keeps its tables in this schema (tests use their own). */
  schema?: string
  retryLimit: number
  retryDelaySeconds: number
  /** How often an idle worker asks for work. */
  pollSeconds?: number
}

export type JobQueue = {
  overview: () => Promise<JobsOverview>
  /** Moves failed jobs back to their queue to run again; answers how many moved. */
  retry: (id: string) => Promise<number>
  stop: () => Promise<void>
}

/**
 * docs/reliability.md (Scheduled jobs): late fees, notices, the file sweep and SMS retries run on
 * pg-boss in the shop's own database. Every server offers each job once per period with the
 * job's name as a throttle key: the database takes the first offer of a period and drops the rest,
 * so a period gets one run however many servers there are; one worker claims it (SKIP LOCKED). A
 * run that throws is tried again after 30 s, 60 s, 120 s… (at most 15 min) and, after the last
 * try, is copied to the failed-jobs queue, which no worker reads: the back office lists it and
 * can send it back. A server killed during a run leaves its job active until it expires; then
 * it is tried again (every job is safe to run twice: docs/product/credit.md, notices.md).
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options
  const boss = new PgBoss({
    ...('connectionString' in options.database
      ? { connectionString: options.database.connectionString, max: 3 }
      : { db: fromPglite(options.database.pglite), backend: 'pglite' as const }),
    schema: options.schema ?? 'pgboss',
    application_name: 'padi-jobs',
    // Cron schedules are not used: the periods below come from the servers' settings.
    schedule: false,
  })
  let lastError = 0
  boss.on('error', (error) => {
    // The database away makes every poll fail; one line a minute says so.
    if (Date.now() - lastError < 60_000) return
    lastError = Date.now()
    log.warn({ err: error }, 'job queue error')
  })
  await boss.start()
  await boss.createQueue(DEAD_LETTER_QUEUE, {
    retentionSeconds: FAILED_KEPT_SECONDS,
    deleteAfterSeconds: FAILED_KEPT_SECONDS,
  })
  const queueOptions = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 900,
    // A run on a server that died is taken again once this passes.
    expireInSeconds: 1_800,
    deadLetter: DEAD_LETTER_QUEUE,
  }
  const timers: NodeJS.Timeout[] = []
  for (const job of options.jobs) {
    await boss.createQueue(job.name, queueOptions)
    // A queue made by an earlier version keeps its settings unless told.
    await boss.updateQueue(job.name, queueOptions)
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollSeconds ?? 2 },
      async ([claimed]) => {
        try {
          return (await job.run()) ?? {}
        } catch (error) {
          log.error(
            { err: error, job: job.name, attempt: (claimed?.retryCount ?? 0) + 1 },
            'job failed',
          )
          // What the back office shows: the root cause's words, not a wrapper's statement text
          // and values (the full error is in the log above).
          throw new Error(rootMessage(error))
        }
      },
    )
    const seconds = Math.max(1, Math.ceil(job.everyMs / 1000))
    const offer = () => {
      boss
        .sendThrottled(job.name, {}, null, seconds, job.name)
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job not offered'))
    }
    offer()
    const timer = setInterval(offer, job.everyMs)
    timer.unref()
    timers.push(timer)
  }
  const periods = new Map(options.jobs.map((job) => [job.name, job.everyMs]))
  return {
    async overview() {
      const queues = await boss.getQueues([...periods.keys()])
      const failed = await boss.findJobs<object>(DEAD_LETTER_QUEUE, { queued: true, limit: 200 })
      return {
        // By name, so the list does not depend on the order modules are registered in.
        jobs: [...periods]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, everyMs]) => {
            const queue = queues.find((q) => q.name === name)
            return {
              name,
              every_seconds: Math.max(1, Math.ceil(everyMs / 1000)),
              waiting: queue?.queuedCount ?? 0,
              running: queue?.activeCount ?? 0,
            }
          }),
        failed: failed
          .map((job): FailedJob => ({
            id: job.id,
            job: job.sourceName ?? '',
            attempts: (job.sourceRetryCount ?? 0) + 1,
            // The message only, never a stack; scrubbed like every error report.
            error: scrubText(readMessage(job.sourceOutput)).slice(0, 500),
            first_tried_at: new Date(job.sourceCreatedOn ?? job.createdOn).toISOString(),
            failed_at: new Date(job.createdOn).toISOString(),
          }))
          .reverse(),
      }
    },
    retry: (id) => boss.redrive(DEAD_LETTER_QUEUE, { ids: [id] }),
    async stop() {
      for (const timer of timers) clearInterval(timer)
      // A run in progress may finish (up to 10 s); one cut short is taken again later.
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}

function rootMessage(error: unknown): string {
  let e = error
  for (let depth = 0; depth < 10 && e instanceof Error && e.cause instanceof Error; depth++)
    e = e.cause
  return e instanceof Error ? e.message : String(e)
}

function readMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message)
  return typeof output === 'string' ? output : 'unknown error'
}
