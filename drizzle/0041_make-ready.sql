CREATE TABLE "make_readies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text COLLATE "natural" NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"move_out_lease_id" uuid,
	"move_out_date" date,
	"ready_by_date" date,
	"ready_date" date,
	"next_lease_id" uuid,
	"next_move_in_date" date,
	"status" text NOT NULL,
	"notes" text,
	"open" boolean GENERATED ALWAYS AS (status in ('UPCOMING', 'IN_PROGRESS', 'ON_HOLD')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("notes", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_ready_task_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text COLLATE "natural" NOT NULL,
	"description" text,
	"opens_work_orders" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_ready_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"make_ready_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'TO_DO' NOT NULL,
	"due_date" date,
	"assigned_user_id" uuid,
	"work_order_id" uuid,
	"cost" bigint
);
--> statement-breakpoint
ALTER TABLE "make_readies" ADD CONSTRAINT "make_readies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_readies" ADD CONSTRAINT "make_readies_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_readies" ADD CONSTRAINT "make_readies_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_readies" ADD CONSTRAINT "make_readies_move_out_lease_id_leases_id_fk" FOREIGN KEY ("move_out_lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_readies" ADD CONSTRAINT "make_readies_next_lease_id_leases_id_fk" FOREIGN KEY ("next_lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_task_categories" ADD CONSTRAINT "make_ready_task_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ADD CONSTRAINT "make_ready_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ADD CONSTRAINT "make_ready_tasks_make_ready_id_make_readies_id_fk" FOREIGN KEY ("make_ready_id") REFERENCES "public"."make_readies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ADD CONSTRAINT "make_ready_tasks_category_id_make_ready_task_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."make_ready_task_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ADD CONSTRAINT "make_ready_tasks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ADD CONSTRAINT "make_ready_tasks_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "make_readies_company_unit_open_key" ON "make_readies" USING btree ("company_id","rental_unit_id") WHERE "make_readies"."open";--> statement-breakpoint
CREATE INDEX "make_readies_company_unit_idx" ON "make_readies" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "make_readies_company_next_move_in_idx" ON "make_readies" USING btree ("company_id","next_move_in_date");--> statement-breakpoint
CREATE INDEX "make_readies_search_idx" ON "make_readies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "make_ready_task_categories_company_name_key" ON "make_ready_task_categories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "make_ready_task_categories_search_idx" ON "make_ready_task_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "make_ready_tasks_make_ready_idx" ON "make_ready_tasks" USING btree ("make_ready_id","position");--> statement-breakpoint
ALTER TABLE "make_ready_task_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "make_ready_task_categories" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "make_readies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "make_readies" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "make_ready_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "make_ready_tasks" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
--> statement-breakpoint
-- Every company starts with the default categories (app/domain/maintenance/make-ready.ts, DEFAULT_MAKE_READY_CATEGORIES).
INSERT INTO "make_ready_task_categories" ("company_id", "name", "description", "opens_work_orders")
  SELECT c.id, d.name, d.description, d.opens_work_orders
  FROM "companies" c, (VALUES
    ('Inspection', 'The move-out inspection and the final walk-through', false),
    ('Cleaning', 'Cleaning, carpets, windows', false),
    ('Repair', 'Repairs found at move-out: done through work orders', true),
    ('Cosmetic', 'Paint, touch-ups, fixtures', true),
    ('Safety', 'Smoke and CO alarms, locks and keys', true),
    ('Admin', 'Keys, utilities, paperwork', false),
    ('Marketing', 'Photos and the listing', false)
  ) AS d(name, description, opens_work_orders);
