import { expect, test } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/back-office.md (Products): an admin creates a product in three languages with its
 * first pack, counts it in at a branch, and a visitor finds it in the shop; hidden, its page is
 * gone. Without scripts, as the admin's forms work.
 */
test('an admin creates a product, stocks it, and hides it again', async ({ browser }) => {
  const base = `http://127.0.0.1:${E2E_WEB_PORT}`
  const office = await browser.newContext({ baseURL: base, javaScriptEnabled: false })
  const admin = await office.newPage()
  await loginInBrowser(admin, '+60120000005')
  await admin.goto('/en/admin/products')
  await admin.getByRole('link', { name: 'New product' }).click()
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`
  await admin.getByLabel('Category').selectOption('fertilizer')
  await admin.getByLabel('Brand').fill('Sawahgrow')
  for (const [lang, word] of [
    ['English', 'Kelp Tonic'],
    ['Malay', 'Tonik Rumpai Laut'],
    ['Thai', 'สาหร่ายบำรุง'],
  ] as const) {
    await admin.getByLabel(`Name (${lang})`).fill(`Sawahgrow ${word} ${sku}`)
    await admin.getByLabel(`Title (${lang})`).fill(word)
    await admin.getByLabel(`Description (${lang})`).fill(`${word}.`)
  }
  await admin.getByLabel('SKU').fill(sku)
  await admin.getByLabel('Pack (English), like 1 L').fill('1 L')
  await admin.getByLabel('Pack (Malay)').fill('1 L')
  await admin.getByLabel('Pack (Thai)').fill('1 ลิตร')
  await admin.getByLabel('Price in Malaysia (RM)').fill('abc')
  await admin.getByRole('button', { name: 'Create the product' }).click()
  await expect(admin.getByText('Enter a price above 0 with at most two decimals')).toBeVisible()
  await admin.getByLabel('Price in Malaysia (RM)').fill('39.90')
  await admin.getByRole('button', { name: 'Create the product' }).click()
  await expect(admin.getByText('The product is created.')).toBeVisible()
  const id = new URL(admin.url()).pathname.split('/').pop()!

  // Counted in at the first Malaysian branch.
  await admin.getByText('Stock at each branch').click()
  const count = admin.getByLabel('Packs at Alor Setar (Headquarters)')
  await count.fill('12')
  await count.press('Enter')
  await expect(admin.getByText('Saved; the shop shows it now.')).toBeVisible()

  const visitor = await browser.newContext({ baseURL: base })
  const page = await visitor.newPage()
  await page.goto(`/en/products/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Kelp Tonic ${sku}`)
  await expect(page.locator('main')).toContainText('RM39.90')
  await page.goto(`/th/products/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('สาหร่ายบำรุง')

  await admin.getByRole('button', { name: 'Hide from the shop' }).click()
  await expect(admin.getByText('Hidden: in no list, no page')).toBeVisible()
  const gone = await page.goto(`/en/products/${id}`)
  expect(gone!.status()).toBe(404)
  await office.close()
  await visitor.close()
})
