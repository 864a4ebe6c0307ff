import { test, expect } from './support/fixtures.ts'
import { API, createAccount, freshMobile, setSuspended } from './support/api.ts'
import { loginInBrowser, sendSignUp } from './support/login.ts'
import { decodeJwt } from 'jose'
import { tokenExpiryMs } from '@padi/domain/auth/rules'
import { makeTokenDue, readSession } from './support/session-cookie.ts'

test.describe('route guards of docs/product/accounts.md, in order (docs/product/accounts.md)', () => {
  test('1: a token expiring within 10 minutes is refreshed before the page loads', async ({
    page,
  }) => {
    await loginInBrowser(page, '+66800000001')
    const before = await readSession(page)
    const due = await makeTokenDue(page)
    await page.goto('/en/settings')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/en\/settings$/)
    const after = await readSession(page)
    // Refreshed: the refresh token is rotated, and the kept expiry is the new access token's own,
    // later than the one made due. (The access token itself may read the same: issued in the same
    // second as the first, for the same session, its claims are the same.)
    expect(after.refreshToken).not.toBe(before.refreshToken)
    expect(after.expiresAt).toBe(tokenExpiryMs(decodeJwt(after.accessToken!).exp!))
    expect(after.expiresAt).toBeGreaterThan(due)
  })

  test('1: when the refresh fails the user is logged out and sent to /login', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await loginInBrowser(page, account.mobile, account.password)
    // Suspending and reactivating ends every session on the server (the refresh token dies).
    await setSuspended(request, account.id, true)
    await setSuspended(request, account.id, false)
    await makeTokenDue(page)
    await page.goto('/en/settings')
    await expect(page).toHaveURL(/\/en\/login/)
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  })

  test('2: with a PIN set and no verified reset, PIN setup goes to forgot-PIN', async ({
    page,
  }) => {
    await loginInBrowser(page, '+60120000001')
    const res = await page.request.get('/en/auth/pin-setup', { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    expect(res.headers().location).toBe('/en/forgot-pin')
  })

  test('3: leaving /signup while holding the sign-up token clears the auth state', async ({
    page,
  }) => {
    await sendSignUp(page, {
      mobile: freshMobile(),
      fullName: 'Azman',
      postcode: '02600',
      area: 'Arau',
      district: 'Arau',
      branch: 'Kangar',
    })
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
    await page.goto('/en/about')
    await page.goto('/en/signup')
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
  })

  test('4: a logged-in user opening /login or /signup goes home', async ({ page }) => {
    await loginInBrowser(page, '+60120000001')
    for (const path of ['/en/login', '/en/signup']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/en$/)
    }
  })

  test('5: a pending sign-up without user opening /dashboard or /kyc goes home', async ({
    page,
    request,
  }) => {
    // A number already waiting for its code: signing up again is a 409 that resumes (docs/product/errors.md).
    const mobile = freshMobile()
    await request.post(`${API}/api/v1/auth/signup`, {
      data: {
        mobile,
        password: 'sawah2026',
        full_name: 'Wan',
        postcode: '16200',
        area: 'Tumpat',
        district: 'Tumpat',
        preferred_branch: 6,
      },
    })
    await sendSignUp(page, {
      mobile,
      fullName: 'Wan',
      postcode: '16200',
      area: 'Tumpat',
      district: 'Tumpat',
      branch: 'Kota Bharu',
    })
    await expect(
      page.getByText('This number is waiting for verification. We sent a new code.'),
    ).toBeVisible()
    for (const path of ['/en/dashboard', '/en/kyc']) {
      const res = await page.request.get(path, { maxRedirects: 0 })
      expect(res.status()).toBe(302)
      expect(res.headers().location).toBe('/en')
    }
  })

  test('6: without user or token, /kyc, /dashboard, /cart and /receipt go to /login, and back after it', async ({
    request,
  }) => {
    for (const path of ['/en/kyc', '/en/dashboard', '/bm/cart', '/th/receipt']) {
      const res = await request.get(path, { maxRedirects: 0 })
      expect(res.status(), path).toBe(302)
      expect(res.headers().location).toBe(
        `/${path.split('/')[1]}/login?redirectTo=${encodeURIComponent(path)}`,
      )
    }
  })

  test('7: a user who passed KYC opening /kyc goes to /products', async ({ page }) => {
    await loginInBrowser(page, '+60120000001')
    const res = await page.request.get('/en/kyc', { maxRedirects: 0 })
    expect(res.headers().location).toBe('/en/products')
  })

  test('8: a logged-in user opening /late-repayment goes home', async ({ page }) => {
    await loginInBrowser(page, '+60120000002')
    const res = await page.request.get('/en/late-repayment', { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    expect(res.headers().location).toBe('/en')
  })

  test('the protected layout sends visitors to /login and back after it', async ({ page }) => {
    await page.goto('/en/settings')
    await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fsettings$/)
    await page.getByLabel('Mobile number').fill('+60120000001')
    await page.getByLabel('Password', { exact: true }).fill('demo2026')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/en\/settings$/)
  })
})

test.describe('session errors (docs/product/errors.md)', () => {
  test('a suspended user sees the red toast and the access-forbidden page', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await loginInBrowser(page, account.mobile, account.password)
    await setSuspended(request, account.id, true)
    try {
      // Not touched after loading: a page with a toast starts its scripts by itself (ADR 031).
      await page.goto('/en/settings', { waitUntil: 'commit' })
      await expect(page).toHaveURL(/\/en\/security\/access-forbidden$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access forbidden')
      const toast = page.getByRole('status').filter({ hasText: 'Your account is suspended' })
      await expect(toast).toBeVisible()
      // docs/product/errors.md: red, and gone after 5 seconds.
      const background = await toast.evaluate(
        (el) => getComputedStyle(el.closest('[role=status]')?.parentElement ?? el).backgroundColor,
      )
      expect(background).toBe('rgb(179, 38, 30)')
      await expect(toast).toBeHidden({ timeout: 7000 })
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    } finally {
      await setSuspended(request, account.id, false)
    }
  })
})
