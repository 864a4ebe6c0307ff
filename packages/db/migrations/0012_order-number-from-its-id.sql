-- docs/product/orders-and-payments.md: the order number reads SM, the date (YYMMDD, UTC) and the
-- order's id on 6 digits (packages/domain/src/orders/order-rules.ts orderNumber). Set as the row
-- is inserted (its id is known by then), so placing an order needs no second statement.
CREATE FUNCTION "orders_number_from_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."number" := 'SM' || to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYMMDD') || '-' ||
    lpad(NEW."id"::text, 6, '0');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_number" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_number_from_id"();
