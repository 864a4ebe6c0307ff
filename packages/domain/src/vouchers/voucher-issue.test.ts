import { describe, expect, it } from 'vitest'
import {
  expiryProblem,
  VOUCHER_BATCH_MAX_ROWS,
  VOUCHER_MAX_MINOR,
  voucherRowProblem,
} from './voucher-issue.ts'

// docs/product/vouchers.md (Cash vouchers): finance issues vouchers one by one or as a batch of
// up to 2,000 rows; a row needs a number we can read, a value above 0 with at most two decimals
// and at most RM1,000 or 35,000 baht, and an expiry day after today in the customer's market.

const row = { mobile: '012-345 6789', value: '20', expires_on: '2027-06-30' }

describe('a voucher row (docs/product/vouchers.md: Cash vouchers)', () => {
  it('reads the number and the value in minor units', () => {
    expect(voucherRowProblem(row)).toEqual({ ok: true, mobile: '+60123456789', valueMinor: 2_000 })
    expect(voucherRowProblem({ ...row, mobile: '+66 81 234 5678', value: '500.5' })).toEqual({
      ok: true,
      mobile: '+66812345678',
      valueMinor: 50_050,
    })
  })

  it('refuses a number we cannot read, or of another country', () => {
    for (const mobile of ['', '12345', '+65 9123 4567'])
      expect(voucherRowProblem({ ...row, mobile })).toEqual({
        ok: false,
        problem: 'vouchers.issue.errors.mobile',
      })
  })

  it('needs a value above 0 with at most two decimals', () => {
    for (const value of ['0', '0.00', '-5', '20.555', 'twenty', ''])
      expect(voucherRowProblem({ ...row, value })).toEqual({
        ok: false,
        problem: 'vouchers.issue.errors.value',
      })
    expect(voucherRowProblem({ ...row, value: '0.01' })).toMatchObject({ ok: true, valueMinor: 1 })
  })

  it('needs an expiry day that exists, written YYYY-MM-DD', () => {
    for (const expires_on of ['2027-02-30', '30-06-2027', '2027-6-30', ''])
      expect(voucherRowProblem({ ...row, expires_on })).toEqual({
        ok: false,
        problem: 'vouchers.issue.errors.date',
      })
    expect(voucherRowProblem({ ...row, expires_on: ' 2028-02-29 ' }).ok).toBe(true)
  })

  it('is worth at most RM1,000 or 35,000 baht', () => {
    expect(VOUCHER_MAX_MINOR).toEqual({ MYR: 100_000, THB: 3_500_000 })
  })

  it('comes in batches of at most 2,000 rows', () => {
    expect(VOUCHER_BATCH_MAX_ROWS).toBe(2_000)
  })
})

describe('a voucher’s expiry day (docs/product/vouchers.md: Valid through the printed day)', () => {
  // 16:30 UTC on 29 June: already 30 June in Malaysia, still 29 June in Thailand.
  const now = new Date('2027-06-29T16:30:00Z')

  it('must be after today in the customer’s market', () => {
    expect(expiryProblem('2027-06-30', 'MY', now)).toBe('vouchers.issue.errors.past')
    expect(expiryProblem('2027-06-30', 'TH', now)).toBeNull()
    expect(expiryProblem('2027-07-01', 'MY', now)).toBeNull()
  })

  it('refuses a day already gone', () => {
    expect(expiryProblem('2027-06-28', 'TH', now)).toBe('vouchers.issue.errors.past')
  })
})
