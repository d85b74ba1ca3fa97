CREATE TABLE "vendor_credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_credit_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credit_applications_amount_positive" CHECK ("vendor_credit_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_credit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_credit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	CONSTRAINT "vendor_credit_lines_amount_positive" CHECK ("vendor_credit_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"reference" text,
	"date" date NOT NULL,
	"credit_type" text NOT NULL,
	"memo" text,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"applied_amount" bigint DEFAULT 0 NOT NULL,
	"available" boolean GENERATED ALWAYS AS (status = 'POSTED' and applied_amount < amount) STORED,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("memo", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credits_amount_positive" CHECK ("vendor_credits"."amount" > 0),
	CONSTRAINT "vendor_credits_applied_within_amount" CHECK ("vendor_credits"."applied_amount" >= 0 and "vendor_credits"."applied_amount" <= "vendor_credits"."amount")
);
--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ADD CONSTRAINT "vendor_credit_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ADD CONSTRAINT "vendor_credit_applications_vendor_credit_id_vendor_credits_id_fk" FOREIGN KEY ("vendor_credit_id") REFERENCES "public"."vendor_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ADD CONSTRAINT "vendor_credit_applications_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ADD CONSTRAINT "vendor_credit_applications_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_vendor_credit_id_vendor_credits_id_fk" FOREIGN KEY ("vendor_credit_id") REFERENCES "public"."vendor_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_credit_applications_credit_idx" ON "vendor_credit_applications" USING btree ("company_id","vendor_credit_id");--> statement-breakpoint
CREATE INDEX "vendor_credit_applications_bill_idx" ON "vendor_credit_applications" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE INDEX "vendor_credit_applications_vendor_idx" ON "vendor_credit_applications" USING btree ("company_id","vendor_id","date");--> statement-breakpoint
CREATE INDEX "vendor_credit_applications_search_idx" ON "vendor_credit_applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_credit_lines_credit_idx" ON "vendor_credit_lines" USING btree ("vendor_credit_id");--> statement-breakpoint
CREATE INDEX "vendor_credit_lines_company_account_idx" ON "vendor_credit_lines" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE INDEX "vendor_credits_company_vendor_date_idx" ON "vendor_credits" USING btree ("company_id","vendor_id","date");--> statement-breakpoint
CREATE INDEX "vendor_credits_company_date_idx" ON "vendor_credits" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "vendor_credits_search_idx" ON "vendor_credits" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "vendor_credits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vendor_credits" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vendor_credit_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vendor_credit_applications" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
