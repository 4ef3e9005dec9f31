DROP INDEX "applications_email_idx";--> statement-breakpoint
DROP INDEX "applications_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "applications_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "members_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "members_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "applications_member_idx";--> statement-breakpoint
DROP INDEX "members_created_at_idx";--> statement-breakpoint
DROP INDEX "sessions_member_idx";--> statement-breakpoint
DROP INDEX "sessions_admin_idx";--> statement-breakpoint
CREATE INDEX "applications_member_idx" ON "applications" USING btree ("member_id") WHERE "applications"."member_id" is not null;--> statement-breakpoint
ALTER INDEX "applications_email_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "applications_full_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE INDEX "members_created_at_idx" ON "members" USING btree ("created_at") WHERE "members"."deleted_at" is null;--> statement-breakpoint
ALTER INDEX "members_email_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "members_full_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id") WHERE "sessions"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id") WHERE "sessions"."admin_id" is not null;