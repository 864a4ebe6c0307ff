import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { CURRENCIES, MARKETS, MARKET_TIME_ZONE, timeZoneOfCurrency } from '@padi/domain/markets'

// docs/product/dates-and-times.md: the market table, as JSON bound with the query. A row's zone is
// looked up in it by the row's own market or currency: no zone, and no list of markets, is written
// out in SQL, so the table stays the one place either is named.
const ZONE_OF_MARKET = JSON.stringify(
  Object.fromEntries(MARKETS.map((m) => [m, MARKET_TIME_ZONE[m]])),
)
const ZONE_OF_CURRENCY = JSON.stringify(
  Object.fromEntries(CURRENCIES.map((c) => [c, timeZoneOfCurrency(c)])),
)

/** The time zone of a row's market, told by its currency column, for `at time zone` in a query. */
export function currencyTimeZoneSql(currency: AnyColumn | SQL): SQL {
  return sql`(${ZONE_OF_CURRENCY}::jsonb ->> ${currency}::text)`
}

/** The time zone of a row's market column ('MY', 'TH'), for `at time zone` in a query. */
export function marketTimeZoneSql(market: AnyColumn | SQL): SQL {
  return sql`(${ZONE_OF_MARKET}::jsonb ->> ${market}::text)`
}
