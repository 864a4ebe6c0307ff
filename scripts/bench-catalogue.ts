// `npm run bench:catalogue`: list and search throughput of GET /api/v1/products at 1,000, 10,000
// and 100,000 generated products, each in a database of its own on the real PostgreSQL, at 50
// connections, with the calibration line of docs/performance.md (pgbench select-only, Fastify
// hello) and the floor of one prepared query on the same database (startFloor). Run it on a quiet
// machine; it takes a few minutes.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDb } from '@padi/db/client'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { waitForServer } from './wait-for-server.ts'
import { calibration, cpuTicks, postgresTicks, TICK_US } from './bench-calibration.ts'
import { serverNodeFlags, serverEnv } from './server-memory.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const DURATION = Number(process.env.BENCH_SECONDS ?? 15)
const WARM_UP = 5
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
// Brands belong to a group, as in the demo catalogue: chemical makers and drone makers.
const AGRO_BRANDS = [
  'Bendang',
  'Sawah Emas',
  'Kilang Tani',
  'Rumpai Jaya',
  'Serangga Stop',
  'Baja Emas',
]
const DRONE_BRANDS = ['PadiFly', 'SkyTani', 'AgriWing', 'Hijau Subur']
const AGRO_WORDS = ['Guard', 'Shield', 'Cure', 'Star', 'Gold', 'Plus', 'Max']
const DRONE_PARTS = ['Battery', 'Propeller', 'Nozzle', 'Pump', 'Tank', 'Charger', 'Sensor', 'Arm']

/**
 * Loads n generated products with one INSERT … SELECT generate_series (fast at 100k). Each
 * attribute is drawn from its own hash of the row number, so attributes are not in lockstep with
 * each other or with the name order (a modulo of one counter would make every product of one
 * ingredient sort together, which no real catalogue does). Half the agro-chemicals carry their
 * active ingredient in the name ("Bendang Azoxystrobin 250EC 123"), half an invented word.
 */
async function generate(db: string, n: number) {
  const handle = await openDb({ databaseUrl: urlFor(db), poolSize: 2 })
  await handle.migrate()
  await seedDemoData(handle.db)
  await handle.close()
  const c = new pg.Client({ connectionString: urlFor(db) })
  await c.connect()
  await c.query('delete from products')
  await c.query(
    `insert into products (slug, "group", category, brand, name, title, description, active_ingredients,
       price_from_my, price_from_th, in_stock_my, in_stock_th, sort_title, sort_brand, search_text, featured)
     select 'gen-' || g, grp, cat, brand,
       jsonb_build_object('en', nm, 'bm', nm, 'th', nm), jsonb_build_object('en', nm), jsonb_build_object('en', nm),
       (select coalesce(jsonb_agg(jsonb_build_object('en', a, 'bm', a, 'th', a)), '[]'::jsonb) from unnest(acts) a),
       500 + h4 % 900000, 4000 + h4 % 6900000, h5 % 10 <> 0, h5 % 7 <> 0,
       lower(nm), lower(brand), lower(nm || ' ' || brand || ' ' || array_to_string(acts, ' ') || ' ' || cat),
       h5 % 97 = 0
     from (
       select g, h1, h2, h3, h4, h5, h6, grp, cat, brand, acts,
         brand || ' ' || case
           when grp = 'drones' then ($7::text[])[1 + h3 % 8]
           when h6 % 2 = 0 then initcap(acts[1])
           else ($6::text[])[1 + h3 % 7] end
         || ' ' || (array['100SC','50WG','75WP','250EC','Max','Plus','Pro','Ultra'])[1 + h2 % 8] || ' ' || g as nm
       from (
         select g, h1, h2, h3, h4, h5, h6,
           case when h1 % 2 = 0 then 'agrochems' else 'drones' end as grp,
           case when h1 % 2 = 0 then ($1::text[])[1 + h2 % 5] else ($2::text[])[1 + h2 % 8] end as cat,
           case when h1 % 2 = 0 then ($4::text[])[1 + (h1 / 2) % 6] else ($5::text[])[1 + (h1 / 2) % 4] end as brand,
           case when h1 % 2 = 0 then array[($3::text[])[1 + h3 % 18]] else array[]::text[] end as acts
         from (
           select g,
             hashint4(g) & 2147483647 as h1, hashint4(g + 1000003) & 2147483647 as h2,
             hashint4(g + 2000003) & 2147483647 as h3, hashint4(g + 3000017) & 2147483647 as h4,
             hashint4(g + 4000037) & 2147483647 as h5, hashint4(g + 5000011) & 2147483647 as h6
           from generate_series(1, $8::int) g
         ) hashes
       ) attributes
     ) named`,
    [AGRO, DRONE, ACTIVES, AGRO_BRANDS, DRONE_BRANDS, AGRO_WORDS, DRONE_PARTS, n],
  )
  await c.query(`insert into search_terms (term)
    select distinct word from products, unnest(tsvector_to_array(search_vector)) as word
    where length(word) >= 2 and word !~ '^[0-9.,-]+$' on conflict do nothing`)
  await c.query('analyze products')
  await c.query('analyze search_terms')
  await c.end()
}

function startApi(db: string, cacheTtlMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...serverNodeFlags('api'), 'apps/api/src/server.ts'], {
    cwd: root,
    env: serverEnv({
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: urlFor(db),
      API_PORT: String(PORT),
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_MAX: '100000000',
      CATALOGUE_CACHE_TTL_MS: String(cacheTtlMs),
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      OTP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    }),
    stdio: 'ignore',
  })
  return waitForServer(`http://127.0.0.1:${PORT}/healthz`).then(() => child)
}

/**
 * The floor (docs/performance.md): a bare Fastify route making one prepared query of a list page
 * (24 products of the asked group in name order, the columns a card shows) on the same database,
 * answering its rows as JSON; nothing else. What any design with one database round trip per
 * request costs on this machine, measured in the same run as the API.
 */
function startFloor(db: string): Promise<ChildProcess> {
  const code = `
    const pool = new (require('pg').Pool)({ connectionString: ${JSON.stringify(urlFor(db))}, max: 10 })
    const text = 'select id, "group", category, brand, name, price_from_my, in_stock_my, photo from products where "group" = $1 and hidden_at is null order by sort_title, id limit 24'
    require('fastify')()
      .get('/api/v1/products', async (req) => {
        const group = req.query.group === 'drones' ? 'drones' : 'agrochems'
        const { rows } = await pool.query({ name: 'floor', text, values: [group] })
        return { data: rows }
      })
      .listen({ port: ${PORT}, host: '127.0.0.1' })`
  const child = spawn(process.execPath, [...serverNodeFlags('api'), '-e', code], {
    cwd: `${root}apps/api`,
    env: serverEnv({ ...process.env, NODE_ENV: 'production' }),
    stdio: 'ignore',
  })
  return waitForServer(`http://127.0.0.1:${PORT}/api/v1/products?group=drones`).then(() => child)
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
const typo = (w: string) => {
  const i = 1 + Math.floor(Math.random() * (w.length - 2))
  return w.slice(0, i) + w.slice(i + 1)
}

/** The list requests; with `deep`, pages further on by cursor too (asked of the API running). */
async function listPaths(deep = true): Promise<string[]> {
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
  for (const sort of deep ? sorts : []) {
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
      // As the web asks: a search from the agro-chemicals page (active ingredients are theirs).
      `/api/v1/products?group=agrochems&q=${encodeURIComponent(i % 2 ? typo(pick(ACTIVES)) : pick(ACTIVES))}&per_page=24&market=${i % 4 ? 'MY' : 'TH'}`,
  )

async function load(paths: string[], duration: number, api?: ChildProcess) {
  const api0 = api?.pid ? cpuTicks(api.pid) : 0
  const db0 = postgresTicks()
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: 50,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, path: pick(paths) }) }],
  })
  const n = Math.max(result.requests.total, 1)
  return {
    apiUs: api?.pid ? Math.round(((cpuTicks(api.pid) - api0) * TICK_US) / n) : 0,
    // A PostgreSQL process that exits during the run takes its ticks with it: never below 0.
    dbUs: Math.max(0, Math.round(((postgresTicks() - db0) * TICK_US) / n)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
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
const cal = await calibration(base, PORT + 1)
// Each size twice: as configured by default (answers kept for 30 s, ADR 015), and with the answer
// cache off, so every request goes to PostgreSQL.
const MODES = [
  ['cached', 30_000],
  ['uncached', 0],
] as const
const rows: string[] = []
const floors = new Map<number, Awaited<ReturnType<typeof load>>>()
for (const n of SIZES) {
  const db = `padi_bench_${n}`
  await admin((c) =>
    c
      .query(`drop database if exists ${db} with (force)`)
      .then(() => c.query(`create database ${db}`)),
  )
  await generate(db, n)
  let lists: string[] = []
  const searches = searchPaths()
  try {
    const floor = await startFloor(db)
    try {
      lists = await listPaths(false)
      await load(lists, WARM_UP)
      const r = await load(lists, DURATION, floor)
      floors.set(n, r)
      rows.push(
        `| ${n.toLocaleString('en')} | floor | one prepared query | 2 | ${r.rps} | ${r.p50} | ${r.p99} | ${r.apiUs} | ${r.dbUs} | ${r.errors} | 1.00 | 1.00 |`,
      )
    } finally {
      floor.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 500))
    }
    lists = []
    for (const [mode, ttl] of MODES) {
      const api = await startApi(db, ttl)
      try {
        if (lists.length === 0) lists = await listPaths()
        await load(lists, WARM_UP) // warm-up: JIT, connections, plan caches
        await load(searches, WARM_UP)
        const list = await load(lists, DURATION, api)
        const search = await load(searches, DURATION, api)
        const base = floors.get(n)!
        for (const [what, r, distinct] of [
          ['list', list, new Set(lists).size],
          ['search', search, new Set(searches).size],
        ] as const)
          rows.push(
            `| ${n.toLocaleString('en')} | ${what} | ${mode} | ${distinct} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.apiUs} | ${r.dbUs} | ${r.errors} | ${(r.rps / base.rps).toFixed(2)} | ${(r.p99 / base.p99).toFixed(2)} |`,
          )
      } finally {
        api.kill('SIGTERM')
        await new Promise((r) => setTimeout(r, 500))
      }
    }
  } finally {
    await admin((c) => c.query(`drop database if exists ${db} with (force)`))
  }
}
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}`,
)
console.log(`Calibration: ${cal}`)
console.log(
  '| Products | Request | Answers | Distinct requests | req/s | p50 ms | p99 ms | API CPU µs/req | PostgreSQL CPU µs/req | errors | req/s × floor | p99 × floor |\n|---|---|---|---|---|---|---|---|---|---|---|---|',
)
console.log(rows.join('\n'))
