// `npm run bench:catalogue`: list and search throughput of GET /api/v1/products at 1,000, 10,000
// and 100,000 generated products, each in a database of its own on the real PostgreSQL, at 50
// connections, with the calibration line of performance-budget.md (pgbench select-only, Fastify
// hello). Run it on a quiet machine; it takes a few minutes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDb } from '@padi/db/client'
import { seedDemoData } from '@padi/db/seed/run-seed'

const root = fileURLToPath(new URL('..', import.meta.url))
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const DURATION = Number(process.env.BENCH_SECONDS ?? 15)
const PORT = 3601

const urlFor = (db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString()

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

const AGRO = ['fertilizer', 'foliar_fertilizer_adjuvant', 'fungicide', 'herbicide', 'insecticide']
const DRONE = [
  'batteries',
  'propellers',
  'nozzles_sprinklers',
  'pumps',
  'tanks',
  'chargers',
  'sensors_controllers',
  'frames_arms',
]
const ACTIVES = [
  'azoxystrobin',
  'difenoconazole',
  'tricyclazole',
  'hexaconazole',
  'pretilachlor',
  'bispyribac',
  'quinclorac',
  'cyhalofop',
  'chlorantraniliprole',
  'pymetrozine',
  'imidacloprid',
  'fipronil',
  'buprofezin',
  'propiconazole',
  'pencycuron',
  'urea',
  'glyphosate',
  'niclosamide',
]
const BRANDS = [
  'Bendang',
  'Sawah Emas',
  'Kilang Tani',
  'Rumpai Jaya',
  'Serangga Stop',
  'Baja Emas',
  'PadiFly',
  'SkyTani',
  'AgriWing',
  'Hijau Subur',
]

/** Loads n generated products with one INSERT … SELECT generate_series (fast at 100k). */
async function generate(db: string, n: number) {
  const handle = await openDb({ databaseUrl: urlFor(db), poolSize: 2 })
  await handle.migrate()
  await seedDemoData(handle.db)
  await handle.close()
  await admin(async () => undefined)
  const c = new pg.Client({ connectionString: urlFor(db) })
  await c.connect()
  await c.query('delete from products')
  await c.query(
    `insert into products (slug, "group", category, brand, name, title, description, active_ingredients,
       price_from_my, price_from_th, in_stock_my, in_stock_th, sort_title, sort_brand, search_text, featured)
     select 'gen-' || g, grp, cat, brand,
       jsonb_build_object('en', nm, 'bm', nm, 'th', nm), jsonb_build_object('en', nm), jsonb_build_object('en', nm),
       array[act], 500 + (g * 7919) % 900000, 4000 + (g * 6151) % 6900000, g % 10 <> 0, g % 7 <> 0,
       lower(nm), lower(brand), lower(nm || ' ' || brand || ' ' || act || ' ' || cat), g % 97 = 0
     from (
       select g,
         case when g % 2 = 0 then 'agrochems' else 'drones' end as grp,
         case when g % 2 = 0 then ($1::text[])[1 + g % 5] else ($2::text[])[1 + g % 8] end as cat,
         ($3::text[])[1 + g % 18] as act,
         ($4::text[])[1 + (g / 3) % 10] as brand,
         ($4::text[])[1 + g % 10] || ' ' || ($3::text[])[1 + (g / 7) % 18] || ' ' || (array['100SC','50WG','75WP','250EC','Max','Plus','Pro','Ultra'])[1 + g % 8] || ' ' || g as nm
       from generate_series(1, $5::int) g
     ) s`,
    [AGRO, DRONE, ACTIVES, BRANDS, n],
  )
  await c.query(`insert into search_terms (term)
    select distinct word from products, unnest(tsvector_to_array(search_vector)) as word
    where length(word) >= 2 and word !~ '^[0-9.,-]+$' on conflict do nothing`)
  await c.query('analyze products')
  await c.query('analyze search_terms')
  await c.end()
}

function startApi(db: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: urlFor(db),
      API_PORT: String(PORT),
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_MAX: '100000000',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      OTP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    },
    stdio: 'ignore',
  })
  return waitFor(`http://127.0.0.1:${PORT}/healthz`).then(() => child)
}

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`not up: ${url}`)
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
const typo = (w: string) => {
  const i = 1 + Math.floor(Math.random() * (w.length - 2))
  return w.slice(0, i) + w.slice(i + 1)
}

async function listPaths(): Promise<string[]> {
  const paths: string[] = []
  const sorts = ['price_asc', 'price_desc', 'title_asc', 'title_desc', 'brand_asc', 'brand_desc']
  for (let i = 0; i < 300; i++) {
    const group = i % 2 ? 'agrochems' : 'drones'
    const category = i % 3 === 0 ? `&category=${pick(group === 'agrochems' ? AGRO : DRONE)}` : ''
    paths.push(
      `/api/v1/products?group=${group}${category}&sort=${pick(sorts)}&per_page=24&market=${i % 4 ? 'MY' : 'TH'}`,
    )
  }
  // Deeper pages: walk a few lists and keep their cursors.
  for (const sort of sorts) {
    let url = `/api/v1/products?sort=${sort}&per_page=24`
    for (let page = 0; page < 20; page++) {
      const body = (await (await fetch(`http://127.0.0.1:${PORT}${url}`)).json()) as {
        next_cursor: string | null
      }
      if (!body.next_cursor) break
      url = `/api/v1/products?sort=${sort}&per_page=24&cursor=${body.next_cursor}`
      paths.push(url)
    }
  }
  return paths
}

const searchPaths = () =>
  Array.from(
    { length: 300 },
    (_, i) =>
      `/api/v1/products?q=${encodeURIComponent(i % 2 ? typo(pick(ACTIVES)) : pick(ACTIVES))}&per_page=24`,
  )

async function load(paths: string[]) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: 50,
    duration: DURATION,
    requests: [{ setupRequest: (req) => ({ ...req, path: pick(paths) }) }],
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

async function calibration() {
  const db = 'padi_bench_pgbench'
  await admin((c) =>
    c.query(`drop database if exists ${db}`).then(() => c.query(`create database ${db}`)),
  )
  const url = new URL(base)
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres']
  spawnSync('pgbench', [...args, '-i', '-s', '10', '-q', db], { stdio: 'ignore' })
  const out = spawnSync(
    'pgbench',
    [...args, '-S', '-c', '4', '-j', '2', '-M', 'prepared', '-T', '10', db],
    { encoding: 'utf8' },
  ).stdout
  const tps = /tps = ([\d.]+)/.exec(out)?.[1] ?? '?'
  await admin((c) => c.query(`drop database if exists ${db}`))
  const hello = spawn(
    process.execPath,
    [
      '-e',
      `require('fastify')().get('/', async () => ({ hello: 'world' })).listen({ port: ${PORT + 1}, host: '127.0.0.1' })`,
    ],
    {
      cwd: `${root}apps/api`,
      stdio: 'ignore',
    },
  )
  await waitFor(`http://127.0.0.1:${PORT + 1}/`)
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT + 1}/`,
    connections: 100,
    duration: 10,
  })
  hello.kill()
  return `pgbench select-only c=4: ${Math.round(Number(tps))} TPS; Fastify hello c=100: ${Math.round(r.requests.average)} req/s`
}

if (process.env.BENCH_PREPARE_ONLY) {
  // Leaves one generated database for EXPLAIN: BENCH_PREPARE_ONLY=100000
  const n = Number(process.env.BENCH_PREPARE_ONLY)
  const db = `padi_bench_${n}`
  await admin((c) =>
    c
      .query(`drop database if exists ${db} with (force)`)
      .then(() => c.query(`create database ${db}`)),
  )
  await generate(db, n)
  console.log(urlFor(db))
  process.exit(0)
}
const cal = await calibration()
const rows: string[] = []
for (const n of SIZES) {
  const db = `padi_bench_${n}`
  await admin((c) =>
    c
      .query(`drop database if exists ${db} with (force)`)
      .then(() => c.query(`create database ${db}`)),
  )
  await generate(db, n)
  const api = await startApi(db)
  try {
    const lists = await listPaths()
    const searches = searchPaths()
    await load(lists) // warm-up
    const list = await load(lists)
    const search = await load(searches)
    rows.push(
      `| ${n.toLocaleString('en')} | list | ${list.rps} | ${list.p50} | ${list.p99} | ${list.errors} |`,
    )
    rows.push(
      `| ${n.toLocaleString('en')} | search | ${search.rps} | ${search.p50} | ${search.p99} | ${search.errors} |`,
    )
  } finally {
    api.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
    await admin((c) => c.query(`drop database if exists ${db} with (force)`))
  }
}
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}`,
)
console.log(`Calibration: ${cal}`)
console.log('| Products | Request | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|')
console.log(rows.join('\n'))
