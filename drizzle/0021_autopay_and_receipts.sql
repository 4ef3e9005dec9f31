CREATE TABLE "autopay_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"attempt" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"payment_ref" text,
	"method" text,
	"failure_message" text,
	"failed_on" date,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"ledger_entry_id" uuid,
	"reversal_entry_id" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopay_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"lease_tenant_id" uuid NOT NULL,
	"tenant_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"limit_cents" integer NOT NULL,
	"setup_session_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"method_type" text,
	"brand" text,
	"last4" text,
	"authorization_text" text NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"authorized_ip" text,
	"authorized_user_agent" text,
	"activated_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stopped_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_payment_customers" (
	"tenant_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_payment_customers_tenant_account_id_provider_pk" PRIMARY KEY("tenant_account_id","provider")
);
--> statement-breakpoint
CREATE TABLE "test_provider_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"failure_message" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "test_provider_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"outcome" text NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"description" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_setups_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_enrollment_id_autopay_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."autopay_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charges" ADD CONSTRAINT "autopay_charges_reversal_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_lease_tenant_id_lease_tenants_id_fk" FOREIGN KEY ("lease_tenant_id") REFERENCES "public"."lease_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_tenant_account_id_tenant_accounts_id_fk" FOREIGN KEY ("tenant_account_id") REFERENCES "public"."tenant_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_payment_customers" ADD CONSTRAINT "tenant_payment_customers_tenant_account_id_tenant_accounts_id_fk" FOREIGN KEY ("tenant_account_id") REFERENCES "public"."tenant_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charges_claim_key" ON "autopay_charges" USING btree ("lease_id","due_date","attempt");--> statement-breakpoint
CREATE INDEX "autopay_charges_ref_idx" ON "autopay_charges" USING btree ("payment_ref") WHERE "autopay_charges"."payment_ref" is not null;--> statement-breakpoint
CREATE INDEX "autopay_charges_retry_idx" ON "autopay_charges" USING btree ("status","failed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_enrollments_session_key" ON "autopay_enrollments" USING btree ("setup_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_enrollments_active_lease_key" ON "autopay_enrollments" USING btree ("lease_id") WHERE "autopay_enrollments"."status" = 'active';--> statement-breakpoint
CREATE INDEX "autopay_enrollments_tenant_idx" ON "autopay_enrollments" USING btree ("tenant_account_id");--> statement-breakpoint
CREATE INDEX "autopay_enrollments_lease_idx" ON "autopay_enrollments" USING btree ("lease_id");