import type { APIRequestContext, Locator, Page, Route } from '@playwright/test'
import sharp from 'sharp'
import { expect, startUsing, test } from './support/fixtures.ts'
import { API, apiLogin, createAccount, DEMO_PASSWORD, latestCode } from './support/api.ts'
import { arrive, asFarmerPhone, expectNotHydrated, holdScripts } from './support/farmer-phone.ts'
import { loginInBrowser } from './support/login.ts'
import { creditPickupOrder, dayFromToday, grantCredit } from './support/shop.ts'

/**
 * docs/product/shell.md: until its scripts arrive a page is the page without them, and what the
 * farmer did meanwhile (a file chosen, words typed, a choice picked, a form sent) is taken over when
 * they come, never done a second time (docs/product/credit.md: KYC documents, repayment receipts,
 * late repayment, renewal). On the farmer's phone with the scripts held back, so that each move is
 * surely made before hydration; each result is compared with the same move made after it.
 */

/** Pages load in seconds on the farmer's phone: each wait for the next page allows for that. */
const SLOW = { timeout: 30_000 }

const jpeg = (colour: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } }
}

/** The farmer starts using the page (a pointer move): its scripts are asked for, and held. */
async function touch(page: Page, scripts: { count: () => number }) {
  await page.mouse.move(1, 1)
  await page.mouse.move(2, 2)
  await expect.poll(() => scripts.count()).toBeGreaterThan(0)
}

/**
 * A phone photo of about 1.2 MB: on the farmer's 400 kbps uplink its upload lasts 20-30 s, long
 * enough for the page's scripts to arrive and run while the form's own post is still going.
 */
const bigPhoto = () =>
  sharp({
    create: {
      width: 1280,
      height: 1000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()

/**
 * What the page does, in order, by the requests it makes: the browser's own post of a form, the
 * page's scripts running ('hydrated': the root loads its after-hydration module once the page has
 * hydrated), a script sending to `scriptPath`, and each page loaded. (DevTools cannot look into a
 * page while its navigation is under way: Chromium holds every command for it until the next page
 * arrives. Its requests are still seen, but see expectPostedByTheBrowser.)
 */
function watchSteps(page: Page, scriptPath: string) {
  const steps: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (r.resourceType() === 'document')
      steps.push(`${r.method() === 'POST' ? 'form post' : 'page'} ${url.pathname}`)
    else if (url.pathname.startsWith('/assets/after-hydration-')) steps.push('hydrated')
    else if (url.pathname === scriptPath) steps.push(`script ${url.pathname}`)
  })
  return steps
}

/**
 * The form was posted by the browser itself, before the scripts ran, and then `after` happened in
 * order. The post's own request is not always seen: with a 1.2 MB upload on the slowed line,
 * Chromium now and then reports it to DevTools without the id that ties it to the page, and
 * Playwright shows neither it nor its 303 (4 of 18 runs of these tests with two workers; the server received it,
 * and its upload lasted the 23 s it takes at 400 kbps). So it must come first when it is seen; and
 * whether seen or not, nothing but the browser can have sent the form: no script sent it
 * (`after` lists every request to the script's path), and the next page came.
 */
function expectPostedByTheBrowser(steps: string[], formPath: string, after: string[]) {
  const post = `form post ${formPath}`
  expect(steps.filter((step) => step !== post)).toEqual(after)
  expect(steps.lastIndexOf(post), 'the form was posted after the scripts ran').toBeLessThanOrEqual(
    0,
  )
}

/**
 * Answers the browser's own post of a form to `path` with 204 No Content: the browser then
 * stays on the page, as it does while the real answer is on its way, and the test can see what
 * the farmer sees meanwhile (see watchSteps for why the real answer cannot be watched so).
 */
async function answerNothing(page: Page, path: string) {
  let made!: () => void
  const posted = new Promise<void>((resolve) => (made = resolve))
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST' || route.request().resourceType() !== 'document')
      return route.fallback()
    made()
    await route.fulfill({ status: 204 })
  }
  const matches = (url: URL) => url.pathname === path
  await page.route(matches, handler)
  return { posted, done: () => page.unroute(matches, handler) }
}

/**
 * The farmer taps a button that posts its form with the browser's own means: a pointer tap at the
 * button, not `click()`, which would wait for the next page (the test watches the time before it).
 */
async function tapToPost(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded()
  const box = (await button.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

/** Every request the page makes to `path`, as full addresses. */
function watch(page: Page, path: string) {
  const seen: URL[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname === path) seen.push(url)
  })
  return seen
}

function slot(page: Page, label: string) {
  return page.locator('fieldset.kyc-slot', { has: page.locator('legend', { hasText: label }) })
}

/** The farmer's KYC documents as the API keeps them (what finance will see). */
async function kycDocuments(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/api/v1/me/kyc`, bearer(token))
  const body = (await res.json()) as {
    application: { documents: { kind: string; file_name: string }[] } | null
  }
  return (body.application?.documents ?? [])
    .map((d) => `${d.kind}: ${d.file_name}`)
    .sort((a, b) => a.localeCompare(b))
}

/** A new farmer logged in on a farmer's phone, the uploads of the KYC page watched. */
async function kycFarmerOnPhone(page: Page, request: APIRequestContext) {
  const farmer = await createAccount(request)
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  await loginInBrowser(page, farmer.mobile, farmer.password)
  const uploads = watch(page, '/en/kyc/upload')
  await asFarmerPhone(page)
  return { access_token, uploads }
}

test.describe('a move made before the scripts arrive is made once, as after them', () => {
  test('KYC: a file the form posted before the scripts is one document, shown as being sent meanwhile', async ({
    page,
    request,
  }) => {
    test.slow()
    const { access_token, uploads } = await kycFarmerOnPhone(page, request)
    const front = slot(page, 'ID card, front')
    const picker = front.locator('input[type=file]')

    // Before the scripts: the slot as without them, one file and its Upload button, which posts
    // the form. The scripts arrive while its answer is on its way: the file is said to be on its
    // way, the script does not send it again, and no Upload button is left to send it twice.
    let scripts = await holdScripts(page)
    await arrive(page, '/en/kyc?step=3')
    await expect(picker).not.toHaveAttribute('multiple')
    await picker.setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg('#c9b28f'),
    })
    await expect(front.getByRole('button', { name: 'Upload' })).toBeVisible()
    const answer = await answerNothing(page, '/en/kyc')
    await tapToPost(page, front.getByRole('button', { name: 'Upload' }))
    await answer.posted
    await expectNotHydrated(page)
    await scripts.release()
    await expect(front.getByRole('progressbar', { name: 'Sending front.jpg' })).toBeVisible()
    await expect(front.getByRole('button', { name: 'Upload' })).toHaveCount(0)
    await expect(picker).toHaveValue('')
    expect(uploads).toEqual([])
    await answer.done()

    // The same with the real answer: a photo whose post lasts long after the scripts have run.
    // The page hydrates during it, sends nothing more, and the next page lists one document.
    scripts = await holdScripts(page)
    await arrive(page, '/en/kyc?step=3')
    const steps = watchSteps(page, '/en/kyc/upload')
    await picker.setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await bigPhoto(),
    })
    await tapToPost(page, front.getByRole('button', { name: 'Upload' }))
    // The next page ('File added') runs its scripts at once: release() waits for it.
    await scripts.release()
    await expect(front.locator('.kyc-file a')).toHaveText(['front.jpg'])
    // The next page is drawn before its scripts have run (release() may have seen the page before
    // it hydrated): its own hydration is waited for, not assumed.
    await expect
      .poll(() => steps.filter((step) => step !== 'form post /en/kyc'))
      .toEqual(['hydrated', 'page /en/kyc', 'hydrated'])
    expectPostedByTheBrowser(steps, '/en/kyc', ['hydrated', 'page /en/kyc', 'hydrated'])
    expect(uploads).toEqual([])
    expect(await kycDocuments(request, access_token)).toEqual(['id_front: front.jpg'])

    // The same move once the page runs: one file chosen, one document, sent by the script.
    const back = slot(page, 'ID card, back')
    await back
      .locator('input[type=file]')
      .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#8fa9c9') })
    await expect(back.locator('.kyc-file a')).toHaveText(['back.jpg'], SLOW)
    await expect(front.locator('.kyc-file a')).toHaveText(['front.jpg'])
    expect(uploads).toHaveLength(1)
    expect(await kycDocuments(request, access_token)).toEqual([
      'id_back: back.jpg',
      'id_front: front.jpg',
    ])
  })

  test('KYC: a file chosen before the scripts is sent once by them, with the key the form would post it with', async ({
    page,
    request,
  }) => {
    test.slow()
    const { access_token, uploads } = await kycFarmerOnPhone(page, request)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/kyc?step=3')

    const front = slot(page, 'ID card, front')
    const attempt = await front.locator('input[name=attempt]').inputValue()
    const photo = await jpeg('#d2b48c')
    await front
      .locator('input[type=file]')
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo })
    await touch(page, scripts)
    // Before the scripts: the file waits in the picker for its Upload button; nothing is sent.
    await expect(front.getByRole('button', { name: 'Upload' })).toBeVisible()
    await expect(front.locator('.kyc-file')).toHaveCount(0)
    await expectNotHydrated(page)
    expect(uploads).toEqual([])

    // The scripts take it over: sent once, listed once; the picker is empty for the next file.
    await scripts.release()
    await expect(front.locator('.kyc-file a')).toHaveText(['front.jpg'], SLOW)
    await expect(front.getByRole('button', { name: 'Upload' })).toHaveCount(0)
    await expect(front.locator('input[type=file]')).toHaveValue('')
    expect(uploads).toHaveLength(1)
    expect(uploads[0]!.searchParams.get('attempt')).toBe(attempt)
    expect(await kycDocuments(request, access_token)).toEqual(['id_front: front.jpg'])

    // Had the form's post gone as well at that very moment, it carried the same key: the file
    // sent a second time is still one document (the answer is the first one's).
    const again = await page.request.post(
      `/en/kyc/upload?${new URLSearchParams({ kind: 'id_front', name: 'front.jpg', attempt })}`,
      {
        headers: { origin: new URL(page.url()).origin, 'content-type': 'image/jpeg' },
        data: photo,
      },
    )
    expect(again.status()).toBe(200)
    expect(await kycDocuments(request, access_token)).toEqual(['id_front: front.jpg'])

    // The same move after hydration: one file chosen, one document.
    const selfie = slot(page, 'Selfie')
    await selfie
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#b0d0b0') })
    await expect(selfie.locator('.kyc-file a')).toHaveText(['me.jpg'], SLOW)
    expect(uploads).toHaveLength(2)
    expect(await kycDocuments(request, access_token)).toEqual([
      'id_front: front.jpg',
      'selfie: me.jpg',
    ])
  })

  test('receipt: filled in before the scripts and sent by them, or sent before them, is one receipt as typed', async ({
    page,
    request,
  }) => {
    test.slow()
    const farmer = await createAccount(request)
    const { token, totalMinor: used } = await creditPickupOrder(request, farmer)
    const amount = (Math.floor(used / 3) / 100).toFixed(2)
    const slip = await bigPhoto()
    const sent = watch(page, '/en/receipt/send')
    await loginInBrowser(page, farmer.mobile, farmer.password)
    await asFarmerPhone(page)

    /** What a farmer fills in: a cash deposit (not the form's first choice), every field, the slip. */
    const fill = async (file = slip) => {
      await page.getByLabel('Cash deposit').check()
      await page.getByLabel('Bank', { exact: true }).fill('Bank Islam')
      await page.getByLabel('Amount paid').fill(amount)
      await page.getByLabel('Date of payment').fill('2026-11-20')
      await page.getByLabel('Reference number').fill('BIMB-7781')
      await page
        .getByLabel('Receipt (photo or PDF)')
        .setInputFiles({ name: 'slip.jpg', mimeType: 'image/jpeg', buffer: file })
    }
    const send = page.getByRole('button', { name: 'Send receipt' })

    // Filled in before the scripts, sent once they run: everything typed and chosen is kept (a
    // small photo: this send need not outlast anything, and the big one takes 25 s at 400 kbps).
    let scripts = await holdScripts(page)
    await arrive(page, '/en/receipt')
    await fill(await jpeg('#dddddd'))
    await expectNotHydrated(page)
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await scripts.release()
    await expect(page.getByLabel('Cash deposit')).toBeChecked()
    await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('Bank Islam')
    await expect(page.getByLabel('Amount paid')).toHaveValue(amount)
    await expect(page.getByLabel('Receipt (photo or PDF)')).toHaveValue(/slip\.jpg$/)
    await send.click()
    await expect(page).toHaveURL(/\/en\/receipt\/success$/, { timeout: 60_000 })
    expect(sent).toHaveLength(1)

    // Sent before the scripts, which arrive while the answer is on its way: the form says it is
    // being sent, keeps what was typed, and cannot be sent a second time.
    scripts = await holdScripts(page)
    await arrive(page, '/en/receipt')
    await fill(await jpeg('#eeeeee'))
    const answer = await answerNothing(page, '/en/receipt')
    await tapToPost(page, send)
    await answer.posted
    await scripts.release()
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()
    await expect(page.getByLabel('Reference number')).toHaveValue('BIMB-7781')
    expect(sent).toHaveLength(1)
    await answer.done()

    // The same with the real answer, which comes long after the scripts have run: one receipt.
    scripts = await holdScripts(page)
    await arrive(page, '/en/receipt')
    const steps = watchSteps(page, '/en/receipt/send')
    await fill()
    await tapToPost(page, send)
    const released = scripts.release()
    await expect(page).toHaveURL(/\/en\/receipt\/success$/, { timeout: 60_000 })
    await startUsing(page)
    await released
    expectPostedByTheBrowser(steps, '/en/receipt', [
      'hydrated',
      'page /en/receipt/success',
      'hydrated',
    ])
    expect(sent).toHaveLength(1)

    // Two receipts, both as typed: the one sent before the scripts equals the one sent by them.
    const list = await request.get(`${API}/api/v1/me/receipts`, bearer(token))
    const receipts = ((await list.json()) as { data: Record<string, unknown>[] }).data
    const asSent = receipts.map((r) => ({
      method: r.method,
      bank: r.bank,
      amount: r.amount,
      paid_on: r.paid_on,
      reference: r.reference,
      file: (r.file as { file_name: string; content_type: string }).file_name,
    }))
    expect(asSent).toHaveLength(2)
    expect(asSent[0]).toEqual({
      method: 'cash_deposit',
      bank: 'Bank Islam',
      amount: { amount_minor: Math.round(Number(amount) * 100), currency: 'MYR' },
      paid_on: '2026-11-20',
      reference: 'BIMB-7781',
      file: 'slip.jpg',
    })
    expect(asSent[1]).toEqual(asSent[0])
  })

  test('late repayment: an application sent before the scripts, or filled in before them, is one application as typed', async ({
    page,
    request,
  }) => {
    test.slow()
    const harvest = dayFromToday(10)
    const planting = dayFromToday(-100)
    const newPlanting = dayFromToday(-70)
    const newHarvest = dayFromToday(60)
    const reason = 'Banjir pada bulan Oktober; kami menanam semula.'
    const area = '1.5 ha, Kampung Alor Janggus'
    const photo = await bigPhoto()
    const sent = watch(page, '/en/late-repayment/send')

    /** The number and the code (the code step runs its scripts at once), at the phone's own pace. */
    const identify = async (mobile: string) => {
      await page.context().clearCookies()
      await page.goto('/en/late-repayment')
      await page.getByLabel('Mobile number').fill(mobile)
      // The account's sign-up code went out a moment ago: asked too soon, the page would say to
      // wait (the test servers have no pause between codes, a real server does), and the farmer
      // asks again. Each answer is awaited, however long it takes, before asking again.
      const codeStep = page.getByText('Enter the 6-digit code sent to')
      const wait = page.getByRole('alert').filter({ hasText: 'before asking for a new code' })
      await expect(async () => {
        const sendCode = page.getByRole('button', { name: 'Send code' })
        if (await sendCode.isVisible()) {
          await sendCode.click()
          await expect(codeStep.or(wait)).toBeVisible()
        }
        await expect(codeStep).toBeVisible({ timeout: 1 })
      }).toPass()
      await page.getByLabel('6-digit code').fill(await latestCode(request, mobile))
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByText('Hello Test.')).toBeVisible()
    }
    const fill = async (file = photo) => {
      await page.getByLabel('New planting date').fill(newPlanting)
      await page.getByLabel('New harvest date').fill(newHarvest)
      await page.getByLabel('Reason').fill(reason)
      await page.getByLabel('Affected area').fill(area)
      await page
        .getByLabel('Supporting documents (optional)')
        .setInputFiles({ name: 'sawah-banjir.jpg', mimeType: 'image/jpeg', buffer: file })
    }
    const send = page.getByRole('button', { name: 'Send application' })

    // Sent before the scripts, which arrive while the answer is on its way: the form says it is
    // being sent, keeps what was typed, and cannot be sent a second time.
    const early = await createAccount(request)
    await grantCredit(request, early.mobile, 80_000, { harvest_on: harvest, planting_on: planting })
    await identify(early.mobile)
    const phone = await asFarmerPhone(page)
    let scripts = await holdScripts(page)
    await arrive(page, '/en/late-repayment')
    await fill(await jpeg('#66bb88'))
    const answer = await answerNothing(page, '/en/late-repayment')
    await tapToPost(page, send)
    await answer.posted
    await scripts.release()
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()
    await expect(page.getByLabel('Reason')).toHaveValue(reason)
    expect(sent).toEqual([])
    await answer.done()

    // The same with the real answer, which comes long after the scripts have run.
    scripts = await holdScripts(page)
    await arrive(page, '/en/late-repayment')
    const steps = watchSteps(page, '/en/late-repayment/send')
    await fill()
    await tapToPost(page, send)
    const released = scripts.release()
    await expect(page).toHaveURL(/\/en\/late-repayment\/success$/, { timeout: 60_000 })
    await startUsing(page)
    await released
    expectPostedByTheBrowser(steps, '/en/late-repayment', [
      'hydrated',
      'page /en/late-repayment/success',
      'hydrated',
    ])
    expect(sent).toEqual([])

    // Filled in before the scripts, sent once they run.
    const later = await createAccount(request)
    await grantCredit(request, later.mobile, 80_000, { harvest_on: harvest, planting_on: planting })
    await phone.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await phone.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await identify(later.mobile)
    await asFarmerPhone(page)
    scripts = await holdScripts(page)
    await arrive(page, '/en/late-repayment')
    // A small photo: this send need not outlast the scripts' arrival.
    await fill(await jpeg('#88aa66'))
    await expectNotHydrated(page)
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await scripts.release()
    await expect(page.getByLabel('Reason')).toHaveValue(reason)
    await expect(page.getByLabel('Supporting documents (optional)')).toHaveValue(
      /sawah-banjir\.jpg$/,
    )
    await send.click()
    await expect(page).toHaveURL(/\/en\/late-repayment\/success$/, { timeout: 60_000 })
    expect(sent).toHaveLength(1)

    // Finance sees one application from each, each with its one document, the same both ways.
    const finance = await apiLogin(request, '+60120000004', DEMO_PASSWORD)
    const queue = await request.get(
      `${API}/api/v1/admin/late-repayments`,
      bearer(finance.access_token),
    )
    const applications = ((await queue.json()) as { data: Record<string, unknown>[] }).data
    const of = (mobile: string) =>
      applications
        .filter((a) => a.mobile === mobile)
        .map((a) => ({
          new_planting_on: a.new_planting_on,
          new_harvest_on: a.new_harvest_on,
          reason: a.reason,
          affected_area: a.affected_area,
          documents: (a.documents as { file_name: string }[]).map((d) => d.file_name),
        }))
    const expected = {
      new_planting_on: newPlanting,
      new_harvest_on: newHarvest,
      reason,
      affected_area: area,
      documents: ['sawah-banjir.jpg'],
    }
    expect(of(early.mobile)).toEqual([expected])
    expect(of(later.mobile)).toEqual([expected])
  })

  test('renewal: the pad says it is loading (never that scripts are off), then draws, and the renewal is sent once', async ({
    page,
    request,
  }) => {
    test.slow()
    const farmer = await createAccount(request)
    await grantCredit(request, farmer.mobile, 300_000, { state: 'suspended' })
    const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
    await loginInBrowser(page, farmer.mobile, farmer.password)
    await asFarmerPhone(page)
    const scripts = await holdScripts(page)
    await arrive(page, '/en/renew-contract')

    // Before the scripts (this page asks for them at once): a plain 'loading', no pad to draw on,
    // no Clear, and not the message for a phone whose scripts are off.
    const pad = page.locator('canvas.signature-pad')
    await expect(page.getByText('The signature pad is loading…')).toBeVisible()
    await expect(page.locator('.signature-field noscript')).toBeHidden()
    await expect(pad).toBeHidden()
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0)
    // The farmer fills in the rest meanwhile.
    await page.getByLabel('Planting date').fill(dayFromToday(5))
    await page.getByLabel('Harvest date').fill(dayFromToday(120))
    await page.getByLabel('I have read and agree to the terms of the credit contract.').check()
    await expectNotHydrated(page)
    expect(scripts.count()).toBeGreaterThan(0)

    // With the scripts: the pad, its hint and Clear; what was filled in is still there.
    await scripts.release()
    await expect(pad).toBeVisible(SLOW)
    await expect(page.getByText('Sign inside the box with your finger.')).toBeVisible()
    await expect(page.getByText('The signature pad is loading…')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible()
    await expect(page.getByLabel('Harvest date')).toHaveValue(dayFromToday(120))
    await expect(
      page.getByLabel('I have read and agree to the terms of the credit contract.'),
    ).toBeChecked()

    const box = (await pad.boundingBox())!
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7)
    await page.mouse.down()
    for (let i = 1; i <= 20; i++)
      await page.mouse.move(
        box.x + 20 + (i * (box.width - 40)) / 20,
        box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)),
      )
    await page.mouse.up()
    // A farmer's double tap sends it once.
    await page.getByRole('button', { name: 'Sign and send' }).dblclick()
    await expect(page).toHaveURL(/\/en\/renew-contract\/success$/, SLOW)
    const status = await request.get(`${API}/api/v1/me/credit-renewal`, bearer(access_token))
    const renewals = ((await status.json()) as { data: Record<string, unknown>[] }).data
    expect(renewals.map((r) => [r.status, r.planting_on, r.harvest_on])).toEqual([
      ['PENDING', dayFromToday(5), dayFromToday(120)],
    ])
  })
})
