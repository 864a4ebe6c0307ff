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

test.describe('what a logged-in farmer is offered', () => {
  test('a Thai customer on the English pages reads baht; apply leads to their credit', async ({
    page,
  }) => {
    await loginInBrowser(page, '+66800000001')
    await page.goto('/en')
    await expect(page.locator('.hero')).toContainText('฿')
    await expect(page.locator('.hero')).not.toContainText('RM')
    await expect(
      page.locator('.hero').getByRole('link', { name: 'Shop farm inputs' }),
    ).toBeVisible()
    await page.goto('/en/credit')
    await expect(page.locator('main')).toContainText('฿35,000')
    await page.getByRole('link', { name: /apply/i }).first().click()
    // This customer has passed KYC: 'apply' leads to the credit dashboard.
    await expect(page).toHaveURL(/\/en\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My credit')
  })
})

test('the profile shows the e-mail given at sign-up', async ({ page }) => {
  await loginInBrowser(page, '+60120000001')
  await page.goto('/en/settings')
  await expect(page.locator('.profile-list')).toContainText('E-mail')
  await expect(page.locator('.profile-list')).toContainText('ahmad@example.my')
})
