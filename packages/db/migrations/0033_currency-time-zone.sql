-- From packages/db/sql/functions/currency-time-zone.sql: the function's source is kept there (ADR 040).
-- docs/product/dates-and-times.md (The market table): the time zone of the market a currency is
-- spoken in, for SQL that cannot be given the table with its query (a trigger). The table in
-- packages/domain/src/markets.ts stays the one source: packages/db/src/currency-time-zone.test.ts
-- asks this function for every currency there and fails on any difference.
CREATE OR REPLACE FUNCTION "currency_time_zone"(p_currency text) RETURNS text LANGUAGE sql
    IMMUTABLE AS $$
  SELECT CASE p_currency WHEN 'MYR' THEN 'Asia/Kuala_Lumpur' WHEN 'THB' THEN 'Asia/Bangkok' END
$$;
