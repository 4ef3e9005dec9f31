import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import {
  ATTEMPT_OUTCOME_LABELS,
  SERVICE_JOB_STATE_LABELS,
  ZServiceAttemptSchema,
  ZServiceJobMoveSchema,
  ZServiceJobSchema,
  type AttemptOutcome,
  type ServiceJobState,
} from "../../../shared/evictions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { evictionCases, evictionEvents, evictionNotices, members, portalFiles, serviceJobEvents, serviceJobs } from "../../db/schema.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { chicagoWhen, instantOf } from "../../../shared/time.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid } from "../ids.ts";
import type { Owner } from "./access.ts";
import { canMoveJob, SERVICE_JOB_OPEN_STATES, SERVICE_JOB_TRANSITIONS } from "./eviction-case-rules.ts";
import { casePlace, serviceJobDefaults } from "./evictions.ts";
import { acceptedType, describeFile, storeFile, type Upload } from "./files.ts";

// The process server (PORTAL.md 7.3): a service job, for an eviction case or alone. The owner
// sends it (the person, a description for substitute service, addresses, due date, rush, the
// documents: uploads or the case's notice); staff assign a named server, log every attempt and
// upload the affidavit of service (735 ILCS 5/2-202). The owner sees every step and is emailed.
// Premium includes the process server; a Standard owner uses it for a paid eviction case.

export type JobRow = typeof serviceJobs.$inferSelect;
export const JOB_NOT_FOUND = "Service job not found.";
const SERVING_OUTCOMES: readonly AttemptOutcome[] = ["served_personally", "substitute", "posted", "mail"];

type JobActor = { kind: "owner"; owner: Owner } | { kind: "staff"; staff: AdminActor };
const actorName = (actor: JobActor) =>
  actor.kind === "owner" ? `${actor.owner.member.firstName} ${actor.owner.member.lastName} (owner)` : `${actor.staff.admin.fullName} (staff)`;

async function findJob(db: DbOrTx, id: string, ownerId: string | null, lock = false): Promise<JobRow> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
  const query = db
    .select()
    .from(serviceJobs)
    .where(and(eq(serviceJobs.id, id), ownerId ? eq(serviceJobs.ownerId, ownerId) : undefined))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(JOB_NOT_FOUND);
  return row;
}

function describeJob(row: JobRow) {
  return {
    id: row.id,
    eviction_case_id: row.caseId,
    notice_id: row.noticeId,
    notice_pdf_path: row.caseId && row.noticeId ? `/api/portal/evictions/${row.caseId}/notices/${row.noticeId}/pdf` : null,
    person_name: row.personName,
    person_description: row.personDescription,
    addresses: row.addresses,
    due_on: row.dueOn,
    rush: row.rush,
    instructions: row.instructions,
    state: row.state,
    state_label: SERVICE_JOB_STATE_LABELS[row.state],
    allowed_moves: SERVICE_JOB_TRANSITIONS[row.state],
    server_name: row.serverName,
    affidavit_file_id: row.affidavitFileId,
    affidavit_path: row.affidavitFileId ? `/api/portal/files/${row.affidavitFileId}` : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function fullJob(db: DbOrTx, row: JobRow) {
  const events = await db
    .select({ event: serviceJobEvents, file: { id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes } })
    .from(serviceJobEvents)
    .leftJoin(portalFiles, eq(portalFiles.id, serviceJobEvents.fileId))
    .where(eq(serviceJobEvents.jobId, row.id))
    .orderBy(asc(serviceJobEvents.seq));
  const timeline = events.map(({ event, file }) => ({
    id: event.id,
    kind: event.kind,
    from_state: event.fromState,
    to_state: event.toState,
    attempted_at: event.attemptedAt?.toISOString() ?? null,
    address: event.address,
    outcome: event.outcome,
    outcome_label: event.outcome ? ATTEMPT_OUTCOME_LABELS[event.outcome] : null,
    note: event.note,
    actor: event.actor,
    actor_name: event.actorName,
    file: file?.id ? describeFile(file as { id: string; name: string; contentType: string; sizeBytes: number }) : null,
    at: event.createdAt.toISOString(),
  }));
  const [owner] = await db.select({ firstName: members.firstName, lastName: members.lastName, email: members.email }).from(members).where(eq(members.id, row.ownerId));
  return {
    ...describeJob(row),
    owner: owner ? { name: `${owner.firstName} ${owner.lastName}`, email: owner.email } : null,
    attempts: timeline.filter((e) => e.kind === "attempt"),
    documents: timeline.filter((e) => e.kind === "document" && e.file).map((e) => e.file!),
    timeline,
  };
}

async function addEvent(
  tx: DbOrTx,
  row: JobRow,
  actor: JobActor,
  event: Omit<typeof serviceJobEvents.$inferInsert, "ownerId" | "jobId" | "actor" | "actorName" | "id" | "seq" | "createdAt">,
) {
  await tx.insert(serviceJobEvents).values({ ...event, ownerId: row.ownerId, jobId: row.id, actor: actor.kind, actorName: actorName(actor) });
}

async function tellOwner(tx: DbOrTx, services: Services, row: JobRow, news: string, detail: string) {
  const [owner] = await tx.select().from(members).where(eq(members.id, row.ownerId));
  if (!owner || owner.deletedAt) return;
  await enqueueEmail(tx, {
    to: owner.email,
    memberId: owner.id,
    ...renderEmail(services.config, "service_job_update", `Process server: ${news}`, {
      heading: news,
      paragraphs: [`Hello ${owner.firstName}, your service job for ${row.personName} is now: ${SERVICE_JOB_STATE_LABELS[row.state].toLowerCase()}.`, ...(detail ? [detail] : [])],
      action: { label: "Open the service job", url: `${services.config.PUBLIC_URL}/portal/service-jobs/${row.id}` },
    }),
  });
}

async function audit(tx: DbOrTx, staff: AdminActor, row: JobRow, action: string, details: Record<string, unknown>, now: Date) {
  await recordAdminAction(tx, staff, { action: `service_job_${action}`, targetType: "service_job", targetId: row.id, details }, now);
}

/** POST /api/portal/service-jobs: Premium owners, or any owner for a paid eviction case of theirs. */
export async function createJob(services: Services, owner: Owner, input: z.output<typeof ZServiceJobSchema>) {
  return services.db.transaction(async (tx) => {
    const caseId = input.eviction_case_id || null;
    const [caseRow] = caseId
      ? isUuid(caseId)
        ? await tx.select().from(evictionCases).where(and(eq(evictionCases.id, caseId), eq(evictionCases.ownerId, owner.id)))
        : []
      : [];
    if (caseId && !caseRow) throw notFound("Eviction case not found.");
    if (owner.member.membershipLevel !== "Premium" && !caseRow?.paidAt) {
      throw forbidden("The process server is part of Premium. On Standard, it serves the papers of an eviction case you have paid for coordination.");
    }
    if (input.notice_id && !caseRow) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "notice_id"], msg: "A notice is served within its eviction case: give eviction_case_id too" }]);
    // A case's job is filled from the case: its parties and its premises, unless the owner names others.
    const defaults = caseRow ? serviceJobDefaults(caseRow, await casePlace(tx, caseRow)) : null;
    const personName = input.person_name || defaults?.person_name || "";
    const addresses = input.addresses.length ? input.addresses : (defaults?.addresses ?? []);
    const missing = [
      ...(personName ? [] : [{ loc: ["body", "person_name"], msg: "Name the person to serve" }]),
      ...(addresses.length ? [] : [{ loc: ["body", "addresses"], msg: "Give at least one address" }]),
    ];
    if (missing.length) throw new AppError("UNPROCESSABLE", missing);
    if (input.notice_id) {
      const [notice] = isUuid(input.notice_id)
        ? await tx.select({ id: evictionNotices.id }).from(evictionNotices).where(and(eq(evictionNotices.id, input.notice_id), eq(evictionNotices.caseId, caseRow!.id)))
        : [];
      if (!notice) throw notFound("Notice not found.");
    }
    const [row] = await tx
      .insert(serviceJobs)
      .values({
        ownerId: owner.id,
        caseId: caseRow?.id ?? null,
        noticeId: input.notice_id || null,
        personName,
        personDescription: input.person_description,
        addresses,
        dueOn: input.due_on,
        rush: input.rush,
        instructions: input.instructions,
      })
      .returning();
    const actor: JobActor = { kind: "owner", owner };
    await addEvent(tx, row!, actor, { kind: "received", toState: "received", note: input.rush ? "Rush" : "" });
    if (caseRow) {
      await tx.insert(evictionEvents).values({
        ownerId: owner.id,
        caseId: caseRow.id,
        kind: "service_job",
        note: `Service job sent to the process server: ${personName}`,
        actor: "owner",
        actorName: actorName(actor),
      });
    }
    await tellOwner(tx, services, row!, "We received your service job", `Due ${input.due_on}${input.rush ? " (rush)" : ""}.`);
    return fullJob(tx, row!);
  });
}

export async function listJobs(services: Services, owner: Owner) {
  const rows = await services.db.select().from(serviceJobs).where(eq(serviceJobs.ownerId, owner.id)).orderBy(desc(serviceJobs.createdAt));
  return rows.map(describeJob);
}

export async function getJob(services: Services, owner: Owner, id: string) {
  return fullJob(services.db, await findJob(services.db, id, owner.id));
}

/** A document to serve, uploaded by the owner while the job is open. */
export async function addJobDocument(services: Services, owner: Owner, id: string, upload: Upload) {
  return services.db.transaction(async (tx) => {
    const row = await findJob(tx, id, owner.id, true);
    if (!SERVICE_JOB_OPEN_STATES.includes(row.state)) throw new AppError("CONFLICT", `This job is ${SERVICE_JOB_STATE_LABELS[row.state].toLowerCase()}: nothing more can be added.`);
    const file = await storeFile(tx, row.ownerId, upload, { kind: "owner" }, services.now());
    await addEvent(tx, row, { kind: "owner", owner }, { kind: "document", fileId: file.id, note: file.name });
    return fullJob(tx, row);
  });
}

export async function assertJobVisible(db: DbOrTx, owner: Owner | null, id: string) {
  await findJob(db, id, owner ? owner.id : null);
}

async function move(tx: DbOrTx, row: JobRow, actor: JobActor, to: ServiceJobState, note: string, extra: Partial<JobRow> = {}, now: Date) {
  if (!canMoveJob(row.state, to)) {
    const allowed = SERVICE_JOB_TRANSITIONS[row.state].map((s) => SERVICE_JOB_STATE_LABELS[s]).join(", ") || "none: the job is finished";
    throw new AppError("CONFLICT", `A job that is ${SERVICE_JOB_STATE_LABELS[row.state].toLowerCase()} cannot become ${SERVICE_JOB_STATE_LABELS[to].toLowerCase()}. Allowed: ${allowed}.`);
  }
  const [moved] = await tx.update(serviceJobs).set({ ...extra, state: to, updatedAt: now }).where(eq(serviceJobs.id, row.id)).returning();
  await addEvent(tx, moved!, actor, { kind: "state", fromState: row.state, toState: to, note });
  return moved!;
}

/** Staff move a job along its table; assigning names the server. */
export async function moveJob(services: Services, staff: AdminActor, id: string, input: z.output<typeof ZServiceJobMoveSchema>) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await findJob(tx, id, null, true);
    if (input.to === "assigned" && !input.server_name) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "server_name"], msg: "Name the process server assigned" }]);
    if (input.to === "affidavit_filed" && !row.affidavitFileId) throw new AppError("CONFLICT", "Upload the affidavit of service first: uploading it files it.");
    const actor: JobActor = { kind: "staff", staff };
    const note = input.to === "assigned" ? `Assigned to ${input.server_name}${input.note ? `. ${input.note}` : ""}` : input.note;
    const moved = await move(tx, row, actor, input.to, note, input.to === "assigned" ? { serverName: input.server_name } : {}, now);
    await audit(tx, staff, moved, "moved", { from: row.state, to: input.to }, now);
    await tellOwner(tx, services, moved, `Your service job is ${SERVICE_JOB_STATE_LABELS[input.to].toLowerCase()}`, note);
    return fullJob(tx, moved);
  });
}

/** Staff log an attempt (time, address, outcome, note); a serving outcome makes the job served. */
export async function logAttempt(services: Services, staff: AdminActor, id: string, input: z.output<typeof ZServiceAttemptSchema>) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    let row = await findJob(tx, id, null, true);
    if (!["assigned", "attempting", "not_served"].includes(row.state)) {
      throw new AppError("CONFLICT", `Attempts are logged on an assigned job; this one is ${SERVICE_JOB_STATE_LABELS[row.state].toLowerCase()}.`);
    }
    const attemptedAt = instantOf(input.attempted_at);
    if (attemptedAt.getTime() > now.getTime() + 5 * 60 * 1000) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "attempted_at"], msg: "An attempt cannot be in the future" }]);
    const actor: JobActor = { kind: "staff", staff };
    await addEvent(tx, row, actor, { kind: "attempt", attemptedAt, address: input.address, outcome: input.outcome, note: input.note });
    if (row.state !== "attempting") row = await move(tx, row, actor, "attempting", "", {}, now);
    if (SERVING_OUTCOMES.includes(input.outcome)) row = await move(tx, row, actor, "served", ATTEMPT_OUTCOME_LABELS[input.outcome], {}, now);
    await audit(tx, staff, row, "attempt", { outcome: input.outcome }, now);
    await tellOwner(tx, services, row, `Attempt logged: ${ATTEMPT_OUTCOME_LABELS[input.outcome].toLowerCase()}`, `${input.address}, ${chicagoWhen(attemptedAt)}. ${input.note}`.trim());
    return fullJob(tx, row);
  });
}

/** Staff upload the affidavit of service (a PDF) of a served job: the job is then affidavit filed. */
export async function uploadAffidavit(services: Services, staff: AdminActor, id: string, upload: Upload) {
  const now = services.now();
  if ((await acceptedType(upload.bytes)) !== "application/pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The affidavit of service is a PDF.");
  return services.db.transaction(async (tx) => {
    const row = await findJob(tx, id, null, true);
    if (row.state !== "served") throw new AppError("CONFLICT", `The affidavit follows service; this job is ${SERVICE_JOB_STATE_LABELS[row.state].toLowerCase()}.`);
    const file = await storeFile(tx, row.ownerId, upload, { kind: "staff" }, now);
    const actor: JobActor = { kind: "staff", staff };
    await addEvent(tx, row, actor, { kind: "affidavit", fileId: file.id, note: file.name });
    const moved = await move(tx, row, actor, "affidavit_filed", "Affidavit of service uploaded", { affidavitFileId: file.id }, now);
    await audit(tx, staff, moved, "affidavit", { file_id: file.id }, now);
    await tellOwner(tx, services, moved, "The affidavit of service is ready", "Download it from the service job's page.");
    return fullJob(tx, moved);
  });
}

/** The staff's queue: open jobs, rush first, then by due date. */
export async function staffJobQueue(services: Services, filter: { state?: "open" | "all" } = {}) {
  const rows = await services.db
    .select()
    .from(serviceJobs)
    .where(filter.state === "all" ? undefined : inArray(serviceJobs.state, [...SERVICE_JOB_OPEN_STATES]))
    .orderBy(desc(serviceJobs.rush), asc(serviceJobs.dueOn))
    .limit(500);
  return rows.map(describeJob);
}

export async function staffGetJob(services: Services, id: string) {
  return fullJob(services.db, await findJob(services.db, id, null));
}

/** Every service job of the owner with its attempts and timeline (the export). */
export async function exportJobs(db: DbOrTx, ownerId: string) {
  const rows = await db.select().from(serviceJobs).where(eq(serviceJobs.ownerId, ownerId)).orderBy(asc(serviceJobs.createdAt));
  return Promise.all(rows.map((row) => fullJob(db, row)));
}
