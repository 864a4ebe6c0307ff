import { describe, expect, it } from 'vitest'
import { parseFormNumber } from './form-number.ts'

// docs/product/calculators.md (Answers match the entries): an invalid entry shows its message and
// no answer. A blank field is "required", not 0; a figure is read only as the farmer meant it.

describe('a number typed into a calculator form', () => {
  it('reads plain decimals, with a sign or a bare fraction', () => {
    expect(parseFormNumber('12')).toBe(12)
    expect(parseFormNumber('1.5')).toBe(1.5)
    expect(parseFormNumber('.5')).toBe(0.5)
    expect(parseFormNumber('3.')).toBe(3)
    expect(parseFormNumber('-2')).toBe(-2)
    expect(parseFormNumber(' 4 ')).toBe(4)
  })

  it('reads "," only as thousands grouping (en-MY, ms-MY and th-TH alike)', () => {
    expect(parseFormNumber('1,000')).toBe(1000)
    expect(parseFormNumber('12,345.5')).toBe(12345.5)
    // "1,5" is not fifteen, nor one and a half: it is refused, not guessed.
    expect(parseFormNumber('1,5')).toBeNaN()
    expect(parseFormNumber('1,0000')).toBeNaN()
  })

  it('takes Thai digits as the same figures', () => {
    expect(parseFormNumber('๑๒.๕')).toBe(12.5)
  })

  it('leaves a blank field blank, so it reads "required" rather than 0', () => {
    expect(parseFormNumber('')).toBeUndefined()
    expect(parseFormNumber('   ')).toBeUndefined()
    expect(parseFormNumber(null)).toBeUndefined()
    expect(parseFormNumber(undefined)).toBeUndefined()
  })

  it('refuses what is not a plain figure: hex, exponents, words', () => {
    for (const text of ['0x10', '1e3', 'ten', '1.2.3', 'Infinity'])
      expect(parseFormNumber(text)).toBeNaN()
  })

  it('passes a value that is not text on, for the schema to judge', () => {
    expect(parseFormNumber(7)).toBe(7)
  })
})
