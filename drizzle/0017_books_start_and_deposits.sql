DROP INDEX "ledger_entries_posting_key";--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "books_from" date;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "returned_payment_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "revision" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_posting_key" ON "ledger_entries" USING btree ("lease_id","period","kind","revision") WHERE "ledger_entries"."kind" in ('rent', 'late_fee');