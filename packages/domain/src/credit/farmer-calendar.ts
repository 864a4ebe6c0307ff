import { marketDay, startOfMarketDay } from '../dates.ts'
import { marketOfCurrency, type Currency } from '../markets.ts'

// docs/product/dates-and-times.md (Which clock): a credit line's days (harvest, planting, due) are
// days in the calendar of its market, which its currency names. The clock is the market table's
// time zone, never an hour offset of our own: the zone is the one rule, kept in one place.

/** The farmer's calendar day (YYYY-MM-DD) at an instant. */
export function dayOf(instant: Date, currency: Currency): string {
  return marketDay(instant, marketOfCurrency(currency))
}

/** The instant a farmer's calendar day (YYYY-MM-DD) begins: midnight in the market's zone. */
export function startOfDay(day: string, currency: Currency): Date {
  return startOfMarketDay(day, marketOfCurrency(currency))
}
