CREATE TABLE "rental_application_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"slug" text,
	"introduction" text,
	"application_fee" bigint,
	"asks_credit_check_consent" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("slug", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_application_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"section" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"choices" text,
	"help" text
);
--> statement-breakpoint
ALTER TABLE "rental_application_forms" ADD CONSTRAINT "rental_application_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_questions" ADD CONSTRAINT "rental_application_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_application_questions" ADD CONSTRAINT "rental_application_questions_form_id_rental_application_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."rental_application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_application_forms_slug_key" ON "rental_application_forms" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "rental_application_forms_search_idx" ON "rental_application_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rental_application_questions_form_idx" ON "rental_application_questions" USING btree ("form_id","position");--> statement-breakpoint
ALTER TABLE "rental_application_forms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rental_application_forms" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "rental_application_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rental_application_questions" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
