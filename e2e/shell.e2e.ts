import { test, expect } from './support/fixtures.ts'

test.describe('app shell (docs/product/shell.md)', () => {
  test('cookie consent is remembered', async ({ page, context }) => {
    await page.goto('/en')
    const banner = page.getByRole('region', { name: 'Cookies' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Accept' }).click()
    await expect(banner).toBeHidden()
    // The banner hides at once; the cookie comes with the answer to the post.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value)
      .toBe('accepted')
    await page.reload()
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0)
  })

  test('cookie consent works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/th/about')
    await page.getByRole('button', { name: 'เฉพาะที่จำเป็น' }).click()
    await expect(page).toHaveURL(/\/th\/about$/)
    await expect(page.getByRole('region', { name: 'คุกกี้' })).toHaveCount(0)
    await context.close()
  })

  test('has the loading bar, the modal host, the toast area, and the footer links', async ({
    page,
  }) => {
    await page.goto('/en')
    const bar = page.locator('.loading-bar')
    await expect(bar).toHaveCount(1)
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('4px')
    await expect(page.locator('#modal-root')).toHaveCount(1)
    const footer = page.getByRole('contentinfo')
    for (const name of ['Contact', 'Privacy policy', 'Terms'])
      await expect(footer.getByRole('link', { name })).toBeVisible()
  })

  test('titles read "{page} | {product}"', async ({ page }) => {
    await page.goto('/bm/register-interest')
    await expect(page).toHaveTitle('Daftar minat | SawahMart')
  })

  test('assets are content-hashed and cached for a long time', async ({ request }) => {
    // Read the server's HTML: its module preloads wait there until the first paint (ADR 029).
    const html = await (await request.get('/en')).text()
    const src = /<link rel="x-modulepreload" href="([^"]+)"/.exec(html)?.[1]
    expect(src).toMatch(/^\/assets\/.+-[A-Za-z0-9_-]{8}\.js$/)
    const res = await request.get(src!)
    expect(res.headers()['cache-control']).toContain('max-age=31536000')
    expect(res.headers()['cache-control']).toContain('immutable')
  })
})
