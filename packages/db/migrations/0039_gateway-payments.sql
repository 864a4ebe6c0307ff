CREATE TABLE "gateway_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"payment_id" text NOT NULL,
	"event_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"details" text NOT NULL,
	"payer_name" text,
	"paid_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"qr_repayment_id" integer,
	"ledger_entry_id" integer,
	"statement_line_id" integer,
	CONSTRAINT "gateway_payments_payment_unique" UNIQUE("gateway","payment_id"),
	CONSTRAINT "gateway_payments_amount_check" CHECK ("gateway_payments"."amount_minor" > 0),
	CONSTRAINT "gateway_payments_currency_check" CHECK ("gateway_payments"."currency" in ('MYR', 'THB')),
	CONSTRAINT "gateway_payments_status_check" CHECK ("gateway_payments"."status" in ('applied', 'confirmed', 'unmatched')),
	CONSTRAINT "gateway_payments_applied_check" CHECK (("gateway_payments"."status" = 'applied') = ("gateway_payments"."ledger_entry_id" is not null and "gateway_payments"."qr_repayment_id" is not null)),
	CONSTRAINT "gateway_payments_confirmed_check" CHECK ("gateway_payments"."status" <> 'confirmed' or "gateway_payments"."statement_line_id" is not null),
	CONSTRAINT "gateway_payments_unmatched_check" CHECK (("gateway_payments"."status" = 'unmatched') = ("gateway_payments"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_status_check";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_applied_check";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_matched_check";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_review_check";--> statement-breakpoint
DROP INDEX "bank_statement_lines_paid_once";--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_qr_repayment_id_qr_repayments_id_fk" FOREIGN KEY ("qr_repayment_id") REFERENCES "public"."qr_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_paid_once" ON "gateway_payments" USING btree ("qr_repayment_id") WHERE "gateway_payments"."status" = 'applied';--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_statement_line_once" ON "gateway_payments" USING btree ("statement_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_paid_once" ON "bank_statement_lines" USING btree ("qr_repayment_id") WHERE "bank_statement_lines"."status" in ('matched', 'reconciled', 'assigned');--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('matched', 'reconciled', 'review', 'assigned', 'returned'));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_applied_check" CHECK (("bank_statement_lines"."status" in ('matched', 'reconciled', 'assigned')) = ("bank_statement_lines"."ledger_entry_id" is not null));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_check" CHECK ("bank_statement_lines"."status" not in ('matched', 'reconciled') or "bank_statement_lines"."qr_repayment_id" is not null);--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_review_check" CHECK ("bank_statement_lines"."status" in ('matched', 'reconciled') or "bank_statement_lines"."reason" is not null);