import { expect, test } from './support/fixtures.ts'
import { freshMobile, latestCode } from './support/api.ts'
import { newCustomerPage, submitLogin } from './support/login.ts'

/**
 * docs/product/accounts.md (settings): the farmer changes the details given at sign-up, and
 * moves the login to a new number with the code sent to it.
 */
test('a farmer edits the profile and changes the mobile number with a code', async ({
  browser,
  request,
}) => {
  const { page, context, password } = await newCustomerPage(browser, request, {
    js: true,
    to: '/en/settings',
  })
  await page.getByRole('link', { name: 'Edit my details' }).click()
  await page.getByLabel('Full name').fill('Rosli bin Hamid')
  await page.getByLabel('Postcode').fill('abc')
  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page.locator('.field-error').first()).toBeVisible()
  await page.getByLabel('Postcode').fill('06000')
  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page).toHaveURL(/\/en\/settings$/)
  await expect(page.getByText('Your details are saved.')).toBeVisible()
  await expect(page.locator('.profile-list')).toContainText('Rosli bin Hamid')

  // docs/product/notices.md: SMS reminders off, then on again.
  await page.goto('/en/settings')
  await expect(page.getByText('Reminders are on.', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Turn reminders off' }).click()
  await expect(page.getByText('Reminders are off.', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Turn reminders on' }).click()
  await expect(page.getByText('Reminders are on.', { exact: true })).toBeVisible()

  const next = freshMobile()
  await page.goto('/en/settings/profile')
  await page.getByLabel('Mobile number').fill(next)
  await expect(async () => {
    await page.getByRole('button', { name: 'Send a code to the new number' }).click()
    await expect(page.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 1000 })
  }).toPass()
  await page.getByLabel('6-digit code').fill(await latestCode(request, next))
  await page.getByRole('button', { name: 'Use this number' }).click()
  await expect(page).toHaveURL(/\/en\/settings$/)
  await expect(page.getByText('Your mobile number is changed')).toBeVisible()
  // The new number is the login now.
  await page.goto('/en/logout').catch(() => {})
  await context.clearCookies()
  await page.goto('/en/login')
  await submitLogin(page, next, password)
  await expect(page).toHaveURL(/\/en$/)
  await context.close()
})
