import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  ATTEMPT_OUTCOMES,
  EVICTION_GROUNDS,
  EVICTION_JURISDICTIONS,
  EVICTION_STAGES,
  NOTICE_KINDS,
  SERVICE_JOB_STATES,
  SERVICE_METHODS,
} from "../../shared/evictions.ts";
import { leases, portalFiles } from "./portal-schema.ts";
import { members } from "./membership-schema.ts";

// Eviction coordination and the process server (PORTAL.md 7.2, 7.3). Every row carries its owner,
// so every query is scoped to the owner in the query itself; the timelines are only added to.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tz("created_at").notNull().defaultNow();
const updatedAt = () => tz("updated_at").notNull().defaultNow();
const owner = () =>
  uuid("owner_id")
    .notNull()
    .references(() => members.id);
const day = (name: string) => date(name, { mode: "string" });

export const evictionCases = pgTable(
  "eviction_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    ground: text("ground", { enum: EVICTION_GROUNDS }).notNull(),
    jurisdiction: text("jurisdiction", { enum: EVICTION_JURISDICTIONS }).notNull(),
    stage: text("stage", { enum: EVICTION_STAGES }).notNull().default("notice_prepared"),
    /** False while the stage is one of the ends; one open case per lease. */
    open: boolean("open").notNull().default(true),
    /** The parties as they were when the case opened: the lease's tenants. */
    parties: jsonb("parties").$type<{ first_name: string; last_name: string; email: string | null; phone: string | null }[]>().notNull(),
    caseNumber: text("case_number"),
    courtroom: text("courtroom"),
    filedOn: day("filed_on"),
    hearingOn: day("hearing_on"),
    judgmentOn: day("judgment_on"),
    orderEnteredOn: day("order_entered_on"),
    enforcementOn: day("enforcement_on"),
    /** Set by the provider's event for the case's purchase: staff coordination starts then. */
    paidAt: tz("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("eviction_cases_owner_idx").on(t.ownerId, t.createdAt),
    uniqueIndex("eviction_cases_open_lease_key").on(t.leaseId).where(sql`${t.open}`),
  ],
);

export const evictionNotices = pgTable(
  "eviction_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => evictionCases.id),
    kind: text("kind", { enum: NOTICE_KINDS }).notNull(),
    breach: text("breach").notNull().default(""),
    /** The day the figures are as of: the service day, or the day it was prepared. */
    asOf: day("as_of").notNull(),
    /** The notice's own date, as printed: the day it was prepared, or the service day when recorded served at once. Service cannot be earlier. */
    datedOn: day("dated_on").notNull(),
    amountDemandedCents: integer("amount_demanded_cents").notNull().default(0),
    servedOn: day("served_on"),
    serviceMethod: text("service_method", { enum: SERVICE_METHODS }),
    servedBy: text("served_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("eviction_notices_case_idx").on(t.caseId)],
);

export const EVICTION_EVENT_KINDS = ["opened", "stage", "court_facts", "note", "document", "notice", "service", "paid", "service_job"] as const;

export const evictionEvents = pgTable(
  "eviction_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => evictionCases.id),
    kind: text("kind", { enum: EVICTION_EVENT_KINDS }).notNull(),
    fromStage: text("from_stage", { enum: EVICTION_STAGES }),
    toStage: text("to_stage", { enum: EVICTION_STAGES }),
    note: text("note").notNull().default(""),
    actor: text("actor", { enum: ["owner", "staff", "system"] }).notNull(),
    actorName: text("actor_name").notNull(),
    fileId: uuid("file_id").references(() => portalFiles.id),
    noticeId: uuid("notice_id").references(() => evictionNotices.id),
    createdAt: createdAt(),
  },
  (t) => [index("eviction_events_case_idx").on(t.caseId, t.seq)],
);

export const serviceJobs = pgTable(
  "service_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    caseId: uuid("case_id").references(() => evictionCases.id),
    noticeId: uuid("notice_id").references(() => evictionNotices.id),
    personName: text("person_name").notNull(),
    personDescription: text("person_description").notNull().default(""),
    addresses: jsonb("addresses").$type<string[]>().notNull(),
    dueOn: day("due_on").notNull(),
    rush: boolean("rush").notNull().default(false),
    instructions: text("instructions").notNull().default(""),
    state: text("state", { enum: SERVICE_JOB_STATES }).notNull().default("received"),
    serverName: text("server_name"),
    affidavitFileId: uuid("affidavit_file_id").references(() => portalFiles.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("service_jobs_owner_idx").on(t.ownerId, t.createdAt), index("service_jobs_case_idx").on(t.caseId)],
);

export const SERVICE_JOB_EVENT_KINDS = ["received", "state", "attempt", "document", "affidavit"] as const;

export const serviceJobEvents = pgTable(
  "service_job_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => serviceJobs.id),
    kind: text("kind", { enum: SERVICE_JOB_EVENT_KINDS }).notNull(),
    fromState: text("from_state", { enum: SERVICE_JOB_STATES }),
    toState: text("to_state", { enum: SERVICE_JOB_STATES }),
    /** For an attempt: when, where and how it went. */
    attemptedAt: tz("attempted_at"),
    address: text("address"),
    outcome: text("outcome", { enum: ATTEMPT_OUTCOMES }),
    note: text("note").notNull().default(""),
    actor: text("actor", { enum: ["owner", "staff"] }).notNull(),
    actorName: text("actor_name").notNull(),
    fileId: uuid("file_id").references(() => portalFiles.id),
    createdAt: createdAt(),
  },
  (t) => [index("service_job_events_job_idx").on(t.jobId, t.seq)],
);
