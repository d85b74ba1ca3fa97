CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	CONSTRAINT "bill_lines_amount_positive" CHECK ("bill_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"bill_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"property_shares" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "bill_payment_allocations_amount_positive" CHECK ("bill_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"memo" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("memo", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"reference" text,
	"date" date NOT NULL,
	"due_date" date,
	"memo" text,
	"work_order_id" uuid,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"owing" boolean GENERATED ALWAYS AS (status = 'POSTED' and paid_amount < amount) STORED,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("memo", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_amount_positive" CHECK ("bills"."amount" > 0),
	CONSTRAINT "bills_paid_within_amount" CHECK ("bills"."paid_amount" >= 0 and "bills"."paid_amount" <= "bills"."amount")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"trade" text,
	"contact_name" text,
	"email" text,
	"phone" text,
	"website" text,
	"remittance_address" jsonb,
	"payment_terms" text DEFAULT 'NET_30' NOT NULL,
	"default_expense_account_id" uuid,
	"bank_institution_number" text,
	"bank_transit_number" text,
	"bank_account_number" text,
	"tax_id" text,
	"gst_number" text,
	"reportable" boolean DEFAULT false NOT NULL,
	"insurance_expires_on" date,
	"wcb_expires_on" date,
	"coverage_expires_on" date GENERATED ALWAYS AS (least(insurance_expires_on, wcb_expires_on)) STORED,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("contact_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_allocations" ADD CONSTRAINT "bill_payment_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_allocations" ADD CONSTRAINT "bill_payment_allocations_payment_id_bill_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_allocations" ADD CONSTRAINT "bill_payment_allocations_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_default_expense_account_id_accounts_id_fk" FOREIGN KEY ("default_expense_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_lines_company_account_idx" ON "bill_lines" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE INDEX "bill_payment_allocations_payment_idx" ON "bill_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bill_payment_allocations_bill_idx" ON "bill_payment_allocations" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_company_vendor_date_idx" ON "bill_payments" USING btree ("company_id","vendor_id","date");--> statement-breakpoint
CREATE INDEX "bill_payments_company_date_idx" ON "bill_payments" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "bill_payments_search_idx" ON "bill_payments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_company_vendor_date_idx" ON "bills" USING btree ("company_id","vendor_id","date");--> statement-breakpoint
CREATE INDEX "bills_company_date_idx" ON "bills" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "bills_company_owing_idx" ON "bills" USING btree ("company_id","due_date") WHERE "bills"."owing";--> statement-breakpoint
CREATE INDEX "bills_search_idx" ON "bills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_company_name_idx" ON "vendors" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "vendors_company_coverage_idx" ON "vendors" USING btree ("company_id","coverage_expires_on") WHERE "vendors"."is_active";--> statement-breakpoint
CREATE INDEX "vendors_search_idx" ON "vendors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vendors" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bills" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "bill_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_payments" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "bill_payment_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bill_payment_allocations" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
