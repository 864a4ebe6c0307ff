import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDb, type DbHandle } from '../client.ts'

export type TestDatabase = DbHandle & { url: string | null; drop: () => Promise<void> }

/**
 * A database of its own for one test file or run (codebase-models 4.4): a fresh PostgreSQL
 * database when DATABASE_URL is set, so runs never disturb each other, otherwise in-memory PGlite.
 * Migrations are applied; nothing is seeded.
 */
export async function createTestDatabase(prefix = 'padi_test'): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    const handle = await openDb({ dataDir: 'memory://' })
    await handle.migrate()
    return { ...handle, url: null, drop: () => handle.close() }
  }
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 })
  await handle.migrate()
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      // A test may already have closed the pool (to see the API without its database).
      await handle.close().catch(() => undefined)
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await c.end()
      }
    },
  }
}
