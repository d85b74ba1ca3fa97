CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text COLLATE "natural" NOT NULL,
	"description" text,
	"start_date" date NOT NULL,
	"start_time" text,
	"end_date" date,
	"end_time" text,
	"location" text,
	"user_id" uuid,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	"all_day" boolean GENERATED ALWAYS AS (start_time is null) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\n' || coalesce("description", '') || E'\n' || coalesce("location", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_company_start_idx" ON "calendar_events" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "calendar_events_company_user_idx" ON "calendar_events" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "calendar_events_search_idx" ON "calendar_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "calendar_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar_events" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
