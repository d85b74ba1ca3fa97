ALTER TABLE "rent_payments" ADD COLUMN "applied_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "rent_payments" p SET "applied_amount" = coalesce((SELECT sum(a.amount) FROM "rent_payment_allocations" a WHERE a.payment_id = p.id), 0);--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "holds_credit" boolean GENERATED ALWAYS AS (status = 'RECEIVED' and applied_amount < amount) STORED;--> statement-breakpoint
CREATE INDEX "rent_payments_company_credit_idx" ON "rent_payments" USING btree ("company_id","lease_id") WHERE "rent_payments"."holds_credit";