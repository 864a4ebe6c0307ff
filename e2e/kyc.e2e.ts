import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, startUsing, test } from './support/fixtures.ts'
import { API, apiLogin, createAccount } from './support/api.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import { submitApplication } from './support/kyc-application.ts'
import { loginInBrowser } from './support/login.ts'
import { fillCart, packOf, setPin } from './support/shop.ts'

/**
 * docs/product/credit.md (KYC, KYC review): a farmer applies for credit with documents and the
 * camera, leaves halfway and finds everything kept, finance approves, the farmer buys on credit;
 * a rejected farmer cannot apply again before the date finance set.
 */

// Chromium's fake camera (a moving test pattern) stands in for the phone's front camera.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
})

const PIN = '583016'

/** A photo of a card, as a phone would send it. */
async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** A day `months` from today, as a date field takes it. */
function day(months: number): string {
  const d = new Date()
  d.setMonth(d.getMonth() + months)
  return d.toISOString().slice(0, 10)
}

/** Opens a page in a browser of the test's own and starts using it, as a farmer does. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await startUsing(page)
}

function slot(page: Page, label: string) {
  return page.locator('fieldset.kyc-slot', { has: page.locator('legend', { hasText: label }) })
}

async function upload(page: Page, label: string, file: { name: string; buffer: Buffer }) {
  const s = slot(page, label)
  await s.locator('input[type=file]').setInputFiles({
    ...file,
    mimeType: file.name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
  })
  await expect(s.locator('.kyc-file a', { hasText: file.name })).toBeVisible()
}

test.describe('applying for credit', () => {
  test('the demo customer applies with files and the camera, leaves halfway, is approved for 3 ha and buys on credit', async ({
    browser,
    request,
  }) => {
    const mobile = '+60120000002'
    const customer = await browser.newContext()
    let page = await customer.newPage()
    await loginInBrowser(page, mobile)
    await open(page, '/en/kyc')
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for credit' })).toBeVisible()

    // Step 1: a wrong MyKad number is said at once, and what was typed is kept.
    await page.getByLabel('Full name as on your ID card').fill('Siti binti Hassan')
    await page.getByLabel('MyKad number (NRIC)').fill('123456-78-9000')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(
      page.getByText('The first six digits must be your date of birth (YYMMDD).'),
    ).toBeVisible()
    await page.getByLabel('MyKad number (NRIC)').fill('750312-02-5331')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page).toHaveURL(/step=2$/)

    // Step 2: the farm.
    await page.getByLabel('Planting date of this season').fill(day(-1))
    await page.getByLabel('Harvest date of this season').fill(day(3))
    await page
      .getByRole('group', { name: 'Do you own a mist-spraying drone?' })
      .getByLabel('No')
      .check()
    await page
      .getByRole('group', { name: 'Have you visited one of our centres?' })
      .getByLabel('Yes')
      .check()
    await page.getByLabel('Hectares of paddy you own').fill('3')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page).toHaveURL(/step=3$/)
    await expect(page.getByText('At most 12 files, 8 MB each and 24 MB in all.')).toBeVisible()

    // Step 3, halfway: the front of the card, then the page is closed.
    await upload(page, 'ID card, front', { name: 'front.jpg', buffer: await photo('#c9b28f') })
    await page.close()

    // Back later in a new tab: every step and the upload are still there.
    page = await customer.newPage()
    await open(page, '/en/kyc')
    await expect(page).toHaveURL(/\/en\/kyc$/)
    await expect(slot(page, 'ID card, front').locator('.kyc-file a')).toHaveText('front.jpg')
    await open(page, '/en/kyc?step=1')
    await expect(page.getByLabel('Full name as on your ID card')).toHaveValue('Siti binti Hassan')
    await expect(page.getByLabel('MyKad number (NRIC)')).toHaveValue('750312-02-5331')
    await open(page, '/en/kyc?step=2')
    await expect(page.getByLabel('Hectares of paddy you own')).toHaveValue('3')

    await open(page, '/en/kyc?step=3')
    await upload(page, 'ID card, back', { name: 'back.jpg', buffer: await photo('#8fa9c9') })
    // The selfie with the camera.
    await page.getByRole('button', { name: 'Take a selfie with the camera' }).click()
    await expect(page.locator('video.kyc-video')).toBeVisible()
    await page.waitForFunction(
      () => (document.querySelector('video.kyc-video') as HTMLVideoElement | null)?.videoWidth,
    )
    await page.getByRole('button', { name: 'Take the photo' }).click()
    await expect(slot(page, 'Selfie').locator('.kyc-file a')).toHaveText('selfie.jpg')
    await upload(page, 'Land documents', { name: 'geran.pdf', buffer: PDF })

    // Step 4: agree and submit.
    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page.getByText('Everything is filled in.')).toBeVisible()
    await page.getByLabel('I agree to the credit terms and conditions.').check()
    await page.getByLabel('I agree that my data and documents are used').check()
    await page.getByLabel('I agree to a credit check.').check()
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page).toHaveURL(/\/en\/kyc\/success$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Application submitted' }),
    ).toBeVisible()
    await open(page, '/en/dashboard')
    await expect(page.locator('.dashboard-status-value')).toHaveText('In review')

    // Finance: the queue, the application with its documents shown, approve 3 hectares.
    const finance = await browser.newContext()
    const desk = await finance.newPage()
    await loginInBrowser(desk, '+60120000004')
    await open(desk, '/en/admin')
    await expect(desk).toHaveURL(/\/en\/admin\/kyc$/)
    await desk.getByRole('link', { name: 'Siti binti Hassan' }).click()
    await expect(desk.getByRole('heading', { level: 1, name: 'Siti binti Hassan' })).toBeVisible()
    for (const alt of ['ID card, front', 'ID card, back', 'Selfie'])
      await expect
        .poll(() =>
          desk
            .getByRole('img', { name: alt })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0)
    await expect(desk.locator('iframe.admin-pdf')).toHaveCount(1)
    await expect(desk.getByLabel('Verified hectares')).toHaveValue('3')
    await desk.getByRole('button', { name: 'Approve and open the credit line' }).click()
    await expect(desk).toHaveURL(/\/en\/admin\/kyc$/)
    await expect(desk.getByText('Approved: the credit line is open')).toBeVisible()

    // The farmer is told by SMS, in the language they applied in.
    const sms = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(mobile)}`)
    const texts = ((await sms.json()).data as { body: string }[]).map((m) => m.body)
    expect(texts.some((t) => t.includes('approved') && t.includes('RM3,000.00'))).toBe(true)

    // The dashboard: RM3,000 available, and /kyc now leads to the products.
    await open(page, '/en/dashboard')
    await expect(page.locator('.dashboard-status-value')).toHaveText(
      'Completed: your credit is ready to use',
    )
    await expect(page.locator('.dashboard-figure-main dd')).toHaveText('RM3,000.00')
    await open(page, '/en/kyc')
    await expect(page).toHaveURL(/\/en\/products$/)

    // And buys on credit with the PIN.
    const pack = await packOf(request, 1)
    const token = await fillCart(request, { mobile, password: 'demo2026' }, [
      { id: pack.id, count: 1 },
    ])
    await setPin(request, token, PIN)
    const detail = await request.get(`${API}/api/v1/products/1?market=MY`)
    const branches = (await detail.json()).where_to_buy as { branch_id: number; quantity: number }[]
    const stocked = branches.sort((a, b) => b.quantity - a.quantity)[0]!
    await open(page, '/en/checkout')
    await page.getByLabel('Collect at a branch').check()
    await page.locator('#checkout-branch').selectOption(String(stocked.branch_id))
    await page.getByLabel('Credit (pay at harvest)').check()
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByLabel('Payment PIN').fill(PIN)
    await page.getByRole('button', { name: /^Authorise/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible()
    await open(page, '/en/dashboard')
    const available = await page.locator('.dashboard-figure-main dd').innerText()
    expect(available).not.toBe('RM3,000.00')
    await expect(page.locator('.order-row')).toHaveCount(1)
    await customer.close()
    await finance.close()
  })

  test('a rejected farmer reads the reason and cannot apply again before the date finance set', async ({
    page,
    request,
  }) => {
    const farmer = await createAccount(request)
    const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
    await fillApplication(request, access_token)
    const finance = await apiLogin(request, '+60120000004')
    const queue = await request.get(`${API}/api/v1/admin/kyc`, {
      headers: { authorization: `Bearer ${finance.access_token}` },
    })
    const mine = ((await queue.json()).data as { id: number; user_id: number }[]).find(
      (a) => a.user_id === farmer.id,
    )!
    const reject = await request.post(`${API}/api/v1/admin/kyc/${mine.id}/reject`, {
      headers: { authorization: `Bearer ${finance.access_token}` },
      data: { reason: 'The land document is not in your name.', can_resubmit_on: day(2) },
    })
    expect(reject.status()).toBe(200)

    await loginInBrowser(page, farmer.mobile, farmer.password)
    await page.goto('/en/kyc')
    await expect(page.getByText('Reason: The land document is not in your name.')).toBeVisible()
    await expect(page.getByText(/^Submit again later: you may apply again from/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save and continue' })).toHaveCount(0)
    await page.goto('/en/dashboard')
    await expect(page.locator('.dashboard-status-value')).toHaveText('Rejected')
    // The API says the same to anyone who skips the page.
    const again = await request.put(`${API}/api/v1/me/kyc`, {
      headers: { authorization: `Bearer ${access_token}` },
      data: { full_name: 'Trying again' },
    })
    expect(again.status()).toBe(409)
    expect((await again.json()).code).toBe('KYC_RESUBMIT_LATER')
  })
})

/** A complete application through the API, submitted. */
async function fillApplication(request: APIRequestContext, token: string) {
  await submitApplication(request, token, {
    full_name: 'Test Farmer',
    planting_date: day(-1),
    harvest_date: day(3),
    hectares: 2,
  })
}
