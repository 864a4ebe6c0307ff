import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { API, createAccount } from './support/api.ts'
import { loginInBrowser } from './support/login.ts'
import { arrive, holdScripts } from './support/farmer-phone.ts'

/**
 * docs/product/calculators.md (Which packs to buy): opened from a product, the spray calculator
 * counts the cheapest mix of that product's packs for the amount, from what the farmer's branch
 * holds, and says when the branch cannot hold it. BisPro 100SC: 300 mL/ha; 100 mL RM32.00, 250 mL
 * RM72.00 (the 250 mL at Jitra and Sekinchan, the 100 mL at neither).
 */
test.use({ viewport: { width: 360, height: 740 } })

async function calculatorFromBisPro(page: Page, lang: 'en' | 'bm', area: string) {
  await page.goto(`/${lang}/products/agrochems/3`)
  await page
    .getByRole('link', { name: lang === 'en' ? 'Open the spray calculator' : /kalkulator/i })
    .click()
  await expect(page).toHaveURL(/pack_id=/)
  await page.getByLabel(lang === 'en' ? 'Field area' : 'Keluasan sawah').fill(area)
  await page.getByLabel(lang === 'en' ? 'Area unit' : 'Unit keluasan').selectOption('hectare')
  return page
    .locator('.calc-figure', { hasText: lang === 'en' ? 'Packs to buy' : 'Bungkusan perlu dibeli' })
    .locator('dd')
}

test('a visitor: 750 mL is 3 × 250 mL for RM216.00, not 8 × 100 mL, and the button adds those', async ({
  page,
}) => {
  const packs = await calculatorFromBisPro(page, 'en', '2.5')
  await expect(packs).toHaveText(/^3 × 250 mL\s*RM216\.00 · In stock$/)
  // The answer shown, figures and button: a list of figures holds only names and values.
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Add these 3 packs to the cart' }).click()
  await expect(page.getByText('Added to your cart.').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
})

test('a farmer at Jitra: the plan follows the area as it is typed, from Jitra’s stock', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await loginInBrowser(page, account.mobile, account.password)
  const packs = await calculatorFromBisPro(page, 'en', '2.5')
  await expect(packs).toHaveText(/^3 × 250 mL\s*RM216\.00 · In stock at Jitra$/)
  // 0.4 ha: 120 mL is one 250 mL (RM72.00) rather than two 100 mL (RM64.00), because Jitra
  // holds no 100 mL.
  await page.getByLabel('Field area').fill('0.4')
  await expect(packs).toHaveText(/^1 × 250 mL\s*RM72\.00 · In stock at Jitra$/)
  // 1.4 ha: 420 mL, two 250 mL; the button puts exactly those in the cart.
  await page.getByLabel('Field area').fill('1.4')
  await expect(packs).toHaveText(/^2 × 250 mL\s*RM144\.00 · In stock at Jitra$/)
  await page.getByRole('button', { name: 'Add these 2 packs to the cart' }).click()
  await expect(page.getByText('Added to your cart.').first()).toBeVisible()
  await page.goto('/en/cart')
  await expect(page.locator('.cart-line')).toHaveCount(1)
  await expect(page.locator('.cart-line')).toContainText('250 mL')
  await expect(page.locator('.cart-line').getByLabel('Quantity')).toHaveValue('2')
})

test('in Malay, a field larger than Sekinchan’s stock: the cheapest mix, and the page says the branch lacks it', async ({
  page,
}) => {
  // The demo customer of Sekinchan (14 of the 250 mL there): 12 ha needs 3.6 L.
  await loginInBrowser(page, '+60120000002')
  const packs = await calculatorFromBisPro(page, 'bm', '12')
  await expect(packs).toHaveText(
    /^14 × 250 mL \+ 1 × 100 mL\s*RM1,040\.00 · Tidak semua ada stok di Sekinchan: halaman pembayaran menunjukkan cawangan yang ada$/,
  )
  await expectAccessible(page)
})

test('“Add these packs” tapped before the scripts arrive adds the mix once, as without them', async ({
  page,
}) => {
  const scripts = await holdScripts(page)
  await arrive(
    page,
    `/en/calculator/input-calculation?${new URLSearchParams({
      area_value: '2.5',
      area_unit: 'hectare',
      rate_kind: 'per_hectare',
      rate_amount: '300',
      rate_unit: 'ml',
      pack_amount: '250',
      pack_unit: 'ml',
      product: 'BisPro 100SC',
      pack_id: `3.${await bisPro250(page)}.250ml`,
    })}`,
  )
  const packs = page.locator('.calc-figure', { hasText: 'Packs to buy' }).locator('dd')
  await expect(packs).toHaveText(/^3 × 250 mL\s*RM216\.00 · In stock$/)
  // The answer shown, figures and button: a list of figures holds only names and values.
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Add these 3 packs to the cart' }).click()
  // The browser posted the form itself; the page it comes back to counts the three.
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
  await scripts.release()
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
})

/** The id of BisPro's 250 mL pack, as the API gives it. */
async function bisPro250(page: Page) {
  const res = await page.request.get(`${API}/api/v1/products/3?market=MY`)
  const body = (await res.json()) as { variations: { id: number; pack_amount: number | null }[] }
  const pack = body.variations.find((v) => v.pack_amount === 250)
  if (!pack) throw new Error('no 250 mL pack of BisPro')
  return pack.id
}
