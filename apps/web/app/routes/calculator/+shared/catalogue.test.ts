import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AREA_UNITS } from '@padi/domain/calculators/area-units'
import { CALCULATOR_ERRORS } from '@padi/domain/calculators/calculator-errors'
import {
  INPUT_CALCULATION_WARNINGS,
  PRODUCT_UNITS,
  SPRAYER_TYPES,
} from '@padi/domain/calculators/input-calculation'
import { RATE_KINDS } from './input-form.ts'

type Catalogue = { [key: string]: string | Catalogue }

function load(locale: string, namespace: string): Catalogue {
  const url = new URL(`../../../locales/${locale}/${namespace}.json`, import.meta.url)
  return { [namespace]: JSON.parse(readFileSync(url, 'utf8')) as Catalogue }
}

function lookup(catalogue: Catalogue, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue)
}

const LOCALES = ['en', 'bm', 'th'] as const

// The domain reports errors and warnings as catalogue keys; each must read as text in all three.
const REQUIRED_KEYS = [
  ...Object.values(CALCULATOR_ERRORS),
  ...Object.values(INPUT_CALCULATION_WARNINGS),
  ...AREA_UNITS.flatMap((unit) =>
    ['name', 'one', 'other'].map((form) => `units.area.${unit}.${form}`),
  ),
  ...PRODUCT_UNITS.map((unit) => `units.product.${unit}`),
  ...RATE_KINDS.map((kind) => `calculator.input.rateKinds.${kind}`),
  ...SPRAYER_TYPES.map((type) => `calculator.input.sprayers.${type}`),
]

describe('calculator catalogues', () => {
  it.each(LOCALES)('%s defines every key the domain and pages use', (locale) => {
    const catalogue = { ...load(locale, 'calculator'), ...load(locale, 'units') }
    for (const key of REQUIRED_KEYS) {
      expect(typeof lookup(catalogue, key), key).toBe('string')
    }
  })
})
