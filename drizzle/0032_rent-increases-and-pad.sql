CREATE TABLE "bulk_rent_increase_notice_leases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"lease_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_rent_increase_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_group_id" uuid,
	"notice_date" date NOT NULL,
	"effective_date" date NOT NULL,
	"increase_percent" integer,
	"email_residents" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"status" text NOT NULL,
	"memo" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("memo", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_increases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"current_rent" bigint NOT NULL,
	"new_rent" bigint NOT NULL,
	"effective_date" date NOT NULL,
	"notice_date" date,
	"exempt" boolean DEFAULT false NOT NULL,
	"exemption_reason" text,
	"bulk_notice_id" uuid,
	"schedule_line_id" uuid,
	"lease_rent_updated" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_increases_new_rent_positive" CHECK ("rent_increases"."new_rent" > 0),
	CONSTRAINT "rent_increases_current_rent_not_negative" CHECK ("rent_increases"."current_rent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_account_holder" text;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_institution_number" text;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_transit_number" text;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_account_number" text;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_amount_type" text;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD COLUMN "pad_waives_pre_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notice_leases" ADD CONSTRAINT "bulk_rent_increase_notice_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notice_leases" ADD CONSTRAINT "bulk_rent_increase_notice_leases_notice_id_bulk_rent_increase_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."bulk_rent_increase_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notice_leases" ADD CONSTRAINT "bulk_rent_increase_notice_leases_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notices" ADD CONSTRAINT "bulk_rent_increase_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notices" ADD CONSTRAINT "bulk_rent_increase_notices_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_increases" ADD CONSTRAINT "rent_increases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_increases" ADD CONSTRAINT "rent_increases_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_increases" ADD CONSTRAINT "rent_increases_bulk_notice_id_bulk_rent_increase_notices_id_fk" FOREIGN KEY ("bulk_notice_id") REFERENCES "public"."bulk_rent_increase_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_rent_increase_notice_leases_notice_idx" ON "bulk_rent_increase_notice_leases" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "bulk_rent_increase_notices_company_date_idx" ON "bulk_rent_increase_notices" USING btree ("company_id","notice_date");--> statement-breakpoint
CREATE INDEX "bulk_rent_increase_notices_search_idx" ON "bulk_rent_increase_notices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rent_increases_company_lease_idx" ON "rent_increases" USING btree ("company_id","lease_id","effective_date");--> statement-breakpoint
CREATE INDEX "rent_increases_company_status_idx" ON "rent_increases" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "rent_increases_company_bulk_idx" ON "rent_increases" USING btree ("company_id","bulk_notice_id") WHERE "rent_increases"."bulk_notice_id" is not null;--> statement-breakpoint
CREATE INDEX "rent_increases_company_pending_idx" ON "rent_increases" USING btree ("company_id","effective_date") WHERE "rent_increases"."status" = 'APPLIED' and not "rent_increases"."lease_rent_updated";--> statement-breakpoint
CREATE INDEX "rent_increases_search_idx" ON "rent_increases" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- An increase is named by its lease ("102 · Bronson Court from 2026-07-01") and starts from the lease's rent.
CREATE FUNCTION "rent_increase_from_lease"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT label, rent INTO NEW.label, NEW.current_rent FROM leases WHERE id = NEW.lease_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rent_increases_from_lease" BEFORE INSERT OR UPDATE OF "lease_id" ON "rent_increases"
  FOR EACH ROW EXECUTE FUNCTION "rent_increase_from_lease"();--> statement-breakpoint
-- A lease renamed (its unit renamed, or its start moved) renames its rent increases.
CREATE FUNCTION "lease_rent_increase_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rent_increases SET label = NEW.label WHERE lease_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "leases_rent_increase_labels" AFTER UPDATE OF "label" ON "leases"
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label) EXECUTE FUNCTION "lease_rent_increase_labels"();--> statement-breakpoint
ALTER TABLE "rent_increases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_increases" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bulk_rent_increase_notices" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "bulk_rent_increase_notice_leases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bulk_rent_increase_notice_leases" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
