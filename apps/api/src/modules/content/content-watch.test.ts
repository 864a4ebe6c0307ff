import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Db } from '@padi/db/client'
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { CONTENT_CHECK_EVERY_MS, createContentWatch } from './content-watch.ts'

/**
 * A database that answers the content version the test sets, or fails when it is null, and counts
 * its readings.
 */
function fakeVersionDb() {
  const state = { version: 0 as number | null, readings: 0 }
  const db = {
    execute: async () => {
      state.readings++
      if (state.version === null) throw new Error('connection lost')
      return { rows: [{ last_value: state.version, is_called: true }] }
    },
  } as unknown as Db
  return { db, state }
}

describe('the content watch', () => {
  it('reads the version at most once an interval, and tells its listeners when it moved', async () => {
    const { db, state } = fakeVersionDb()
    let now = 0
    const watch = createContentWatch(db, { now: () => now })
    let changes = 0
    watch.onChange(() => changes++)
    state.version = 7
    await watch.sync()
    expect([state.readings, changes]).toEqual([1, 0])
    // Another instance moves the version: not read again within the interval.
    state.version = 8
    now += CONTENT_CHECK_EVERY_MS - 1
    await watch.sync()
    expect([state.readings, changes]).toEqual([1, 0])
    now += 1
    await watch.sync()
    expect([state.readings, changes]).toEqual([2, 1])
    // The same version later on: nothing to drop.
    now += CONTENT_CHECK_EVERY_MS
    await watch.sync()
    expect([state.readings, changes]).toEqual([3, 1])
  })

  it('answers requests arriving together with one reading', async () => {
    const { db, state } = fakeVersionDb()
    const watch = createContentWatch(db, { now: () => 0 })
    await Promise.all([watch.sync(), watch.sync(), watch.sync()])
    expect(state.readings).toBe(1)
  })

  it('keeps what is there when a reading fails, and compares with the last version read', async () => {
    const { db, state } = fakeVersionDb()
    let now = 0
    const watch = createContentWatch(db, { now: () => now })
    let changes = 0
    watch.onChange(() => changes++)
    state.version = 3
    await watch.sync()
    state.version = null
    now += CONTENT_CHECK_EVERY_MS
    await expect(watch.sync()).resolves.toBeUndefined()
    expect([state.readings, changes]).toEqual([2, 0])
    state.version = 4
    now += CONTENT_CHECK_EVERY_MS
    await watch.sync()
    expect([state.readings, changes]).toEqual([3, 1])
  })
})

/**
 * docs/product/back-office.md (Changes show at once) with two API instances on one database: an
 * admin's change on one reaches the other's catalogue answers and branches within a second, though
 * each keeps its own copies in memory for much longer.
 */
describe('two API instances, one database', () => {
  let a: TestApp
  let b: FastifyInstance
  let admin = ''
  // The apps build their watches themselves, on Date.now: moving it on by the watch's interval
  // lets the next request read the version at once, where the test used to sleep for a second.
  let skipped = 0
  const intervalPasses = () => void (skipped += CONTENT_CHECK_EVERY_MS)
  beforeAll(async () => {
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skipped)
    a = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '600000' })
    b = await secondInstance(a)
    admin = (await loginTokens(a.app, '+60120000005')).access_token
  })
  afterAll(async () => {
    vi.mocked(Date.now).mockRestore()
    await b.close()
    await a.close()
  })

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
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/1/packs/${pack.id}/prices`,
      headers: bearer(admin),
      payload: { price_my_minor: 4321, price_th_minor: pack.price_th_minor },
    })
    expect(res.statusCode).toBe(200)
    intervalPasses()
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
    intervalPasses()
    expect((await list(b)).find((x) => x.id === branch.id)?.phone).toBe('+6049990000')
  })
})
