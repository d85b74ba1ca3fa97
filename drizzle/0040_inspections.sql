CREATE TABLE "inspection_form_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"room" text NOT NULL,
	"item" text NOT NULL,
	"repeat" text DEFAULT 'ONCE' NOT NULL,
	"photo_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_report_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"room" text NOT NULL,
	"item" text NOT NULL,
	"rating" text,
	"note" text,
	"photo_required" boolean DEFAULT false NOT NULL,
	"follow_up" text DEFAULT 'NONE' NOT NULL,
	"charge_amount" bigint,
	"work_order_id" uuid,
	"charge_id" uuid
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text COLLATE "natural" NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"lease_id" uuid,
	"form_id" uuid,
	"inspection_type" text NOT NULL,
	"status" text NOT NULL,
	"scheduled_date" date,
	"inspected_date" date,
	"inspector_user_id" uuid,
	"move_in_report_id" uuid,
	"summary" text,
	"inspector_signature" text,
	"resident_signature" text,
	"resident_refused_to_sign" boolean DEFAULT false NOT NULL,
	"finalized_at" timestamp with time zone,
	"finalized_by" uuid,
	"open" boolean GENERATED ALWAYS AS (status in ('SCHEDULED', 'IN_PROGRESS')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("summary", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "line_id" uuid;--> statement-breakpoint
ALTER TABLE "inspection_form_items" ADD CONSTRAINT "inspection_form_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_items" ADD CONSTRAINT "inspection_form_items_form_id_inspection_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_forms" ADD CONSTRAINT "inspection_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_items" ADD CONSTRAINT "inspection_report_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_items" ADD CONSTRAINT "inspection_report_items_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_items" ADD CONSTRAINT "inspection_report_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_items" ADD CONSTRAINT "inspection_report_items_charge_id_rent_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_form_id_inspection_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_inspector_user_id_users_id_fk" FOREIGN KEY ("inspector_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_move_in_report_id_inspection_reports_id_fk" FOREIGN KEY ("move_in_report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_form_items_form_idx" ON "inspection_form_items" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "inspection_forms_company_idx" ON "inspection_forms" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "inspection_forms_search_idx" ON "inspection_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inspection_report_items_report_idx" ON "inspection_report_items" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "inspection_reports_company_unit_idx" ON "inspection_reports" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_company_property_idx" ON "inspection_reports" USING btree ("company_id","property_group_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_company_open_idx" ON "inspection_reports" USING btree ("company_id","scheduled_date") WHERE "inspection_reports"."open";--> statement-breakpoint
CREATE INDEX "inspection_reports_company_lease_idx" ON "inspection_reports" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_search_idx" ON "inspection_reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "inspection_forms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "inspection_forms" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "inspection_form_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "inspection_form_items" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "inspection_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "inspection_reports" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "inspection_report_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "inspection_report_items" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
-- Every company starts with the standard form (app/domain/maintenance/inspections.ts, DEFAULT_INSPECTION_FORM).
INSERT INTO "inspection_forms" ("company_id", "name", "description")
  SELECT id, 'Standard unit inspection', 'Every room of a residential unit, for move-in, move-out and periodic inspections.' FROM "companies";--> statement-breakpoint
INSERT INTO "inspection_form_items" ("company_id", "form_id", "position", "room", "item", "repeat", "photo_required")
  SELECT f.company_id, f.id, i.position, i.room, i.item, i.repeat, true
  FROM "inspection_forms" f, (VALUES
    (0, 'Entry', 'Door and lock', 'ONCE'),
    (1, 'Entry', 'Walls and ceiling', 'ONCE'),
    (2, 'Entry', 'Flooring', 'ONCE'),
    (3, 'Entry', 'Lights and switches', 'ONCE'),
    (4, 'Living room', 'Walls and ceiling', 'ONCE'),
    (5, 'Living room', 'Flooring', 'ONCE'),
    (6, 'Living room', 'Windows and screens', 'ONCE'),
    (7, 'Living room', 'Lights and outlets', 'ONCE'),
    (8, 'Kitchen', 'Countertops', 'ONCE'),
    (9, 'Kitchen', 'Cabinets', 'ONCE'),
    (10, 'Kitchen', 'Sink and faucet', 'ONCE'),
    (11, 'Kitchen', 'Stove and oven', 'ONCE'),
    (12, 'Kitchen', 'Refrigerator', 'ONCE'),
    (13, 'Kitchen', 'Flooring', 'ONCE'),
    (14, 'Bedroom', 'Walls and ceiling', 'EACH_BEDROOM'),
    (15, 'Bedroom', 'Flooring', 'EACH_BEDROOM'),
    (16, 'Bedroom', 'Closet', 'EACH_BEDROOM'),
    (17, 'Bedroom', 'Windows and blinds', 'EACH_BEDROOM'),
    (18, 'Bathroom', 'Toilet', 'EACH_BATHROOM'),
    (19, 'Bathroom', 'Sink and vanity', 'EACH_BATHROOM'),
    (20, 'Bathroom', 'Tub or shower', 'EACH_BATHROOM'),
    (21, 'Bathroom', 'Exhaust fan', 'EACH_BATHROOM'),
    (22, 'Bathroom', 'Flooring', 'EACH_BATHROOM'),
    (23, 'Whole unit', 'Smoke and CO alarms', 'ONCE'),
    (24, 'Whole unit', 'Heating', 'ONCE'),
    (25, 'Whole unit', 'Keys and fobs', 'ONCE')
  ) AS i(position, room, item, repeat);
