import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { CONTENT_CHECK_EVERY_MS } from './content-watch.ts'

/**
 * docs/product/back-office.md (Changes show at once) with two API instances on one database: an
 * admin's change on one reaches the other's catalogue answers and branches within a second, though
 * each keeps its own copies in memory for much longer.
 */
describe('two API instances, one database', () => {
  let a: TestApp
  let b: FastifyInstance
  let admin = ''
  beforeAll(async () => {
    a = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '600000' })
    b = await secondInstance(a)
    admin = (await loginTokens(a.app, '+60120000005')).access_token
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })
  const wait = () => new Promise((r) => setTimeout(r, CONTENT_CHECK_EVERY_MS + 50))

  it('a price changed on one instance is answered by the other', async () => {
    const product = (
      await a.app.inject({ url: '/api/v1/admin/products/1', headers: bearer(admin) })
    ).json()
    const pack = product.packs[0]
    const priceOn = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/v1/products/1?market=MY' }))
        .json()
        .variations.find((v: { id: number }) => v.id === pack.id).price
    // Instance B has the answer in memory (for 10 minutes, by its settings).
    expect(await priceOn(b)).toEqual({ amount_minor: pack.price_my_minor, currency: 'MYR' })
    await wait()
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/1/packs/${pack.id}/prices`,
      headers: bearer(admin),
      payload: { price_my_minor: 4321, price_th_minor: pack.price_th_minor },
    })
    expect(res.statusCode).toBe(200)
    await wait()
    expect(await priceOn(b)).toEqual({ amount_minor: 4321, currency: 'MYR' })
  })

  it('a branch edited on one instance is listed anew by the other', async () => {
    const list = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/v1/branches' })).json().data as {
        id: number
        phone: string
        address: { en: string; bm: string; th: string }
        opening_hours: unknown
      }[]
    const branch = (await list(b))[0]!
    await wait()
    const put = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/branches/${branch.id}`,
      headers: bearer(admin),
      payload: {
        phone: '+6049990000',
        address: branch.address,
        opening_hours: branch.opening_hours,
      },
    })
    expect(put.statusCode).toBe(204)
    await wait()
    expect((await list(b)).find((x) => x.id === branch.id)?.phone).toBe('+6049990000')
  })
})
