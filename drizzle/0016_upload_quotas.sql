ALTER TABLE "portal_files" ADD COLUMN "uploaded_by_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_files" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE INDEX "portal_files_tenant_recent_idx" ON "portal_files" USING btree ("uploaded_by_tenant","created_at") WHERE "portal_files"."uploaded_by_tenant" is not null;--> statement-breakpoint
CREATE INDEX "portal_files_owner_recent_idx" ON "portal_files" USING btree ("owner_id","created_at");