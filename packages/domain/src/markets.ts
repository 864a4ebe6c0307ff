// docs/product/dates-and-times.md and docs/product/limits.md: the one table of what a market is.
// Every place that needs a market's currency, clock or calendar reads it here, never writes the
// zone out itself. No zod here: the browser bundle imports it.
export const MARKETS = ['MY', 'TH'] as const
export type Market = (typeof MARKETS)[number]

export const CURRENCIES = ['MYR', 'THB'] as const
export type Currency = (typeof CURRENCIES)[number]

export type MarketFacts = {
  currency: Currency
  /** The IANA zone its days, times, due dates and voucher days are told in (one per market). */
  timeZone: string
  /** Years are Gregorian in every language, Thai pages too (docs/product/dates-and-times.md). */
  calendar: 'gregory'
  /** The language a farmer of the market most often reads, for texts sent before one is chosen. */
  defaultLocale: 'bm' | 'th'
}

export const MARKET: Record<Market, MarketFacts> = {
  MY: {
    currency: 'MYR',
    timeZone: 'Asia/Kuala_Lumpur',
    calendar: 'gregory',
    defaultLocale: 'bm',
  },
  TH: {
    currency: 'THB',
    timeZone: 'Asia/Bangkok',
    calendar: 'gregory',
    defaultLocale: 'th',
  },
}

export const MARKET_CURRENCY: Record<Market, Currency> = {
  MY: MARKET.MY.currency,
  TH: MARKET.TH.currency,
}
export const MARKET_TIME_ZONE: Record<Market, string> = {
  MY: MARKET.MY.timeZone,
  TH: MARKET.TH.timeZone,
}

/** The market whose money a currency is (each market has one currency, each currency one market). */
export function marketOfCurrency(currency: Currency): Market {
  return currency === 'THB' ? 'TH' : 'MY'
}

/** The time zone a sum of money's market tells its days in. */
export function timeZoneOfCurrency(currency: Currency): string {
  return MARKET[marketOfCurrency(currency)].timeZone
}
