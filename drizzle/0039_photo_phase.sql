ALTER TABLE "photos" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_phase_check" CHECK ("photos"."phase" in ('BEFORE', 'AFTER'));