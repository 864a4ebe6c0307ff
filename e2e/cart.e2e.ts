import type { Page } from '@playwright/test'
import { test, expect, expectAccessible } from './support/fixtures.ts'
import { createAccount, freshMobile, latestCode } from './support/api.ts'
import { NEW_FARMER, newCustomerPage, submitLogin } from './support/login.ts'

/** docs/product/orders-and-payments.md: the cart, for visitors and customers, with and without JavaScript. */

async function openAzoDif(page: Page) {
  await page.goto('/en/products/agrochems?q=azodif')
  await page.getByRole('link', { name: 'AzoDif 325SC' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'AzoDif 325SC' })).toBeVisible()
}

const cartIcon = (page: Page) => page.locator('.header-cart')

test.describe('the cart', () => {
  for (const js of [true, false]) {
    test(`a visitor's cart survives login (JavaScript ${js ? 'on' : 'off'})`, async ({
      browser,
      request,
    }) => {
      const { mobile, password } = await createAccount(request)
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      if (js) await page.goto('/en')
      await openAzoDif(page)
      const pack = page.getByRole('radio').nth(1)
      await pack.check()
      const packName = (
        await pack.locator('xpath=..').locator('.cat-variation-label').innerText()
      ).trim()
      await page.getByLabel('Quantity').fill('2')
      await page.getByRole('button', { name: 'Add to cart' }).click()
      // Without JavaScript the notice is in <noscript>, which a browser driven with scripts
      // switched off does not show; the test below reads it in the page sent.
      if (js) await expect(page.getByText('Added to your cart.').first()).toBeVisible()
      await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 2 items')

      // docs/product/accounts.md guard 6: the cart needs an account; the lines wait for the login.
      await cartIcon(page).click()
      await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fcart/)
      await submitLogin(page, mobile, password)
      await expect(page).toHaveURL(/\/en\/cart$/)
      await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible()
      const line = page.locator('.cart-line')
      await expect(line).toHaveCount(1)
      await expect(line).toContainText('AzoDif 325SC')
      await expect(line).toContainText(packName)
      await expect(line.getByLabel('Quantity')).toHaveValue('2')
      await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 2 items')
      await context.close()
    })
  }

  // Without scripts: the address the farmer was going to travels in the page itself (the login
  // page's link, the sign-up form's hidden field, the session), the same with scripts.
  for (const { lang, js } of [
    { lang: 'bm', js: false },
    { lang: 'en', js: false },
  ] as const)
    test(`a visitor who signs up instead of logging in goes on to the cart, with its lines (${lang}, JavaScript ${js ? 'on' : 'off'})`, async ({
      browser,
      request,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto(`/${lang}/products/agrochems?q=azodif`)
      await page.locator('.cat-grid a').first().click()
      await page.locator('input[name=quantity]').fill('2')
      await page
        .getByRole('button', { name: lang === 'bm' ? 'Tambah ke troli' : 'Add to cart' })
        .click()
      await expect(cartIcon(page)).toHaveAttribute('aria-label', /2/)
      await cartIcon(page).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?redirectTo=%2F${lang}%2Fcart`))
      // Not an account yet: signing up, from the login page.
      await page
        .getByRole('link', { name: lang === 'bm' ? 'Buka akaun' : 'Create an account' })
        .click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/signup\\?redirectTo=%2F${lang}%2Fcart$`))
      // The sign-up form itself, not the login form it replaces (both have a mobile field; with
      // scripts the address changes a moment before the new page is drawn).
      await expect(page.locator('main input[name=password_confirm]')).toBeVisible()
      const mobile = freshMobile()
      const fill = (name: string, value: string) =>
        page.locator(`main input[name="${name}"]`).fill(value)
      await fill('mobile', mobile)
      await fill('password', 'sawah2026')
      await fill('password_confirm', 'sawah2026')
      await fill('full_name', NEW_FARMER.fullName)
      await fill('postcode', NEW_FARMER.postcode)
      await fill('area', NEW_FARMER.area)
      await fill('district', NEW_FARMER.district)
      await page.locator('select[name=preferred_branch]').selectOption({ label: NEW_FARMER.branch })
      await page.locator('main form button[type=submit]').last().click()
      await page.locator('input[name=userInputCode]').fill(await latestCode(request, mobile))
      await page.locator('form:has(input[name=userInputCode]) button[type=submit]').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`))
      await expect(page.locator('.cart-line')).toHaveCount(1)
      await expect(page.locator('.cart-line').getByLabel(/./).first()).toHaveValue('2')
      await context.close()
    })

  test('a customer changes a count, leaves a line out of checkout and removes it; totals follow', async ({
    page,
    request,
  }) => {
    const { mobile, password } = await createAccount(request)
    await page.goto('/en/login')
    await submitLogin(page, mobile, password)
    await expect(page).toHaveURL(/\/en$/)
    await openAzoDif(page)
    await page.getByLabel('Quantity').fill('1')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.locator('.cat-add-result')).toHaveText('Added to your cart.')
    await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 1 item')

    await cartIcon(page).click()
    await expect(page).toHaveURL(/\/en\/cart$/)
    const line = page.locator('.cart-line')
    const subtotal = page.locator('.cart-subtotal strong')
    const one = await subtotal.innerText()
    await line.getByLabel('Quantity').fill('3')
    await expect(page.locator('.cart-summary')).toContainText('3 items for checkout')
    const unit = Number(one.replace(/[^\d.]/g, ''))
    await expect(subtotal).toHaveText(`RM${(unit * 3).toFixed(2)}`)

    await line.getByLabel('Buy at checkout').uncheck()
    await expect(page.locator('.cart-summary')).toContainText('0 items for checkout')
    await expect(page.getByText('Tick “Buy at checkout” on at least one product')).toBeVisible()
    await expect(subtotal).toHaveText('RM0.00')

    await line.getByRole('button', { name: 'Remove AzoDif 325SC' }).click()
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
    await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart')
  })

  test('without JavaScript the cart is changed with Update and Remove', async ({
    browser,
    request,
  }) => {
    const { context, page } = await newCustomerPage(browser, request, {
      js: false,
      to: '/en/products/agrochems?q=azodif',
    })
    await page.getByRole('link', { name: 'AzoDif 325SC' }).click()
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 1 item')
    await page.goto('/en/cart')
    const line = page.locator('.cart-line')
    await line.getByLabel('Quantity').fill('4')
    await line.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('Your cart is updated.')).toBeVisible()
    await expect(page.locator('.cart-line').getByLabel('Quantity')).toHaveValue('4')
    await expect(page.locator('.cart-summary')).toContainText('4 items for checkout')
    await page.locator('.cart-line').getByRole('button', { name: 'Remove AzoDif 325SC' }).click()
    await expect(page.getByText('Your cart is empty.')).toBeVisible()
    await context.close()
  })

  test('without JavaScript, adding says so in the page it comes back to; a forged pack changes nothing', async ({
    request,
    baseURL,
  }) => {
    const headers = { origin: baseURL! }
    const product = await (await request.get('/en/products/agrochems?q=azodif')).text()
    const id = /\/en\/products\/agrochems\/(\d+)/.exec(product)?.[1]
    expect(id).toBeDefined()
    const page = await (await request.get(`/en/products/agrochems/${id}`)).text()
    const variation = /name="variation" value="(\d+)"/.exec(page)?.[1]
    const back = `/en/products/agrochems/${id}`
    const added = await request.post('/en/add-to-cart', {
      headers,
      form: { product_id: id!, variation: variation!, quantity: '1', redirect_to: back },
    })
    expect(added.url()).toContain(back)
    expect(await added.text()).toContain('<noscript><p class="notice">Added to your cart.</p>')
    expect(await added.text()).toContain('aria-label="Cart, 1 item"')
    const forged = await request.post('/en/add-to-cart', {
      headers,
      form: {
        product_id: id!,
        variation: '999999',
        quantity: '1',
        redirect_to: 'https://evil.test/',
      },
    })
    expect(new URL(forged.url()).origin).toBe(new URL(baseURL!).origin)
    expect(await forged.text()).toContain('This pack is not sold in your country.')
    expect(await forged.text()).toContain('aria-label="Cart, 1 item"')
    const foreign = await request.post('/en/add-to-cart', {
      headers: { origin: 'https://evil.test' },
      form: { product_id: id!, variation: variation!, quantity: '5', redirect_to: back },
    })
    expect(foreign.status()).toBe(403)
  })

  test('the spray calculator puts the packs it counted in the cart', async ({ page, request }) => {
    const { mobile, password } = await createAccount(request)
    await page.goto('/en/login')
    await submitLogin(page, mobile, password)
    await expect(page).toHaveURL(/\/en$/)
    await openAzoDif(page)
    await page.getByRole('link', { name: 'Open the spray calculator' }).click()
    await expect(page).toHaveURL(/pack_id=/)
    await page.getByLabel('Field area').fill('3')
    await page.getByLabel('Area unit').selectOption('hectare')
    const packs = page.locator('.calc-figure', { hasText: 'Packs to buy' }).locator('dd')
    await expect(packs).toBeVisible()
    // The cheapest packs (docs/product/calculators.md, Which packs to buy): "2 × 500 mL + 1 × 100 mL".
    const plan = (await packs.evaluate((dd) => dd.firstChild?.textContent ?? ''))
      .split(' + ')
      .map((part) => /^(\d+) × (.+)$/.exec(part))
    expect(plan.length).toBeGreaterThan(0)
    expect(plan.every(Boolean)).toBe(true)
    // The answer with its button: no serious accessibility fault (the button once sat inside the
    // list of figures, which may hold only names and values).
    await expectAccessible(page)
    await page.getByRole('button', { name: /Add (these \d+ packs|this pack) to the cart/ }).click()
    await expect(page.getByText('Added to your cart.').first()).toBeVisible()
    await page.goto('/en/cart')
    await expect(page.locator('.cart-line')).toHaveCount(plan.length)
    for (const [, count, pack] of plan as RegExpExecArray[])
      await expect(
        page.locator('.cart-line', { hasText: pack! }).getByLabel('Quantity'),
      ).toHaveValue(count!)

    // A pack size changed by hand is no longer the shop's pack: no button.
    await page.goBack()
    await page.getByLabel('Pack size').fill('777')
    await expect(page.getByRole('button', { name: /to the cart/ })).toHaveCount(0)
  })
})
