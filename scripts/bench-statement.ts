// `npm run bench:statement`: a day's statement at harvest (docs/product/repayments.md, Matching the
// statement). 5,000 credits, 4,500 of them naming an unpaid QR repayment for its exact amount, 500
// for finance's review, imported through the real API (POST /api/v1/admin/statements) on the
// real PostgreSQL; then the same statement again (nothing applied twice), and another of 1,000
// credits imported by two finance officers at once (each payment applied once); then checks
// that every paid code has one ledger entry and that each line's balance is what its newest
// ledger entry says. Prints the calibration line of docs/performance.md.
import { randomBytes } from 'node:crypto'
import { cpus, totalmem } from 'node:os'
import pg from 'pg'
import { referenceFromBytes } from '@padi/domain/repayments/repayment-reference'
import { camt053, type StatementEntry } from '@padi/api/test/camt053-fixture'
import {
  BENCH_BASE_URL,
  benchDbUrl,
  copyDemoCustomers,
  endBench,
  freshBenchDatabase,
  startBenchApi,
} from './bench-database.ts'
import { calibration } from './bench-calibration.ts'

const DB = 'padi_bench_statement'
const PORT = 3631
const API = `http://127.0.0.1:${PORT}`
const FARMERS = 500
const MATCHING = 4_500
const OTHERS = 500
/** The statement two officers import at once. */
const RACED = 1_000
const dbUrl = benchDbUrl(DB)

/** 500 farmers owing RM10,000 each (through the guarded debit: a ledger entry each). */
async function prepare(c: pg.Client) {
  await copyDemoCustomers(c, FARMERS)
  await c.query(
    `insert into credit_lines (user_id, currency, approved_minor, due_at, expires_at)
     select id, 'MYR', 10000000, now() + interval '150 days', now() + interval '365 days'
     from users where mobile like '+6019%'`,
  )
  await c.query(
    `select debit_credit_line(id, 'MYR', 1000000, null, now()) from users where mobile like '+6019%'`,
  )
}

/**
 * `matching` open QR repayments of RM1.00-RM9.99 among the farmers and a statement paying each,
 * with `others` credits for finance (no reference, or one we never gave) among them.
 */
async function statement(c: pg.Client, name: string, matching: number, others: number) {
  const { rows: lines } = await c.query<{ id: number; user_id: number }>(
    `select l.id, l.user_id from credit_lines l join users u on u.id = l.user_id
     where u.mobile like '+6019%' order by l.id`,
  )
  const paying: StatementEntry[] = []
  const values: unknown[] = []
  for (let i = 0; i < matching; i++) {
    const line = lines[i % lines.length]!
    const reference = referenceFromBytes(randomBytes(5))
    const amountMinor = 100 + (i % 900)
    values.push(line.user_id, line.id, reference, amountMinor)
    paying.push({
      id: `${name}-${i}`,
      amount: (amountMinor / 100).toFixed(2),
      text: `DUITNOW QR ${reference}`,
      payer: `FARMER ${i}`,
    })
  }
  for (let start = 0; start < values.length; start += 4 * 1000) {
    const chunk = values.slice(start, start + 4 * 1000)
    const rows = Array.from(
      { length: chunk.length / 4 },
      (_, k) =>
        `($${k * 4 + 1}::int, $${k * 4 + 2}::int, $${k * 4 + 3}, $${k * 4 + 4}::int, 'MYR', 'duitnow', 'bench', 'en', now(), now() + interval '1 day')`,
    )
    await c.query(
      `insert into qr_repayments (user_id, line_id, reference, amount_minor, currency, scheme, payload, locale, created_at, expires_at)
       values ${rows.join(', ')}`,
      chunk,
    )
  }
  const forFinance: StatementEntry[] = Array.from({ length: others }, (_, i) => ({
    id: `${name}-OTHER-${i}`,
    amount: '50.00',
    text: i % 2 ? 'CASH DEPOSIT' : `TRANSFER ${referenceFromBytes(randomBytes(5))}`,
  }))
  await c.query('analyze')
  // The bank's order is not ours: one credit for finance after every nine that match.
  return camt053(
    paying
      .flatMap((e, i) => (i % 9 === 8 && forFinance.length ? [e, forFinance.pop()!] : [e]))
      .concat(forFinance),
  )
}

async function financeToken(): Promise<string> {
  const login = await fetch(`${API}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '+60120000004', password: 'demo2026' }),
  })
  if (!login.ok) throw new Error(`finance login: ${login.status}`)
  return ((await login.json()) as { access_token: string }).access_token
}

async function importing(token: string, xml: string) {
  const started = performance.now()
  const res = await fetch(`${API}/api/v1/admin/statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    body: xml,
  })
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`)
  return { seconds: (performance.now() - started) / 1000, summary: await res.json() }
}

async function check() {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  const one = async (sql: string) => Number((await c.query(sql)).rows[0]!.n)
  const result = {
    paidCodes: await one(`select count(*) n from qr_repayments where paid_at is not null`),
    repaymentEntries: await one(`select count(*) n from credit_ledger where kind = 'repayment'`),
    statementLines: await one(`select count(*) n from bank_statement_lines`),
    // Each line's balance is what its newest ledger entry says it is.
    linesOffLedger: await one(
      `select count(*) n from credit_lines l where l.utilised_minor <> (
         select e.utilised_after_minor from credit_ledger e where e.line_id = l.id
         order by e.id desc limit 1)`,
    ),
  }
  await c.end()
  return result
}

let server: Awaited<ReturnType<typeof startBenchApi>> | null = null
try {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  )
  console.log(await calibration(BENCH_BASE_URL, 3632))
  await freshBenchDatabase(DB)
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  await prepare(c)
  const day = await statement(c, 'HARVEST', MATCHING, OTHERS)
  const raced = await statement(c, 'RACE', RACED, 0)
  await c.end()
  server = await startBenchApi({ dbUrl, port: PORT })
  const token = await financeToken()
  console.log(
    `statement: ${MATCHING + OTHERS} credits, ${(Buffer.byteLength(day) / 2 ** 20).toFixed(1)} MB`,
  )
  const first = await importing(token, day)
  console.log(`import and apply: ${first.seconds.toFixed(1)} s`, first.summary)
  const again = await importing(token, day)
  console.log(`the same statement again: ${again.seconds.toFixed(1)} s`, again.summary)
  const [a, b] = await Promise.all([
    importing(token, raced),
    importing(await financeToken(), raced),
  ])
  console.log(
    `another statement of ${RACED} by two officers at once: ${a.seconds.toFixed(1)} s and ${b.seconds.toFixed(1)} s; matched ${a.summary.matched} + ${b.summary.matched}, already imported ${a.summary.already_imported} + ${b.summary.already_imported}`,
  )
  const state = await check()
  console.log('after:', state)
  const ok =
    first.summary.matched === MATCHING &&
    first.summary.review === OTHERS &&
    again.summary.already_imported === MATCHING + OTHERS &&
    a.summary.matched + b.summary.matched === RACED &&
    state.paidCodes === MATCHING + RACED &&
    state.repaymentEntries === MATCHING + RACED &&
    state.statementLines === MATCHING + OTHERS + RACED &&
    state.linesOffLedger === 0
  console.log(ok ? 'each payment applied once' : 'FAILED: a payment applied other than once')
  if (!ok) process.exitCode = 1
} finally {
  await endBench(server, DB)
}
