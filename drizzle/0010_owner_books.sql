CREATE TABLE "expense_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid,
	"maintenance_request_id" uuid,
	"date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"payee" text NOT NULL,
	"payee_key" text NOT NULL,
	"memo" text,
	"category" text,
	"receipt_file_id" uuid,
	"source" text DEFAULT 'owner' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"period" text NOT NULL,
	"statement" jsonb NOT NULL,
	"emailed_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"item" text NOT NULL,
	"year" integer,
	"reference" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"checkout_url" text NOT NULL,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_provider_rent_checkouts" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_settings" ADD COLUMN "monthly_statement_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_changes" ADD CONSTRAINT "expense_changes_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_changes" ADD CONSTRAINT "expense_changes_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_maintenance_request_id_maintenance_requests_id_fk" FOREIGN KEY ("maintenance_request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_portal_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_purchases" ADD CONSTRAINT "portal_purchases_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_changes_expense_idx" ON "expense_changes" USING btree ("expense_id","seq");--> statement-breakpoint
CREATE INDEX "expenses_owner_date_idx" ON "expenses" USING btree ("owner_id","date");--> statement-breakpoint
CREATE INDEX "expenses_owner_payee_idx" ON "expenses" USING btree ("owner_id","payee_key");--> statement-breakpoint
CREATE INDEX "expenses_request_idx" ON "expenses" USING btree ("maintenance_request_id") WHERE "expenses"."maintenance_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_owner_period_key" ON "owner_statements" USING btree ("owner_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_purchases_session_key" ON "portal_purchases" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "portal_purchases_owner_idx" ON "portal_purchases" USING btree ("owner_id","item","year");--> statement-breakpoint
-- An expense's history is only ever added to, like the ledger: the database itself refuses the rest.
CREATE FUNCTION "expense_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an expense''s history is never changed or deleted' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "expense_changes_append_only" BEFORE UPDATE OR DELETE ON "expense_changes"
  FOR EACH ROW EXECUTE FUNCTION "expense_changes_append_only"();
