CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	CONSTRAINT "purchase_order_lines_amount_positive" CHECK ("purchase_order_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"date" date NOT NULL,
	"required_by" date,
	"ship_to" text,
	"memo" text,
	"work_order_id" uuid,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"approved_by_id" uuid,
	"approved_by_name" text,
	"approved_on" date,
	"rejected_by_id" uuid,
	"rejected_by_name" text,
	"rejected_on" date,
	"rejection_reason" text,
	"bill_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("memo", '') || E'\n' || coalesce("ship_to", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_amount_positive" CHECK ("purchase_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purchase_order_approval_limit" bigint;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_company_account_idx" ON "purchase_order_lines" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_company_number_key" ON "purchase_orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_company_date_idx" ON "purchase_orders" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "purchase_orders_company_vendor_idx" ON "purchase_orders" USING btree ("company_id","vendor_id","date");--> statement-breakpoint
CREATE INDEX "purchase_orders_company_bill_idx" ON "purchase_orders" USING btree ("company_id","bill_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_search_idx" ON "purchase_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "purchase_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "purchase_orders" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "purchase_order_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
