// Starts the real API and web servers for the browser tests on a database of their own: a fresh
// PostgreSQL database when DATABASE_URL is set, else a fresh PGlite folder. Dropped on exit.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase } from '@padi/db/testing/test-database'
import { serverNodeFlags, serverEnv } from '../../scripts/server-memory.mjs'
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

const env: NodeJS.ProcessEnv = serverEnv({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  API_PORT: String(E2E_API_PORT),
  PORT: String(E2E_WEB_PORT),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  // Tests must not reach the internet: no map tiles.
  MAP_TILE_URL: '',
  INTEREST_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
  // The browser tests read codes from the SMS outbox of this production build (demo mode, which
  // PostgreSQL would otherwise turn off), and sign up many numbers from one address.
  DEMO_MODE: 'true',
  // The web server proves itself to the API with this, so the API believes its X-Forwarded-For.
  PROXY_SECRET: 'e2e-proxy-secret-that-is-long-enough-0123456789',
  OTP_SENDS_PER_IP: '1000',
  // A short resend cool-down keeps the tests quick; its 429 path is tested in the API tests.
  OTP_RESEND_COOLDOWN_SECONDS: '1',
  OTP_SENDS_GLOBAL: '10000',
  AUTH_RATE_LIMIT_MAX: '1000',
  LOGIN_RATE_LIMIT_MAX: '1000',
  // Access tokens live 10 min 2 s: fresh after login, inside the 10-minute refresh window 2 s
  // later, so the refresh-before-expiry test waits 2 s rather than needing clock tricks.
  // (bench:ssr sets the default, 900 s: its logged-in customer keeps one cookie for the run.)
  ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '602',
  SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
  JWT_SECRET: 'e2e-jwt-secret-that-is-long-enough-0123456789',
  // WebAuthn needs a host name, not an IP: the biometric test browses http://localhost.
  WEBAUTHN_RP_ID: 'localhost',
  WEBAUTHN_ORIGINS: `http://localhost:${E2E_WEB_PORT}`,
  OTP_SECRET: 'e2e-otp-secret-that-is-long-enough-0123456789',
})
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
