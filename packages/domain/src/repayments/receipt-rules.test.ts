import { describe, expect, it } from 'vitest'
import { exceedsUtilised, parseAmountMinor } from './receipt-rules.ts'

describe('repayment receipt amounts (docs/product/credit.md: Repayment receipts)', () => {
  it('reads whole amounts, one or two decimals and thousands separators', () => {
    expect(parseAmountMinor('150')).toEqual({ ok: true, minor: 15_000 })
    expect(parseAmountMinor('150.5')).toEqual({ ok: true, minor: 15_050 })
    expect(parseAmountMinor(' 1,250.05 ')).toEqual({ ok: true, minor: 125_005 })
    expect(parseAmountMinor('0.01')).toEqual({ ok: true, minor: 1 })
  })
  it('refuses zero, three decimals and anything that is not a number', () => {
    expect(parseAmountMinor('0')).toEqual({ ok: false, problem: 'receipt.errors.amountPositive' })
    expect(parseAmountMinor('0.00')).toEqual({
      ok: false,
      problem: 'receipt.errors.amountPositive',
    })
    expect(parseAmountMinor('1.005')).toEqual({
      ok: false,
      problem: 'receipt.errors.amountDecimals',
    })
    for (const bad of ['', '-5', '1e3', 'abc', '1.2.3', '.5', '1.', '9999999999'])
      expect(parseAmountMinor(bad), bad).toEqual({
        ok: false,
        problem: 'receipt.errors.amountInvalid',
      })
  })
  it('refuses more than the credit used, and allows exactly it', () => {
    expect(exceedsUtilised(10_001, 10_000)).toBe(true)
    expect(exceedsUtilised(10_000, 10_000)).toBe(false)
  })
})
