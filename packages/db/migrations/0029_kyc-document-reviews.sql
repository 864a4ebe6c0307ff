ALTER TABLE "kyc_documents" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_review_check" CHECK ("kyc_documents"."review" in ('accepted', 'resend'));--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_resend_reason_check" CHECK ("kyc_documents"."review" is distinct from 'resend' or "kyc_documents"."review_reason" is not null);