import sharp from 'sharp'
import { expect, expectAccessible, expectNoSidewaysScroll, test } from './support/fixtures.ts'
import { API, apiLogin, createAccount } from './support/api.ts'
import { loginInBrowser, newCustomerPage } from './support/login.ts'

/**
 * docs/product/credit.md (KYC): the application works on a phone whose scripts never arrive, on a
 * phone without a camera, and refuses what an attacker sends.
 */

const jpeg = (colour: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

test.describe('the credit application', () => {
  test('without JavaScript: every step, every upload and the submission', async ({
    browser,
    request,
  }) => {
    const { page, context } = await newCustomerPage(browser, request, { js: false, to: '/en/kyc' })
    await page.getByLabel('Full name as on your ID card').fill('Aminah binti Ali')
    await page.getByLabel('MyKad number (NRIC)').fill('800101-08-5544')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page).toHaveURL(/step=2$/)
    await page.getByLabel('Planting date of this season').fill('2026-11-01')
    await page.getByLabel('Harvest date of this season').fill('2027-03-15')
    await page
      .getByRole('group', { name: 'Do you own a mist-spraying drone?' })
      .getByLabel('Yes')
      .check()
    await page
      .getByRole('group', { name: 'Have you visited one of our centres?' })
      .getByLabel('No')
      .check()
    await page.getByLabel('Hectares of paddy you own').fill('1.5')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page).toHaveURL(/step=3$/)
    for (const [label, name] of [
      ['ID card, front', 'front.jpg'],
      ['ID card, back', 'back.jpg'],
      ['Selfie', 'me.jpg'],
      ['Utility or phone bill', 'bill.jpg'],
    ] as const) {
      const slot = page.locator('fieldset.kyc-slot', {
        has: page.locator('legend', { hasText: label }),
      })
      await slot
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await jpeg('#b0b0b0') })
      await slot.getByRole('button', { name: 'Upload' }).click()
      await expect(page).toHaveURL(/step=3$/)
      await expect(
        page
          .locator('fieldset.kyc-slot', { has: page.locator('legend', { hasText: label }) })
          .locator('.kyc-file a'),
      ).toHaveText(name)
    }
    // A file that is not a PDF, JPEG or PNG is refused with its message, and nothing is kept.
    const bank = page.locator('fieldset.kyc-slot', {
      has: page.locator('legend', { hasText: 'Bank statement' }),
    })
    await bank.locator('input[type=file]').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 not a pdf at all'),
    })
    await bank.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('Invalid file type: PDF, JPEG or PNG only.')).toBeVisible()
    await page.goto('/en/kyc?step=3')
    await expect(bank.locator('.kyc-file')).toHaveCount(0)
    // A file removed goes, and can be added again.
    const bill = page.locator('fieldset.kyc-slot', {
      has: page.locator('legend', { hasText: 'Utility or phone bill' }),
    })
    await bill.getByRole('button', { name: 'Remove' }).click()
    await expect(bill.locator('.kyc-file')).toHaveCount(0)
    await bill
      .locator('input[type=file]')
      .setInputFiles({ name: 'bill2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c0c0c0') })
    await bill.getByRole('button', { name: 'Upload' }).click()
    await expect(bill.locator('.kyc-file a')).toHaveText('bill2.jpg')

    await page.goto('/en/kyc?step=4')
    // Submitting without the consents says what is missing.
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page.getByText('Please agree to all three to apply.')).toBeVisible()
    await page.getByLabel('I agree to the credit terms and conditions.').check()
    await page.getByLabel('I agree that my data and documents are used').check()
    await page.getByLabel('I agree to a credit check.').check()
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page).toHaveURL(/\/en\/kyc\/success$/)
    await page.goto('/en/kyc')
    await expect(
      page.getByRole('heading', { name: 'Your application is being reviewed' }),
    ).toBeVisible()
    await context.close()
  })

  test('a phone without a camera is told so and picks a photo instead', async ({
    browser,
    request,
  }) => {
    const { page, context } = await newCustomerPage(browser, request, {
      js: true,
      to: '/en/kyc?step=3',
    })
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
    // This browser has no camera at all.
    await page.evaluate(() => {
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
        value: () =>
          Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
      })
    })
    await page.getByRole('button', { name: 'Take a selfie with the camera' }).click()
    await expect(page.getByText('Camera not found. Choose a photo instead.')).toBeVisible()
    const selfie = page.locator('fieldset.kyc-slot', {
      has: page.locator('legend', { hasText: 'Selfie' }),
    })
    await selfie
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#d0b0b0') })
    await expect(selfie.locator('.kyc-file a')).toHaveText('me.jpg')
    await context.close()
  })

  test('another farmer’s document is a 404, and an upload from another site is refused', async ({
    browser,
    request,
  }) => {
    const owner = await createAccount(request)
    const { access_token } = await apiLogin(request, owner.mobile, owner.password)
    const up = await request.post(`${API}/api/v1/me/kyc/documents?kind=id_front&name=a.jpg`, {
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'image/jpeg' },
      data: await jpeg('#a0a0a0'),
    })
    const doc = (await up.json()) as { id: number }
    const { page, context } = await newCustomerPage(browser, request, { js: false, to: '/en/kyc' })
    expect((await page.request.get(`/en/kyc/documents/${doc.id}?view`)).status()).toBe(404)
    expect((await page.request.get(`/en/kyc/documents/${doc.id}`)).status()).toBe(404)
    expect((await page.request.get('/en/kyc/documents/0x10')).status()).toBe(404)
    // A farmer is not finance: the review pages are refused.
    expect((await page.request.get('/en/admin/kyc')).status()).toBe(403)
    expect((await page.request.get(`/en/admin/kyc/1/documents/${doc.id}`)).status()).toBe(403)
    // An upload posted from another site with this farmer's cookies is refused; nothing is kept.
    const forged = await page.request.post('/en/kyc/upload?kind=id_front&name=x.jpg', {
      headers: { origin: 'http://evil.test', 'content-type': 'image/jpeg' },
      data: await jpeg('#000000'),
      maxRedirects: 0,
    })
    expect([400, 403]).toContain(forged.status())
    await page.goto('/en/kyc?step=3')
    await expect(page.locator('.kyc-file')).toHaveCount(0)
    await context.close()
  })

  test('the audit log of decisions is for admins; finance works the queue', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await loginInBrowser(page, '+60120000004')
    expect((await page.request.get('/en/admin/audit')).status()).toBe(403)
    await page.goto('/en/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Credit applications' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
    await context.close()
    const adminContext = await browser.newContext({ javaScriptEnabled: false })
    const admin = await adminContext.newPage()
    await loginInBrowser(admin, '+60120000005')
    await admin.goto('/bm/admin/kyc')
    await admin.getByRole('link', { name: 'Log audit' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Log audit' })).toBeVisible()
    await adminContext.close()
  })

  test('the application and the dashboard are accessible and fit 360 px in three languages', async ({
    page,
    request,
  }) => {
    const farmer = await createAccount(request)
    await page.setViewportSize({ width: 360, height: 800 })
    await loginInBrowser(page, farmer.mobile, farmer.password)
    for (const path of [
      '/en/kyc?step=1',
      '/bm/kyc?step=2',
      '/th/kyc?step=3',
      '/en/kyc?step=4',
      '/th/dashboard',
      '/bm/dashboard',
    ]) {
      await page.goto(path)
      await expectNoSidewaysScroll(page)
      await expectAccessible(page)
    }
  })
})
