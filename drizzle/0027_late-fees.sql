CREATE TABLE "late_fee_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"property_group_id" uuid,
	"fee_type" text NOT NULL,
	"amount" bigint,
	"percent" integer,
	"maximum" bigint,
	"grace_days" integer DEFAULT 5 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_fee_policies_property_key" UNIQUE NULLS NOT DISTINCT("company_id","property_group_id"),
	CONSTRAINT "late_fee_policies_grace_days" CHECK ("late_fee_policies"."grace_days" between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "rent_charges" ADD COLUMN "for_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ADD CONSTRAINT "late_fee_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ADD CONSTRAINT "late_fee_policies_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_fee_policies_search_idx" ON "late_fee_policies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_for_charge_id_rent_charges_id_fk" FOREIGN KEY ("for_charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_charges_late_fee_key" ON "rent_charges" USING btree ("company_id","for_charge_id") WHERE "rent_charges"."for_charge_id" is not null;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "late_fee_policies" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
