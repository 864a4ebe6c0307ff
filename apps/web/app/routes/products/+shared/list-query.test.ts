import { LIST_BOOLEAN_VALUES, PRODUCT_LIST_LIMITS } from '@padi/domain/catalogue/catalogue'
import { ProductListQuerySchema } from '@padi/domain/catalogue/schemas'
import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  apiListQuery,
  listSearch,
  parsePrice,
  readListQuery,
  sortChoices,
  sortSelectValue,
} from './list-query.ts'

const read = (search: string, group: 'agrochems' | 'drones' = 'agrochems') =>
  readListQuery(new URLSearchParams(search), group)

describe('product list URL', () => {
  it('treats the empty fields a GET form sends as not set', () => {
    const { state, ignored } = read('q=&sort=&category=&brand=&min_price=&max_price=')
    expect(ignored).toEqual([])
    expect(listSearch(state)).toBe('')
    expect(apiListQuery(state, 'agrochems', 'MY')).toMatchObject({
      group: 'agrochems',
      market: 'MY',
      per_page: 24,
      q: undefined,
      sort: undefined,
    })
  })

  it('leaves out values the API would refuse and names them', () => {
    const { state, ignored } = read('category=batteries&min_price=abc&sort=cheap&in_stock=maybe')
    expect(ignored).toEqual(['category', 'min_price', 'in_stock', 'sort'])
    expect(state).toMatchObject({ category: '', min_price: '', sort: '', in_stock: false })
    expect(read('category=batteries', 'drones').ignored).toEqual([])
  })

  it('passes whole or decimal prices in major units and keeps the order of parameters', () => {
    const { state } = read('in_stock=true&min_price=12.5&max_price=1,200&sort=price_desc&q=urea')
    expect(apiListQuery(state, 'agrochems', 'TH')).toMatchObject({
      min_price: 12.5,
      max_price: 1200,
      in_stock: 'true',
      sort: 'price_desc',
      q: 'urea',
    })
    expect(listSearch(state, { cursor: 'abc' })).toBe(
      '?q=urea&min_price=12.5&max_price=1%2C200&in_stock=true&sort=price_desc&cursor=abc',
    )
    expect(activeFilterCount(state)).toBe(3)
    expect(parsePrice('-1')).toBeNull()
    expect(parsePrice('1e3')).toBeNull()
  })

  it('offers best match only while searching, and six sorts (docs/product/limits.md)', () => {
    expect(sortChoices(false).map((c) => c.value)).toEqual([
      '',
      'title_desc',
      'price_asc',
      'price_desc',
      'brand_asc',
      'brand_desc',
    ])
    expect(sortChoices(true)[0]).toEqual({ value: '', key: 'products.sort.relevance' })
    expect(sortChoices(true)).toHaveLength(7)
    expect(sortSelectValue(read('sort=title_asc').state)).toBe('')
    expect(sortSelectValue(read('sort=title_asc&q=x').state)).toBe('title_asc')
  })
})

describe('the list query and the API agree', () => {
  it('read yes and no the same way, and refuse the same values', () => {
    for (const value of [...LIST_BOOLEAN_VALUES, 'yes', 'maybe']) {
      const web = readListQuery(new URLSearchParams({ in_stock: value }), 'agrochems')
      const api = ProductListQuerySchema.safeParse({ in_stock: value })
      expect(web.ignored.includes('in_stock'), value).toBe(!api.success)
      if (api.success) expect(web.state.in_stock, value).toBe(api.data.in_stock)
    }
  })

  it('cut search text at the API limit', () => {
    const long = 'a'.repeat(PRODUCT_LIST_LIMITS.qMax + 1)
    expect(readListQuery(new URLSearchParams({ q: long }), null).ignored).toContain('q')
    expect(ProductListQuerySchema.safeParse({ q: long }).success).toBe(false)
  })
})
