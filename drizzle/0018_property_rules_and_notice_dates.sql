ALTER TABLE "properties" ADD COLUMN "owner_occupied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "owner_occupied_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "jurisdiction" text;--> statement-breakpoint
ALTER TABLE "eviction_notices" ADD COLUMN "dated_on" date;--> statement-breakpoint
-- A notice already kept is dated as its PDF printed it: the service day, else the day it was prepared.
UPDATE "eviction_notices" SET "dated_on" = coalesce("served_on", "as_of");--> statement-breakpoint
ALTER TABLE "eviction_notices" ALTER COLUMN "dated_on" SET NOT NULL;