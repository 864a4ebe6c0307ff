// `npm run bench:orders`: place-order throughput (POST /api/v1/orders, credit with the PIN) on the
// real PostgreSQL at 10 and 50 connections, with orders spread over the catalogue ("normal") and
// with everyone buying the same two products ("hot"), then checks that no stock and no available
// credit went below zero and that every credit line's ledger sums to its balance. Prints the
// calibration line of docs/performance.md. Run it on a quiet machine; it takes a few minutes.
import type { ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  BENCH_BASE_URL,
  benchDbUrl,
  copyDemoCustomers,
  endBench,
  freshBenchDatabase,
  startBenchApi,
  benchApiEnv,
} from './bench-database.ts'
import { startCluster } from '../e2e/support/cluster.ts'
import { calibration, cpuTicks, postgresTicks, TICK_US } from './bench-calibration.ts'

const base = BENCH_BASE_URL
const DURATION = Number(process.env.BENCH_SECONDS ?? 15)
const WARM_UP = 5
const PORT = 3611
const CLUSTER_PORT = 3620
const CUSTOMERS = 200
const PIN = '274915'
const DB = 'padi_bench_orders'
const dbUrl = benchDbUrl(DB)
let API = `http://127.0.0.1:${PORT}`

async function prepare() {
  await freshBenchDatabase(DB)
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  // Customers copied from the demo customer (same password), each with a large credit line.
  await copyDemoCustomers(c, CUSTOMERS)
  await c.query(
    `insert into credit_lines (user_id, currency, approved_minor, due_at, expires_at)
     select id, 'MYR', 2000000000, now() + interval '150 days', now() + interval '365 days'
     from users where mobile like '+6019%'`,
  )
  // Every Malaysian pack on sale, plenty of it at one branch.
  const { rows: branch } = await c.query<{ id: number }>(
    `select id from branches where market = 'MY' order by sort_order, id limit 1`,
  )
  const { rows: packs } = await c.query<{ id: number }>(
    `select id from product_variations where price_my_minor is not null order by id`,
  )
  await c.query(
    `insert into branch_stock (branch_id, variation_id, quantity)
     select $1, v, 100000000 from unnest($2::int[]) v
     on conflict (branch_id, variation_id) do update set quantity = excluded.quantity`,
    [branch[0]!.id, packs.map((p) => p.id)],
  )
  await c.query('analyze')
  await c.end()
  return { branchId: branch[0]!.id, packs: packs.map((p) => p.id) }
}

function startApi(): Promise<ChildProcess> {
  return startBenchApi({
    dbUrl,
    port: PORT,
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  })
}

async function analyse() {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  await c.query('analyze')
  await c.end()
}

/** Logs every bench customer in and sets their PIN through the API. */
async function tokens(): Promise<string[]> {
  const out: string[] = []
  for (let g = 1; g <= CUSTOMERS; g++) {
    const mobile = `+6019${String(g).padStart(7, '0')}`
    const login = await fetch(`${API}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, password: 'demo2026' }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const pin = await fetch(`${API}/api/v1/me/pin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ pin: PIN, confirm_pin: PIN, current_pin: '390571' }),
    })
    if (!pin.ok) throw new Error(`PIN for ${mobile}: ${pin.status} ${await pin.text()}`)
    out.push(access_token)
  }
  return out
}

let keys = 0
async function load(opts: {
  connections: number
  duration: number
  tokens: string[]
  lines: () => { variation_id: number; count: number }[]
  branchId: number
  /** The API servers' processes, for their CPU time. */
  apiPids: () => number[]
}) {
  const apiTicks = () => opts.apiPids().reduce((sum, pid) => sum + cpuTicks(pid), 0)
  const api0 = apiTicks()
  const db0 = postgresTicks()
  const result = await autocannon({
    url: API,
    connections: opts.connections,
    duration: opts.duration,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${opts.tokens[Math.floor(Math.random() * opts.tokens.length)]}`,
            'idempotency-key': `bench-${process.pid}-${keys++}`,
          },
          body: JSON.stringify({
            fulfilment: 'pickup',
            payment: 'credits',
            branch_id: opts.branchId,
            pin: PIN,
            lines: opts.lines(),
          }),
        }),
      },
    ],
  })
  const n = Math.max(result.requests.total, 1)
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    apiUs: Math.round(((apiTicks() - api0) * TICK_US) / n),
    dbUs: Math.max(0, Math.round(((postgresTicks() - db0) * TICK_US) / n)),
    placed: result['2xx'],
    errors: result.errors + result.non2xx,
  }
}

/** The invariants: nothing below zero, every line's ledger equal to its balance. */
async function check(): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  const stock = (await c.query('select min(quantity)::int as m from branch_stock')).rows[0].m
  const credit = (
    await c.query('select min(approved_minor - utilised_minor)::bigint as m from credit_lines')
  ).rows[0].m
  const mismatched = (
    await c.query(
      `select count(*)::int as n from credit_lines l
       where l.utilised_minor <> coalesce((select sum(principal_delta_minor) from credit_ledger e
         where e.line_id = l.id), 0)`,
    )
  ).rows[0].n
  const orders = (await c.query('select count(*)::int as n from orders')).rows[0].n
  await c.end()
  const ok = stock >= 0 && Number(credit) >= 0 && mismatched === 0
  return `${ok ? 'OK' : 'FAILED'}: lowest stock ${stock}, lowest available credit ${credit}, lines whose ledger differs ${mismatched}, orders ${orders}`
}

// BENCH_MODES=normal and BENCH_CONNECTIONS=10 run one part (while working on it).
const MODES = (process.env.BENCH_MODES ?? 'normal,hot').split(',')
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number)
const pick = (xs: number[]) => xs[Math.floor(Math.random() * xs.length)]!
const cal = await calibration(base, PORT + 1)
const rows: string[] = []
let invariants = ''

/** Warm-up, then each mode at each number of connections, against the API at `API`. */
async function measure(label: string, apiPids: () => number[], packs: number[], branchId: number) {
  const all = await tokens()
  const normal = () => {
    const n = 1 + Math.floor(Math.random() * 3)
    const chosen = new Set<number>()
    while (chosen.size < n) chosen.add(pick(packs))
    return [...chosen].map((id) => ({ variation_id: id, count: 1 + Math.floor(Math.random() * 3) }))
  }
  const [hotA, hotB] = [packs[0]!, packs[1]!]
  const hot = () => [
    { variation_id: hotA, count: 1 },
    { variation_id: hotB, count: 1 },
  ]
  const common = { tokens: all, branchId, apiPids }
  await load({ connections: 10, duration: WARM_UP, lines: normal, ...common })
  // PostgreSQL here runs with autovacuum off, so the planner would go on believing the tables
  // as empty as when the bench started (orders, keys, ledger) and scan them whole for every
  // foreign-key check. A shop's database is analysed as it grows (autoanalyze): so is this one.
  await analyse()
  // …and its statements are planned again with what it now knows, before anything is measured.
  await load({ connections: 10, duration: WARM_UP, lines: normal, ...common })
  for (const [mode, lines] of [
    ['normal', normal],
    ['hot (two products)', hot],
  ] as const) {
    if (!MODES.some((m) => mode.startsWith(m))) continue
    for (const connections of CONNECTIONS) {
      const r = await load({ connections, duration: DURATION, lines, ...common })
      rows.push(
        `| ${label}${mode} | ${connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.apiUs} | ${r.dbUs} | ${r.placed} | ${r.errors} |`,
      )
    }
  }
  invariants += `${label}${await check()}\n`
}

if (process.env.BENCH_CLUSTER) {
  // docs/reliability.md (Two of everything): the same load through HAProxy to one API server,
  // then to two (`npm run start:cluster`, CLUSTER_SIZE 1 and 2), each on a fresh database.
  for (const size of [1, 2]) {
    const { branchId, packs } = await prepare()
    const cluster = await startCluster({
      port: CLUSTER_PORT,
      databaseUrl: dbUrl,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      baseEnv: benchApiEnv(dbUrl),
      env: { CLUSTER_SIZE: String(size), REDIS_KEY_PREFIX: `padi-bench-${process.pid}:` },
      quiet: true,
    })
    API = cluster.api
    try {
      const apiPids = () =>
        cluster
          .servers()
          .filter((s) => s.kind === 'api' && s.pid)
          .map((s) => s.pid!)
      await measure(`${size} API server${size > 1 ? 's' : ''}, `, apiPids, packs, branchId)
    } finally {
      await cluster.stop()
    }
  }
  await endBench(null, DB)
} else {
  const { branchId, packs } = await prepare()
  const api = await startApi()
  try {
    await measure('', () => [api.pid!], packs, branchId)
  } finally {
    await endBench(api, DB)
  }
}
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}`,
)
console.log(`Calibration: ${cal}`)
console.log(
  '| Orders | Connections | orders/s | p50 ms | p99 ms | API CPU µs/order | PostgreSQL CPU µs/order | placed | errors |\n|---|---|---|---|---|---|---|---|---|',
)
console.log(rows.join('\n'))
console.log(`After: ${invariants.trim()}`)
