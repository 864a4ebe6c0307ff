import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './support/fixtures.ts'
import { API, apiLogin, signUpCustomer } from './support/api.ts'
import { loginInBrowser, submitLogin } from './support/login.ts'
import { grantCredit, setPin } from './support/shop.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/dates-and-times.md: one rule in every language: DD-MM-YYYY, Gregorian years, the
 * 12-hour time with upper-case AM/PM, in the record's market's time zone; the back office names
 * the zone of the other market. A Thai farmer's order is placed at a known instant through the real
 * API and read in Thai and Malay, then by finance in Malaysia.
 */
test.use({ viewport: { width: 360, height: 740 } })

/** What the rule writes for an instant in Thailand: "26-11-2026 10:18 PM" (UTC+7, no summer time). */
function bangkok(instant: Date): { day: string; moment: RegExp } {
  const t = new Date(instant.getTime() + 7 * 3_600_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  const day = `${pad(t.getUTCDate())}-${pad(t.getUTCMonth() + 1)}-${t.getUTCFullYear()}`
  const hour = t.getUTCHours() % 12 === 0 ? 12 : t.getUTCHours() % 12
  const period = t.getUTCHours() < 12 ? 'AM' : 'PM'
  // The minute may tick between the API's answer and this reading: the hour and period are fixed.
  return { day, moment: new RegExp(`${day} ${pad(hour)}:\\d{2} ${period}`) }
}

async function thaiOrder(request: APIRequestContext) {
  const branches = (await (await request.get(`${API}/api/v1/branches`)).json()).data as {
    id: number
    code: string
  }[]
  const suphanBuri = branches.find((b) => b.code === 'TH-SPB')!.id
  const { mobile, password } = await signUpCustomer(request, {
    mobile: `+6682${String(Date.now() % 10_000_000).padStart(7, '0')}`,
    password: 'sawah2026',
    full_name: 'Kanokwan Phromma',
    postcode: '72000',
    area: 'Tha Phi Liang',
    district: 'Mueang Suphan Buri',
    preferred_branch: suphanBuri,
  })
  await grantCredit(request, mobile, 3_500_000)
  const { access_token: token } = await apiLogin(request, mobile, password)
  const auth = { authorization: `Bearer ${token}` }
  // A Thai pack some branch holds, and that branch.
  const list = (await (await request.get(`${API}/api/v1/products?market=TH`)).json()).data as {
    id: number
  }[]
  let pick: { variation: number; branch: number } | null = null
  for (const product of list) {
    const body = await (await request.get(`${API}/api/v1/products/${product.id}?market=TH`)).json()
    for (const v of body.variations as {
      id: number
      price: unknown
      branches?: { branch_id: number; quantity: number }[]
    }[]) {
      const held = v.price ? v.branches?.find((b) => b.quantity > 0) : undefined
      if (held) pick = { variation: v.id, branch: held.branch_id }
      if (pick) break
    }
    if (pick) break
  }
  expect(pick, 'a Thai pack held at a branch').not.toBeNull()
  const line = await request.post(`${API}/api/v1/me/cart/lines`, {
    headers: auth,
    data: { variation_id: pick!.variation, count: 1 },
  })
  expect(line.ok()).toBe(true)
  await setPin(request, token, '274915')
  const placed = await request.post(`${API}/api/v1/orders`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { fulfilment: 'pickup', payment: 'credits', branch_id: pick!.branch, pin: '274915' },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = (await placed.json()) as { id: number; number: string; created_at: string }
  return { mobile, password, order }
}

test('a Thai order reads the same way in Thai and Malay, and finance in Malaysia is told it is Thai time', async ({
  page,
  request,
  browser,
}) => {
  const farmer = await thaiOrder(request)
  const when = bangkok(new Date(farmer.order.created_at))

  await page.goto(`/en/login?redirectTo=${encodeURIComponent('/th/orders')}`)
  await submitLogin(page, farmer.mobile, farmer.password)
  await expect(page).toHaveURL(/\/th\/orders$/)
  const row = page.locator('li', { hasText: farmer.order.number })
  // Gregorian year and digits, 12-hour with AM/PM; no Buddhist year, no Thai month name.
  await expect(row).toContainText(when.moment)
  await expect(row).not.toContainText(/25[6-9]\d|พ\.ย\.|น\./)

  await page.goto(`/th/orders/${farmer.order.id}`)
  await expect(page.locator('.order-fields')).toContainText(when.moment)

  // The same order in Malay: AM/PM, never PTG or PG.
  await page.goto(`/bm/orders/${farmer.order.id}`)
  await expect(page.locator('.order-fields')).toContainText(when.moment)
  await expect(page.locator('.order-fields')).not.toContainText(/\b(PTG|PG)\b/)

  // Finance, whose account is Malaysian, reads the Thai order's time with its zone named.
  const desk = await browser.newContext({
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    viewport: { width: 360, height: 740 },
  })
  const finance = await desk.newPage()
  await loginInBrowser(finance, '+60120000004')
  await finance.goto(`/en/admin/orders?q=${encodeURIComponent(farmer.order.number)}`)
  const listed = finance.locator('.admin-table tbody tr', { hasText: farmer.order.number })
  await expect(listed).toContainText(when.moment)
  await expect(listed).toContainText('(Thailand time)')
  await finance.goto(`/th/admin/orders?q=${encodeURIComponent(farmer.order.number)}`)
  await expect(
    finance.locator('.admin-table tbody tr', { hasText: farmer.order.number }),
  ).toContainText('(เวลาประเทศไทย)')
  await desk.close()
})
