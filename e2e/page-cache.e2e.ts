import { test, expect } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { submitLogin } from './support/login.ts'
import { keepTokenFresh } from './support/session-cookie.ts'

// ADR 024: a page rendered for a visitor without a session is served again from memory, as the
// same bytes (ADR 083: its inline scripts allowed by their hashes, not a nonce). ADR 086: so is a
// logged-in customer's catalogue page, shared with the customers who would be shown the same.
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

  // ADR 086: two customers of one market, role, branch and cart count share a catalogue page;
  // each still gets their own header (cart count), their own answer headers, and their own
  // personal pages. Without scripts: the pages as the server sends them.
  test('two customers share a catalogue page and nothing of their own', async ({
    browser,
    request,
  }) => {
    const people = [await createAccount(request), await createAccount(request)]
    const [aminah, rosli] = await Promise.all(
      people.map(async (who) => {
        const context = await browser.newContext({ javaScriptEnabled: false })
        const page = await context.newPage()
        await page.goto('/en/login')
        await submitLogin(page, who.mobile, who.password)
        await expect(page).toHaveURL(/\/en$/)
        await keepTokenFresh(page)
        return { ...who, context, page }
      }),
    )
    const list = '/en/products/agrochems?sort=price-desc'
    const both = () => Promise.all([aminah!.page.goto(list), rosli!.page.goto(list)])
    // Both at once (either may make it), then both again: the one stored page. Another test's
    // back-office edit moves the shop's content version at any moment, which drops every kept
    // page (docs/product/back-office.md): the pair is asked again until no such change fell
    // between its first and second asking.
    let [mine, theirs] = await both()
    await expect(async () => {
      ;[mine, theirs] = await both()
      expect([mine, theirs].map((a) => a?.headers()['x-page-cache'])).toEqual(['hit', 'hit'])
    }).toPass({ timeout: 30_000 })
    for (const answer of [mine, theirs]) {
      expect(answer?.status()).toBe(200)
      expect(answer?.headers()['cache-control']).toBe('no-store')
      expect(answer?.headers()['x-shared-page']).toBeUndefined()
    }
    expect(await mine?.text()).toBe(await theirs?.text())
    // The installed app keeps each one's pages under their own name.
    expect(mine?.headers()['x-cache-scope']).toMatch(/^u/)
    expect(mine?.headers()['x-cache-scope']).not.toBe(theirs?.headers()['x-cache-scope'])
    // A logged-in header (the log-out form), and no name of anyone in the page.
    const html = (await mine?.text()) ?? ''
    expect(html).toContain('action="/en/logout"')
    expect(html).not.toContain('Test Farmer')

    // Aminah puts two packs in her cart: her header counts them at once, Rosli's does not.
    await aminah!.page.goto('/en/products/agrochems/9')
    const product = (await aminah!.page.locator('h1').textContent())!.trim()
    await aminah!.page.getByLabel('Quantity').fill('2')
    await aminah!.page.getByRole('button', { name: 'Add to cart' }).click()
    await aminah!.page.goto(list)
    await expect(aminah!.page.locator('.header-cart-count')).toHaveText('2')
    const still = await rosli!.page.goto(list)
    expect(still?.headers()['x-page-cache']).toBeDefined()
    await expect(rosli!.page.locator('.header-cart-count')).toHaveCount(0)
    // Personal pages are each one's own: Rosli's cart is empty, and is never a stored page.
    for (let i = 0; i < 2; i++) {
      const cart = await rosli!.page.goto('/en/cart')
      expect(cart?.headers()['x-page-cache']).toBe('miss')
      await expect(rosli!.page.locator('main')).not.toContainText(product)
    }

    // A visitor never gets a customer's page.
    const visitor = await browser.newContext({ javaScriptEnabled: false })
    const theirsToo = await (
      await visitor.newPage()
    ).goto(`${new URL(rosli!.page.url()).origin}${list}`)
    expect(await theirsToo?.text()).not.toContain('action="/en/logout"')
    await Promise.all([visitor.close(), aminah!.context.close(), rosli!.context.close()])
  })
})
