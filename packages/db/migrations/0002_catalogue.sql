-- Typo-tolerant product search (docs/product/catalogue.md) uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "branch_stock" (
	"branch_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_stock_branch_id_variation_id_pk" PRIMARY KEY("branch_id","variation_id")
);
--> statement-breakpoint
CREATE TABLE "product_variations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"label" jsonb NOT NULL,
	"pack_amount" integer,
	"pack_unit" text,
	"price_my_minor" integer,
	"price_th_minor" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"group" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"name" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"product_class" text,
	"formula" text,
	"active_ingredients" text[] DEFAULT '{}'::text[] NOT NULL,
	"dosage_per_hectare" text,
	"dilution_rate" text,
	"label_rate" jsonb,
	"pre_harvest_interval_days" integer,
	"specification" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fits_models" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"price_from_my" integer,
	"price_from_th" integer,
	"in_stock_my" boolean DEFAULT false NOT NULL,
	"in_stock_th" boolean DEFAULT false NOT NULL,
	"sort_title" text NOT NULL,
	"sort_brand" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_stock_variation_idx" ON "branch_stock" USING btree ("variation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variations_sku_key" ON "product_variations" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variations_product_idx" ON "product_variations" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_price_my_idx" ON "products" USING btree ("price_from_my","id");--> statement-breakpoint
CREATE INDEX "products_price_th_idx" ON "products" USING btree ("price_from_th","id");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("sort_title","id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("sort_brand","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_group_title_idx" ON "products" USING btree ("group","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_category_price_my_idx" ON "products" USING btree ("category","price_from_my","id");--> statement-breakpoint
CREATE INDEX "products_category_price_th_idx" ON "products" USING btree ("category","price_from_th","id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);