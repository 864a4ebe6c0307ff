CREATE TABLE "qr_repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"scheme" text NOT NULL,
	"payload" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_entry_id" integer,
	CONSTRAINT "qr_repayments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "qr_repayments_amount_check" CHECK ("qr_repayments"."amount_minor" > 0),
	CONSTRAINT "qr_repayments_scheme_check" CHECK ("qr_repayments"."scheme" in ('duitnow', 'promptpay')),
	CONSTRAINT "qr_repayments_reference_check" CHECK ("qr_repayments"."reference" ~ '^[0-9A-HJKMNP-TV-Z]{9}$'),
	CONSTRAINT "qr_repayments_paid_check" CHECK (("qr_repayments"."paid_at" is null) = ("qr_repayments"."ledger_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "qr_repayments" ADD CONSTRAINT "qr_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_repayments" ADD CONSTRAINT "qr_repayments_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_repayments" ADD CONSTRAINT "qr_repayments_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_repayments_user_idx" ON "qr_repayments" USING btree ("user_id","created_at");