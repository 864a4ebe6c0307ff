import { test, expect } from './support/fixtures.ts'

// docs/product/shell.md: a page's styles come inside its HTML, so a farmer on a slow network waits
// for one download before the first paint (ADR 032); a page reached in the browser afterwards
// fetches the stylesheets it adds, and is shown once they are in.
test.describe('page styles (ADR 032)', () => {
  test('the first load fetches no stylesheet: the page carries its own', async ({ page }) => {
    const stylesheets: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') stylesheets.push(r.url())
    })
    await page.goto('/en/products/agrochems')
    expect(stylesheets).toEqual([])
    const inlined = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].flatMap((s) =>
        (s.getAttribute('data-href') ?? '').split(' '),
      ),
    )
    expect(inlined.some((href) => /^\/assets\/app-[\w-]+\.css$/.test(href))).toBe(true)
    expect(inlined.some((href) => /^\/assets\/catalogue-[\w-]+\.css$/.test(href))).toBe(true)
    expect(inlined.some((href) => /^\/assets\/product-list-[\w-]+\.css$/.test(href))).toBe(true)
    // Styled before any script ran, and still styled once React has taken the page over.
    await expect(page.locator('.cat-grid').first()).toHaveCSS('display', 'grid')
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)
  })

  test('a page reached in the browser fetches the stylesheet it adds, and keeps the first page’s', async ({
    page,
  }) => {
    await page.goto('/en/login')
    // Every stylesheet the document fetched, from the browser's own record: a stylesheet fetched
    // ahead of the tap (prefetch on intent) counts too, and a later load from the cache does not
    // hide it.
    const stylesheets = () =>
      page.evaluate(() => [
        ...new Set(
          performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name).pathname)
            .filter((p) => p.endsWith('.css')),
        ),
      ])
    expect(await stylesheets()).toEqual([])
    // The scripts start at the first interaction (ADR 031); the click must find React Router
    // running, or the browser itself loads the next document (with its styles inside, no fetch).
    await page.mouse.move(1, 1)
    await page.waitForFunction(() => '__reactRouterDataRouter' in window)
    await page.locator('.main-nav-desktop').getByRole('link', { name: 'Products' }).click()
    await expect(page).toHaveURL(/\/en\/products$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // React Router took the link over (no new document), with the catalogue's stylesheet.
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true)
    // The browser records a fetch when it ends, which on a busy machine can be after the page
    // shows: the same two stylesheets are awaited, not sampled at one instant (failed 1 CI run).
    await expect.poll(stylesheets).toHaveLength(2)
    const fetched = await stylesheets()
    expect(fetched).toContainEqual(expect.stringMatching(/^\/assets\/catalogue-[\w-]+\.css$/))
    expect(fetched).toContainEqual(expect.stringMatching(/^\/assets\/product-list-[\w-]+\.css$/))
    await expect(page.locator('.cat-groups')).toHaveCSS('display', 'grid')

    await page.goBack()
    await expect(page).toHaveURL(/\/en\/login$/)
    await expect(page.locator('.auth-page')).toHaveCSS('max-width', '512px')
    expect(await stylesheets()).toEqual(fetched)
  })
})
