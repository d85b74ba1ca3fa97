CREATE TABLE "work_order_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"stage" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"subject" text COLLATE "natural" NOT NULL,
	"description" text,
	"property_group_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"location" text,
	"category_id" uuid,
	"priority" text NOT NULL,
	"stage" text NOT NULL,
	"status_id" uuid,
	"reported_by_resident_id" uuid,
	"permission_to_enter" boolean DEFAULT false NOT NULL,
	"entry_notes" text,
	"pets_on_premises" boolean DEFAULT false NOT NULL,
	"resident_consent" boolean DEFAULT false NOT NULL,
	"scheduled_date" date,
	"scheduled_time" text,
	"scheduled_at" timestamp with time zone,
	"entry_notice_at" timestamp with time zone,
	"due_date" date,
	"response_due_at" timestamp with time zone,
	"completion_due_at" timestamp with time zone,
	"assigned_user_id" uuid,
	"duplicated_from_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("subject", '') || E'\n' || coalesce("location", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "state_changes" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "work_order_categories" ADD CONSTRAINT "work_order_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_statuses" ADD CONSTRAINT "work_order_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_category_id_work_order_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."work_order_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_status_id_work_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."work_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_reported_by_resident_id_residents_id_fk" FOREIGN KEY ("reported_by_resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_duplicated_from_id_work_orders_id_fk" FOREIGN KEY ("duplicated_from_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_categories_company_name_key" ON "work_order_categories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "work_order_categories_search_idx" ON "work_order_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_statuses_company_name_key" ON "work_order_statuses" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "work_order_statuses_company_stage_idx" ON "work_order_statuses" USING btree ("company_id","stage");--> statement-breakpoint
CREATE INDEX "work_order_statuses_search_idx" ON "work_order_statuses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_company_stage_idx" ON "work_orders" USING btree ("company_id","stage");--> statement-breakpoint
CREATE INDEX "work_orders_company_property_idx" ON "work_orders" USING btree ("company_id","property_group_id");--> statement-breakpoint
CREATE INDEX "work_orders_company_unit_idx" ON "work_orders" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "work_orders_company_created_idx" ON "work_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_search_idx" ON "work_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "work_order_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_order_categories" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_order_statuses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_order_statuses" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_orders" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- Every company starts with the default categories and one status per stage, named as the stage
-- (app/domain/maintenance/work-orders.ts; a new company gets the same from openMaintenance).
INSERT INTO "work_order_categories" ("company_id", "name", "description")
SELECT c."id", d."name", d."description"
FROM "companies" c
CROSS JOIN (VALUES
  ('Appliance', 'Fridges, stoves, dishwashers, washers and dryers'),
  ('Electrical', 'Outlets, switches, lights, breakers and wiring'),
  ('General', 'Anything that fits no other category'),
  ('HVAC', 'Heating, ventilation and air conditioning'),
  ('Locks and keys', 'Lock changes, lockouts, keys and fobs'),
  ('Pest control', 'Insects, rodents and other pests'),
  ('Plumbing', 'Leaks, drains, toilets, taps and water heaters')
) AS d("name", "description");--> statement-breakpoint
INSERT INTO "work_order_statuses" ("company_id", "name", "stage")
SELECT c."id", d."name", d."stage"
FROM "companies" c
CROSS JOIN (VALUES
  ('New', 'NEW'),
  ('Triage', 'TRIAGE'),
  ('Awaiting estimate', 'AWAITING_ESTIMATE'),
  ('Awaiting approval', 'AWAITING_APPROVAL'),
  ('Assigned', 'ASSIGNED'),
  ('Scheduled', 'SCHEDULED'),
  ('In progress', 'IN_PROGRESS'),
  ('On hold', 'ON_HOLD'),
  ('Work done', 'WORK_DONE'),
  ('Ready to bill', 'READY_TO_BILL'),
  ('Closed', 'CLOSED'),
  ('Canceled', 'CANCELED')
) AS d("name", "stage");
