import { expect, test } from './support/fixtures.ts'
import { API, apiLogin } from './support/api.ts'
import { newCustomerPage, loginInBrowser } from './support/login.ts'
import { fillCart, grantCredit, packOf, setPin } from './support/shop.ts'
import { E2E_WEB_PORT } from './support/ports.ts'

/**
 * docs/product/back-office.md (Orders): a customer's delivery is found in the back office's list
 * by its filters, handed to a logistics company with a tracking link, and the customer's order
 * page shows the link; then it is marked completed. Without scripts, as the admin's forms work.
 */
test('an admin ships a delivery and the customer sees the tracking link', async ({
  browser,
  request,
}) => {
  const customer = await newCustomerPage(browser, request, { js: true, to: '/en/settings' })
  await grantCredit(request, customer.mobile, 500_000)
  const pack = await packOf(request)
  const token = await fillCart(request, customer, [{ id: pack.id, count: 1 }])
  await setPin(request, token, '274915')
  const address = await request.post(`${API}/api/v1/me/addresses`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Rumah',
      address: 'Lot 12, Jalan Bendang',
      city: 'Sekinchan',
      state: 'MY-10',
      postcode: '45400',
    },
  })
  const placed = await request.post(`${API}/api/v1/orders`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: {
      fulfilment: 'delivery',
      payment: 'credits',
      address_id: (await address.json()).id,
      pin: '274915',
    },
  })
  expect(placed.status()).toBe(201)
  const order = (await placed.json()) as { id: number; number: string }

  // The admin's desk, without scripts.
  const desk = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
  })
  const admin = await desk.newPage()
  await loginInBrowser(admin, '+60120000005')
  await admin.goto('/en/admin')
  await admin.getByRole('link', { name: 'Orders', exact: true }).click()
  const filters = admin.getByRole('form', { name: 'Filter the orders' })
  await filters.getByLabel('Delivery or collection').selectOption('delivery')
  await filters.getByLabel('Order number').fill(order.number)
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(admin).toHaveURL(/fulfilment=delivery/)
  const rows = admin.locator('.admin-table tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('to ship')
  await rows.getByRole('link', { name: order.number }).click()
  await expect(admin.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible()

  // A link that is not a web address is refused and changes nothing.
  await admin.getByLabel('Logistics company').fill('Pos Laju')
  await admin.getByLabel('Tracking link').fill('javascript:alert(1)')
  await admin.getByRole('button', { name: 'Save the shipment' }).click()
  await expect(admin.getByText('Enter the tracking link as a web address')).toBeVisible()
  await admin.getByLabel('Tracking link').fill('https://tracking.example.com/EP123456789MY')
  await admin.getByRole('button', { name: 'Save the shipment' }).click()
  await expect(admin.getByText('The shipment is saved')).toBeVisible()

  // The customer's order page shows the company and the link.
  const page = customer.page
  await page.goto(`/en/orders/${order.id}`)
  await expect(page.getByText('Pos Laju')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
    'href',
    'https://tracking.example.com/EP123456789MY',
  )

  await admin.getByRole('button', { name: 'Mark as completed' }).click()
  await expect(admin.getByText('The order is completed.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0)
  await page.reload()
  await expect(page.locator('.order-status')).toContainText('Completed')

  // Another customer cannot open the back office, nor this order there.
  const other = await apiLogin(request, '+60120000001')
  const peek = await request.get(`${API}/api/v1/admin/orders/${order.id}`, {
    headers: { authorization: `Bearer ${other.access_token}` },
  })
  expect(peek.status()).toBe(403)
  await page.goto(`/en/admin/orders/${order.id}`)
  await expect(
    page.getByRole('heading', { name: 'You are not authorized to access this page.' }),
  ).toBeVisible()
  await desk.close()
  await customer.context.close()
})
