CREATE TABLE "late_fee_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "late_fee_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"month" integer NOT NULL,
	"owed_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"ledger_entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_fee_charges_month_check" CHECK ("late_fee_charges"."month" >= 1),
	CONSTRAINT "late_fee_charges_fee_check" CHECK ("late_fee_charges"."fee_minor" > 0 and "late_fee_charges"."owed_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "late_repayment_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "late_repayment_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"planting_on" date,
	"harvest_on" date NOT NULL,
	"new_planting_on" date NOT NULL,
	"new_harvest_on" date NOT NULL,
	"reason" text NOT NULL,
	"affected_area" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_repayment_applications_status_check" CHECK ("late_repayment_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "late_repayment_applications_texts_check" CHECK (char_length("late_repayment_applications"."reason") between 1 and 500 and char_length("late_repayment_applications"."affected_area") between 1 and 500),
	CONSTRAINT "late_repayment_applications_dates_check" CHECK ("late_repayment_applications"."new_harvest_on" > "late_repayment_applications"."harvest_on" and "late_repayment_applications"."new_harvest_on" > "late_repayment_applications"."new_planting_on")
);
--> statement-breakpoint
CREATE TABLE "late_repayment_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "late_repayment_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"application_id" integer,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_repayment_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "late_repayment_documents_bytes_check" CHECK ("late_repayment_documents"."bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"planting_on" date NOT NULL,
	"harvest_on" date NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"device" text NOT NULL,
	"client_ip" text NOT NULL,
	"signature_key" text NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_bytes" integer NOT NULL,
	"pdf_sha256" text NOT NULL,
	"decision_reason" text,
	"can_resubmit_at" timestamp with time zone,
	"new_line_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_renewals_signature_key_unique" UNIQUE("signature_key"),
	CONSTRAINT "contract_renewals_pdf_key_unique" UNIQUE("pdf_key"),
	CONSTRAINT "contract_renewals_status_check" CHECK ("contract_renewals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "contract_renewals_dates_check" CHECK ("contract_renewals"."harvest_on" > "contract_renewals"."planting_on"),
	CONSTRAINT "contract_renewals_line_check" CHECK (("contract_renewals"."status" = 'approved') = ("contract_renewals"."new_line_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_lines" ADD COLUMN "planting_on" date;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD COLUMN "harvest_on" date;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_charges" ADD CONSTRAINT "late_fee_charges_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_repayment_applications" ADD CONSTRAINT "late_repayment_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_repayment_applications" ADD CONSTRAINT "late_repayment_applications_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_repayment_applications" ADD CONSTRAINT "late_repayment_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_repayment_documents" ADD CONSTRAINT "late_repayment_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_repayment_documents" ADD CONSTRAINT "late_repayment_documents_application_id_late_repayment_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."late_repayment_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_line_id_credit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_new_line_id_credit_lines_id_fk" FOREIGN KEY ("new_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_charges_month_key" ON "late_fee_charges" USING btree ("line_id","due_at","month");--> statement-breakpoint
CREATE INDEX "late_repayment_applications_user_idx" ON "late_repayment_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "late_repayment_applications_queue_idx" ON "late_repayment_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "late_repayment_applications_one_pending_key" ON "late_repayment_applications" USING btree ("line_id") WHERE "late_repayment_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "late_repayment_documents_application_idx" ON "late_repayment_documents" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "late_repayment_documents_user_idx" ON "late_repayment_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_renewals_user_idx" ON "contract_renewals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_renewals_queue_idx" ON "contract_renewals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_renewals_one_pending_key" ON "contract_renewals" USING btree ("user_id") WHERE "contract_renewals"."status" = 'pending';--> statement-breakpoint
-- The dates in force for the lines that exist: the harvest is the due date in the farmer's
-- calendar; the planting date is the one the approved KYC application gave.
UPDATE "credit_lines" SET "harvest_on" = ("due_at" AT TIME ZONE CASE WHEN "currency" = 'THB' THEN 'Asia/Bangkok' ELSE 'Asia/Kuala_Lumpur' END)::date WHERE "due_at" IS NOT NULL;--> statement-breakpoint
UPDATE "credit_lines" l SET "planting_on" = (
  SELECT (k."details"->>'planting_date')::date FROM "kyc_applications" k
  WHERE k."user_id" = l."user_id" AND k."state" = 'approved' AND k."details" ? 'planting_date'
  ORDER BY k."decided_at" DESC NULLS LAST LIMIT 1
);
