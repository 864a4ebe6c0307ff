import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import { expect, expectNoSidewaysScroll, test } from './support/fixtures.ts'
import { API, apiLogin, createAccount } from './support/api.ts'
import { arrive, holdScripts } from './support/farmer-phone.ts'
import { loginInBrowser } from './support/login.ts'
import { dayFromToday, rm } from './support/shop.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/vouchers.md (the sale, for one hand at a busy counter; the customer's visit; a
 * voucher at a counter of another market; Transactions; issuing): the counter, the customer's
 * voucher tab and finance's issue screen on a 360 x 740 phone, in English, Malay and Thai.
 */

const PHONE = { width: 360, height: 740 }
const LANGS = ['en', 'bm', 'th'] as const

type Stocked = {
  variation_id: number
  product: { en: string }
  price: { amount_minor: number }
  quantity: number
}

/** The pack's most telling word (letters and digits only), to type in the search. */
const wordOf = (pack: Stocked) =>
  pack.product.en
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]{4,}$/.test(w))
    .sort((a, b) => b.length - a.length)[0] ?? pack.product.en.slice(0, 4)

/** The voucher's tick box, by its value. */
const voucherBox = (page: Page, value: string) =>
  page.locator('.counter-voucher', { hasText: value }).getByRole('checkbox')

/**
 * A customer of our own (nothing shared with the demo farmers), with two vouchers issued by
 * finance (RM10 and RM20) and an unpaid cash order to collect at the demo clerk's branch, and the
 * 8 digits of a code on their phone.
 */
async function customerAtTheCounter(request: APIRequestContext) {
  const farmer = await createAccount(request)
  const finance = await apiLogin(request, '+60120000004')
  const issued = await request.post(`${API}/api/v1/admin/vouchers`, {
    headers: { authorization: `Bearer ${finance.access_token}`, 'idempotency-key': randomUUID() },
    data: {
      csv: `${farmer.mobile},10,${dayFromToday(60)}\n${farmer.mobile},20,${dayFromToday(90)}`,
    },
  })
  expect(issued.status()).toBe(201)
  const staff = await apiLogin(request, '+60120000003')
  const asStaff = { authorization: `Bearer ${staff.access_token}` }
  const branchId = (
    await (
      await request.get(`${API}/api/v1/staff/counter/transactions`, { headers: asStaff })
    ).json()
  ).branch.id as number
  const stock = (
    await (await request.get(`${API}/api/v1/staff/counter/stock`, { headers: asStaff })).json()
  ).data as Stocked[]
  const login = await apiLogin(request, farmer.mobile, farmer.password)
  const asFarmer = { authorization: `Bearer ${login.access_token}` }
  const toCollect = stock.find((s) => s.quantity > 3)!
  const order = await request.post(`${API}/api/v1/orders`, {
    headers: { ...asFarmer, 'idempotency-key': randomUUID() },
    data: {
      fulfilment: 'pickup',
      payment: 'cash',
      branch_id: branchId,
      lines: [{ variation_id: toCollect.variation_id, count: 1 }],
    },
  })
  expect(order.status(), await order.text()).toBe(201)
  const code = (await (
    await request.get(`${API}/api/v1/me/counter-code`, { headers: asFarmer })
  ).json()) as {
    digits: string
  }
  return {
    farmer,
    stock,
    order: (await order.json()) as { id: number; number: string; total: { amount_minor: number } },
    digits: code.digits,
  }
}

/** Nothing on the page reaches past the screen's right edge (docs/product/shell.md). */
async function expectWithinScreen(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // A row that scrolls on its own (the back office's menu) may hold more than the screen.
    const inScroller = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true
      return false
    }
    return [...document.querySelectorAll('header *, main *')]
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0)
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .filter((e) => e.getBoundingClientRect().left > -100) // the skip link waits off screen
      .filter((e) => !inScroller(e))
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className)} ${Math.round(e.getBoundingClientRect().right)}`,
      )
  })
  expect(wide, `wider than the screen on ${page.url()}`).toEqual([])
  await expectNoSidewaysScroll(page)
}

/** Every control the clerk taps is at least 44 px tall (a checkbox counts with its label). */
async function expectTapTargets(page: Page) {
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'header a, header button, header summary, main a, main button, main input, main select, main textarea',
      ),
    ]
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0)
      .filter((e) => e.getBoundingClientRect().left > -100)
      .map((e) => {
        const target =
          e instanceof HTMLInputElement && e.type === 'checkbox' ? (e.closest('label') ?? e) : e
        const r = target.getBoundingClientRect()
        return {
          what: `${e.tagName.toLowerCase()} ${e.getAttribute('name') ?? e.textContent?.trim().slice(0, 30)}`,
          height: r.height,
        }
      })
      .filter((x) => x.height < 44),
  )
  expect(small, `tap targets under 44 px on ${page.url()}`).toEqual([])
}

/** Text that must stand on one line (an order number, an amount): one line's height. */
async function expectOneLine(page: Page, selector: string) {
  const lines = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((e) => e.checkVisibility())
      .map((e) => {
        const lineHeight = parseFloat(getComputedStyle(e).lineHeight) || 24
        return {
          text: e.textContent,
          lines: Math.round(e.getBoundingClientRect().height / lineHeight),
        }
      }),
  )
  expect(lines.length, `${selector} on ${page.url()}`).toBeGreaterThan(0)
  for (const l of lines) expect(l, `${selector} on ${page.url()}`).toMatchObject({ lines: 1 })
}

/** The whole page, and the screen as the clerk sees it (the bar at its bottom stays there). */
async function shoot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true })
  await page.screenshot({ path: info.outputPath(`${name}-screen.png`) })
}

/**
 * The demo clerk at a 360 px phone, logged in, with the customer of `digits` open at the counter
 * (in English).
 */
async function clerkServing(
  browser: Browser,
  digits: string,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const desk = await browser.newContext({
    viewport: PHONE,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    ...options,
  })
  const counter = await desk.newPage()
  await loginInBrowser(counter, '+60120000003')
  await counter.goto('/en/staff')
  await counter.getByLabel(/Or type the 8 numbers/).fill(digits)
  await counter.getByRole('button', { name: 'Find the customer' }).click()
  await expect(counter.getByRole('heading', { name: 'Test Farmer' })).toBeVisible()
  return { desk, counter }
}

test('the counter fits a 360 px phone in three languages: compact header, one-line order numbers, 44 px targets', async ({
  browser,
  request,
}, testInfo) => {
  const visit = await customerAtTheCounter(request)
  const { desk, counter } = await clerkServing(browser, visit.digits)
  for (const lang of LANGS) {
    await counter.goto(`/${lang}/staff`)
    await expect(counter.getByRole('heading', { name: 'Test Farmer' })).toBeVisible()
    // The staff header: one row, not a third of the screen.
    const header = await counter.locator('header').boundingBox()
    expect(header!.height, `header in ${lang}`).toBeLessThanOrEqual(56)
    await expectWithinScreen(counter)
    await expectTapTargets(counter)
    await expectOneLine(counter, '.order-number')
    await expectOneLine(counter, '.counter-order-head .money')
    await expectOneLine(counter, '.counter-figures dd')
    await shoot(counter, testInfo, `counter-${lang}`)
    // Scrolled to the packs: the total and 'Sell' stay at the bottom of the screen.
    await counter.locator('.counter-search').evaluate((e) => e.scrollIntoView({ block: 'start' }))
    await expect(counter.getByRole('button', { name: /./ }).last()).toBeInViewport()
    await counter.screenshot({ path: testInfo.outputPath(`counter-${lang}-packs-screen.png`) })
    // Today's list fits too.
    await counter.goto(`/${lang}/staff/transactions`)
    await expectWithinScreen(counter)
    await expectTapTargets(counter)
    await shoot(counter, testInfo, `today-${lang}`)
    // The menu opens (without scripts too: a disclosure) with the language and log out.
    await counter.goto(`/${lang}/staff`)
    await counter.locator('.staff-menu summary').click()
    await expect(counter.locator('.staff-menu-panel').getByRole('button')).toBeVisible()
    await expectWithinScreen(counter)
    await shoot(counter, testInfo, `counter-menu-${lang}`)
  }
  await desk.close()
})

test('with scripts: a pack found by typing, the total, vouchers and cash before selling, and the customer kept for the hand-over', async ({
  browser,
  request,
}, testInfo) => {
  const visit = await customerAtTheCounter(request)
  const { desk, counter } = await clerkServing(browser, visit.digits)

  // A pack worth more than the two vouchers, found by typing part of its name.
  const pack = visit.stock.find((s) => s.price.amount_minor > 3_000 && s.quantity > 2)!
  const word = wordOf(pack)
  const rows = counter.locator('.counter-pack')
  const all = await rows.count()
  await counter.getByLabel('Find a pack').pressSequentially(word.toLowerCase())
  const row = counter.locator('.counter-pack', {
    has: counter.locator(`#count-${pack.variation_id}`),
  })
  await expect(row).toBeVisible()
  await expect.poll(() => rows.locator('visible=true').count()).toBeLessThan(all)
  // Enter in the search changes nothing more: no page is sent (it would sell or reload).
  await counter.getByLabel('Find a pack').press('Enter')
  await expect(counter).toHaveURL(/\/en\/staff$/)
  await expect(row).toBeVisible()

  await counter.locator(`#count-${pack.variation_id}`).fill('2')
  await voucherBox(counter, 'RM10.00').check()
  const total = pack.price.amount_minor * 2
  const figures = counter.locator('.counter-figures')
  await expect(figures).toContainText(`Total${rm(total)}`)
  await expect(figures).toContainText(`Vouchers${rm(1_000)}`)
  await expect(figures).toContainText(`Cash to collect${rm(total - 1_000)}`)
  // The vouchers worth more than the sale: said at once.
  await counter.locator(`#count-${pack.variation_id}`).fill('')
  await expect(counter.locator('.counter-summary')).toContainText('no change is given')
  await counter.locator(`#count-${pack.variation_id}`).fill('2')
  await expect(figures).toContainText(`Cash to collect${rm(total - 1_000)}`)
  await shoot(counter, testInfo, 'counter-before-selling')
  await counter.getByRole('button', { name: 'Sell and redeem' }).click()

  // The sale recorded at the server's figures, and the customer still open.
  const result = counter.getByRole('status').filter({ hasText: 'Done: the sale is recorded' })
  await expect(result).toContainText(`cash ${rm(total - 1_000)}`)
  await expect(counter.getByRole('heading', { name: 'Test Farmer' })).toBeVisible()
  await expect(counter.getByText('The sale is done.')).toBeVisible()
  await expect(counter.getByRole('button', { name: 'Sell and redeem' })).toHaveCount(0)
  await shoot(counter, testInfo, 'counter-after-sale')
  // The pickup order handed over with the same code, no new one asked for.
  const orders = counter.getByRole('region', { name: 'Pickup orders here' })
  await expect(orders).toContainText(visit.order.number)
  await orders
    .getByRole('button', {
      name: `Take ${rm(visit.order.total.amount_minor)} in cash and hand over`,
    })
    .click()
  await expect(counter.getByText('Handed over: the order is completed.')).toBeVisible()
  await expect(counter.getByRole('region', { name: 'Pickup orders here' })).toHaveCount(0)
  // Today's list has the sale and the hand-over, each a card within the screen.
  await counter.getByRole('link', { name: 'Today' }).click()
  await expect(counter.locator('.transaction-card')).not.toHaveCount(0)
  await expectWithinScreen(counter)
  await expectOneLine(counter, '.transaction-card .voucher-value')
  await shoot(counter, testInfo, 'today-with-sales')
  await counter.getByRole('link', { name: 'Serve a customer' }).click()
  // Next customer: the counter is ready for a code again.
  await counter.getByRole('button', { name: 'Next customer' }).click()
  await expect(counter.getByLabel(/Or type the 8 numbers/)).toBeVisible()
  await desk.close()
})

test('without scripts: a pack found by typing, the figures worked out, and a changed count sold only at the figure shown', async ({
  browser,
  request,
}, testInfo) => {
  const visit = await customerAtTheCounter(request)
  const { desk, counter } = await clerkServing(browser, visit.digits, { javaScriptEnabled: false })

  const pack = visit.stock.find((s) => s.price.amount_minor > 3_000 && s.quantity > 3)!
  const word = wordOf(pack)
  await counter.getByLabel('Find a pack').fill(word)
  await counter.getByRole('button', { name: 'Find', exact: true }).click()
  await expect(counter).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`))
  const count = counter.locator(`#count-${pack.variation_id}`)
  await expect(count).toBeVisible()
  const shown = await counter.locator('.counter-pack:visible').count()
  expect(shown).toBeLessThan(visit.stock.length)
  await expectWithinScreen(counter)

  // A count typed, a voucher ticked, then 'Work out the total' (a GET: both come back).
  await count.fill('1')
  await voucherBox(counter, 'RM20.00').check()
  await counter.getByRole('button', { name: 'Work out the total' }).click()
  await expect(count).toHaveValue('1')
  await expect(voucherBox(counter, 'RM20.00')).toBeChecked()
  const figures = counter.locator('.counter-figures')
  await expect(figures).toContainText(`Cash to collect${rm(pack.price.amount_minor - 2_000)}`)
  await shoot(counter, testInfo, 'counter-no-scripts-figures')

  // The count changed after the figures: the first press sells nothing and shows the new cash.
  await count.fill('2')
  await counter.getByRole('button', { name: 'Sell and redeem' }).click()
  const cash = rm(pack.price.amount_minor * 2 - 2_000)
  await expect(counter.getByRole('alert')).toContainText(`The cash to collect is ${cash}`)
  await expect(counter.getByRole('alert')).toContainText('Nothing was sold')
  await expect(count).toHaveValue('2')
  await expect(figures).toContainText(`Cash to collect${cash}`)
  // The second press sells, at that figure; the customer stays for the hand-over.
  await counter.getByRole('button', { name: 'Sell and redeem' }).click()
  await expect(counter.getByRole('status').filter({ hasText: 'Done' })).toContainText(
    `cash ${cash}`,
  )
  await expect(counter.getByRole('heading', { name: 'Test Farmer' })).toBeVisible()
  await expect(counter.getByRole('region', { name: 'Pickup orders here' })).toContainText(
    visit.order.number,
  )
  await desk.close()
})

test('before its scripts arrive, a count typed hides the figures it made false, and the scripts take it over', async ({
  browser,
  request,
}) => {
  const visit = await customerAtTheCounter(request)
  const { desk, counter } = await clerkServing(browser, visit.digits)
  // The counter's page again, its scripts held back: as on a slow line.
  const scripts = await holdScripts(counter)
  await arrive(counter, '/en/staff')
  const pack = visit.stock.find((s) => s.price.amount_minor > 2_000 && s.quantity > 2)!
  await counter.locator(`#count-${pack.variation_id}`).fill('1')
  // The figures (for nothing chosen) would be false: they give way to what to press.
  await expect(counter.locator('.counter-figures')).toBeHidden()
  await expect(counter.locator('.counter-before')).toBeVisible()
  await expect(counter.getByRole('button', { name: 'Work out the total' })).toBeVisible()
  await scripts.release()
  // Taken over: the figures follow the count, the note and the GET button go.
  await expect(counter.locator('.counter-figures')).toContainText(
    `Cash to collect${rm(pack.price.amount_minor)}`,
  )
  await expect(counter.locator('.counter-before')).toBeHidden()
  await expect(counter.getByRole('button', { name: 'Work out the total' })).toHaveCount(0)
  await expect(counter.locator(`#count-${pack.variation_id}`)).toHaveValue('1')
  await desk.close()
})

test('a Thai customer at a Malaysian counter is offered none of their baht vouchers, and reads why', async ({
  browser,
  request,
}, testInfo) => {
  const thai = await apiLogin(request, '+66800000001')
  const code = (await (
    await request.get(`${API}/api/v1/me/counter-code`, {
      headers: { authorization: `Bearer ${thai.access_token}` },
    })
  ).json()) as { digits: string }
  const desk = await browser.newContext({
    viewport: PHONE,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
  })
  const counter = await desk.newPage()
  await loginInBrowser(counter, '+60120000003')
  await counter.goto('/bm/staff')
  await counter.locator('#field-digits').fill(code.digits)
  await counter.locator('form:has(#field-digits) button[type=submit]').click()
  await expect(counter.locator('.counter-customer h2')).toBeVisible()
  await expect(counter.locator('input[name=voucher_ids]')).toHaveCount(0)
  const unusable = counter.locator('.counter-unusable')
  await expect(unusable).toContainText('Tidak boleh digunakan di kaunter ini')
  await expect(unusable).toContainText('฿500.00')
  await expect(unusable).toContainText('hanya boleh digunakan di cawangan di Thailand')
  await expectWithinScreen(counter)
  await shoot(counter, testInfo, 'counter-thai-customer-bm')
  await counter.getByRole('button', { name: 'Pelanggan seterusnya' }).click()
  await desk.close()
})

test('the customer’s voucher tab fits 360 px: each transaction’s amount, date, branch and operator on whole lines', async ({
  browser,
  request,
}, testInfo) => {
  // A sale at the counter through the API, so the tab has a transaction with vouchers.
  const visit = await customerAtTheCounter(request)
  const staff = await apiLogin(request, '+60120000003')
  const login = await apiLogin(request, visit.farmer.mobile, visit.farmer.password)
  const mine = (
    await (
      await request.get(`${API}/api/v1/me/vouchers`, {
        headers: { authorization: `Bearer ${login.access_token}` },
      })
    ).json()
  ).data as { id: number; value: { amount_minor: number } }[]
  const pack = visit.stock.find((s) => s.price.amount_minor > 1_000 && s.quantity > 2)!
  const sold = await request.post(`${API}/api/v1/staff/counter/purchases`, {
    headers: { authorization: `Bearer ${staff.access_token}`, 'idempotency-key': randomUUID() },
    data: {
      digits: visit.digits,
      lines: [{ variation_id: pack.variation_id, count: 1 }],
      voucher_ids: [mine.find((v) => v.value.amount_minor === 1_000)!.id],
    },
  })
  expect(sold.status()).toBe(201)
  const phone = await browser.newContext({
    viewport: PHONE,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
  })
  const customer = await phone.newPage()
  await loginInBrowser(customer, visit.farmer.mobile, visit.farmer.password)
  for (const lang of LANGS) {
    await customer.goto(`/${lang}/dashboard?tab=voucher`)
    const card = customer.locator('.transaction-card').first()
    await expect(card).toBeVisible()
    await expectWithinScreen(customer)
    await expectOneLine(customer, '.transaction-card .voucher-value')
    await expectOneLine(customer, '.transaction-card time')
    await expectOneLine(customer, '.voucher-card .voucher-value')
    // The whole card is a few lines, not one character a line.
    expect((await card.boundingBox())!.height).toBeLessThan(200)
    await shoot(customer, testInfo, `voucher-tab-${lang}`)
  }
  await phone.close()
})

test('finance’s issue screen at 360 px: values in their currency, proper plurals, serials once issued', async ({
  browser,
  request,
}, testInfo) => {
  const farmer = await createAccount(request)
  const rows = [
    `${farmer.mobile},12.50,${dayFromToday(90)}`,
    `+66800000001,100,${dayFromToday(90)}`,
    `+60129999998,10,${dayFromToday(90)}`,
  ].join('\n')
  const desk = await browser.newContext({
    viewport: PHONE,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
  })
  const page = await desk.newPage()
  await loginInBrowser(page, '+60120000004')
  const buttons = { en: 'Create 2 vouchers', bm: 'Keluarkan 2 baucar', th: 'ออกบัตรกำนัล 2 ใบ' }
  for (const lang of LANGS) {
    await page.goto(`/${lang}/admin/vouchers`)
    await page.locator('#vouchers-csv').fill(rows)
    await page.locator('form:has(#vouchers-csv) button[type=submit]').click()
    const list = page.locator('.issue-rows')
    // A Thai row reads in baht, a Malaysian one in ringgit.
    await expect(list).toContainText('RM12.50')
    await expect(list).toContainText('฿100.00')
    await expect(page.getByRole('button', { name: buttons[lang] })).toBeVisible()
    await expectWithinScreen(page)
    await shoot(page, testInfo, `voucher-issue-${lang}`)
  }
  await page.goto('/en/admin/vouchers')
  await page.locator('#vouchers-csv').fill(rows.split('\n')[0]!)
  await page.getByRole('button', { name: 'Check the rows' }).click()
  await expect(page.getByRole('heading', { name: '1 row ready, 0 rows rejected' })).toBeVisible()
  await page.getByRole('button', { name: 'Create 1 voucher', exact: true }).click()
  await expect(
    page.getByText('Issued: 1 voucher created, 0 rows rejected.', { exact: true }),
  ).toBeVisible()
  await expect(page.locator('.issue-rows .voucher-serial')).toHaveText(/^V3-MY-\d{10}$/)
  await expectWithinScreen(page)
  await shoot(page, testInfo, 'voucher-issue-issued-en')
  await desk.close()
})
