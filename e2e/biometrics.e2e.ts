import { test, expect } from './support/fixtures.ts'
import { createAccount } from './support/api.ts'
import { submitLogin } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'
import { fillCart, grantCredit, packOf, setPin } from './support/shop.ts'

/**
 * docs/product/orders-and-payments.md (Biometrics): register this phone, then pay with it instead
 * of the PIN, through Chromium's virtual authenticator (a platform authenticator that verifies the
 * user). WebAuthn needs a host name, so this test browses http://localhost.
 */
const BASE = `http://localhost:${E2E_WEB_PORT}`

test('a customer registers this phone and pays an order with the fingerprint', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request)
  await grantCredit(request, account.mobile, 500_000)
  const pack = await packOf(request, 1)
  const token = await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await setPin(request, token, '274915')

  const context = await browser.newContext({ baseURL: BASE })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })

  await page.goto('/en/login?redirectTo=%2Fen%2Fsettings%2Fbiometrics')
  await submitLogin(page, account.mobile, account.password)
  await expect(page).toHaveURL(/\/en\/settings\/biometrics$/)
  await expect(page.getByText('No phone is registered yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Register this phone' }).click()
  await expect(page.getByText('This phone can now pay with its fingerprint or face.')).toBeVisible()
  await expect(page.locator('.address-card')).toContainText('My phone')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  // Nothing about the PIN or the credential is kept in the page's storage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toBe('{}')

  await page.goto('/en/checkout')
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/payment$/)
  await page.getByRole('button', { name: 'Pay with fingerprint or face' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
  await expect(page.getByText(/is paid with your credit/)).toBeVisible()

  // A phone that fails to verify the user cannot pay; the PIN still can.
  await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
  await page.goto('/en/checkout')
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await page.getByRole('button', { name: 'Pay with fingerprint or face' }).click()
  await expect(page.getByText('Biometric authentication failed.')).toBeVisible()
  await page.getByLabel('Payment PIN').fill('274915')
  await page.getByRole('button', { name: /^Authorise/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()

  // The farmer removes the phone: it is gone from the list, and payment asks for the PIN only.
  await page.goto('/en/settings/biometrics')
  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('No phone is registered yet.')).toBeVisible()
  await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await page.goto('/en/checkout')
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByLabel('Payment PIN')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay with fingerprint or face' })).toHaveCount(0)
  await context.close()
})
