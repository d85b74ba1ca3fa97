CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "appliances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rental_unit_id" uuid NOT NULL,
	"appliance_type" text NOT NULL,
	"brand" text,
	"model_number" text,
	"serial_number" text,
	"installed_on" date,
	"warranty_expires_on" date,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" jsonb,
	"year_built" integer,
	"floors" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fee_type" text NOT NULL,
	"percentage" integer,
	"flat_amount" bigint,
	"minimum_amount" bigint,
	"leasing_fee_percentage" integer,
	"renewal_fee_amount" bigint,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"space_number" text NOT NULL,
	"parking_space_type" text NOT NULL,
	"monthly_rent" bigint,
	"rental_unit_id" uuid,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"property_type" text NOT NULL,
	"address" jsonb,
	"fee_schedule_id" uuid,
	"year_built" integer,
	"reserve_amount" bigint,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_type" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"mailing_address" jsonb,
	"tax_id" text,
	"tax_form" text,
	"payment_method" text,
	"reserve_amount" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_ownerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_group_id" uuid NOT NULL,
	"property_owner_id" uuid NOT NULL,
	"percentage" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"unit_number" text NOT NULL,
	"unit_type" text NOT NULL,
	"status" text NOT NULL,
	"bedrooms" integer,
	"bathrooms" numeric(3, 1),
	"area_sq_ft" integer,
	"market_rent" bigint,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"resident_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pet_type" text NOT NULL,
	"breed" text,
	"color" text,
	"weight_lbs" integer,
	"is_service_animal" boolean DEFAULT false NOT NULL,
	"is_vaccinated" boolean DEFAULT false NOT NULL,
	"license_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"resident_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer,
	"color" text,
	"license_plate" text NOT NULL,
	"plate_region" text,
	"parking_space_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"resident_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"date_of_birth" date,
	"rental_unit_id" uuid,
	"move_in_date" date,
	"move_out_date" date,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"emergency_contact_relationship" text,
	"forwarding_address" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"company_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "search_entries_company_id_resource_record_id_pk" PRIMARY KEY("company_id","resource","record_id")
);
--> statement-breakpoint
ALTER TABLE "appliances" ADD CONSTRAINT "appliances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliances" ADD CONSTRAINT "appliances_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_groups" ADD CONSTRAINT "property_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_groups" ADD CONSTRAINT "property_groups_fee_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("fee_schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_owners" ADD CONSTRAINT "property_owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ownerships" ADD CONSTRAINT "property_ownerships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ownerships" ADD CONSTRAINT "property_ownerships_property_group_id_property_groups_id_fk" FOREIGN KEY ("property_group_id") REFERENCES "public"."property_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ownerships" ADD CONSTRAINT "property_ownerships_property_owner_id_property_owners_id_fk" FOREIGN KEY ("property_owner_id") REFERENCES "public"."property_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_pets" ADD CONSTRAINT "resident_pets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_pets" ADD CONSTRAINT "resident_pets_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_vehicles" ADD CONSTRAINT "resident_vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_vehicles" ADD CONSTRAINT "resident_vehicles_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_vehicles" ADD CONSTRAINT "resident_vehicles_parking_space_id_parking_spaces_id_fk" FOREIGN KEY ("parking_space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_rental_unit_id_rental_units_id_fk" FOREIGN KEY ("rental_unit_id") REFERENCES "public"."rental_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appliances_company_unit_idx" ON "appliances" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "buildings_company_property_idx" ON "buildings" USING btree ("company_id","property_group_id");--> statement-breakpoint
CREATE INDEX "buildings_company_name_idx" ON "buildings" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedules_company_name_key" ON "fee_schedules" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_number_key" ON "parking_spaces" USING btree ("company_id","property_group_id",lower("space_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "property_groups_company_name_key" ON "property_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "property_owners_company_name_idx" ON "property_owners" USING btree ("company_id","last_name","company_name");--> statement-breakpoint
CREATE UNIQUE INDEX "property_ownerships_owner_key" ON "property_ownerships" USING btree ("company_id","property_group_id","property_owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_units_building_number_key" ON "rental_units" USING btree ("company_id","building_id",lower("unit_number"));--> statement-breakpoint
CREATE INDEX "rental_units_company_number_idx" ON "rental_units" USING btree ("company_id","unit_number");--> statement-breakpoint
CREATE INDEX "rental_units_company_status_idx" ON "rental_units" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "resident_pets_company_resident_idx" ON "resident_pets" USING btree ("company_id","resident_id");--> statement-breakpoint
CREATE INDEX "resident_vehicles_company_resident_idx" ON "resident_vehicles" USING btree ("company_id","resident_id");--> statement-breakpoint
CREATE INDEX "resident_vehicles_company_plate_idx" ON "resident_vehicles" USING btree ("company_id","license_plate");--> statement-breakpoint
CREATE INDEX "residents_company_name_idx" ON "residents" USING btree ("company_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "residents_company_type_idx" ON "residents" USING btree ("company_id","resident_type");--> statement-breakpoint
CREATE INDEX "residents_company_unit_idx" ON "residents" USING btree ("company_id","rental_unit_id");--> statement-breakpoint
CREATE INDEX "search_entries_name_trgm_idx" ON "search_entries" USING gin ("name" gin_trgm_ops);