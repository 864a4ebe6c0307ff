-- Texts a customer reads are kept in en, bm and th. Rows already there keep their one text in all
-- three languages until the demo seed (or an editor) writes the translations.
ALTER TABLE "branches" ALTER COLUMN "address" SET DATA TYPE jsonb USING jsonb_build_object('en', "address", 'bm', "address", 'th', "address");--> statement-breakpoint
ALTER TABLE "branches" ALTER COLUMN "district" SET DATA TYPE jsonb USING jsonb_build_object('en', "district", 'bm', "district", 'th', "district");--> statement-breakpoint
ALTER TABLE "branches" ALTER COLUMN "state" SET DATA TYPE jsonb USING jsonb_build_object('en', "state", 'bm', "state", 'th', "state");--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_class" SET DATA TYPE jsonb USING CASE WHEN "product_class" IS NULL THEN NULL ELSE jsonb_build_object('en', "product_class", 'bm', "product_class", 'th', "product_class") END;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "dosage_per_hectare" SET DATA TYPE jsonb USING CASE WHEN "dosage_per_hectare" IS NULL THEN NULL ELSE jsonb_build_object('en', "dosage_per_hectare", 'bm', "dosage_per_hectare", 'th', "dosage_per_hectare") END;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "dilution_rate" SET DATA TYPE jsonb USING CASE WHEN "dilution_rate" IS NULL THEN NULL ELSE jsonb_build_object('en', "dilution_rate", 'bm', "dilution_rate", 'th', "dilution_rate") END;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active_ingredients_texts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "products" SET "active_ingredients_texts" = (SELECT coalesce(jsonb_agg(jsonb_build_object('en', a, 'bm', a, 'th', a)), '[]'::jsonb) FROM unnest("active_ingredients") AS a);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "active_ingredients";--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "active_ingredients_texts" TO "active_ingredients";--> statement-breakpoint
UPDATE "products" SET "specification" = (SELECT coalesce(jsonb_agg(jsonb_build_object('label', jsonb_build_object('en', key, 'bm', key, 'th', key), 'value', jsonb_build_object('en', value, 'bm', value, 'th', value))), '[]'::jsonb) FROM jsonb_each_text("specification")) WHERE jsonb_typeof("specification") = 'object';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "specification" SET DEFAULT '[]'::jsonb;
