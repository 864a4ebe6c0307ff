import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { test, expect, startUsing, touchWhenListening } from './support/fixtures.ts'
import { API, createAccount } from './support/api.ts'
import { newCustomerPage, submitLogin } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'
import { fillCart, grantCredit, minorOf, packOf, rm, setPin } from './support/shop.ts'
import { arrive, asFarmerPhone, expectNotHydrated, holdScripts } from './support/farmer-phone.ts'

/**
 * docs/product/shell.md and ADR 031: until its scripts have run, a page behaves as it does without
 * them, and nothing on it says what the farmer's own tap has already made false; what was chosen
 * before the scripts arrived is what the page goes on with. Checkout (docs/product/
 * orders-and-payments.md) on the farmer's phone, with the scripts held back until `release()` so
 * that each tap is surely made before hydration, compared with the same tap made after it.
 */

const PIN = '274915'
/** A page change on the farmer's phone: the next page's scripts and data come at 400 kbps. */
const SLOW = { timeout: 30_000 }
const HOME = {
  name: 'Rumah',
  address: 'Lot 12, Jalan Bendang',
  city: 'Sekinchan',
  state: 'MY-10',
  postcode: '45400',
}
/** An address's radio, by the name the customer gave it. */
const addressRadio = (page: Page, name: string) =>
  page.getByRole('radio', { name: new RegExp(`^${name} `) })
const FARM = {
  name: 'Sawah',
  address: 'Lot 7, Jalan Tali Air',
  city: 'Jitra',
  state: 'MY-02',
  postcode: '06000',
}

/**
 * A new customer with a credit line, a PIN (unless told not to), two addresses (the first is the
 * default) and one pack in the cart, logged in in a browser of their own.
 */
async function customer(browser: Browser, request: APIRequestContext, options = { pin: true }) {
  const c = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
  await grantCredit(request, c.mobile, 500_000)
  const pack = await packOf(request, 1)
  const token = await fillCart(request, c, [{ id: pack.id, count: 1 }])
  if (options.pin) await setPin(request, token, PIN)
  for (const address of [HOME, FARM]) {
    const res = await request.post(`${API}/api/v1/me/addresses`, {
      headers: { authorization: `Bearer ${token}` },
      data: address,
    })
    expect(res.status()).toBe(201)
  }
  return { ...c, pack, token }
}

/**
 * Opens a page in a customer's own browser (not the fixture's page, whose `goto` does this) and
 * starts using it as the farmer does, once it has hydrated.
 */
async function open(page: Page, url: string) {
  await page.goto(url)
  await startUsing(page)
}

/** The summary's figures as the farmer reads them (what is hidden is not read). */
async function summary(page: Page) {
  return (await page.locator('.checkout-totals').innerText()).replace(/\s+/g, ' ').trim()
}

/** The total the summary shows, in minor units. */
async function shownTotal(page: Page) {
  return minorOf(await page.locator('dd.checkout-total').innerText())
}

/**
 * Leaves checkout with this choice, so the next visit starts from it (the session keeps it):
 * the "remembered" choice of the report.
 */
async function remember(
  page: Page,
  fulfilment: 'Collect at a branch' | 'Delivery to my address',
  next = /\/en\/checkout\/payment$/,
) {
  await open(page, '/en/checkout')
  await page.getByLabel(fulfilment).check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(next)
}

/** Every POST the page sends to `path`: a form's plain post and the router's (`.data`) alike. */
function postsTo(page: Page, path: string) {
  const posts: string[] = []
  page.on('request', (r) => {
    const at = new URL(r.url()).pathname
    if (r.method() === 'POST' && (at === path || at === `${path}.data`)) posts.push(at)
  })
  return posts
}

/** What the payment page says it is for: the amount, what it includes and where the goods go. */
async function paymentCard(page: Page) {
  return (await page.locator('.payment-amount').innerText()).replace(/\s+/g, ' ').trim()
}

for (const [from, to] of [
  ['Delivery to my address', 'Collect at a branch'],
  ['Collect at a branch', 'Delivery to my address'],
] as const) {
  test(`checkout: ${from} remembered, "${to}" tapped before the scripts arrive: the summary follows at once and after they do`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000)
    const { page, pack, context } = await customer(browser, request)
    expect(pack.priceMinor).toBeLessThan(30_000) // under free delivery: the fee is not zero
    const fee = 1_500
    const expected = {
      'Collect at a branch': `Subtotal ${rm(pack.priceMinor)} Delivery fee RM0.00 Total ${rm(pack.priceMinor)}`,
      'Delivery to my address': `Subtotal ${rm(pack.priceMinor)} Delivery fee ${rm(fee)} Total ${rm(pack.priceMinor + fee)}`,
    }

    // The same tap made once the page has hydrated: what the farmer should see.
    await remember(page, from)
    await open(page, '/en/checkout')
    await page.getByLabel(to).check()
    const afterHydration = await summary(page)
    expect(afterHydration).toBe(expected[to])

    await remember(page, from)
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/checkout')
    await expect(page.getByLabel(from)).toBeChecked()
    expect(await summary(page)).toBe(expected[from])
    await page.getByLabel(to).check()
    // Right away, read without waiting: the figure follows the radio the farmer's tap moved.
    expect(await summary(page)).toBe(afterHydration)
    await expectNotHydrated(page)

    await scripts.release()
    await expect(page.getByLabel(to)).toBeChecked()
    expect(await summary(page)).toBe(afterHydration)
    const total = await shownTotal(page)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(page).toHaveURL(/\/en\/checkout\/payment$/, SLOW)
    // The payment page asks the amount the summary showed.
    expect(minorOf(await page.locator('.payment-total').innerText())).toBe(total)
    await context.close()
  })
}

test('checkout: collection and cash tapped before the scripts arrive are kept when they do, and are what the payment page is for', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context } = await customer(browser, request)
  const taps = async () => {
    await page.getByLabel('Collect at a branch').check()
    await page.getByLabel('Cash at the branch').check()
  }

  await remember(page, 'Delivery to my address')
  await open(page, '/en/checkout')
  await taps()
  const shown = await summary(page)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
  const asked = await paymentCard(page)
  expect(asked).toContain('Amount to pay in cash when you collect')
  expect(minorOf(await page.locator('.payment-total').innerText())).toBe(
    minorOf(shown.replace(/.*Total/, '')),
  )

  await remember(page, 'Delivery to my address')
  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  await arrive(page, '/en/checkout')
  await expect(page.getByLabel('Credit (pay at harvest)')).toBeChecked()
  await taps()
  expect(await page.getByLabel('Cash at the branch').isChecked()).toBe(true)
  expect(await page.getByLabel('Collect at a branch').isChecked()).toBe(true)
  expect(await summary(page)).toBe(shown)
  await expectNotHydrated(page)

  await scripts.release()
  await expect(page.getByLabel('Cash at the branch')).toBeChecked()
  await expect(page.getByLabel('Collect at a branch')).toBeChecked()
  expect(await summary(page)).toBe(shown)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/, SLOW)
  expect(await paymentCard(page)).toBe(asked)
  await context.close()
})

test('checkout: cash with delivery sent before the scripts arrive is refused as after, once; collection then tapped still moves the figures', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context } = await customer(browser, request)
  const refusal = 'Cash payment does not allow delivery: choose self-collection at a branch'

  await remember(page, 'Delivery to my address')
  await open(page, '/en/checkout')
  await page.getByLabel('Cash at the branch').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByText(refusal)).toBeVisible()
  const refusedSummary = await summary(page)
  await page.getByLabel('Collect at a branch').check()
  const collectSummary = await summary(page)

  await remember(page, 'Delivery to my address')
  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  const posts = postsTo(page, '/en/checkout')
  await arrive(page, '/en/checkout')
  await page.getByLabel('Cash at the branch').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  // A plain form post: the page the server answers with, its scripts still held.
  await expect(page.getByText(refusal)).toBeVisible(SLOW)
  await expectNotHydrated(page)
  await expect(page.getByLabel('Cash at the branch')).toBeChecked()
  await expect(page.getByLabel('Delivery to my address')).toBeChecked()
  expect(await summary(page)).toBe(refusedSummary)
  await page.getByLabel('Collect at a branch').check()
  expect(await summary(page)).toBe(collectSummary)
  await expectNotHydrated(page)

  await scripts.release()
  await expect(page.getByLabel('Collect at a branch')).toBeChecked()
  await expect(page.getByLabel('Cash at the branch')).toBeChecked()
  expect(await summary(page)).toBe(collectSummary)
  expect(posts).toEqual(['/en/checkout'])
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/, SLOW)
  await expect(page.getByText('Amount to pay in cash when you collect')).toBeVisible(SLOW)
  expect(posts).toEqual(['/en/checkout', '/en/checkout.data'])
  await context.close()
})

test('checkout: another address picked and sent before the scripts arrive is where the payment page delivers, sent once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context } = await customer(browser, request)
  const farm = `Deliver to ${FARM.name}: ${FARM.address}, ${FARM.postcode} ${FARM.city}`

  await remember(page, 'Delivery to my address')
  await open(page, '/en/checkout')
  await expect(addressRadio(page, HOME.name)).toBeChecked()
  await addressRadio(page, FARM.name).check()
  const shown = await summary(page)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
  const asked = await paymentCard(page)
  expect(asked).toContain(farm)

  // Back to the default address for the next visit.
  await open(page, '/en/checkout')
  await addressRadio(page, HOME.name).check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByText(`Deliver to ${HOME.name}`)).toBeVisible()

  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  const posts = postsTo(page, '/en/checkout')
  await arrive(page, '/en/checkout')
  await expect(addressRadio(page, HOME.name)).toBeChecked()
  await addressRadio(page, FARM.name).check()
  expect(await addressRadio(page, FARM.name).isChecked()).toBe(true)
  expect(await summary(page)).toBe(shown)
  const total = await shownTotal(page)
  await expectNotHydrated(page)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/, SLOW)
  expect(await paymentCard(page)).toBe(asked)
  expect(minorOf(await page.locator('.payment-total').innerText())).toBe(total)
  expect(posts).toEqual(['/en/checkout'])

  // The payment page's scripts, when the farmer starts using it, change none of this.
  await touchWhenListening(page)
  await scripts.release()
  expect(await paymentCard(page)).toBe(asked)
  expect(posts).toEqual(['/en/checkout'])
  await context.close()
})

/**
 * A customer who chose collection at a branch, on a farmer's phone about to open the payment
 * page: its scripts held until released, and its posts to the payment page counted.
 */
async function atPaymentOnFarmerPhone(browser: Browser, request: APIRequestContext) {
  const c = await customer(browser, request)
  await remember(c.page, 'Collect at a branch')
  await asFarmerPhone(c.page)
  const scripts = await holdScripts(c.page)
  const posts = postsTo(c.page, '/en/checkout/payment')
  return { ...c, scripts, posts }
}

test('payment: PIN digits typed before the scripts arrive count once, and the PIN pays', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack, scripts, posts } = await atPaymentOnFarmerPhone(browser, request)
  await arrive(page, '/en/checkout/payment')
  expect(minorOf(await page.locator('.payment-total').innerText())).toBe(pack.priceMinor)
  const pin = page.getByLabel('Payment PIN')
  await pin.pressSequentially(PIN.slice(0, 3))
  await expect(pin).toHaveValue(PIN.slice(0, 3))
  await expectNotHydrated(page)

  await scripts.release()
  await expect(pin).toHaveValue(PIN.slice(0, 3))
  await pin.pressSequentially(PIN.slice(3))
  await expect(pin).toHaveValue(PIN)
  await page.getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  await expect(page.locator('.credit-left')).toContainText(rm(500_000 - pack.priceMinor))
  expect(posts).toEqual(['/en/checkout/payment.data'])
  await context.close()
})

test('payment: Authorise tapped before the scripts arrive, which hydrate the page while it is sent, places one order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack, scripts, posts } = await atPaymentOnFarmerPhone(browser, request)
  // The plain post waits here until the page behind it has hydrated. While a navigation is under
  // way the test cannot look into the page, so the page says when it has hydrated (the root
  // closes the record of what was typed: apps/web/app/utils/typed-before-hydration.ts).
  let send!: () => void
  const sending = new Promise<void>((resolve) => (send = resolve))
  await page.route('**/en/checkout/payment', async (route) => {
    if (route.request().method() === 'POST') await sending
    await route.fallback()
  })
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>
    const poll = setInterval(() => {
      if (w.__typedBeforeHydration !== null) return
      clearInterval(poll)
      console.info('hydrated')
    }, 20)
  })
  const said: string[] = []
  page.on('console', (m) => said.push(m.text()))
  const hydratedBehind = page.waitForEvent('console', (m) => m.text() === 'hydrated')
  await arrive(page, '/en/checkout/payment')
  await page.getByLabel('Payment PIN').fill(PIN)
  await expectNotHydrated(page)
  // The tap's page change is held above: the test goes on without waiting for it.
  await page
    .getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` })
    .click({ noWaitAfter: true })
  await expect.poll(() => posts.length).toBe(1)
  expect(said).not.toContain('hydrated')

  const released = scripts.release()
  await hydratedBehind
  send()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  await touchWhenListening(page)
  await released
  await expect(page.locator('.credit-left')).toContainText(rm(500_000 - pack.priceMinor))
  expect(posts).toEqual(['/en/checkout/payment'])
  await open(page, '/en/orders')
  await expect(page.locator('.order-row')).toHaveCount(1)
  await context.close()
})

test('payment: Authorise tapped twice before the scripts arrive places one order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack, scripts, posts } = await atPaymentOnFarmerPhone(browser, request)
  await arrive(page, '/en/checkout/payment')
  await page.getByLabel('Payment PIN').fill(PIN)
  await expectNotHydrated(page)
  // A double tap on a slow phone: two plain posts may leave, the order is placed once
  // (docs/product/orders-and-payments.md: pressing again never places the order twice).
  await page
    .getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` })
    .click({ clickCount: 2, noWaitAfter: true })
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  expect(posts.length).toBeGreaterThanOrEqual(1)
  expect(posts.every((p) => p === '/en/checkout/payment')).toBe(true)
  await touchWhenListening(page)
  await scripts.release()
  await expect(page.locator('.credit-left')).toContainText(rm(500_000 - pack.priceMinor))
  await open(page, '/en/orders')
  await expect(page.locator('.order-row')).toHaveCount(1)
  await context.close()
})

test('checkout PIN set-up: the PIN typed twice before the scripts arrive is kept and sets it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack } = await customer(browser, request, { pin: false })
  await remember(page, 'Collect at a branch', /\/en\/checkout\/pin-setup$/)
  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  await arrive(page, '/en/checkout/pin-setup')
  await page.getByLabel('Choose a 6-digit PIN').fill(PIN)
  await page.getByLabel('Enter the same PIN again').fill(PIN)
  await expectNotHydrated(page)

  await scripts.release()
  await expect(page.getByLabel('Choose a 6-digit PIN')).toHaveValue(PIN)
  await expect(page.getByLabel('Enter the same PIN again')).toHaveValue(PIN)
  await page.getByRole('button', { name: 'Set PIN' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'PIN created' })).toBeVisible(SLOW)
  await page.getByRole('link', { name: 'Continue to payment' }).click()
  await page.getByLabel('Payment PIN').fill(PIN)
  await page.getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  await context.close()
})

/**
 * A customer with a credit line, a PIN and a pack in the cart, on a phone that can check a
 * fingerprint (Chromium's virtual platform authenticator; WebAuthn needs a host name, so this
 * browser uses http://localhost), registered for payment if `registered`, on the payment page
 * for collection with credit.
 */
async function onPhoneThatCanCheckFingerprints(
  browser: Browser,
  request: APIRequestContext,
  registered: boolean,
) {
  const account = await createAccount(request)
  await grantCredit(request, account.mobile, 500_000)
  const pack = await packOf(request, 1)
  const token = await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await setPin(request, token, PIN)
  const context: BrowserContext = await browser.newContext({
    baseURL: `http://localhost:${E2E_WEB_PORT}`,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  await page.goto('/en/login?redirectTo=%2Fen%2Fsettings%2Fbiometrics')
  await submitLogin(page, account.mobile, account.password)
  await expect(page).toHaveURL(/\/en\/settings\/biometrics$/)
  if (registered) {
    await startUsing(page)
    await page.getByLabel('Your payment PIN').fill(PIN)
    await page.getByRole('button', { name: 'Register this phone' }).click()
    await expect(
      page.getByText('This phone can now pay with its fingerprint or face.'),
    ).toBeVisible()
  }
  await remember(page, 'Collect at a branch')
  return { page, context, pack }
}

/** Waits until the starter, had it been told to start at once, would have asked for the scripts. */
async function starterHadItsChance(page: Page) {
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
  )
  // The starter waits for a frame, then a task (scripts-after-paint.ts): two of each here.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0),
        ),
      ),
  )
}

test('payment with a registered phone: no fingerprint button before the scripts, which start without a touch; then it pays', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack } = await onPhoneThatCanCheckFingerprints(browser, request, true)
  const fingerprint = page.getByRole('button', { name: 'Pay with fingerprint or face' })
  // After hydration, as the farmer finds it once the page is there.
  await open(page, '/en/checkout/payment')
  await expect(fingerprint).toBeVisible()

  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  await arrive(page, '/en/checkout/payment')
  await starterHadItsChance(page)
  // Nothing that needs the scripts is shown before them; the PIN, which needs none, pays.
  await expect(page.getByLabel('Payment PIN')).toBeVisible()
  await expect(page.getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` })).toBeVisible()
  expect(await fingerprint.count()).toBe(0)
  // The button the scripts bring should not wait for a touch: the page says so to the starter
  // (components/scripts-now.tsx), which has asked for them.
  await expect(page.locator('[data-scripts-now]')).toHaveCount(1)
  expect(scripts.count()).toBeGreaterThan(0)
  await expectNotHydrated(page)

  await scripts.release()
  await expect(fingerprint).toBeVisible()
  await fingerprint.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  await expect(page.locator('.credit-left')).toContainText(rm(500_000 - pack.priceMinor))
  await context.close()
})

test('payment without a registered phone: nothing that needs scripts before them; the offer to register comes with them, and the PIN typed before pays', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { page, context, pack } = await onPhoneThatCanCheckFingerprints(browser, request, false)
  const offer = page.getByRole('link', { name: /^Pay faster next time/ })
  await open(page, '/en/checkout/payment')
  await expect(offer).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay with fingerprint or face' })).toHaveCount(0)

  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  await arrive(page, '/en/checkout/payment')
  await starterHadItsChance(page)
  await expect(page.getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` })).toBeVisible()
  expect(await offer.count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Pay with fingerprint or face' }).count()).toBe(0)
  // Nothing here needs the scripts at once. (The PIN field takes the cursor when the page opens,
  // which the starter counts as a first interaction: the scripts start anyway.)
  await expect(page.locator('[data-scripts-now]')).toHaveCount(0)

  await page.getByLabel('Payment PIN').pressSequentially(PIN)
  await expectNotHydrated(page)
  await scripts.release()
  await expect(offer).toBeVisible()
  await expect(page.getByLabel('Payment PIN')).toHaveValue(PIN)
  await page.getByRole('button', { name: `Authorise ${rm(pack.priceMinor)}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible(SLOW)
  await context.close()
})
