import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '@padi/domain/catalogue/catalogue'
import { AGROCHEM_PRODUCTS } from './products-agrochems.ts'
import { DRONE_PRODUCTS } from './products-drones.ts'
import { DEMO_BRANCHES } from './branches.ts'

const all = [...AGROCHEM_PRODUCTS, ...DRONE_PRODUCTS]

describe('demo catalogue (docs/product/catalogue.md)', () => {
  it('has at least 80 products over every category, with unique slugs and SKUs', () => {
    expect(all.length).toBeGreaterThanOrEqual(80)
    expect(new Set(all.map((p) => p.slug)).size).toBe(all.length)
    const skus = all.flatMap((p) => p.variations.map((v) => v.sku))
    expect(new Set(skus).size).toBe(skus.length)
    for (const group of ['agrochems', 'drones'] as const) {
      const seen = new Set(all.filter((p) => p.group === group).map((p) => p.category))
      expect([...seen].sort()).toEqual([...CATEGORIES[group]].sort())
    }
  })

  it('names every product in en, bm and th and prices it in sen or satang', () => {
    for (const p of all) {
      for (const l of ['en', 'bm', 'th'] as const)
        expect(p.name[l] && p.title[l] && p.description[l]).toBeTruthy()
      expect(p.variations.length).toBeGreaterThan(0)
      for (const v of p.variations) {
        expect(v.priceMy === null || (Number.isInteger(v.priceMy) && v.priceMy > 0)).toBe(true)
        expect(v.priceTh === null || (Number.isInteger(v.priceTh) && v.priceTh > 0)).toBe(true)
        expect(v.priceMy !== null || v.priceTh !== null).toBe(true)
      }
    }
  })

  it('uses invented brands, our branches, and no external image URLs', () => {
    const realMarks = /\b(syngenta|bayer|basf|dji|xag|fmc|corteva|teejet)\b/i
    const codes = new Set(DEMO_BRANCHES.map((b) => b.code))
    for (const p of all) {
      expect(p.brand).not.toMatch(realMarks)
      expect(JSON.stringify(p)).not.toMatch(/https?:\/\//)
      for (const v of p.variations)
        for (const code of Object.keys(v.stock)) expect(codes.has(code)).toBe(true)
    }
  })

  it('gives agro-chemicals a label rate and a pre-harvest interval where the label has one', () => {
    const sprays = AGROCHEM_PRODUCTS.filter((p) =>
      ['fungicide', 'insecticide'].includes(p.category),
    )
    expect(sprays.every((p) => p.labelRate && p.preHarvestIntervalDays)).toBe(true)
  })

  it('gives the spray volume of every label mixed in water, so a dose per tank can be worked out', () => {
    // docs/product/calculators.md: the product page and the calculator state the same dose per
    // tank; without the label's volume the calculator would fall back to its own 200 L/ha.
    const sprayed = AGROCHEM_PRODUCTS.filter(
      (p) => p.labelRate && p.dilutionRate && /L\/ha/.test(p.dilutionRate),
    )
    expect(sprayed.length).toBeGreaterThan(40)
    for (const p of sprayed) expect(p.labelRate?.labelLitresPerHectare, p.slug).toBeGreaterThan(0)
  })
})
