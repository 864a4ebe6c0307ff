import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { auditLog } from '@padi/db/schema/audit'
import { productVariations } from '@padi/db/schema/catalogue'
import { packsAtOneBranch } from '../../../test/order-fixtures.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'

let t: TestApp
let admin: string
let finance: string
// The shop's answer cache on, as in production: an edit must show through it at once.
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', CATALOGUE_CACHE_TTL_MS: '60000' })
  admin = (await loginTokens(t.app, '+60120000005')).access_token
  finance = (await loginTokens(t.app, '+60120000004')).access_token
})
afterAll(() => t.close())

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  })
const shop = async (id: number) =>
  (await t.app.inject({ url: `/api/v1/products/${id}?market=MY` })).json()
const version = async () => (await t.app.inject({ url: '/api/v1/content-version' })).json().version

describe('admin edits the catalogue (docs/product/back-office.md)', () => {
  it('lists and opens products for admin only', async () => {
    const list = (await call(admin, 'GET', '/admin/products?q=padiguard')).json()
    expect(list.data.length).toBeGreaterThan(0)
    expect((await call(finance, 'GET', '/admin/products')).statusCode).toBe(403)
    const page = (await call(admin, 'GET', `/admin/products/${list.data[0].id}`)).json()
    expect(page.packs.length).toBeGreaterThan(0)
    expect(page.packs[0].stock.length).toBeGreaterThan(0)
    expect((await call(admin, 'GET', '/admin/products/999999')).statusCode).toBe(404)
  })

  it('a new price shows in the shop at once through the answer cache, and in the list', async () => {
    const product = (await call(admin, 'GET', '/admin/products/1')).json()
    const pack = product.packs[0]
    const before = await shop(1)
    expect((await shop(1)).variations[0].price).toEqual(before.variations[0].price)
    const v0 = await version()
    const res = await call(admin, 'PUT', `/admin/products/1/packs/${pack.id}/prices`, {
      price_my_minor: 1234,
      price_th_minor: pack.price_th_minor,
    })
    expect(res.statusCode).toBe(200)
    expect(await version()).toBeGreaterThan(v0)
    const after = await shop(1)
    expect(after.variations.find((v: { id: number }) => v.id === pack.id).price).toEqual({
      amount_minor: 1234,
      currency: 'MYR',
    })
    expect(after.price_from).toEqual({ amount_minor: 1234, currency: 'MYR' })
    // Not sold in Malaysia any more (every pack): gone from the Malaysian list.
    for (const p of product.packs)
      await call(admin, 'PUT', `/admin/products/1/packs/${p.id}/prices`, {
        price_my_minor: null,
        price_th_minor: p.price_th_minor,
      })
    const list = (await t.app.inject({ url: '/api/v1/products?market=MY&per_page=100' })).json()
    expect(list.data.map((p: { id: number }) => p.id)).not.toContain(1)
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.prices'), eq(auditLog.subjectId, 1)))
    expect(entry!.before).toMatchObject({ pack_id: pack.id, price_my_minor: pack.price_my_minor })
    expect(entry!.after).toMatchObject({ pack_id: pack.id, price_my_minor: 1234 })
  })

  it('refuses bad prices, another product’s pack and non-admins, changing nothing', async () => {
    const product = (await call(admin, 'GET', '/admin/products/2')).json()
    const pack = product.packs[0]
    const other = (await call(admin, 'GET', '/admin/products/3')).json().packs[0]
    const v0 = await version()
    for (const body of [
      { price_my_minor: 0, price_th_minor: null },
      { price_my_minor: -5, price_th_minor: null },
      { price_my_minor: 12.5, price_th_minor: null },
      { price_my_minor: '1000', price_th_minor: null },
    ])
      expect(
        (await call(admin, 'PUT', `/admin/products/2/packs/${pack.id}/prices`, body)).statusCode,
      ).toBe(400)
    const foreign = await call(admin, 'PUT', `/admin/products/2/packs/${other.id}/prices`, {
      price_my_minor: 100,
      price_th_minor: null,
    })
    expect(foreign.statusCode).toBe(404)
    const staff = await call(finance, 'PUT', `/admin/products/2/packs/${pack.id}/prices`, {
      price_my_minor: 100,
      price_th_minor: null,
    })
    expect(staff.statusCode).toBe(403)
    expect(await version()).toBe(v0)
    expect((await call(admin, 'GET', '/admin/products/2')).json().packs[0]).toEqual(pack)
  })

  it('sets stock only from the count the admin saw; the in-stock flag follows', async () => {
    const product = (await call(admin, 'GET', '/admin/products/4')).json()
    const pack = product.packs[0]
    const at = pack.stock.find((s: { market: string }) => s.market === 'MY')
    const stale = await call(admin, 'PUT', `/admin/products/4/packs/${pack.id}/stock`, {
      branch_id: at.branch_id,
      quantity: 5,
      expected: at.quantity + 1,
    })
    expect(stale.statusCode).toBe(409)
    // Every Malaysian branch to 0: out of stock in Malaysia.
    for (const p of product.packs)
      for (const s of p.stock.filter((x: { market: string }) => x.market === 'MY'))
        expect(
          (
            await call(admin, 'PUT', `/admin/products/4/packs/${p.id}/stock`, {
              branch_id: s.branch_id,
              quantity: 0,
              expected: s.quantity,
            })
          ).statusCode,
        ).toBe(200)
    expect((await shop(4)).in_stock).toBe(false)
    const back = await call(admin, 'PUT', `/admin/products/4/packs/${pack.id}/stock`, {
      branch_id: at.branch_id,
      quantity: 12,
      expected: 0,
    })
    expect(
      back.json().packs[0].stock.find((s: { branch_id: number }) => s.branch_id === at.branch_id)
        .quantity,
    ).toBe(12)
    expect((await shop(4)).in_stock).toBe(true)
  })

  it('edits the texts in every language; search finds the new name at once', async () => {
    const product = (await call(admin, 'GET', '/admin/products/5')).json()
    const body = {
      brand: product.brand,
      name: { en: 'Sawahgrow Zinc Booster', bm: 'Penggalak Zink Sawahgrow', th: 'ซาวาห์โกรว์ ซิงค์' },
      title: product.title.bm && product.title.th ? product.title : { en: 'T', bm: 'T', th: 'T' },
      description: {
        en: product.description.en,
        bm: product.description.bm ?? product.description.en,
        th: product.description.th ?? product.description.en,
      },
      featured: true,
    }
    const res = await call(admin, 'PUT', '/admin/products/5', body)
    expect(res.statusCode).toBe(200)
    expect((await shop(5)).name.en).toBe('Sawahgrow Zinc Booster')
    const found = (await t.app.inject({ url: '/api/v1/products?market=MY&q=sawahgrow' })).json()
    expect(found.data.map((p: { id: number }) => p.id)).toContain(5)
    const empty = await call(admin, 'PUT', '/admin/products/5', {
      ...body,
      name: { en: ' ', bm: 'x', th: 'x' },
    })
    expect(empty.statusCode).toBe(400)
  })
})

describe('product photos (docs/product/back-office.md)', () => {
  const upload = (token: string, id: number, body: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}/photo`,
      headers: { ...bearer(token), 'content-type': type },
      payload: body,
    })
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 60 } } })
      .png()
      .toBuffer()

  it('stores every size the shop shows, square, and the shop shows it at once', async () => {
    const v0 = await version()
    const res = await upload(admin, 6, await picture(900, 600))
    expect(res.statusCode).toBe(200)
    const name = res.json().photo as string
    expect(name).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(await version()).toBeGreaterThan(v0)
    expect((await shop(6)).photo).toBe(name)
    const list = (await t.app.inject({ url: '/api/v1/products?market=MY&per_page=100' })).json()
    expect(list.data.find((p: { id: number }) => p.id === 6).photo).toBe(name)
    for (const size of [64, 128, 160, 240, 320, 480]) {
      const file = await t.app.inject({ url: `/api/v1/product-photos/${name}/${size}.webp` })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('image/webp')
      expect(file.headers['cache-control']).toContain('immutable')
      const meta = await sharp(file.rawPayload).metadata()
      expect([meta.width, meta.height, meta.format]).toEqual([size, size, 'webp'])
    }
  })

  it('refuses what is not a photo, a tiny one, a huge one, and non-admins; serves nothing made up', async () => {
    const text = await upload(admin, 6, Buffer.from('not a picture at all'), 'image/png')
    expect(text.json().errors[0]).toMatchObject({ field: 'photo', message: 'validation.photoType' })
    const tiny = await upload(admin, 6, await picture(100, 100))
    expect(tiny.json().errors[0]).toMatchObject({ message: 'validation.photoSmall' })
    const huge = await upload(admin, 6, Buffer.alloc(8 * 1024 * 1024 + 2048, 1))
    expect(huge.statusCode).toBe(413)
    expect((await upload(finance, 6, await picture(300, 300))).statusCode).toBe(403)
    expect((await upload(admin, 999999, await picture(300, 300))).statusCode).toBe(404)
    for (const url of [
      '/api/v1/product-photos/AAAAAAAAAAAAAAAAAAAAAA/160.webp',
      '/api/v1/product-photos/..%2F..%2Fetc/160.webp',
      '/api/v1/product-photos/AAAAAAAAAAAAAAAAAAAAAA/161.webp',
    ])
      expect([400, 404]).toContain((await t.app.inject({ url })).statusCode)
  })

  it('removes a photo: the shop shows the category’s picture again, audited, admin only', async () => {
    const name = (await upload(admin, 7, await picture(300, 300))).json().photo as string
    const remove = (token: string, id = 7) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/products/${id}/photo`,
        headers: bearer(token),
      })
    expect((await remove(finance)).statusCode).toBe(403)
    expect((await remove(admin, 999999)).statusCode).toBe(404)
    const v0 = await version()
    const res = await remove(admin)
    expect(res.statusCode).toBe(200)
    expect(res.json().photo).toBeNull()
    expect(await version()).toBeGreaterThan(v0)
    expect((await shop(7)).photo).toBeNull()
    const audit = await t.app.inject({
      url: '/api/v1/admin/audit?subject_type=product&subject_id=7',
      headers: bearer(admin),
    })
    expect(audit.json().data[0]).toMatchObject({
      action: 'product.photo',
      before: { photo: name },
      after: { photo: null },
    })
  })
})

describe('new products, new packs, hiding (docs/product/back-office.md)', () => {
  const texts = (en: string) => ({ en, bm: `${en} (BM)`, th: `${en} (TH)` })
  const newProduct = {
    brand: 'Sawahgrow',
    name: texts('Sawahgrow Silica Shield'),
    title: texts('Silica foliar spray for stronger stems'),
    description: texts('Strengthens rice stems against lodging.'),
    featured: false,
    category: 'fertilizer',
    pack: {
      sku: 'sgs-500ml',
      label: texts('500 ml'),
      price_my_minor: 2890,
      price_th_minor: null,
    },
  }

  it('creates a product with its first pack; the shop lists it (out of stock) and finds it', async () => {
    const res = await call(admin, 'POST', '/admin/products', newProduct)
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      group: 'agrochems',
      hidden: false,
      packs: [{ sku: 'SGS-500ML' }],
    })
    const page = await shop(created.id)
    expect(page.price_from).toEqual({ amount_minor: 2890, currency: 'MYR' })
    expect(page.in_stock).toBe(false)
    const found = (await t.app.inject({ url: '/api/v1/products?market=MY&q=silica' })).json()
    expect(found.data.map((p: { id: number }) => p.id)).toContain(created.id)
    // Not sold in Thailand: not in the Thai list.
    const th = (await t.app.inject({ url: '/api/v1/products?market=TH&q=silica' })).json()
    expect(th.data.map((p: { id: number }) => p.id)).not.toContain(created.id)

    // Never stocked yet: every branch is listed at 0, and a count makes it in stock.
    const kedah = created.packs[0].stock.find((s: { market: string }) => s.market === 'MY')
    expect(kedah.quantity).toBe(0)
    const stocked = await call(
      admin,
      'PUT',
      `/admin/products/${created.id}/packs/${created.packs[0].id}/stock`,
      {
        branch_id: kedah.branch_id,
        quantity: 10,
        expected: 0,
      },
    )
    expect(stocked.statusCode).toBe(200)
    expect((await shop(created.id)).in_stock).toBe(true)

    const again = await call(admin, 'POST', '/admin/products', newProduct)
    expect(again.json().errors[0]).toMatchObject({ field: 'sku', message: 'validation.skuTaken' })
    const pack = await call(admin, 'POST', `/admin/products/${created.id}/packs`, {
      sku: 'SGS-1L',
      label: texts('1 L'),
      price_my_minor: 4990,
      price_th_minor: 120000,
    })
    expect(pack.json().packs.map((p: { sku: string }) => p.sku)).toEqual(['SGS-500ML', 'SGS-1L'])
    const bad = await call(admin, 'POST', '/admin/products', { ...newProduct, category: 'weapons' })
    expect(bad.statusCode).toBe(400)
  })

  it('hides a product from lists, its page, the cart and checkout; shows it again', async () => {
    const token = (await loginTokens(t.app, '+60120000001')).access_token
    // A pack on a Malaysian shelf, and its product.
    const { branchId, packs } = await packsAtOneBranch(t.db.db, 5)
    const [row] = await t.db.db
      .select({ productId: productVariations.productId })
      .from(productVariations)
      .where(eq(productVariations.id, packs[0]!.id))
    const id = row!.productId
    const pack = { id: packs[0]!.id }
    const cart = (count: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/me/cart/lines/${pack.id}`,
        headers: bearer(token),
        payload: { count },
      })
    expect((await cart(1)).statusCode).toBe(200)
    expect(
      (await call(admin, 'PUT', `/admin/products/${id}/visibility`, { hidden: true })).json()
        .hidden,
    ).toBe(true)
    expect((await t.app.inject({ url: `/api/v1/products/${id}?market=MY` })).statusCode).toBe(404)
    const list = (await t.app.inject({ url: '/api/v1/products?market=MY&per_page=100' })).json()
    expect(list.data.map((p: { id: number }) => p.id)).not.toContain(id)
    // In the cart already: not for sale, and checkout refuses it.
    const lines = (await t.app.inject({ url: '/api/v1/me/cart', headers: bearer(token) })).json()
      .lines as { variation_id: number; available: boolean }[]
    expect(lines.find((l) => l.variation_id === pack.id)?.available).toBe(false)
    expect((await cart(2)).json().code).toBe('NOT_FOR_SALE')
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
      payload: {
        fulfilment: 'pickup',
        payment: 'credits',
        branch_id: branchId,
        pin: '390571',
      },
    })
    expect(order.json().code).toBe('NOT_FOR_SALE')
    // Admin still sees it; shown again, it is back everywhere.
    expect((await call(admin, 'GET', `/admin/products/${id}`)).json().hidden).toBe(true)
    await call(admin, 'PUT', `/admin/products/${id}/visibility`, { hidden: false })
    expect((await t.app.inject({ url: `/api/v1/products/${id}?market=MY` })).statusCode).toBe(200)
  })
})
