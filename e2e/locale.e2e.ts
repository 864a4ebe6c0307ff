import { test, expect } from './support/fixtures.ts'

test.describe('locale redirect (docs/product/shell.md)', () => {
  for (const [header, locale] of [
    ['en-MY,en;q=0.9', 'en'],
    ['ms-MY,ms;q=0.9', 'bm'],
    ['ms', 'bm'],
    ['th-TH,th;q=0.9', 'th'],
    ['fr-FR,fr;q=0.9', 'en'],
  ] as const) {
    test(`Accept-Language ${header} sends / and /about to /${locale}`, async ({ request }) => {
      for (const path of ['/', '/about']) {
        const res = await request.get(path, {
          headers: { 'accept-language': header },
          maxRedirects: 0,
        })
        expect(res.status()).toBe(302)
        expect(res.headers().location).toBe(`/${locale}${path === '/' ? '' : path}`)
      }
    })
  }

  test('the i18n_redirected cookie wins over Accept-Language and the query string is kept', async ({
    request,
  }) => {
    const res = await request.get('/calculator?x=1', {
      headers: { 'accept-language': 'ms-MY', cookie: 'i18n_redirected=th' },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    expect(res.headers().location).toBe('/th/calculator?x=1')
  })

  test('a first segment that is a language tag goes to that language, or without it', async ({
    request,
  }) => {
    for (const [path, to] of [
      ['/ms/products', '/bm/products'],
      ['/ms-MY/products?q=karah', '/bm/products?q=karah'],
      ['/th-TH/about', '/th/about'],
      ['/en-GB/products', '/en/products'],
      ['/fr/products', '/th/products'],
      ['/fr', '/th'],
      ['/faq', '/th/faq'],
    ] as const) {
      const res = await request.get(path, {
        headers: { 'accept-language': 'th-TH' },
        maxRedirects: 0,
      })
      expect(res.status(), path).toBe(302)
      expect(res.headers().location, path).toBe(to)
    }
  })

  test('an unknown cookie value is ignored', async ({ request }) => {
    const res = await request.get('/', {
      headers: { 'accept-language': 'th', cookie: 'i18n_redirected=xx' },
      maxRedirects: 0,
    })
    expect(res.headers().location).toBe('/th')
  })
})

test.describe('choosing a language (docs/product/shell.md)', () => {
  test('keeps the page and remembers the choice for 365 days', async ({ page, context }) => {
    await page.goto('/en/calculator')
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Bahasa Melayu' })
      .click()
    await expect(page).toHaveURL(/\/bm\/calculator$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms-MY')
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
    expect(cookie?.value).toBe('bm')
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)
    // An unprefixed link now goes to Malay.
    await page.goto('/about')
    await expect(page).toHaveURL(/\/bm\/about$/)
  })

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/en/contact')
    await page.getByRole('link', { name: 'ไทย' }).click()
    await expect(page).toHaveURL(/\/th\/contact$/)
    await context.close()
  })
})
