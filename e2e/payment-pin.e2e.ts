import { test, expect } from './support/fixtures.ts'
import { newCustomerPage } from './support/login.ts'

/** docs/product/orders-and-payments.md: the payment PIN from the settings, with and without JavaScript. */
for (const js of [true, false]) {
  test(`a customer sets a PIN, then changes it with the current one (JavaScript ${js ? 'on' : 'off'})`, async ({
    browser,
    request,
  }) => {
    const { context, page } = await newCustomerPage(browser, request, { js, to: '/en/settings' })
    await page.getByRole('link', { name: 'Payment PIN' }).click()
    await expect(page.getByText('You have not set a payment PIN yet.')).toBeVisible()

    const create = page.getByLabel('Choose a 6-digit PIN')
    const confirm = page.getByLabel('Enter the same PIN again')
    await create.fill('123456')
    await confirm.fill('123456')
    await page.getByRole('button', { name: 'Set PIN' }).click()
    await expect(page.getByText('This PIN is too easy to guess.')).toBeVisible()
    await create.fill('604829')
    await confirm.fill('604828')
    await page.getByRole('button', { name: 'Set PIN' }).click()
    await expect(page.getByText('PINs do not match, please try again.')).toBeVisible()
    await create.fill('604829')
    await confirm.fill('604829')
    await page.getByRole('button', { name: 'Set PIN' }).click()
    await expect(page).toHaveURL(/\/en\/settings$/)
    if (js) await expect(page.getByText('Your payment PIN is set.').first()).toBeVisible()

    await page.getByRole('link', { name: 'Payment PIN' }).click()
    await expect(page.locator('main .hint', { hasText: 'Your payment PIN is set.' })).toBeVisible()
    await page.getByLabel('Current PIN').fill('111112')
    await page.getByLabel('New PIN').fill('271845')
    await page.getByLabel('Enter the same PIN again').fill('271845')
    await page.getByRole('button', { name: 'Change PIN' }).click()
    await expect(page.getByText('Incorrect PIN entered. 4 tries left.')).toBeVisible()
    await page.getByLabel('Current PIN').fill('604829')
    await page.getByLabel('New PIN').fill('271845')
    await page.getByLabel('Enter the same PIN again').fill('271845')
    await page.getByRole('button', { name: 'Change PIN' }).click()
    await expect(page).toHaveURL(/\/en\/settings$/)
    await context.close()
  })
}
