import { describe, expect, it } from 'vitest'
import { MARKET } from '../markets.ts'
import { ADVERTISED_CREDIT } from './advertised.ts'

describe('the advertised credit (docs/product/credit.md: The credit line; docs/product/limits.md)', () => {
  it('is up to RM1,000 per hectare in Malaysia', () => {
    expect(ADVERTISED_CREDIT.MY).toEqual({
      amountMinor: 100_000,
      currency: 'MYR',
      perHectare: true,
    })
  })

  it('is 35,000 baht on the Thai pages, a ceiling for the whole line (no area is given)', () => {
    expect(ADVERTISED_CREDIT.TH).toEqual({
      amountMinor: 3_500_000,
      currency: 'THB',
      perHectare: false,
    })
  })

  it('is in each market’s own currency', () => {
    for (const market of ['MY', 'TH'] as const)
      expect(ADVERTISED_CREDIT[market].currency).toBe(MARKET[market].currency)
  })
})
