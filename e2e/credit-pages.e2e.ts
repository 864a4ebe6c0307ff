import { test, expect, expectNoSidewaysScroll } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { grantCredit } from './support/shop.ts'
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

  test('a farmer with a credit line is not asked to apply; a suspended line lends nothing until renewed', async ({
    browser,
    request,
  }) => {
    // A line given without an application here (as the demo customers' were).
    const active = await createAccount(request)
    await grantCredit(request, active.mobile, 1_000_000)
    const one = await browser.newContext()
    const page = await one.newPage()
    await loginInBrowser(page, active.mobile, active.password)
    for (const [lang, words, apply] of [
      ['en', 'Completed: your credit is ready to use', 'Apply for credit'],
      ['bm', 'Selesai: kredit anda sedia digunakan', 'Mohon kredit'],
    ] as const) {
      await page.goto(`/${lang}/dashboard`)
      await expect(page.locator('.dashboard-status-value')).toHaveText(words)
      await expect(page.locator('main').getByRole('link', { name: apply })).toHaveCount(0)
      await expect(page.locator('.dashboard-figure-main dd')).toHaveText('RM10,000.00')
    }
    await one.close()

    const suspended = await createAccount(request)
    await grantCredit(request, suspended.mobile, 1_000_000, { state: 'suspended' })
    const two = await browser.newContext()
    const other = await two.newPage()
    await loginInBrowser(other, suspended.mobile, suspended.password)
    for (const [lang, after] of [
      ['en', 'RM10,000.00 once the contract is renewed'],
      ['bm', 'RM10,000.00 selepas kontrak diperbaharui'],
    ] as const) {
      await other.goto(`/${lang}/dashboard`)
      const main = other.locator('.dashboard-figure-main dd')
      await expect(main).toContainText('RM0.00')
      await expect(main).toContainText(after)
    }
    await two.close()
  })
})

test.describe('language tags in the first segment', () => {
  test('/ms/products opens the Malay product list', async ({ page }) => {
    await page.goto('/ms/products')
    await expect(page).toHaveURL(/\/bm\/products$/)
  })
})
