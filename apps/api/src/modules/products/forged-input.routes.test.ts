import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { PRODUCT_SORTS } from '@padi/domain/catalogue/catalogue'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const SORTS = [undefined, ...PRODUCT_SORTS] as const

/** docs/security.md "forged catalogue cursors and ids": 400 with a stable code, never a 5xx. */
describe('forged cursors and ids never reach SQL nor give a 500 (row 51)', () => {
  let t: TestApp
  beforeAll(async () => {
    // The answer cache would hide repeated requests from the database; these must reach it.
    t = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '0', RATE_LIMIT_MAX: '100000' })
  })
  afterAll(() => t.close())
  const list = (query: string) => t.app.inject({ url: `/api/v1/products?${query}` })

  it('the reproductions answer 400 VALIDATION_FAILED, never 500', async () => {
    const cases: [string | undefined, unknown][] = [
      [undefined, ['a', 'notanumber']],
      ['price_asc', [2147483648, 1]],
      ['price_asc', [1e300, 1]],
      ['price_asc', [-1.5, 1]],
      ['price_asc', ['Karah-75', 3]], // a name cursor sent with a price sort
      ['price_desc', [100, 2147483648]],
      ['title_asc', ['a', 1e300]],
      ['title_asc', ['a', -1.5]],
      ['title_asc', ['a\u0000b', 1]],
      ['brand_asc', ['x', 'y', 'z']],
      ['brand_desc', ['x', 2, 3]],
      [undefined, ['a']],
      [undefined, { a: 1 }],
      [undefined, null],
    ]
    for (const [sort, value] of cases) {
      const res = await list(`${sort ? `sort=${sort}&` : ''}cursor=${b64(value)}`)
      expect(res.statusCode, `${sort} ${JSON.stringify(value)}`).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    }
    // Best match (a search without a sort): part, name, id.
    for (const value of [
      [7, 'a', 1],
      ['0', 'a', 1],
      [0, 'a', 2147483648],
    ]) {
      const res = await list(`q=karah&cursor=${b64(value)}`)
      expect(res.statusCode, JSON.stringify(value)).toBe(400)
    }
    for (const raw of ['%00', 'not*base64', 'YQ', '']) {
      const res = await list(`cursor=${raw}`)
      expect(res.statusCode, raw).toBeLessThan(500)
    }
    // NUL in a search or brand cannot reach PostgreSQL either.
    expect((await list('q=a%00b')).statusCode).toBe(400)
    expect((await list('brand=a%00b')).statusCode).toBe(400)
  })

  it('ids outside the column answer 400, unknown ones 404, never 500', async () => {
    for (const id of ['2147483648', '-1', '0', '1.5', 'abc', '99999999999999999999', '1e300']) {
      const res = await t.app.inject({ url: `/api/v1/products/${id}` })
      expect(res.statusCode, id).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    expect((await t.app.inject({ url: '/api/v1/products/2147483647' })).statusCode).toBe(404)
  })

  it('a valid cursor still pages', async () => {
    for (const sort of SORTS) {
      const first = (await list(`per_page=5${sort ? `&sort=${sort}` : ''}`)).json()
      const next = await list(
        `per_page=5${sort ? `&sort=${sort}` : ''}&cursor=${first.next_cursor}`,
      )
      expect(next.statusCode, String(sort)).toBe(200)
    }
  })

  it('property: random and mutated cursors and ids never give 5xx', async () => {
    const pages = new Map<string, unknown[]>()
    for (const sort of SORTS) {
      const q = sort ? `sort=${sort}` : 'q=herbicide'
      const cursor = (await list(`per_page=3&${q}`)).json().next_cursor as string
      pages.set(q, JSON.parse(Buffer.from(cursor, 'base64url').toString()))
    }
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constantFrom(2147483648, -2147483649, 1e300, -1.5, Number.MAX_SAFE_INTEGER, 0),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
    )
    const mutated = fc
      .tuple(fc.constantFrom(...pages.keys()), fc.nat(2), anyValue)
      .map(([q, i, v]) => {
        const values = [...pages.get(q)!]
        values[i % values.length] = v
        return { q, cursor: b64(values) }
      })
    const random = fc.tuple(
      fc.constantFrom(...pages.keys()),
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.array(anyValue, { maxLength: 4 }).map(b64),
        anyValue.map(b64),
      ),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutated,
          random.map(([q, cursor]) => ({ q, cursor })),
        ),
        async (c) => {
          const res = await list(`${c.q}&cursor=${encodeURIComponent(c.cursor)}`)
          expect(res.statusCode, `${c.q} ${c.cursor}`).toBeLessThan(500)
        },
      ),
      { numRuns: 200 },
    )
    const anyId = fc.oneof(
      fc.bigInt().map(String),
      fc.double().map(String),
      fc.string({ maxLength: 30 }),
    )
    await fc.assert(
      fc.asyncProperty(anyId, async (id) => {
        const res = await t.app.inject({ url: `/api/v1/products/${encodeURIComponent(id)}` })
        expect(res.statusCode, id).toBeLessThan(500)
      }),
      { numRuns: 200 },
    )
  })
})
