// No zod here: formatMoney runs in the browser bundle; schemas are in money-schemas.ts.
// Money is always integer minor units (sen, satang) with its currency (ADR 004).
import type { Currency } from './markets.ts'

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
