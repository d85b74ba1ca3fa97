CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"vendor_id" uuid,
	"payee" text,
	"property_group_id" uuid NOT NULL,
	"rental_unit_id" uuid,
	"account_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"credit_card_id" uuid,
	"reference" text,
	"amount" bigint NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"receipt_id" uuid,
	"status" text NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("payee", '') || E'\n' || coalesce("reference", '') || E'\n' || coalesce("memo", '') || E'\n' || coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_tax_within_amount" CHECK ("expenses"."tax_amount" >= 0 and "expenses"."tax_amount" < "expenses"."amount"),
	CONSTRAINT "expenses_paid_from_one" CHECK (("expenses"."bank_account_id" is null) <> ("expenses"."credit_card_id" is null))
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_credit_card_id_credit_cards_id_fk" FOREIGN KEY ("credit_card_id") REFERENCES "public"."credit_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_id_documents_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_company_date_idx" ON "expenses" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "expenses_search_idx" ON "expenses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "expenses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "expenses" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
