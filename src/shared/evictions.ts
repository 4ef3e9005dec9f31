import { z } from "zod";
import { IsoDateSchema } from "./calendar-schemas.ts";
import { JURISDICTION_LABELS, JURISDICTIONS, type Jurisdiction } from "./portal.ts";

// Eviction coordination and the process server (PORTAL.md 7.2, 7.3, 8): the words both sides use
// and the request bodies, shared by the server and the web app.

export const EVICTION_GROUNDS = ["unpaid_rent", "lease_violation", "month_to_month_end", "week_to_week_end", "year_to_year_end"] as const;
export type EvictionGround = (typeof EVICTION_GROUNDS)[number];
export const EVICTION_GROUND_LABELS: Record<EvictionGround, string> = {
  unpaid_rent: "Unpaid rent",
  lease_violation: "Lease violation",
  month_to_month_end: "End of a month-to-month tenancy",
  week_to_week_end: "End of a week-to-week tenancy",
  year_to_year_end: "End of a year-to-year tenancy",
};

/** A case's jurisdiction is its property's (portal.ts holds the one list). */
export const EVICTION_JURISDICTIONS = JURISDICTIONS;
export type EvictionJurisdiction = Jurisdiction;
export { JURISDICTION_LABELS };

export const EVICTION_STAGES = [
  "notice_prepared",
  "notice_served",
  "notice_expired",
  "filed",
  "summons_served",
  "hearing_scheduled",
  "judgment",
  "with_sheriff",
  "enforced",
  "cured",
  "paid_in_full",
  "settled",
  "dismissed",
  "closed",
] as const;
export type EvictionStage = (typeof EVICTION_STAGES)[number];
export const EVICTION_STAGE_LABELS: Record<EvictionStage, string> = {
  notice_prepared: "Notice prepared",
  notice_served: "Notice served",
  notice_expired: "Notice expired",
  filed: "Case filed",
  summons_served: "Summons served",
  hearing_scheduled: "Hearing scheduled",
  judgment: "Judgment",
  with_sheriff: "With the sheriff",
  enforced: "Enforced",
  cured: "Cured",
  paid_in_full: "Paid in full",
  settled: "Settled",
  dismissed: "Dismissed",
  closed: "Closed",
};

/** The stage in words that are true of the case: a case opens at notice_prepared, before any notice exists. */
export function caseStageLabel(stage: EvictionStage, hasNotice: boolean): string {
  return stage === "notice_prepared" && !hasNotice ? "Opened: no notice yet" : EVICTION_STAGE_LABELS[stage];
}

export const NOTICE_KINDS = ["5_day", "10_day", "30_day", "7_day", "60_day"] as const;
export type NoticeKindKey = (typeof NOTICE_KINDS)[number];
/** The notice each ground takes (PORTAL.md 7.2). */
export const NOTICES_FOR_GROUND: Readonly<Record<EvictionGround, readonly NoticeKindKey[]>> = {
  unpaid_rent: ["5_day"],
  lease_violation: ["10_day"],
  month_to_month_end: ["30_day"],
  week_to_week_end: ["7_day"],
  year_to_year_end: ["60_day"],
};
export const SERVICE_METHODS = ["personal", "substitute", "certified_mail", "posting"] as const;
export type ServiceMethod = (typeof SERVICE_METHODS)[number];
export const SERVICE_METHOD_LABELS: Record<ServiceMethod, string> = {
  personal: "Personal delivery to the tenant",
  substitute: "Delivery to a person 13 or older residing there",
  certified_mail: "Certified or registered mail, return receipt requested",
  posting: "Posting (only when no one is in possession)",
};

/** Every computed date the app shows carries this label (PORTAL.md 7.2). */
export const VERIFY_WITH_COUNSEL = "verify with counsel";

const text = (max: number) => z.string().trim().max(max);

export const ZEvictionCaseSchema = z.object({
  lease_id: z.string().trim().max(100).min(1, "Choose the lease"),
  ground: z.enum(EVICTION_GROUNDS, "Choose the ground: unpaid_rent, lease_violation, month_to_month_end, week_to_week_end or year_to_year_end"),
  /** Omitted: the property's (its confirmed jurisdiction, else the app's guess from the city). */
  jurisdiction: z.enum(EVICTION_JURISDICTIONS, "Choose the jurisdiction: chicago, suburban_cook or illinois_other").optional(),
});

const service = {
  served_on: IsoDateSchema,
  service_method: z.enum(SERVICE_METHODS, "Choose how it was served: personal, substitute, certified_mail or posting"),
  served_by: text(200).min(1, "Say who served it"),
  /** Posting is lawful only when no one is in possession: the one who records it says so. */
  posting_confirmed: z.boolean().default(false),
};

/** A notice is prepared (no service yet) or recorded as served: the service fields come together. */
export const ZNoticeSchema = z
  .object({
    kind: z.enum(NOTICE_KINDS, "Choose the notice: 5_day, 10_day, 30_day, 7_day or 60_day"),
    served_on: service.served_on.optional(),
    service_method: service.service_method.optional(),
    served_by: service.served_by.optional(),
    posting_confirmed: service.posting_confirmed,
    /** For a 10-day notice: the breach of the lease, in words. */
    breach: text(2000).default(""),
  })
  .refine((n) => [n.served_on, n.service_method, n.served_by].every((v) => v === undefined) || [n.served_on, n.service_method, n.served_by].every((v) => v !== undefined), {
    message: "Record service with its date, method and who served it, or none of them to prepare the notice first",
    path: ["served_on"],
  });
export const ZNoticeServiceSchema = z.object(service);

export const ZEvictionMoveSchema = z.object({ to: z.enum(EVICTION_STAGES, "Choose the new stage"), note: text(2000).default("") });
export const ZEvictionNoteSchema = z.object({ body: text(4000).min(1, "Write a note") });
export const ZCourtFactsSchema = z.object({
  case_number: text(100).nullish(),
  courtroom: text(100).nullish(),
  filed_on: IsoDateSchema.nullish(),
  hearing_on: IsoDateSchema.nullish(),
  judgment_on: IsoDateSchema.nullish(),
  order_entered_on: IsoDateSchema.nullish(),
  enforcement_on: IsoDateSchema.nullish(),
});

// The process server (PORTAL.md 7.3).

export const SERVICE_JOB_STATES = ["received", "assigned", "attempting", "served", "not_served", "affidavit_filed", "closed", "cancelled"] as const;
export type ServiceJobState = (typeof SERVICE_JOB_STATES)[number];
export const SERVICE_JOB_STATE_LABELS: Record<ServiceJobState, string> = {
  received: "Received",
  assigned: "Assigned",
  attempting: "Attempting",
  served: "Served",
  not_served: "Not served",
  affidavit_filed: "Affidavit filed",
  closed: "Closed",
  cancelled: "Cancelled",
};
export const ATTEMPT_OUTCOMES = ["served_personally", "substitute", "posted", "mail", "bad_address", "not_served"] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
export const ATTEMPT_OUTCOME_LABELS: Record<AttemptOutcome, string> = {
  served_personally: "Served personally",
  substitute: "Substitute service",
  posted: "Posted",
  mail: "Mailed",
  bad_address: "Bad address",
  not_served: "Not served",
};

export const ZServiceJobSchema = z.object({
  eviction_case_id: z.string().trim().max(100).nullish(),
  /** The case's notice to serve (its PDF is the document). */
  notice_id: z.string().trim().max(100).nullish(),
  /** Empty for a case's job: the case's parties. */
  person_name: text(200).default(""),
  person_description: text(2000).default(""),
  /** Empty for a case's job: the case's premises. */
  addresses: z.array(text(300).min(1)).max(5).default([]),
  due_on: IsoDateSchema,
  rush: z.boolean().default(false),
  instructions: text(4000).default(""),
});
export const ZServiceJobMoveSchema = z.object({
  to: z.enum(SERVICE_JOB_STATES, "Choose the new state"),
  note: text(2000).default(""),
  /** Naming the server is how a job is assigned. */
  server_name: text(200).optional(),
});
export const ZServiceAttemptSchema = z.object({
  /** Chicago's wall clock ("2026-03-01T14:30"), or a time with its offset: the server reads it with instantOf. */
  attempted_at: z.iso.datetime({ offset: true, local: true, message: "Give the Chicago time like 2026-03-01T14:30, or a time with its offset like 2026-03-01T14:30:00-06:00" }),
  address: text(300).min(1, "Give the address attempted"),
  outcome: z.enum(ATTEMPT_OUTCOMES, "Choose the outcome"),
  note: text(2000).default(""),
});
