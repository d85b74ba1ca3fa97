CREATE TABLE "time_tracking_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"work_order_id" uuid,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"hourly_rate" bigint DEFAULT 0 NOT NULL,
	"minutes" integer,
	"amount" bigint,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("notes", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_tracking_entries_ends_after_start" CHECK ("time_tracking_entries"."ended_at" is null or "time_tracking_entries"."ended_at" >= "time_tracking_entries"."started_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hourly_rate" bigint;--> statement-breakpoint
ALTER TABLE "time_tracking_entries" ADD CONSTRAINT "time_tracking_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracking_entries" ADD CONSTRAINT "time_tracking_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracking_entries" ADD CONSTRAINT "time_tracking_entries_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_tracking_entries_company_user_idx" ON "time_tracking_entries" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "time_tracking_entries_search_idx" ON "time_tracking_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "time_tracking_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "time_tracking_entries" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);