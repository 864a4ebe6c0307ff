#!/usr/bin/env node
// `npm run start:cluster`: two API and two web servers behind HAProxy (Debian's package), on
// PostgreSQL and Redis, as docs/reliability.md (Two of everything) describes. PORT (3000) and
// API_PORT (3001) are HAProxy's; the servers listen on CLUSTER_PORT_BASE (PORT + 100) and the
// next ports (web servers first). A server that dies is started again; SIGUSR2 restarts them one at a time (a
// rolling deploy); SIGTERM or Ctrl-C stops everything. CLUSTER_STATE_FILE (DATA_DIR/cluster.json)
// names each server's process and port, for the fault tests.
import './require-node-24.mjs'
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags, serverEnv } from './server-memory.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = serverEnv({ ...process.env })
env.NODE_ENV ??= 'production'
const fail = (message) => {
  console.error(message)
  process.exit(1)
}
if (!env.DATABASE_URL)
  fail('start:cluster needs DATABASE_URL (PostgreSQL): two servers cannot share the embedded one.')
env.REDIS_URL ??= 'redis://127.0.0.1:6379'
const haproxy = env.HAPROXY_BIN ?? '/usr/sbin/haproxy'
if (!existsSync(haproxy)) fail(`HAProxy not found at ${haproxy}: apt-get install -y haproxy`)

const host = env.HOST ?? '127.0.0.1'
const front = { web: Number(env.PORT ?? 3000), api: Number(env.API_PORT ?? 3001) }
const base = Number(env.CLUSTER_PORT_BASE ?? front.web + 100)
const dataDir = resolve(env.DATA_DIR ?? join(root, '.data'))
mkdirSync(dataDir, { recursive: true })
const stateFile = env.CLUSTER_STATE_FILE ?? join(dataDir, 'cluster.json')

// One secret for every server of this run; the web's session key is made once and kept (as a
// single web server does), before two servers could race to make it.
env.PROXY_SECRET ??= randomBytes(32).toString('base64url')
if (!env.SESSION_SECRET) {
  const file = join(dataDir, 'web-session-secret')
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  env.SESSION_SECRET = readFileSync(file, 'utf8').trim()
}
// Longer than HAProxy takes to notice (two failed checks, 500 ms apart, each up to 2 s on a
// loaded machine is the worst case; usually about 1 s): a stopping server is out of the rotation
// before it stops taking connections.
env.SHUTDOWN_DRAIN_MS ??= '2500'
// HAProxy connects from this machine; its X-Forwarded-For names the client.
env.TRUST_PROXY = '127.0.0.1'

if (env.SKIP_BUILD !== '1' || !existsSync(`${root}apps/web/build/server/index.js`)) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// CLUSTER_SIZE (2) API and as many web servers; 1 gives the same setup with one of each (the
// benchmarks' baseline).
const size = Number(env.CLUSTER_SIZE ?? 2)
if (!Number.isInteger(size) || size < 1 || size > 8) fail('CLUSTER_SIZE must be 1 to 8')
const servers = [
  ...Array.from({ length: size }, (_, i) => ({
    name: `api-${i + 1}`,
    kind: 'api',
    port: base + size + i,
  })),
  ...Array.from({ length: size }, (_, i) => ({
    name: `web-${i + 1}`,
    kind: 'web',
    port: base + i,
  })),
]

const runDir = join(dataDir, 'cluster')
mkdirSync(runDir, { recursive: true, mode: 0o700 })
const config = join(runDir, 'haproxy.cfg')
const backend = (kind) =>
  servers
    .filter((s) => s.kind === kind)
    .map((s) => `  server ${s.name} 127.0.0.1:${s.port}`)
    .join('\n')
// docs/reliability.md (Two of everything): round robin; each request on a connection of its own
// to the server (a stopping server's listener refuses it and HAProxy sends it to the other, which
// is safe for any request as nothing was sent); a server leaves the rotation when /readyz fails.
writeFileSync(
  config,
  `global
  maxconn 4000
  stats socket ${join(runDir, 'haproxy.sock')} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 75s
  timeout server 75s
  timeout http-request 15s
  timeout queue 10s
  option http-server-close
  retries 3
  option redispatch 1
  retry-on conn-failure
  timeout check 2s
  default-server check inter 500ms fall 2 rise 2

frontend web
  bind ${host}:${front.web}
  default_backend web

frontend api
  bind ${host}:${front.api}
  # Only the web servers (which prove themselves with the secret) may say whose request it is.
  http-request del-header x-forwarded-for unless { req.hdr(x-proxy-secret) -m str ${env.PROXY_SECRET} }
  option forwardfor if-none
  default_backend api

backend web
  balance roundrobin
  option httpchk GET /readyz
  http-response set-header x-served-by %[srv_name]
${backend('web')}

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-response set-header x-served-by %[srv_name]
${backend('api')}
`,
  { mode: 0o600 },
)

const processes = new Map()
let stopping = false
let rolling = false

function writeState() {
  const state = {
    web: `http://${host}:${front.web}`,
    api: `http://${host}:${front.api}`,
    servers: servers.map((s) => ({ ...s, pid: processes.get(s.name)?.pid ?? null })),
  }
  // Written aside, then renamed over the old one: a reader never sees half a file.
  writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(state, null, 2)}\n`)
  renameSync(`${stateFile}.tmp`, stateFile)
}

function start(server) {
  const args =
    server.kind === 'api'
      ? [...serverNodeFlags('api'), 'apps/api/src/server.ts']
      : [...serverNodeFlags('web'), 'apps/web/server.mjs']
  const serverEnvVars =
    server.kind === 'api'
      ? { ...env, HOST: '127.0.0.1', API_PORT: String(server.port) }
      : {
          ...env,
          HOST: '127.0.0.1',
          PORT: String(server.port),
          API_URL: `http://127.0.0.1:${front.api}`,
        }
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: serverEnvVars })
  processes.set(server.name, child)
  child.on('exit', (code, signal) => {
    if (processes.get(server.name) !== child) return
    processes.delete(server.name)
    writeState()
    if (stopping || server.restarting) return
    console.error(`${server.name} stopped (${signal ?? code}); starting it again`)
    setTimeout(() => void start(server), 500)
  })
  writeState()
  return waitReady(server)
}

async function waitReady(server) {
  for (let tries = 0; tries < 600; tries++) {
    const ok = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (!processes.has(server.name) && !stopping) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${server.name} did not become ready`)
}

function stopOne(server, signal = 'SIGTERM') {
  const child = processes.get(server.name)
  if (!child) return Promise.resolve()
  return new Promise((done) => {
    child.once('exit', () => done())
    child.kill(signal)
  })
}

// SIGUSR2: a rolling restart, one server at a time; the next goes only when the one before is
// back in HAProxy's rotation (two checks in a row, 500 ms apart).
async function rollingRestart() {
  if (rolling || stopping) return
  rolling = true
  console.log('rolling restart')
  for (const server of servers) {
    server.restarting = true
    await stopOne(server)
    server.restarting = false
    if (stopping) break
    await start(server)
    await new Promise((r) => setTimeout(r, 1_200))
  }
  rolling = false
  console.log('rolling restart done')
}

async function stopAll(code = 0) {
  if (stopping) return
  stopping = true
  setTimeout(() => process.exit(code || 1), 20_000).unref()
  await Promise.all(servers.map((s) => stopOne(s)))
  proxy.kill('SIGTERM')
  process.exit(code)
}

const proxy = spawn(haproxy, ['-db', '-f', config], { stdio: 'inherit' })
proxy.on('exit', (code) => {
  if (!stopping) {
    console.error(`haproxy stopped (${code}); stopping the rest`)
    void stopAll(1)
  }
})
process.on('SIGTERM', () => void stopAll())
process.on('SIGINT', () => void stopAll())
process.on('SIGUSR2', () => void rollingRestart())

// The first API server alone migrates the database and makes the shared secrets file; then
// the others.
await start(servers[0])
await Promise.all(servers.slice(1).map((s) => start(s)))
console.log(
  `cluster ready: shop http://${host}:${front.web}, API http://${host}:${front.api} (servers on ${base}-${base + 2 * size - 1})`,
)
