import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect, startUsing } from './support/fixtures.ts'
import { API, apiLogin, createAccount, signUpCustomer } from './support/api.ts'
import { submitLogin } from './support/login.ts'
import { fillCart, grantCredit, setPin } from './support/shop.ts'

/**
 * docs/product/orders-and-payments.md (Stock at pickup), docs/product/catalogue.md (Stock and
 * where to buy), ADR 068, at 360 px. The demo GluFos 150SL: its 1 L pack is held in Malaysia only
 * at Parit Buntar (Perak), far from a Kedah farmer whose branch is Jitra (which holds the 4 L),
 * and in Thailand not at Suphan Buri. The tests share that stock, so they run one after another.
 */
test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 360, height: 740 } })

type Packs = { productId: number; oneLitre: number; fourLitre: number }

async function glufos(request: APIRequestContext): Promise<Packs> {
  const list = await (await request.get(`${API}/api/v1/products?q=GluFos&market=MY`)).json()
  const productId = (list.data as { id: number; slug: string }[])[0]!.id
  const product = await (await request.get(`${API}/api/v1/products/${productId}?market=MY`)).json()
  const pack = (label: string) =>
    (product.variations as { id: number; label: { en: string } }[]).find(
      (v) => v.label.en === label,
    )!.id
  return { productId, oneLitre: pack('1 L'), fourLitre: pack('4 L') }
}

async function branchIds(request: APIRequestContext): Promise<Record<string, number>> {
  const list = (await (await request.get(`${API}/api/v1/branches`)).json()).data as {
    id: number
    code: string
  }[]
  return Object.fromEntries(list.map((b) => [b.code, b.id]))
}

/**
 * How many of the farmer's first cart line a branch holds now, as checkout's quote says it (the
 * product answer may be up to the catalogue cache's 30 s old).
 */
async function heldAt(request: APIRequestContext, token: string, branchId: number) {
  const quote = await (
    await request.get(`${API}/api/v1/me/checkout`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()
  const line = quote.lines[0] as { branches: { branch_id: number; quantity: number }[] }
  return line.branches.find((b) => b.branch_id === branchId)?.quantity ?? 0
}

/** No sideways scroll at 360 px (docs/product/shell.md). */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
}

/** A Thai farmer whose branch is Suphan Buri, signed up through the real API. */
async function thaiFarmer(request: APIRequestContext, suphanBuri: number) {
  const { mobile, password } = await signUpCustomer(request, {
    mobile: `+6681${String(Date.now() % 10_000_000).padStart(7, '0')}`,
    password: 'sawah2026',
    full_name: 'Somsak Rakna',
    postcode: '72000',
    area: 'Tha Phi Liang',
    district: 'Mueang Suphan Buri',
    preferred_branch: suphanBuri,
  })
  return { mobile, password }
}

test('a Kedah farmer in Malay sees where the 1 L pack is, and checkout picks the branch that has it', async ({
  page,
  request,
}) => {
  const packs = await glufos(request)
  const branch = await branchIds(request)
  // A new customer of the Jitra branch (postcode 06000, Kedah).
  const farmer = await createAccount(request)
  await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/bm/products/${packs.productId}`)}`)
  await submitLogin(page, farmer.mobile, farmer.password)
  await expect(page).toHaveURL(new RegExp(`/bm/products/${packs.productId}$`))
  await startUsing(page)

  // Under each pack: whether the farmer's branch has it, else where the nearest is.
  const oneLitre = page.locator('label.cat-variation', { hasText: /^1 L/ })
  const fourLitre = page.locator('label.cat-variation', { hasText: /^4 L/ })
  await expect(oneLitre).toContainText('Tiada di Jitra. Terdekat: Parit Buntar')
  await expect(fourLitre).toContainText('Ada di cawangan anda, Jitra')
  // "Where to buy": each pack with its own branches; Jitra is not listed for the 1 L.
  const whereOne = page.getByRole('region', { name: '1 L', exact: true })
  await expect(whereOne.locator('li')).toHaveCount(1)
  await expect(whereOne.locator('li')).toContainText('Parit Buntar')
  await expect(whereOne.locator('li')).toContainText(/\d+ km/)
  await expect(whereOne).not.toContainText('Jitra')
  const whereFour = page.getByRole('region', { name: '4 L', exact: true })
  await expect(whereFour.locator('li').first()).toContainText('Jitra · cawangan anda')
  await expect(page.getByText(/cawangan anda \(Jitra\) dahulu/)).toBeVisible()
  await fitsThePhone(page)

  await oneLitre.locator('input').check()
  await page.getByLabel('Kuantiti').fill('2')
  await page.getByRole('button', { name: 'Tambah ke troli' }).click()
  await expect(page.getByText('Ditambah ke troli anda.').first()).toBeVisible()

  // Checkout offers only Parit Buntar, the one branch holding the 1 L pack, and chooses it.
  await page.goto('/bm/checkout')
  const select = page.locator('#checkout-branch')
  await expect(select.locator('option')).toHaveCount(1)
  await expect(select.locator('option')).toHaveText(/^Parit Buntar \(jarak \d+ km\)$/)
  await expect(select).toHaveValue(String(branch['MY-PBT']))
  const note = page.locator('#checkout-branch-note')
  await expect(note).toContainText('Cawangan anda, Jitra, tidak cukup stok untuk:')
  await expect(note).toContainText('GluFos 150SL · 1 L × 2')
  await expect(note).toContainText('tiada di sana')
  await expect(note.getByRole('link', { name: 'Pilih pek lain' })).toHaveAttribute(
    'href',
    `/bm/products/${packs.productId}`,
  )
  await fitsThePhone(page)
  await page.getByRole('radio', { name: /^Ambil di cawangan/ }).check()
  await page.getByRole('button', { name: 'Teruskan ke pembayaran' }).click()

  await expect(page).toHaveURL(/\/bm\/checkout\/payment$/)
  await expect(page.getByText('Ambil di Parit Buntar')).toBeVisible()
  await page.getByRole('button', { name: 'Buat pesanan' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pesanan dibuat' })).toBeVisible()
  await expect(page.locator('.order-fields')).toContainText('Parit Buntar')
})

test('without JavaScript: only the branch that has it is offered, another is refused by name, and a race says which branch lacks which line', async ({
  browser,
  request,
  baseURL,
}) => {
  const packs = await glufos(request)
  const branch = await branchIds(request)
  const farmer = await createAccount(request)
  const farmerToken = await fillCart(request, farmer, [{ id: packs.oneLitre, count: 2 }])
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  })
  const page = await context.newPage()
  await page.goto(`/en/login?redirectTo=${encodeURIComponent(`/bm/products/${packs.productId}`)}`)
  await submitLogin(page, farmer.mobile, farmer.password)
  await expect(page).toHaveURL(new RegExp(`/bm/products/${packs.productId}$`))
  await expect(page.locator('label.cat-variation', { hasText: /^1 L/ })).toContainText(
    'Tiada di Jitra. Terdekat: Parit Buntar',
  )
  await expect(page.getByRole('region', { name: '1 L', exact: true })).not.toContainText('Jitra')

  await page.goto('/bm/checkout')
  const select = page.locator('#checkout-branch')
  await expect(select.locator('option')).toHaveCount(1)
  await expect(select).toHaveValue(String(branch['MY-PBT']))
  await fitsThePhone(page)

  // A plain form posted for Jitra (a page kept open while the stock moved, or typed by hand) is
  // answered with the branch and the line, and goes no further.
  const forged = await page.request.post('/bm/checkout', {
    headers: { origin: new URL(page.url()).origin },
    form: { fulfilment: 'pickup', payment: 'cash', branch_id: String(branch['MY-JTR']) },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(400)
  // The page as sent, without React's text separators, its no-break spaces read as spaces.
  const html = (await forged.text()).replaceAll('<!-- -->', '').replaceAll('\u00a0', ' ')
  expect(html).toContain('Jitra tidak cukup stok untuk:')
  expect(html).toContain('GluFos 150SL · 1 L × 2')

  await page.getByRole('radio', { name: /^Ambil di cawangan/ }).check()
  await page.getByRole('button', { name: 'Teruskan ke pembayaran' }).click()
  await expect(page).toHaveURL(/\/bm\/checkout\/payment$/)
  await expect(page.getByText('Ambil di Parit Buntar')).toBeVisible()

  // Meanwhile another farmer buys all but one of Parit Buntar's 1 L packs.
  const left = await heldAt(request, farmerToken, branch['MY-PBT']!)
  expect(left).toBeGreaterThan(2)
  const other = await createAccount(request)
  const { access_token } = await apiLogin(request, other.mobile, other.password)
  const bought = await request.post(`${API}/api/v1/orders`, {
    headers: { authorization: `Bearer ${access_token}`, 'idempotency-key': `race-${Date.now()}` },
    data: {
      fulfilment: 'pickup',
      payment: 'cash',
      branch_id: branch['MY-PBT'],
      lines: [{ variation_id: packs.oneLitre, count: left - 1 }],
    },
  })
  expect(bought.status()).toBe(201)

  await page.getByRole('button', { name: 'Buat pesanan' }).click()
  const alert = page.locator('.form-error[role="alert"]')
  await expect(alert).toContainText('Gagal membuat pesanan.')
  await expect(alert).toContainText('Parit Buntar sudah tidak cukup stok untuk:')
  await expect(alert).toContainText('GluFos 150SL · 1 L × 2')
  await expect(alert).toContainText('hanya 1 di sana')
  await fitsThePhone(page)
  await alert.getByRole('link', { name: 'Pilih cawangan lain atau penghantaran' }).click()
  await expect(page).toHaveURL(/\/bm\/checkout$/)
  // No branch has two now: checkout says where the pack is and how to go on.
  await expect(page.locator('#checkout-branch')).toHaveCount(0)
  const problem = page.locator('#checkout-branch-note')
  await expect(problem).toContainText('Tiada cawangan yang ada semua barang dalam pesanan anda.')
  await expect(problem).toContainText('GluFos 150SL · 1 L × 2 ada di Parit Buntar (1)')
  await expect(problem.getByRole('link', { name: 'Ubah troli anda' })).toBeVisible()
  await fitsThePhone(page)
  await context.close()
})

test('a Thai farmer whose branch lacks the pack is never asked for the PIN for an order that would fail', async ({
  page,
  request,
}) => {
  const packs = await glufos(request)
  const branch = await branchIds(request)
  const farmer = await thaiFarmer(request, branch['TH-SPB']!)
  await grantCredit(request, farmer.mobile, 3_500_000)
  const token = await fillCart(request, farmer, [{ id: packs.fourLitre, count: 1 }])
  await setPin(request, token, '274915')

  // The 4 L pack is at Suphan Buri, the farmer's own branch: checkout offers it first.
  await page.goto(`/en/login?redirectTo=${encodeURIComponent('/th/checkout')}`)
  await submitLogin(page, farmer.mobile, farmer.password)
  await expect(page).toHaveURL(/\/th\/checkout$/)
  await startUsing(page)
  await expect(page.locator('#checkout-branch')).toHaveValue(String(branch['TH-SPB']))
  await expect(page.locator('#checkout-branch option').first()).toHaveText('สุพรรณบุรี')
  await expect(page.locator('#checkout-branch')).toHaveAccessibleDescription(/สาขาของคุณคือ สุพรรณบุรี/)
  await page.getByRole('radio', { name: /^รับสินค้าที่สาขา/ }).check()
  await page.getByRole('radio', { name: /^สินเชื่อ/ }).check()
  await page.getByRole('button', { name: 'ไปชำระเงิน' }).click()
  await expect(page).toHaveURL(/\/th\/checkout\/payment$/)
  await expect(page.getByLabel('PIN ชำระเงิน')).toBeVisible()

  // The farmer adds the 1 L pack (not held at Suphan Buri) in another tab, then comes back to
  // the payment page: it asks for no PIN and says what Suphan Buri lacks.
  await fillCart(request, farmer, [{ id: packs.oneLitre, count: 2 }])
  await page.reload()
  await startUsing(page)
  const blocked = page.locator('.form-error[role="alert"]')
  await expect(blocked).toContainText('สุพรรณบุรี มีสินค้าไม่พอสำหรับ:')
  await expect(blocked).toContainText('GluFos 150SL · 1 ลิตร × 2')
  await expect(blocked).toContainText('ไม่มีที่สาขานี้')
  await expect(page.getByLabel('PIN ชำระเงิน')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^ยืนยัน/ })).toHaveCount(0)
  await fitsThePhone(page)

  // Back to checkout: Suphan Buri is no longer offered; the nearest branch holding both packs is
  // chosen (Nakhon Sawan has no 4 L: Phitsanulok), and the PIN is asked for an order that works.
  await page.getByRole('link', { name: 'เลือกสาขาอื่นหรือการจัดส่ง' }).click()
  await expect(page).toHaveURL(/\/th\/checkout$/)
  const select = page.locator('#checkout-branch')
  await expect(select).toHaveValue(String(branch['TH-PLK']))
  await expect(select.locator(`option[value="${branch['TH-SPB']}"]`)).toHaveCount(0)
  await expect(page.locator('#checkout-branch-note')).toContainText(
    'สาขาของคุณ สุพรรณบุรี มีสินค้าไม่พอสำหรับ:',
  )
  await fitsThePhone(page)
  await page.getByRole('button', { name: 'ไปชำระเงิน' }).click()
  await expect(page).toHaveURL(/\/th\/checkout\/payment$/)
  await expect(page.getByText('รับที่ พิษณุโลก')).toBeVisible()
  await page.getByLabel('PIN ชำระเงิน').fill('274915')
  await page.getByRole('button', { name: /^ยืนยัน/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'สั่งซื้อสำเร็จ' })).toBeVisible()
})
