import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { CURRENCIES, timeZoneOfCurrency } from '@padi/domain/markets'

/**
 * docs/product/dates-and-times.md: the time zone of a row's market, told by its currency column,
 * for `at time zone` in a query. Read from the one market table, never written out in SQL.
 */
export function currencyTimeZoneSql(currency: AnyColumn | SQL): SQL {
  const arms = CURRENCIES.map((c) => sql`when ${c} then ${timeZoneOfCurrency(c)}`)
  return sql`(case ${currency} ${sql.join(arms, sql` `)} end)`
}
