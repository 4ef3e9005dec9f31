CREATE TABLE "eviction_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"ground" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"stage" text DEFAULT 'notice_prepared' NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"parties" jsonb NOT NULL,
	"case_number" text,
	"courtroom" text,
	"filed_on" date,
	"hearing_on" date,
	"judgment_on" date,
	"order_entered_on" date,
	"enforcement_on" date,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eviction_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"note" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text NOT NULL,
	"file_id" uuid,
	"notice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eviction_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"breach" text DEFAULT '' NOT NULL,
	"as_of" date NOT NULL,
	"amount_demanded_cents" integer DEFAULT 0 NOT NULL,
	"served_on" date,
	"service_method" text,
	"served_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_job_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"attempted_at" timestamp with time zone,
	"address" text,
	"outcome" text,
	"note" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"case_id" uuid,
	"notice_id" uuid,
	"person_name" text NOT NULL,
	"person_description" text DEFAULT '' NOT NULL,
	"addresses" jsonb NOT NULL,
	"due_on" date NOT NULL,
	"rush" boolean DEFAULT false NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"server_name" text,
	"affidavit_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eviction_cases" ADD CONSTRAINT "eviction_cases_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_cases" ADD CONSTRAINT "eviction_cases_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_events" ADD CONSTRAINT "eviction_events_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_events" ADD CONSTRAINT "eviction_events_case_id_eviction_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."eviction_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_events" ADD CONSTRAINT "eviction_events_file_id_portal_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_events" ADD CONSTRAINT "eviction_events_notice_id_eviction_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."eviction_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_notices" ADD CONSTRAINT "eviction_notices_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eviction_notices" ADD CONSTRAINT "eviction_notices_case_id_eviction_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."eviction_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_job_events" ADD CONSTRAINT "service_job_events_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_job_events" ADD CONSTRAINT "service_job_events_job_id_service_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."service_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_job_events" ADD CONSTRAINT "service_job_events_file_id_portal_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_jobs" ADD CONSTRAINT "service_jobs_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_jobs" ADD CONSTRAINT "service_jobs_case_id_eviction_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."eviction_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_jobs" ADD CONSTRAINT "service_jobs_notice_id_eviction_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."eviction_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_jobs" ADD CONSTRAINT "service_jobs_affidavit_file_id_portal_files_id_fk" FOREIGN KEY ("affidavit_file_id") REFERENCES "public"."portal_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eviction_cases_owner_idx" ON "eviction_cases" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "eviction_cases_open_lease_key" ON "eviction_cases" USING btree ("lease_id") WHERE "eviction_cases"."open";--> statement-breakpoint
CREATE INDEX "eviction_events_case_idx" ON "eviction_events" USING btree ("case_id","seq");--> statement-breakpoint
CREATE INDEX "eviction_notices_case_idx" ON "eviction_notices" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "service_job_events_job_idx" ON "service_job_events" USING btree ("job_id","seq");--> statement-breakpoint
CREATE INDEX "service_jobs_owner_idx" ON "service_jobs" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "service_jobs_case_idx" ON "service_jobs" USING btree ("case_id");--> statement-breakpoint
-- A case's and a service job's timelines are only ever added to: the database itself refuses the rest.
CREATE FUNCTION "eviction_timelines_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a timeline is never changed or deleted' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "eviction_events_append_only" BEFORE UPDATE OR DELETE ON "eviction_events"
  FOR EACH ROW EXECUTE FUNCTION "eviction_timelines_append_only"();
--> statement-breakpoint
CREATE TRIGGER "service_job_events_append_only" BEFORE UPDATE OR DELETE ON "service_job_events"
  FOR EACH ROW EXECUTE FUNCTION "eviction_timelines_append_only"();
