ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_status_check";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_matched_check";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_review_check";--> statement-breakpoint
DROP INDEX "bank_statement_lines_paid_once";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_paid_once" ON "bank_statement_lines" USING btree ("qr_repayment_id") WHERE "bank_statement_lines"."status" in ('matched', 'assigned');--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_applied_check" CHECK (("bank_statement_lines"."status" in ('matched', 'assigned')) = ("bank_statement_lines"."ledger_entry_id" is not null));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_returned_check" CHECK (("bank_statement_lines"."status" = 'returned') = ("bank_statement_lines"."return_reason" is not null));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_check" CHECK (("bank_statement_lines"."status" in ('assigned', 'returned')) = ("bank_statement_lines"."decided_by" is not null and "bank_statement_lines"."decided_at" is not null));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('matched', 'review', 'assigned', 'returned'));--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_check" CHECK ("bank_statement_lines"."status" <> 'matched' or "bank_statement_lines"."qr_repayment_id" is not null);--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_review_check" CHECK ("bank_statement_lines"."status" = 'matched' or "bank_statement_lines"."reason" is not null);