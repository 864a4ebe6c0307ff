-- ADR 028: the search postings are kept by the database, so every writer (seed, admin, imports)
-- keeps them right. Run by the triggers products_postings_insert and products_postings_update.
CREATE OR REPLACE FUNCTION "product_postings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "product_postings" WHERE "product_id" = OLD."id";
  END IF;
  INSERT INTO "product_postings" ("term", "group", "tier", "sort_title", "product_id")
  SELECT w, NEW."group", CASE WHEN w = ANY (tsvector_to_array(NEW."name_vector")) THEN 0 ELSE 1 END,
    NEW."sort_title", NEW."id"
  FROM (SELECT DISTINCT unnest(tsvector_to_array(NEW."search_vector") || tsvector_to_array(NEW."name_vector")) AS w) AS words;
  RETURN NULL;
END $$;
