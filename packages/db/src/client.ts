import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type DbHandle = {
  db: Db
  kind: 'postgres' | 'pglite'
  /**
   * Runs a statement that a hot path runs again and again with other values (see
   * preparedStatements). Answers its rows.
   */
  prepared: <T>(query: SQL) => Promise<T[]>
  /** PostgreSQL only: where it is (the job queue opens a few connections of its own). */
  connectionString?: string
  /** PGlite only: the embedded database itself (the job queue shares its one connection). */
  embedded?: PGlite
  /** PGlite only: the whole data directory as a tar file. */
  dump?: () => Promise<Blob>
  migrate: () => Promise<void>
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url))

export type DbOptions = {
  /** PostgreSQL when set (ADR 002). */
  databaseUrl?: string | undefined
  /** Embedded PGlite keeps its files under DATA_DIR/pglite; 'memory://' keeps nothing. */
  dataDir?: string | undefined
  poolSize?: number
  /** PGlite only: start from this dump of a data directory (tests copy one migrated database). */
  loadDataDir?: Blob
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 })
    // An idle connection that the server closes (restart, failover, DROP DATABASE) emits 'error'
    // on the pool; without a listener that would crash the process. The next query reconnects.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01')
        console.error('database pool error', error.message)
    })
    // A connection lost while a request holds it (the backend killed, the server restarted in
    // the middle of a payment) fails that request's query; without a listener the client's own
    // 'error' event would also crash the whole process. The pool drops the client on release.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error('database connection lost', error.message))
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      prepared: preparedStatements(pool),
      migrate: () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        try {
          await pool.query('select 1')
          return true
        } catch {
          return false
        }
      },
      close: () => pool.end(),
    }
  }
  const dataDir = options.dataDir ?? 'memory://'
  let path = dataDir
  if (!dataDir.startsWith('memory://')) {
    path = join(dataDir, 'pglite')
    mkdirSync(path, { recursive: true })
  }
  const client = await PGlite.create(path, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    embedded: client,
    // One connection in this process: nothing to gain from naming statements.
    prepared: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    dump: () => client.dumpDataDir('none'),
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      try {
        await client.query('select 1')
        return true
      } catch {
        return false
      }
    },
    close: () => client.close(),
  }
}

/** Distinct statement texts given a name; beyond this, statements run unnamed (as before). */
const PREPARED_NAMES_MAX = 500
const dialect = new PgDialect()

/**
 * Named prepared statements, one name per distinct statement text. PostgreSQL then parses each
 * statement once per connection and, once it has seen that a generic plan costs no more than the
 * values' own plans, stops planning it at all. Planning a catalogue search at 100,000 products
 * cost more than running it (docs/performance.md); the values stay parameters, so this changes
 * nothing about what runs. The texts come from a bounded set of shapes (which filters, which
 * order, how many spellings); the cap keeps a bug in that from growing every connection's memory.
 */
function preparedStatements(pool: pg.Pool) {
  const names = new Map<string, string>()
  return async <T>(query: SQL): Promise<T[]> => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    let name = names.get(text)
    if (!name && names.size < PREPARED_NAMES_MAX) names.set(text, (name = `padi_${names.size}`))
    const result = await pool.query({ ...(name ? { name } : {}), text, values: params })
    return result.rows as T[]
  }
}
