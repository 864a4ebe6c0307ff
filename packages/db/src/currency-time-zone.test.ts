import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENCIES, timeZoneOfCurrency } from '@padi/domain/markets'
import { orderNumber } from '@padi/domain/orders/order-rules'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'

// docs/product/dates-and-times.md: the market table is the one source of each market's zone; the
// database's copy for triggers (sql/functions/currency-time-zone.sql) must say the same.
describe('the database’s time zone of a currency', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('is the market table’s for every currency, and none for another', async () => {
    const rows = await database.prepared<{ currency: string; zone: string | null }>(sql`
      SELECT c AS currency, currency_time_zone(c) AS zone
        FROM unnest(string_to_array(${[...CURRENCIES, 'USD'].join(',')}, ',')) AS c`)
    expect(rows).toEqual([
      ...CURRENCIES.map((currency) => ({ currency, zone: timeZoneOfCurrency(currency) })),
      { currency: 'USD', zone: null },
    ])
  })

  it('gives an order the day of its own market in its number, as the domain writes it', async () => {
    // The orders table's own trigger function, on a table of the columns it reads and writes (in
    // this test's own database, dropped after it).
    await database.prepared(sql`CREATE TABLE numbered
      (id int, created_at timestamptz, currency text, number text)`)
    await database.prepared(sql`CREATE TRIGGER numbered_number BEFORE INSERT ON numbered
      FOR EACH ROW EXECUTE FUNCTION orders_number_from_id()`)
    // 23:30 UTC on 30 November: 1 December in Malaysia (UTC+8) and in Thailand (UTC+7); 16:30
    // UTC: 00:30 on 1 December in Malaysia, still 23:30 on 30 November in Thailand.
    const late = new Date('2026-11-30T23:30:00Z')
    const split = new Date('2026-11-30T16:30:00Z')
    const rows = await database.prepared<{ number: string }>(sql`
      INSERT INTO numbered (id, created_at, currency) VALUES
        (42, ${late.toISOString()}, 'MYR'), (43, ${late.toISOString()}, 'THB'),
        (44, ${split.toISOString()}, 'MYR'), (45, ${split.toISOString()}, 'THB')
      RETURNING number`)
    expect(rows.map((r) => r.number)).toEqual([
      'SM261201-000042',
      'SM261201-000043',
      'SM261201-000044',
      'SM261130-000045',
    ])
    expect([
      orderNumber(42, late, 'MYR'),
      orderNumber(43, late, 'THB'),
      orderNumber(44, split, 'MYR'),
      orderNumber(45, split, 'THB'),
    ]).toEqual(rows.map((r) => r.number))
  })
})
