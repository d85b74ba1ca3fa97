CREATE INDEX "appliances_search_idx" ON "appliances" USING gin ((coalesce("brand", '') || E'\n' || coalesce("model_number", '') || E'\n' || coalesce("serial_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_search_idx" ON "buildings" USING gin ((coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fee_schedules_search_idx" ON "fee_schedules" USING gin ((coalesce("name", '') || E'\n' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parking_spaces_search_idx" ON "parking_spaces" USING gin ((coalesce("space_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_groups_search_idx" ON "property_groups" USING gin ((coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_search_idx" ON "property_owners" USING gin ((coalesce("company_name", '') || E'\n' || coalesce("first_name", '') || E'\n' || coalesce("last_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rental_units_search_idx" ON "rental_units" USING gin ((coalesce("unit_number", '') || E'\n' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resident_pets_search_idx" ON "resident_pets" USING gin ((coalesce("name", '') || E'\n' || coalesce("breed", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resident_vehicles_search_idx" ON "resident_vehicles" USING gin ((coalesce("license_plate", '') || E'\n' || coalesce("make", '') || E'\n' || coalesce("model", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "residents_search_idx" ON "residents" USING gin ((coalesce("first_name", '') || E'\n' || coalesce("last_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_entries_company_name_idx" ON "search_entries" USING btree ("company_id","name");