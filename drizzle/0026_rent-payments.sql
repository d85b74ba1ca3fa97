CREATE TABLE "rent_payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "rent_payment_allocations_amount_positive" CHECK ("rent_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"memo" text,
	"status" text NOT NULL,
	"returned_date" date,
	"returned_from_account_id" uuid,
	"rental_unit_id" uuid,
	"property_group_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("memo", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_amount_positive" CHECK ("rent_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "rent_charges" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD COLUMN "owing" boolean GENERATED ALWAYS AS (status = 'POSTED' and paid_amount < amount) STORED;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD COLUMN "label" text COLLATE "natural" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ADD CONSTRAINT "rent_payment_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ADD CONSTRAINT "rent_payment_allocations_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ADD CONSTRAINT "rent_payment_allocations_charge_id_rent_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_returned_from_account_id_accounts_id_fk" FOREIGN KEY ("returned_from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_payment_allocations_payment_idx" ON "rent_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "rent_payment_allocations_charge_idx" ON "rent_payment_allocations" USING btree ("company_id","charge_id");--> statement-breakpoint
CREATE INDEX "rent_payments_company_lease_date_idx" ON "rent_payments" USING btree ("company_id","lease_id","date");--> statement-breakpoint
CREATE INDEX "rent_payments_company_date_idx" ON "rent_payments" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "rent_payments_search_idx" ON "rent_payments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rent_charges_company_owing_idx" ON "rent_charges" USING btree ("company_id","date") WHERE "rent_charges"."owing";--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_paid_within_amount" CHECK ("rent_charges"."paid_amount" >= 0 and "rent_charges"."paid_amount" <= "rent_charges"."amount");--> statement-breakpoint
-- A charge and a payment are named by what they are, their date and their lease; they carry the lease's unit and property.
CREATE OR REPLACE FUNCTION "rent_charge_place"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lease_label text;
BEGIN
  SELECT u.id, b.property_group_id, l.label INTO NEW.rental_unit_id, NEW.property_group_id, lease_label
    FROM leases l JOIN rental_units u ON u.id = l.rental_unit_id JOIN buildings b ON b.id = u.building_id
    WHERE l.id = NEW.lease_id;
  NEW.label := NEW.description || ' of ' || to_char(NEW.date, 'YYYY-MM-DD') || ' · ' || coalesce(lease_label, '');
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "rent_charges_place" ON "rent_charges";--> statement-breakpoint
CREATE TRIGGER "rent_charges_place" BEFORE INSERT OR UPDATE OF "lease_id", "description", "date" ON "rent_charges"
  FOR EACH ROW EXECUTE FUNCTION "rent_charge_place"();--> statement-breakpoint
UPDATE "rent_charges" c SET "label" = c.description || ' of ' || to_char(c.date, 'YYYY-MM-DD') || ' · ' || l.label FROM "leases" l WHERE l.id = c.lease_id;--> statement-breakpoint
CREATE FUNCTION "rent_payment_place"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lease_label text;
BEGIN
  SELECT u.id, b.property_group_id, l.label INTO NEW.rental_unit_id, NEW.property_group_id, lease_label
    FROM leases l JOIN rental_units u ON u.id = l.rental_unit_id JOIN buildings b ON b.id = u.building_id
    WHERE l.id = NEW.lease_id;
  NEW.label := 'Payment of ' || to_char(NEW.date, 'YYYY-MM-DD') || ' · ' || coalesce(lease_label, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rent_payments_place" BEFORE INSERT OR UPDATE OF "lease_id", "date" ON "rent_payments"
  FOR EACH ROW EXECUTE FUNCTION "rent_payment_place"();--> statement-breakpoint
-- A lease renamed renames its schedules, charges and payments, and their palette entries.
CREATE OR REPLACE FUNCTION "lease_schedule_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rent_payment_schedules SET label = NEW.label WHERE lease_id = NEW.id;
  UPDATE search_entries s SET name = NEW.label FROM rent_payment_schedules r
    WHERE s.resource = 'rent-payment-schedules' AND s.record_id = r.id AND r.lease_id = NEW.id;
  UPDATE rent_charges SET label = description || ' of ' || to_char(date, 'YYYY-MM-DD') || ' · ' || NEW.label WHERE lease_id = NEW.id;
  UPDATE rent_payments SET label = 'Payment of ' || to_char(date, 'YYYY-MM-DD') || ' · ' || NEW.label WHERE lease_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "rent_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_payments" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "rent_payment_allocations" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
