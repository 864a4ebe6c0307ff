import { describe, expect, it } from 'vitest'
import type { Voucher } from '@padi/domain/vouchers/voucher-schemas'
import { packMatches, quoteSale, readSelection, type Pack } from './counter-sale.ts'

const pack = (id: number, en: string, th: string, price: number): Pack => ({
  variation_id: id,
  product: { en, bm: `${en} (BM)`, th },
  label: { en: '1 L', bm: '1 L', th: '1 ลิตร' },
  price: { amount_minor: price, currency: 'MYR' },
  quantity: 10,
})
const voucher = (id: number, value: number): Voucher => ({
  id,
  serial: `V3-MY-${id}`,
  value: { amount_minor: value, currency: 'MYR' },
  expires_on: '2027-06-30',
  status: 'active',
  redeemed_at: null,
  redeemed_branch_id: null,
  transaction_id: null,
})

describe('readSelection (docs/product/vouchers.md, the branch counter)', () => {
  it('reads counts, ticked vouchers and the search, and leaves out what is not one', () => {
    const params = new URLSearchParams(
      'q= racun &count-12=2&count-13=0&count-14=abc&count-x=1&voucher_ids=3&voucher_ids=3&voucher_ids=-1&count-15=5000',
    )
    expect(readSelection(params)).toEqual({
      counts: { 12: 2, 15: 999 },
      vouchers: [3],
      q: 'racun',
    })
  })
})

describe('packMatches', () => {
  const weed = pack(1, 'Padi Clear 480 herbicide', 'ปาดีเคลียร์ 480 ยาฆ่าหญ้า', 3_500)
  it('finds a pack by every word typed, in any case, in the page’s language or English', () => {
    expect(packMatches(weed, '', 'en')).toBe(true)
    expect(packMatches(weed, 'clear 480', 'en')).toBe(true)
    expect(packMatches(weed, 'CLEAR', 'bm')).toBe(true)
    expect(packMatches(weed, 'ยาฆ่าหญ้า', 'th')).toBe(true)
    expect(packMatches(weed, 'clear', 'th')).toBe(true)
    expect(packMatches(weed, 'clear fungicide', 'en')).toBe(false)
  })
})

describe('quoteSale', () => {
  const stock = [pack(1, 'A', 'ก', 3_500), pack(2, 'B', 'ข', 1_250)]
  it('adds the packs at the API’s prices, takes the vouchers in full and the rest in cash', () => {
    const q = quoteSale(
      stock,
      [voucher(7, 2_000), voucher(8, 1_000)],
      { counts: { 1: 2, 2: 1 }, vouchers: [7], q: '' },
      'MYR',
    )
    expect(q).toEqual({
      currency: 'MYR',
      lines: 2,
      items: 3,
      totalMinor: 8_250,
      vouchersMinor: 2_000,
      cashMinor: 6_250,
    })
  })
  it('has no cash figure when the vouchers are worth more than the sale (no change is given)', () => {
    const q = quoteSale(
      stock,
      [voucher(7, 2_000)],
      { counts: { 2: 1 }, vouchers: [7], q: '' },
      'MYR',
    )
    expect(q.cashMinor).toBeNull()
  })
})
