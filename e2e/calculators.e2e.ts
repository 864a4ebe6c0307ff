import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'
import { API } from './support/api.ts'

// Worked example of docs/product/calculators.md: 5 relong, 300 mL/ha, knapsack 16 L at 200 L/ha.
test.describe('calculators (docs/product/calculators.md)', () => {
  for (const js of [true, false]) {
    test(`area converter: 5 relong is 1.4389 ha (${js ? 'with' : 'without'} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto('/en/calculator/area-converter')
      await page.getByLabel('Area', { exact: true }).fill('5')
      await page.getByLabel('Convert from').selectOption('relong')
      await page.getByLabel('Convert to').selectOption('hectare')
      if (!js) await page.getByRole('button', { name: 'Convert' }).click()
      await expect(page.locator('output').first()).toContainText('1.4389')
      await expect(page).toHaveURL(/value=5/)
      await context.close()
    })

    test(`spray calculator: the worked example (${js ? 'with' : 'without'} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto('/en/calculator/input-calculation')
      await fillWorkedExample(page)
      if (!js) await page.getByRole('button', { name: 'Calculate' }).click()
      const result = page.getByRole('status')
      await expect(result).toContainText('431.7 mL')
      await expect(result).toContainText('287.8 L')
      await expect(result).toContainText('18')
      await expect(result).toContainText('24 mL')
      await context.close()
    })
  }

  test('spray calculator: answers as you type even when its validation cannot load', async ({
    browser,
  }) => {
    // The validation (zod) loads after the page is shown (performance budget F4). Offline or on
    // a dropped connection it may never arrive: the server then answers each change of the URL.
    const context = await browser.newContext()
    let blocked = 0
    await context.route(/input-evaluation-[\w-]+\.js$/, (route) => {
      blocked++
      return route.abort()
    })
    const page = await context.newPage()
    await page.goto('/en/calculator/input-calculation')
    await fillWorkedExample(page)
    const result = page.getByRole('status')
    await expect(result).toContainText('431.7 mL')
    await expect(result).toContainText('18')
    expect(blocked).toBeGreaterThan(0)
    await context.close()
  })

  for (const js of [true, false]) {
    test(`picking a product fills its label rate and pack (${js ? 'with' : 'without'} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto('/en/calculator/input-calculation')
      await page.getByLabel('Field area').fill('5')
      await page.getByLabel('Area unit').selectOption('relong')
      // Without JavaScript the typed area reaches the picker's form through the URL first.
      if (!js) await page.getByRole('button', { name: 'Calculate' }).click()
      await page.getByLabel('Fill in from a product').selectOption({ label: 'AzoDif 325SC' })
      if (!js) await page.getByRole('button', { name: 'Use this product' }).click()
      await expect(page.getByText('Product: AzoDif 325SC')).toBeVisible()
      await expect(page.getByLabel('Rate amount')).toHaveValue('300')
      await expect(page.getByLabel('Rate unit')).toHaveValue('ml')
      await expect(page.getByLabel('Pack size')).toHaveValue('100')
      // What the farmer typed about the field stays.
      await expect(page.getByLabel('Field area')).toHaveValue('5')
      await expect(page.getByRole('status')).toContainText('431.7 mL')
      await context.close()
    })
  }

  test('the rai-ngan-wah form is accepted on Thai pages', async ({ page }) => {
    await page.goto('/th/calculator/area-converter?value=4-2-25&from=rai&to=square_metre')
    await expect(page.locator('output').first()).toContainText('7,300')
  })

  // docs/product/calculators.md: a knapsack sprays the label's own volume, a drone 20 L/ha.
  for (const { lang, js } of [
    { lang: 'bm', js: true },
    { lang: 'en', js: false },
  ] as const)
    test(`picking the drone after a product's label sets the drone's water, and back (${lang}, JavaScript ${js ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const w =
        lang === 'bm'
          ? { open: 'Buka kalkulator semburan', drone: 'Dron', knapsack: 'Penyembur galas' }
          : { open: 'Open the spray calculator', drone: 'Drone', knapsack: 'Knapsack' }
      const volume = lang === 'bm' ? 'Isi padu semburan (L/ha)' : 'Spray volume (L/ha)'
      const tank = lang === 'bm' ? 'Tangki penyembur (L)' : 'Sprayer tank (L)'
      const calculate = lang === 'bm' ? 'Kira' : 'Calculate'
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      // Product 1's label: 1.2 L per hectare in 250 L of water.
      await page.goto(`/${lang}/products/agrochems/1`)
      await page.getByRole('link', { name: w.open }).click()
      await expect(page.getByLabel(volume)).toHaveValue('250')
      await page.getByLabel(w.drone, { exact: true }).check()
      if (!js) await page.getByRole('button', { name: calculate, exact: true }).click()
      await expect(page.getByLabel(volume)).toHaveValue('20')
      await expect(page.getByLabel(tank)).toHaveValue('40')
      await page.getByLabel(w.knapsack, { exact: true }).check()
      if (!js) await page.getByRole('button', { name: calculate, exact: true }).click()
      await expect(page.getByLabel(volume)).toHaveValue('250')
      await expect(page.getByLabel(tank)).toHaveValue('16')
      await context.close()
    })

  // docs/product/calculators.md: GluFos's label says knapsack or boom sprayer only.
  for (const { lang, js } of [
    { lang: 'bm', js: true },
    { lang: 'en', js: false },
  ] as const)
    test(`a label that rules out the drone: crossed out with the reason; an address asking for it gets no answer (${lang}, JavaScript ${js ? 'on' : 'off'})`, async ({
      browser,
      request,
    }) => {
      const w =
        lang === 'bm'
          ? {
              open: 'Buka kalkulator semburan',
              drone: 'Dron',
              hint: 'Label produk ini: penyembur galas atau boom sahaja, bukan dron.',
              error: 'Label produk ini tidak membenarkan dron: gunakan penyembur galas atau boom.',
            }
          : {
              open: 'Open the spray calculator',
              drone: 'Drone',
              hint: 'This product’s label says knapsack or boom sprayer only: no drone.',
              error: 'This product’s label rules out a drone: use a knapsack or boom sprayer.',
            }
      const list = await (
        await request.get(`${API}/api/v1/products?market=MY&q=GluFos&per_page=1`)
      ).json()
      const glufos = list.data[0] as { id: number; group: string }
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto(`/${lang}/products/${glufos.group}/${glufos.id}`)
      await page.getByRole('link', { name: w.open }).click()
      await expect(page.getByLabel(w.drone, { exact: true })).toBeDisabled()
      await expect(page.getByText(w.hint)).toBeVisible()
      await expect(page.locator('.calc-result')).not.toContainText(w.error)

      const forged = new URL(page.url())
      forged.searchParams.set('sprayer', 'drone')
      await page.goto(forged.pathname + forged.search)
      await expect(page.getByText(w.error)).toBeVisible()
      await expect(page.getByRole('radiogroup', { name: /Penyembur$|^Sprayer$/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      )
      await context.close()
    })

  test('a wrong number shows a translated error next to the field', async ({ page }) => {
    await page.goto('/bm/calculator/area-converter?value=abc&from=relong&to=hectare')
    await expect(page.getByLabel('Luas', { exact: false }).first()).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(page.getByText('Masukkan nombor, contohnya 2.5.')).toBeVisible()
  })
})

/** docs/product/calculators.mdworked example: 5 relong, 300 mL/ha, knapsack 16 L at 200 L/ha, 250 mL packs. */
async function fillWorkedExample(page: Page) {
  await page.getByLabel('Field area').fill('5')
  await page.getByLabel('Area unit').selectOption('relong')
  await page.getByLabel('Per hectare').check()
  await page.getByLabel('Rate amount').fill('300')
  await page.getByLabel('Rate unit').selectOption('ml')
  await page.getByLabel('Knapsack').check()
  await page.getByLabel('Sprayer tank (L)').fill('16')
  await page.getByLabel('Spray volume (L/ha)').fill('200')
  await page.getByLabel('Pack size').fill('250')
  await page.getByLabel('Pack unit').selectOption('ml')
}
