import { describe, expect, it } from 'vitest'
import { displayMobile, maskMobile } from './mobile-display.ts'

describe('mobile display', () => {
  it('groups and masks Malaysian and Thai numbers', () => {
    expect(displayMobile('+60123456789')).toBe('+60 12-345 6789')
    expect(displayMobile('+601112345678')).toBe('+60 11-1234 5678')
    expect(maskMobile('+60123456789')).toBe('+60 12-••• 6789')
    expect(maskMobile('+66812345678')).toBe('+66 81-••• 5678')
  })
  it('leaves anything else as it is', () => {
    expect(displayMobile('+4420')).toBe('+4420')
    expect(maskMobile('abc')).toBe('abc')
  })
})
