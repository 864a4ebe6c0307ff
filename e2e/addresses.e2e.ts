import type { Page } from '@playwright/test'
import { test, expect, expectAccessible } from './support/fixtures.ts'
import { newCustomerPage } from './support/login.ts'

/** docs/product/orders-and-payments.md: delivery addresses in the settings, with and without JavaScript. */

async function fillAddress(page: Page, name: string) {
  await page.getByLabel('Address name').fill(name)
  await page.getByLabel('Address', { exact: true }).fill('Lot 12, Jalan Bendang')
  await page.getByLabel('Town or city').fill('Jitra')
  await page.getByLabel('State').selectOption({ label: 'Kedah' })
  await page.getByLabel('Postcode').fill('06000')
  await page.getByRole('button', { name: 'Save address' }).click()
}

for (const js of [true, false]) {
  test(`a customer adds, edits, moves the default and deletes addresses (JavaScript ${js ? 'on' : 'off'})`, async ({
    browser,
    request,
  }) => {
    const { context, page } = await newCustomerPage(browser, request, { js, to: '/en/settings' })
    await page.getByRole('link', { name: 'My delivery addresses' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My addresses' })).toBeVisible()
    await expect(page.getByText('You have no delivery address yet.')).toBeVisible()

    await page.getByRole('link', { name: 'Add an address' }).click()
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByText('Give this address a name, such as Home or Farm.')).toBeVisible()
    await expect(page.getByText('Choose the state.')).toBeVisible()

    // A postcode of another state is refused, with what was typed kept.
    await page.getByLabel('Address name').fill('Rumah')
    await page.getByLabel('Address', { exact: true }).fill('Lot 12, Jalan Bendang')
    await page.getByLabel('Town or city').fill('Jitra')
    await page.getByLabel('State').selectOption({ label: 'Selangor' })
    await page.getByLabel('Postcode').fill('06000')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByText('This postcode is not in the state chosen.')).toBeVisible()
    await expect(page.getByLabel('Address name')).toHaveValue('Rumah')

    await page.getByLabel('State').selectOption({ label: 'Kedah' })
    await page.getByRole('button', { name: 'Save address' }).click()
    // The notice for the next page is translated (a toast; without JavaScript, in <noscript>).
    if (js) await expect(page.getByText('Your address is saved.').first()).toBeVisible()
    const cards = page.locator('.address-card')
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText('Default')
    await expect(cards.first()).toContainText('06000 Jitra')
    // The default offers no delete.
    await expect(cards.first().getByRole('link', { name: 'Delete' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Add an address' }).click()
    await fillAddress(page, 'Sawah')
    await expect(cards).toHaveCount(2)
    await cards.filter({ hasText: 'Sawah' }).getByRole('button', { name: 'Make default' }).click()
    await expect(cards.first()).toContainText('Sawah')
    await expect(cards.first()).toContainText('Default')

    await cards.filter({ hasText: 'Rumah' }).getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Address name').fill('Rumah lama')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(cards.filter({ hasText: 'Rumah lama' })).toHaveCount(1)

    await cards.filter({ hasText: 'Rumah lama' }).getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Delete this address?' })).toBeVisible()
    if (js) await expectAccessible(page)
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(cards).toHaveCount(2)
    await cards.filter({ hasText: 'Rumah lama' }).getByRole('link', { name: 'Delete' }).click()
    await page.getByRole('button', { name: 'Yes, delete it' }).click()
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText('Sawah')
    await context.close()
  })
}
