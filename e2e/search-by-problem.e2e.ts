import { expect, test } from './support/fixtures.ts'
import { arrive, asFarmerPhone } from './support/farmer-phone.ts'

/**
 * docs/product/catalogue.md (Search by the problem in the field): a farmer finds the products for
 * what they see in the field by its common name, with when to spray each; suggestions come while
 * typing, on the farmer's phone too; and the search works without scripts. The full lists per
 * language are in apps/api/src/modules/products/field-problems.routes.test.ts.
 */
test.use({ viewport: { width: 360, height: 740 } })

test('in Malay on a farmer’s phone: typing “bena” suggests bena perang; its list is the planthopper products, each with when to spray', async ({
  page,
}) => {
  await asFarmerPhone(page)
  await arrive(page, '/bm')
  const box = page.getByRole('searchbox', { name: 'Cari di kedai' })
  // The first key starts the page's scripts (ADR 031); the farmer keeps typing meanwhile.
  await box.pressSequentially('bena', { delay: 150 })
  const suggestions = page.getByRole('list', { name: 'Cadangan' })
  await expect(suggestions.getByRole('link', { name: /bena perang/ })).toBeVisible({
    timeout: 20_000,
  })
  await expect(suggestions.getByRole('link', { name: /BenaStop 50WG/ })).toBeVisible()
  await suggestions.getByRole('link', { name: /bena perang/ }).click()

  await expect(page).toHaveURL(/\/bm\/products\?q=bena\+perang$/, { timeout: 20_000 })
  await expect(page.locator('.cat-problem')).toHaveText(
    'Produk yang labelnya mengawal bena perang (perosak), dengan masa untuk menyembur setiap satu.',
  )
  const names = page.locator('.cat-card-name')
  await expect(names.first()).toBeVisible()
  await expect(names).toHaveText([
    'BenaStop 50WG',
    'Bupro 25WP',
    'Dinofu 20SG',
    'Imida 200SL',
    'Tiamet 25WG',
    'Trimezo 10SC',
  ])
  await expect(page.locator('.cat-card-when')).toHaveCount(6)
  await expect(page.locator('.cat-card-when').first()).toContainText(
    'Bila sembur: Sembur ke pangkal pokok apabila bilangan bena melebihi paras ambang',
  )
  await expect(suggestions).toHaveCount(0)
})

test('in English without scripts: “weedy rice” finds the two burn-down herbicides and no fertiliser', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/en')
  await page.getByRole('searchbox', { name: 'Search the shop' }).fill('weedy rice')
  await page.getByRole('searchbox', { name: 'Search the shop' }).press('Enter')
  await expect(page).toHaveURL(/\/en\/products\?q=weedy\+rice$/)
  await expect(page.locator('.cat-problem')).toHaveText(
    'Products whose label controls weedy rice (a weed), with when to spray each.',
  )
  await expect(page.locator('.cat-card-name')).toHaveText(['GliPro 41', 'GluFos 150SL'])
  await expect(page.locator('.cat-card-when').first()).toHaveText(
    'When to spray: Spray 10–14 days before final puddling or on bunds and channels only.',
  )
  // A plain search is as before: no problem, no timing.
  await page.goto('/en/products?q=urea')
  await expect(page.locator('.cat-card-name').first()).toBeVisible()
  await expect(page.locator('.cat-problem')).toHaveCount(0)
  await expect(page.locator('.cat-card-when')).toHaveCount(0)
  await context.close()
})

test('in Thai: “หอย” suggests หอยเชอรี่, whose list is the two snail products', async ({ page }) => {
  await page.goto('/th/products/agrochems')
  const box = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).first()
  await box.pressSequentially('หอย', { delay: 100 })
  const suggestions = page.getByRole('list', { name: 'คำแนะนำ' })
  const snail = suggestions.getByRole('link', { name: /หอยเชอรี่/ })
  await expect(snail).toBeVisible()
  // Escape puts the list away; typing again brings it back.
  await box.press('Escape')
  await expect(suggestions).toHaveCount(0)
  await box.press('End')
  await box.pressSequentially('เช', { delay: 100 })
  await snail.click()
  await expect(page).toHaveURL(/\/th\/products\/agrochems\?q=/)
  await expect(page.locator('.cat-card-name')).toHaveText(['เมทัล-6 เหยื่อเม็ด', 'Siput-X 70WP'])
  await expect(page.locator('.cat-card-when').first()).toContainText('ช่วงที่ควรพ่น:')
})
