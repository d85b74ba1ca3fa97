CREATE TABLE "lease_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"title" text COLLATE "natural" NOT NULL,
	"category" text NOT NULL,
	"file_id" uuid NOT NULL,
	"description" text,
	"shared_with_residents" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lease_attachments" ADD CONSTRAINT "lease_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_attachments" ADD CONSTRAINT "lease_attachments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_attachments" ADD CONSTRAINT "lease_attachments_file_id_documents_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_attachments_company_lease_idx" ON "lease_attachments" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_attachments_file_idx" ON "lease_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "lease_attachments_search_idx" ON "lease_attachments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "lease_attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lease_attachments" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- Every document kept on a lease becomes its lease attachment: the lease's files have one home.
-- Residents read every one of them in the resident center until now, so they stay shared.
INSERT INTO "lease_attachments" ("company_id", "lease_id", "title", "category", "file_id", "shared_with_residents", "created_at", "updated_at")
SELECT d."company_id", d."record_id", d."name",
  CASE d."document_type"
    WHEN 'LEASE' THEN 'SIGNED_LEASE'
    WHEN 'LEASE_ADDENDUM' THEN 'ADDENDUM'
    WHEN 'NOTICE' THEN 'NOTICE'
    WHEN 'IDENTIFICATION' THEN 'ID_OR_INSURANCE'
    WHEN 'INSURANCE_CERTIFICATE' THEN 'ID_OR_INSURANCE'
    ELSE 'OTHER'
  END,
  d."id", true, d."created_at", d."updated_at"
FROM "documents" d
JOIN "leases" l ON l."id" = d."record_id" AND l."company_id" = d."company_id"
WHERE d."record_type" = 'leases';
