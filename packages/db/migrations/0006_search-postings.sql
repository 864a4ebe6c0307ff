CREATE TABLE "product_postings" (
	"term" text NOT NULL,
	"group" text NOT NULL,
	"tier" integer NOT NULL,
	"sort_title" text NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_postings_term_group_tier_sort_title_product_id_pk" PRIMARY KEY("term","group","tier","sort_title","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_postings" ADD CONSTRAINT "product_postings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_postings_term_idx" ON "product_postings" USING btree ("term","tier","sort_title","product_id");--> statement-breakpoint
CREATE INDEX "product_postings_product_idx" ON "product_postings" USING btree ("product_id");--> statement-breakpoint
-- Kept by the database, so every writer (seed, admin, imports) keeps the postings right.
CREATE FUNCTION "product_postings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "product_postings" WHERE "product_id" = OLD."id";
  END IF;
  INSERT INTO "product_postings" ("term", "group", "tier", "sort_title", "product_id")
  SELECT w, NEW."group", CASE WHEN w = ANY (tsvector_to_array(NEW."name_vector")) THEN 0 ELSE 1 END,
    NEW."sort_title", NEW."id"
  FROM (SELECT DISTINCT unnest(tsvector_to_array(NEW."search_vector") || tsvector_to_array(NEW."name_vector")) AS w) AS words;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_postings_insert" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "product_postings_sync"();--> statement-breakpoint
CREATE TRIGGER "products_postings_update" AFTER UPDATE OF "search_text", "sort_title", "sort_brand", "group" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "product_postings_sync"();--> statement-breakpoint
INSERT INTO "product_postings" ("term", "group", "tier", "sort_title", "product_id")
SELECT DISTINCT w, p."group", CASE WHEN w = ANY (tsvector_to_array(p."name_vector")) THEN 0 ELSE 1 END, p."sort_title", p."id"
FROM "products" p, unnest(tsvector_to_array(p."search_vector") || tsvector_to_array(p."name_vector")) AS w;
