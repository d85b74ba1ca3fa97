-- Keys kept so far were scoped by credential and carry no request hash; they are a day old at most and of no use to the new scope.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;
