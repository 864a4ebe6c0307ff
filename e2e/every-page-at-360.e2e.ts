import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import { expect, settled, test, trackRequests } from './support/fixtures.ts'
import { API, apiLogin, signUpCustomer } from './support/api.ts'
import { photo, submittedApplication } from './support/kyc-application.ts'
import { loginInBrowser, submitLogin } from './support/login.ts'
import { phoneFindings } from './support/phone-fit.ts'
import { E2E_WEB_PORT } from './support/ports.ts'
import { dayFromToday, grantCredit, setPin } from './support/shop.ts'

/**
 * docs/product/shell.md (the phone): every page of every role at 360 × 740 in English, Malay and
 * Thai, with realistic data (a long Malay name and a long Thai one, RM10,000.00 and ฿35,000.00
 * credit lines, orders, a cart, vouchers), fails on a page wider than the screen, a word broken
 * inside, an amount split across lines, or a tap target under 44 px
 * outside running text. A screenshot of each page is kept with the test's results, to be looked
 * at. Counter sales at 360 px (the counter's day, the farmer's transactions) are in
 * e2e/counter-phone.e2e.ts, which makes them through the counter itself.
 */
// Each test opens up to 51 pages with their checks: minutes, not the default one.
test.describe.configure({ mode: 'serial', timeout: 600_000 })

const PHONE = { width: 360, height: 740 }
const LANGS = ['en', 'bm', 'th'] as const
const PIN = '274915'

type Farmer = { mobile: string; password: string; orderId: number }

/** The first pack of the market held at `branch`, with its price. */
async function packAt(request: APIRequestContext, market: 'MY' | 'TH', branch: number) {
  const list = (await (await request.get(`${API}/api/v1/products?market=${market}`)).json())
    .data as { id: number }[]
  for (const product of list) {
    const body = await (
      await request.get(`${API}/api/v1/products/${product.id}?market=${market}`)
    ).json()
    for (const v of body.variations as {
      id: number
      price: unknown
      branches: { branch_id: number; quantity: number }[]
    }[])
      if (v.price && v.branches.some((b) => b.branch_id === branch && b.quantity > 2)) return v.id
  }
  throw new Error(`no ${market} pack at branch ${branch}`)
}

/**
 * A farmer with a credit line, a placed order paid on credit, and a line left in the cart; in
 * Malaysia also two vouchers from finance.
 */
async function farmerWithHistory(request: APIRequestContext, market: 'MY' | 'TH'): Promise<Farmer> {
  const branches = (await (await request.get(`${API}/api/v1/branches`)).json()).data as {
    id: number
    code: string
  }[]
  const stamp = String(Date.now() % 10_000_000).padStart(7, '0')
  const who =
    market === 'MY'
      ? {
          mobile: `+60114${stamp}`,
          name: 'Nur Aisyah Syafiqah binti Wan Mohd Khairuddin Al-Haj',
          postcode: '06000',
          area: 'Jitra',
          district: 'Kubang Pasu',
        }
      : {
          mobile: `+6683${stamp}`,
          name: 'ประเสริฐศักดิ์ เจริญรุ่งเรืองพาณิชย์กุล',
          postcode: '72000',
          area: 'Tha Phi Liang',
          district: 'Mueang Suphan Buri',
        }
  // Malaysia: the demo clerk's branch, whose counter pages are opened below.
  const staff = await apiLogin(request, '+60120000003')
  const asStaff = { authorization: `Bearer ${staff.access_token}` }
  const clerkBranch = (
    await (
      await request.get(`${API}/api/v1/staff/counter/transactions`, { headers: asStaff })
    ).json()
  ).branch.id as number
  const branch = market === 'MY' ? clerkBranch : branches.find((b) => b.code === 'TH-SPB')!.id
  const { password } = await signUpCustomer(request, {
    mobile: who.mobile,
    password: 'sawah2026',
    full_name: who.name,
    postcode: who.postcode,
    area: who.area,
    district: who.district,
    preferred_branch: branch,
  })
  await grantCredit(request, who.mobile, market === 'MY' ? 1_000_000 : 3_500_000)
  const { access_token } = await apiLogin(request, who.mobile, password)
  const asFarmer = { authorization: `Bearer ${access_token}` }
  const pack = await packAt(request, market, branch)
  const add = (count: number) =>
    request.post(`${API}/api/v1/me/cart/lines`, {
      headers: asFarmer,
      data: { variation_id: pack, count },
    })
  expect((await add(2)).ok()).toBe(true)
  await setPin(request, access_token, PIN)
  const order = await request.post(`${API}/api/v1/orders`, {
    headers: { ...asFarmer, 'idempotency-key': randomUUID() },
    data: { fulfilment: 'pickup', payment: 'credits', branch_id: branch, pin: PIN },
  })
  expect(order.status(), await order.text()).toBe(201)
  expect((await add(3)).ok()).toBe(true)
  if (market === 'MY') {
    const finance = await apiLogin(request, '+60120000004')
    const issued = await request.post(`${API}/api/v1/admin/vouchers`, {
      headers: { authorization: `Bearer ${finance.access_token}`, 'idempotency-key': randomUUID() },
      data: {
        csv: `${who.mobile},10,${dayFromToday(60)}\n${who.mobile},20,${dayFromToday(90)}`,
      },
    })
    expect(issued.status()).toBe(201)
  }
  return { mobile: who.mobile, password, orderId: ((await order.json()) as { id: number }).id }
}

async function shootAndCheck(page: Page, info: TestInfo, path: string, found: string[]) {
  await settled(page)
  const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true })
  for (const f of await phoneFindings(page)) found.push(`${path}: ${f}`)
}

async function visit(page: Page, info: TestInfo, paths: string[]) {
  const found: string[] = []
  for (const lang of LANGS)
    for (const path of paths) {
      const url = `/${lang}${path}`
      const response = await page.goto(url)
      expect(response?.status(), url).toBeLessThan(400)
      await shootAndCheck(page, info, url, found)
    }
  return found
}

async function phoneFor(browser: Browser) {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  trackRequests(page)
  return { context, page }
}

let myFarmer: Farmer
let thFarmer: Farmer

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000)
  myFarmer = await farmerWithHistory(request, 'MY')
  thFarmer = await farmerWithHistory(request, 'TH')
})

test('a visitor’s pages fit the phone', async ({ browser }, info) => {
  const { context, page } = await phoneFor(browser)
  const found = await visit(page, info, [
    '',
    '/products',
    '/products/agrochems?sort=price-desc',
    '/products/agrochems/9',
    '/products/drones/70',
    '/calculator/area-converter?value=5&from=relong&to=hectare',
    '/calculator/input-calculation',
    // With an answer and its "Add these packs to the cart" button.
    `/calculator/input-calculation?${new URLSearchParams({
      area_value: '2.5',
      area_unit: 'hectare',
      rate_kind: 'per_hectare',
      rate_amount: '300',
      rate_unit: 'ml',
      pack_amount: '250',
      pack_unit: 'ml',
      product: 'AzoDif 325SC',
      pack_id: '1',
    })}`,
    '/credit',
    '/contact',
    '/login',
    '/signup',
  ])
  await context.close()
  expect(found).toEqual([])
})

for (const market of ['MY', 'TH'] as const)
  test(`a ${market === 'MY' ? 'Malaysian' : 'Thai'} farmer’s pages fit the phone`, async ({
    browser,
  }, info) => {
    const farmer = market === 'MY' ? myFarmer : thFarmer
    const { context, page } = await phoneFor(browser)
    await page.goto('/en/login')
    await submitLogin(page, farmer.mobile, farmer.password)
    // Logged in before the first page is opened (a page opened sooner cuts the login short, and
    // every page would be the login form).
    await expect(page).toHaveURL(/\/en$/)
    const found = await visit(page, info, [
      '/dashboard',
      '/dashboard?tab=voucher',
      '/cart',
      '/checkout',
      '/orders',
      `/orders/${farmer.orderId}`,
      '/qr',
      '/settings',
      '/settings/profile',
      '/settings/addresses',
      '/settings/pin',
      '/settings/biometrics',
      '/kyc',
      '/receipt',
      '/repay',
      '/late-repayment',
      '/renew-contract',
    ])
    await context.close()
    expect(found).toEqual([])
  })

test('the counter’s pages fit the phone', async ({ browser }, info) => {
  const { context, page } = await phoneFor(browser)
  await loginInBrowser(page, '+60120000003')
  const found = await visit(page, info, ['/staff', '/staff/transactions', '/staff/orders'])
  await context.close()
  expect(found).toEqual([])
})

test('finance’s and the admin’s pages, and a shipped delivery, fit the phone', async ({
  browser,
  request,
}, info) => {
  const { context, page } = await phoneFor(browser)
  await loginInBrowser(page, '+60120000004')
  const finance = await apiLogin(request, '+60120000004')
  const users = await (
    await request.get(`${API}/api/v1/admin/users?q=${encodeURIComponent(myFarmer.mobile)}`, {
      headers: { authorization: `Bearer ${finance.access_token}` },
    })
  ).json()
  const userId = (users.data as { id: number }[])[0]!.id
  // A delivery of the Malaysian farmer's cart, shipped by the admin with a tracking link: the
  // order's page shows the link and the audit log the change, a long address in both.
  const farmer = await apiLogin(request, myFarmer.mobile, myFarmer.password)
  const asFarmer = { authorization: `Bearer ${farmer.access_token}` }
  const address = await request.post(`${API}/api/v1/me/addresses`, {
    headers: asFarmer,
    data: {
      name: 'Rumah',
      address: 'Lot 12, Jalan Bendang',
      city: 'Jitra',
      state: 'MY-02',
      postcode: '06000',
    },
  })
  expect(address.status(), await address.text()).toBe(201)
  const delivery = await request.post(`${API}/api/v1/orders`, {
    headers: { ...asFarmer, 'idempotency-key': randomUUID() },
    data: {
      fulfilment: 'delivery',
      payment: 'credits',
      address_id: ((await address.json()) as { id: number }).id,
      pin: PIN,
    },
  })
  expect(delivery.status(), await delivery.text()).toBe(201)
  const deliveryId = ((await delivery.json()) as { id: number }).id
  // An application waiting in finance's queue (its long name too), and a repayment receipt.
  const application = await submittedApplication(request)
  const receipt = await request.post(
    `${API}/api/v1/me/receipts?${new URLSearchParams({
      method: 'bank_transfer',
      bank: 'Bank Islam',
      amount: '10.00',
      paid_on: dayFromToday(0),
      reference: 'BIMB-7781',
    })}`,
    {
      headers: { ...asFarmer, 'content-type': 'image/jpeg' },
      data: await photo('#e0e0e0'),
    },
  )
  expect(receipt.status(), await receipt.text()).toBe(201)
  const adminToken = (await apiLogin(request, '+60120000005')).access_token
  const shipped = await request.post(`${API}/api/v1/admin/orders/${deliveryId}/shipment`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      logistics_company: 'Pos Laju',
      tracking_url: 'https://tracking.example.com/EP123456789MY',
    },
  })
  expect(shipped.ok(), await shipped.text()).toBe(true)
  const found = await visit(page, info, [
    '/admin/kyc',
    `/admin/kyc/${application.id}`,
    '/admin/receipts',
    '/admin/statements',
    '/admin/late-repayments',
    '/admin/renewals',
    '/admin/vouchers',
    '/admin/orders',
    `/admin/orders/${myFarmer.orderId}`,
    '/admin/users',
    `/admin/users/${userId}`,
  ])
  await context.close()
  const admin = await phoneFor(browser)
  await loginInBrowser(admin.page, '+60120000005')
  found.push(
    ...(await visit(admin.page, info, [
      '/admin/products',
      '/admin/products/new',
      '/admin/products/9',
      '/admin/branches',
      '/admin/branches/1',
      '/admin/jobs',
      '/admin/feedback',
      `/admin/orders/${deliveryId}`,
      '/admin/audit',
    ])),
  )
  await admin.context.close()
  // The farmer's own page of the shipped delivery, with its tracking link.
  const own = await phoneFor(browser)
  await own.page.goto('/en/login')
  await submitLogin(own.page, myFarmer.mobile, myFarmer.password)
  await expect(own.page).toHaveURL(/\/en$/)
  found.push(...(await visit(own.page, info, [`/orders/${deliveryId}`])))
  await own.context.close()
  expect(found).toEqual([])
})
