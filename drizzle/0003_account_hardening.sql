DROP INDEX "applications_pending_email_key";--> statement-breakpoint
DROP INDEX "sign_in_tokens_member_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "admin_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_application_idx" ON "sign_in_tokens" USING btree ("application_id") WHERE "sign_in_tokens"."used_at" is null;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_admin_idx" ON "sign_in_tokens" USING btree ("admin_id") WHERE "sign_in_tokens"."used_at" is null;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_member_idx" ON "sign_in_tokens" USING btree ("member_id") WHERE "sign_in_tokens"."used_at" is null;--> statement-breakpoint
-- A member who has used an emailed link (sign-in, password set or reset) has proved their email.
UPDATE "members" SET "email_verified_at" = proof.first_used
FROM (SELECT "member_id", min("used_at") AS first_used FROM "sign_in_tokens"
      WHERE "used_at" IS NOT NULL AND "member_id" IS NOT NULL GROUP BY "member_id") AS proof
WHERE "members"."id" = proof."member_id";
