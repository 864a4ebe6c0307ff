import type { BrowserContext } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'
import { API, createAccount, latestCode } from './support/api.ts'
import { submitLogin } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'
import { fillCart, grantCredit, packOf, setPin } from './support/shop.ts'

/**
 * docs/product/orders-and-payments.md (Biometrics): register this phone, then pay with it instead
 * of the PIN, through Chromium's virtual authenticator (a platform authenticator that verifies the
 * user). WebAuthn needs a host name, so this test browses http://localhost.
 */
const BASE = `http://localhost:${E2E_WEB_PORT}`

/** A platform authenticator that verifies the user, in this context's page (Chromium's CDP). */
async function virtualAuthenticator(context: BrowserContext) {
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
  return { page, cdp, authenticatorId }
}

test('a customer enters the PIN, registers this phone and pays an order with the fingerprint (row 56)', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request)
  await grantCredit(request, account.mobile, 500_000)
  const pack = await packOf(request, 1)
  const token = await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await setPin(request, token, '274915')

  const context = await browser.newContext({ baseURL: BASE })
  const { page, cdp, authenticatorId } = await virtualAuthenticator(context)

  await page.goto('/en/login?redirectTo=%2Fen%2Fsettings%2Fbiometrics')
  await submitLogin(page, account.mobile, account.password)
  await expect(page).toHaveURL(/\/en\/settings\/biometrics$/)
  await expect(page.getByText('No phone is registered yet.')).toBeVisible()
  // The payment PIN comes first (ADR 060): without it, or wrong, no device prompt.
  const register = page.getByRole('button', { name: 'Register this phone' })
  await register.click()
  await expect(page.getByText('Enter your 6-digit payment PIN to add this phone.')).toBeVisible()
  await page.getByLabel('Your payment PIN').fill('274916')
  await register.click()
  await expect(page.getByText('Incorrect PIN entered. 4 tries left.')).toBeVisible()
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toEqual([])
  await expect(page.getByLabel('Your payment PIN')).toHaveValue('')
  await page.getByLabel('Your payment PIN').fill('274915')
  await register.click()
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

  // Five wrong PINs lock payment: the fingerprint says so (not a generic failure), and no
  // phone can be added meanwhile.
  for (let i = 0; i < 5; i++)
    await request.put(`${API}/api/v1/me/pin`, {
      headers: { authorization: `Bearer ${token}` },
      data: { pin: '604829', confirm_pin: '604829', current_pin: `11111${i}` },
    })
  await fillCart(request, account, [{ id: pack.id, count: 1 }])
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true })
  await page.goto('/en/checkout')
  await page.getByLabel('Collect at a branch').check()
  await page.getByLabel('Credit (pay at harvest)').check()
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await page.getByRole('button', { name: 'Pay with fingerprint or face' }).click()
  await expect(
    page.getByText(
      /^Too many wrong PINs\. Payment is locked for 30 minutes: try again in \d+ minutes\.$/,
    ),
  ).toBeVisible()
  // The lock's own way out, in its message (the PIN form keeps its own link too).
  await expect(page.getByRole('alert').getByRole('link', { name: 'Forgot PIN?' })).toBeVisible()
  await page.goto('/en/settings/biometrics')
  await expect(page.getByText(/^Too many wrong PINs\. Payment is locked/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Register this phone' })).toHaveCount(0)

  // The farmer removes the phone: it is gone from the list, and payment asks for the PIN only.
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

test('with no PIN set, the phone is added with a code sent by SMS, and removed without scripts (row 56)', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request)
  const context = await browser.newContext({ baseURL: BASE })
  const { page, cdp, authenticatorId } = await virtualAuthenticator(context)
  await page.goto('/en/login?redirectTo=%2Fen%2Fsettings%2Fbiometrics')
  await submitLogin(page, account.mobile, account.password)
  await expect(page).toHaveURL(/\/en\/settings\/biometrics$/)
  await expect(page.getByText('You have not set a payment PIN.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Register this phone' })).toHaveCount(0)

  // The code goes to the account's own number (a form that works without scripts). The sign-up
  // code went to the same number a moment ago: a send refused as too soon would be asked again
  // (the test servers have no cool-down between codes, a real server does).
  const codeField = page.getByLabel('6-digit code from the SMS')
  await expect(async () => {
    if (!(await codeField.isVisible()))
      await page.getByRole('button', { name: 'Send the code by SMS' }).click()
    await expect(codeField).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await codeField.fill(await latestCode(request, account.mobile))
  await page.getByRole('button', { name: 'Register this phone' }).click()
  await expect(page.getByText('This phone can now pay with its fingerprint or face.')).toBeVisible()
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(
    1,
  )
  // The customer is told by SMS which phone was added, and what to do if it was not them.
  await expect
    .poll(async () => {
      const res = await request.get(
        `${API}/api/v1/dev/sms?to=${encodeURIComponent(account.mobile)}`,
      )
      return (await res.json()).data?.[0]?.body as string | undefined
    })
    .toMatch(/"My phone" was added on .* Not you\? Remove it in Settings and call your branch\.$/)
  await context.close()

  // Removing needs no script and no PIN.
  const plain = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false })
  const noScript = await plain.newPage()
  await noScript.goto('/en/login?redirectTo=%2Fen%2Fsettings%2Fbiometrics')
  await submitLogin(noScript, account.mobile, account.password)
  await expect(noScript).toHaveURL(/\/en\/settings\/biometrics$/)
  await expect(noScript.locator('.address-card')).toContainText('My phone')
  await noScript.getByRole('button', { name: 'Remove' }).click()
  await expect(noScript.getByText('No phone is registered yet.')).toBeVisible()
  await plain.close()
})
