import { describe, expect, it } from 'vitest'

import { AreaConversionInputSchema } from './area-conversion-schema.ts'
import {
  ACRE_M2,
  AREA_UNITS,
  convertAll,
  convertArea,
  formatRaiNganWah,
  fromSquareMetres,
  HECTARE_M2,
  NGAN_M2,
  parseRaiNganWah,
  RAI_M2,
  RELONG_M2,
  roundForDisplay,
  SQUARE_FOOT_M2,
  SQUARE_WAH_M2,
  toSquareMetres,
} from './area-units.ts'
import type { AreaUnit } from './area-units.ts'
import { CalculatorError } from './calculator-errors.ts'

function messagesOf(input: unknown): string[] {
  const result = AreaConversionInputSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('area factors (docs/product/calculators.md)', () => {
  it('derives the imperial factors from 1 ft = 0.3048 m', () => {
    expect(SQUARE_FOOT_M2).toBeCloseTo(0.3048 * 0.3048, 15)
    expect(ACRE_M2).toBeCloseTo(43_560 * SQUARE_FOOT_M2, 9)
    // Kedah/MADA relong is 176 ft × 176 ft, not the historical 57,600 ft² orlong (§1.2).
    expect(RELONG_M2).toBeCloseTo(176 * 176 * SQUARE_FOOT_M2, 9)
  })

  it('keeps the Thai units in their exact 1 rai = 4 ngan = 400 wah ratio', () => {
    expect(RAI_M2).toBe(4 * NGAN_M2)
    expect(NGAN_M2).toBe(100 * SQUARE_WAH_M2)
    expect(RAI_M2 / HECTARE_M2).toBe(0.16)
  })

  it('reproduces the handy derived factors to 6 dp', () => {
    expect(convertArea(1, 'hectare', 'relong')).toBeCloseTo(3.474919, 6)
    expect(convertArea(1, 'hectare', 'acre')).toBeCloseTo(2.471054, 6)
    expect(convertArea(1, 'hectare', 'rai')).toBeCloseTo(6.25, 6)
    // docs/product/calculators.md prints 1 acre = 1.406282 relong, but 43,560 ft² / 30,976 ft² is exactly
    // 1.40625 (consistent with its own 1 relong = 0.711111 acre and Perak's 1.4063).
    expect(convertArea(1, 'acre', 'relong')).toBe(1.40625)
    expect(convertArea(1, 'acre', 'rai')).toBeCloseTo(2.529285, 6)
    expect(convertArea(1, 'relong', 'acre')).toBeCloseTo(0.711111, 6)
    expect(convertArea(1, 'relong', 'rai')).toBeCloseTo(1.798603, 6)
    expect(convertArea(1, 'rai', 'relong')).toBeCloseTo(0.555987, 6)
  })
})

describe('convertArea', () => {
  it('converts 5 relong to 1.4389 ha (§2.2 worked example)', () => {
    const hectares = convertArea(5, 'relong', 'hectare')
    expect(hectares).toBeCloseTo(1.43888228352, 12)
    expect(roundForDisplay(hectares, 'hectare')).toBe(1.4389)
  })

  it('returns whole numbers where the definitions are whole numbers', () => {
    // Float noise (43,560.00000000001) would leak into the UI without stripping.
    expect(convertArea(1, 'acre', 'square_foot')).toBe(43_560)
    expect(convertArea(1, 'relong', 'square_foot')).toBe(30_976)
    expect(convertArea(43_560, 'square_foot', 'acre')).toBe(1)
    expect(convertArea(1, 'hectare', 'rai')).toBe(6.25)
    expect(convertArea(1, 'rai', 'square_wah')).toBe(400)
    expect(convertArea(1, 'ngan', 'square_metre')).toBe(400)
  })

  it('returns the input untouched when both units are the same', () => {
    expect(convertArea(0.1 + 0.2, 'relong', 'relong')).toBe(0.1 + 0.2)
  })

  it('round-trips every unit pair', () => {
    const values = [1, 0.001, 5, 7_300, 123_456.789]
    for (const from of AREA_UNITS) {
      for (const to of AREA_UNITS) {
        for (const value of values) {
          const back = convertArea(convertArea(value, from, to), to, from)
          expect(Math.abs(back - value) / value, `${value} ${from} → ${to} → ${from}`).toBeLessThan(
            1e-12,
          )
        }
      }
    }
  })

  it('agrees with toSquareMetres / fromSquareMetres', () => {
    expect(toSquareMetres(5, 'relong')).toBeCloseTo(14_388.8228352, 9)
    expect(fromSquareMetres(7_300, 'rai')).toBe(4.5625)
    for (const unit of AREA_UNITS) {
      expect(fromSquareMetres(toSquareMetres(3, unit), unit)).toBeCloseTo(3, 12)
    }
  })

  it('throws a typed error on a non-finite value or unknown unit', () => {
    expect(() => convertArea(Number.NaN, 'acre', 'hectare')).toThrow(CalculatorError)
    expect(() => convertArea(Infinity, 'acre', 'hectare')).toThrow(CalculatorError)
    try {
      convertArea(1, 'orlong' as AreaUnit, 'hectare')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(CalculatorError)
      expect((error as CalculatorError).code).toBe('calculator.errors.unitInvalid')
    }
  })
})

describe('convertAll', () => {
  it('gives the value in every unit', () => {
    const all = convertAll(1, 'hectare')
    expect(Object.keys(all).sort()).toEqual([...AREA_UNITS].sort())
    expect(all).toMatchObject({
      hectare: 1,
      square_metre: 10_000,
      rai: 6.25,
      ngan: 25,
      square_wah: 2_500,
    })
    expect(all.relong).toBeCloseTo(3.474919, 6)
    expect(all.acre).toBeCloseTo(2.471054, 6)
    expect(all.square_foot).toBeCloseTo(107_639.104167, 6)
  })
})

describe('roundForDisplay (docs/product/calculators.md: round only for display)', () => {
  it('uses 4 dp for ha, relong, acre and Thai units, 2 dp for m² and ft²', () => {
    expect(roundForDisplay(3.4749196, 'relong')).toBe(3.4749)
    expect(roundForDisplay(2.47105381, 'acre')).toBe(2.4711)
    expect(roundForDisplay(107_639.1041671, 'square_foot')).toBe(107_639.1)
    expect(roundForDisplay(14_388.8228352, 'square_metre')).toBe(14_388.82)
  })

  it('rounds decimal ties up instead of following binary error', () => {
    expect(roundForDisplay(1.005, 'square_metre')).toBe(1.01)
    expect(roundForDisplay(1.00005, 'hectare')).toBe(1.0001)
    expect(roundForDisplay(0.00000001, 'hectare')).toBe(0)
  })
})

describe('parseRaiNganWah (docs/product/calculators.md Thai compound notation)', () => {
  it.each([
    ['4-2-25', 7_300],
    ['4-2-25 ไร่', 7_300],
    ['  4 - 2 - 25  rai ', 7_300],
    ['4–2–25', 7_300],
    ['๔-๒-๒๕ ไร่', 7_300],
    ['0-0-99.5', 398],
    ['1,200-0-0', 1_920_000],
    ['4 rai 2 ngan 25 wah', 7_300],
    ['4 Rai, 2 Ngan, 25 square wah', 7_300],
    ['4 ไร่ 2 งาน 25 ตารางวา', 7_300],
    ['4ไร่2งาน25ตร.ว.', 7_300],
    ['2 ngan 25 sq wah', 900],
    ['25 wah', 100],
    ['6 ngan', 2_400],
    ['4 rai', 6_400],
    ['4', 6_400],
    ['4.5', 7_200],
  ])('%s → %d m²', (text, squareMetres) => {
    expect(parseRaiNganWah(text)).toBe(squareMetres)
  })

  it.each([
    '',
    '   ',
    'abc',
    '-4-2-25',
    '4--2-25',
    '4-2',
    '4-4-0',
    '4-2-100',
    '4-2.5-25',
    '-4',
    '−4 rai',
    '4 wah 2 rai',
    '4 acres',
    '1e3',
  ])('rejects %j', (text) => {
    expect(parseRaiNganWah(text)).toBeNull()
  })
})

describe('formatRaiNganWah', () => {
  it('formats 7,300 m² as 4-2-25', () => {
    expect(formatRaiNganWah(7_300)).toEqual({ rai: 4, ngan: 2, wah: 25, text: '4-2-25' })
  })

  it('keeps fractional wah to 2 dp', () => {
    expect(formatRaiNganWah(1_601)).toEqual({ rai: 1, ngan: 0, wah: 0.25, text: '1-0-0.25' })
    expect(formatRaiNganWah(10_000)).toEqual({ rai: 6, ngan: 1, wah: 0, text: '6-1-0' })
    expect(formatRaiNganWah(toSquareMetres(1, 'relong')).text).toBe('1-3-19.44')
  })

  it('carries a wah that rounds up to 100 into the next ngan and rai', () => {
    expect(formatRaiNganWah(1_599.99)).toEqual({ rai: 1, ngan: 0, wah: 0, text: '1-0-0' })
  })

  it('formats zero and rejects negatives', () => {
    expect(formatRaiNganWah(0).text).toBe('0-0-0')
    expect(() => formatRaiNganWah(-1)).toThrow(CalculatorError)
  })

  it('round-trips with parseRaiNganWah', () => {
    for (const text of ['0-0-1', '4-2-25', '12-3-99.75', '250-1-50']) {
      const squareMetres = parseRaiNganWah(text)
      expect(squareMetres).not.toBeNull()
      expect(formatRaiNganWah(squareMetres ?? 0).text).toBe(text)
    }
  })
})

describe('AreaConversionInputSchema', () => {
  it('coerces form strings', () => {
    expect(
      AreaConversionInputSchema.parse({ value: ' 5 ', from: 'relong', to: 'hectare' }),
    ).toEqual({ value: 5, from: 'relong', to: 'hectare' })
    expect(
      AreaConversionInputSchema.parse({ value: '1,234.5', from: 'rai', to: 'acre' }).value,
    ).toBe(1_234.5)
  })

  it('reports i18n keys, not prose', () => {
    expect(messagesOf({ value: '', from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valueRequired',
    ])
    expect(messagesOf({ from: 'acre', to: 'rai' })).toEqual(['calculator.errors.valueRequired'])
    expect(messagesOf({ value: 'abc', from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valueInvalid',
    ])
    // "1,5" is not a thousands grouping; reading it as 15 would be silently wrong.
    expect(messagesOf({ value: '1,5', from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valueInvalid',
    ])
    expect(messagesOf({ value: 'Infinity', from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valueInvalid',
    ])
    expect(messagesOf({ value: '0', from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valuePositive',
    ])
    expect(messagesOf({ value: -3, from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valuePositive',
    ])
    expect(messagesOf({ value: 1e9 + 1, from: 'acre', to: 'rai' })).toEqual([
      'calculator.errors.valueTooLarge',
    ])
    expect(messagesOf({ value: 1, from: 'orlong', to: '' })).toEqual([
      'calculator.errors.unitInvalid',
      'calculator.errors.unitInvalid',
    ])
  })

  it('accepts the upper bound itself', () => {
    expect(messagesOf({ value: '1000000000', from: 'square_metre', to: 'hectare' })).toEqual([])
  })
})
