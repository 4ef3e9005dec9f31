CREATE TABLE "compliance_digests" (
	"owner_id" uuid NOT NULL,
	"week" date NOT NULL,
	"items" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_digests_owner_id_week_pk" PRIMARY KEY("owner_id","week")
);
--> statement-breakpoint
CREATE TABLE "condition_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"inspected_on" date NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tenant_signed_at" timestamp with time zone,
	"tenant_signature_name" text,
	"tenant_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_interest_rates" (
	"rule_set" text NOT NULL,
	"year" smallint NOT NULL,
	"rate_ppm" integer NOT NULL,
	"source" text NOT NULL,
	"entered_by" text DEFAULT 'shipped with the app' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_interest_rates_rule_set_year_pk" PRIMARY KEY("rule_set","year")
);
--> statement-breakpoint
CREATE TABLE "deposit_interest_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"settled_as" text NOT NULL,
	"settled_on" date NOT NULL,
	"ledger_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_outs" (
	"lease_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"vacated_on" date NOT NULL,
	"forwarding_address" text DEFAULT '' NOT NULL,
	"forwarding_email" text,
	"casualty" boolean DEFAULT false NOT NULL,
	"statement_sent_on" date,
	"statement_file_id" uuid,
	"receipts_sent_on" date,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"returned_cents" integer,
	"kept_cents" integer,
	"interest_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "deposit_institution_name" text;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "deposit_institution_address" text;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "deposit_receipt_given_on" date;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "deposit_receipt_file_id" uuid;--> statement-breakpoint
ALTER TABLE "owner_settings" ADD COLUMN "compliance_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_digests" ADD CONSTRAINT "compliance_digests_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_interest_settlements" ADD CONSTRAINT "deposit_interest_settlements_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_interest_settlements" ADD CONSTRAINT "deposit_interest_settlements_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_outs" ADD CONSTRAINT "move_outs_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_outs" ADD CONSTRAINT "move_outs_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_reports_lease_kind_key" ON "condition_reports" USING btree ("lease_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_interest_settlements_key" ON "deposit_interest_settlements" USING btree ("lease_id","period_start");