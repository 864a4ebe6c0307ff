// What the API benches share: a fresh, migrated, seeded PostgreSQL database of their own, demo
// customers copied from the demo customer, the API started on it (production mode, limits off),
// and the database dropped afterwards.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDb } from '@padi/db/client'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { waitForServer } from './wait-for-server.ts'
import { serverEnv, serverNodeFlags } from './server-memory.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
export const BENCH_BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const BENCH_SECRET = 'bench-secret-that-is-long-enough-0123456789'

/** The URL of the bench's own database `name` on the same server. */
export function benchDbUrl(name: string): string {
  return Object.assign(new URL(BENCH_BASE_URL), { pathname: `/${name}` }).toString()
}

/** A fresh database `name`, migrated and seeded with the demo data. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = benchDbUrl(name)
  const handle = await openDb({ databaseUrl: url, poolSize: 2 })
  await handle.migrate()
  await seedDemoData(handle.db)
  await handle.close()
  return url
}

/** The users table's columns a copied user takes from its original (all but `skip`), quoted. */
export async function userColumns(c: pg.Client, skip: string[]): Promise<string[]> {
  return (
    await c.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_name = 'users' and column_name <> all($1::text[])
         and is_generated = 'NEVER' and identity_generation is null`,
      [skip],
    )
  ).rows.map((r) => `"${r.column_name}"`)
}

/** `count` customers +6019nnnnnnn copied from the demo customer (same password and settings). */
export async function copyDemoCustomers(c: pg.Client, count: number): Promise<void> {
  const cols = await userColumns(c, ['id', 'mobile', 'email'])
  await c.query(
    `insert into users (mobile, email, ${cols.join(', ')})
     select '+6019' || lpad(g::text, 7, '0'), null, ${cols.map((col) => `u.${col}`).join(', ')}
     from users u, generate_series(1, $1::int) g where u.mobile = '+60120000001'`,
    [count],
  )
}

/** The API's settings for a bench: its database, rate limits off, nothing logged or texted. */
export function benchApiEnv(dbUrl: string): NodeJS.ProcessEnv {
  return serverEnv({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    LOGIN_RATE_LIMIT_MAX: '100000000',
    JWT_SECRET: BENCH_SECRET,
    OTP_SECRET: BENCH_SECRET,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    // Measured: the requests. The SMS notice job would text every bench order 'ready'.
    NOTICE_INTERVAL_MS: '0',
  })
}

/** The API on the bench's database, rate limits off; resolves once it answers. */
export function startBenchApi(opts: {
  dbUrl: string
  port: number
  nodeArgs?: string[]
  env?: Record<string, string>
}): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...serverNodeFlags('api'), ...(opts.nodeArgs ?? []), 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: { ...benchApiEnv(opts.dbUrl), API_PORT: String(opts.port), ...opts.env },
      stdio: 'ignore',
    },
  )
  return waitForServer(`http://127.0.0.1:${opts.port}/healthz`).then(() => child)
}

/** Stops the API and drops the database (BENCH_KEEP_DB=1 keeps it for a look afterwards). */
export async function endBench(api: ChildProcess | null, name: string): Promise<void> {
  api?.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL })
  await admin.connect()
  if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
