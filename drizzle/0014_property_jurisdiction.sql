ALTER TABLE "properties" ADD COLUMN "owner_occupied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "owner_occupied_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "jurisdiction" text;