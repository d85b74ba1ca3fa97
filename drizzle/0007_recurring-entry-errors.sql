ALTER TABLE "recurring_journal_entries" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "recurring_journal_entries" ADD COLUMN "last_error_at" timestamp with time zone;