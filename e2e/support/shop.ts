import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { API, apiLogin } from './api.ts'

/** docs/product/demo-mode.md: a credit line for a new test customer (demo mode, this machine). */
export async function grantCredit(
  request: APIRequestContext,
  mobile: string,
  amountMinor: number,
  line: { planting_on?: string; harvest_on?: string; state?: 'active' | 'suspended' } = {},
) {
  const res = await request.post(`${API}/api/v1/dev/credit-lines`, {
    data: { mobile, amount_minor: amountMinor, ...line },
  })
  if (res.status() !== 201) throw new Error(`credit line ${mobile}: ${res.status()}`)
}

/** The first pack of a product sold in the market (Malaysia unless said) with stock, and its price. */
export async function packOf(
  request: APIRequestContext,
  productId = 1,
  market: 'MY' | 'TH' = 'MY',
) {
  const res = await request.get(`${API}/api/v1/products/${productId}?market=${market}`)
  if (!res.ok()) throw new Error(`product ${productId}: ${res.status()} ${await res.text()}`)
  const body = (await res.json()) as {
    variations: { id: number; price: { amount_minor: number } | null; stock: number }[]
  }
  const pack = body.variations.find((v) => v.price && v.stock > 10)
  if (!pack) throw new Error(`no pack of product ${productId} on sale`)
  return { id: pack.id, priceMinor: pack.price!.amount_minor }
}

/** Puts packs in a customer's cart through the API (the browser then shows that cart). */
export async function fillCart(
  request: APIRequestContext,
  login: { mobile: string; password: string },
  lines: { id: number; count: number }[],
) {
  const { access_token } = await apiLogin(request, login.mobile, login.password)
  for (const line of lines) {
    const res = await request.post(`${API}/api/v1/me/cart/lines`, {
      headers: { authorization: `Bearer ${access_token}` },
      data: { variation_id: line.id, count: line.count },
    })
    if (!res.ok()) throw new Error(`cart: ${res.status()} ${await res.text()}`)
  }
  return access_token
}

/** Sets a customer's payment PIN through the API. */
export async function setPin(request: APIRequestContext, token: string, pin: string) {
  const res = await request.put(`${API}/api/v1/me/pin`, {
    headers: { authorization: `Bearer ${token}` },
    data: { pin, confirm_pin: pin },
  })
  if (!res.ok()) throw new Error(`pin: ${res.status()} ${await res.text()}`)
}

/** "RM 1,234.50" or "฿1,234.50" as minor units. */
export function minorOf(text: string): number {
  const digits = text.replace(/[^\d.]/g, '')
  return Math.round(Number(digits) * 100)
}

/** Ringgit as the shop writes it: RM1,234.50. */
export function rm(minor: number): string {
  return `RM${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
}

/** A day `offset` days from today in Kuala Lumpur (the demo farmers' calendar), as YYYY-MM-DD. */
export function dayFromToday(offset: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10)
}

/**
 * A customer's order on credit, placed through the API: credit granted, a PIN set, `count` packs
 * of product 1 collected at the branch holding most of them, in the customer's market. Returns
 * the token and what was charged.
 */
export async function creditPickupOrder(
  request: APIRequestContext,
  login: { mobile: string; password: string },
  creditMinor = 100_000,
  { market = 'MY', count = 2 }: { market?: 'MY' | 'TH'; count?: number } = {},
) {
  await grantCredit(request, login.mobile, creditMinor)
  const { access_token } = await apiLogin(request, login.mobile, login.password)
  const pin = '602413'
  await setPin(request, access_token, pin)
  const pack = await packOf(request, 1, market)
  const product = await (await request.get(`${API}/api/v1/products/1?market=${market}`)).json()
  const branch = (product.where_to_buy as { branch_id: number; quantity: number }[]).sort(
    (a, b) => b.quantity - a.quantity,
  )[0]!
  const order = await request.post(`${API}/api/v1/orders`, {
    headers: { authorization: `Bearer ${access_token}`, 'idempotency-key': randomUUID() },
    data: {
      fulfilment: 'pickup',
      payment: 'credits',
      branch_id: branch.branch_id,
      pin,
      lines: [{ variation_id: pack.id, count }],
    },
  })
  if (order.status() !== 201) throw new Error(`order: ${order.status()} ${await order.text()}`)
  const totalMinor = ((await order.json()) as { total: { amount_minor: number } }).total
    .amount_minor
  return { token: access_token, totalMinor }
}
