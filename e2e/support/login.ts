import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './api.ts'

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
  await expect(page).toHaveURL(new RegExp(`/${locale}$`))
}

/** Fills and sends the login form already on the page (after a redirect to it, say). */
export async function submitLogin(page: Page, mobile: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Mobile number').fill(mobile)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}
