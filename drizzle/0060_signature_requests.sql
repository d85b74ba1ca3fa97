CREATE TABLE "signature_request_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"resident_id" uuid,
	"user_id" uuid,
	"name" text COLLATE "natural" NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"notified_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"typed_name" text,
	"drawn_signature" text,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", '') || E'\n' || coalesce("email", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"label" text COLLATE "natural" DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"reminder_interval_days" integer DEFAULT 3 NOT NULL,
	"document" "bytea" NOT NULL,
	"document_sha256" text NOT NULL,
	"document_name" text NOT NULL,
	"link_origin" text NOT NULL,
	"sent_by_id" uuid,
	"completed_at" timestamp with time zone,
	"outcome" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_requests_reminder_interval" CHECK ("signature_requests"."reminder_interval_days" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_request_signers_company_request_idx" ON "signature_request_signers" USING btree ("company_id","request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_signers_token_key" ON "signature_request_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signature_request_signers_search_idx" ON "signature_request_signers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_requests_company_lease_idx" ON "signature_requests" USING btree ("company_id","lease_id");--> statement-breakpoint
CREATE INDEX "signature_requests_company_created_idx" ON "signature_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_requests_search_idx" ON "signature_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- by hand: row-level security, as on every tenant table (ADR 014)
ALTER TABLE "signature_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "signature_requests" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "signature_request_signers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "signature_request_signers" USING ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('lintel.company_id', true), '')::uuid);
