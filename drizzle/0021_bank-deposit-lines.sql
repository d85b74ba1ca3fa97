ALTER TABLE "bank_deposit_items" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_deposit_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD COLUMN "status" text DEFAULT 'DEPOSITED' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("memo", ''))) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposit_items_id_key" ON "bank_deposit_items" USING btree ("id");--> statement-breakpoint
CREATE INDEX "bank_deposits_search_idx" ON "bank_deposits" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Deposits made before their items were lines keep the order their page showed: oldest receipt first.
UPDATE "bank_deposit_items" AS i SET "position" = o."position" FROM (
	SELECT d."company_id", d."journal_line_id", row_number() OVER (PARTITION BY d."bank_deposit_id" ORDER BY l."date", e."number", l."line_number") - 1 AS "position"
	FROM "bank_deposit_items" d JOIN "journal_lines" l ON l."id" = d."journal_line_id" JOIN "journal_entries" e ON e."id" = l."entry_id"
) AS o WHERE o."company_id" = i."company_id" AND o."journal_line_id" = i."journal_line_id";
