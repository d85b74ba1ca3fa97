DROP INDEX "appliances_search_idx";--> statement-breakpoint
DROP INDEX "buildings_search_idx";--> statement-breakpoint
DROP INDEX "fee_schedules_search_idx";--> statement-breakpoint
DROP INDEX "parking_spaces_search_idx";--> statement-breakpoint
DROP INDEX "property_groups_search_idx";--> statement-breakpoint
DROP INDEX "property_owners_search_idx";--> statement-breakpoint
DROP INDEX "rental_units_search_idx";--> statement-breakpoint
DROP INDEX "resident_pets_search_idx";--> statement-breakpoint
DROP INDEX "resident_vehicles_search_idx";--> statement-breakpoint
DROP INDEX "residents_search_idx";--> statement-breakpoint
DROP INDEX "accounts_search_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_search_idx";--> statement-breakpoint
DROP INDEX "credit_cards_search_idx";--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("brand", '') || E'\n' || coalesce("model_number", '') || E'\n' || coalesce("serial_number", ''))) STORED;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("space_number", ''))) STORED;--> statement-breakpoint
ALTER TABLE "property_groups" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "property_owners" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("company_name", '') || E'\n' || coalesce("first_name", '') || E'\n' || coalesce("last_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", ''))) STORED;--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("unit_number", '') || E'\n' || coalesce("description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "resident_pets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("breed", ''))) STORED;--> statement-breakpoint
ALTER TABLE "resident_vehicles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("license_plate", '') || E'\n' || coalesce("make", '') || E'\n' || coalesce("model", ''))) STORED;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("first_name", '') || E'\n' || coalesce("last_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", ''))) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\n' || coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("institution_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "credit_cards" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("issuer", ''))) STORED;--> statement-breakpoint
CREATE INDEX "appliances_search_idx" ON "appliances" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_search_idx" ON "buildings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fee_schedules_search_idx" ON "fee_schedules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parking_spaces_search_idx" ON "parking_spaces" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_groups_search_idx" ON "property_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_search_idx" ON "property_owners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rental_units_search_idx" ON "rental_units" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resident_pets_search_idx" ON "resident_pets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resident_vehicles_search_idx" ON "resident_vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "residents_search_idx" ON "residents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_search_idx" ON "accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_accounts_search_idx" ON "bank_accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "credit_cards_search_idx" ON "credit_cards" USING gin ("search_text" gin_trgm_ops);