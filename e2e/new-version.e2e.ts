import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect, startUsing, test } from './support/fixtures.ts'
import { startWebServer } from './support/extra-web-server.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string }
    __seen?: { fetched: string[]; checked: number }
  }
}

const webDir = fileURLToPath(new URL('../apps/web/', import.meta.url))
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url))
const reactRouterCli = fileURLToPath(
  new URL('../node_modules/@react-router/dev/bin.js', import.meta.url),
)

/**
 * Records what the tests below would otherwise give a few seconds to happen: in each document of
 * the page, each fetch it starts (at the call) and each HEAD check of a script file once the page
 * has acted on its answer or its failure; and for the tab, each reload a page starts (kept in
 * sessionStorage, which outlives the document that reloads). "It did not reload" and "it did not
 * ask" are then read once the page has decided, not after a wait.
 */
async function recordWhatThePageDoes(page: Page) {
  await page.addInitScript(() => {
    const seen = { fetched: [] as string[], checked: 0 }
    window.__seen = seen
    const fetch = window.fetch
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      seen.fetched.push(input instanceof Request ? input.url : String(input))
      const answer = fetch.call(this, input, init)
      // Attached before the caller's handlers, so it runs first; the task it queues runs after
      // them, and after a reload they may have started.
      const acted = () => void setTimeout(() => (seen.checked += 1))
      if (init?.method === 'HEAD') answer.then(acted, acted)
      return answer
    }
    // The Navigation API's event fires inside location.reload(), before the document goes.
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation
    navigation?.addEventListener('navigate', (event) => {
      if ((event as Event & { navigationType?: string }).navigationType !== 'reload') return
      sessionStorage.setItem(
        'e2e:reloads',
        String(Number(sessionStorage.getItem('e2e:reloads')) + 1),
      )
    })
  })
}
/** The current document's record, and the reloads pages of this tab have started. */
const seen = (page: Page) =>
  page.evaluate(() => ({
    ...(window.__seen ?? { fetched: [], checked: 0 }),
    reloads: Number(sessionStorage.getItem('e2e:reloads')),
  }))
/** The asks for the latest build the page's current document has made. */
const latestAsked = async (page: Page) =>
  (await seen(page)).fetched.filter((url) => url.endsWith('/builds/latest.json'))

/**
 * docs/product/shell.md (A new version): after a deploy the page's next script file is gone
 * (404): the page reloads once to get the new version, and never loops; a file lost to a dropped
 * network does not reload the page.
 */
test.describe('a script file that fails to load', () => {
  const open = async (page: Page) => {
    let loads = 0
    page.on('load', () => (loads += 1))
    await recordWhatThePageDoes(page)
    await page.goto('/en/calculator/input-calculation')
    // The validation's file is asked for after the first touch.
    await page.getByLabel('Field area').fill('2')
    return () => loads
  }
  /** Resolves once the page's document has checked a failed file and acted on the answer. */
  const checked = (page: Page) => page.waitForFunction(() => (window.__seen?.checked ?? 0) >= 1)

  // Their own browser context: the failing file logs errors, which the shared fixture refuses.
  test('gone after a deploy (404): one reload, then no more', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_WEB_PORT}` })
    const page = await context.newPage()
    let asked = 0
    await page.route(/input-evaluation-[\w-]+\.js$/, (route) => {
      asked++
      return route.fulfill({ status: 404, body: 'gone' })
    })
    const loads = await open(page)
    await expect.poll(loads, { timeout: 10_000 }).toBe(2)
    // The reloaded page fails again at once: it stays, it does not reload a third time.
    await page.getByLabel('Field area').fill('3')
    await checked(page)
    expect((await seen(page)).reloads).toBe(1)
    expect(loads()).toBe(2)
    expect(asked).toBeGreaterThan(1)
    await context.close()
  })

  test('lost to the network: no reload', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_WEB_PORT}` })
    const page = await context.newPage()
    await page.route(/input-evaluation-[\w-]+\.js$/, (route) => route.abort())
    const loads = await open(page)
    await checked(page)
    expect((await seen(page)).reloads).toBe(0)
    expect(loads()).toBe(1)
    await context.close()
  })
})

/**
 * Counts the page's loads of its background work (the new-version watch, loaded after hydration);
 * `started(n)` waits for the n-th. The page's clock is the test's, so this is watched from here.
 */
function backgroundLoads(page: Page) {
  let loads = 0
  page.on('requestfinished', (r) => void (r.url().includes('/after-hydration-') && loads++))
  return async (n: number) => {
    await expect.poll(() => loads).toBeGreaterThanOrEqual(n)
    await page.evaluate(() => Promise.resolve())
  }
}

/**
 * docs/product/shell.md (A new version): a page open while a new build is deployed offers to
 * reload when the user moves on, once 5 minutes have passed since it last asked; a page of the
 * new build does not. A second build is made and deployed on a web server of this test's own.
 */
test.describe('the new-version notice', () => {
  test.describe.configure({ timeout: 180_000 })
  const port = E2E_WEB_PORT + 30

  test('after a rebuild and deploy: a toast offers to reload; the reloaded page is the new build', async ({
    browser,
  }) => {
    // Inside the repository, so the build's server finds its packages as the real one does.
    mkdirSync(cacheDir, { recursive: true })
    const next = mkdtempSync(join(cacheDir, 'next-build-'))
    // A new release: the same code, named anew (the error reports' release is built in).
    execFileSync(process.execPath, [reactRouterCli, 'build'], {
      cwd: webDir,
      env: { ...process.env, WEB_BUILD_DIR: next, VITE_APP_RELEASE: `next-${Date.now()}` },
      stdio: 'pipe',
    })
    let web = await startWebServer(port, { PAGE_CACHE_SECONDS: '0' })
    const context = await browser.newContext({ baseURL: web.url })
    const page = await context.newPage()
    try {
      await recordWhatThePageDoes(page)
      await page.clock.install()
      const started = backgroundLoads(page)
      await page.goto('/en/products')
      await startUsing(page)
      await started(1)
      const before = await page.evaluate(() => window.__reactRouterManifest?.version)
      let asked = 0
      page.on('request', (r) => void (r.url().endsWith('/builds/latest.json') && asked++))

      // Moving on within 5 minutes: not asked.
      await page.getByRole('link', { name: 'Agrochemicals' }).first().click()
      await expect(page).toHaveURL(/\/en\/products\/agrochems$/)
      expect(await latestAsked(page)).toEqual([])
      expect(asked).toBe(0)

      // The deploy: the server restarts on the new build.
      await web.stop()
      web = await startWebServer(port, { PAGE_CACHE_SECONDS: '0', WEB_BUILD_DIR: next })
      const latest = (await (await fetch(`${web.url}/builds/latest.json`)).json()) as { id: string }
      expect(latest.id).not.toBe(before)
      expect((await fetch(`${web.url}/builds/meta/${latest.id}.json`)).status).toBe(200)
      expect((await fetch(`${web.url}/builds/meta/${before}.json`)).status).toBe(404)

      await page.clock.fastForward('05:01')
      await page.getByRole('link', { name: 'Products' }).first().click()
      const toast = page.getByText('A new version of the shop is ready.')
      await expect(toast).toBeVisible()
      expect(asked).toBe(1)
      await page.getByRole('button', { name: 'Reload' }).click()
      await page.waitForLoadState('load')
      await startUsing(page)
      expect(await page.evaluate(() => window.__reactRouterManifest?.version)).toBe(latest.id)
      // The new build's page asks later and is not offered anything.
      await started(2)
      await page.clock.fastForward('05:01')
      await page.getByRole('link', { name: 'Agrochemicals' }).first().click()
      await expect.poll(() => asked).toBe(2)
      await expect(toast).toBeHidden()
    } finally {
      await context.close()
      await web.stop()
      rmSync(next, { recursive: true, force: true })
    }
  })

  test('never asked with Save-Data on (or on 2G)', async ({ browser }) => {
    const web = await startWebServer(port + 1, { PAGE_CACHE_SECONDS: '0' })
    const context = await browser.newContext({ baseURL: web.url })
    const page = await context.newPage()
    try {
      await page.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', {
          value: { saveData: true, effectiveType: '4g' },
        }),
      )
      await recordWhatThePageDoes(page)
      await page.clock.install()
      const started = backgroundLoads(page)
      await page.goto('/en/products')
      await startUsing(page)
      await started(1)
      await page.clock.fastForward('05:01')
      await page.getByRole('link', { name: 'Agrochemicals' }).first().click()
      // The watch decides, and asks if it does, as the move starts: before the address changes.
      await expect(page).toHaveURL(/\/en\/products\/agrochems$/)
      expect(await latestAsked(page)).toEqual([])
    } finally {
      await context.close()
      await web.stop()
    }
  })
})
