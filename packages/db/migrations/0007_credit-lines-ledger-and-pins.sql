CREATE TABLE "credit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"principal_delta_minor" integer DEFAULT 0 NOT NULL,
	"interest_delta_minor" integer DEFAULT 0 NOT NULL,
	"late_fee_delta_minor" integer DEFAULT 0 NOT NULL,
	"utilised_after_minor" integer NOT NULL,
	"order_id" integer,
	"reverses_entry_id" integer,
	"note" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK ("credit_ledger"."kind" in ('purchase', 'repayment', 'late_fee', 'adjustment', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "credit_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"approved_minor" integer NOT NULL,
	"utilised_minor" integer DEFAULT 0 NOT NULL,
	"interest_minor" integer DEFAULT 0 NOT NULL,
	"late_fee_minor" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lines_currency_check" CHECK ("credit_lines"."currency" in ('MYR', 'THB')),
	CONSTRAINT "credit_lines_state_check" CHECK ("credit_lines"."state" in ('active', 'suspended', 'expired')),
	CONSTRAINT "credit_lines_approved_check" CHECK ("credit_lines"."approved_minor" >= 0),
	CONSTRAINT "credit_lines_available_check" CHECK ("credit_lines"."utilised_minor" >= 0 and "credit_lines"."utilised_minor" <= "credit_lines"."approved_minor"),
	CONSTRAINT "credit_lines_charges_check" CHECK ("credit_lines"."interest_minor" >= 0 and "credit_lines"."late_fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_pins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_pins" ADD CONSTRAINT "payment_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_line_idx" ON "credit_ledger" USING btree ("line_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reverses_key" ON "credit_ledger" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "credit_lines_user_idx" ON "credit_lines" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reverses_entry_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- docs/product/credit.md: the ledger is append-only. A mistake is put right by a reversal or an
-- adjustment, never by changing or removing an entry; the database refuses it whatever the code does.
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_change" BEFORE UPDATE OR DELETE ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_truncate" BEFORE TRUNCATE ON "credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "credit_ledger_append_only"();
