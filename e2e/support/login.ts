import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { createAccount, DEMO_PASSWORD } from './api.ts'

export async function loginInBrowser(
  page: Page,
  mobile: string,
  password = DEMO_PASSWORD,
  locale = 'en',
) {
  await page.goto(`/${locale}/login`)
  await page.getByLabel('Mobile number').fill(mobile)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  // docs/product/accounts.md (Desks): a customer lands on the shop's home, the shop's own people
  // on their desk (the counter, or the back office's first page).
  await expect(page).toHaveURL(new RegExp(`/${locale}(/staff|/admin/kyc)?$`))
}

/** Fills and sends the login form already on the page (after a redirect to it, say). */
export async function submitLogin(page: Page, mobile: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Mobile number').fill(mobile)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/**
 * A new customer, logged in in a browser of their own (scripts on or off), on the page `to`.
 * For tests that change an account: nothing is shared with the demo customers.
 */
export async function newCustomerPage(
  browser: Browser,
  request: APIRequestContext,
  options: { js: boolean; to: string },
) {
  const account = await createAccount(request)
  const context = await browser.newContext({ javaScriptEnabled: options.js })
  const page = await context.newPage()
  await page.goto(`/en/login?redirectTo=${encodeURIComponent(options.to)}`)
  await submitLogin(page, account.mobile, account.password)
  await expect(page).toHaveURL(options.to)
  return { ...account, context, page }
}

/** A farmer signing up in Kedah (the tests add a mobile number of their own). */
export const NEW_FARMER = {
  fullName: 'Hafiz bin Osman',
  postcode: '06700',
  area: 'Kampung Bukit Raya',
  district: 'Pendang',
  branch: 'Pendang',
}

/** Fills the English sign-up form and sends it (the code is asked for next, or the page says why not). */
export async function sendSignUp(
  page: Page,
  farmer: {
    mobile: string
    fullName: string
    postcode: string
    area: string
    district: string
    branch: string
    password?: string
  },
) {
  await page.goto('/en/signup')
  await page.getByLabel('Mobile number').fill(farmer.mobile)
  await page.getByLabel('Password', { exact: true }).fill(farmer.password ?? 'sawah2026')
  await page.getByLabel('Password again').fill(farmer.password ?? 'sawah2026')
  await page.getByLabel('Full name').fill(farmer.fullName)
  await page.getByLabel('Postcode').fill(farmer.postcode)
  await page.getByLabel('Area').fill(farmer.area)
  await page.getByLabel('District').fill(farmer.district)
  await page.getByLabel('Preferred branch').selectOption({ label: farmer.branch })
  await page.getByRole('button', { name: 'Create account' }).click()
}
