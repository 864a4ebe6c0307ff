import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@padi/db/testing/test-database'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { buildApp } from '../src/app.ts'
import { loadApiConfig, type ApiConfig } from '../src/config.ts'

export type TestApp = {
  app: FastifyInstance
  db: TestDatabase
  config: ApiConfig
  close: () => Promise<void>
}

/** The real app on a database of its own (PostgreSQL when DATABASE_URL is set), seeded with demo data. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase()
  await seedDemoData(db.db)
  const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({ config, db })
  await app.ready()
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close()
      await db.drop()
    },
  }
}
