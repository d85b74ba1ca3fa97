CREATE TABLE "manual_journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"memo" text,
	"status" text DEFAULT 'POSTED' NOT NULL,
	"reversal_date" date,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("memo", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "manual_journal_entry_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"manual_journal_entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text,
	"property_group_id" uuid,
	"rental_unit_id" uuid,
	"lease_id" uuid,
	"resident_id" uuid,
	"vendor_id" uuid,
	"property_owner_id" uuid,
	CONSTRAINT "manual_journal_entry_lines_amount_nonzero" CHECK ("manual_journal_entry_lines"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "manual_journal_entries" ADD CONSTRAINT "manual_journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entries" ADD CONSTRAINT "manual_journal_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_manual_journal_entry_id_manual_journal_entries_id_fk" FOREIGN KEY ("manual_journal_entry_id") REFERENCES "public"."manual_journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ADD CONSTRAINT "manual_journal_entry_lines_property_owner_id_property_owners_id_fk" FOREIGN KEY ("property_owner_id") REFERENCES "public"."property_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_journal_entries_company_date_idx" ON "manual_journal_entries" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "manual_journal_entries_search_idx" ON "manual_journal_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "manual_journal_entry_lines_entry_idx" ON "manual_journal_entry_lines" USING btree ("manual_journal_entry_id","position");--> statement-breakpoint
ALTER TABLE "manual_journal_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "manual_journal_entries" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "manual_journal_entry_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "manual_journal_entry_lines" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
-- One manual journal entry (a document, ADR 013) per chain of manual entries, its id the chain's
-- (the entries' source_id), so every version, reversal and replacement stays its posting. Its
-- date, memo and lines are its latest version's; it is void when that version was reversed.
INSERT INTO "manual_journal_entries" ("id", "company_id", "date", "memo", "status", "created_by_id", "created_at", "updated_at")
SELECT DISTINCT ON (e."company_id", e."source_id") e."source_id", e."company_id", e."date", e."memo",
  CASE WHEN EXISTS (SELECT 1 FROM "journal_entries" r WHERE r."reverses_entry_id" = e."id") THEN 'VOID' ELSE 'POSTED' END,
  (SELECT f."created_by_id" FROM "journal_entries" f WHERE f."company_id" = e."company_id" AND f."source_type" = 'JOURNAL_ENTRY' AND f."source_id" = e."source_id" ORDER BY f."number" LIMIT 1),
  (SELECT min(f."created_at") FROM "journal_entries" f WHERE f."company_id" = e."company_id" AND f."source_type" = 'JOURNAL_ENTRY' AND f."source_id" = e."source_id"),
  e."created_at"
FROM "journal_entries" e
WHERE e."source_type" = 'JOURNAL_ENTRY' AND e."reverses_entry_id" IS NULL
ORDER BY e."company_id", e."source_id", e."number" DESC;--> statement-breakpoint
INSERT INTO "manual_journal_entry_lines" ("company_id", "manual_journal_entry_id", "position", "account_id", "amount", "memo", "property_group_id", "rental_unit_id", "lease_id", "resident_id", "vendor_id", "property_owner_id")
SELECT l."company_id", e."source_id", l."line_number" - 1, l."account_id", l."amount", l."memo", l."property_group_id", l."rental_unit_id", l."lease_id", l."resident_id", l."vendor_id", l."property_owner_id"
FROM "journal_lines" l
JOIN "journal_entries" e ON e."id" = l."entry_id"
WHERE e."id" IN (
  SELECT DISTINCT ON (c."company_id", c."source_id") c."id" FROM "journal_entries" c
  WHERE c."source_type" = 'JOURNAL_ENTRY' AND c."reverses_entry_id" IS NULL
  ORDER BY c."company_id", c."source_id", c."number" DESC
);--> statement-breakpoint
-- The engine names a replacement after the purpose it replaces (ORIGINAL:REPLACEMENT:{id}); a
-- manual entry's replacements take that name, so correcting one again finds where it stands.
UPDATE "journal_entries" SET "purpose" = 'ORIGINAL:' || "purpose" WHERE "source_type" = 'JOURNAL_ENTRY' AND "purpose" LIKE 'REPLACEMENT:%';--> statement-breakpoint
-- Each history starts where its entry did.
INSERT INTO "state_changes" ("company_id", "resource", "record_id", "action", "from_state", "to_state", "user_id", "created_at")
SELECT m."company_id", 'journal-entries', m."id", NULL, NULL, 'POSTED', m."created_by_id", m."created_at" FROM "manual_journal_entries" m;--> statement-breakpoint
INSERT INTO "state_changes" ("company_id", "resource", "record_id", "action", "from_state", "to_state", "user_id", "created_at")
SELECT m."company_id", 'journal-entries', m."id", 'void', 'POSTED', 'VOID', r."created_by_id", r."created_at"
FROM "manual_journal_entries" m
JOIN "journal_entries" r ON r."company_id" = m."company_id" AND r."source_type" = 'JOURNAL_ENTRY' AND r."source_id" = m."id" AND r."purpose" = 'REVERSAL:' || (
  SELECT c."id" FROM "journal_entries" c WHERE c."company_id" = m."company_id" AND c."source_type" = 'JOURNAL_ENTRY' AND c."source_id" = m."id" AND c."reverses_entry_id" IS NULL ORDER BY c."number" DESC LIMIT 1
)
WHERE m."status" = 'VOID';
