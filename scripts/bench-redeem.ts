// `npm run bench:redeem`: voucher redemptions at branch counters (POST /api/v1/staff/counter/
// purchases: the customer's counter code, one pack of branch stock, one voucher in full and the
// rest in cash) on the real PostgreSQL at 10 and 50 connections, each request a different
// customer's fresh code and voucher, spread over two branches' operators. Then checks that every
// voucher was redeemed at most once, that the redeemed count equals the sales answered 201, and
// that no stock went below zero. Prints the lines of docs/performance.md.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { cpus, totalmem } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDb } from '@padi/db/client'
import { createCounterCodes } from '../apps/api/src/modules/counter/counter-codes.ts'
import {
  BENCH_SECRET,
  benchDbUrl,
  copyDemoCustomers,
  endBench,
  freshBenchDatabase,
  startBenchApi,
  userColumns,
} from './bench-database.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 15)
const PORT = 3621
const CUSTOMERS = 200
const VOUCHERS_EACH = 150
const SECRET = BENCH_SECRET
const DB = 'padi_bench_redeem'
const dbUrl = benchDbUrl(DB)
const API = `http://127.0.0.1:${PORT}`

async function prepare() {
  await freshBenchDatabase(DB)
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  // Customers copied from the demo customer, each with vouchers of RM1.
  await copyDemoCustomers(c, CUSTOMERS)
  await c.query(
    `insert into vouchers (serial, user_id, market, currency, value_minor, expires_on)
     select 'B-' || u.id || '-' || g, u.id, 'MY', 'MYR', 100, current_date + 30
     from users u, generate_series(1, $1::int) g where u.mobile like '+6019%'`,
    [VOUCHERS_EACH],
  )
  // Two operators at two Malaysian branches, each with plenty of one pack.
  const { rows: branchRows } = await c.query<{ id: number }>(
    `select id from branches where market = 'MY' order by sort_order, id limit 2`,
  )
  const staffCols = await userColumns(c, ['id', 'mobile', 'email', 'staff_branch_id'])
  for (const [i, b] of branchRows.entries())
    await c.query(
      `insert into users (mobile, email, staff_branch_id, ${staffCols.join(', ')})
       select $1, null, $2, ${staffCols.map((k) => `u.${k}`).join(', ')}
       from users u where u.mobile = '+60120000003'`,
      [`+6018000000${i}`, b.id],
    )
  const { rows: pack } = await c.query<{ id: number }>(
    `select id from product_variations where price_my_minor > 500 order by id limit 1`,
  )
  await c.query(
    `insert into branch_stock (branch_id, variation_id, quantity)
     select b, $1, 100000000 from unnest($2::int[]) b
     on conflict (branch_id, variation_id) do update set quantity = excluded.quantity`,
    [pack[0]!.id, branchRows.map((b) => b.id)],
  )
  await c.query('analyze')
  await c.end()
  return { packId: pack[0]!.id }
}

function startApi(): Promise<ChildProcess> {
  return startBenchApi({
    dbUrl,
    port: PORT,
    env: { LATE_FEE_INTERVAL_MS: '0', FILE_SWEEP_INTERVAL_MS: '0' },
  })
}

async function login(mobile: string) {
  const res = await fetch(`${API}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'demo2026' }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/**
 * Vouchers already sent in a sale. A run's last sales are still being answered when its clock
 * stops, so the next run must not pick their vouchers (they would be refused as used, correctly).
 */
const sent = new Set<number>()

/** A fresh code and an unused voucher per sale, for `count` sales, as the customers' phones would. */
async function sales(count: number) {
  const handle = await openDb({ databaseUrl: dbUrl, poolSize: 8 })
  const codes = createCounterCodes({ db: handle.db, secret: SECRET })
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  const { rows } = await c.query<{ id: number; user_id: number }>(
    `select id, user_id from vouchers where serial like 'B-%' and state = 'active'
     and id <> all($2::int[]) order by random() limit $1`,
    [count, [...sent]],
  )
  await c.end()
  const out: { token: string; voucherId: number }[] = []
  for (let i = 0; i < rows.length; i += 50)
    out.push(
      ...(await Promise.all(
        rows.slice(i, i + 50).map(async (v) => ({
          token: (await codes.issue(v.user_id, new Date())).token,
          voucherId: v.id,
        })),
      )),
    )
  await handle.close()
  return out
}

async function load(connections: number, staff: string[], packId: number, seconds: number) {
  // Codes live 90 s: made just before the run, enough for it.
  const queue = await sales(Math.min(25_000, connections * seconds * 120))
  let next = 0
  // Why each refused sale was refused (its error code), so a refusal is explained, not just counted.
  const why = new Map<string, number>()
  const result = await autocannon({
    url: API,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/staff/counter/purchases',
        setupRequest: (req) => {
          const sale = queue[next++ % queue.length]!
          sent.add(sale.voucherId)
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${staff[next % staff.length]}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              token: sale.token,
              lines: [{ variation_id: packId, count: 1 }],
              voucher_ids: [sale.voucherId],
            }),
          }
        },
        onResponse: (status: number, body: string) => {
          if (status < 400) return
          let code = `HTTP ${status}`
          try {
            code = (JSON.parse(body) as { code?: string }).code ?? code
          } catch {
            // Not our JSON error: the status names it.
          }
          why.set(code, (why.get(code) ?? 0) + 1)
        },
      },
    ],
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    refused: result.non2xx,
    why: [...why].map(([code, n]) => `${code} × ${n}`).join(', '),
    errors: result.errors,
    used: next,
    queued: queue.length,
  }
}

/**
 * Every redeemed voucher belongs to exactly one sale, and every sale redeemed exactly its one
 * voucher (sales still under way when a run's clock stopped count here, not in its 2xx).
 */
async function check(): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  const one = async (q: string) => (await c.query(q)).rows[0].n as number
  const redeemed = await one(
    `select count(*)::int as n from vouchers where serial like 'B-%' and state = 'redeemed'`,
  )
  const sales = await one(
    `select count(*)::int as n from counter_transactions where type = 'in_person' and vouchers_minor = 100`,
  )
  const twice = await one(
    `select count(*)::int as n from (select transaction_id from vouchers
     where transaction_id is not null group by transaction_id having count(*) > 1) x`,
  )
  const stock = await one('select min(quantity)::int as n from branch_stock')
  await c.end()
  const ok = redeemed === sales && twice === 0 && stock >= 0
  return `${ok ? 'OK' : 'FAILED'}: vouchers redeemed ${redeemed}, sales ${sales}, sales with two vouchers ${twice}, lowest stock ${stock}`
}

const { packId } = await prepare()
const api = await startApi()
const rows: string[] = []
let after = ''
try {
  const staff = [await login('+60180000000'), await login('+60180000001')]
  // One sale first, so a set-up mistake shows as its answer rather than as 'refused' counts.
  const [probe] = await sales(1)
  sent.add(probe!.voucherId)
  const first = await fetch(`${API}/api/v1/staff/counter/purchases`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${staff[0]}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      token: probe!.token,
      lines: [{ variation_id: packId, count: 1 }],
      voucher_ids: [probe!.voucherId],
    }),
  })
  if (first.status !== 201) throw new Error(`a sale: ${first.status} ${await first.text()}`)
  let sold = 1 + (await load(10, staff, packId, 3)).ok
  for (const connections of [10, 50]) {
    const r = await load(connections, staff, packId, DURATION)
    sold += r.ok
    rows.push(
      `| ${connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.refused}${r.why ? ` (${r.why})` : ''} | ${r.errors} |`,
    )
  }
  // Sales still under way when the last run's clock stopped finish first.
  await new Promise((r) => setTimeout(r, 3000))
  after = `${await check()}; sales answered 201 while measured or warming up: ${sold}`
} finally {
  await endBench(api, DB)
}
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}`,
)
console.log(
  '| Connections | redemptions/s | p50 ms | p99 ms | redeemed | refused | errors |\n|---|---|---|---|---|---|---|',
)
console.log(rows.join('\n'))
console.log(`After: ${after}`)
