// `npm run bench:memory`: what the two servers hold (budget M1 in docs/performance.md). Both run
// as in production (ADR 027 flags) on PostgreSQL (DATABASE_URL, default the local `test`
// server; each run gets a database of its own), and take three runs back to back, each
// BENCH_SECONDS (default 60) of 50 connections: 25 on a logged-in customer's list page (rendered
// for them) and 25 on anonymous searches (rendered, then kept by the page cache). After each run
// it prints every process's resident memory and its high-water mark, from /proc.
//
// Builds the shop first (BENCH_NO_BUILD=1 reuses a build that is there, scripts/bench-build.ts).
// BENCH_EMBEDDED=1 runs the API on the embedded database (PGlite) instead, to show what it adds.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { waitForServer } from './wait-for-server.ts'
import { ensureBuilt } from './bench-build.ts'
import { logInThroughForm } from './bench-log-in.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const WEB = 3520
const API = 3521
const web = `http://127.0.0.1:${WEB}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 60)
const RUNS = 3
const embedded = process.env.BENCH_EMBEDDED === '1'
const databaseUrl = embedded
  ? ''
  : (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')

ensureBuilt('shop')
const serve = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    E2E_WEB_PORT: String(WEB),
    E2E_API_PORT: String(API),
    // One cookie for the whole run (a load generator keeps no refreshed cookie).
    ACCESS_TOKEN_TTL_SECONDS: '900',
  },
  stdio: 'ignore',
})
const stop = () => serve.kill('SIGTERM')
process.on('exit', stop)
await waitForServer(`${web}/healthz`)

const servers = serverPids(serve.pid!)
const customer = await logInThroughForm(web, '+60120000001', 'demo2026')
const searches = ['imida', 'azodif', 'racun', 'baja', 'battery', 'nozzle', 'propeller', 'glyfosat']

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; database: ${embedded ? 'embedded (PGlite)' : 'PostgreSQL'}; ${RUNS} runs of ${DURATION} s at 50 connections`,
)
console.log(
  '| Process | At start | ' +
    [...Array(RUNS)].map((_, i) => `After run ${i + 1}`).join(' | ') +
    ' | High-water |',
)
console.log('| ------- | -------- | ' + [...Array(RUNS)].map(() => '---').join(' | ') + ' | --- |')
const rows = new Map(servers.map((s) => [s.name, [mb(rss(s.pid))]]))
let requests = 0
let failures = 0
for (let run = 0; run < RUNS; run++) {
  const [loggedIn, anonymous] = await Promise.all([
    autocannon({
      url: `${web}/en/products/agrochems`,
      connections: 25,
      duration: DURATION,
      headers: { cookie: customer, 'accept-encoding': 'gzip' },
    }),
    autocannon({
      url: web,
      connections: 25,
      duration: DURATION,
      headers: { 'accept-encoding': 'gzip' },
      requests: searches.map((q) => ({ method: 'GET', path: `/en/products/agrochems?q=${q}` })),
    }),
  ])
  for (const r of [loggedIn, anonymous]) {
    requests += r.requests.total
    failures += r.errors + r.non2xx
  }
  for (const s of servers) rows.get(s.name)!.push(mb(rss(s.pid)))
}
for (const s of servers)
  console.log(
    `| ${s.name} | ${rows
      .get(s.name)!
      .map((v) => `${v} MB`)
      .join(' | ')} | ${mb(status(s.pid).VmHWM!)} MB |`,
  )
console.log(`${requests} requests, ${failures} failed or not 2xx`)
process.exit(failures ? 1 : 0)

function serverPids(parent: number) {
  const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8')
    .trim()
    .split(/\s+/)
  return children.map((pid) => {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    return { pid: Number(pid), name: cmd.includes('apps/api') ? 'API' : 'Web' }
  })
}

function status(pid: number): Record<string, number> {
  const fields: Record<string, number> = {}
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const m = /^(\w+):\s+(\d+) kB/.exec(line)
    if (m) fields[m[1]!] = Number(m[2])
  }
  return fields
}
function rss(pid: number) {
  return status(pid).VmRSS!
}
function mb(kb: number) {
  return Math.round(kb / 1024)
}
