CREATE TABLE "billable_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"property_group_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"customer_type" text NOT NULL,
	"property_owner_id" uuid,
	"resident_id" uuid,
	"bill_id" uuid,
	"expense_id" uuid,
	"markup_type_id" uuid,
	"invoice_id" uuid,
	"status" text NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("description", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billable_expenses_amount_positive" CHECK ("billable_expenses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_property_owner_id_property_owners_id_fk" FOREIGN KEY ("property_owner_id") REFERENCES "public"."property_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_markup_type_id_markup_types_id_fk" FOREIGN KEY ("markup_type_id") REFERENCES "public"."markup_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_expenses" ADD CONSTRAINT "billable_expenses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_expenses_company_status_idx" ON "billable_expenses" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "billable_expenses_search_idx" ON "billable_expenses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "billable_expenses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billable_expenses" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
