// `npm run bench:hydration`: whether a farmer's tap works, and how soon its effect shows, on a
// phone whose page's scripts start at the first interaction (ADR 031) or right after the first
// paint (script-policy.ts). For each interactive page, on both presets, a new touch-screen phone
// (360 × 800, network and CPU slowed through the DevTools protocol, nothing cached) opens the page
// and leaves it untouched; 3 s after the navigation started (the page's own clock: its time
// origin) it makes one real tap (or key) and the page itself notes when the tap's visible effect
// first shows (scripts/bench-hydration-watch.ts): a DOM condition of that page, looked for after
// every DOM change and at every animation frame. A tap whose effect has not shown 30 s later took
// no effect: that is a finding about the page, reported as such, not a failure of the bench. Also
// reported: how the tap was answered (by the browser alone, by a new page, or by the scripts) and
// when the tapped page hydrated. Builds the shop first (BENCH_NO_BUILD=1 reuses a build that is
// there, scripts/bench-build.ts); starts its own servers on a fresh
// PostgreSQL database (DATABASE_URL, default the local `test` server; e2e/support/serve.ts) and
// stops them afterwards. BENCH_RUNS (default 3) runs of each; BENCH_PAGES=/en/cart,/en/qr runs
// only those pages; BENCH_FARMER_CPU sets the farmer preset's CPU slow-down; BENCH_PORT (default
// 3520; the API on the next port, the calibration's server on the one after) when those are taken.
import { EventEmitter } from 'node:events'
import { createServer } from 'node:net'
import { cpus, loadavg, totalmem } from 'node:os'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DRONE_DEFAULT_TANK_LITRES } from '@padi/domain/calculators/input-calculation'
import { formatMoney } from '@padi/domain/money'
import { startServersAndBrowser } from './bench-browser.ts'
import { calibration } from './bench-calibration.ts'
import { watchScript, type WatchResult, type WatchSpec } from './bench-hydration-watch.ts'

// The web server's port, the API's next to it, and the calibration's hello server after that.
const WEB = Number(process.env.BENCH_PORT ?? 3520)
const API = WEB + 1
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** The measurement's definition: the farmer taps 3 s after the navigation started. */
const TAP_AFTER_MS = 3_000
/** A tap whose effect has not shown by then took no effect. */
const LIMIT_MS = 30_000
/** docs/performance.md: every tap's effect visible within 1 s (default preset), 3 s (farmer). */
const TARGET_MS: Record<string, number> = { default: 1_000, farmer: 3_000 }
// Lighthouse's mobile preset (150 ms RTT, 1.6 Mbps, CPU ×4) and the farmer phone (400 ms RTT,
// 400 kbps; CPU ×10, about what Lighthouse's calibration gives this machine).
const PRESETS = [
  { name: 'default', latency: 150, kbps: 1638, cpu: 4 },
  { name: 'farmer', latency: 400, kbps: 400, cpu: Number(process.env.BENCH_FARMER_CPU ?? 10) },
]
// docs/product/demo-mode.md: the demo customer (credit line, PIN set) and the demo branch staff.
const CUSTOMER = '+60120000001'
const STAFF = '+60120000003'
const PASSWORD = 'demo2026'
// PostgreSQL, as in production and as the server benches run (serve.ts uses PGlite without it).
const databaseUrl = (process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test')
const apiBase = `http://127.0.0.1:${API}/api/v1`

interface Scenario {
  path: string
  /** The tap and the effect looked for, for the table. */
  tap: string
  who: 'visitor' | 'customer' | 'staff'
  /** Per run, once logged in, before the page opens. */
  prepare?: (context: BrowserContext) => Promise<void>
  /** The farmer's tap (or key); null for a page nobody touches. */
  act: ((page: Page) => Promise<void>) | null
  /** What is wrong with the page as the tap found it, if anything: the bench's set-up is wrong. */
  problem?: (baseline: string) => string | null
  watch: WatchSpec
}

const tapOptions = { timeout: LIMIT_MS }
const noBaseline = () => ''

// The pages, their taps, and the visible effect of each (the selectors come from the pages'
// source: apps/web/app/routes/**). Each `watch` function runs in the page.
const SCENARIOS: Scenario[] = [
  {
    path: '/en/calculator/input-calculation',
    tap: `Drone (sprayer) → tank size ${DRONE_DEFAULT_TANK_LITRES} L`,
    who: 'visitor',
    act: (page) => page.locator('label.choice', { hasText: 'Drone' }).tap(tapOptions),
    problem: (tank) => (tank === String(DRONE_DEFAULT_TANK_LITRES) ? 'opened on a drone' : null),
    watch: {
      trigger: 'tap',
      expected: String(DRONE_DEFAULT_TANK_LITRES),
      baseline: () => document.querySelector<HTMLInputElement>('[name="tank_litres"]')?.value ?? '',
      effect: (_, tank) =>
        document.querySelector<HTMLInputElement>('[name="tank_litres"]')?.value === tank,
      state: () =>
        `sprayer ${document.querySelector<HTMLInputElement>('[name="sprayer"]:checked')?.value ?? 'none'}, tank size ${document.querySelector<HTMLInputElement>('[name="tank_litres"]')?.value ?? '?'} L`,
    },
  },
  {
    path: '/en/calculator/area-converter',
    tap: 'Swap units → From and To swapped',
    who: 'visitor',
    act: (page) => page.getByRole('button', { name: 'Swap units' }).tap(tapOptions),
    problem: (units) => (units.split('|')[0] === units.split('|')[1] ? 'From and To alike' : null),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: () =>
        `${document.querySelector<HTMLSelectElement>('[name="from"]')?.value}|${document.querySelector<HTMLSelectElement>('[name="to"]')?.value}`,
      effect: (units) =>
        `${document.querySelector<HTMLSelectElement>('[name="to"]')?.value}|${document.querySelector<HTMLSelectElement>('[name="from"]')?.value}` ===
        units,
      state: () =>
        `from ${document.querySelector<HTMLSelectElement>('[name="from"]')?.value} to ${document.querySelector<HTMLSelectElement>('[name="to"]')?.value}`,
    },
  },
  {
    path: '/en/products/agrochems/9',
    tap: 'Add to cart → header cart count',
    // Visitors have a cart of their own (ADR 035): each run's is new, so the count goes 0 → n.
    who: 'visitor',
    act: (page) => page.getByRole('button', { name: 'Add to cart' }).tap(tapOptions),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: () => document.querySelector('.header-cart')?.getAttribute('aria-label') ?? '',
      effect: (label) => {
        const now = document.querySelector('.header-cart')?.getAttribute('aria-label')
        return Boolean(now) && now !== label
      },
      state: () =>
        `header "${document.querySelector('.header-cart')?.getAttribute('aria-label')}", notice "${document.querySelector('.cat-add-result')?.textContent ?? ''}"`,
    },
  },
  {
    path: '/en/products/agrochems',
    tap: 'first product’s name → its page',
    who: 'visitor',
    act: (page) => page.locator('.cat-card-name a').first().tap(tapOptions),
    problem: (path) => (path ? null : 'no product listed'),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: () => {
        const link = document.querySelector<HTMLAnchorElement>('.cat-card-name a')
        return link ? new URL(link.href).pathname : ''
      },
      effect: (path) => location.pathname === path && document.querySelector('.cat-facts') !== null,
      state: () => `${location.pathname}: "${document.querySelector('h1')?.textContent}"`,
    },
  },
  {
    path: '/en/cart',
    // The cart has no + button: the count is a number field typed on the phone's keyboard.
    tap: '“Buy at checkout” tick → subtotal',
    who: 'customer',
    prepare: () => oneLineInCart(),
    act: (page) => page.locator('label.cart-select').first().tap(tapOptions),
    problem: (subtotal) => (subtotal ? null : 'no subtotal'),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: () => document.querySelector<HTMLElement>('.cart-subtotal strong')?.innerText ?? '',
      effect: (subtotal) => {
        const now = document.querySelector<HTMLElement>('.cart-subtotal strong')?.innerText
        return Boolean(now) && now !== subtotal
      },
      state: () =>
        `tick ${document.querySelector<HTMLInputElement>('.cart-select input')?.checked ? 'on' : 'off'}, subtotal ${document.querySelector<HTMLElement>('.cart-subtotal strong')?.innerText}`,
    },
  },
  {
    path: '/en/checkout',
    tap: `Collect at a branch → delivery fee ${formatMoney(0, 'MYR')}`,
    // With a credit line and a delivery address, checkout opens on delivery (its loader).
    who: 'customer',
    prepare: () => oneLineInCart(),
    act: (page) => page.locator('label.choice', { hasText: 'Collect at a branch' }).tap(tapOptions),
    problem: (fee) =>
      !fee || fee.includes(formatMoney(0, 'MYR')) ? `opened with delivery fee "${fee}"` : null,
    watch: {
      trigger: 'tap',
      expected: formatMoney(0, 'MYR'),
      // The summary: Subtotal, Delivery fee, Total. What shows (innerText), not what the DOM
      // holds: a page may keep both figures and show the chosen one with CSS.
      baseline: () =>
        document
          .querySelector<HTMLElement>('.checkout-totals dt:nth-of-type(2) + dd')
          ?.innerText.trim() ?? '',
      effect: (fee, zero) => {
        const shown = document
          .querySelector<HTMLElement>('.checkout-totals dt:nth-of-type(2) + dd')
          ?.innerText.trim()
        return shown !== undefined && shown.includes(zero) && !shown.includes(fee)
      },
      state: () =>
        `${document.querySelector<HTMLInputElement>('[name="fulfilment"]:checked')?.value ?? 'nothing'} chosen, delivery fee shown "${document.querySelector<HTMLElement>('.checkout-totals dt:nth-of-type(2) + dd')?.innerText.trim()}"`,
    },
  },
  {
    path: '/en/checkout/payment',
    // The PIN pad is the phone's numeric keyboard (inputMode numeric); the field has the cursor.
    tap: 'PIN digit → a dot in the PIN field',
    who: 'customer',
    prepare: async (context) => {
      await oneLineInCart()
      await chooseCollectionOnCredit(context)
    },
    act: async (page) => {
      const pin = page.getByLabel('Payment PIN')
      // The page puts the cursor in the field; if it did not, the farmer taps the field first.
      if (!(await pin.evaluate((field) => field === document.activeElement, tapOptions)))
        await pin.tap(tapOptions)
      await page.keyboard.press('3')
    },
    watch: {
      trigger: 'key',
      expected: '',
      baseline: () =>
        String(document.querySelector<HTMLInputElement>('[name="pin"]')?.value.length ?? 0),
      effect: (before) =>
        (document.querySelector<HTMLInputElement>('[name="pin"]')?.value.length ?? 0) >
        Number(before),
      state: () =>
        `PIN field holds ${document.querySelector<HTMLInputElement>('[name="pin"]')?.value.length} characters`,
    },
  },
  {
    path: '/en/qr',
    tap: 'none: navigation start → the page is live',
    who: 'customer',
    act: null,
    watch: {
      trigger: 'arrival',
      expected: '',
      baseline: noBaseline,
      // ADR 084: the live part's own small script marks the part it has taken in hand.
      effect: () => document.querySelector('.qr-live[data-live]') !== null,
      state: () => `countdown "${document.querySelector('.qr-countdown')?.textContent}"`,
    },
  },
  {
    path: '/en/staff',
    tap: 'Scan the QR code → camera or its message',
    who: 'staff',
    act: (page) => page.getByRole('button', { name: 'Scan the QR code' }).tap(tapOptions),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: noBaseline,
      // Headless Chromium has no camera: the scanner's own message is its visible answer.
      effect: () =>
        document.querySelector('.counter-scanner video:not([hidden])') !== null ||
        document.querySelector('.counter-scanner [role="alert"]') !== null,
      state: () =>
        document.querySelector('.counter-scanner')?.textContent ?? 'no scanner on the page',
    },
  },
  {
    path: '/en/login',
    tap: 'Log in, form empty → fields marked wrong',
    who: 'visitor',
    act: (page) => page.getByRole('button', { name: 'Log in' }).tap(tapOptions),
    watch: {
      trigger: 'tap',
      expected: '',
      baseline: noBaseline,
      effect: () =>
        location.pathname === '/en/login' &&
        document.querySelector('form [aria-invalid="true"]') !== null,
      state: () =>
        `${location.pathname}: ${document.querySelector('.field-error, .form-error')?.textContent ?? 'no error shown'}`,
    },
  },
]

/** One run: what the page noted, or why the tap could not be made. */
interface Run {
  /** Tap → effect, if it took effect within the limit. */
  effectMs: number | null
  answeredBy: 'browser' | 'new page' | 'scripts' | null
  /** Tap → this page hydrated: ≤ 0 if before the tap; null if it left the page or never did. */
  hydratedMs: number | null
  leftPage: boolean
  lost: boolean
  tapAtMs: number | null
  fcpMs: number | null
  /** What started the scripts ('the tap', a scroll or focus before it, the page itself), and when. */
  startedBy: { what: string; atMs: number | null }
  failure: string | null
  errors: string[]
}

const only = process.env.BENCH_PAGES?.split(',')
const scenarios = only ? SCENARIOS.filter((s) => only.includes(s.path)) : SCENARIOS
// A server already on these ports (another worktree's bench, say) would answer in place of ours
// (bench-browser.ts waits for whatever answers): then the figures would be of another build.
for (const port of [WEB, API, API + 1]) await expectFree(port)
const load = loadavg()[0]!.toFixed(1)
const cal = await calibration(databaseUrl, API + 2)
const started = Date.now()
const { base, browser, stop } = await startServersAndBrowser(WEB, API)
let pack = 0
let branch = 0
try {
  await setUpCustomer()
  const rows: string[] = []
  const contextRows: string[] = []
  const notes: string[] = []
  for (const scenario of scenarios) {
    for (const preset of PRESETS) {
      const runs: Run[] = []
      for (let i = 0; i < RUNS; i++) {
        const run = await runOnce(browser, scenario, preset)
        runs.push(run)
        // Progress on stderr: the tables come at the end.
        console.error(
          `${scenario.path} ${preset.name} ${i + 1}/${RUNS}: ${run.effectMs === null ? (run.failure ?? 'no effect') : `${ms(run.effectMs)} (${run.answeredBy})`}`,
        )
      }
      const label = `${preset.name} (CPU ×${preset.cpu})`
      rows.push(
        `| ${scenario.path} | ${scenario.tap} | ${label} | ${timeCell(runs)} | ${tookCell(runs)} | ${targetCell(scenario, runs, TARGET_MS[preset.name]!)} | ${answeredCell(runs)} | ${hydratedCell(runs)} |`,
      )
      contextRows.push(
        `| ${scenario.path} | ${label} | ${ms(median(runs.map((r) => r.fcpMs)))} | ${ms(median(runs.map((r) => r.tapAtMs)))} | ${startedCell(runs)} |`,
      )
      for (const note of counted(runs.flatMap((r) => (r.failure ? [r.failure] : []))))
        notes.push(`- ${scenario.path}, ${preset.name}: ${note}`)
      for (const error of counted(runs.flatMap((r) => r.errors)))
        notes.push(`- ${scenario.path}, ${preset.name}, page error: ${error}`)
    }
  }
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; load average ${load} before, ${loadavg()[0]!.toFixed(1)} after; ${new Date().toISOString().slice(0, 10)}; ${RUNS} runs each; ${Math.round((Date.now() - started) / 60_000)} min`,
  )
  console.log(`Calibration: ${cal}`)
  console.log(
    `\nTap ${TAP_AFTER_MS / 1000} s after the navigation started; limit ${LIMIT_MS / 1000} s; target: every run's effect within ${TARGET_MS.default! / 1000} s (default) or ${TARGET_MS.farmer! / 1000} s (farmer). Answered by: the browser alone (before the scripts), a new page the browser loaded, or the scripts (after hydration).\n`,
  )
  console.log(
    `| Page | Tap → effect looked for | Preset | Tap → effect (median, min–max of ${RUNS}) | Took effect | Target | Answered by | Tap → hydrated (median) |\n|---|---|---|---|---|---|---|---|`,
  )
  console.log(rows.join('\n'))
  console.log(
    '\n| Page | Preset | First paint (median) | Tap at (median) | Scripts started by |\n|---|---|---|---|---|',
  )
  console.log(contextRows.join('\n'))
  if (notes.length > 0)
    console.log(`\nTaps that took no effect, and page errors:\n${notes.join('\n')}`)
} finally {
  await stop()
}

/** Opens the page on a new phone, taps 3 s after the navigation started, and reads the page's notes. */
async function runOnce(
  browser: Browser,
  scenario: Scenario,
  preset: (typeof PRESETS)[number],
): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
  })
  try {
    if (scenario.who !== 'visitor')
      await logIn(context, scenario.who === 'staff' ? STAFF : CUSTOMER)
    await scenario.prepare?.(context)
    // The page tells Node what happened (the times are read from it afterwards).
    const seen = new Set<string>()
    const events = new EventEmitter()
    await context.exposeBinding('__benchReport', (_source, kind: string) => {
      seen.add(kind)
      events.emit(kind)
    })
    const until = (kind: string, deadline: number) =>
      new Promise<void>((resolve) => {
        if (seen.has(kind)) return resolve()
        const done = () => {
          clearTimeout(timer)
          events.off(kind, done)
          resolve()
        }
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()))
        events.on(kind, done)
      })
    await context.addInitScript({ content: watchScript(scenario.watch) })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // The browser logs each 4xx document or fetch (the empty log-in form's 400): not an error.
      if (
        message.type() === 'error' &&
        !/the server responded with a status of 4\d\d/.test(message.text())
      )
        errors.push(message.text())
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: preset.latency,
      downloadThroughput: (preset.kbps * 1024) / 8,
      uploadThroughput: (preset.kbps * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: preset.cpu })
    await page.goto(base + scenario.path, { waitUntil: 'commit' })
    const path = new URL(page.url()).pathname
    if (path !== scenario.path) throw new Error(`${scenario.path} opened as ${path}`)
    let failure: string | null = null
    if (scenario.act) {
      // The measurement's definition, not a wait for something: the farmer looks at the page
      // for 3 s (from the navigation's start, on the page's clock), then taps.
      await page.evaluate(
        (at) =>
          new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now()))),
        TAP_AFTER_MS,
      )
      await page.evaluate(() =>
        (window as unknown as { __bench: { arm: () => void } }).__bench.arm(),
      )
      try {
        await scenario.act(page)
      } catch (error) {
        // The target never became tappable within the limit: the tap took no effect.
        failure = `the tap could not be made: ${(error as Error).message.split('\n')[0]}`
      }
    }
    const deadline = Date.now() + LIMIT_MS
    // A tap that could not be made has no effect to wait for (its 30 s are already spent).
    if (!failure) await until('effect', deadline)
    let result = await readResult(page)
    // Tap → hydrated needs the tapped page to hydrate; a page the tap replaced never will.
    if (result.doc === result.tapDoc && result.now.hydratedAt === null) {
      await until('hydrated', deadline)
      result = await readResult(page)
    }
    const problem = result.tapAt === null ? null : scenario.problem?.(result.baseline)
    if (problem) throw new Error(`${scenario.path} as tapped: ${problem}`)
    return summarise(result, failure, errors)
  } finally {
    await context.close()
  }
}

/** What the page noted; asked again once a document that was loading is there. */
async function readResult(page: Page): Promise<WatchResult> {
  const read = () =>
    page.evaluate(() =>
      (window as unknown as { __bench: { result: () => WatchResult } }).__bench.result(),
    )
  try {
    return await read()
  } catch {
    // A new document was replacing the tapped one as we asked.
    await page.waitForLoadState('domcontentloaded')
    return read()
  }
}

function summarise(result: WatchResult, failure: string | null, errors: string[]): Run {
  const { tapAt, tapDoc, effectAt } = result
  const took = tapAt !== null && effectAt !== null && effectAt - tapAt <= LIMIT_MS
  const sameDoc = result.doc === tapDoc
  // How the tapped page stood when tapped (a page nobody touches: as it stands now).
  const before = result.tapContext ?? result.now
  const first = before.firstInteraction
  const hydratedAt = sameDoc ? result.now.hydratedAt : before.hydratedAt
  return {
    effectMs: took ? effectAt - tapAt : null,
    answeredBy: !took
      ? null
      : result.effectDoc !== tapDoc
        ? 'new page'
        : result.effectAfterHydration
          ? 'scripts'
          : 'browser',
    hydratedMs: tapAt !== null && hydratedAt !== null ? hydratedAt - tapAt : null,
    leftPage: !sameDoc,
    lost: took && !result.holdsNow,
    tapAtMs: tapAt !== null && tapDoc !== null ? tapAt - Number(tapDoc) : null,
    fcpMs: before.fcp,
    startedBy: before.scriptsNow
      ? { what: 'the page, at once', atMs: null }
      : first === null
        ? { what: 'nothing', atMs: null }
        : tapAt !== null && first.at >= tapAt - 1
          ? { what: 'the tap', atMs: null }
          : { what: first.type, atMs: first.at - Number(tapDoc ?? result.doc) },
    failure:
      failure ??
      (took ? null : `no effect within ${LIMIT_MS / 1000} s; the page shows ${result.state}`),
    errors,
  }
}

// The demo customer's set-up, through the API: a delivery address (so checkout opens on
// delivery, as it does for a customer with a credit line and an address) and one pack under the
// free-delivery threshold, so a delivery fee shows.
async function setUpCustomer() {
  const token = await customerToken()
  const addresses = (await api('GET', '/me/addresses', token)) as { data: unknown[] }
  if (addresses.data.length === 0)
    await api('POST', '/me/addresses', token, {
      name: 'Home',
      address: 'Lot 12, Kampung Tanjung Pauh',
      city: 'Jitra',
      state: 'MY-02',
      postcode: '06000',
    })
  const product = (await api('GET', '/products/1?market=MY', '')) as {
    variations: { id: number; price: { amount_minor: number } | null; stock: number }[]
  }
  const cheap = product.variations.find(
    (v) => v.price && v.price.amount_minor < 30_000 && v.stock > 100,
  )
  if (!cheap) throw new Error('product 1 has no pack under RM300 in stock')
  pack = cheap.id
  const branches = (await api('GET', '/branches?market=MY', '')) as {
    data: { id: number }[]
  }
  branch = branches.data[0]!.id
}

/** The customer's cart as each run starts: that one pack, once, ticked. */
async function oneLineInCart() {
  const token = await customerToken()
  const cart = (await api('GET', '/me/cart', token)) as { lines: { variation_id: number }[] }
  for (const line of cart.lines)
    if (line.variation_id !== pack)
      await api('DELETE', `/me/cart/lines/${line.variation_id}`, token)
  await api('PUT', `/me/cart/lines/${pack}`, token, { count: 1, selected: true })
}

/** A fresh access token (the servers' tokens last 10 minutes; the bench runs longer). */
async function customerToken(): Promise<string> {
  const answer = (await api('POST', '/auth/login', '', {
    mobile: CUSTOMER,
    password: PASSWORD,
  })) as {
    access_token: string
  }
  return answer.access_token
}

/** Checkout's form as the browser posts it: collection at a branch, paid with credit. */
async function chooseCollectionOnCredit(context: BrowserContext) {
  const res = await context.request.post(`${base}/en/checkout`, {
    form: { fulfilment: 'pickup', payment: 'credits', branch_id: branch, remarks: '' },
    headers: { origin: base },
    maxRedirects: 0,
  })
  if (res.status() !== 303 || !res.headers().location?.endsWith('/en/checkout/payment'))
    throw new Error(`checkout: ${res.status()} ${res.headers().location ?? (await res.text())}`)
}

/**
 * Logs in through the web's log-in form, as the browser posts it, in this phone's cookie jar. The
 * redirect is followed: the page it shows takes the "logged in" message, whose toast would
 * otherwise start the measured page's scripts at once.
 */
async function logIn(context: BrowserContext, mobile: string) {
  const res = await context.request.post(`${base}/en/login`, {
    form: { mobile, password: PASSWORD },
    headers: { origin: base },
  })
  if (!res.ok() || new URL(res.url()).pathname.endsWith('/login'))
    throw new Error(`log-in of ${mobile}: ${res.status()} at ${res.url()}`)
}

/** The API itself, with a customer's token ('' for none). */
async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(apiBase + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.status === 204 ? null : ((await res.json()) as unknown)
}

async function expectFree(port: number) {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', () =>
      reject(new Error(`port ${port} is taken (another server or bench?): set BENCH_PORT`)),
    )
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b)
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)]!
}

function ms(value: number | null): string {
  return value === null ? '—' : `${Math.round(value).toLocaleString('en')} ms`
}

/** Distinct values with how many runs had each: "new page ×3". */
function counted(values: string[]): string[] {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].map(([v, n]) => (n === 1 && values.length === 1 ? v : `${v} ×${n}`))
}

function timeCell(runs: Run[]): string {
  const times = runs.map((r) => r.effectMs).filter((t): t is number => t !== null)
  if (times.length === 0) return '—'
  const whole = (t: number) => Math.round(t).toLocaleString('en')
  return `${ms(median(times))} (${whole(Math.min(...times))}–${whole(Math.max(...times))})`
}

/** Met when every run took effect within the preset's target; a page nobody touches has none. */
function targetCell(scenario: Scenario, runs: Run[], target: number): string {
  if (!scenario.act) return 'n/a'
  return runs.every((r) => r.effectMs !== null && r.effectMs <= target) ? 'met' : '**missed**'
}

function tookCell(runs: Run[]): string {
  const n = runs.filter((r) => r.effectMs !== null).length
  const lost = runs.filter((r) => r.lost).length
  const word = n === runs.length ? 'yes' : n === 0 ? '**no**' : '**partly**'
  return `${word}, ${n}/${runs.length}${lost ? `, then undone ${lost}/${runs.length}` : ''}`
}

/** "the tap ×3", or "focusin (median 668 ms) ×2, the tap ×1". */
function startedCell(runs: Run[]): string {
  const kinds = [...new Set(runs.map((r) => r.startedBy.what))]
  return kinds
    .map((what) => {
      const these = runs.filter((r) => r.startedBy.what === what)
      const at = median(these.map((r) => r.startedBy.atMs))
      return `${what}${at === null ? '' : ` (median ${ms(at)})`} ×${these.length}`
    })
    .join(', ')
}

function answeredCell(runs: Run[]): string {
  const by = runs.flatMap((r) => (r.answeredBy ? [r.answeredBy] : []))
  return by.length === 0 ? '—' : counted(by).join(', ')
}

function hydratedCell(runs: Run[]): string {
  const times = runs.map((r) => r.hydratedMs).filter((t): t is number => t !== null)
  const after = times.filter((t) => t > 0)
  if (after.length > 0 && after.length >= times.length - after.length) return ms(median(after))
  if (times.length > 0) return 'before the tap'
  return runs.every((r) => r.leftPage) ? '— (page replaced)' : `— (not within ${LIMIT_MS / 1000} s)`
}
