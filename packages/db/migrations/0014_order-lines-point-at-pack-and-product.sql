ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_id_product_key" UNIQUE("id","product_id");--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_variation_id_product_variations_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variation_product_fk" FOREIGN KEY ("variation_id","product_id") REFERENCES "public"."product_variations"("id","product_id") ON DELETE no action ON UPDATE no action;
