import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { createTestDatabase, type TestDatabase } from '@padi/db/testing/test-database'
import { startJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.ts'

// docs/reliability.md (Scheduled jobs): one run per period however many servers offer it; a run
// that throws is tried again later and later, then listed for the back office, which can send
// it back.
describe('the job queue', () => {
  let db: TestDatabase
  const queues: JobQueue[] = []
  const log = pino({ level: 'silent' })
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => {
    for (const q of queues) await q.stop()
    await db.drop()
  })
  const start = async (jobs: JobQueueOptions['jobs'], schema: string) => {
    const queue = await startJobQueue({
      database: db.embedded ? { pglite: db.embedded } : { connectionString: db.url! },
      jobs,
      log,
      schema,
      retryLimit: 2,
      retryDelaySeconds: 1,
      pollSeconds: 0.5,
    })
    queues.push(queue)
    return queue
  }
  const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('runs a period’s job once though three servers offer it', async () => {
    const runs: string[] = []
    const servers = ['a', 'b', 'c']
    for (const server of servers)
      await start(
        [
          {
            name: 'late-fees',
            everyMs: 3_600_000,
            run: async () => void runs.push(server),
          },
        ],
        'jobs_once',
      )
    await until(() => runs.length > 0)
    // Every server has offered and polled several times by now.
    await new Promise((r) => setTimeout(r, 2_000))
    expect(runs).toHaveLength(1)
    const rows = await db.db.execute(sql`select state from jobs_once.job where name = 'late-fees'`)
    expect((rows as unknown as { rows: { state: string }[] }).rows).toEqual([
      { state: 'completed' },
    ])
  })

  it('tries a failing run again later and later, lists it with its scrubbed error, and runs it again when sent back', async () => {
    const attempts: number[] = []
    let healthy = false
    const queue = await start(
      [
        {
          name: 'notices',
          everyMs: 3_600_000,
          run: async () => {
            attempts.push(Date.now())
            if (!healthy) throw new Error('gateway refused the SMS to +60123456789')
          },
        },
      ],
      'jobs_retry',
    )
    await until(() => attempts.length === 3)
    // Back-off: 1-2 s before the second try, 2-4 s before the third.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900)
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1_900)
    let overview = await queue.overview()
    await until(async () => (overview = await queue.overview()).failed.length > 0, 5_000)
    expect(overview.failed).toEqual([expect.objectContaining({ job: 'notices', attempts: 3 })])
    const [failed] = overview.failed
    expect(failed!.error).toContain('gateway refused the SMS to')
    expect(failed!.error).not.toContain('60123456789')
    expect(overview.jobs).toEqual([
      {
        name: 'notices',
        every_seconds: 3600,
        waiting: expect.any(Number),
        running: expect.any(Number),
      },
    ])
    // Nothing more is tried on its own.
    await new Promise((r) => setTimeout(r, 1_500))
    expect(attempts).toHaveLength(3)

    healthy = true
    // Sent back by ten admins at once: moved once.
    const moved = await Promise.all(Array.from({ length: 10 }, () => queue.retry(failed!.id)))
    expect(moved.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    await until(() => attempts.length === 4)
    expect((await queue.overview()).failed).toEqual([])
    // Sent back once only.
    expect(await queue.retry(failed!.id)).toBe(0)
  })
})
