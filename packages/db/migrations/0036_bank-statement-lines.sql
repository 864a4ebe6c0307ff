CREATE TABLE "bank_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"bank_transaction_id" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"details" text NOT NULL,
	"payer_name" text,
	"status" text NOT NULL,
	"reason" text,
	"qr_repayment_id" integer,
	"ledger_entry_id" integer,
	"imported_by" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_statement_lines_transaction_unique" UNIQUE("currency","bank_transaction_id"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount_minor" > 0),
	CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('matched', 'review')),
	CONSTRAINT "bank_statement_lines_matched_check" CHECK (("bank_statement_lines"."status" = 'matched') = ("bank_statement_lines"."ledger_entry_id" is not null and "bank_statement_lines"."qr_repayment_id" is not null)),
	CONSTRAINT "bank_statement_lines_review_check" CHECK (("bank_statement_lines"."status" = 'review') = ("bank_statement_lines"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_qr_repayment_id_qr_repayments_id_fk" FOREIGN KEY ("qr_repayment_id") REFERENCES "public"."qr_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_paid_once" ON "bank_statement_lines" USING btree ("qr_repayment_id") WHERE "bank_statement_lines"."status" = 'matched';