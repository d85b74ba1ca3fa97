CREATE TABLE "markup_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"markup_kind" text NOT NULL,
	"percentage" integer,
	"flat_amount" bigint,
	"income_account_id" uuid,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markup_types" ADD CONSTRAINT "markup_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_types" ADD CONSTRAINT "markup_types_income_account_id_accounts_id_fk" FOREIGN KEY ("income_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markup_types_company_name_key" ON "markup_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "markup_types_search_idx" ON "markup_types" USING gin ("search_text" gin_trgm_ops);