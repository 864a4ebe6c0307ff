import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { fieldErrorKeys } from '../../../test/field-errors.ts'

let t: TestApp
let siti: string
let somchai: string
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' })
  siti = (await loginTokens(t.app, '+60120000002')).access_token
  somchai = (await loginTokens(t.app, '+66800000001')).access_token
})
afterAll(async () => t.close())

const home = {
  name: 'Rumah',
  address: 'Lot 12, Jalan Bendang',
  city: 'Sekinchan',
  state: 'MY-10',
  postcode: '45400',
}
const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

describe('delivery addresses (docs/product/orders-and-payments.md)', () => {
  it('needs every field, a state of the customer’s country and the postcode’s state', async () => {
    for (const field of Object.keys(home)) {
      const res = await call(siti, 'POST', '/me/addresses', { ...home, [field]: '  ' })
      expect(res.statusCode, field).toBe(400)
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    const thai = await call(siti, 'POST', '/me/addresses', { ...home, state: 'TH-72' })
    expect(fieldErrorKeys(thai.json().errors)).toEqual([
      { field: 'state', message: 'validation.stateRequired' },
    ])
    const wrongState = await call(siti, 'POST', '/me/addresses', { ...home, state: 'MY-02' })
    expect(fieldErrorKeys(wrongState.json().errors)).toEqual([
      { field: 'postcode', message: 'validation.postcodeNotInState' },
    ])
    const control = await call(siti, 'POST', '/me/addresses', { ...home, address: 'a\u0000b' })
    expect(control.statusCode).toBe(400)
    expect((await call(siti, 'GET', '/me/addresses')).json().data).toEqual([])
  })

  it('makes the first address the default, moves the default, and never deletes it', async () => {
    const first = await call(siti, 'POST', '/me/addresses', home)
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      ...home,
      country: 'MY',
      is_default: true,
      state_name: { en: 'Selangor' },
    })
    const farm = (
      await call(siti, 'POST', '/me/addresses', {
        ...home,
        name: 'Sawah',
        address: 'Blok C, Parit 5',
      })
    ).json()
    expect(farm.is_default).toBe(false)

    const refused = await call(siti, 'DELETE', `/me/addresses/${first.json().id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'ADDRESS_IS_DEFAULT',
      message: 'Cannot delete the default address',
    })

    // Ten taps on "make default" at once leave exactly one default.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(siti, 'POST', `/me/addresses/${i % 2 ? farm.id : first.json().id}/default`),
      ),
    )
    const list = (await call(siti, 'GET', '/me/addresses')).json().data
    expect(list.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1)
    expect(list[0].is_default).toBe(true)

    await call(siti, 'POST', `/me/addresses/${farm.id}/default`)
    expect((await call(siti, 'DELETE', `/me/addresses/${first.json().id}`)).statusCode).toBe(204)
    const edited = await call(siti, 'PUT', `/me/addresses/${farm.id}`, {
      ...home,
      name: 'Sawah utama',
    })
    expect(edited.json()).toMatchObject({ name: 'Sawah utama', is_default: true })
  })

  it('keeps each customer’s addresses their own', async () => {
    const [mine] = (await call(siti, 'GET', '/me/addresses')).json().data
    for (const [method, url, body] of [
      ['PUT', `/me/addresses/${mine.id}`, home],
      ['POST', `/me/addresses/${mine.id}/default`, undefined],
      ['DELETE', `/me/addresses/${mine.id}`, undefined],
    ] as const) {
      const res = await call(somchai, method, url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await call(somchai, 'GET', '/me/addresses')).json().data).toEqual([])
    expect((await call(siti, 'GET', '/me/addresses')).json().data[0]).toEqual(mine)
    expect((await t.app.inject({ url: '/api/v1/me/addresses' })).statusCode).toBe(401)
    expect((await call(siti, 'PUT', '/me/addresses/abc', home)).statusCode).toBe(400)
  })

  it('holds at most 10 addresses', async () => {
    const have = (await call(siti, 'GET', '/me/addresses')).json().data.length
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(siti, 'POST', '/me/addresses', { ...home, name: `A${i}` }),
      ),
    )
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10 - have)
    expect((await call(siti, 'GET', '/me/addresses')).json().data).toHaveLength(10)
  })
})
