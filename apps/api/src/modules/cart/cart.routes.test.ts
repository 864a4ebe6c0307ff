import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { branchStock, productVariations } from '@padi/db/schema/catalogue'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

let t: TestApp
let ahmad: string
let siti: string
/** Packs sold in Malaysia with stock there, cheapest first. */
let packs: { id: number; priceMy: number; stock: number }[]

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' })
  ahmad = (await loginTokens(t.app, '+60120000001')).access_token
  siti = (await loginTokens(t.app, '+60120000002')).access_token
  // Aliased by hand: drizzle leaves columns unqualified in a one-table select.
  const stock = sql<number>`(select coalesce(sum(bs.quantity), 0)::int from branch_stock bs
    join branches b on b.id = bs.branch_id
    where bs.variation_id = "product_variations"."id" and b.market = 'MY')`
  packs = await t.db.db
    .select({ id: productVariations.id, priceMy: productVariations.priceMyMinor, stock })
    .from(productVariations)
    .where(and(isNotNull(productVariations.priceMyMinor), gt(stock, 0)))
    .orderBy(asc(productVariations.id))
    .then((rows) => rows.map((r) => ({ ...r, priceMy: r.priceMy! })))
})
afterAll(async () => t.close())

const put = (token: string, id: number | string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/me/cart/lines/${id}`,
    headers: bearer(token),
    payload,
  })
const cart = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/me/cart', headers: bearer(token) })).json()

describe('the cart (docs/product/orders-and-payments.md)', () => {
  it('starts empty, and is only reachable with a token', async () => {
    expect(await cart(siti)).toMatchObject({
      currency: 'MYR',
      lines: [],
      count: 0,
      selected: { quantity: 0 },
    })
    expect((await t.app.inject({ url: '/api/v1/me/cart' })).statusCode).toBe(401)
    expect((await put(`${siti}x`, packs[0]!.id, { count: 1 })).statusCode).toBe(401)
  })

  it('prices lines on the server, totals the selected ones and bounds counts by stock', async () => {
    const [a, b] = packs
    let res = await put(siti, a!.id, { count: 2, unit_price: 1, total: 1 })
    expect(res.statusCode).toBe(200)
    res = await put(siti, b!.id, { count: 100_000 })
    expect(res.statusCode).toBe(400)
    res = await put(siti, b!.id, { count: 999 })
    const body = res.json()
    const lineB = body.lines.find((l: { variation_id: number }) => l.variation_id === b!.id)
    expect(lineB.count).toBe(Math.min(999, b!.stock))
    expect(body.lines[0]).toMatchObject({
      variation_id: a!.id,
      count: 2,
      selected: true,
      available: true,
      unit_price: { amount_minor: a!.priceMy, currency: 'MYR' },
      line_total: { amount_minor: 2 * a!.priceMy, currency: 'MYR' },
    })
    expect(body.selected.subtotal.amount_minor).toBe(2 * a!.priceMy + lineB.count * b!.priceMy)
    // Only selected lines count towards checkout.
    res = await put(siti, b!.id, { count: lineB.count, selected: false })
    expect(res.json().selected).toEqual({
      quantity: 2,
      subtotal: { amount_minor: 2 * a!.priceMy, currency: 'MYR' },
    })
    expect(res.json().count).toBe(2 + lineB.count)
    // 0 removes a line; so does DELETE.
    expect((await put(siti, b!.id, { count: 0 })).json().lines).toHaveLength(1)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/cart/lines/${a!.id}`,
      headers: bearer(siti),
    })
    expect(deleted.json().lines).toEqual([])
  })

  it('adds to what a line holds with “Add to cart”', async () => {
    const pack = packs[2]!
    const add = (count: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/cart/lines',
        headers: bearer(siti),
        payload: { variation_id: pack.id, count },
      })
    await add(2)
    const line = (await add(3))
      .json()
      .lines.find((l: { variation_id: number }) => l.variation_id === pack.id)
    expect(line).toMatchObject({ variation_id: pack.id, count: Math.min(5, pack.stock) })
    expect((await add(0)).statusCode).toBe(400)
    await put(siti, pack.id, { count: 0 })
  })

  it('refuses forged ids, packs not sold in the market and packs out of stock, changing nothing', async () => {
    expect((await put(siti, 'abc', { count: 1 })).statusCode).toBe(400)
    expect((await put(siti, -3, { count: 1 })).statusCode).toBe(400)
    expect((await put(siti, 2_000_000_000, { count: 1 })).json().code).toBe('NOT_FOUND')
    const pack = packs.at(-1)!
    await t.db.db
      .update(productVariations)
      .set({ priceMyMinor: null })
      .where(eq(productVariations.id, pack.id))
    expect((await put(siti, pack.id, { count: 1 })).json().code).toBe('NOT_FOR_SALE')
    await t.db.db
      .update(productVariations)
      .set({ priceMyMinor: pack.priceMy })
      .where(eq(productVariations.id, pack.id))
    const saved = await t.db.db
      .select()
      .from(branchStock)
      .where(eq(branchStock.variationId, pack.id))
    await t.db.db
      .update(branchStock)
      .set({ quantity: 0 })
      .where(eq(branchStock.variationId, pack.id))
    expect((await put(siti, pack.id, { count: 1 })).json().code).toBe('OUT_OF_STOCK')
    for (const row of saved)
      await t.db.db
        .update(branchStock)
        .set({ quantity: row.quantity })
        .where(
          and(eq(branchStock.variationId, row.variationId), eq(branchStock.branchId, row.branchId)),
        )
    expect((await cart(siti)).lines).toEqual([])
  })

  it('holds at most 30 packs, even when they are added all at once', async () => {
    const results = await Promise.all(packs.slice(0, 40).map((p) => put(siti, p.id, { count: 1 })))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30)
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(10).fill('CART_FULL'),
    )
    expect((await cart(siti)).lines).toHaveLength(30)
    for (const p of packs.slice(0, 40))
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/me/cart/lines/${p.id}`,
        headers: bearer(siti),
      })
  })

  it('joins a visitor’s lines at login, and one customer never sees another’s cart', async () => {
    const [a, b, c] = packs
    await put(ahmad, a!.id, { count: 1, selected: false })
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/cart/merge',
      headers: bearer(ahmad),
      payload: {
        lines: [
          { variation_id: a!.id, count: 2 },
          { variation_id: b!.id, count: 1, selected: false },
          { variation_id: 2_000_000_000, count: 1 },
        ],
      },
    })
    expect(merged.statusCode).toBe(200)
    expect(
      merged
        .json()
        .lines.map((l: { variation_id: number; count: number; selected: boolean }) => [
          l.variation_id,
          l.count,
          l.selected,
        ]),
    ).toEqual([
      [a!.id, 2, true],
      [b!.id, 1, false],
    ])
    expect((await cart(siti)).lines).toEqual([])
    await put(siti, c!.id, { count: 1 })
    expect(
      (await cart(ahmad)).lines.map((l: { variation_id: number }) => l.variation_id),
    ).not.toContain(c!.id)
  })
})
