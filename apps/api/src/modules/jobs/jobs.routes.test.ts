import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

// docs/reliability.md (Scheduled jobs): two API servers on one database run each scheduled job
// once a period, and an admin sees the jobs and what failed.
describe('scheduled jobs on two servers', () => {
  let t: TestApp
  let b: FastifyInstance
  const tokens = { admin: '', ahmad: '' }
  beforeAll(async () => {
    t = await createTestApp({
      LATE_FEE_INTERVAL_MS: '3600000',
      NOTICE_INTERVAL_MS: '3600000',
      FILE_SWEEP_INTERVAL_MS: '3600000',
    })
    b = await secondInstance(t)
    tokens.admin = (await loginTokens(t.app, '+60120000005')).access_token
    tokens.ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  })
  afterAll(async () => {
    await b.close()
    await t.close()
  })

  const jobStates = async () => {
    const result = (await t.db.db.execute(
      sql`select name, state from pgboss.job where name in ('late-fees', 'notices', 'file-sweep') order by name`,
    )) as unknown as { rows: { name: string; state: string }[] }
    return result.rows
  }

  it('runs late fees, notices and the file sweep once though both servers offer them', async () => {
    const end = Date.now() + 20_000
    while ((await jobStates()).filter((r) => r.state === 'completed').length < 3) {
      if (Date.now() > end) throw new Error(JSON.stringify(await jobStates()))
      await new Promise((r) => setTimeout(r, 200))
    }
    await new Promise((r) => setTimeout(r, 1_500))
    expect(await jobStates()).toEqual([
      { name: 'file-sweep', state: 'completed' },
      { name: 'late-fees', state: 'completed' },
      { name: 'notices', state: 'completed' },
    ])
  })

  it('shows the jobs to an admin through either server, and to no one else', async () => {
    for (const app of [t.app, b]) {
      const res = await app.inject({ url: '/api/v1/admin/jobs', headers: bearer(tokens.admin) })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        jobs: [
          { name: 'file-sweep', every_seconds: 3600, waiting: 0, running: 0 },
          { name: 'late-fees', every_seconds: 3600, waiting: 0, running: 0 },
          { name: 'notices', every_seconds: 3600, waiting: 0, running: 0 },
        ],
        failed: [],
      })
    }
    const customer = await t.app.inject({
      url: '/api/v1/admin/jobs',
      headers: bearer(tokens.ahmad),
    })
    expect(customer.statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/v1/admin/jobs' })).statusCode).toBe(401)
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/jobs/failed/00000000-0000-4000-8000-000000000000/retry',
      headers: bearer(tokens.ahmad),
    })
    expect(forged.statusCode).toBe(403)
  })

  it('answers 404 for a failed run that does not exist and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/jobs/failed/00000000-0000-4000-8000-000000000000/retry',
      headers: bearer(tokens.admin),
    })
    expect(missing.statusCode).toBe(404)
    const malformed = await t.app.inject({
      method: 'POST',
      url: "/api/v1/admin/jobs/failed/1'%20or%201=1/retry",
      headers: bearer(tokens.admin),
    })
    expect(malformed.statusCode).toBe(400)
  })
})
