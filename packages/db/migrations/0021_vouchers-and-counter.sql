CREATE TABLE "counter_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counter_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"digits" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_codes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "counter_transaction_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counter_transaction_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"count" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	CONSTRAINT "counter_transaction_lines_count_check" CHECK ("counter_transaction_lines"."count" > 0 and "counter_transaction_lines"."unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "counter_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counter_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"branch_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"order_id" integer,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"vouchers_minor" integer DEFAULT 0 NOT NULL,
	"cash_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_transactions_type_check" CHECK ("counter_transactions"."type" in ('in_person', 'online')),
	CONSTRAINT "counter_transactions_sum_check" CHECK ("counter_transactions"."total_minor" >= 0 and "counter_transactions"."vouchers_minor" >= 0 and "counter_transactions"."cash_minor" >= 0 and "counter_transactions"."vouchers_minor" + "counter_transactions"."cash_minor" = "counter_transactions"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"user_id" integer NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"value_minor" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_branch_id" integer,
	"redeemed_by" integer,
	"transaction_id" integer,
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_serial_unique" UNIQUE("serial"),
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value_minor" > 0),
	CONSTRAINT "vouchers_state_check" CHECK ("vouchers"."state" in ('active', 'redeemed')),
	CONSTRAINT "vouchers_market_check" CHECK (("vouchers"."market", "vouchers"."currency") in (('MY', 'MYR'), ('TH', 'THB'))),
	CONSTRAINT "vouchers_redeemed_check" CHECK (("vouchers"."state" = 'redeemed') = ("vouchers"."redeemed_at" is not null and "vouchers"."transaction_id" is not null and "vouchers"."redeemed_by" is not null and "vouchers"."redeemed_branch_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "counter_codes" ADD CONSTRAINT "counter_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_transaction_lines" ADD CONSTRAINT "counter_transaction_lines_transaction_id_counter_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."counter_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_transactions" ADD CONSTRAINT "counter_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_transactions" ADD CONSTRAINT "counter_transactions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_transactions" ADD CONSTRAINT "counter_transactions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_transactions" ADD CONSTRAINT "counter_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_branch_id_branches_id_fk" FOREIGN KEY ("redeemed_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_transaction_id_counter_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."counter_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_codes_digits_idx" ON "counter_codes" USING btree ("digits","expires_at");--> statement-breakpoint
CREATE INDEX "counter_codes_user_idx" ON "counter_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "counter_transaction_lines_tx_idx" ON "counter_transaction_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "counter_transactions_user_idx" ON "counter_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "counter_transactions_branch_idx" ON "counter_transactions" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_transactions_order_key" ON "counter_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","state","expires_at");