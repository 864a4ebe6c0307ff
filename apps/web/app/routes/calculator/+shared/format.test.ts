import { describe, expect, it } from 'vitest'
import {
  displayArea,
  displayLitres,
  displayProductAmount,
  formatDecimal,
  pluralForm,
} from './format.ts'

describe('formatDecimal', () => {
  it('groups thousands and drops trailing zeros in every language (docs/product/shell.md)', () => {
    expect(formatDecimal(1234.5, 'en', 2)).toBe('1,234.5')
    expect(formatDecimal(1234.5, 'bm', 2)).toBe('1,234.5')
    expect(formatDecimal(1234.5, 'th', 2)).toBe('1,234.5')
    expect(formatDecimal(24, 'en', 1)).toBe('24')
  })

  it('rounds decimal ties the way people do (1.005 → 1.01)', () => {
    expect(formatDecimal(1.005, 'en', 2)).toBe('1.01')
    expect(formatDecimal(1.43888228352, 'en', 4)).toBe('1.4389')
  })

  it('shows a tiny non-zero value with 3 significant digits instead of 0', () => {
    expect(formatDecimal(0.0000092903, 'en', 4)).toBe('0.00000929')
    expect(formatDecimal(0, 'en', 4)).toBe('0')
  })
})

describe('pluralForm', () => {
  it('only English distinguishes one from many', () => {
    expect(pluralForm(1, 'en')).toBe('one')
    expect(pluralForm(2, 'en')).toBe('other')
    expect(pluralForm(1.5, 'en')).toBe('other')
    expect(pluralForm(1, 'bm')).toBe('other')
    expect(pluralForm(1, 'th')).toBe('other')
  })
})

describe('display rounding', () => {
  it('rounds areas per unit with the domain rule (§2.2: 5 relong is 1.4389 ha)', () => {
    expect(displayArea(1.43888228352, 'hectare')).toEqual({ value: 1.4389, decimals: 4 })
    expect(displayArea(7300.004, 'square_metre')).toEqual({ value: 7300, decimals: 2 })
  })

  it('shows product like the §2.2 worked example: 431.7 mL, 24 mL per tank', () => {
    expect(displayProductAmount(431.664685056, 'ml')).toEqual({
      value: 431.7,
      decimals: 1,
      unit: 'ml',
    })
    expect(displayProductAmount(24, 'ml')).toEqual({ value: 24, decimals: 1, unit: 'ml' })
    expect(displayProductAmount(6.254, 'g')).toEqual({ value: 6.25, decimals: 2, unit: 'g' })
  })

  it('switches to L and kg from 1,000 mL or g', () => {
    expect(displayProductAmount(2500, 'ml')).toEqual({ value: 2.5, decimals: 2, unit: 'l' })
    expect(displayProductAmount(143_888.2, 'g')).toEqual({ value: 143.89, decimals: 2, unit: 'kg' })
    expect(displayProductAmount(999.9, 'ml').unit).toBe('ml')
  })

  it('shows water as 287.8 L and small volumes with 2 decimals', () => {
    expect(displayLitres(287.776456704)).toEqual({ value: 287.8, decimals: 1 })
    expect(displayLitres(28.7776)).toEqual({ value: 28.8, decimals: 1 })
    expect(displayLitres(3.2)).toEqual({ value: 3.2, decimals: 2 })
    expect(displayLitres(0.456)).toEqual({ value: 0.46, decimals: 2 })
  })
})
