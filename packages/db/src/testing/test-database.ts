import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { MIGRATIONS_FOLDER, openDb, type DbHandle } from '../client.ts'

export type TestDatabase = DbHandle & { url: string | null; drop: () => Promise<void> }

/** A short fingerprint of every migration file: a new migration means a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, name.name)
      if (name.isDirectory()) walk(path)
      else hash.update(name.name).update(readFileSync(path))
    }
  }
  walk(MIGRATIONS_FOLDER)
  return hash.digest('hex').slice(0, 12)
}

const TEMPLATE_LOCK = 7_531_001

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The migrated, empty database every test database is copied from (ADR 021). Made once per set
 * of migrations under an advisory lock, built under another name and renamed when complete, so a
 * half-migrated template is never copied; templates of older migrations are dropped.
 */
async function ensureTemplate(baseUrl: string): Promise<string> {
  const template = `padi_tpl_${migrationsHash()}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    const found = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (found.rowCount === 0) {
      const building = `${template}_building`
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
      await admin.query(`CREATE DATABASE "${building}"`)
      const handle = await openDb({ databaseUrl: databaseUrl(baseUrl, building), poolSize: 2 })
      try {
        await handle.migrate()
      } finally {
        await handle.close()
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`)
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'padi\\_tpl\\_%' and datname <> $1`,
        [template],
      )
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
    return template
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined)
    await admin.end()
  }
}

/** A migrated PGlite data directory as a tar file, made once per set of migrations. */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `padi-pglite-${migrationsHash()}.tar`)
  if (!existsSync(file)) {
    const handle = await openDb({ dataDir: 'memory://' })
    await handle.migrate()
    const dump = await handle.dump!()
    await handle.close()
    // Written aside and renamed, so a parallel test file never reads half a dump.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

/**
 * A database of its own for one test file or run: a copy of the migrated template database when
 * DATABASE_URL is set (so runs never disturb each other), otherwise in-memory PGlite loaded from a
 * migrated dump. Migrations run once per set of migrations, not once per test file. Nothing is
 * seeded.
 */
export async function createTestDatabase(prefix = 'padi_test'): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    const handle = await openDb({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() })
    return { ...handle, url: null, drop: () => handle.close() }
  }
  const template = await ensureTemplate(baseUrl)
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    // Copies from one template may collide with each other for a moment: try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
        break
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)))
      }
    }
  } finally {
    await admin.end()
  }
  const url = databaseUrl(baseUrl, name)
  const handle = await openDb({ databaseUrl: url, poolSize: 10 })
  return {
    ...handle,
    url,
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
