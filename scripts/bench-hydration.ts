// `npm run bench:hydration`: what a page's scripts cost a phone once the farmer starts using the
// page (ADR 031: they start at the first interaction). Lighthouse never interacts, so its figures
// are those of the page before its scripts; this measures the work that moved, in Chromium with
// the network and CPU slowed through the DevTools protocol: from a pointer move on the painted page
// until React has hydrated it, the time taken and the blocking time (the part of each main-thread
// task over 50 ms, as Lighthouse counts it). Needs `npm run build`; starts its own servers on a
// fresh database (e2e/support/serve.ts) and stops them afterwards.
import { cpus, totalmem } from 'node:os'
import type { Page } from '@playwright/test'
import { startServersAndBrowser } from './bench-browser.ts'

const WEB = 3520
const API = 3521
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PAGES = [
  '/en',
  '/en/products/agrochems',
  '/en/products/agrochems/9',
  '/en/calculator/input-calculation',
  '/en/login',
]
// Lighthouse's mobile preset (150 ms RTT, 1.6 Mbps, CPU ×4) and the farmer phone (400 ms RTT,
// 400 kbps; CPU ×10, about what Lighthouse's calibration gives this machine).
const PRESETS = [
  { name: 'default', latency: 150, kbps: 1638, cpu: 4 },
  { name: 'farmer', latency: 400, kbps: 400, cpu: Number(process.env.BENCH_FARMER_CPU ?? 10) },
]

const { base, browser, stop } = await startServersAndBrowser(WEB, API)
try {
  const rows: string[] = []
  for (const path of PAGES) {
    for (const preset of PRESETS) {
      const runs: { total: number; blocking: number; longest: number }[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({
          viewport: { width: 360, height: 800 },
          isMobile: true,
          hasTouch: true,
        })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: preset.latency,
          downloadThroughput: (preset.kbps * 1024) / 8,
          uploadThroughput: (preset.kbps * 1024) / 8,
        })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: preset.cpu })
        await page.goto(base + path, { waitUntil: 'load' })
        runs.push(await interactAndHydrate(page))
        await context.close()
      }
      const med = (key: 'total' | 'blocking' | 'longest') =>
        runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!
      rows.push(
        `| ${path} | ${preset.name} (CPU ×${preset.cpu}) | ${fmt(med('total'))} | ${fmt(med('blocking'))} | ${fmt(med('longest'))} |`,
      )
    }
  }
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 10)}; median of ${RUNS}`,
  )
  console.log(
    '| Page | Preset | First interaction → hydrated | Blocking time in it | Longest task |\n|---|---|---|---|---|',
  )
  console.log(rows.join('\n'))
} finally {
  await stop()
}

/** Moves the pointer over the painted page, then waits for hydration; tasks measured in between. */
async function interactAndHydrate(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: PerformanceEntry[] }
    w.__tasks = []
    new PerformanceObserver((list) => w.__tasks.push(...list.getEntries())).observe({
      type: 'longtask',
    })
  })
  const start = await page.evaluate(() => performance.now())
  await page.mouse.move(10, 10)
  await page.waitForFunction(
    () => (window as unknown as Record<string, unknown>).__typedBeforeHydration === null,
    undefined,
    { timeout: 120_000, polling: 50 },
  )
  const end = await page.evaluate(() => performance.now())
  // Tasks still being reported (the observer is asynchronous).
  await page.waitForTimeout(200)
  const tasks = await page.evaluate(
    (since) =>
      (window as unknown as { __tasks: PerformanceEntry[] }).__tasks
        .filter((t) => t.startTime >= since)
        .map((t) => t.duration),
    start,
  )
  return {
    total: end - start,
    blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    longest: Math.max(0, ...tasks),
  }
}

function fmt(ms: number) {
  return `${Math.round(ms).toLocaleString('en')} ms`
}
