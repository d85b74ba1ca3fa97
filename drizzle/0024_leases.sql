CREATE TABLE "lease_residents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"resident_id" uuid NOT NULL,
	"role" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"lease_type" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"move_in_date" date,
	"notice_date" date,
	"move_out_date" date,
	"rent" bigint NOT NULL,
	"rent_frequency" text NOT NULL,
	"rent_due_day" integer,
	"security_deposit" bigint,
	"last_month_rent_deposit" bigint,
	"key_deposit" bigint,
	"renews_lease_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leases_rent_not_negative" CHECK ("leases"."rent" >= 0),
	CONSTRAINT "leases_end_after_start" CHECK ("leases"."end_date" is null or "leases"."end_date" >= "leases"."start_date")
);
--> statement-breakpoint
ALTER TABLE "lease_residents" ADD CONSTRAINT "lease_residents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_residents" ADD CONSTRAINT "lease_residents_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_residents" ADD CONSTRAINT "lease_residents_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_renews_lease_id_leases_id_fk" FOREIGN KEY ("renews_lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_residents_lease_resident_key" ON "lease_residents" USING btree ("lease_id","resident_id");--> statement-breakpoint
CREATE INDEX "lease_residents_resident_idx" ON "lease_residents" USING btree ("company_id","resident_id");--> statement-breakpoint
CREATE INDEX "leases_company_unit_idx" ON "leases" USING btree ("company_id","rental_unit_id","status");--> statement-breakpoint
CREATE INDEX "leases_company_label_idx" ON "leases" USING btree ("company_id","label");--> statement-breakpoint
CREATE INDEX "leases_company_status_idx" ON "leases" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "leases_search_idx" ON "leases" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "journal_lines_company_lease_date_idx" ON "journal_lines" USING btree ("company_id","lease_id","date") WHERE "journal_lines"."lease_id" is not null;--> statement-breakpoint
-- A lease is named by its unit and its start: "102 · Bronson Court from 2026-07-01".
CREATE FUNCTION "lease_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.label := coalesce((SELECT label FROM rental_units WHERE id = NEW.rental_unit_id), '') || ' from ' || to_char(NEW.start_date, 'YYYY-MM-DD');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "leases_label" BEFORE INSERT OR UPDATE OF "rental_unit_id", "start_date" ON "leases"
  FOR EACH ROW EXECUTE FUNCTION "lease_label"();--> statement-breakpoint
-- A unit renamed (or its building) renames its leases, and their palette entries.
CREATE FUNCTION "rental_unit_lease_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leases SET label = NEW.label || ' from ' || to_char(start_date, 'YYYY-MM-DD') WHERE rental_unit_id = NEW.id;
  UPDATE search_entries s SET name = l.label FROM leases l
    WHERE s.resource = 'leases' AND s.record_id = l.id AND l.rental_unit_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_units_lease_labels" AFTER UPDATE OF "label" ON "rental_units"
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label) EXECUTE FUNCTION "rental_unit_lease_labels"();--> statement-breakpoint
ALTER TABLE "leases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "leases" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "lease_residents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lease_residents" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
