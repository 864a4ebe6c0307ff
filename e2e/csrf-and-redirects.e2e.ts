import { test, expect } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'

/** docs/security.md rows 23 and 24: cross-site posts, off-site redirects, cached personal pages. */
test.describe('cross-site requests and redirects (row 23)', () => {
  test('a logout posted with a foreign Origin and the user’s cookies is refused', async ({
    page,
  }) => {
    await loginInBrowser(page, '+60120000001')
    const res = await page.request.post('/en/logout', {
      headers: { origin: 'http://evil.test' },
      form: {},
      maxRedirects: 0,
    })
    expect(res.status()).toBe(403)
    await page.goto('/en/settings')
    await expect(page).toHaveURL(/\/en\/settings$/)
  })

  test('a foreign page that submits a form to /en/logout changes nothing', async ({
    page,
    baseURL,
  }) => {
    await loginInBrowser(page, '+60120000001')
    await page.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>win a drone</title>
          <form id="f" method="post" action="${baseURL}/en/logout"></form>
          <script>document.getElementById('f').submit()</script>`,
      }),
    )
    const landed = page.waitForResponse((r) => r.url() === `${baseURL}/en/logout`)
    await page.goto('http://evil.test/prize')
    expect((await landed).status()).toBe(403)
    await page.goto('/en/settings')
    await expect(page).toHaveURL(/\/en\/settings$/)
  })

  test('cookie consent never redirects off the site', async ({ request, baseURL }) => {
    for (const target of [
      '/\\evil.test/pwned',
      '/\t/evil.test',
      '//evil.test',
      'https://evil.test/',
      '/\\/evil.test',
    ]) {
      const res = await request.post('/cookie-consent', {
        headers: { origin: baseURL! },
        form: { choice: 'accepted', redirectTo: target },
        maxRedirects: 0,
      })
      expect(res.status(), JSON.stringify(target)).toBe(302)
      expect(res.headers().location, JSON.stringify(target)).toBe('/')
    }
    const own = await request.post('/cookie-consent', {
      headers: { origin: baseURL! },
      form: { choice: 'rejected', redirectTo: '/bm/about' },
      maxRedirects: 0,
    })
    expect(own.headers().location).toBe('/bm/about')
  })

  test('without JavaScript the site’s own forms still work: login, cookie banner, logout', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await loginInBrowser(page, '+60120000001')
    await page.getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/en/settings')
    await expect(page).toHaveURL(/\/en\/login/)
    await context.close()
  })
})

test.describe('personal pages are never cached; a rendered page has its own nonce (row 24)', () => {
  test('a logged-in farmer’s pages answer no-store', async ({ page }) => {
    const anonymous = await page.request.get('/en/about')
    expect(anonymous.headers()['cache-control'] ?? '').not.toContain('no-store')
    await loginInBrowser(page, '+60120000001')
    for (const path of ['/en/settings', '/en', '/en/products']) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(200)
      expect(res.headers()['cache-control'], path).toBe('no-store')
    }
  })

  test('the CSP forbids a base element; a rendered page has a nonce of its own, a page served again none', async ({
    request,
  }) => {
    // Two renders (two addresses the cache has not seen): a nonce each, never the same.
    const rendered = async () =>
      (await request.get(`/en/about?r=${crypto.randomUUID()}`)).headers()[
        'content-security-policy'
      ]!
    const [a, b] = [await rendered(), await rendered()]
    expect(a).toContain("base-uri 'none'")
    const nonce = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1]
    expect(nonce(a)).toBeTruthy()
    expect(nonce(a)).not.toBe(nonce(b))
    // Served again from the page cache (ADR 083): no nonce to learn, its scripts named by hash.
    await request.get('/en/about')
    const again = await request.get('/en/about')
    expect(again.headers()['x-page-cache']).toBe('hit')
    const policy = again.headers()['content-security-policy']!
    expect(nonce(policy)).toBeUndefined()
    expect(policy).toContain("'sha256-")
    expect(policy).toContain("base-uri 'none'")
  })
})

test.describe('demo mode (docs/product/demo-mode.md)', () => {
  test('every page says it is a demo shop, the 404 page too, in each language', async ({
    page,
  }) => {
    await page.goto('/en')
    await expect(page.getByRole('note')).toContainText('Demo shop')
    await page.goto('/bm/products')
    await expect(page.getByRole('note')).toContainText('Kedai demo')
    const missing = await page.goto('/th/no-such-page')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('note')).toContainText('ร้านทดลอง')
  })
})

test.describe('rate limits say when to come back (rows 2 and 55)', () => {
  test('a locked number: the login page answers 429 with Retry-After and the same wait', async ({
    request,
    baseURL,
  }) => {
    const mobile = `+6012${String(Date.now()).slice(-7)}`
    let last = null
    for (let i = 0; i < 11; i++) {
      last = await request.post('/en/login', {
        headers: { origin: baseURL! },
        form: { mobile, password: `wrong-${i}-pass` },
      })
    }
    expect(last!.status()).toBe(429)
    const seconds = Number(last!.headers()['retry-after'])
    expect(seconds).toBe(30 * 60)
    expect(await last!.text()).toContain('Please try again in 30 minutes.')
  })
})
