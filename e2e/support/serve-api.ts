// Starts the real API alone on a database of its own, seeded with the demo data, for the web's
// route tests (apps/web/app/routes/**/*.test.ts: a page's action or loader called in the test,
// talking to this API): as serve.ts does for the browser tests, a fresh PostgreSQL database when
// DATABASE_URL is set, else a fresh PGlite folder. The port is the first argument. Stops, and
// drops the database, on SIGTERM or when the test process that started it goes (stdin closes).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase } from '@padi/db/testing/test-database'
import { serverNodeFlags } from '../../scripts/server-memory.mjs'
import { e2eServerEnv } from './server-env.ts'

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: serve-api.ts <port>')
const root = fileURLToPath(new URL('../..', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'padi-routes-'))
let dropDb: (() => Promise<void>) | null = null
let databaseUrl = ''
if (process.env.DATABASE_URL) {
  const db = await createTestDatabase('padi_routes')
  await db.close()
  databaseUrl = db.url ?? ''
  dropDb = db.drop
}

const api = spawn(process.execPath, [...serverNodeFlags('api'), 'apps/api/src/server.ts'], {
  cwd: root,
  env: { ...e2eServerEnv(), API_PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'inherit', 'inherit'],
})

let stopping = false
async function stop(code = 0) {
  if (stopping) return
  stopping = true
  if (api.exitCode === null && api.signalCode === null)
    await new Promise<void>((resolve) => {
      api.once('exit', () => resolve())
      api.kill('SIGTERM')
    })
  if (dropDb) await dropDb().catch((e) => console.error('drop failed', e))
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code)
}
api.on('exit', (code) => !stopping && (console.error(`api exited (${code})`), void stop(1)))
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
// The test process holds the other end of stdin: it closing means the tests are over.
process.stdin.on('end', () => void stop())
process.stdin.resume()
