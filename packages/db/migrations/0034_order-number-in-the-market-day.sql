-- From packages/db/sql/functions/orders-number-from-id.sql: the function's source is kept there (ADR 040).
-- docs/product/orders-and-payments.md: the order number reads SM, the date (YYMMDD, the day in
-- the order's own market: a Thai order placed at 06:30 in Bangkok carries that day, not the day
-- before in UTC) and the order's id on 6 digits (packages/domain/src/orders/order-rules.ts
-- orderNumber). Set as the row is inserted (its id is known by then), so placing an order needs
-- no second statement. Run by the trigger orders_number.
CREATE OR REPLACE FUNCTION "orders_number_from_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."number" := 'SM' ||
    to_char(NEW."created_at" AT TIME ZONE "currency_time_zone"(NEW."currency"), 'YYMMDD') ||
    '-' || lpad(NEW."id"::text, 6, '0');
  RETURN NEW;
END $$;
