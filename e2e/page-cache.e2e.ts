import { test, expect } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'

// ADR 024: a page rendered for a visitor without a session is served again from memory, as the
// same bytes (ADR 083: its inline scripts allowed by their hashes, not a nonce); anyone with a
// session always gets a page rendered for them.
test.describe('the page cache (ADR 024)', () => {
  test('a page served from the cache still runs its scripts, allowed by their hashes', async ({
    page,
  }) => {
    const url = '/en/calculator/area-converter?value=7&from=relong&to=hectare'
    await page.request.get(url)
    const bodies = new Set<string>()
    for (let i = 0; i < 2; i++) {
      const response = await page.request.get(url)
      expect(response.headers()['x-page-cache']).toBe('hit')
      const policy = response.headers()['content-security-policy'] ?? ''
      expect(policy).not.toContain('nonce-')
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/)
      bodies.add(await response.text())
    }
    expect(bodies.size).toBe(1)
    const shown = await page.goto(url)
    expect(shown?.headers()['x-page-cache']).toBe('hit')
    // Hydrated (the page's scripts start from an inline module script its starter makes, allowed
    // by the same hash): the converter answers as the farmer types, without a page load. A
    // blocked script would show as a console error, which fails every test here.
    const area = page.getByLabel('Area', { exact: false }).first()
    await area.fill('10')
    await expect(page.locator('output').first()).toContainText('10 relong')
  })

  test('a logged-in customer never gets a cached page, nor leaves one behind', async ({
    page,
    browser,
  }) => {
    await loginInBrowser(page, '+60120000001')
    const mine = await page.goto('/en/products/agrochems')
    expect(mine?.headers()['x-page-cache']).toBeUndefined()
    // The customer's page has the log-out form; a visitor's never does.
    expect(await mine?.text()).toContain('action="/en/logout"')
    const visitor = await browser.newContext()
    const theirs = await (
      await visitor.newPage()
    ).goto(`${new URL(page.url()).origin}/en/products/agrochems`)
    expect(theirs?.headers()['x-page-cache']).toBeDefined()
    expect(await theirs?.text()).not.toContain('action="/en/logout"')
    await visitor.close()
  })
})
