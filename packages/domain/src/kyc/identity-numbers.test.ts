import { describe, expect, it } from 'vitest'
import {
  formatNric,
  formatThaiId,
  nricDigits,
  nricProblem,
  thaiIdDigits,
  thaiIdProblem,
} from './identity-numbers.ts'

describe('Malaysian NRIC (docs/product/credit.md: Identity numbers)', () => {
  it('accepts real numbers with or without hyphens and spaces', () => {
    for (const nric of [
      '750312-02-5331',
      '820907-09-6124',
      '680125-03-5117',
      '900418-10-5548',
      '860203-25-5032',
      '930509-40-5016',
      '640228-29-5173',
      '750312025331',
      ' 750312 02 5331 ',
    ])
      expect(nricProblem(nric), nric).toBeNull()
  })

  it('refuses a wrong shape', () => {
    for (const nric of ['', '75031202533', '7503120253311', '750312-025-331', 'ABCDEF-02-5331'])
      expect(nricProblem(nric), nric).toBe('format')
  })

  it('judges the first six digits as a date at its edges', () => {
    // The spec's example pattern is not a number: month 34.
    expect(nricProblem('123456-78-9000')).toBe('date')
    expect(nricProblem('751301-02-5331')).toBe('date') // month 13
    expect(nricProblem('750001-02-5331')).toBe('date') // month 0
    expect(nricProblem('750100-02-5331')).toBe('date') // day 0
    expect(nricProblem('750131-02-5331')).toBeNull() // 31 January
    expect(nricProblem('750431-02-5331')).toBe('date') // 31 April
    expect(nricProblem('750229-02-5331')).toBe('date') // 1975 and 2075 are not leap years
    expect(nricProblem('760229-02-5331')).toBeNull() // 1976 is
    expect(nricProblem('000229-02-5331')).toBeNull() // 2000 is (1900 was not)
  })

  it('refuses place-of-birth codes no card carries, accepts the rest', () => {
    for (const code of ['00', '17', '18', '19', '20', '69', '70', '73', '80', '81', '94', '97'])
      expect(nricProblem(`750312-${code}-5331`), code).toBe('place')
    for (const code of ['01', '16', '21', '59', '67', '71', '82', '93', '98', '99'])
      expect(nricProblem(`750312-${code}-5331`), code).toBeNull()
  })

  it('formats and reads back', () => {
    expect(nricDigits('750312-02-5331')).toBe('750312025331')
    expect(formatNric('750312025331')).toBe('750312-02-5331')
  })
})

describe('Thai national ID (docs/product/credit.md: Identity numbers)', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const id of [
      '3-1006-00445-63-5',
      '1-1014-00123-45-1',
      '3-6099-00123-45-9',
      '3100600445635',
    ])
      expect(thaiIdProblem(id), id).toBeNull()
  })

  it('refuses every other last digit', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 5) continue
      expect(thaiIdProblem(`310060044563${d}`)).toBe('checksum')
    }
  })

  it('refuses a wrong shape, and first digits 0 and 9', () => {
    for (const id of ['', '310060044563', '31006004456355', '3-1006-00445-63-X'])
      expect(thaiIdProblem(id), id).toBe('format')
    expect(thaiIdProblem('0100600445635')).toBe('format')
    expect(thaiIdProblem('9100600445635')).toBe('format')
  })

  it('formats and reads back', () => {
    expect(thaiIdDigits('3-1006-00445-63-5')).toBe('3100600445635')
    expect(formatThaiId('3100600445635')).toBe('3-1006-00445-63-5')
  })
})
