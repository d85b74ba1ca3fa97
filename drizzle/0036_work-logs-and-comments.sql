CREATE TABLE "work_log_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"work_log_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_cost" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"user_id" uuid,
	"work_date" date NOT NULL,
	"hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"hourly_rate" bigint DEFAULT 0 NOT NULL,
	"labour_amount" bigint DEFAULT 0 NOT NULL,
	"materials_amount" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_logs_hours_not_negative" CHECK ("work_logs"."hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"body" text NOT NULL,
	"visible_to_resident" boolean DEFAULT false NOT NULL,
	"author_user_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("body", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rent_charges" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "work_log_materials" ADD CONSTRAINT "work_log_materials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_materials" ADD CONSTRAINT "work_log_materials_work_log_id_work_logs_id_fk" FOREIGN KEY ("work_log_id") REFERENCES "public"."work_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_log_materials_log_idx" ON "work_log_materials" USING btree ("work_log_id","position");--> statement-breakpoint
CREATE INDEX "work_logs_company_work_order_idx" ON "work_logs" USING btree ("company_id","work_order_id","work_date");--> statement-breakpoint
CREATE INDEX "work_logs_search_idx" ON "work_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_comments_company_work_order_idx" ON "work_order_comments" USING btree ("company_id","work_order_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_comments_search_idx" ON "work_order_comments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_charges_work_order_key" ON "rent_charges" USING btree ("company_id","work_order_id") WHERE "rent_charges"."work_order_id" is not null and "rent_charges"."status" = 'POSTED';--> statement-breakpoint
ALTER TABLE "work_log_materials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_log_materials" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_logs" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_order_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_order_comments" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- Work charged to residents goes to an income account of its own (the MAINTENANCE_INCOME role,
-- app/domain/ledger/chart.ts): every company gets 4500 Maintenance Charged to Residents, as a new
-- company does, unless it numbered an account 4500 already (then the role waits to be set).
INSERT INTO "accounts" ("company_id", "number", "name", "account_type", "subtype", "description")
SELECT c."id", '4500', 'Maintenance Charged to Residents', 'INCOME', 'OTHER_INCOME', 'Repairs and other work billed to residents from work orders.'
FROM "companies" c
WHERE NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."company_id" = c."id" AND a."number" = '4500');--> statement-breakpoint
INSERT INTO "default_gl_accounts" ("company_id", "role", "account_id")
SELECT a."company_id", 'MAINTENANCE_INCOME', a."id"
FROM "accounts" a
WHERE a."number" = '4500' AND a."name" = 'Maintenance Charged to Residents'
ON CONFLICT DO NOTHING;
