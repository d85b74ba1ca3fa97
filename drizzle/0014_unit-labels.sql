-- Unit numbers sort as people read them (1, 2, 10, 100, 10A): ICU's numeric ordering.
CREATE COLLATION IF NOT EXISTS "natural" (provider = icu, locale = 'und-u-kn-true');--> statement-breakpoint
ALTER TABLE "rental_units" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "rental_units" ALTER COLUMN "unit_number" TYPE text COLLATE "natural";--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "label" text COLLATE "natural" DEFAULT '' NOT NULL;--> statement-breakpoint
-- A unit's name wherever it appears is its number with its building ("102 · Bronson Court"), kept
-- here so every list, picker, filter and the palette read one column instead of joining buildings.
CREATE FUNCTION "rental_unit_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.label := NEW.unit_number || ' · ' || coalesce((SELECT name FROM buildings WHERE id = NEW.building_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_units_label" BEFORE INSERT OR UPDATE OF "unit_number", "building_id" ON "rental_units"
  FOR EACH ROW EXECUTE FUNCTION "rental_unit_label"();--> statement-breakpoint
-- A renamed building renames its units, and their entries in the command palette's index.
CREATE FUNCTION "building_renames_units"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rental_units SET label = unit_number || ' · ' || NEW.name WHERE building_id = NEW.id;
  UPDATE search_entries s SET name = u.label FROM rental_units u
    WHERE u.building_id = NEW.id AND s.company_id = u.company_id AND s.resource = 'rental-units' AND s.record_id = u.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "buildings_rename_units" AFTER UPDATE OF "name" ON "buildings"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "building_renames_units"();--> statement-breakpoint
UPDATE "rental_units" u SET "label" = u."unit_number" || ' · ' || b."name" FROM "buildings" b WHERE b."id" = u."building_id";--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX "rental_units_search_idx" ON "rental_units" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rental_units_company_label_idx" ON "rental_units" USING btree ("company_id","label");--> statement-breakpoint
DROP INDEX "search_entries_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_entries" ADD COLUMN "keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "search_entries" s SET "name" = u."label" FROM "rental_units" u
  WHERE s."resource" = 'rental-units' AND s."record_id" = u."id" AND s."company_id" = u."company_id";--> statement-breakpoint
-- The palette finds people by e-mail and phone too (the phone also as bare digits): the rule of the engine's paletteKeywords.
UPDATE "search_entries" s SET "keywords" = concat_ws(E'\n', r."email", r."phone", nullif(regexp_replace(r."phone", '\D', '', 'g'), ''))
  FROM "residents" r WHERE s."resource" = 'residents' AND s."record_id" = r."id" AND s."company_id" = r."company_id";--> statement-breakpoint
UPDATE "search_entries" s SET "keywords" = concat_ws(E'\n', o."email", o."phone", nullif(regexp_replace(o."phone", '\D', '', 'g'), ''))
  FROM "property_owners" o WHERE s."resource" = 'property-owners' AND s."record_id" = o."id" AND s."company_id" = o."company_id";--> statement-breakpoint
ALTER TABLE "search_entries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("keywords", ''))) STORED;--> statement-breakpoint
CREATE INDEX "search_entries_search_idx" ON "search_entries" USING gin ("search_text" gin_trgm_ops);
