// `npm run bench:ssr`: what it costs the web server to render a page (budget S1 in
// docs/performance.md). Web -> API -> database, gzip asked for, after a warm-up, at 10 and 50
// connections, with the rate limits raised for the run (one load generator is one client).
//
// In the same run it measures React Router's hello page (bench/ssr-hello: 24 items from its
// loader, the same React Router, React and Vite, the same Express/compression/helmet stack), so
// each figure also reads as a ratio that holds on a noisy machine.
//
// BENCH_SECONDS (default 30) and BENCH_WARMUP (default 5) set the times; BENCH_ONLY=list,hello
// runs some targets only; BENCH_NO_BUILD=1 reuses the builds that are there (scripts/bench-build.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { waitForServer } from './wait-for-server.ts'
import { ensureBuilt } from './bench-build.ts'
import { logInThroughForm } from './bench-log-in.ts'
import { serverNodeFlags, serverEnv } from './server-memory.mjs'
import { endBench, freshBenchDatabase } from './bench-database.ts'
import { startCluster } from '../e2e/support/cluster.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const WEB = 3520
const API = 3521
const HELLO = 3522
const web = `http://127.0.0.1:${WEB}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 30)
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5)
const ONLY = process.env.BENCH_ONLY?.split(',')
const CONNECTIONS = [10, 50]

type Target = { name: string; url: string; cookie?: string }

const children: ChildProcess[] = []
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')))

if (process.env.BENCH_CLUSTER) {
  await benchCluster()
  process.exit(0)
}

ensureBuilt('shop', 'hello')
children.push(
  spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      E2E_WEB_PORT: String(WEB),
      E2E_API_PORT: String(API),
      // The production default: a token fresh for the whole run, so the customer's one cookie
      // stays valid (a browser would store each refreshed cookie; a load generator does not).
      ACCESS_TOKEN_TTL_SECONDS: '900',
    },
    stdio: 'ignore',
  }),
  // Started as our servers are (ADR 027), so the ratio compares like with like.
  spawn(process.execPath, [...serverNodeFlags('web'), 'server.mjs'], {
    cwd: `${root}bench/ssr-hello`,
    env: serverEnv({ ...process.env, NODE_ENV: 'production', PORT: String(HELLO) }),
    stdio: 'ignore',
  }),
)
await waitForServer(`${web}/healthz`)
await waitForServer(`http://127.0.0.1:${HELLO}/`)

const customer = await logInThroughForm(web, '+60120000001', 'demo2026')
const targets: Target[] = [
  { name: 'hello', url: `http://127.0.0.1:${HELLO}/` },
  { name: 'list', url: `${web}/en/products/agrochems` },
  { name: 'list-logged-in', url: `${web}/en/products/agrochems`, cookie: customer },
  // A personal page (never shared, ADR 086): what every logged-in page cost before.
  { name: 'orders-logged-in', url: `${web}/en/orders`, cookie: customer },
  { name: 'product', url: `${web}/en/products/agrochems/9` },
  { name: 'home', url: `${web}/en` },
].filter((t) => !ONLY || ONLY.includes(t.name))

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; ${DURATION} s per row after ${WARM_UP} s warm-up`,
)
console.log('| Page | Connections | req/s | × hello | p50 ms | p99 ms | errors |')
console.log('| ---- | ----------- | ----- | ------- | ------ | ------ | ------ |')
const hello = new Map<number, number>()
for (const connections of CONNECTIONS) {
  for (const target of targets) {
    await load(target, connections, WARM_UP)
    const r = await load(target, connections, DURATION)
    if (target.name === 'hello') hello.set(connections, r.rps)
    const ratio = hello.get(connections) ? (r.rps / hello.get(connections)!).toFixed(2) : '–'
    console.log(
      `| ${target.name} | ${connections} | ${r.rps} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    )
  }
}
process.exit(0)

async function load(target: Target, connections: number, duration: number) {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' }
  if (target.cookie) headers.cookie = target.cookie
  const result = await autocannon({ url: target.url, connections, duration, headers })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/**
 * BENCH_CLUSTER=1 (docs/reliability.md, Two of everything): the pages through HAProxy to one web
 * and one API server, then to two of each (`npm run start:cluster`, CLUSTER_SIZE 1 and 2), on a
 * fresh PostgreSQL database with the demo data each time; the ratio of two to one per row.
 */
async function benchCluster() {
  ensureBuilt('shop')
  const db = 'padi_bench_ssr_cluster'
  const rates = new Map<string, number>()
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; ${DURATION} s per row after ${WARM_UP} s warm-up`,
  )
  console.log(
    '| Servers of each kind | Page | Connections | req/s | × one of each | p50 ms | p99 ms | errors |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const size of [1, 2]) {
    const dbUrl = await freshBenchDatabase(db)
    const cluster = await startCluster({
      port: 3620,
      databaseUrl: dbUrl,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      baseEnv: serverEnv({
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000000',
        AUTH_RATE_LIMIT_MAX: '100000000',
        LOGIN_RATE_LIMIT_MAX: '100000000',
        ACCESS_TOKEN_TTL_SECONDS: '900',
        MAP_TILE_URL: '',
      }),
      env: { CLUSTER_SIZE: String(size), REDIS_KEY_PREFIX: `padi-bench-${process.pid}:` },
      quiet: true,
    })
    try {
      const customer = await logInThroughForm(cluster.web, '+60120000001', 'demo2026')
      const pages: Target[] = [
        { name: 'list', url: `${cluster.web}/en/products/agrochems` },
        { name: 'list-logged-in', url: `${cluster.web}/en/products/agrochems`, cookie: customer },
        { name: 'product', url: `${cluster.web}/en/products/agrochems/9` },
        { name: 'home', url: `${cluster.web}/en` },
      ].filter((t) => !ONLY || ONLY.includes(t.name))
      for (const connections of CONNECTIONS)
        for (const target of pages) {
          await load(target, connections, WARM_UP)
          const r = await load(target, connections, DURATION)
          const key = `${target.name}/${connections}`
          if (size === 1) rates.set(key, r.rps)
          const ratio = size > 1 && rates.get(key) ? (r.rps / rates.get(key)!).toFixed(2) : '1.00'
          console.log(
            `| ${size} | ${target.name} | ${connections} | ${r.rps} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} |`,
          )
        }
    } finally {
      await cluster.stop()
    }
  }
  await endBench(null, db)
}
