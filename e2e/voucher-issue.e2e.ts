import { expect, expectAccessible, test } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { loginInBrowser } from './support/login.ts'
import { dayFromToday } from './support/shop.ts'

/**
 * docs/product/vouchers.md (issuing): finance checks rows before issuing them; the good row
 * becomes a voucher the customer sees on the dashboard, the bad one says why.
 */
test('finance previews and issues vouchers; the customer sees theirs', async ({
  page,
  browser,
  request,
}) => {
  const farmer = await createAccount(request)
  await loginInBrowser(page, '+60120000004')
  await page.goto('/en/admin/vouchers')
  await page
    .getByLabel('Rows (mobile,value,expiry)')
    .fill(`${farmer.mobile},12.50,${dayFromToday(90)}\n+60129999998,10,${dayFromToday(90)}`)
  await page.getByRole('button', { name: 'Check the rows' }).click()
  await expect(page.getByText('1 row ready, 1 row rejected')).toBeVisible()
  await expect(page.getByText('No active customer has this number.')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create 1 voucher', exact: true }).click()
  await expect(page.getByText('Issued: 1 voucher created, 1 row rejected.')).toBeVisible()

  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const customer = await phone.newPage()
  await loginInBrowser(customer, farmer.mobile, farmer.password)
  await customer.goto('/en/dashboard?tab=voucher')
  await expect(customer.getByRole('region', { name: 'Active' })).toContainText('RM12.50')
  await expect(
    customer.getByRole('region', { name: 'Cash voucher programme version 3.0: terms' }),
  ).toContainText('no change is given')
  await phone.close()
})

test('a file saved with tabs between its cells is refused as such, and nothing is issued', async ({
  page,
}) => {
  await loginInBrowser(page, '+60120000004')
  await page.goto('/en/admin/vouchers')
  await page.getByLabel('Rows (mobile,value,expiry)').fill(`+60120000001\t10\t${dayFromToday(90)}`)
  await page.getByRole('button', { name: 'Check the rows' }).click()
  await expect(
    page.getByText('A cell holds a tab or another hidden character: save the file as CSV'),
  ).toBeVisible()
  // The rows stay as typed, to be fixed.
  await expect(page.getByLabel('Rows (mobile,value,expiry)')).toHaveValue(
    `+60120000001\t10\t${dayFromToday(90)}`,
  )
})
