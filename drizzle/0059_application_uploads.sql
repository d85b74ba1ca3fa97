CREATE TABLE "application_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_application_questions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("section", ''))) STORED;--> statement-breakpoint
ALTER TABLE "application_uploads" ADD CONSTRAINT "application_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_uploads" ADD CONSTRAINT "application_uploads_form_id_rental_application_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."rental_application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_uploads_token_key" ON "application_uploads" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "application_uploads_created_idx" ON "application_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rental_application_questions_search_idx" ON "rental_application_questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "application_uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "application_uploads" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
