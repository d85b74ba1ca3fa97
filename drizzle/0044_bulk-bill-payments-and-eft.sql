CREATE TABLE "bulk_bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount" bigint NOT NULL,
	"payment_count" integer NOT NULL,
	"bill_count" integer NOT NULL,
	"label" text COLLATE "natural" NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("reference", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "eft_originator_id" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "eft_data_centre" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "eft_short_name" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "eft_file_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "bulk_bill_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "remittance_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "eft_file_number" integer;--> statement-breakpoint
ALTER TABLE "bulk_bill_payments" ADD CONSTRAINT "bulk_bill_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_bill_payments" ADD CONSTRAINT "bulk_bill_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_bill_payments_company_date_idx" ON "bulk_bill_payments" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "bulk_bill_payments_search_idx" ON "bulk_bill_payments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bulk_bill_payment_id_bulk_bill_payments_id_fk" FOREIGN KEY ("bulk_bill_payment_id") REFERENCES "public"."bulk_bill_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_company_bulk_idx" ON "bill_payments" USING btree ("company_id","bulk_bill_payment_id") WHERE "bill_payments"."bulk_bill_payment_id" is not null;--> statement-breakpoint
ALTER TABLE "bulk_bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bulk_bill_payments" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
