CREATE TABLE "rental_unit_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"title" text COLLATE "natural" NOT NULL,
	"description" text,
	"rent" bigint NOT NULL,
	"deposit" bigint,
	"available_on" date,
	"lease_term" text,
	"amenities" text,
	"pet_policy" text,
	"pet_terms" text,
	"parking" text,
	"utilities_included" text,
	"contact_email" text,
	"contact_phone" text,
	"status" text NOT NULL,
	"published_on" date,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\n' || coalesce("label", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_unit_listings_rent_positive" CHECK ("rental_unit_listings"."rent" > 0),
	CONSTRAINT "rental_unit_listings_deposit_positive" CHECK ("rental_unit_listings"."deposit" is null or "rental_unit_listings"."deposit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rental_unit_listings" ADD CONSTRAINT "rental_unit_listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_unit_listings" ADD CONSTRAINT "rental_unit_listings_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_unit_listings_company_unit_idx" ON "rental_unit_listings" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "rental_unit_listings_published_idx" ON "rental_unit_listings" USING btree ("company_id","available_on") WHERE "rental_unit_listings"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "rental_unit_listings_search_idx" ON "rental_unit_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "rental_unit_listings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rental_unit_listings" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
