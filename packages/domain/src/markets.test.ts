import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  MARKET,
  MARKET_CURRENCY,
  MARKET_TIME_ZONE,
  MARKETS,
  marketOfCurrency,
  timeZoneOfCurrency,
} from './markets.ts'

describe('the market table (docs/product/dates-and-times.md: The market table)', () => {
  it('holds each market’s currency, time zone, calendar and usual language as the doc states', () => {
    // The zones are written out here on purpose: this test checks the table against the doc.
    expect(MARKET.MY).toEqual({
      currency: 'MYR',
      timeZone: 'Asia/Kuala_Lumpur',
      calendar: 'gregory',
      defaultLocale: 'bm',
    })
    expect(MARKET.TH).toEqual({
      currency: 'THB',
      timeZone: 'Asia/Bangkok',
      calendar: 'gregory',
      defaultLocale: 'th',
    })
  })

  it('has a row for every market and nothing else', () => {
    expect(Object.keys(MARKET).sort()).toEqual([...MARKETS].sort())
  })

  it('names zones the runtime knows', () => {
    for (const market of MARKETS)
      expect(
        () => new Intl.DateTimeFormat('en', { timeZone: MARKET[market].timeZone }),
      ).not.toThrow()
  })

  it('is what the by-market lookups read, so nothing else can disagree with it', () => {
    for (const market of MARKETS) {
      expect(MARKET_CURRENCY[market]).toBe(MARKET[market].currency)
      expect(MARKET_TIME_ZONE[market]).toBe(MARKET[market].timeZone)
    }
  })
})

describe('a sum of money tells its market (docs/product/dates-and-times.md)', () => {
  it('goes from currency to market and back: one currency a market, one market a currency', () => {
    for (const currency of CURRENCIES)
      expect(MARKET[marketOfCurrency(currency)].currency).toBe(currency)
    for (const market of MARKETS) expect(marketOfCurrency(MARKET[market].currency)).toBe(market)
  })

  it('tells its days in its market’s zone: ringgit in Malaysia’s, baht in Thailand’s', () => {
    expect(timeZoneOfCurrency('MYR')).toBe(MARKET.MY.timeZone)
    expect(timeZoneOfCurrency('THB')).toBe(MARKET.TH.timeZone)
  })
})
