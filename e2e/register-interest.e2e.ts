import { test, expect } from './support/fixtures.ts'

test.describe('register interest (docs/product/branches-and-contact.md, docs/product/errors.md)', () => {
  for (const js of [true, false]) {
    test(`shows translated field errors, then registers (${js ? 'with' : 'without'} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto('/bm/register-interest')
      await page.getByLabel('E-mel').fill('bukan-emel')
      await page.getByLabel('Poskod').fill('06A00')
      await page.getByRole('button', { name: 'Daftar' }).click()
      await expect(
        page.getByText('Masukkan alamat e-mel yang sah, seperti nama@contoh.com.'),
      ).toBeVisible()
      await expect(page.getByText('Poskod mestilah 5 digit.')).toBeVisible()
      await expect(page.getByText('Masukkan nama penuh anda.')).toBeVisible()
      await expect(page.getByLabel('E-mel')).toHaveAttribute('aria-invalid', 'true')
      // What was typed stays in the form.
      await expect(page.getByLabel('E-mel')).toHaveValue('bukan-emel')

      await page.getByLabel('E-mel').fill(`pesawah.${js ? 'js' : 'nojs'}@contoh.my`)
      await page.getByLabel('Nama penuh').fill('Siti binti Ahmad')
      await page.getByLabel('Poskod').fill('06000')
      await page.getByLabel('Kawasan').fill('Kampung Tanjung')
      await page.getByLabel('Daerah').fill('Kubang Pasu')
      await page.getByRole('button', { name: 'Daftar' }).click()
      await expect(page.getByRole('status')).toContainText('Terima kasih!')
      await expect(page).toHaveURL(/\/bm\/register-interest\?done=1$/)
      await context.close()
    })
  }

  test('the home page subscribe box starts the form with the e-mail filled in', async ({
    page,
  }) => {
    await page.goto('/en')
    await page.getByLabel('E-mail').fill('farmer@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page).toHaveURL(/\/en\/register-interest\?email=farmer%40example.com$/)
    await expect(page.getByLabel('E-mail')).toHaveValue('farmer@example.com')
  })
})
