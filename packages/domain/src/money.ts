// No zod here: formatMoney runs in the browser bundle; schemas are in money-schemas.ts.
// Money is always integer minor units (sen, satang) with its currency (ADR 004).
export const CURRENCIES = ['MYR', 'THB'] as const
export type Currency = (typeof CURRENCIES)[number]

export const MARKETS = ['MY', 'TH'] as const
export type Market = (typeof MARKETS)[number]

export const MARKET_CURRENCY: Record<Market, Currency> = { MY: 'MYR', TH: 'THB' }
/** docs/product/limits.md: the time zone a market's days, times and due dates are told in. */
export const MARKET_TIME_ZONE: Record<Market, string> = {
  MY: 'Asia/Kuala_Lumpur',
  TH: 'Asia/Bangkok',
}

export type Money = { amount_minor: number; currency: Currency }

const SYMBOL: Record<Currency, string> = { MYR: 'RM', THB: '฿' }

const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
})

/**
 * docs/product/shell.md: money shows as RM1,234.50 or ฿1,234.50 in every locale. Intl's ms-MY output puts a
 * no-break space after RM (docs/product/shell.md), so the symbol is joined by hand.
 */
export function formatMoney(amountMinor: number, currency: Currency): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amount must be integer minor units')
  const sign = amountMinor < 0 ? '-' : ''
  return `${sign}${SYMBOL[currency]}${grouped.format(Math.abs(amountMinor) / 100)}`
}

/** Whole major units (RM1,000, ฿35,000) for advertised figures. */
export function majorToMinor(major: number): number {
  return Math.round(major * 100)
}
