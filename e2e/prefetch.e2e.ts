import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'

// docs/product/shell.md, Saving data and slow networks: the next page is fetched ahead of a tap on
// a good connection, in at most 4 code files, and not at all when the farmer saves data or is on 2G.

/** Makes the browser report a connection, as Chromium on Android does (Network Information API). */
async function connection(page: Page, info: { saveData: boolean; effectiveType: string }) {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ ...value, addEventListener() {}, removeEventListener() {} }),
    })
  }, info)
}

async function openListAndPointAtFirstCard(page: Page) {
  await page.goto('/en/products/agrochems')
  await page.waitForFunction(() => '__reactRouterDataRouter' in window)
  const card = page.locator('.cat-card').first()
  const href = await card.locator('.cat-card-name a').getAttribute('href')
  await card.locator('.cat-card-name a').hover()
  return { card, href: href ?? '' }
}

test('on a good connection a product card fetches its page ahead of the tap, in at most 4 code files', async ({
  page,
}) => {
  await connection(page, { saveData: false, effectiveType: '4g' })
  const dataRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('.data')) dataRequests.push(request.url())
  })
  const { card, href } = await openListAndPointAtFirstCard(page)
  // Hydration may finish just after the pointer arrived: point again until the prefetch shows.
  await expect(async () => {
    await page.mouse.move(0, 0)
    await card.locator('.cat-card-name a').hover()
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached({ timeout: 500 })
  }).toPass()
  await expect.poll(() => dataRequests.some((url) => url.includes(`${href}.data`))).toBe(true)
  const modules = await card.locator('link[rel="modulepreload"]').count()
  expect(modules).toBeLessThanOrEqual(4)
  // The tap then needs nothing more from the network to show the page.
  await card.locator('.cat-card-name a').click()
  await expect(page).toHaveURL(href)
  await expect(page.locator('h1')).toBeVisible()
})

for (const [label, info] of [
  ['saves data', { saveData: true, effectiveType: '4g' }],
  ['is on 2G', { saveData: false, effectiveType: '2g' }],
  ['is on slow 2G', { saveData: false, effectiveType: 'slow-2g' }],
] as const) {
  test(`nothing is fetched ahead of a tap when the farmer ${label}`, async ({ page }) => {
    await connection(page, info)
    const early: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('.data') || /\/assets\/.*detail/.test(request.url()))
        early.push(request.url())
    })
    const { card, href } = await openListAndPointAtFirstCard(page)
    // Point at the card again and again for two seconds, well past hydration (the good-connection
    // test above sees the prefetch within one such pass).
    for (let pass = 0; pass < 5; pass++) {
      await page.mouse.move(0, 0)
      await card.locator('.cat-card-name a').hover()
      await page.waitForTimeout(400)
    }
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0)
    expect(early).toEqual([])
    // The link itself still works, of course.
    await card.locator('.cat-card-name a').click()
    await expect(page).toHaveURL(href)
  })
}
