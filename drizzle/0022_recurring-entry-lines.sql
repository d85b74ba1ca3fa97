CREATE TABLE "recurring_journal_entry_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recurring_journal_entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	CONSTRAINT "recurring_journal_entry_lines_amount_nonzero" CHECK ("recurring_journal_entry_lines"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ADD CONSTRAINT "recurring_journal_entry_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ADD CONSTRAINT "recurring_journal_entry_lines_recurring_journal_entry_id_recurring_journal_entries_id_fk" FOREIGN KEY ("recurring_journal_entry_id") REFERENCES "public"."recurring_journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ADD CONSTRAINT "recurring_journal_entry_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ADD CONSTRAINT "recurring_journal_entry_lines_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ADD CONSTRAINT "recurring_journal_entry_lines_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_journal_entry_lines_entry_idx" ON "recurring_journal_entry_lines" USING btree ("recurring_journal_entry_id","position");--> statement-breakpoint
ALTER TABLE "recurring_journal_entry_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "recurring_journal_entry_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- The lines each recurring entry kept inside it become rows, in the order they were kept. A property or
-- unit removed since is dropped from its line (the line posts without it, as a line naming none would).
INSERT INTO "recurring_journal_entry_lines" ("company_id", "recurring_journal_entry_id", "position", "account_id", "amount", "memo", "property_group_id", "rental_unit_id")
SELECT r."company_id", r."id", l."ordinality" - 1, a."id", (l."value"->>'amount')::bigint, l."value"->>'memo', p."id", u."id"
FROM "recurring_journal_entries" r
CROSS JOIN LATERAL jsonb_array_elements(r."lines") WITH ORDINALITY AS l("value", "ordinality")
JOIN "accounts" a ON a."id" = (l."value"->>'accountId')::uuid AND a."company_id" = r."company_id"
LEFT JOIN "property_groups" p ON p."id" = (l."value"->>'propertyGroupId')::uuid AND p."company_id" = r."company_id"
LEFT JOIN "rental_units" u ON u."id" = (l."value"->>'rentalUnitId')::uuid AND u."company_id" = r."company_id";--> statement-breakpoint
-- A line whose account was removed since cannot post as saved: its schedule stops and says why, to be mended and restarted.
UPDATE "recurring_journal_entries" r SET "is_active" = false, "last_error" = 'An account of its lines was removed: choose another and restart it.', "last_error_at" = now()
WHERE EXISTS (
	SELECT 1 FROM jsonb_array_elements(r."lines") AS l("value")
	WHERE NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = (l."value"->>'accountId')::uuid AND a."company_id" = r."company_id")
);--> statement-breakpoint
ALTER TABLE "recurring_journal_entries" DROP COLUMN "lines";