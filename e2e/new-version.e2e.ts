import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/shell.md (A new version): after a deploy the page's next script file is gone
 * (404): the page reloads once to get the new version, and never loops; a file lost to a dropped
 * network does not reload the page.
 */
test.describe('a script file that fails to load', () => {
  const open = async (page: Page) => {
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.goto('/en/calculator/input-calculation')
    // The validation's file is asked for after the first touch.
    await page.getByLabel('Field area').fill('2')
    return () => loads
  }

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
    await page.waitForTimeout(3000)
    expect(loads()).toBe(2)
    expect(asked).toBeGreaterThan(1)
    await context.close()
  })

  test('lost to the network: no reload', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_WEB_PORT}` })
    const page = await context.newPage()
    await page.route(/input-evaluation-[\w-]+\.js$/, (route) => route.abort())
    const loads = await open(page)
    await page.waitForTimeout(3000)
    expect(loads()).toBe(1)
    await context.close()
  })
})
