import type { APIRequestContext } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { parse } from 'promptparse'
import {
  test,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
} from './support/fixtures.ts'
import { API, apiLogin, signUpCustomer } from './support/api.ts'
import { creditPickupOrder, minorOf } from './support/shop.ts'
import { camt053 } from '@padi/api/test/camt053-fixture'
import { payThroughGateway, startFakeOpnGateway } from '@padi/api/test/fake-opn-gateway'
import { E2E_OPN_WEBHOOK_SECRET } from './support/server-env.ts'
import { submitLogin } from './support/login.ts'

// docs/product/repayments.md (Paying by QR): from the dashboard's Repay, an amount chosen, the
// code drawn by the server; the picture saved decodes to a payload of the market's scheme with
// the amount and the reference the page shows.

const MARKETS = {
  en: { market: 'MY', prefix: '+60114', postcode: '06000', area: 'Jitra', district: 'Kubang Pasu' },
  bm: { market: 'MY', prefix: '+60115', postcode: '06000', area: 'Jitra', district: 'Kubang Pasu' },
  th: {
    market: 'TH',
    prefix: '+6681',
    postcode: '72000',
    area: 'Tha Phi Liang',
    district: 'Mueang Suphan Buri',
  },
} as const

const WORDS = {
  en: {
    repay: 'Repay',
    other: 'Another amount',
    amount: 'Amount',
    show: 'Show the QR code',
    save: 'Save the picture',
    scheme: 'DuitNow QR',
    reference: 'Reference',
    import: 'Import statement',
    done: 'Repaid at once: 1.',
    available: 'Available credit',
    sms: 'your repayment of',
    paid: 'Paid on',
    reconciled: 'Repaid earlier through the payment gateway, now confirmed: 1.',
  },
  bm: {
    repay: 'Bayar balik',
    other: 'Jumlah lain',
    amount: 'Jumlah',
    show: 'Tunjukkan kod QR',
    save: 'Simpan gambar',
    scheme: 'DuitNow QR',
    reference: 'Rujukan',
    import: 'Import penyata',
    done: 'Dibayar balik serta-merta: 1.',
    available: 'Kredit tersedia',
    sms: 'bayaran balik anda sebanyak',
    paid: 'Dibayar pada',
    reconciled: 'Sudah dibayar balik melalui gerbang pembayaran, kini disahkan: 1.',
  },
  th: {
    repay: 'ชำระคืน',
    other: 'จำนวนอื่น',
    amount: 'จำนวนเงิน',
    show: 'แสดงคิวอาร์โค้ด',
    save: 'บันทึกรูปภาพ',
    scheme: 'พร้อมเพย์',
    reference: 'เลขอ้างอิง',
    import: 'นำเข้ารายการเดินบัญชี',
    done: 'ชำระคืนทันที: 1',
    available: 'วงเงินคงเหลือ',
    sms: 'ยืนยันการชำระคืน',
    paid: 'ชำระแล้วเมื่อ',
    reconciled: 'ชำระคืนแล้วผ่านผู้ให้บริการรับชำระเงิน ยืนยันแล้ว: 1',
  },
} as const

/** A new customer of the market with credit used by an order collected at a branch. */
async function farmerOwing(
  request: APIRequestContext,
  locale: keyof typeof MARKETS,
  fullName = 'Test Farmer',
) {
  const m = MARKETS[locale]
  const branches = await (await request.get(`${API}/api/v1/branches?market=${m.market}`)).json()
  const mobile = `${m.prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${Math.floor(Math.random() * 10)}`
  const password = 'sawah2026'
  await signUpCustomer(request, {
    mobile,
    password,
    full_name: fullName,
    postcode: m.postcode,
    area: m.area,
    district: m.district,
    preferred_branch: branches.data[0].id,
  })
  await creditPickupOrder(request, { mobile, password }, 10_000_000, {
    market: m.market,
    count: 1,
  })
  return { mobile, password }
}

for (const locale of ['en', 'bm', 'th'] as const) {
  test(`${locale}: Repay, another amount, the QR with its reference; the saved picture scans to the same; finance's statement brings the credit back`, async ({
    page,
    browser,
    request,
  }) => {
    const words = WORDS[locale]
    const farmer = await farmerOwing(request, locale)
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/${locale}/dashboard`)}`)
    await submitLogin(page, farmer.mobile, farmer.password)
    await page.getByRole('link', { name: words.repay, exact: true }).click()
    await expect(page).toHaveURL(`/${locale}/repay`)
    await page.getByLabel(words.other).check()
    await page.getByLabel(words.amount, { exact: true }).fill('12.50')
    await page.getByRole('button', { name: words.show }).click()
    await expect(page).toHaveURL(new RegExp(`/${locale}/repay/\\d+$`))

    const code = page.getByRole('img').filter({ has: page.locator('svg') })
    await expect(code).toBeVisible()
    await expect(page.getByText(words.scheme)).toBeVisible()
    const reference = (await page.locator('.repay-reference').innerText()).trim()
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/)
    await expect(page.locator('.repay-facts')).toContainText(
      MARKETS[locale].market === 'MY' ? 'RM12.50' : '฿12.50',
    )
    await expectNoSidewaysScroll(page)
    await expectAccessible(page)

    // The picture to save, as the browser downloads it, decoded like a bank app's scanner.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: words.save }).click()
    const file = await (await download).path()
    const { data, info } = await sharp(file)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const scanned = jsQR(new Uint8ClampedArray(data), info.width, info.height)
    expect(scanned).not.toBeNull()
    const qr = parse(scanned!.data, true, true)
    expect(qr).not.toBeNull()
    expect(qr!.getTagValue('54')).toBe('12.50')
    expect(qr!.getTagValue('62', '01')).toBe(reference)
    expect(qr!.getTagValue('58')).toBe(MARKETS[locale].market)

    // The farmer pays; finance imports the day's statement, in the same language, and the
    // money comes back to the line without anyone deciding on it.
    const available = async () => {
      await page.goto(`/${locale}/dashboard`)
      const figure = page.locator('dt', { hasText: words.available }).locator('+ dd')
      return minorOf(await figure.innerText())
    }
    const before = await available()
    const currency = MARKETS[locale].market === 'MY' ? 'MYR' : 'THB'
    const finance = await browser.newContext()
    const desk = await finance.newPage()
    await desk.goto(`/en/login?redirectTo=${encodeURIComponent(`/${locale}/admin/statements`)}`)
    await submitLogin(desk, '+60120000004')
    await expect(desk).toHaveURL(`/${locale}/admin/statements`)
    await desk.locator('#statement-file').setInputFiles({
      name: 'statement.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        camt053([
          { id: `E2E-${reference}`, amount: '12.50', currency, text: `QR PAYMENT ${reference}` },
        ]),
      ),
    })
    await desk.getByRole('button', { name: words.import }).click()
    // The login's flash may still be shown beside it: the import's own line.
    await expect(desk.getByRole('status').filter({ hasText: words.done })).toBeVisible()
    await finance.close()
    expect(await available()).toBe(before + 1_250)
    const sms = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(farmer.mobile)}`)
    // The farmer's SMS about this money, among the others they get (the order's "ready for
    // pickup" is sent by its own job, before or after this one).
    const bodies = ((await sms.json()).data as { body: string }[]).map((m) => m.body)
    const repaid = bodies.filter((b) => b.includes(words.sms))
    expect(repaid).toHaveLength(1)
    expect(repaid[0]).toContain('12.50')
  })
}

for (const locale of ['en', 'bm', 'th'] as const) {
  test(`${locale}: paid through the payment gateway, the open code turns to paid when the farmer comes back from the bank app; the statement confirms it`, async ({
    page,
    browser,
    request,
  }) => {
    const words = WORDS[locale]
    const farmer = await farmerOwing(request, locale)
    // The gateway that runs the collecting account, started here; it signs as Opn does.
    const gateway = await startFakeOpnGateway({
      webhookUrl: `${API}/api/v1/payment-notifications/opn`,
      secrets: [E2E_OPN_WEBHOOK_SECRET],
    })
    try {
      await page.setViewportSize({ width: 360, height: 780 })
      await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/${locale}/dashboard`)}`)
      await submitLogin(page, farmer.mobile, farmer.password)
      const figure = page.locator('dt', { hasText: words.available }).locator('+ dd')
      const before = minorOf(await figure.innerText())
      await page.getByRole('link', { name: words.repay, exact: true }).click()
      await page.getByLabel(words.other).check()
      await page.getByLabel(words.amount, { exact: true }).fill('7.50')
      await page.getByRole('button', { name: words.show }).click()
      await expect(page).toHaveURL(new RegExp(`/${locale}/repay/\\d+$`))
      const reference = (await page.locator('.repay-reference').innerText()).trim()
      // Hydrated, as a farmer's page is by the time they have paid in another app.
      await hydrated(page)

      // The farmer pays from their bank app; the bank confirms; the gateway tells the shop.
      const paid = await payThroughGateway(gateway.url, {
        amount: 750,
        currency: MARKETS[locale].market === 'MY' ? 'myr' : 'thb',
        metadata: { reference },
      })
      expect(paid.deliveries.map((d) => [d.status, JSON.parse(d.answer).outcome])).toEqual([
        [200, 'applied'],
      ])
      // Back in the browser: the page looks again as it is shown, and says so.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await expect(page.getByRole('status').filter({ hasText: words.paid })).toBeVisible()
      await expect(page.locator('.qr-code')).toHaveCount(0)
      await expectNoSidewaysScroll(page)
      await page.goto(`/${locale}/dashboard`)
      expect(minorOf(await figure.innerText())).toBe(before + 750)
      const sms = await request.get(`${API}/api/v1/dev/sms?to=${encodeURIComponent(farmer.mobile)}`)
      // The farmer's SMS about this money, among the others they get (the order's "ready for
      // pickup" is sent by its own job, before or after this one).
      const bodies = ((await sms.json()).data as { body: string }[]).map((m) => m.body)
      const repaid = bodies.filter((b) => b.includes(words.sms))
      expect(repaid).toHaveLength(1)
      expect(repaid[0]).toContain('7.50')

      // The day's statement, imported by finance, confirms that money and repays nothing again.
      const finance = await browser.newContext()
      const desk = await finance.newPage()
      await desk.setViewportSize({ width: 360, height: 780 })
      await desk.goto(`/en/login?redirectTo=${encodeURIComponent(`/${locale}/admin/statements`)}`)
      await submitLogin(desk, '+60120000004')
      await desk.locator('#statement-file').setInputFiles({
        name: 'statement.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(
          camt053([
            {
              id: `GW-${reference}`,
              amount: '7.50',
              currency: MARKETS[locale].market === 'MY' ? 'MYR' : 'THB',
              text: `QR PAYMENT ${reference}`,
            },
          ]),
        ),
      })
      await desk.getByRole('button', { name: words.import }).click()
      await expect(desk.getByRole('status').filter({ hasText: words.reconciled })).toBeVisible()
      await expectNoSidewaysScroll(desk)
      await finance.close()
      await page.reload()
      expect(minorOf(await figure.innerText())).toBe(before + 750)
    } finally {
      await gateway.close()
    }
  })
}

test('a QR page left untouched turns to paid at its next look, and stops looking once paid', async ({
  page,
  request,
}) => {
  const farmer = await farmerOwing(request, 'en')
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  const made = await request.post(`${API}/api/v1/me/qr-repayments`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { amount: '3.20' },
  })
  const code = (await made.json()) as { id: number; reference: string }
  const gateway = await startFakeOpnGateway({
    webhookUrl: `${API}/api/v1/payment-notifications/opn`,
    secrets: [E2E_OPN_WEBHOOK_SECRET],
  })
  try {
    await page.clock.install()
    await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/en/repay/${code.id}`)}`)
    await submitLogin(page, farmer.mobile, farmer.password)
    await expect(page.locator('.repay-reference')).toHaveText(code.reference)
    await hydrated(page)
    const looks: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(`/repay/${code.id}`) && r.url().includes('.data')) looks.push(r.url())
    })
    const paid = await payThroughGateway(gateway.url, {
      amount: 320,
      currency: 'myr',
      metadata: { reference: code.reference },
    })
    expect(paid.deliveries.map((d) => d.status)).toEqual([200])
    // Nobody touches the page: its first look comes 15 s after it was shown.
    await page.clock.runFor(15_000)
    await expect(page.getByRole('heading', { name: 'Repaid: RM3.20' })).toBeVisible()
    await expect(page.locator('.qr-code')).toHaveCount(0)
    // Paid, it asks no more, however long it stays open.
    const asked = looks.length
    expect(asked).toBeGreaterThan(0)
    await page.clock.runFor(10 * 60_000)
    expect(looks).toHaveLength(asked)
  } finally {
    await gateway.close()
  }
})

test('without scripts: the form, an amount over what is owed refused in words, then the code', async ({
  browser,
  request,
}) => {
  const farmer = await farmerOwing(request, 'en')
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/en/login?redirectTo=${encodeURIComponent('/en/repay')}`)
  await submitLogin(page, farmer.mobile, farmer.password)
  await expect(page).toHaveURL('/en/repay')
  await page.getByLabel('Another amount').check()
  await page.getByLabel('Amount', { exact: true }).fill('99999999')
  await page.getByRole('button', { name: 'Show the QR code' }).click()
  await expect(page.getByText('That is more than you owe. Pay at most what you owe.')).toBeVisible()
  // The whole amount owed, as the line says it.
  await page.getByLabel('Amount', { exact: true }).fill('')
  await page.getByLabel(/^Everything I owe/).check()
  const owed = (
    await page
      .getByLabel(/^Everything I owe/)
      .locator('..')
      .innerText()
  ).split(': ')[1]!
  await page.getByRole('button', { name: 'Show the QR code' }).click()
  await expect(page).toHaveURL(/\/en\/repay\/\d+$/)
  await expect(page.locator('.qr-code svg')).toBeVisible()
  await expect(page.locator('.repay-facts')).toContainText(owed.trim())
  await context.close()
})

test("another farmer's code is not shown: a forged id finds nothing", async ({ page, request }) => {
  const farmer = await farmerOwing(request, 'en')
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  const made = await request.post(`${API}/api/v1/me/qr-repayments`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { amount: '5' },
  })
  expect(made.status()).toBe(201)
  const id = (await made.json()).id
  const other = await farmerOwing(request, 'bm')
  await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/bm/repay/${id}`)}`)
  await submitLogin(page, other.mobile, other.password)
  await expect(page.getByText('Kod QR ini tidak wujud, atau bukan milik anda.')).toBeVisible()
  await expect(page.locator('.qr-code')).toHaveCount(0)
  for (const forged of ['0', '2147483648', 'abc', '1%00'])
    expect((await page.request.get(`/bm/repay/${forged}/qr.png`)).status()).toBe(404)
  expect((await page.request.get(`/bm/repay/${id}/qr.png`)).status()).toBe(404)
})

test('finance gives a credit paid without its reference to the farmer suggested, and returns a stranger’s (without scripts)', async ({
  browser,
  request,
}) => {
  const name = `Zulkifli Hamzah ${String(Date.now()).slice(-6)}`
  const farmer = await farmerOwing(request, 'en', name)
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  const asked = await request.post(`${API}/api/v1/me/qr-repayments`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { amount: '37.21', locale: 'bm' },
  })
  expect(asked.status()).toBe(201)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const desk = await context.newPage()
  await desk.goto(`/en/login?redirectTo=${encodeURIComponent('/en/admin/statements')}`)
  await submitLogin(desk, '+60120000004')
  const stamp = Date.now()
  await desk.locator('#statement-file').setInputFiles({
    name: 'statement.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      camt053([
        { id: `NOREF-${stamp}`, amount: '37.21', text: 'IBG TRANSFER', payer: name.toUpperCase() },
        {
          id: `STRANGER-${stamp}`,
          amount: '3.00',
          text: 'SALAH AKAUN',
          payer: 'KEDAI RUNCIT MAJU',
        },
      ]),
    ),
  })
  await desk.getByRole('button', { name: 'Import statement' }).click()
  await expect(desk.getByRole('status').filter({ hasText: 'For review: 2.' })).toBeVisible()
  const credit = desk.getByRole('article', { name: `NOREF-${stamp}` })
  await expect(credit).toContainText(name)
  await credit.getByRole('button', { name: `Repay ${name}'s credit with it` }).click()
  await expect(desk.getByText("Done: the money is on the farmer's line")).toBeVisible()
  await expect(desk.getByRole('article', { name: `NOREF-${stamp}` })).toHaveCount(0)
  const stranger = desk.getByRole('article', { name: `STRANGER-${stamp}` })
  await expect(stranger.getByRole('button', { name: /^Repay / })).toHaveCount(0)
  await stranger.getByLabel('Why it goes back').fill('Not a customer of ours')
  await stranger.getByRole('button', { name: 'Return to the payer' }).click()
  await expect(desk.getByText('Returned: record the bank transfer')).toBeVisible()
  await expect(desk.getByRole('article', { name: `STRANGER-${stamp}` })).toHaveCount(0)
  await context.close()
  const code = await request.get(`${API}/api/v1/me/qr-repayments/${(await asked.json()).id}`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect((await code.json()).status).toBe('paid')
})

test('a slip sent for money the statement already brought in: finance is told, and approving it is refused', async ({
  page,
  request,
}) => {
  const farmer = await farmerOwing(request, 'en')
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  const auth = { authorization: `Bearer ${access_token}` }
  const code = await (
    await request.post(`${API}/api/v1/me/qr-repayments`, {
      headers: auth,
      data: { amount: '19.70' },
    })
  ).json()
  const financeToken = (await apiLogin(request, '+60120000004', 'demo2026')).access_token
  const bankId = `FT${Date.now()}`
  const imported = await request.post(`${API}/api/v1/admin/statements`, {
    headers: { authorization: `Bearer ${financeToken}`, 'content-type': 'application/xml' },
    data: camt053([{ id: bankId, amount: '19.70', text: code.reference }]),
  })
  expect((await imported.json()).matched).toBe(1)
  const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .png()
    .toBuffer()
  const sent = await request.post(
    `${API}/api/v1/me/receipts?${new URLSearchParams({
      method: 'bank_transfer',
      bank: 'Maybank',
      amount: '19.70',
      paid_on: new Date().toISOString().slice(0, 10),
      reference: bankId,
      name: 'slip.png',
    })}`,
    { headers: { ...auth, 'content-type': 'application/octet-stream' }, data: slip },
  )
  expect(sent.status()).toBe(201)
  await page.goto(`/en/login?redirectTo=${encodeURIComponent('/en/admin/receipts')}`)
  await submitLogin(page, '+60120000004')
  const receipt = page.locator('article', { hasText: bankId }).filter({ hasText: 'Maybank' })
  await expect(receipt).toContainText(`Already repaid from the bank statement: ${bankId}, RM19.70`)
  await receipt.getByRole('button', { name: 'Approve: repay this amount' }).click()
  await expect(receipt).toContainText('approving would count it twice')
})

test('finance saves a bank’s CSV mapping once, then imports its CSV statement (in Malay)', async ({
  page,
  request,
}) => {
  const farmer = await farmerOwing(request, 'bm')
  const { access_token } = await apiLogin(request, farmer.mobile, farmer.password)
  const code = await (
    await request.post(`${API}/api/v1/me/qr-repayments`, {
      headers: { authorization: `Bearer ${access_token}` },
      data: { amount: '23.45', locale: 'bm' },
    })
  ).json()
  await page.goto(`/en/login?redirectTo=${encodeURIComponent('/bm/admin/statements')}`)
  await submitLogin(page, '+60120000004')
  const name = `bank-${String(Date.now()).slice(-6)}`
  await page.getByText('Simpan pemetaan CSV bank').click()
  await page.getByLabel('Nama pemetaan').fill(name)
  await page.getByLabel('Lajur ID transaksi bank').fill('Reference No')
  await page.getByLabel('Lajur tarikh pembukuan').fill('Posting Date')
  await page.getByLabel('Lajur kredit (wang masuk)').fill('Credit')
  await page.getByLabel('Lajur butiran bayaran').fill('Description')
  await page.getByRole('button', { name: 'Simpan pemetaan' }).click()
  await expect(page.getByText(`Pemetaan "${name}" disimpan.`)).toBeVisible()
  const stamp = Date.now()
  await page.locator('#statement-file').setInputFiles({
    name: 'penyata.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Posting Date,Reference No,Description,Debit,Credit\n30/11/2026,CSV-${stamp},DUITNOW ${code.reference},,23.45\n`,
    ),
  })
  await page.getByLabel('Pemetaan CSV bank').selectOption(name)
  await page.getByRole('button', { name: 'Import penyata' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dibayar balik serta-merta: 1.' }),
  ).toBeVisible()
  const paid = await request.get(`${API}/api/v1/me/qr-repayments/${code.id}`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect((await paid.json()).status).toBe('paid')
})
