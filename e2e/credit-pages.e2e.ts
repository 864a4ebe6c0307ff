import { test, expect, expectNoSidewaysScroll } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { loginInBrowser } from './support/login.ts'

/** The farmer's credit pages answer in each language at 360 px with a way on. */
test.describe('the credit pages', () => {
  test('dashboard, KYC and receipt show a translated page with a way on', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    // A new customer: the demo customers' applications change in other tests.
    const farmer = await createAccount(request)
    await loginInBrowser(page, farmer.mobile, farmer.password)
    for (const [path, heading] of [
      ['/en/dashboard', 'My credit'],
      ['/bm/kyc', 'Mohon kredit'],
      ['/th/receipt', 'อัปโหลดหลักฐานการชำระคืน'],
      ['/en/kyc', 'Apply for credit'],
      ['/th/dashboard', 'สินเชื่อของฉัน'],
      ['/th/kyc', 'ขอสินเชื่อ'],
      ['/bm/dashboard', 'Kredit saya'],
    ] as const) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.locator('main .button').first()).toBeVisible()
      await expectNoSidewaysScroll(page)
    }
    await page.goto('/en/dashboard')
    await expect(page.locator('.dashboard-status-value')).toHaveText('No application received')
    await page.locator('main').getByRole('link', { name: 'Apply for credit' }).click()
    await expect(page).toHaveURL(/\/en\/kyc$/)
  })
})

test.describe('language tags in the first segment', () => {
  test('/ms/products opens the Malay product list', async ({ page }) => {
    await page.goto('/ms/products')
    await expect(page).toHaveURL(/\/bm\/products$/)
  })
})
