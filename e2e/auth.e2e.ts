import { test, expect, expectAccessible, expectNoSidewaysScroll } from './support/fixtures.ts'
import { apiLogin, freshMobile, latestCode } from './support/api.ts'
import { loginInBrowser, NEW_FARMER, sendSignUp } from './support/login.ts'

test.describe('sign-up, login and logout (docs/product/accounts.md)', () => {
  test('signs up with the SMS code, lands logged in, and keeps nothing secret in the browser', async ({
    page,
    request,
    context,
  }) => {
    const mobile = freshMobile()
    await sendSignUp(page, { ...NEW_FARMER, mobile })
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()

    const code = await latestCode(request, mobile)
    await page.getByLabel('6-digit code').fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
    await expect(page.getByText('Your account is ready. Welcome!')).toBeVisible()

    const stored = await page.evaluate(async () => ({
      local: Object.keys(localStorage).length,
      session: Object.keys(sessionStorage).length,
      idb: (await indexedDB.databases()).length,
      cookie: document.cookie,
    }))
    expect(stored).toEqual({
      local: 0,
      session: 0,
      idb: 0,
      cookie: expect.not.stringContaining('__session'),
    })
    const session = (await context.cookies()).find((c) => c.name === '__session')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    // Sealed (ADR 014): a JWE whose only readable part is a header naming its algorithms; the
    // tokens and the user are in the encrypted part, and no readable JWT is anywhere inside.
    const [header, ...sealed] = (session?.value ?? '').split('.')
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8'))).toEqual({
      alg: 'dir',
      enc: 'A256GCM',
    })
    expect(sealed).toHaveLength(4)
    expect(sealed.join('.')).not.toContain('eyJ')

    await page.getByRole('link', { name: 'My account' }).click()
    await expect(page.getByText('Hafiz bin Osman').first()).toBeVisible()
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await expectNoSidewaysScroll(page)
      await expectAccessible(page)
    }
  })

  test('logs out to the home page and logs in again', async ({ page }) => {
    await loginInBrowser(page, '+60120000002')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    await loginInBrowser(page, '012-000 0002')
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
  })

  test('a wrong password and an unknown number get the same message', async ({ page }) => {
    for (const [mobile, password] of [
      ['+60120000001', 'wrongpass1'],
      ['+60129990000', 'wrongpass1'],
    ]) {
      await page.goto('/en/login')
      await page.getByLabel('Mobile number').fill(mobile!)
      await page.getByLabel('Password', { exact: true }).fill(password!)
      await page.getByRole('button', { name: 'Log in' }).click()
      await expect(page.getByRole('alert')).toHaveText('The mobile number or password is incorrect')
    }
  })

  test('login and logout work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await loginInBrowser(page, '+66 80 000 0001')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    await context.close()
  })

  test('forgot password: code, new password, logged in; the old password stops working', async ({
    page,
    request,
  }) => {
    const mobile = freshMobile()
    // Make an account through the API first.
    const signup = await request.post(
      `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3301}/api/v1/auth/signup`,
      {
        data: {
          mobile,
          password: 'first2026',
          full_name: 'Lee',
          postcode: '45400',
          area: 'Sekinchan',
          district: 'Sabak Bernam',
          preferred_branch: 12,
        },
      },
    )
    const s = await signup.json()
    const verify = await request.post(
      `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3301}/api/v1/auth/otp/verify`,
      {
        data: {
          preAuthSessionId: s.preAuthSessionId,
          deviceId: s.deviceId,
          userInputCode: await latestCode(request, mobile),
        },
      },
    )
    expect(verify.ok()).toBe(true)
    await page.goto('/en/forgot-pwd')
    await page.getByLabel('Mobile number').fill(mobile)
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
    await page.getByLabel('6-digit code').fill(await latestCode(request, mobile))
    await page.getByLabel('New password', { exact: true }).fill('second2026')
    await page.getByLabel('New password again').fill('second2026')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
    await expect(apiLogin(request, mobile, 'first2026')).rejects.toThrow('401')
  })
})
