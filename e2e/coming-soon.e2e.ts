import { test, expect, expectNoSidewaysScroll } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'

/** Logged-in pages not built yet answer a page of the shell with a way on, never a 404. */
test.describe('coming-soon pages', () => {
  test('dashboard, KYC and receipt show a translated page with a way back', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await loginInBrowser(page, '+60120000002')
    for (const [path, heading] of [
      ['/en/dashboard', 'My credit'],
      ['/bm/kyc', 'Mohon kredit'],
      ['/th/receipt', 'อัปโหลดหลักฐานการชำระคืน'],
      ['/en/kyc', 'Apply for credit'],
    ] as const) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.locator('main a.button').first()).toBeVisible()
      await expectNoSidewaysScroll(page)
    }
    await page.goto('/en/dashboard')
    await page.getByRole('link', { name: 'Browse products' }).click()
    await expect(page).toHaveURL(/\/en\/products$/)
  })
})

test.describe('language tags in the first segment', () => {
  test('/ms/products opens the Malay product list', async ({ page }) => {
    await page.goto('/ms/products')
    await expect(page).toHaveURL(/\/bm\/products$/)
  })
})
