import { test, expect } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'

/** Logging in and out says that it worked: a toast, or a notice without JavaScript. */
test.describe('feedback after logging in and out', () => {
  test('with JavaScript: a toast each time', async ({ page }) => {
    await loginInBrowser(page, '+60120000001')
    await expect(page.getByText('You are logged in.')).toBeVisible()
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await expect(page.getByText('You are logged out. See you again soon.')).toBeVisible()
  })

  test('without JavaScript: the same words in the page, in Malay', async ({ request, baseURL }) => {
    // A browser without JavaScript shows <noscript>; the test reads the page it was sent.
    const form = { mobile: '+60120000001', password: 'demo2026' }
    const headers = { origin: baseURL! }
    const home = await request.post('/bm/login', { headers, form })
    expect(home.url()).toMatch(/\/bm$/)
    expect(await home.text()).toContain('<noscript><p class="notice">Anda telah log masuk.</p>')
    const out = await request.post('/bm/logout', { headers, form: {} })
    expect(await out.text()).toContain('<p class="notice">Anda telah log keluar. Jumpa lagi.</p>')
  })
})
