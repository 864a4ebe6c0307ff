import sharp from 'sharp'
import { expect, test } from './support/fixtures.ts'
import { loginInBrowser, newCustomerPage } from './support/login.ts'
import { creditPickupOrder, grantCredit, rm } from './support/shop.ts'

/**
 * docs/product/credit.md (Repayment receipts): a farmer who bought on credit sends a receipt for
 * part of it; finance approves it and the credit comes back.
 */
test('a receipt for part of what is owed, approved by finance, restores the credit', async ({
  browser,
  request,
}) => {
  const { page, context, mobile, password } = await newCustomerPage(browser, request, {
    js: true,
    to: '/en/settings',
  })
  const { totalMinor: used } = await creditPickupOrder(request, { mobile, password })
  const half = Math.floor(used / 2)

  await page.goto('/en/receipt')
  await expect(page.getByText(`Credit used: ${rm(used)}`)).toBeVisible()
  const slip = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#eee' } })
    .png()
    .toBuffer()
  const fill = async (amount: string, file = slip) => {
    await page.getByLabel('Bank', { exact: true }).fill('Bank Islam')
    await page.getByLabel('Amount paid').fill(amount)
    await page.getByLabel('Date of payment').fill('2026-11-20')
    await page.getByLabel('Reference number').fill('BIMB-7781')
    await page
      .getByLabel('Receipt (photo or PDF)')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: file })
    await page.getByRole('button', { name: 'Send receipt' }).click()
  }
  // More than was used is refused with its message.
  await fill(((used + 1) / 100).toFixed(2))
  await expect(page.getByText('Amount more than utilised credits.')).toBeVisible()
  // On a slow uplink the page shows how much of the file has gone.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 200_000,
    uploadThroughput: 60_000,
  })
  const noise = Buffer.from(Array.from({ length: 240 * 240 * 3 }, () => Math.random() * 256))
  const photo = await sharp(noise, { raw: { width: 240, height: 240, channels: 3 } })
    .png()
    .toBuffer()
  await fill((half / 100).toFixed(2), photo)
  await expect(page.getByRole('status').filter({ hasText: /Sent: \d+%/ })).toBeVisible()
  await expect(page).toHaveURL(/\/en\/receipt\/success$/, { timeout: 30_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await page.goto('/en/dashboard?repayments=pending')
  await expect(page.locator('.dashboard-receipt')).toHaveCount(1)
  await expect(page.locator('.dashboard-receipt')).toContainText(rm(half))

  // Finance approves it at the desk.
  const desk = await browser.newContext()
  const finance = await desk.newPage()
  await loginInBrowser(finance, '+60120000004')
  await finance.goto('/en/admin/receipts')
  const card = finance.locator('article', { hasText: mobile })
  await expect(card.getByRole('img', { name: 'The receipt' })).toBeVisible()
  await card.getByRole('button', { name: 'Approve: repay this amount' }).click()
  await expect(finance.getByText('Approved: the repayment is on the line')).toBeVisible()

  // The credit comes back and the repayment is under 'approved'.
  await page.goto('/en/dashboard?repayments=approved')
  await expect(page.locator('.dashboard-receipt')).toContainText(rm(half))
  await expect(page.locator('.dashboard-figure', { hasText: 'Used credit' })).toContainText(
    rm(used - half),
  )
  await desk.close()
  await context.close()
})

test('without JavaScript the receipt form posts, and says what is wrong', async ({
  browser,
  request,
}) => {
  const { page, context, mobile } = await newCustomerPage(browser, request, {
    js: false,
    to: '/en/receipt',
  })
  await expect(page.getByText('You have no credit to repay yet.')).toBeVisible()
  await grantCredit(request, mobile, 50_000)
  await page.goto('/en/receipt')
  await expect(page.getByText('Credit used: RM0.00')).toBeVisible()
  /** Attaches a PDF slip (a file is never kept after a refusal) and sends the form. */
  const sendWithPdf = async () => {
    await page.getByLabel('Receipt (photo or PDF)').setInputFiles({
      name: 'slip.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    await page.getByRole('button', { name: 'Send receipt' }).click()
  }
  // Nothing filled in: every field says so, and the file is asked for.
  await page.getByRole('button', { name: 'Send receipt' }).click()
  await expect(page.getByText('Fill all fields.').first()).toBeVisible()
  await expect(page.getByText('Select a receipt file.')).toBeVisible()
  await page.getByLabel('Bank', { exact: true }).fill('Maybank')
  await page.getByLabel('Amount paid').fill('12.345')
  await page.getByLabel('Date of payment').fill('2026-11-21')
  await page.getByLabel('Reference number').fill('MBB-1')
  await sendWithPdf()
  await expect(page.getByText('At most two decimals, like 150.50.')).toBeVisible()
  // Typed values come back after a refusal.
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('Maybank')
  await page.getByLabel('Amount paid').fill('10')
  await sendWithPdf()
  await expect(page.getByText('Amount more than utilised credits.')).toBeVisible()
  await context.close()
})
