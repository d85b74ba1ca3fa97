ALTER TABLE "bill_lines" ADD COLUMN "tax_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "input_tax_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "input_tax_credit" bigint;--> statement-breakpoint
-- Expenses recorded before claimed all of their tax as an input tax credit: what they posted says so.
UPDATE "expenses" SET "input_tax_credit" = "tax_amount";--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD COLUMN "tax_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD COLUMN "input_tax_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_tax_credit_within_tax" CHECK ("bill_lines"."tax_amount" >= 0 and "bill_lines"."input_tax_credit" >= 0 and "bill_lines"."input_tax_credit" <= "bill_lines"."tax_amount");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tax_credit_within_tax" CHECK ("expenses"."input_tax_credit" >= 0 and "expenses"."input_tax_credit" <= "expenses"."tax_amount");--> statement-breakpoint
ALTER TABLE "vendor_credit_lines" ADD CONSTRAINT "vendor_credit_lines_tax_credit_within_tax" CHECK ("vendor_credit_lines"."tax_amount" >= 0 and "vendor_credit_lines"."input_tax_credit" >= 0 and "vendor_credit_lines"."input_tax_credit" <= "vendor_credit_lines"."tax_amount");