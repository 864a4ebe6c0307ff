import type { Browser } from '@playwright/test'
import { expect, startUsing, test } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/vouchers.md (the customer's QR code): the code changes every 60 seconds: with
 * scripts by the countdown, in place (the page is not loaded again: on a slow network that would
 * blank the code the counter is reading); without scripts by the page loading itself again.
 */
test('the QR code changes after a minute, with and without scripts', async ({ browser }) => {
  test.setTimeout(150_000)
  const watch = async (b: Browser, javaScriptEnabled: boolean) => {
    const context = await b.newContext({
      javaScriptEnabled,
      baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    })
    const page = await context.newPage()
    await loginInBrowser(page, '+60120000001')
    await page.goto('/en/qr')
    if (javaScriptEnabled) await startUsing(page)
    let loads = 0
    page.on('load', () => (loads += 1))
    const first = await page.locator('.qr-digits').textContent()
    await expect(page.locator('.qr-digits')).not.toHaveText(first!, { timeout: 70_000 })
    await context.close()
    return loads
  }
  const [withScripts, withoutScripts] = await Promise.all([
    watch(browser, true),
    watch(browser, false),
  ])
  expect(withScripts).toBe(0)
  expect(withoutScripts).toBe(1)
})
