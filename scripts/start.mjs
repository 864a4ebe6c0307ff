#!/usr/bin/env node
// `npm start`: builds the web app, then runs the API and the web server on the embedded database
// (or DATABASE_URL) with demo data, and stops both cleanly on SIGTERM or Ctrl-C.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env }
env.NODE_ENV ??= 'production'
// With the console SMS provider the outbox is the only way to read a sign-up code, so the demo
// serves it; a deployment with a real gateway (SMS_PROVIDER=http) does not.
if ((env.SMS_PROVIDER ?? 'console') === 'console' && env.DEV_ENDPOINTS === undefined) {
  env.DEV_ENDPOINTS = 'true'
  console.log('SMS goes to the outbox: read codes at /api/v1/dev/sms?to=… (SMS_PROVIDER=console)')
}

if (process.env.SKIP_BUILD !== '1' || !existsSync(`${root}apps/web/build/server/index.js`)) {
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

run('api', ['--import', 'tsx', 'apps/api/src/server.ts'])
run('web', ['apps/web/server.mjs'])
