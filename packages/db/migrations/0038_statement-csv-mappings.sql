CREATE TABLE "statement_csv_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_csv_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"id_column" text NOT NULL,
	"date_column" text NOT NULL,
	"date_format" text NOT NULL,
	"amount_column" text NOT NULL,
	"details_column" text NOT NULL,
	"payer_column" text,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_csv_mappings_name_unique" UNIQUE("name"),
	CONSTRAINT "statement_csv_mappings_currency_check" CHECK ("statement_csv_mappings"."currency" in ('MYR', 'THB')),
	CONSTRAINT "statement_csv_mappings_date_format_check" CHECK ("statement_csv_mappings"."date_format" in ('YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY'))
);
--> statement-breakpoint
ALTER TABLE "statement_csv_mappings" ADD CONSTRAINT "statement_csv_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;