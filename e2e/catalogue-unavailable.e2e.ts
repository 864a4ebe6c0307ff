import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test, expect, expectAccessible } from './support/fixtures.ts'

// docs/product/catalogue.md: "There was a problem loading the list" — the real web server with its API unreachable
// (a second web server of its own, pointed at a closed port), not a mocked loader.

const root = fileURLToPath(new URL('..', import.meta.url))
const PORT = Number(process.env.E2E_WEB_PORT ?? 3300) + 10
const BASE = `http://127.0.0.1:${PORT}`
let web: ChildProcess

test.beforeAll(async () => {
  web = spawn(process.execPath, ['apps/web/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      // Port 9 (discard) has no listener here: every API call fails to connect.
      API_URL: 'http://127.0.0.1:9',
      MAP_TILE_URL: '',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
    },
    stdio: 'ignore',
  })
  for (let i = 0; i < 80; i++) {
    try {
      await fetch(`${BASE}/en`)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error('web server did not start')
})
test.afterAll(() => {
  web.kill('SIGTERM')
})

test.describe('catalogue with the API down (docs/product/catalogue.md)', () => {
  test('the list and the product page say so, offer to try again, and the rest of the site works', async ({
    browser,
  }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (msg) => {
      // The browser logs the 503 of the page itself; anything else is a problem.
      if (msg.type() === 'error' && !/status of 503/.test(msg.text())) problems.push(msg.text())
    })
    page.on('pageerror', (err) => problems.push(err.message))

    const list = await page.goto(`${BASE}/en/products/agrochems?q=azodif`)
    expect(list?.status()).toBe(503)
    await expect(page.getByRole('alert')).toContainText('There was a problem loading the list.')
    const retry = page.getByRole('link', { name: 'Try again' })
    await expect(retry).toHaveAttribute('href', '/en/products/agrochems?q=azodif')
    // The search box still shows what was asked, so nothing typed is lost.
    await expect(page.getByLabel('Search products')).toHaveValue('azodif')
    await expectAccessible(page)

    const detail = await page.goto(`${BASE}/bm/products/agrochems/9`)
    expect(detail?.status()).toBe(503)
    await expect(page.getByRole('alert')).toBeVisible()

    // Pages that do not need the catalogue still answer 200.
    for (const path of ['/en', '/en/products', '/en/calculator/input-calculation']) {
      expect((await page.goto(`${BASE}${path}`))?.status(), path).toBe(200)
    }
    expect(problems).toEqual([])
    await context.close()
  })
})
