import { test as base, expect, type Page, type Request } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/**
 * Every browser test fails on a console error, an uncaught page error or a failed request
 * (docs/product/shell.md). Tests that expect an error status (404 pages) say so with `allowStatus`.
 */
export const test = base.extend<{ problems: string[] }>({
  // docs/product/shell.md: a page's scripts start when the farmer starts using it (ADR 031), after
  // its first paint. Tests drive the page as a farmer does once it is fully there: `page.goto`
  // (waiting for `load`, as by default) then moves the pointer and waits until React has hydrated
  // the page. Tests of the moments before that pass `waitUntil: 'domcontentloaded'`
  // (e2e/scripts-after-paint.e2e.ts).
  page: async ({ page }, use) => {
    trackRequests(page)
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      const waitUntil = options?.waitUntil ?? 'load'
      if (waitUntil === 'load' || waitUntil === 'networkidle') await startUsing(page)
      return response
    }
    await use(page)
  },
  // The tests' own calls to the API (accounts, credit, checks of what was kept) each on a
  // connection of its own. A kept-alive connection left idle while the browser uploads for a
  // minute meets the API closing it after 72 s of quiet (Fastify's keepAliveTimeout): a call made
  // at that moment fails with ECONNRESET (seen once in a KYC test, 78 s in).
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { connection: 'close' },
    })
    await use(request)
    await request.dispose()
  },
  problems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return
        // The browser logs each 4xx/5xx document load; the tests check statuses themselves.
        if (
          /Failed to load resource: the server responded with a status of (400|401|403|404|409|429)/.test(
            msg.text(),
          )
        )
          return
        problems.push(`console: ${msg.text()}`)
      })
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
      page.on('requestfailed', (req) => {
        const failure = req.failure()?.errorText ?? ''
        // Navigations cut short by the next navigation are not failures.
        if (failure.includes('ERR_ABORTED')) return
        problems.push(`requestfailed: ${req.url()} ${failure}`)
      })
      await use(problems)
      expect(problems, 'console errors, page errors or failed requests').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

/**
 * The farmer moves the pointer over the page, once its starter listens (which starts its
 * scripts). The starter is the document's last script: a pointer moved while a page that has just
 * come (its words already shown) is still arriving meets no listener and starts nothing, and the
 * page would then wait for a touch that never comes. Seen on the farmer's slow line.
 */
export async function touchWhenListening(page: Page) {
  await page.waitForFunction(
    () => '__typedBeforeHydration' in window || document.readyState !== 'loading',
  )
  await page.mouse.move(1, 1)
  await page.mouse.move(2, 2)
}

/** The farmer starts using the page (a pointer move starts its scripts), which then hydrates. */
export async function startUsing(page: Page) {
  await touchWhenListening(page)
  await hydrated(page)
}

/**
 * Resolves once the page has hydrated: the root closes the starter's record of what was typed
 * before its scripts arrived (apps/web/app/utils/typed-before-hydration.ts). A document without
 * the starter (an API answer, a file) has nothing to wait for.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      !('__typedBeforeHydration' in window) ||
      (window as unknown as Record<string, unknown>).__typedBeforeHydration === null,
  )
}

const inFlight = new WeakMap<Page, { open: Set<Request>; idle: Array<() => void> }>()

/**
 * Counts the page's requests in flight, for `settled`. Called for the fixture's page; a test that
 * opens pages of its own calls it on each, before the first `goto`.
 */
export function trackRequests(page: Page) {
  const state = { open: new Set<Request>(), idle: [] as Array<() => void> }
  inFlight.set(page, state)
  page.on('request', (req) => {
    // A stream left open by design is never "finished".
    if (req.resourceType() !== 'eventsource' && req.resourceType() !== 'websocket')
      state.open.add(req)
  })
  const done = (req: Request) => {
    state.open.delete(req)
    if (state.open.size === 0) for (const resolve of state.idle.splice(0)) resolve()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
}

/**
 * The page has settled: every request it started has finished, and two frames have passed without
 * a new one (an image that came into view starts its request at layout). Unlike
 * `waitForLoadState('networkidle')`, which always waits 500 ms after the last request, this waits
 * only while something is in flight (about 0.5 s saved per page, docs/testing.md).
 */
export async function settled(page: Page) {
  const state = inFlight.get(page)
  if (!state) throw new Error('settled(page): call trackRequests(page) when the page is opened')
  for (;;) {
    if (state.open.size > 0) await new Promise<void>((resolve) => state.idle.push(resolve))
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    )
    if (state.open.size === 0) return
  }
}

/**
 * Resolves once the page's animations that end have ended, and counts from then on the animations
 * and transitions that start (read by `movedSince`). Endless ones (a spinner) are not waited for.
 */
function animationsEnded() {
  const w = window as unknown as { __animationStarts?: number }
  if (w.__animationStarts === undefined) {
    const count = () => {
      w.__animationStarts = (w.__animationStarts ?? 0) + 1
    }
    document.addEventListener('animationstart', count, true)
    document.addEventListener('transitionrun', count, true)
  }
  return Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  ).then(() => {
    w.__animationStarts = 0
  })
}

/** Whether an animation or transition started since `animationsEnded` resolved. */
function movedSince() {
  return ((window as unknown as { __animationStarts?: number }).__animationStarts ?? 0) > 0
}

/** axe-core: no serious or critical violations (docs/product/shell.md). */
export async function expectAccessible(page: Page) {
  // Judged on a page at rest, not mid-animation: a toast fading in or out has its text at part
  // opacity, which axe reads as too little contrast. A toast can start after the wait (its code
  // arrives on demand, and it leaves when its time is up), so a check during which anything
  // started to move is made again once it has ended (seen on the addresses and settings pages).
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(animationsEnded)
    // Legacy mode runs the whole check in the page itself. The default mode runs it in pieces, one
    // per frame, then joins them in a blank page it opens for the purpose: that page and a second
    // copy of axe in it took 0.5-0.9 s of each 1.1-1.8 s check, with the same findings (measured
    // in docs/testing.md). What legacy mode leaves out is frames of another origin, and our pages
    // have none: their only frames show our own uploads.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .setLegacyMode()
      .analyze()
    if (attempt < 5 && (await page.evaluate(movedSince))) continue
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      )
    expect(bad, `axe violations on ${page.url()}`).toEqual([])
    return
  }
}

/** Nothing may scroll sideways at 360 px (docs/product/shell.md). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `page scrolls sideways on ${page.url()}`).toBeLessThanOrEqual(0)
}

export const VIEWPORTS = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
] as const
