-- docs/product/vouchers.md (validity): a voucher keeps the day printed on it, valid through that
-- whole day in its market, instead of an instant. Rows already there were stored at the first
-- moment of their printed day in Malaysia (16:00 UTC the day before) or in Thailand (17:00 UTC,
-- which is 01:00 in Malaysia); demo rows at any moment of a day. Read in Malaysia's time zone,
-- each of these is its printed day.
ALTER TABLE "vouchers" ADD COLUMN "expires_on" date;--> statement-breakpoint
UPDATE "vouchers" SET "expires_on" = ("expires_at" AT TIME ZONE 'Asia/Kuala_Lumpur')::date;--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "expires_on" SET NOT NULL;--> statement-breakpoint
DROP INDEX "vouchers_user_idx";--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","state","expires_on");--> statement-breakpoint
ALTER TABLE "vouchers" DROP COLUMN "expires_at";--> statement-breakpoint
-- docs/product/vouchers.md (the customer's visit): the clerk who found a code holds it until then.
ALTER TABLE "counter_codes" ADD COLUMN "served_by" integer;--> statement-breakpoint
ALTER TABLE "counter_codes" ADD COLUMN "serve_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counter_codes" ADD CONSTRAINT "counter_codes_served_by_users_id_fk" FOREIGN KEY ("served_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_codes" ADD CONSTRAINT "counter_codes_visit_check" CHECK (("counter_codes"."served_by" is null) = ("counter_codes"."serve_until" is null));
