import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as LoginPage from '../auth/login.tsx'
import type * as AddToCart from '../cart/add-to-cart.ts'
import type * as CheckoutPage from './checkout.tsx'
import type * as PaymentPage from './checkout-payment.tsx'
import {
  aBrowser,
  apiJson,
  inEveryCatalogue,
  say,
  startApi,
  tokenOf,
  type TestApi,
} from '../+shared/route-harness.server.ts'
import type { PaymentRefusal } from '~/utils/checkout.server.ts'

// docs/product/orders-and-payments.md (Payment): the payment step's action, on the real API and
// database, for the demo customer with KYC approved, a credit line and the PIN 390571
// (docs/product/demo-mode.md, Demo data).
const BUYER = '+60120000001'
const PIN = '390571'
const PAYMENT = '/en/checkout/payment'

// The pages' modules are loaded once the web talks to the test API (startApi).
let login: typeof LoginPage
let addToCart: typeof AddToCart
let checkout: typeof CheckoutPage
let payment: typeof PaymentPage
let api: TestApi
let token: string
const farmer = aBrowser()
type Order = { id: number; items: { variation_id: number; count: number }[] }
const orders = async () => (await apiJson<{ data: Order[] }>(api, '/me/orders', { token })).data

beforeAll(async () => {
  api = await startApi()
  ;[login, addToCart, checkout, payment] = await Promise.all([
    import('../auth/login.tsx'),
    import('../cart/add-to-cart.ts'),
    import('./checkout.tsx'),
    import('./checkout-payment.tsx'),
  ])
  token = await tokenOf(api, BUYER)
  expect(
    (await farmer.post(login, 'public', '/en/login', { mobile: BUYER, password: 'demo2026' }))
      .status,
  ).toBe(302)
})

afterAll(() => api?.stop())

describe('the payment step (checkout-payment.tsx action)', () => {
  let pack: { id: number }

  it('gets there: a pack added to the cart, collection at a branch chosen, paid on credit', async () => {
    const product = await apiJson<{
      variations: { id: number; price: unknown; stock: number }[]
    }>(api, '/products/1?market=MY')
    pack = product.variations.find((v) => v.price && v.stock > 10)!
    const added = await farmer.post(addToCart, 'public', '/en/add-to-cart', {
      product_id: 1,
      variation: pack.id,
      quantity: 2,
      redirect_to: '/en/cart',
    })
    expect(added).toMatchObject({ status: 303, location: '/en/cart' })
    const page = await farmer.get<{ defaults: { branchId?: number } }>(
      checkout,
      'protected',
      '/en/checkout',
    )
    expect(page.data.defaults.branchId).toBeTypeOf('number')
    const chosen = await farmer.post(checkout, 'protected', '/en/checkout', {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: page.data.defaults.branchId!,
      remarks: '',
    })
    expect(chosen).toMatchObject({ status: 303, location: PAYMENT })
  })

  it('says under the field that a PIN is 6 digits, and orders nothing', async () => {
    const before = await orders()
    const answer = await farmer.post<PaymentRefusal>(payment, 'protected', PAYMENT, {
      intent: 'pay',
      pin: '12a4',
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({ pinError: { key: 'pin.errors.format' } })
    expect(say(answer.data.pinError!)).toBe('The PIN must be exactly 6 digits.')
    expect(inEveryCatalogue('pin.errors.format')).toBe(true)
    expect(await orders()).toEqual(before)
    // The choice is kept: the page is still the payment step.
    expect((await farmer.get(payment, 'protected', PAYMENT)).data).toMatchObject({ failed: false })
  })

  it('refuses a device answer it cannot read, before the API, and orders nothing', async () => {
    const before = await orders()
    const answer = await farmer.post<PaymentRefusal>(payment, 'protected', PAYMENT, {
      intent: 'pay',
      webauthn: '{"id":',
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({ formError: { key: 'biometric.failed' } })
    expect(inEveryCatalogue('biometric.failed')).toBe(true)
    expect(await orders()).toEqual(before)
  })

  it('shows the API’s refusal of a wrong PIN with the tries left, and orders nothing', async () => {
    const before = await orders()
    const answer = await farmer.post<PaymentRefusal>(payment, 'protected', PAYMENT, {
      intent: 'pay',
      pin: '111111',
    })
    // PIN_INVALID is a 403 (not a 401: the farmer stays logged in).
    expect(answer.status).toBe(403)
    expect(answer.data).toEqual({
      pinError: { key: 'pin.errors.invalid', params: { count: 4 } },
    })
    expect(say(answer.data.pinError!)).toBe('Incorrect PIN entered. 4 tries left.')
    expect(await orders()).toEqual(before)
  })

  it('places the order with the right PIN and goes to its success page', async () => {
    const before = await orders()
    const answer = await farmer.post(payment, 'protected', PAYMENT, { intent: 'pay', pin: PIN })
    expect(answer.status).toBe(303)
    const placed = /^\/en\/checkout\/payment\/success\?order=(\d+)$/.exec(answer.location ?? '')
    expect(placed).not.toBeNull()
    const after = await orders()
    expect(after).toHaveLength(before.length + 1)
    const order = await apiJson<Order>(api, `/me/orders/${placed![1]}`, { token })
    expect(order.items).toEqual([expect.objectContaining({ variation_id: pack.id, count: 2 })])
    // The choice is used up: the payment step now sends the farmer back to checkout.
    const again = await farmer.get(payment, 'protected', PAYMENT)
    expect(again).toMatchObject({ status: 302, location: '/en/checkout' })
  })

  it('cancels back to the cart', async () => {
    const answer = await farmer.post(payment, 'protected', PAYMENT, { intent: 'cancel' })
    expect(answer).toMatchObject({ status: 303, location: '/en/cart' })
  })
})
