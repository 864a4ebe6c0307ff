import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { seedDemoData } from '@padi/db/seed/run-seed'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

type Item = {
  slug: string
  category: string
  spray_when: { en: string; bm?: string; th?: string } | null
}
type List = {
  data: Item[]
  has_more: boolean
  next_cursor: string | null
  problem: { id: string; kind: string; name: { en: string; bm?: string; th?: string } } | null
}

/**
 * docs/product/catalogue.md (Search by the problem in the field): a farmer finds the products for
 * a weed, pest or disease by any of its common names, in each language, on the demo catalogue;
 * and a search that names one finds nothing its label does not control.
 */
describe('GET /api/v1/products?q=<a weed, pest or disease>', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  async function search(q: string, market = 'MY'): Promise<List> {
    const items: Item[] = []
    let cursor: string | null = null
    let first: List | null = null
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        url: `/api/v1/products?${new URLSearchParams({ q, market, per_page: '5', ...(cursor ? { cursor } : {}) })}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json() as List
      first ??= page
      expect(page.problem).toEqual(first.problem)
      items.push(...page.data)
      if (!page.has_more) return { ...first, data: items }
      cursor = page.next_cursor
    }
    throw new Error('paging did not end')
  }

  // Each language's names, with the products each must find (all of them, and no other).
  const EXPECTED: Record<string, string[]> = {
    weedy_rice: ['glipro-41', 'glufos-150sl'],
    brown_planthopper: [
      'benastop-50wg',
      'bupro-25wp',
      'dinofu-20sg',
      'imida-200sl',
      'tiamet-25wg',
      'trimezo-10sc',
    ],
    rice_blast: [
      'azodif-325sc',
      'difeno-250ec',
      'heksa-50sc',
      'isopro-40ec',
      'karah-75',
      'kasuga-2sl',
      'leherkuat-525se',
    ],
    sheath_blight: [
      'azodif-325sc',
      'heksa-50sc',
      'propi-250ec',
      'seludang-250sc',
      'trifloxy-50wg',
      'validam-3l',
    ],
    golden_apple_snail: ['metal-6-pellet', 'siput-x-70wp'],
    stem_borer: ['batang-pro-5sc', 'fipro-50sc', 'flubendi-20wg', 'kartap-50sp'],
  }
  const NAMES: Record<'en' | 'bm' | 'th', [string, keyof typeof EXPECTED][]> = {
    en: [
      ['weedy rice', 'weedy_rice'],
      ['brown planthopper', 'brown_planthopper'],
      ['rice blast', 'rice_blast'],
      ['sheath blight', 'sheath_blight'],
      ['golden apple snail', 'golden_apple_snail'],
      ['stem borer', 'stem_borer'],
    ],
    bm: [
      ['padi angin', 'weedy_rice'],
      ['padiangin', 'weedy_rice'],
      ['bena perang', 'brown_planthopper'],
      ['karah', 'rice_blast'],
      ['hawar seludang', 'sheath_blight'],
      ['siput gondang', 'golden_apple_snail'],
      ['pengorek batang', 'stem_borer'],
    ],
    th: [
      ['ข้าววัชพืช', 'weedy_rice'],
      ['เพลี้ยกระโดดสีน้ำตาล', 'brown_planthopper'],
      ['โรคไหม้', 'rice_blast'],
      ['โรคกาบใบแห้ง', 'sheath_blight'],
      ['หอยเชอรี่', 'golden_apple_snail'],
      ['หนอนกอข้าว', 'stem_borer'],
    ],
  }

  for (const [language, names] of Object.entries(NAMES)) {
    describe(`in ${language}`, () => {
      it.each(names)(
        '“%s” finds the products whose label controls it, each with when to spray',
        async (q, id) => {
          // Both markets: a product sold in one only is found there.
          const [my, th] = await Promise.all([search(q, 'MY'), search(q, 'TH')])
          expect(my.problem?.id).toBe(id)
          const found = [...new Set([...my.data, ...th.data].map((p) => p.slug))].sort()
          expect(found).toEqual(EXPECTED[id])
          for (const item of [...my.data, ...th.data]) {
            expect(item.spray_when?.en, item.slug).toMatch(/\w/)
            expect(item.spray_when?.bm, item.slug).toMatch(/\w/)
            expect(item.spray_when?.th, item.slug).toMatch(/\p{Script=Thai}/u)
          }
        },
      )
    })
  }

  it('finds nothing unrelated: no fertiliser for padi angin, no fungicide for a pest, no herbicide for a disease', async () => {
    const categories = async (q: string) => (await search(q)).data.map((p) => p.category)
    for (const q of ['padi angin', 'padiangin', 'weedy rice', 'ข้าววัชพืช'])
      expect(new Set(await categories(q))).toEqual(new Set(['herbicide']))
    for (const q of ['bena perang', 'siput gondang', 'stem borer'])
      expect(new Set(await categories(q))).toEqual(new Set(['insecticide']))
    for (const q of ['karah', 'hawar seludang', 'โรคไหม้'])
      expect(new Set(await categories(q))).toEqual(new Set(['fungicide']))
  })

  it('says the problem in every language, and a plain search names none', async () => {
    const list = await search('bena perang')
    expect(list.problem).toEqual({
      id: 'brown_planthopper',
      kind: 'pest',
      name: { en: 'brown planthopper', bm: 'bena perang', th: 'เพลี้ยกระโดดสีน้ำตาล' },
    })
    const plain = await search('urea')
    expect(plain.problem).toBeNull()
    expect(plain.data.length).toBeGreaterThan(0)
    expect(plain.data.every((p) => p.spray_when === null)).toBe(true)
  })

  it('best match still puts the product called what was typed first, then the rest by name, across pages', async () => {
    const slugs = (await search('karah')).data.map((p) => p.slug)
    expect(slugs[0]).toBe('karah-75')
    expect(slugs.slice(1)).toEqual([...slugs.slice(1)].sort())
    expect(new Set(slugs).size).toBe(slugs.length)
  })

  it('a catalogue seeded before products said what they control is filled by slug at the next start', async () => {
    const read = async () =>
      (
        (await t.db.db.execute(
          sql`select controls, spray_when from products where slug = 'glipro-41'`,
        )) as unknown as { rows: { controls: string[]; spray_when: { en: string } | null }[] }
      ).rows[0]
    await t.db.db.execute(sql`update products set controls = '{}', spray_when = null`)
    expect(await read()).toEqual({ controls: [], spray_when: null })
    await seedDemoData(t.db.db)
    expect(await read()).toMatchObject({
      controls: ['weedy_rice'],
      spray_when: { en: 'Spray 10–14 days before final puddling or on bunds and channels only.' },
    })
  })

  it('the other filters still apply (the in-stock list of a category, sorted)', async () => {
    const res = await t.app.inject({
      url: '/api/v1/products?q=karah&sort=price_asc&category=fungicide&market=MY',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json() as List
    expect(body.problem?.id).toBe('rice_blast')
    expect(body.data.length).toBeGreaterThan(1)
  })
})

describe('GET /api/v1/products/suggestions', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const suggest = async (q: string, locale: string) => {
    const res = await t.app.inject({
      url: `/api/v1/products/suggestions?${new URLSearchParams({ q, locale })}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { data: { text: string; kind: string }[] }).data
  }

  it('suggests problems in the asked language first, then products by name', async () => {
    expect(await suggest('bena', 'bm')).toEqual(
      expect.arrayContaining([
        { text: 'bena perang', kind: 'pest' },
        { text: 'BenaStop 50WG', kind: 'product' },
      ]),
    )
    expect((await suggest('padi a', 'bm'))[0]).toEqual({ text: 'padi angin', kind: 'weed' })
    expect((await suggest('weedy', 'en'))[0]).toEqual({ text: 'weedy rice', kind: 'weed' })
    expect((await suggest('หอย', 'th'))[0]).toEqual({ text: 'หอยเชอรี่', kind: 'pest' })
    expect((await suggest('kar', 'en')).map((s) => s.text)).toEqual(
      expect.arrayContaining(['karah', 'Karah-75']),
    )
  })

  it('one letter, NUL or a long text suggest nothing or are refused, never a 5xx', async () => {
    expect(await suggest('b', 'en')).toEqual([])
    for (const q of ['a\u0000b', 'x'.repeat(101)]) {
      const res = await t.app.inject({
        url: `/api/v1/products/suggestions?${new URLSearchParams({ q })}`,
      })
      expect(res.statusCode).toBe(400)
    }
    const res = await t.app.inject({ url: '/api/v1/products/suggestions?q=%25_%5C&locale=th' })
    expect(res.statusCode).toBe(200)
  })
})
