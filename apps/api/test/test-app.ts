import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@padi/db/testing/test-database'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { buildApp } from '../src/app.ts'
import { loadApiConfig, type ApiConfig } from '../src/config.ts'
import type { Clock } from '../src/clock.ts'
import type { SmsProvider } from '../src/modules/sms/sms-provider.ts'

export type TestApp = {
  app: FastifyInstance
  db: TestDatabase
  config: ApiConfig
  close: () => Promise<void>
}

/** The real app on a database of its own (PostgreSQL when DATABASE_URL is set), seeded with demo data. */
/** A clock the test moves by hand (code expiry, lockouts, token lifetimes). */
export function createTestClock(
  start = new Date(),
): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (d) => {
      current = d.getTime()
    },
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  deps: { clock?: Clock; sms?: SmsProvider; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const db = await createTestDatabase()
  await seedDemoData(db.db)
  // Each test app keeps its uploads in a folder of its own, removed when it closes.
  const filesDir = mkdtempSync(join(tmpdir(), 'padi-test-files-'))
  const config = loadApiConfig({
    FILES_DIR: filesDir,
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    OTP_SECRET: 'test-otp-secret-that-is-long-enough-0123456789',
    // Tests run the SMS retry job by hand (app.otp.retryDue) with their own clock.
    SMS_RETRY_INTERVAL_MS: '0',
    // … and the late-fee job (runLateFees) with theirs.
    LATE_FEE_INTERVAL_MS: '0',
    NOTICE_INTERVAL_MS: '0',
    ...env,
  })
  const app = await buildApp({ config, db, ...deps })
  await app.ready()
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close()
      await db.drop()
      rmSync(filesDir, { recursive: true, force: true })
    },
  }
}

/**
 * Another API instance on the same database and settings (docs/reliability.md): for tests of what
 * several instances must share. Closed by the caller.
 */
export async function secondInstance(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db })
  await app.ready()
  return app
}
