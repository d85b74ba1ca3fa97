CREATE TABLE "deposit_disposition_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"disposition_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"charge_id" uuid,
	"description" text,
	"amount" bigint NOT NULL,
	CONSTRAINT "deposit_disposition_lines_amount_positive" CHECK ("deposit_disposition_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_dispositions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"interest_account_id" uuid,
	"bank_account_id" uuid,
	"forwarding_address" text,
	"memo" text,
	"status" text NOT NULL,
	"payment_id" uuid,
	"held_amount" bigint,
	"deducted_amount" bigint,
	"refund_account_id" uuid,
	"rental_unit_id" uuid,
	"property_group_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("memo", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_dispositions_interest_not_negative" CHECK ("deposit_dispositions"."interest" >= 0)
);
--> statement-breakpoint
CREATE TABLE "security_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"deposit_type" text NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"memo" text,
	"status" text NOT NULL,
	"disposition_id" uuid,
	"rental_unit_id" uuid,
	"property_group_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("memo", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_deposits_amount_positive" CHECK ("security_deposits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_disposition_lines" ADD CONSTRAINT "deposit_disposition_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_disposition_lines" ADD CONSTRAINT "deposit_disposition_lines_disposition_id_deposit_dispositions_id_fk" FOREIGN KEY ("disposition_id") REFERENCES "public"."deposit_dispositions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_disposition_lines" ADD CONSTRAINT "deposit_disposition_lines_charge_id_rent_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_interest_account_id_accounts_id_fk" FOREIGN KEY ("interest_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_refund_account_id_accounts_id_fk" FOREIGN KEY ("refund_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ADD CONSTRAINT "deposit_dispositions_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_disposition_id_deposit_dispositions_id_fk" FOREIGN KEY ("disposition_id") REFERENCES "public"."deposit_dispositions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_disposition_lines_disposition_idx" ON "deposit_disposition_lines" USING btree ("disposition_id");--> statement-breakpoint
CREATE INDEX "deposit_dispositions_company_lease_idx" ON "deposit_dispositions" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE INDEX "deposit_dispositions_search_idx" ON "deposit_dispositions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_deposits_company_lease_idx" ON "security_deposits" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE INDEX "security_deposits_search_idx" ON "security_deposits" USING gin ("search_text" gin_trgm_ops);;--> statement-breakpoint
-- A deposit and a disposition sit where their lease is, and are named after it.
CREATE FUNCTION "lease_deposit_place"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lease_label text;
BEGIN
  SELECT u.id, b.property_group_id, l.label INTO NEW.rental_unit_id, NEW.property_group_id, lease_label
    FROM leases l JOIN rental_units u ON u.id = l.rental_unit_id JOIN buildings b ON b.id = u.building_id
    WHERE l.id = NEW.lease_id;
  -- Each branch names only its own table's columns: a statement is planned when it first runs.
  IF TG_TABLE_NAME = 'security_deposits' THEN
    NEW.label := CASE NEW.deposit_type
      WHEN 'DAMAGE' THEN 'Damage deposit' WHEN 'PET_DAMAGE' THEN 'Pet damage deposit'
      WHEN 'LAST_MONTH_RENT' THEN 'Last month’s rent deposit' WHEN 'KEY' THEN 'Key deposit' ELSE 'Deposit' END || ' · ' || coalesce(lease_label, '');
  ELSE
    NEW.label := 'Deposit disposition of ' || to_char(NEW.date, 'YYYY-MM-DD') || ' · ' || coalesce(lease_label, '');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "security_deposits_place" BEFORE INSERT OR UPDATE OF "lease_id", "deposit_type" ON "security_deposits"
  FOR EACH ROW EXECUTE FUNCTION "lease_deposit_place"();--> statement-breakpoint
CREATE TRIGGER "deposit_dispositions_place" BEFORE INSERT OR UPDATE OF "lease_id", "date" ON "deposit_dispositions"
  FOR EACH ROW EXECUTE FUNCTION "lease_deposit_place"();--> statement-breakpoint
-- A lease renamed renames its deposits and dispositions too (by touching their lease, which their trigger names them from).
CREATE FUNCTION "lease_deposit_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE security_deposits SET lease_id = lease_id WHERE lease_id = NEW.id;
  UPDATE deposit_dispositions SET lease_id = lease_id WHERE lease_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "leases_deposit_labels" AFTER UPDATE OF "label" ON "leases"
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label) EXECUTE FUNCTION "lease_deposit_labels"();--> statement-breakpoint
ALTER TABLE "security_deposits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "security_deposits" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "deposit_dispositions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "deposit_dispositions" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "deposit_disposition_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "deposit_disposition_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
