CREATE TABLE "cart_items" (
	"user_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"count" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_variation_id_pk" PRIMARY KEY("user_id","variation_id"),
	CONSTRAINT "cart_items_count_check" CHECK ("cart_items"."count" between 1 and 999)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_variation_idx" ON "cart_items" USING btree ("variation_id");