CREATE TABLE "rental_applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"resident_id" uuid NOT NULL,
	"role" text NOT NULL,
	"monthly_income" bigint,
	"employer" text
);
--> statement-breakpoint
CREATE TABLE "rental_application_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"listing_id" uuid,
	"rental_unit_id" uuid,
	"status" text NOT NULL,
	"desired_move_in_date" date,
	"credit_check_consent" boolean DEFAULT false NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'STAFF' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"decline_reason" text,
	"decided_on" date,
	"lease_id" uuid,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_unit_listings" ADD COLUMN "application_form_id" uuid;--> statement-breakpoint
ALTER TABLE "rental_application_questions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_application_questions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_applicants" ADD CONSTRAINT "rental_applicants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_applicants" ADD CONSTRAINT "rental_applicants_submission_id_rental_application_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."rental_application_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_applicants" ADD CONSTRAINT "rental_applicants_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ADD CONSTRAINT "rental_application_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ADD CONSTRAINT "rental_application_submissions_form_id_rental_application_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."rental_application_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ADD CONSTRAINT "rental_application_submissions_listing_id_rental_unit_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."rental_unit_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ADD CONSTRAINT "rental_application_submissions_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ADD CONSTRAINT "rental_application_submissions_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_applicants_submission_idx" ON "rental_applicants" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "rental_applicants_resident_idx" ON "rental_applicants" USING btree ("company_id","resident_id");--> statement-breakpoint
CREATE INDEX "rental_application_submissions_company_status_idx" ON "rental_application_submissions" USING btree ("company_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "rental_application_submissions_listing_idx" ON "rental_application_submissions" USING btree ("company_id","listing_id");--> statement-breakpoint
CREATE INDEX "rental_application_submissions_search_idx" ON "rental_application_submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "rental_unit_listings" ADD CONSTRAINT "rental_unit_listings_application_form_id_rental_application_forms_id_fk" FOREIGN KEY ("application_form_id") REFERENCES "public"."rental_application_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_submissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rental_application_submissions" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "rental_applicants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rental_applicants" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
