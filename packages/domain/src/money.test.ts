import { describe, expect, it } from 'vitest'
import { formatMoney } from './money.ts'

describe('formatMoney', () => {
  it('shows RM and baht amounts with two decimals and grouping, no space after the symbol', () => {
    expect(formatMoney(123450, 'MYR')).toBe('RM1,234.50')
    expect(formatMoney(123450, 'THB')).toBe('฿1,234.50')
    expect(formatMoney(0, 'MYR')).toBe('RM0.00')
    expect(formatMoney(5, 'MYR')).toBe('RM0.05')
    expect(formatMoney(100000000, 'MYR')).toBe('RM1,000,000.00')
    expect(formatMoney(-2550, 'MYR')).toBe('-RM25.50')
  })
  it('refuses amounts that are not integer minor units', () => {
    expect(() => formatMoney(1.5, 'MYR')).toThrow(RangeError)
  })
})
