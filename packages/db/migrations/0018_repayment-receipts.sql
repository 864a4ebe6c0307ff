CREATE TABLE "repayment_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"method" text NOT NULL,
	"bank" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"ledger_entry_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_receipts_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "repayment_receipts_amount_check" CHECK ("repayment_receipts"."amount_minor" > 0),
	CONSTRAINT "repayment_receipts_status_check" CHECK ("repayment_receipts"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "repayment_receipts_method_check" CHECK ("repayment_receipts"."method" in ('bank_transfer', 'cash_deposit')),
	CONSTRAINT "repayment_receipts_entry_check" CHECK (("repayment_receipts"."status" = 'approved') = ("repayment_receipts"."ledger_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repayment_receipts_user_idx" ON "repayment_receipts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "repayment_receipts_queue_idx" ON "repayment_receipts" USING btree ("status","created_at");