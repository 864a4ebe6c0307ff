import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { test, expect, startUsing, touchWhenListening } from './support/fixtures.ts'
import { arrive, asFarmerPhone, expectNotHydrated, holdScripts } from './support/farmer-phone.ts'
import { API, apiLogin } from './support/api.ts'
import { newCustomerPage } from './support/login.ts'
import { creditPickupOrder, fillCart, packOf, rm } from './support/shop.ts'

// docs/product/shell.md (Before the scripts arrive): on the farmer's phone with the scripts held
// back, so that each step is surely taken before the page hydrated. What the farmer then sees is
// either right or says it waits for the button; when the scripts come, the page takes the form
// over as it stands and shows what the same steps give on a page that had already hydrated.

// Each test runs on the farmer's phone (network slowed, CPU ten times slower): 17-36 s alone,
// more on a busy machine, so two minutes rather than the default one.
test.describe.configure({ timeout: 120_000 })

/** A product link's rate (AzoDif 325SC's label), so the calculator answers once the area is in. */
const SPRAY = '/en/calculator/input-calculation?rate_kind=per_hectare&rate_amount=300&rate_unit=ml'

type Step = (page: Page) => Promise<void>

/** What the spray calculator shows: the sprayer's figures and the answer. */
async function sprayState(page: Page) {
  return {
    sprayer: await page.locator('input[name="sprayer"]:checked').inputValue(),
    tank: await page.getByLabel('Sprayer tank (L)').inputValue(),
    volume: await page.locator('input[name="litres_per_hectare"]').inputValue(),
    area: await page.getByLabel('Field area').inputValue(),
    answer: await page.getByRole('status').innerText(),
  }
}

/**
 * The same steps on a page whose scripts already run: what the farmer should end up with, read
 * by `read` once the answer is worked out (in the browser, once its validation has loaded: ADR 017).
 */
async function afterHydration<T>(
  browser: Browser,
  url: string,
  steps: readonly Step[],
  read: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  await startUsing(page)
  for (const step of steps) await step(page)
  await expect(page.locator('.calc-result')).not.toContainText('Working out')
  const state = await read(page)
  await context.close()
  return state
}

/**
 * What the scripts send once they have come takes a few round trips of 400 ms, on a phone ten
 * times slower (docs/performance.md, the farmer preset): more than an assertion's usual 5 s.
 */
const ROUND_TRIPS = { timeout: 20_000 } as const

/** Only what is shown: the text a farmer reads (hidden notes left out). */
const SHOWN = { useInnerText: true } as const

const drone: Step = (page) => page.getByLabel('Drone').check()
const twoHectares: Step = (page) => page.getByLabel('Field area').fill('2')
const tank30: Step = (page) => page.getByLabel('Sprayer tank (L)').fill('30')

test.describe('the spray calculator before its scripts arrive', () => {
  for (const [name, steps] of [
    ['Drone, then the area', [drone, twoHectares]],
    ['the area, then Drone', [twoHectares, drone]],
    ['Drone, then a tank of 30 L', [twoHectares, drone, tank30]],
    ['a tank of 30 L, then Drone', [twoHectares, tank30, drone]],
  ] as const) {
    test(`${name}: the answer waits for Calculate, then is the drone's once the scripts come`, async ({
      page,
      browser,
    }) => {
      const expected = await afterHydration(browser, SPRAY, steps, sprayState)
      expect(expected.sprayer).toBe('drone')
      expect(expected.volume).toBe('20')

      await asFarmerPhone(page)
      const scripts = await holdScripts(page)
      await arrive(page, SPRAY)
      await expect(page.getByRole('status')).toContainText('Still needed: Field area')
      for (const step of steps) await step(page)
      await expectNotHydrated(page)
      // The answer for the entries sent before is gone; a tank size still filled in for the
      // knapsack says that Calculate changes it.
      const status = page.getByRole('status')
      await expect(status).toHaveText(
        'Press “Calculate” to see the answer for what you have entered.',
        SHOWN,
      )
      await expect(
        page.getByText('Press “Calculate”: the tank size and spray volume change'),
      ).toBeVisible()

      await scripts.release()
      await expect(page.getByText('Press “Calculate”: the tank size')).toBeHidden()
      await expect(status).not.toContainText('Working out', ROUND_TRIPS)
      expect(await sprayState(page)).toEqual(expected)
      expect(expected.answer).toContain('600 mL')
      await expect(page).toHaveURL(/sprayer=drone/)
    })
  }

  test('Drone picked and Calculate pressed before the scripts: the server gives the drone’s answer', async ({
    page,
    browser,
  }) => {
    const expected = await afterHydration(browser, SPRAY, [drone, twoHectares], sprayState)
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, SPRAY)
    await drone(page)
    await twoHectares(page)
    await page.getByRole('button', { name: 'Calculate' }).click()
    await page.waitForURL(/sprayer=drone/, { waitUntil: 'domcontentloaded' })
    await expectNotHydrated(page)
    expect(await sprayState(page)).toEqual(expected)
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
    await scripts.release()
    expect(await sprayState(page)).toEqual(expected)
  })

  test('a Thai farmer’s drone keeps water per rai: 3.2 L/rai once the scripts come', async ({
    page,
  }) => {
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/th/calculator/input-calculation')
    await page.getByLabel('โดรน').check()
    await scripts.release()
    await expect(page.getByLabel('ถังเครื่องพ่น (ลิตร)')).toHaveValue('40')
    await expect(page.locator('input[name="litres_per_hectare"]')).toHaveValue('3.2')
  })

  test('a product picked with Drone before the scripts: the drone’s figures go with it', async ({
    page,
  }) => {
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/calculator/input-calculation')
    await drone(page)
    await page.getByLabel('Fill in from a product').selectOption({ label: 'AzoDif 325SC' })
    await expect(page.getByRole('button', { name: 'Use this product' })).toBeVisible()
    await scripts.release()
    await expect(page.getByText('Product: AzoDif 325SC')).toBeVisible(ROUND_TRIPS)
    await expect(page.getByLabel('Drone')).toBeChecked()
    await expect(page.getByLabel('Sprayer tank (L)')).toHaveValue('40')
    // The button stays once the scripts run (nothing under it jumps up). The list starts again
    // at "choose" after a pick; pressed then, the button leads to the list.
    await page.getByRole('button', { name: 'Use this product' }).click()
    await expect(page.getByLabel('Fill in from a product')).toBeFocused()
  })
  test('“Use this product” pressed before the scripts: the drone and the area go with the pick', async ({
    page,
  }) => {
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/calculator/input-calculation')
    await twoHectares(page)
    await drone(page)
    await page.getByLabel('Fill in from a product').selectOption({ label: 'AzoDif 325SC' })
    await page.getByRole('button', { name: 'Use this product' }).click()
    await expect(page.getByText('Product: AzoDif 325SC')).toBeVisible(ROUND_TRIPS)
    await expectNotHydrated(page)
    await expect(page.getByLabel('Field area')).toHaveValue('2')
    await expect(page.getByLabel('Drone')).toBeChecked()
    await expect(page.getByLabel('Sprayer tank (L)')).toHaveValue('40')
    await expect(page.locator('input[name="litres_per_hectare"]')).toHaveValue('20')
    await page.mouse.move(1, 1)
    await scripts.release()
    await expect(page.getByLabel('Sprayer tank (L)')).toHaveValue('40')
  })
})

test.describe('the area converter before its scripts arrive', () => {
  const AREA = '/en/calculator/area-converter?value=1&from=hectare&to=acre'
  const fiveRelong: Step = async (page) => {
    await page.getByLabel('Area', { exact: true }).fill('5')
    await page.getByLabel('Convert from').selectOption('relong')
  }
  const toHectares: Step = async (page) => {
    await page.getByLabel('Convert to').selectOption('hectare')
  }
  const converted = async (page: Page) => ({
    answer: await page.locator('output').first().innerText(),
    table: await page.getByRole('table').innerText(),
  })

  test('a changed area waits for Convert, then converts once the scripts come', async ({
    page,
    browser,
  }) => {
    const expected = await afterHydration(browser, AREA, [fiveRelong, toHectares], converted)
    expect(expected.answer).toContain('1.4389')
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, AREA)
    const answer = page.locator('output').first()
    await expect(answer).toContainText('2.4711')
    await fiveRelong(page)
    await toHectares(page)
    await expect(answer).toHaveText(
      'Press “Convert” to see the answer for what you have entered.',
      SHOWN,
    )
    await expect(page.getByRole('table')).toBeHidden()
    await scripts.release()
    await expect(page.getByRole('table')).toBeVisible(ROUND_TRIPS)
    expect(await converted(page)).toEqual(expected)
  })

  test('Swap pressed before the scripts swaps once, on the server', async ({ page, browser }) => {
    const swap: Step = async (page) => {
      await page.getByRole('button', { name: 'Swap' }).click()
      await expect(page.getByLabel('Convert from')).toHaveValue('acre')
    }
    const expected = await afterHydration(browser, AREA, [swap], converted)
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, AREA)
    await page.getByRole('button', { name: 'Swap' }).click()
    await page.waitForURL(/swap=1/, { waitUntil: 'domcontentloaded' })
    await expectNotHydrated(page)
    expect(await converted(page)).toEqual(expected)
    // The farmer goes on using the page the server sent: its scripts start (and are let through).
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
    await scripts.release()
    expect(await converted(page)).toEqual(expected)
    await expect(page.getByLabel('Convert from')).toHaveValue('acre')
  })
})

/** The customer's cart as the API keeps it: the count of each pack. */
async function cartInApi(request: APIRequestContext, login: { mobile: string; password: string }) {
  const { access_token } = await apiLogin(request, login.mobile, login.password)
  const res = await request.get(`${API}/api/v1/me/cart`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  const body = (await res.json()) as { lines: { variation_id: number; count: number }[] }
  return Object.fromEntries(body.lines.map((l) => [l.variation_id, l.count]))
}

/** Every post the page sends to `path` (the browser's own, or a fetcher's `.data` request). */
function postsTo(page: Page, path: string) {
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith(path)) posts.push(r.url())
  })
  return posts
}

/**
 * Holds the browser's own post of a form to `path` until `letGo()`: on 2G its answer is seconds
 * away, long enough for the scripts to arrive and for the farmer to tap again. Held through the
 * DevTools protocol: a request held by Playwright's own routing keeps the page's other requests
 * (its scripts) from finishing meanwhile, which a slow line does not do.
 */
async function holdPost(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page)
  const posts: string[] = []
  let letGo!: () => void
  const gate = new Promise<void>((resolve) => (letGo = resolve))
  let seen!: () => void
  const sent = new Promise<void>((resolve) => (seen = resolve))
  cdp.on('Fetch.requestPaused', (event) => {
    // A post the browser gave up meanwhile (a second one replaced it) has nothing to continue.
    const go = () =>
      cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined)
    if (event.request.method !== 'POST') return void go()
    posts.push(event.request.url)
    if (new URL(event.request.url).pathname !== path) return void go()
    seen()
    void gate.then(go)
  })
  // The browser's own post goes to `path`, a fetcher's to `path.data`: both are counted.
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: `*${path}*`, requestStage: 'Request' }],
  })
  return { sent, letGo, posts }
}

/** The middle of what `target` finds, where a finger taps it. */
async function spotOf(target: Locator) {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('nothing to tap')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * While the browser waits for the answer to a post, Playwright (and the DevTools protocol's
 * evaluation) waits for the next page before it looks into this one; the farmer does not, and the
 * page's own scripts go on running. So, before the post, this leaves a watch in the page that says
 * in the console, once the page has hydrated, where the button labelled `label` then is.
 */
async function onceHydrated(page: Page, label: string) {
  const said = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('hydrated, button at '),
    timeout: 45_000,
  })
  await page.evaluate((label) => {
    const watch = setInterval(() => {
      if ((window as unknown as Record<string, unknown>).__typedBeforeHydration !== null) return
      clearInterval(watch)
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.includes(label) && b.offsetParent !== null,
      )
      const box = button?.getBoundingClientRect()
      const spot = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null
      console.log(`hydrated, button at ${JSON.stringify(spot)}`)
    }, 50)
  }, label)
  return async () => {
    const spot = JSON.parse((await said).text().slice('hydrated, button at '.length)) as {
      x: number
      y: number
    } | null
    if (!spot) throw new Error(`no ${label} button once hydrated`)
    return spot
  }
}

/**
 * The farmer taps `label` before the scripts have come, taps it again while the answer is on its
 * way, before the scripts and once they have come (`againLabel`: the button then tapped), and the
 * answer arrives. Returns the posts the page sent, and the scripts' release (which ends once the
 * next page has hydrated).
 */
async function tapsWhileTheAnswerComes(
  page: Page,
  scripts: { release: () => Promise<void> },
  { label, againLabel = label, path }: { label: string; againLabel?: string; path: string },
) {
  const spot = await spotOf(page.getByRole('button', { name: label }))
  const hydrated = await onceHydrated(page, againLabel)
  const answer = await holdPost(page, path)
  await page.mouse.click(spot.x, spot.y)
  await answer.sent
  await page.mouse.click(spot.x, spot.y)
  const released = scripts.release()
  const again = await hydrated()
  await page.mouse.click(again.x, again.y)
  answer.letGo()
  return { posts: answer.posts, released }
}

/** A new customer with one pack of product 1 in the cart, on the farmer's phone, scripts held. */
async function cartBeforeScripts(browser: Browser, request: APIRequestContext) {
  const customer = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
  const pack = await packOf(request)
  await fillCart(request, customer, [{ id: pack.id, count: 1 }])
  const { page } = customer
  await asFarmerPhone(page)
  const scripts = await holdScripts(page)
  const posts = postsTo(page, '/en/cart')
  await arrive(page, '/en/cart')
  const line = page.locator('.cart-line')
  return { ...customer, pack, scripts, posts, line }
}

test.describe('the cart before its scripts arrive', () => {
  test('a count changed before the scripts: the totals wait for Update; the scripts send it, once', async ({
    browser,
    request,
  }) => {
    const { page, context, pack, scripts, posts, line, ...login } = await cartBeforeScripts(
      browser,
      request,
    )
    await expect(line.getByRole('button', { name: 'Update' })).toBeVisible()
    await expect(page.locator('.cart-line-total')).toBeVisible()
    await line.getByLabel('Quantity').fill('3')
    await expectNotHydrated(page)
    // The line's total, the subtotal, Checkout and the header's count are the cart's before.
    await expect(line.getByText('Press “Update” to save the new count')).toBeVisible()
    await expect(page.locator('.cart-line-total')).toBeHidden()
    await expect(page.getByText('Press “Update” on the product you changed')).toBeVisible()
    await expect(page.locator('.cart-subtotal')).toBeHidden()
    await expect(page.getByRole('link', { name: 'Continue to checkout' })).toBeHidden()
    await expect(page.locator('.header-cart-count')).toBeHidden()

    await scripts.release()
    await expect(page.locator('.cart-subtotal strong')).toHaveText(
      rm(pack.priceMinor * 3),
      ROUND_TRIPS,
    )
    await expect(page.locator('.header-cart')).toHaveAttribute('aria-label', 'Cart, 3 items')
    await expect(line.getByRole('button', { name: 'Update' })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Continue to checkout' })).toBeVisible()
    expect(await cartInApi(request, login)).toEqual({ [pack.id]: 3 })
    expect(posts).toHaveLength(1)
    await context.close()
  })

  test('Update pressed before the scripts: one post, though the scripts come before its answer and the farmer taps again', async ({
    browser,
    request,
  }) => {
    const { page, context, pack, scripts, line, ...login } = await cartBeforeScripts(
      browser,
      request,
    )
    await line.getByLabel('Quantity').fill('3')
    // Hydrated while the post is on its way: the count is not sent again, and no tap goes.
    const { posts, released } = await tapsWhileTheAnswerComes(page, scripts, {
      label: 'Update',
      againLabel: 'Remove',
      path: '/en/cart',
    })
    await expect(page.getByText('Your cart is updated.')).toBeVisible(ROUND_TRIPS)
    await expect(page.locator('.cart-line').getByLabel('Quantity')).toHaveValue('3')
    // The answer is a new page: the farmer goes on using it.
    await touchWhenListening(page)
    await released
    expect(await cartInApi(request, login)).toEqual({ [pack.id]: 3 })
    expect(posts).toHaveLength(1)
    await context.close()
  })

  test('Enter in the count updates the line, before the scripts and after; it never removes it', async ({
    browser,
    request,
  }) => {
    const { page, context, pack, scripts, line, ...login } = await cartBeforeScripts(
      browser,
      request,
    )
    await line.getByLabel('Quantity').fill('2')
    await line.getByLabel('Quantity').press('Enter')
    await expect(page.getByText('Your cart is updated.')).toBeVisible(ROUND_TRIPS)
    await expect(page.locator('.cart-line').getByLabel('Quantity')).toHaveValue('2')
    expect(await cartInApi(request, login)).toEqual({ [pack.id]: 2 })
    // The answer is a new page: the farmer goes on using it.
    await touchWhenListening(page)
    await scripts.release()
    await page.locator('.cart-line').getByLabel('Quantity').fill('4')
    await page.locator('.cart-line').getByLabel('Quantity').press('Enter')
    // The summary counts the new count at once (docs/product/orders-and-payments.md), then the
    // server's answer says the same.
    await expect(page.locator('.cart-subtotal strong')).toHaveText(
      rm(pack.priceMinor * 4),
      ROUND_TRIPS,
    )
    await expect(page.locator('.header-cart')).toHaveAttribute(
      'aria-label',
      'Cart, 4 items',
      ROUND_TRIPS,
    )
    expect(await cartInApi(request, login)).toEqual({ [pack.id]: 4 })
    await context.close()
  })

  test('Remove tapped before the scripts, again before and after they come: removed once', async ({
    browser,
    request,
  }) => {
    const { page, context, scripts, ...login } = await cartBeforeScripts(browser, request)
    const { posts, released } = await tapsWhileTheAnswerComes(page, scripts, {
      label: 'Remove',
      path: '/en/cart',
    })
    await expect(page.getByText('Your cart is empty.')).toBeVisible(ROUND_TRIPS)
    // The answer is a new page: the farmer goes on using it.
    await touchWhenListening(page)
    await released
    expect(await cartInApi(request, login)).toEqual({})
    expect(posts).toHaveLength(1)
    await context.close()
  })
})

test.describe('adding to the cart before the scripts arrive', () => {
  test('a pack and quantity picked before the scripts: the total waits for Update total, then is theirs', async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/en/products/agrochems?q=azodif')).text()
    const url = /href="(\/en\/products\/agrochems\/\d+)"/.exec(list)![1]!
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, url)
    const total = page.locator('.cat-total')
    await expect(total).toContainText('Total for 1')
    await page.getByRole('radio').nth(1).check()
    await page.getByLabel('Quantity').fill('3')
    await expect(total).toBeHidden()
    await expect(page.getByText('Press “Update total” to see the total')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Update total' })).toBeVisible()
    await scripts.release()
    await expect(total).toContainText('Total for 3')
    await expect(page.getByText('Press “Update total” to see the total')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Update total' })).toHaveCount(0)
  })

  test('Add to cart tapped before the scripts, again before and after they come: added once', async ({
    browser,
    request,
  }) => {
    const customer = await newCustomerPage(browser, request, {
      js: true,
      to: '/en/products/agrochems?q=azodif',
    })
    const { page, context } = customer
    const url = await page.getByRole('link', { name: 'AzoDif 325SC' }).getAttribute('href')
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, url!)
    const pack = page.getByRole('radio').nth(1)
    await pack.check()
    const variation = Number(await pack.inputValue())
    await page.getByLabel('Quantity').fill('2')
    const { posts, released } = await tapsWhileTheAnswerComes(page, scripts, {
      label: 'Add to cart',
      path: '/en/add-to-cart',
    })
    await released
    await expect(page.getByText('Added to your cart.').first()).toBeVisible(ROUND_TRIPS)
    await expect(page.locator('.header-cart')).toHaveAttribute('aria-label', 'Cart, 2 items')
    expect(await cartInApi(request, customer)).toEqual({ [variation]: 2 })
    expect(posts).toHaveLength(1)
    await context.close()
  })
})

test.describe('repaying by QR before the scripts arrive', () => {
  test('Show the QR code tapped before the scripts, again before and after they come: one code, shown', async ({
    browser,
    request,
  }) => {
    const customer = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
    await creditPickupOrder(request, customer, 10_000_000, { count: 1 })
    const { page, context } = customer
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/repay')
    await page.getByLabel('Another amount').check()
    await page.getByLabel('Amount', { exact: true }).fill('5.00')
    const { posts, released } = await tapsWhileTheAnswerComes(page, scripts, {
      label: 'Show the QR code',
      path: '/en/repay',
    })
    await expect(page).toHaveURL(/\/en\/repay\/\d+$/, ROUND_TRIPS)
    await expect(page.locator('.repay-facts')).toContainText('RM5.00', ROUND_TRIPS)
    await touchWhenListening(page)
    await released
    expect(posts).toHaveLength(1)
    await context.close()
  })
})

/** A new customer on the farmer's phone, on `url` of the settings with the scripts held. */
async function settingsBeforeScripts(browser: Browser, request: APIRequestContext, url: string) {
  const customer = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
  await asFarmerPhone(customer.page)
  const scripts = await holdScripts(customer.page)
  await arrive(customer.page, url)
  return { ...customer, scripts }
}

test.describe('the settings before their scripts arrive', () => {
  const fillProfile = async (page: Page) => {
    await page.getByLabel('Full name').fill('Rosli bin Hamid')
    await page.getByLabel('Preferred branch').selectOption({ label: 'Pendang' })
  }
  const changed = (profile: string) => profile.split('\n').filter((l) => /Rosli|Pendang/.test(l))
  const profileShown = async (page: Page) => {
    await expect(page).toHaveURL(/\/en\/settings$/, ROUND_TRIPS)
    return page.locator('.profile-list').innerText()
  }

  test('details typed and a branch picked before the scripts are kept when they come, and saved', async ({
    browser,
    request,
  }) => {
    const reference = await newCustomerPage(browser, request, {
      js: true,
      to: '/en/settings/profile',
    })
    await fillProfile(reference.page)
    await reference.page.getByRole('button', { name: 'Save my details' }).click()
    const expected = await profileShown(reference.page)
    await reference.context.close()
    expect(changed(expected)).toEqual(['Rosli bin Hamid', 'Pendang'])

    const { page, context, scripts } = await settingsBeforeScripts(
      browser,
      request,
      '/en/settings/profile',
    )
    await fillProfile(page)
    await scripts.release()
    await expect(page.getByLabel('Full name')).toHaveValue('Rosli bin Hamid')
    await expect(page.getByLabel('Preferred branch').locator('option:checked')).toHaveText(
      'Pendang',
    )
    await page.getByRole('button', { name: 'Save my details' }).click()
    // The two new accounts differ only in their numbers and dates.
    expect(changed(await profileShown(page))).toEqual(changed(expected))
    await context.close()
  })

  for (const { name, url, fill, label, path, saved } of [
    {
      name: 'Save my details',
      url: '/en/settings/profile',
      fill: fillProfile,
      label: 'Save my details',
      path: '/en/settings/profile',
      saved: 'Your details are saved.',
    },
    {
      name: 'Save address',
      url: '/en/settings/addresses?add=1',
      fill: async (page: Page) => {
        await page.getByLabel('Address name').fill('Rumah')
        await page.getByLabel('Address', { exact: true }).fill('Lot 12, Jalan Bendang')
        await page.getByLabel('Town or city').fill('Jitra')
        await page.getByLabel('State').selectOption({ label: 'Kedah' })
        await page.getByLabel('Postcode').fill('06000')
      },
      label: 'Save address',
      path: '/en/settings/addresses',
      saved: 'Your address is saved.',
    },
    {
      name: 'Turn reminders off',
      url: '/en/settings',
      fill: async () => {},
      label: 'Turn reminders off',
      path: '/en/settings',
      saved: 'SMS reminders are off.',
    },
    {
      name: 'Set PIN',
      url: '/en/settings/pin',
      fill: async (page: Page) => {
        await page.getByLabel('Choose a 6-digit PIN').fill('271845')
        await page.getByLabel('Enter the same PIN again').fill('271845')
      },
      label: 'Set PIN',
      path: '/en/settings/pin',
      saved: 'Your payment PIN is set.',
    },
  ]) {
    test(`${name} tapped before the scripts, again before and after they come: sent once`, async ({
      browser,
      request,
    }) => {
      const { page, context, scripts } = await settingsBeforeScripts(browser, request, url)
      await fill(page)
      const { posts, released } = await tapsWhileTheAnswerComes(page, scripts, { label, path })
      await expect(page.getByText(saved).first()).toBeVisible(ROUND_TRIPS)
      await released
      expect(posts).toHaveLength(1)
      if (path.endsWith('addresses')) await expect(page.locator('.address-card')).toHaveCount(1)
      await context.close()
    })
  }
})
