CREATE TABLE "kyc_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"market" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_documents" jsonb,
	"decision_reason" text,
	"can_resubmit_at" timestamp with time zone,
	"verified_hectares" numeric(9, 4),
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_applications_state_check" CHECK ("kyc_applications"."state" in ('draft', 'submitted', 'insufficient_documents', 'rejected', 'approved')),
	CONSTRAINT "kyc_applications_market_check" CHECK ("kyc_applications"."market" in ('MY', 'TH'))
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "kyc_documents_bytes_check" CHECK ("kyc_documents"."bytes" > 0),
	CONSTRAINT "kyc_documents_kind_check" CHECK ("kyc_documents"."kind" in ('id_front', 'id_back', 'selfie', 'bank_statement', 'utility_bill', 'land_document', 'harvest_sales'))
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_application_id_kyc_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyc_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_applications_user_idx" ON "kyc_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_applications_queue_idx" ON "kyc_applications" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applications_one_open_key" ON "kyc_applications" USING btree ("user_id") WHERE "kyc_applications"."state" in ('draft', 'submitted', 'insufficient_documents');--> statement-breakpoint
CREATE INDEX "kyc_documents_application_idx" ON "kyc_documents" USING btree ("application_id","id");