import { describe, expect, it } from 'vitest'
import { hasExpired, splitPayment, voucherRefusal, voucherStatus } from './voucher-rules.ts'

// docs/product/vouchers.md (validity): valid through the whole printed day, in its own market.
describe('a voucher’s last day', () => {
  const my = { market: 'MY' as const, expiresOn: '2027-06-30', state: 'active' as const }
  const th = { ...my, market: 'TH' as const }

  it('is valid until the last moment of its day in Malaysia, expired from the next', () => {
    // 23:59:59 on 30 June in Kuala Lumpur (UTC+8).
    expect(hasExpired(my, new Date('2027-06-30T15:59:59Z'))).toBe(false)
    expect(voucherStatus(my, new Date('2027-06-30T15:59:59Z'))).toBe('active')
    // The printed day's first moment: the instant it used to be stored as, and refused at.
    expect(voucherStatus(my, new Date('2027-06-29T16:00:00Z'))).toBe('active')
    expect(voucherStatus(my, new Date('2027-06-30T16:00:00Z'))).toBe('expired')
  })

  it('is counted in Thailand’s time zone for a baht voucher', () => {
    // 16:30 UTC on 30 June is 23:30 in Bangkok (UTC+7), already 1 July in Kuala Lumpur.
    expect(voucherStatus(th, new Date('2027-06-30T16:30:00Z'))).toBe('active')
    expect(voucherStatus(th, new Date('2027-06-30T17:00:00Z'))).toBe('expired')
  })

  it('a redeemed voucher stays redeemed', () => {
    expect(voucherStatus({ ...my, state: 'redeemed' }, new Date('2027-01-01T00:00:00Z'))).toBe(
      'redeemed',
    )
  })
})

describe('voucherRefusal (docs/product/vouchers.md, terms)', () => {
  const voucher = {
    userId: 7,
    market: 'TH' as const,
    state: 'active' as const,
    expiresOn: '2027-06-30',
  }
  const now = new Date('2027-06-30T12:00:00Z')

  it('refuses another customer’s, a used one, another market’s and an expired one', () => {
    expect(voucherRefusal(voucher, { userId: 8, market: 'TH', now })).toBe('not_owner')
    expect(
      voucherRefusal({ ...voucher, state: 'redeemed' }, { userId: 7, market: 'TH', now }),
    ).toBe('redeemed')
    // A baht voucher at a Malaysian counter: never usable there, whatever its date.
    expect(voucherRefusal(voucher, { userId: 7, market: 'MY', now })).toBe('wrong_market')
    expect(
      voucherRefusal(voucher, { userId: 7, market: 'TH', now: new Date('2027-06-30T17:00:00Z') }),
    ).toBe('expired')
    expect(voucherRefusal(voucher, { userId: 7, market: 'TH', now })).toBeNull()
  })
})

describe('splitPayment', () => {
  it('takes the vouchers in full and the rest in cash; never more vouchers than the sale', () => {
    expect(splitPayment(4_500, [1_000, 2_000])).toEqual({
      ok: true,
      vouchersMinor: 3_000,
      cashMinor: 1_500,
    })
    expect(splitPayment(2_000, [2_000])).toEqual({ ok: true, vouchersMinor: 2_000, cashMinor: 0 })
    expect(splitPayment(1_000, [2_000])).toEqual({ ok: false })
  })
})
