import { expect, test } from './support/fixtures.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/back-office.md (Branches, Changes show at once): an admin changes a branch's
 * phone number and hours; the contact page a visitor already had from the page cache shows the
 * new number on the next visit. Without scripts, as the admin's form works.
 */
test('an admin edits a branch and the contact page shows it at once', async ({ browser }) => {
  const base = `http://127.0.0.1:${E2E_WEB_PORT}`
  const visitor = await browser.newContext({ baseURL: base })
  const page = await visitor.newPage()
  const contact = async () => {
    const res = await page.goto('/en/contact')
    return res!.headers()['x-page-cache']
  }
  await contact()
  expect(await contact()).toBe('hit')
  await expect(page.locator('a[href="tel:+6097900007"]').first()).toBeAttached()

  const office = await browser.newContext({ baseURL: base, javaScriptEnabled: false })
  const admin = await office.newPage()
  await loginInBrowser(admin, '+60120000005')
  await admin.goto('/en/admin/branches')
  await admin.getByRole('link', { name: 'Pasir Mas' }).click()
  const sundayWasClosed = await admin.locator('input[name="day0_closed"]').isChecked()
  const mondayOpens = await admin.locator('input[name="day1_open"]').inputValue()
  const edit = async (phone: string, sundayClosed: boolean) => {
    await admin.getByLabel('Phone number').fill(phone)
    const sunday = admin.locator('input[name="day0_closed"]')
    if (sundayClosed) await sunday.check()
    else await sunday.uncheck()
    await admin.getByRole('button', { name: 'Save the branch' }).click()
  }
  // Hours that close before they open are refused and change nothing.
  await admin.locator('input[name="day1_open"]').fill('18:00')
  await edit('+60 9-790 0099', !sundayWasClosed)
  await expect(admin.getByText('closing time must come after its opening time')).toBeVisible()
  await admin.locator('input[name="day1_open"]').fill(mondayOpens)
  await edit('+60 9-790 0099', !sundayWasClosed)
  await expect(admin.getByText('The branch is saved')).toBeVisible()
  try {
    // The visitor's next look: made again, with the new number (it may be another test's
    // visitor that made it again first, so this one can be a hit of the new page).
    await contact()
    await expect(page.locator('a[href="tel:+6097900099"]').first()).toBeAttached()
    await expect(page.locator('a[href="tel:+6097900007"]')).toHaveCount(0)
  } finally {
    await admin.goto('/en/admin/branches')
    await admin.getByRole('link', { name: 'Pasir Mas' }).click()
    await edit('+6097900007', sundayWasClosed)
    await expect(admin.getByText('The branch is saved')).toBeVisible()
  }
  await office.close()
  await visitor.close()
})
