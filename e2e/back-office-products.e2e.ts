import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, test } from './support/fixtures.ts'
import { API, createAccount } from './support/api.ts'
import { loginInBrowser, submitLogin } from './support/login.ts'
import { rm } from './support/shop.ts'
import { keepTokenFresh } from './support/session-cookie.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/back-office.md (Products, Changes show at once): an admin changes a pack's price;
 * a visitor's product page, and a customer's, each kept by the page cache a moment before, show
 * the new price on the next visit, and so does the API's (cached) answer. Without scripts, as the admin's form works.
 */
test('an admin edits a price and the shop shows it at once', async ({ browser, request }) => {
  // A drone part no other browser test buys (their totals are not disturbed).
  const list = await (
    await request.get(`${API}/api/v1/products?market=MY&group=drones&sort=price_desc&per_page=1`)
  ).json()
  const product = list.data[0] as { id: number }
  const detail = await (await request.get(`${API}/api/v1/products/${product.id}?market=MY`)).json()
  const pack = detail.variations[0] as { id: number; price: { amount_minor: number } }
  const was = pack.price.amount_minor
  const now = was + 100

  const base = `http://127.0.0.1:${E2E_WEB_PORT}`
  const visitor = await browser.newContext({ baseURL: base })
  const page = await visitor.newPage()
  // Kept: asked until a hit, since another test's back-office edit may drop every kept page
  // between two askings.
  const keptFor = (who: typeof page) =>
    expect(async () => {
      const kept = await who.goto(`/en/products/${product.id}`)
      expect(kept!.headers()['x-page-cache']).toBe('hit')
    }).toPass({ timeout: 30_000 })
  await keptFor(page)
  await expect(page.locator('main')).toContainText(rm(was))
  // ADR 086: a logged-in customer's page, shared with others like them, is kept the same way.
  const account = await createAccount(request)
  const shopper = await browser.newContext({ baseURL: base, javaScriptEnabled: false })
  const customer = await shopper.newPage()
  await customer.goto('/en/login')
  await submitLogin(customer, account.mobile, account.password)
  await expect(customer).toHaveURL(/\/en$/)
  await keepTokenFresh(customer)
  await keptFor(customer)
  await expect(customer.locator('main')).toContainText(rm(was))

  const office = await browser.newContext({ baseURL: base, javaScriptEnabled: false })
  const admin = await office.newPage()
  await loginInBrowser(admin, '+60120000005')
  await admin.goto(`/en/admin/products/${product.id}`)
  const price = admin.locator(`#price-my-${pack.id}`)
  await expect(price).toHaveValue((was / 100).toFixed(2))
  // A price that is not money is refused and changes nothing.
  await price.fill('12.345')
  await admin.locator(`#price-my-${pack.id}`).press('Enter')
  await expect(admin.getByText('Enter a price above 0 with at most two decimals')).toBeVisible()
  try {
    await admin.locator(`#price-my-${pack.id}`).fill((now / 100).toFixed(2))
    await admin.locator(`#price-my-${pack.id}`).press('Enter')
    await expect(admin.getByText('Saved; the shop shows it now.')).toBeVisible()

    await page.goto(`/en/products/${product.id}`)
    await expect(page.locator('main')).toContainText(rm(now))
    await customer.goto(`/en/products/${product.id}`)
    await expect(customer.locator('main')).toContainText(rm(now))
    const answer = await (
      await request.get(`${API}/api/v1/products/${product.id}?market=MY`)
    ).json()
    expect(answer.variations[0].price.amount_minor).toBe(now)
  } finally {
    await admin.locator(`#price-my-${pack.id}`).fill((was / 100).toFixed(2))
    await admin.locator(`#price-my-${pack.id}`).press('Enter')
    await expect(admin.getByText('Saved; the shop shows it now.')).toBeVisible()
  }

  // A photo: uploaded once, shown by the product page (through this web server) at once.
  const photo = join(tmpdir(), `photo-${Date.now()}.png`)
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e7d32' } })
    .png()
    .toFile(photo)
  await admin.getByLabel('New photo').setInputFiles(photo)
  await admin.getByRole('button', { name: 'Upload photo' }).click()
  await expect(admin.getByText('Saved; the shop shows it now.')).toBeVisible()
  await expect(admin.getByRole('img', { name: "The product's photo" })).toBeVisible()
  await page.goto(`/en/products/${product.id}`)
  const picture = page.locator('.cat-detail-image')
  await expect(picture).toHaveAttribute('src', /^\/img\/products\/[\w-]{22}\/240\.webp$/)
  const shown = await request.get(`${base}${await picture.getAttribute('src')}`)
  expect(shown.status()).toBe(200)
  expect(shown.headers()['content-type']).toBe('image/webp')
  expect(shown.headers()['cache-control']).toContain('immutable')
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  // Removed: the product page shows its category's picture again.
  await admin.getByRole('button', { name: 'Remove photo' }).click()
  await expect(admin.getByText('Saved; the shop shows it now.')).toBeVisible()
  await expect(
    admin.getByText("No photo yet: the shop shows the category's picture."),
  ).toBeVisible()
  await page.goto(`/en/products/${product.id}`)
  await expect(page.locator('.cat-detail-image')).not.toHaveAttribute('src', /\/img\/products\//)
  await office.close()
  await visitor.close()
  await shopper.close()
})
