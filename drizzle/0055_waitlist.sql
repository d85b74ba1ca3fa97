CREATE TABLE "waitlist_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"bedrooms" integer,
	"max_rent" bigint,
	"move_in_date" date,
	"property_group_id" uuid,
	"notes" text,
	"consented" boolean DEFAULT false NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'STAFF' NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("phone", '') || E'\n' || coalesce("notes", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_notifications" ADD CONSTRAINT "waitlist_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_notifications" ADD CONSTRAINT "waitlist_notifications_listing_id_rental_unit_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."rental_unit_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_notifications" ADD CONSTRAINT "waitlist_notifications_subscriber_id_waitlist_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."waitlist_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_subscribers" ADD CONSTRAINT "waitlist_subscribers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_subscribers" ADD CONSTRAINT "waitlist_subscribers_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_notifications_listing_subscriber_key" ON "waitlist_notifications" USING btree ("listing_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "waitlist_subscribers_company_created_idx" ON "waitlist_subscribers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_subscribers_search_idx" ON "waitlist_subscribers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "waitlist_subscribers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "waitlist_subscribers" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "waitlist_notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "waitlist_notifications" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
