import { test, expect, expectAccessible } from './support/fixtures.ts'

test.describe('error screen (docs/product/errors.md)', () => {
  test('an unknown page answers 404 with the error screen', async ({ page }) => {
    const res = await page.goto('/en/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops!')
    await expect(page.getByText('Error 404', { exact: true })).toBeVisible()
    await expect(page.getByText('This page could not be found.')).toBeVisible()
    await expect(page.getByText('Page not found: /en/no-such-page')).toBeVisible()
    // The shop stays around the error: header (with the language choice) and footer.
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Language' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/\/en$/)
  })

  test('the error screen speaks the page language', async ({ page }) => {
    const res = await page.goto('/th/calculator/nothing')
    expect(res?.status()).toBe(404)
    await expect(page.getByText('ข้อผิดพลาด 404')).toBeVisible()
    await expect(page.getByText('ไม่พบหน้านี้', { exact: true })).toBeVisible()
    await page.goto('/bm/tiada')
    await expect(page.getByText('Halaman ini tidak dapat ditemui.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ke Laman Utama' })).toHaveAttribute('href', '/bm')
  })

  test('the web and API health checks answer 200', async ({ request }) => {
    const web = await request.get('/healthz')
    expect(web.status()).toBe(200)
    expect(await web.json()).toMatchObject({ status: 'ok' })
  })
})
