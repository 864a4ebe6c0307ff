// Starts the real API and web servers for the browser tests on a database of their own: a fresh
// PostgreSQL database when DATABASE_URL is set, else a fresh PGlite folder. Dropped on exit.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase } from '@padi/db/testing/test-database'
import { serverNodeFlags } from '../../scripts/server-memory.mjs'
import { e2eServerEnv } from './server-env.ts'
import { E2E_API_PORT, E2E_WEB_PORT } from './ports.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'padi-e2e-'))
let dropDb: (() => Promise<void>) | null = null
let databaseUrl = ''
if (process.env.DATABASE_URL) {
  const db = await createTestDatabase('padi_e2e')
  await db.close()
  databaseUrl = db.url ?? ''
  dropDb = db.drop
}

const env: NodeJS.ProcessEnv = {
  ...e2eServerEnv(),
  API_PORT: String(E2E_API_PORT),
  PORT: String(E2E_WEB_PORT),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
}
const children: ChildProcess[] = [
  // As `npm start` runs it: Node 24 strips the types itself.
  spawn(process.execPath, [...serverNodeFlags('api'), 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [...serverNodeFlags('web'), 'apps/web/server.mjs'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
]

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) =>
          c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM')),
        ),
    ),
  )
  if (dropDb) await dropDb().catch((e) => console.error('drop failed', e))
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
for (const c of children)
  c.on('exit', (code) => !stopping && (console.error(`server exited (${code})`), void stop()))
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
