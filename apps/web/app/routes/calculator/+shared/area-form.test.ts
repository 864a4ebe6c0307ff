import { describe, expect, it } from 'vitest'
import { AREA_UNITS } from '@padi/domain/calculators/area-units'
import { AREA_UNIT_ORDER, areaFormSearch, DEFAULT_FROM_UNIT, readAreaValue } from './area-form.ts'
import { hectaresForApplication, readAreaPurpose } from './area-purpose.ts'
import { evaluateAreaForm, readAreaForm, swapAreaUnits } from './area-evaluation.ts'
import type { AreaFormValues } from './area-form.ts'

const read = (query: string, locale: 'en' | 'bm' | 'th' = 'en') =>
  readAreaForm(new URLSearchParams(query), locale)

function converted(values: AreaFormValues): number {
  const evaluation = evaluateAreaForm(values)
  if (!evaluation.ok) throw new Error(JSON.stringify(evaluation.errors))
  return evaluation.result.converted
}

describe('readAreaForm', () => {
  it('starts from each market’s own unit: hectare (en), relong (bm), rai (th)', () => {
    expect(DEFAULT_FROM_UNIT).toEqual({ en: 'hectare', bm: 'relong', th: 'rai' })
    expect(read('', 'en').values).toEqual({ value: '1', from: 'hectare', to: 'acre' })
    expect(read('', 'bm').values).toEqual({ value: '1', from: 'relong', to: 'hectare' })
    expect(read('', 'th').values).toEqual({ value: '1', from: 'rai', to: 'hectare' })
    expect(read('').touched).toEqual([])
  })

  it('never defaults the target to the source unit', () => {
    expect(read('from=acre', 'en').values.to).toBe('hectare')
    expect(read('from=hectare', 'bm').values.to).toBe('acre')
  })

  it('keeps the query values and marks them touched', () => {
    const state = read('value=5&from=relong&to=hectare')
    expect(state.values).toEqual({ value: '5', from: 'relong', to: 'hectare' })
    expect(state.touched).toEqual(['value', 'from', 'to'])
  })

  it('swaps from and to for the no-JavaScript swap button', () => {
    expect(read('value=5&from=relong&to=hectare&swap=1').values).toEqual({
      value: '5',
      from: 'hectare',
      to: 'relong',
    })
  })

  it('keeps the area when swapping rai-ngan-wah text, which only Thai units accept', () => {
    expect(read('value=4-2-25&from=rai&to=hectare&swap=1').values).toEqual({
      value: '0.73',
      from: 'hectare',
      to: 'rai',
    })
    expect(swapAreaUnits({ value: 'abc', from: 'rai', to: 'acre' })).toEqual({
      value: 'abc',
      from: 'acre',
      to: 'rai',
    })
  })

  it('round-trips through areaFormSearch', () => {
    const values = { value: '4-2-25', from: 'rai', to: 'square_metre' }
    expect(read(areaFormSearch(values)).values).toEqual(values)
  })
})

describe('readAreaValue', () => {
  it('reads plain and grouped numbers in any unit', () => {
    expect(readAreaValue('2.5', 'hectare')).toBe(2.5)
    expect(readAreaValue('1,200', 'acre')).toBe(1200)
    expect(readAreaValue('', 'acre')).toBeUndefined()
  })

  it('reads rai-ngan-wah for Thai units only (docs/product/calculators.md: 4-2-25 = 7,300 m²)', () => {
    expect(readAreaValue('4-2-25', 'rai')).toBe(4.5625)
    expect(readAreaValue('4-2-25', 'square_wah')).toBe(1825)
    expect(readAreaValue('4 ไร่ 2 งาน', 'ngan')).toBe(18)
    expect(readAreaValue('4-2-25', 'hectare')).toBe('4-2-25')
  })
})

describe('evaluateAreaForm', () => {
  it('converts the §2.2 worked example: 5 relong = 1.43888… ha', () => {
    expect(converted({ value: '5', from: 'relong', to: 'hectare' })).toBeCloseTo(1.43888228352, 10)
  })

  it('gives the area in every unit and in m²', () => {
    const evaluation = evaluateAreaForm({ value: '4-2-25', from: 'rai', to: 'hectare' })
    expect(evaluation.ok).toBe(true)
    if (!evaluation.ok) return
    expect(evaluation.result.squareMetres).toBe(7300)
    expect(evaluation.result.converted).toBe(0.73)
    expect(Object.keys(evaluation.result.all).sort()).toEqual([...AREA_UNITS].sort())
  })

  it('reports catalogue keys per field', () => {
    expect(evaluateAreaForm({ value: '', from: 'rai', to: 'acre' })).toEqual({
      ok: false,
      errors: { value: 'calculator.errors.valueRequired' },
    })
    expect(evaluateAreaForm({ value: 'abc', from: 'rai', to: 'acre' })).toEqual({
      ok: false,
      errors: { value: 'calculator.errors.valueInvalid' },
    })
    expect(evaluateAreaForm({ value: '0-0-0', from: 'rai', to: 'acre' })).toEqual({
      ok: false,
      errors: { value: 'calculator.errors.valuePositive' },
    })
    expect(evaluateAreaForm({ value: '1', from: 'orlong', to: 'acre' })).toEqual({
      ok: false,
      errors: { from: 'calculator.errors.unitInvalid' },
    })
  })
})

describe('AREA_UNIT_ORDER', () => {
  it('lists every unit exactly once in every language', () => {
    for (const order of Object.values(AREA_UNIT_ORDER)) {
      expect([...order].sort()).toEqual([...AREA_UNITS].sort())
    }
  })
})

describe('the converter opened from the credit application', () => {
  it('keeps its purpose in the address, and only the one it knows', () => {
    const values = { value: '5', from: 'relong', to: 'hectare' }
    const search = new URLSearchParams(areaFormSearch(values, 'kyc'))
    expect(readAreaPurpose(search)).toBe('kyc')
    expect(read(search.toString()).values).toEqual(values)
    expect(readAreaPurpose(new URLSearchParams('for=admin'))).toBeUndefined()
    expect(readAreaPurpose(new URLSearchParams(''))).toBeUndefined()
  })

  it('offers back two decimals the application accepts, or nothing', () => {
    expect(hectaresForApplication(1.43889)).toBe('1.44')
    expect(hectaresForApplication(3)).toBe('3')
    expect(hectaresForApplication(0.004)).toBeNull()
    expect(hectaresForApplication(1000.001)).toBe('1000')
    expect(hectaresForApplication(1000.01)).toBeNull()
    expect(hectaresForApplication(Number.NaN)).toBeNull()
  })
})
