import { readPdf } from '@padi/api/test/pdf-text'
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  startUsing,
  test,
} from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { loginInBrowser, newCustomerPage } from './support/login.ts'
import { withScriptsOff } from './support/scripts-off.ts'
import { dayFromToday, grantCredit } from './support/shop.ts'

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; SM-A025F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 SawahMartTest'

test('a renewal signed on the pad is approved by finance; its PDF has the signature, time and device', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request)
  await grantCredit(request, account.mobile, 300_000, { state: 'suspended' })
  const context = await browser.newContext({
    userAgent: PHONE,
    viewport: { width: 360, height: 800 },
    hasTouch: false,
  })
  const page = await context.newPage()
  await loginInBrowser(page, account.mobile, account.password)
  // The dashboard says the contract needs renewing and leads to it.
  await page.goto('/en/dashboard')
  await startUsing(page)
  await page.getByRole('link', { name: 'Renew contract' }).click()
  await expect(page).toHaveURL(/\/en\/renew-contract$/)
  await startUsing(page)
  await expect(page.getByText('Credit limit kept: RM3,000.00')).toBeVisible()

  // Sent without a signature and with the harvest before the planting: both are said.
  await page.getByLabel('Planting date').fill(dayFromToday(20))
  await page.getByLabel('Harvest date').fill(dayFromToday(10))
  await page.getByRole('button', { name: 'Sign and send' }).click()
  await expect(page.getByText('The harvest date must be after the planting date.')).toBeVisible()
  await expect(page.getByText('A signature is required: sign inside the box.')).toBeVisible()
  await expect(page.getByText('You must agree to the terms.')).toBeVisible()

  await startUsing(page)
  await page.getByLabel('Harvest date').fill(dayFromToday(140))
  const pad = page.locator('canvas.signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7)
  await page.mouse.down()
  for (let i = 1; i <= 30; i++)
    await page.mouse.move(
      box.x + 20 + (i * (box.width - 40)) / 30,
      box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)),
    )
  await page.mouse.up()
  await page.screenshot({ path: 'test-results/renewal-signed-360.png', fullPage: true })
  await page.getByLabel('I have read and agree to the terms of the credit contract.').check()
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Sign and send' }).click()
  await expect(page).toHaveURL(/\/en\/renew-contract\/success$/)
  await page.goto('/en/renew-contract')
  await expect(page.getByText('is waiting for our finance team')).toBeVisible()

  // Finance sees the signed contract and approves it.
  const desk = await browser.newContext()
  const finance = await desk.newPage()
  await loginInBrowser(finance, '+60120000004')
  await finance.goto('/en/admin/renewals')
  const card = finance.locator('article', { hasText: account.mobile })
  await expect(card).toContainText('SawahMartTest')
  const href = await card.getByRole('link', { name: 'Download' }).getAttribute('href')
  const pdf = await finance.request.get(href!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const read = await readPdf(await pdf.body())
  expect(read.images).toBe(1)
  expect(read.text).toContain('Credit contract renewal')
  expect(read.text).toContain('SawahMartTest')
  expect(read.text).toMatch(
    // docs/product/dates-and-times.md: the local time by the one rule, the exact instant beside it.
    /Signed at: \d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM) \(Asia\/Kuala_Lumpur\) \(\d{4}-\d{2}-\d{2}T/,
  )
  await card.getByRole('button', { name: 'Approve: open the new credit line' }).click()
  await expect(finance.getByText('Approved: a new credit line is open')).toBeVisible()
  await desk.close()

  // The farmer's credit is usable again: a new line with the same limit.
  await page.goto('/en/dashboard')
  await expect(page.getByText('Your credit is suspended.')).toHaveCount(0)
  await expect(page.locator('.dashboard-figure', { hasText: 'Available credit' })).toContainText(
    'RM3,000.00',
  )
  await context.close()
})

test('without JavaScript the pad says it needs scripts and the form asks for a signature', async ({
  browser,
  request,
  baseURL,
}) => {
  const { page, context, mobile } = await newCustomerPage(browser, request, {
    js: false,
    to: '/en/renew-contract',
  })
  // No credit yet: nothing to renew, said plainly.
  await expect(page.getByText('You have no credit contract to renew.')).toBeVisible()
  await grantCredit(request, mobile, 100_000, { state: 'suspended' })
  await page.goto('/en/renew-contract')
  // What a phone with JavaScript switched off shows (<noscript>): the message, no pad, no 'loading'.
  await withScriptsOff(context, baseURL!, async (off) => {
    await off.goto('/en/renew-contract')
    const message = off.locator('.signature-field noscript .hint')
    await expect(message).toBeVisible()
    await expect(message).toHaveText(/^Drawing your signature needs JavaScript/)
    await expect(off.locator('.signature-loading')).toBeHidden()
    await expect(off.locator('canvas.signature-pad')).toBeHidden()
  })
  await page.getByLabel('Planting date').fill(dayFromToday(5))
  await page.getByLabel('Harvest date').fill(dayFromToday(120))
  await page.getByLabel('I have read and agree to the terms of the credit contract.').check()
  await page.getByRole('button', { name: 'Sign and send' }).click()
  await expect(page.getByText('A signature is required: sign inside the box.')).toBeVisible()
  await expect(page.getByLabel('Harvest date')).toHaveValue(dayFromToday(120))
  await context.close()
})
