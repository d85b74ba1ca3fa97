ALTER TABLE "leases" ADD COLUMN "signed_on" date;--> statement-breakpoint
-- Leases let before: signed by the day they started, or were entered if earlier.
UPDATE "leases" SET "signed_on" = least("start_date", "created_at"::date) WHERE "status" <> 'DRAFT';
