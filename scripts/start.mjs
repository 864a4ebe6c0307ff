#!/usr/bin/env node
// `npm start`: builds the web app, then runs the API and the web server on the embedded database
// (or DATABASE_URL) with demo data, and stops both cleanly on SIGTERM or Ctrl-C.
import './require-node-24.mjs'
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags, serverEnv } from './server-memory.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = serverEnv({ ...process.env })
env.NODE_ENV ??= 'production'
// Demo mode (docs/product/demo-mode.md) is decided by each server from DEMO_MODE, DATABASE_URL
// and SMS_PROVIDER; this only tells the person at the terminal where the codes are.
const demo =
  env.DEMO_MODE === 'true' ||
  ((env.DEMO_MODE ?? 'auto') === 'auto' &&
    !env.DATABASE_URL &&
    (env.SMS_PROVIDER ?? 'console') === 'console')
if (demo)
  console.log(
    `Demo mode: SMS stay in the outbox; read codes at http://127.0.0.1:${env.API_PORT ?? 3001}/api/v1/dev/sms?to=… (this machine only)`,
  )
// The web server proves itself to the API with this secret, so the API counts each farmer by
// their own address (ADR 018); one is made per start unless set.
env.PROXY_SECRET ??= randomBytes(32).toString('base64url')

// `npm run dev` (NODE_ENV=development): no build; Vite serves the web app from source with hot
// reload and the API restarts when a file it loads changes.
const dev = env.NODE_ENV === 'development'
if (
  !dev &&
  (process.env.SKIP_BUILD !== '1' || !existsSync(`${root}apps/web/build/server/index.js`))
) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const children = []
let stopping = false
function run(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest`)
      stop('SIGTERM', code || 1)
    }
    children.splice(children.indexOf(child), 1)
    if (children.length === 0) process.exit(exitCode)
  })
  children.push(child)
}

let exitCode = 0
function stop(signal, code = 0) {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const child of children) child.kill(signal)
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL')
    process.exit(code || 1)
  }, 15_000).unref()
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGTERM'))

// Node 24 runs the API's TypeScript itself (type stripping): no loader held in the process.
run('api', [...serverNodeFlags('api'), ...(dev ? ['--watch'] : []), 'apps/api/src/server.ts'])
run('web', [...serverNodeFlags('web'), 'apps/web/server.mjs'])
