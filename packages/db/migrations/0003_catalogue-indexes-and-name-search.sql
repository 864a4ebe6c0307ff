ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', sort_title || ' ' || sort_brand)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_group_brand_idx" ON "products" USING btree ("group","sort_brand","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_group_price_my_idx" ON "products" USING btree ("group","price_from_my","id");--> statement-breakpoint
CREATE INDEX "products_group_price_th_idx" ON "products" USING btree ("group","price_from_th","id");--> statement-breakpoint
CREATE INDEX "products_category_brand_idx" ON "products" USING btree ("category","sort_brand","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_name_vector_idx" ON "products" USING gin ("name_vector");