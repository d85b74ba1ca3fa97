CREATE TABLE "rent_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"date" date NOT NULL,
	"charge_type" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"account_id" uuid,
	"status" text NOT NULL,
	"rental_unit_id" uuid,
	"property_group_id" uuid,
	"schedule_id" uuid,
	"schedule_line_id" uuid,
	"period_start" date,
	"period_end" date,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_charges_amount_positive" CHECK ("rent_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_payment_schedule_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"charge_type" text NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"account_id" uuid,
	"effective_from" date,
	"effective_to" date,
	CONSTRAINT "rent_payment_schedule_lines_amount_positive" CHECK ("rent_payment_schedule_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_payment_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"due_day" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payment_schedules_end_after_start" CHECK ("rent_payment_schedules"."end_date" is null or "rent_payment_schedules"."end_date" >= "rent_payment_schedules"."start_date")
);
--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_schedule_id_rent_payment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."rent_payment_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_schedule_lines" ADD CONSTRAINT "rent_payment_schedule_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_schedule_lines" ADD CONSTRAINT "rent_payment_schedule_lines_schedule_id_rent_payment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."rent_payment_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_schedule_lines" ADD CONSTRAINT "rent_payment_schedule_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD CONSTRAINT "rent_payment_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ADD CONSTRAINT "rent_payment_schedules_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_charges_schedule_line_period_key" ON "rent_charges" USING btree ("company_id","schedule_line_id","period_start") WHERE "rent_charges"."schedule_line_id" is not null;--> statement-breakpoint
CREATE INDEX "rent_charges_company_lease_date_idx" ON "rent_charges" USING btree ("company_id","lease_id","date");--> statement-breakpoint
CREATE INDEX "rent_charges_company_date_idx" ON "rent_charges" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "rent_charges_search_idx" ON "rent_charges" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rent_payment_schedule_lines_schedule_idx" ON "rent_payment_schedule_lines" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "rent_payment_schedules_company_lease_idx" ON "rent_payment_schedules" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE INDEX "rent_payment_schedules_search_idx" ON "rent_payment_schedules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A schedule is named by its lease: "102 · Bronson Court from 2026-07-01".
CREATE FUNCTION "rent_payment_schedule_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.label := coalesce((SELECT label FROM leases WHERE id = NEW.lease_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rent_payment_schedules_label" BEFORE INSERT OR UPDATE OF "lease_id" ON "rent_payment_schedules"
  FOR EACH ROW EXECUTE FUNCTION "rent_payment_schedule_label"();--> statement-breakpoint
-- A lease renamed (its unit renamed, or its start moved) renames its schedules, and their palette entries.
CREATE FUNCTION "lease_schedule_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rent_payment_schedules SET label = NEW.label WHERE lease_id = NEW.id;
  UPDATE search_entries s SET name = NEW.label FROM rent_payment_schedules r
    WHERE s.resource = 'rent-payment-schedules' AND s.record_id = r.id AND r.lease_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "leases_schedule_labels" AFTER UPDATE OF "label" ON "leases"
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label) EXECUTE FUNCTION "lease_schedule_labels"();--> statement-breakpoint
-- A charge carries its lease's unit and property, which its posting tags its lines with.
CREATE FUNCTION "rent_charge_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.id, b.property_group_id INTO NEW.rental_unit_id, NEW.property_group_id
    FROM leases l JOIN rental_units u ON u.id = l.rental_unit_id JOIN buildings b ON b.id = u.building_id
    WHERE l.id = NEW.lease_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rent_charges_place" BEFORE INSERT OR UPDATE OF "lease_id" ON "rent_charges"
  FOR EACH ROW EXECUTE FUNCTION "rent_charge_place"();--> statement-breakpoint
ALTER TABLE "rent_payment_schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_payment_schedules" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "rent_payment_schedule_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_payment_schedule_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "rent_charges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_charges" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- A lease's rent frequency takes the values of payment-frequencies/.
UPDATE "leases" SET "rent_frequency" = 'BI_WEEKLY' WHERE "rent_frequency" = 'BIWEEKLY';
