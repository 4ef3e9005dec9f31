CREATE TABLE "lease_signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"document" text NOT NULL,
	"title" text NOT NULL,
	"document_text" text,
	"template_version" text,
	"document_file_id" uuid,
	"document_sha256" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"landlord_name" text NOT NULL,
	"landlord_email" text NOT NULL,
	"countersign_name" text,
	"countersign_consent" text,
	"countersigned_at" timestamp with time zone,
	"countersign_ip" text,
	"countersign_user_agent" text,
	"pdf_sha256" text,
	"signed_file_id" uuid,
	"verify_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"lease_tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature_name" text,
	"consent_wording" text,
	"signed_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "renews_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "carried_seq" bigint;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "rlto_summary_given_on" date;--> statement-breakpoint
ALTER TABLE "lease_signature_requests" ADD CONSTRAINT "lease_signature_requests_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signature_requests" ADD CONSTRAINT "lease_signature_requests_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signature_requests" ADD CONSTRAINT "lease_signature_requests_document_file_id_portal_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signature_requests" ADD CONSTRAINT "lease_signature_requests_signed_file_id_portal_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signatures" ADD CONSTRAINT "lease_signatures_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signatures" ADD CONSTRAINT "lease_signatures_request_id_lease_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lease_signature_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_signatures" ADD CONSTRAINT "lease_signatures_lease_tenant_id_lease_tenants_id_fk" FOREIGN KEY ("lease_tenant_id") REFERENCES "public"."lease_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_signature_requests_lease_idx" ON "lease_signature_requests" USING btree ("lease_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signature_requests_open_key" ON "lease_signature_requests" USING btree ("lease_id") WHERE "lease_signature_requests"."status" in ('sent', 'signed');--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signature_requests_pdf_key" ON "lease_signature_requests" USING btree ("pdf_sha256") WHERE "lease_signature_requests"."pdf_sha256" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_signatures_signer_key" ON "lease_signatures" USING btree ("request_id","lease_tenant_id");--> statement-breakpoint
CREATE INDEX "lease_signatures_tenant_idx" ON "lease_signatures" USING btree ("lease_tenant_id");--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_renews_lease_id_leases_id_fk" FOREIGN KEY ("renews_lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leases_renews_key" ON "leases" USING btree ("renews_lease_id") WHERE "leases"."renews_lease_id" is not null;