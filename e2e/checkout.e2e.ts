import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'
import { loginInBrowser, newCustomerPage } from './support/login.ts'
import { latestCode } from './support/api.ts'
import { fillCart, grantCredit, minorOf, packOf, rm, setPin } from './support/shop.ts'

/**
 * docs/product/orders-and-payments.md: checkout, payment by PIN, cash at the branch, and the
 * orders that result, through the real servers and database.
 */

const DEMO_PIN = '390571'

async function availableCredit(page: Page): Promise<number> {
  const hint = page.locator('label.choice', { hasText: 'Credit (pay at harvest)' })
  return minorOf((await hint.locator('.hint').innerText()).replace('Available credit:', ''))
}

/** A new customer, logged in, with `count` packs in the cart and, if asked, a credit line. */
async function customerWithCart(
  browser: Browser,
  request: APIRequestContext,
  options: { js: boolean; count: number; creditMinor?: number },
) {
  const customer = await newCustomerPage(browser, request, { js: options.js, to: '/en/settings' })
  if (options.creditMinor) await grantCredit(request, customer.mobile, options.creditMinor)
  const pack = await packOf(request, 1)
  const token = await fillCart(request, customer, [{ id: pack.id, count: options.count }])
  return { ...customer, pack, token }
}

/** Opens checkout and chooses collection at a branch and payment with credit. */
async function chooseCreditPickup(page: Page) {
  await page.goto('/en/checkout')
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
}

async function totalOnCheckout(page: Page): Promise<number> {
  return minorOf(await page.locator('dd.checkout-total').innerText())
}

test.describe('checkout and payment', () => {
  test('the demo customer buys on credit with the PIN, then sees the order and the lower balance', async ({
    page,
    request,
  }) => {
    const pack = await packOf(request, 1)
    await fillCart(request, { mobile: '+60120000001', password: 'demo2026' }, [
      { id: pack.id, count: 2 },
    ])
    await loginInBrowser(page, '+60120000001')
    await page.goto('/en/cart')
    await page.getByRole('link', { name: 'Continue to checkout' }).click()
    await expect(page).toHaveURL(/\/en\/checkout$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
    const before = await availableCredit(page)
    await page.getByLabel('Collect at a branch').check()
    await page.getByLabel('Credit (pay at harvest)').check()
    const total = await totalOnCheckout(page)
    expect(total).toBeGreaterThanOrEqual(2 * pack.priceMinor)
    await page.getByRole('button', { name: 'Continue to payment' }).click()

    await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
    await expect(page.locator('.payment-total')).toHaveText(/RM/)
    expect(minorOf(await page.locator('.payment-total').innerText())).toBe(total)
    // A forgotten PIN has its way right here; the way back names the step it leads to.
    await expect(page.getByRole('link', { name: 'Forgot PIN?' })).toHaveAttribute(
      'href',
      '/en/forgot-pin',
    )
    await expect(page.getByRole('link', { name: '← Back to delivery and payment' })).toBeVisible()
    await page.goto('/bm/checkout/payment')
    await expect(page.getByRole('link', { name: 'Lupa PIN?' })).toHaveAttribute(
      'href',
      '/bm/forgot-pin',
    )
    await expect(
      page.getByRole('link', { name: '← Kembali ke cara terima dan bayar' }),
    ).toBeVisible()
    await page.goto('/en/checkout/payment')
    // A payment posted from another site with this customer's cookies is refused (row 23).
    const forged = await page.request.post('/en/checkout/payment', {
      headers: { origin: 'http://evil.test' },
      form: { intent: 'pay', pin: DEMO_PIN },
      maxRedirects: 0,
    })
    // Refused by our origin check (403) or React Router's own (400); either way nothing is
    // charged: the balance below falls by exactly one order.
    expect([400, 403]).toContain(forged.status())
    await page.getByLabel('Payment PIN').fill(DEMO_PIN)
    await page.getByRole('button', { name: /^Authorise/ }).click()

    await expect(page).toHaveURL(/\/en\/checkout\/payment\/success\?order=\d+$/)
    // Nothing secret stays in the browser: no PIN, no token in any of its stores (row 13).
    const stores = await page.evaluate(async () => {
      const dbs = (await indexedDB.databases?.()) ?? []
      return JSON.stringify([{ ...localStorage }, { ...sessionStorage }, dbs, document.cookie])
    })
    expect(stores).not.toContain(DEMO_PIN)
    expect(stores).not.toMatch(/eyJ[\w-]+\.eyJ/)
    expect(stores).not.toContain('__session')
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
    await expect(page.getByText(/is paid with your credit/)).toBeVisible()
    const left = minorOf(
      (await page.locator('.credit-left').innerText()).replace('Credit available now:', ''),
    )
    expect(left).toBe(before - total)
    const number = (await page.locator('.order-fields dd strong').innerText()).trim()
    expect(number).toMatch(/^SM\d{6}-\d{6}$/)

    await page.getByRole('link', { name: 'View order' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
    await expect(page.locator('.order-fields')).toContainText('Paid')
    await expect(page.locator('.order-fields')).toContainText('Collect at branch')
    await page.goto('/en/orders?status=paid')
    await expect(page.locator('.order-row', { hasText: number })).toBeVisible()
    await page.goto('/en/orders?status=unpaid')
    await expect(page.locator('.order-row', { hasText: number })).toHaveCount(0)
    // The header's cart count followed the order.
    await expect(page.locator('.header-cart')).toHaveAttribute('aria-label', 'Cart')
  })

  test('without JavaScript: a first credit payment sets the PIN on the way (a mismatch is retried)', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithCart(browser, request, {
      js: false,
      count: 1,
      creditMinor: 500_000,
    })
    const { page, pack } = customer
    await chooseCreditPickup(page)
    await page.getByRole('button', { name: 'Continue to payment' }).click()

    await expect(page).toHaveURL(/\/en\/checkout\/pin-setup$/)
    await page.getByLabel('Choose a 6-digit PIN').fill('274915')
    await page.getByLabel('Enter the same PIN again').fill('274916')
    await page.getByRole('button', { name: 'Set PIN' }).click()
    await expect(page.getByText('PINs do not match, please try again.')).toBeVisible()
    await page.getByLabel('Choose a 6-digit PIN').fill('274915')
    await page.getByLabel('Enter the same PIN again').fill('274915')
    await page.getByRole('button', { name: 'Set PIN' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'PIN created' })).toBeVisible()
    await page.getByRole('link', { name: 'Continue to payment' }).click()

    await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
    expect(minorOf(await page.locator('.payment-total').innerText())).toBe(pack.priceMinor)
    await page.getByLabel('Payment PIN').fill('274915')
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
    await expect(page.locator('.credit-left')).toContainText(rm(500_000 - pack.priceMinor))
    await customer.context.close()
  })

  for (const js of [true, false]) {
    test(`cash is collected at a branch; cash with delivery is refused (JavaScript ${js ? 'on' : 'off'})`, async ({
      browser,
      request,
    }) => {
      const customer = await customerWithCart(browser, request, { js, count: 1 })
      const { page } = customer
      await page.goto('/en/checkout')
      // No credit line: cash is the choice, and credit says why it cannot be had.
      await expect(page.getByText('You have no credit line yet.')).toBeVisible()
      await expect(page.getByLabel('Cash at the branch')).toBeChecked()

      await page.getByLabel('Delivery to my address').check()
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await expect(
        page.getByText('Cash payment does not allow delivery: choose self-collection at a branch'),
      ).toBeVisible()
      await expect(page).toHaveURL(/\/en\/checkout$/)
      // Without a credit line, credit is not offered as the other way; in Malay too.
      await expect(page.getByText(/or pay with credit/)).toHaveCount(0)
      await page.goto('/bm/checkout')
      await page.getByLabel('Hantar ke alamat saya').check()
      await page.getByRole('button', { name: 'Teruskan ke pembayaran' }).click()
      await expect(
        page.getByText(
          'Bayaran tunai tidak membenarkan penghantaran: pilih ambil sendiri di cawangan.',
        ),
      ).toBeVisible()
      await expect(page.getByText(/atau bayar dengan kredit/)).toHaveCount(0)
      await page.goto('/en/checkout')

      await page.getByLabel('Collect at a branch').check()
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
      await expect(page.getByText('Amount to pay in cash when you collect')).toBeVisible()
      await page.getByRole('button', { name: 'Place order' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
      await expect(page.getByText(/pay in cash when you collect it/)).toBeVisible()
      await expect(page.locator('.order-fields')).toContainText('Unpaid')
      await expect(page.locator('.order-fields')).toContainText('Collection location')
      // Where to collect: the branch's address, a call button and directions.
      await expect(page.locator('.order-branch-address')).not.toBeEmpty()
      await expect(page.getByRole('link', { name: /^Call 0/ })).toHaveAttribute('href', /^tel:\+60/)
      await expect(page.getByRole('link', { name: 'Directions' })).toBeVisible()
      const id = /order=(\d+)/.exec(page.url())![1]
      await page.goto('/en/orders?status=unpaid')
      await expect(page.locator('.order-row')).toHaveCount(1)
      await page.goto('/en/orders?status=paid')
      await expect(page.getByText('No orders with this status.')).toBeVisible()
      // Another customer's order, or one that does not exist, is not shown: the same message.
      if (js) {
        const other = await newCustomerPage(browser, request, { js, to: '/en/settings' })
        for (const path of [`/en/orders/${id}`, '/en/orders/2147483647', '/en/orders/abc']) {
          await other.page.goto(path)
          await expect(other.page.getByText('Unable to load order details.')).toBeVisible()
        }
        await other.page.goto(`/en/checkout/payment/success?order=${id}`)
        await expect(other.page.getByText('Unable to load order details.')).toBeVisible()
        await other.context.close()
      }
      await customer.context.close()
    })
  }

  test('too little credit says how much more is needed, in ringgit', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithCart(browser, request, {
      js: true,
      count: 3,
      creditMinor: 100,
    })
    const { page } = customer
    await chooseCreditPickup(page)
    const total = await totalOnCheckout(page)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    const need = rm(total - 100)
    await expect(page.getByText('Insufficient credit balance.')).toBeVisible()
    await expect(
      page.getByText(`You need an additional ${need} to complete this payment.`),
    ).toBeVisible()
    await customer.context.close()
  })

  test('five wrong PINs lock payment for 30 minutes, the right PIN is then refused too, and forgot PIN unlocks it', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithCart(browser, request, {
      js: true,
      count: 1,
      creditMinor: 500_000,
    })
    const { page } = customer
    // Set through the API after this browser logged in: checkout reads it afresh.
    await setPin(request, customer.token, '274915')
    await chooseCreditPickup(page)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
    for (let left = 4; left >= 1; left--) {
      await page.getByLabel('Payment PIN').fill('111111')
      await page.getByRole('button', { name: /^Authorise/ }).click()
      await expect(page.getByText(`Incorrect PIN entered. ${left} tries left.`)).toBeVisible()
    }
    await page.getByLabel('Payment PIN').fill('111111')
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await expect(page.getByText(/Payment is locked for 30 minutes/)).toBeVisible()
    await page.getByLabel('Payment PIN').fill('274915')
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await expect(page.getByText(/Payment is locked for 30 minutes/)).toBeVisible()
    await page.goto('/en/orders')
    await expect(page.getByText('You have no orders yet.')).toBeVisible()

    // Forgot PIN: a code by SMS to the customer's own phone sets a new PIN and ends the lock.
    await page.goBack()
    await page.getByLabel('Payment PIN').fill('274915')
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await page.getByRole('link', { name: 'Forgot PIN?' }).click()
    await expect(page).toHaveURL(/\/en\/forgot-pin$/)
    await page.getByRole('button', { name: 'Send the code by SMS' }).click()
    await expect(page.getByText('We sent a code by SMS')).toBeVisible()
    await page
      .getByLabel('6-digit code from the SMS')
      .fill(await latestCode(request, customer.mobile))
    await page.getByLabel('New PIN').fill('386104')
    await page.getByLabel('Enter the same PIN again').fill('386104')
    await page.getByRole('button', { name: 'Set the new PIN' }).click()
    await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
    await expect(page.getByText('Your new payment PIN is set.')).toBeVisible()
    await page.getByLabel('Payment PIN').fill('386104')
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
    await customer.context.close()
  })
})
