import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ALL_CATEGORIES, PRODUCT_GROUPS, PRODUCT_SORTS } from '@padi/domain/catalogue/catalogue'
import { checkQuantity } from './catalogue-data.ts'

type Catalogue = { [key: string]: string | Catalogue }

const load = (locale: string): Catalogue =>
  JSON.parse(
    readFileSync(new URL(`../../../locales/${locale}/products.json`, import.meta.url), 'utf8'),
  ) as Catalogue

function keys(node: Catalogue, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  )
}

describe('products catalogue', () => {
  const en = load('en')
  it.each(['bm', 'th'])('%s has exactly the English keys, translated', (locale) => {
    const other = load(locale)
    expect(keys(other).sort()).toEqual(keys(en).sort())
    expect((other.results as Catalogue).empty).not.toBe((en.results as Catalogue).empty)
  })

  it('names every group, category and sort', () => {
    const names = keys(en)
    for (const g of PRODUCT_GROUPS) expect(names).toContain(`groups.${g}`)
    for (const c of ALL_CATEGORIES) expect(names).toContain(`categories.${c}`)
    for (const s of PRODUCT_SORTS) expect(names).toContain(`sort.${s}`)
  })

  it('uses the docs/product/errors.md wording for the list states', () => {
    expect((en.results as Catalogue).empty).toBe('No products found.')
    expect((en.results as Catalogue).error).toBe('There was a problem loading the list.')
  })
})

describe('checkQuantity (docs/product/catalogue.md: quantity)', () => {
  it('takes a whole number from 1 to 999', () => {
    expect(checkQuantity('1')).toEqual({ ok: true, quantity: 1 })
    expect(checkQuantity(' 999 ')).toEqual({ ok: true, quantity: 999 })
  })
  it('says why a quantity cannot be used instead of changing it', () => {
    expect(checkQuantity('0')).toEqual({ ok: false, error: 'products.detail.quantityLow' })
    expect(checkQuantity('1000')).toEqual({ ok: false, error: 'products.detail.quantityHigh' })
    expect(checkQuantity('2.5')).toEqual({ ok: false, error: 'products.detail.quantityWhole' })
    expect(checkQuantity('-3')).toEqual({ ok: false, error: 'products.detail.quantityWhole' })
    expect(checkQuantity('')).toEqual({ ok: false, error: 'products.detail.quantityWhole' })
  })
})
