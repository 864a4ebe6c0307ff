import { expect, test } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/back-office.md (Users, Audit log): finance finds a farmer by mobile number, sees
 * them on one page and suspends them (the farmer is locked out at once), then reactivates; the
 * admin reads both changes in the audit log filtered to that person. Without scripts.
 */
test('finance suspends and reactivates a farmer found by mobile number; the audit log shows it', async ({
  browser,
  request,
}) => {
  const farmer = await createAccount(request)
  const phone = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_WEB_PORT}` })
  const farmerPage = await phone.newPage()
  await loginInBrowser(farmerPage, farmer.mobile, farmer.password)

  const office = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
  })
  const finance = await office.newPage()
  await loginInBrowser(finance, '+60120000004')
  await finance.goto('/en/admin')
  await finance.getByRole('link', { name: 'People' }).click()
  await finance.getByLabel('Name or mobile number').fill(farmer.mobile.slice(-7))
  await finance.getByRole('button', { name: 'Find' }).click()
  await finance.getByRole('link', { name: 'Test Farmer' }).first().click()
  await expect(finance.getByRole('heading', { name: 'Test Farmer', level: 1 })).toBeVisible()
  await expect(finance.getByText(farmer.mobile)).toBeVisible()
  await expect(finance.getByRole('heading', { name: 'Credit' })).toBeVisible()
  // Finance does not change roles.
  await expect(finance.getByRole('heading', { name: 'Role and branch' })).toHaveCount(0)

  await finance.getByRole('button', { name: 'Suspend the account' }).click()
  await expect(finance.getByText('The account is suspended')).toBeVisible()
  await farmerPage.goto('/en/settings')
  await expect(farmerPage).toHaveURL(/\/en\/security\/access-forbidden$/)

  await finance.getByRole('button', { name: 'Reactivate the account' }).click()
  await expect(finance.getByText('The account is active again.')).toBeVisible()
  const id = new URL(finance.url()).pathname.split('/').pop()!

  // The admin reads the two changes, filtered to this person.
  const admin = await office.newPage()
  await office.clearCookies()
  await loginInBrowser(admin, '+60120000005')
  await admin.goto('/en/admin/audit')
  const filter = admin.getByRole('form', { name: 'Filter the log' })
  await filter.getByLabel('What changed').selectOption('user')
  await filter.getByLabel('Its number').fill(id)
  await filter.getByRole('button', { name: 'Show' }).click()
  const rows = admin.locator('.admin-table tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Account reactivated')
  await expect(rows.nth(0)).toContainText('Nurul Huda binti Razak')
  await expect(rows.nth(1)).toContainText('Account suspended')
  // docs/product/back-office.md (Audit log): fields and values in words.
  await expect(rows.nth(1)).toContainText('Status: Active → Suspended')
  // Everything Nurul did, of the kind 'user.': her name is the link.
  await rows.nth(0).getByRole('link', { name: 'Nurul Huda binti Razak' }).click()
  await expect(admin).toHaveURL(/actor_id=\d+/)
  await filter.getByLabel('What changed').selectOption('')
  await filter.getByLabel('Its number').fill('')
  await filter.getByLabel('Kind of change').selectOption({ label: 'All: People' })
  await filter.getByRole('button', { name: 'Show' }).click()
  await expect(admin).toHaveURL(/action=user\./)
  const hers = admin.locator('.admin-table tbody tr')
  await expect(hers.first()).toBeVisible()
  for (const row of await hers.all()) {
    await expect(row).toContainText('Nurul Huda binti Razak')
    await expect(row).toContainText(/Account (suspended|reactivated)/)
  }
  await office.close()
  await phone.close()
})
