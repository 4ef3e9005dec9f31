ALTER TABLE "sign_in_tokens" ADD COLUMN "lease_tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "lease_tenants" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease_tenants" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease_tenants" ADD COLUMN "access_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_lease_tenant_id_lease_tenants_id_fk" FOREIGN KEY ("lease_tenant_id") REFERENCES "public"."lease_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenants linked before consent was asked: the leases of the landlord who invited them first are
-- theirs; another landlord's lease waits for the tenant to accept it (PORTAL.md 1).
UPDATE "lease_tenants" lt SET "accepted_at" = coalesce(lt."invited_at", lt."created_at")
WHERE lt."tenant_account_id" IS NOT NULL AND lt."owner_id" = (
  SELECT f."owner_id" FROM "lease_tenants" f WHERE f."tenant_account_id" = lt."tenant_account_id"
  ORDER BY f."invited_at" NULLS LAST, f."created_at", f."id" LIMIT 1
);
