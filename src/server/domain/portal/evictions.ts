import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { alaCartePrices, isPaidLevel } from "../../../shared/membership.ts";
import { chicagoToday, type IsoDate } from "../../../shared/calendar.ts";
import {
  EVICTION_GROUND_LABELS,
  caseStageLabel,
  EVICTION_STAGE_LABELS,
  JURISDICTION_LABELS,
  SERVICE_METHOD_LABELS,
  VERIFY_WITH_COUNSEL,
  ZCourtFactsSchema,
  ZEvictionCaseSchema,
  ZNoticeSchema,
  ZNoticeServiceSchema,
  type EvictionStage,
} from "../../../shared/evictions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { adminAuditLog, evictionCases, evictionEvents, evictionNotices, leases, leaseTenants, ledgerEntries, members, portalFiles, properties, serviceJobEvents, serviceJobs, units } from "../../db/schema.ts";
import { noticePdf, type NoticeCopy, type NoticeFacts } from "../../documents/notice-pdf.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid } from "../ids.ts";
import type { Owner } from "./access.ts";
import { canMoveCase, datedMoveRefusal, EVICTION_TRANSITIONS, isOpenStage, NOTICES_FOR_GROUND, type ServedNoticeDates } from "./eviction-case-rules.ts";
import { inCookWinterMoratorium, NOTICE_RULES, noticeDates, orderEnforceableThrough, rentDemanded, type Tenancy } from "./eviction-rules.ts";
import { occupiedSince, type OccupancyLease } from "./fair-notice.ts";
import { describeFile, storeFile, type Upload } from "./files.ts";
import { findOwnedLease, placesOf, type LeasePlace } from "./leases.ts";
import { propertyRules } from "./properties.ts";
import { factOf, postOwnerDue } from "./posting.ts";

// Eviction coordination (PORTAL.md 7.2): a case per lease that the owner opens and the
// association's staff coordinate. The owner prepares and records the notice at once; staff move
// the stages, record the court's facts, notes and documents once the case is paid (its purchase,
// DECISIONS.md 23). Every change is on the case's timeline (only ever added to), and the owner is
// emailed in the change's transaction. Staff see a case because the owner asked for the service.

export type CaseRow = typeof evictionCases.$inferSelect;
export type NoticeRow = typeof evictionNotices.$inferSelect;
export const CASE_NOT_FOUND = "Eviction case not found.";
export const NOTICE_NOT_FOUND = "Notice not found.";
export const PAY_TO_START = "Pay to start coordination: staff coordinate an eviction case once it is paid.";

/** Who acts on a case: the owner, or a member of staff (an administrator). */
export type CaseActor = { kind: "owner"; owner: Owner } | { kind: "staff"; staff: AdminActor };
const actorName = (actor: CaseActor) =>
  actor.kind === "owner" ? `${actor.owner.member.firstName} ${actor.owner.member.lastName} (owner)` : `${actor.staff.admin.fullName} (staff)`;

/** The owner's case, or 404 (someone else's too). */
async function ownedCase(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<CaseRow> {
  return findCase(db, id, owner.id, lock);
}

/** Any case (for staff), or the owner's when `ownerId` is given; 404 otherwise. */
async function findCase(db: DbOrTx, id: string, ownerId: string | null, lock = false): Promise<CaseRow> {
  if (!isUuid(id)) throw notFound(CASE_NOT_FOUND);
  const query = db
    .select()
    .from(evictionCases)
    .where(and(eq(evictionCases.id, id), ownerId ? eq(evictionCases.ownerId, ownerId) : undefined))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

function assertOpen(row: CaseRow) {
  if (!row.open) throw new AppError("CONFLICT", `This case is ${EVICTION_STAGE_LABELS[row.stage].toLowerCase()}: nothing more can be added to it.`);
}

function assertPaid(row: CaseRow) {
  if (!row.paidAt) throw new AppError("CONFLICT", PAY_TO_START);
}

/** Where the case's lease is: its unit and property. */
async function caseLease(db: DbOrTx, row: CaseRow) {
  return (await caseFacts(db, row)).place;
}

/**
 * The case's lease: where it is, and the tenancy facts its notices' dates depend on: the lease's
 * dates, since when its tenants have been in the unit (through earlier leases of the unit), and
 * whether Chicago's Fair Notice ordinance applies (the case is in Chicago).
 */
async function caseFacts(db: DbOrTx, row: CaseRow): Promise<{ place: LeasePlace; tenancy: Tenancy; unitId: string }> {
  const [lease] = await db
    .select({ id: leases.id, unitId: leases.unitId, startDate: leases.startDate, endDate: leases.endDate })
    .from(leases)
    .where(and(eq(leases.id, row.leaseId), eq(leases.ownerId, row.ownerId)));
  const [places, ofUnit] = await Promise.all([
    placesOf(db, row.ownerId, [lease!.unitId]),
    db
      .select({ id: leases.id, startDate: leases.startDate, endDate: leases.endDate, firstName: leaseTenants.firstName, lastName: leaseTenants.lastName, email: leaseTenants.email })
      .from(leases)
      .innerJoin(leaseTenants, eq(leaseTenants.leaseId, leases.id))
      .where(and(eq(leases.ownerId, row.ownerId), eq(leases.unitId, lease!.unitId), lte(leases.startDate, lease!.startDate))),
  ]);
  const byLease = new Map<string, OccupancyLease>();
  for (const r of ofUnit) {
    const entry = byLease.get(r.id) ?? { id: r.id, startDate: r.startDate, endDate: r.endDate, tenants: [] };
    entry.tenants.push({ firstName: r.firstName, lastName: r.lastName, email: r.email });
    byLease.set(r.id, entry);
  }
  const current = byLease.get(lease!.id) ?? { id: lease!.id, startDate: lease!.startDate, endDate: lease!.endDate, tenants: [] };
  return {
    unitId: lease!.unitId,
    place: places.get(lease!.unitId)!,
    tenancy: {
      periodsFrom: lease!.startDate,
      leaseEndsOn: lease!.endDate,
      occupiedSince: occupiedSince(current, [...byLease.values()].filter((l) => l.id !== current.id)),
      fairNotice: row.jurisdiction === "chicago",
    },
  };
}

const placeLabel = (place: LeasePlace) => `${place.property.line1}, unit ${place.unit.label}, ${place.property.city}, ${place.property.state} ${place.property.zip}`;

function noticeView(row: NoticeRow, caseRow: CaseRow, tenancy: Tenancy) {
  const dates = noticeDates(row.kind, row.asOf, tenancy);
  return {
    id: row.id,
    kind: row.kind,
    title: NOTICE_RULES[row.kind].title,
    statute: NOTICE_RULES[row.kind].statute,
    breach: row.breach,
    as_of: row.asOf,
    dated_on: row.datedOn,
    amount_demanded_cents: row.amountDemandedCents,
    served: row.servedOn !== null,
    served_on: row.servedOn,
    service_method: row.serviceMethod,
    served_by: row.servedBy,
    expires_on: dates.expiresOn,
    earliest_filing_on: dates.earliestFilingOn,
    filing_rolled_past: dates.filingRolledPast,
    terminates_on: dates.terminatesOn,
    notice_days: dates.noticeDays,
    service_window: dates.serviceWindow,
    rule: dates.rule,
    notes: row.servedOn ? dates.notes : [...(dates.refusal ? [`If served today: ${dates.refusal}`] : []), ...dates.notes],
    rolled_past: dates.rolledPast,
    dates_label: VERIFY_WITH_COUNSEL,
    pdf_path: `/api/portal/evictions/${caseRow.id}/notices/${row.id}/pdf`,
    owner_pdf_path: `/api/portal/evictions/${caseRow.id}/notices/${row.id}/pdf?copy=owner`,
    created_at: row.createdAt.toISOString(),
  };
}

function courtView(row: CaseRow) {
  const enforceableThrough = row.orderEnteredOn ? orderEnforceableThrough(row.orderEnteredOn) : null;
  const warnings: string[] = [];
  if (row.enforcementOn && inCookWinterMoratorium(row.enforcementOn, row.jurisdiction)) {
    warnings.push(`The enforcement date ${row.enforcementOn} falls in Cook County's winter moratorium on evictions (${VERIFY_WITH_COUNSEL}).`);
  }
  if (row.enforcementOn && enforceableThrough && row.enforcementOn > enforceableThrough) {
    warnings.push(`The enforcement date ${row.enforcementOn} is after ${enforceableThrough}, when the order can no longer be enforced (${VERIFY_WITH_COUNSEL}).`);
  }
  return {
    case_number: row.caseNumber,
    courtroom: row.courtroom,
    filed_on: row.filedOn,
    hearing_on: row.hearingOn,
    judgment_on: row.judgmentOn,
    order_entered_on: row.orderEnteredOn,
    enforcement_on: row.enforcementOn,
    order_enforceable_through: enforceableThrough,
    in_winter_moratorium: row.enforcementOn ? inCookWinterMoratorium(row.enforcementOn, row.jurisdiction) : false,
    warnings,
    dates_label: VERIFY_WITH_COUNSEL,
  };
}

/** The moves the table allows from the case's stage, split into those open today and those waiting on a date. */
function movesOf(row: CaseRow, notice: ServedNoticeDates | null, today: IsoDate) {
  const allowed: EvictionStage[] = [];
  const notYet: { to: EvictionStage; reason: string }[] = [];
  for (const to of EVICTION_TRANSITIONS[row.stage]) {
    const refusal = datedMoveRefusal(to, notice, today);
    if (refusal) notYet.push({ to, reason: refusal });
    else allowed.push(to);
  }
  return { allowed, notYet };
}

function describeCase(row: CaseRow, place: string, level: string, hasNotice: boolean) {
  return {
    id: row.id,
    lease_id: row.leaseId,
    place,
    ground: row.ground,
    ground_label: EVICTION_GROUND_LABELS[row.ground],
    jurisdiction: row.jurisdiction,
    jurisdiction_label: JURISDICTION_LABELS[row.jurisdiction],
    stage: row.stage,
    stage_label: caseStageLabel(row.stage, hasNotice),
    open: row.open,
    allowed_moves: EVICTION_TRANSITIONS[row.stage],
    paid: row.paidAt !== null,
    paid_at: row.paidAt?.toISOString() ?? null,
    price_cents: isPaidLevel(level as never) ? alaCartePrices.eviction_case.cents[level as "Standard" | "Premium"] : alaCartePrices.eviction_case.cents.Standard,
    parties: row.parties,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function timelineOf(db: DbOrTx, caseId: string) {
  const rows = await db
    .select({ event: evictionEvents, file: { id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes } })
    .from(evictionEvents)
    .leftJoin(portalFiles, eq(portalFiles.id, evictionEvents.fileId))
    .where(eq(evictionEvents.caseId, caseId))
    .orderBy(asc(evictionEvents.seq));
  return rows.map(({ event, file }) => ({
    id: event.id,
    kind: event.kind,
    from_stage: event.fromStage,
    to_stage: event.toStage,
    note: event.note,
    actor: event.actor,
    actor_name: event.actorName,
    notice_id: event.noticeId,
    file: file?.id ? describeFile(file as { id: string; name: string; contentType: string; sizeBytes: number }) : null,
    at: event.createdAt.toISOString(),
  }));
}

/** The dates of the case's latest served notice, or null when no service is recorded. */
function servedNoticeOf(notices: readonly NoticeRow[], tenancy: Tenancy): ServedNoticeDates | null {
  const served = notices.filter((n) => n.servedOn !== null).sort((a, b) => (a.servedOn! < b.servedOn! ? 1 : a.servedOn! > b.servedOn! ? -1 : b.createdAt.getTime() - a.createdAt.getTime()))[0];
  if (!served) return null;
  const dates = noticeDates(served.kind, served.servedOn!, tenancy);
  return { servedOn: served.servedOn!, expiresOn: dates.expiresOn, earliestFilingOn: dates.earliestFilingOn };
}

async function servedNoticeOfCase(db: DbOrTx, row: CaseRow) {
  const [{ tenancy }, notices] = await Promise.all([caseFacts(db, row), db.select().from(evictionNotices).where(eq(evictionNotices.caseId, row.id))]);
  return servedNoticeOf(notices, tenancy);
}

/** A case with its notices, court facts, documents, service jobs and timeline. */
async function fullCase(db: DbOrTx, row: CaseRow, today: IsoDate) {
  const [{ place, tenancy, unitId }, notices, timeline, jobs, [owner], staffRecord] = await Promise.all([
    caseFacts(db, row),
    db.select().from(evictionNotices).where(eq(evictionNotices.caseId, row.id)).orderBy(asc(evictionNotices.createdAt)),
    timelineOf(db, row.id),
    db.select({ id: serviceJobs.id, state: serviceJobs.state, personName: serviceJobs.personName }).from(serviceJobs).where(eq(serviceJobs.caseId, row.id)),
    db.select({ level: members.membershipLevel, firstName: members.firstName, lastName: members.lastName, email: members.email }).from(members).where(eq(members.id, row.ownerId)),
    staffActivityOfCase(db, row.id),
  ]);
  const moves = movesOf(row, servedNoticeOf(notices, tenancy), today);
  return {
    ...describeCase(row, placeLabel(place), owner?.level ?? "Standard", notices.length > 0),
    allowed_moves: moves.allowed,
    moves_not_yet: moves.notYet,
    owner: owner ? { name: `${owner.firstName} ${owner.lastName}`, email: owner.email, membership_level: owner.level } : null,
    property_rules: propertyRulesView(row, await rulesOfUnit(db, row.ownerId, unitId)),
    service_job_defaults: serviceJobDefaults(row, place),
    court: courtView(row),
    notices: notices.map((n) => noticeView(n, row, tenancy)),
    documents: timeline.filter((e) => e.file).map((e) => ({ ...e.file!, added_by: e.actor_name, at: e.at })),
    service_jobs: jobs.map((j) => ({ id: j.id, state: j.state, person_name: j.personName })),
    timeline,
    /** Every read and act of the association's staff on this case, newest first (the owner sees who looked). */
    staff_activity: staffRecord,
  };
}

const STAFF_CASE_LABELS: Record<string, string> = {
  eviction_viewed: "Opened the case",
  eviction_notice_opened: "Opened a notice",
  eviction_file_opened: "Opened a document",
};

/** What staff did on a case, from the audit log: reads included. */
async function staffActivityOfCase(db: DbOrTx, caseId: string) {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, "eviction_case"), eq(adminAuditLog.targetId, caseId)))
    .orderBy(desc(adminAuditLog.id))
    .limit(200);
  return rows.map((r) => ({ who: r.adminName, action: r.action, label: STAFF_CASE_LABELS[r.action] ?? r.action.replace(/^eviction_/, "").replaceAll("_", " "), at: r.createdAt.toISOString() }));
}

async function addEvent(
  tx: DbOrTx,
  row: CaseRow,
  actor: CaseActor | "system",
  event: { kind: (typeof evictionEvents.$inferInsert)["kind"]; from?: EvictionStage; to?: EvictionStage; note?: string; fileId?: string; noticeId?: string },
) {
  await tx.insert(evictionEvents).values({
    ownerId: row.ownerId,
    caseId: row.id,
    kind: event.kind,
    fromStage: event.from ?? null,
    toStage: event.to ?? null,
    note: event.note ?? "",
    actor: actor === "system" ? "system" : actor.kind,
    actorName: actor === "system" ? "The app" : actorName(actor),
    fileId: event.fileId ?? null,
    noticeId: event.noticeId ?? null,
  });
}

/** Emails the owner what changed on their case (in the change's transaction). */
export async function tellOwnerOfCase(tx: DbOrTx, services: Services, row: CaseRow, news: string, detail = "") {
  const [owner] = await tx.select().from(members).where(eq(members.id, row.ownerId));
  // The demo's sample owner has no mailbox (decision 0046).
  if (!owner || owner.deletedAt || owner.isSample) return;
  await enqueueEmail(tx, {
    to: owner.email,
    memberId: owner.id,
    ...renderEmail(services.config, "eviction_case_update", `Eviction case: ${news}`, {
      heading: `${news}`,
      paragraphs: [
        `Hello ${owner.firstName}, your eviction case (${EVICTION_GROUND_LABELS[row.ground].toLowerCase()}, ${JURISDICTION_LABELS[row.jurisdiction]}) is now at: ${EVICTION_STAGE_LABELS[row.stage]}.`,
        ...(detail ? [detail] : []),
        `Dates the app computes are estimates: ${VERIFY_WITH_COUNSEL}.`,
      ],
      action: { label: "Open the case", url: `${services.config.PUBLIC_URL}/portal/evictions/${row.id}` },
    }),
  });
}

async function audit(tx: DbOrTx, actor: CaseActor, row: CaseRow, action: string, details: Record<string, unknown>, now: Date) {
  if (actor.kind !== "staff") return;
  await recordAdminAction(tx, actor.staff, { action: `eviction_${action}`, targetType: "eviction_case", targetId: row.id, details }, now);
}

/** What the process server's form starts with for this case: the parties to serve and the premises (PORTAL.md 7.3). */
export function serviceJobDefaults(row: CaseRow, place: LeasePlace) {
  const names = row.parties.map((p) => `${p.first_name} ${p.last_name}`);
  return {
    person_name: names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? ""),
    person_description: "",
    addresses: [placeLabel(place)],
  };
}

/** The property's rules as the case shows them, with a warning when the case's jurisdiction is not the property's. */
function propertyRulesView(row: CaseRow, rules: Awaited<ReturnType<typeof rulesOfUnit>>) {
  const warnings = [...rules.warnings];
  if (rules.jurisdiction !== row.jurisdiction) {
    warnings.unshift(`This case is marked ${JURISDICTION_LABELS[row.jurisdiction]}, but the property is ${JURISDICTION_LABELS[rules.jurisdiction]}${rules.jurisdictionConfirmed ? "" : " (the app's guess)"}.`);
  }
  return { rules: rules.rules, jurisdiction: rules.jurisdiction, reason: rules.reason, warnings };
}

/** The rules of the property a unit belongs to (its jurisdiction, owner occupancy). */
async function rulesOfUnit(db: DbOrTx, ownerId: string, unitId: string) {
  const [unit] = await db.select({ propertyId: units.propertyId }).from(units).where(and(eq(units.id, unitId), eq(units.ownerId, ownerId)));
  const [[property], siblings] = await Promise.all([
    db.select().from(properties).where(and(eq(properties.id, unit!.propertyId), eq(properties.ownerId, ownerId))),
    db.select().from(units).where(and(eq(units.propertyId, unit!.propertyId), eq(units.ownerId, ownerId))),
  ]);
  return propertyRules(property!, siblings);
}

/** POST /api/portal/evictions: the owner opens a case for one of their leases (one open case per lease). */
export async function openCase(services: Services, owner: Owner, input: z.output<typeof ZEvictionCaseSchema>) {
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, input.lease_id, true);
    const [existing] = await tx
      .select({ id: evictionCases.id })
      .from(evictionCases)
      .where(and(eq(evictionCases.leaseId, lease.id), eq(evictionCases.open, true)))
      .limit(1);
    if (existing) throw new AppError("CONFLICT", `This lease has an open eviction case already (${existing.id}). Close it before opening another.`);
    const tenants = await tx.select().from(leaseTenants).where(and(eq(leaseTenants.leaseId, lease.id), eq(leaseTenants.ownerId, owner.id))).orderBy(asc(leaseTenants.createdAt));
    const jurisdiction = input.jurisdiction ?? (await rulesOfUnit(tx, owner.id, lease.unitId)).jurisdiction;
    const [row] = await tx
      .insert(evictionCases)
      .values({
        ownerId: owner.id,
        leaseId: lease.id,
        ground: input.ground,
        jurisdiction,
        parties: tenants.map((t) => ({ first_name: t.firstName, last_name: t.lastName, email: t.email, phone: t.phone })),
      })
      .returning();
    await addEvent(tx, row!, { kind: "owner", owner }, { kind: "opened", to: row!.stage, note: `${EVICTION_GROUND_LABELS[input.ground]}, ${JURISDICTION_LABELS[jurisdiction]}` });
    await tellOwnerOfCase(tx, services, row!, "Your eviction case is open", row!.paidAt ? "" : "Prepare and serve the notice now; staff coordination starts once the case is paid.");
    return fullCase(tx, row!, chicagoToday(services.now()));
  });
}

export async function listCases(services: Services, owner: Owner) {
  const rows = await services.db.select().from(evictionCases).where(eq(evictionCases.ownerId, owner.id)).orderBy(desc(evictionCases.createdAt));
  return describeMany(services.db, rows, owner.member.membershipLevel);
}

async function describeMany(db: DbOrTx, rows: CaseRow[], level: string | Map<string, string>) {
  if (rows.length === 0) return [];
  const leaseRows = await db.select({ id: leases.id, unitId: leases.unitId, ownerId: leases.ownerId }).from(leases).where(inArray(leases.id, rows.map((r) => r.leaseId)));
  const places = new Map<string, string>();
  for (const ownerId of new Set(rows.map((r) => r.ownerId))) {
    const mine = leaseRows.filter((l) => l.ownerId === ownerId);
    const byUnit = await placesOf(db, ownerId, mine.map((l) => l.unitId));
    for (const l of mine) places.set(l.id, placeLabel(byUnit.get(l.unitId)!));
  }
  const withNotice = new Set(
    (await db.selectDistinct({ caseId: evictionNotices.caseId }).from(evictionNotices).where(inArray(evictionNotices.caseId, rows.map((r) => r.id)))).map((n) => n.caseId),
  );
  return rows.map((r) => describeCase(r, places.get(r.leaseId) ?? "", typeof level === "string" ? level : (level.get(r.ownerId) ?? "Standard"), withNotice.has(r.id)));
}

export async function getCase(services: Services, owner: Owner, id: string) {
  return fullCase(services.db, await ownedCase(services.db, owner, id), chicagoToday(services.now()));
}

/** The unpaid rent a 5-day notice may demand as of a day, from the lease's ledger (posted to that day first). */
async function rentDemandedOn(db: DbOrTx, row: CaseRow, asOf: IsoDate, today: IsoDate) {
  await postOwnerDue(db, row.ownerId, today);
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, row.ownerId), eq(ledgerEntries.leaseId, row.leaseId)))
    .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
  return rentDemanded(entries.map(factOf), asOf);
}

function checkService(input: z.output<typeof ZNoticeServiceSchema>, today: IsoDate) {
  if (input.served_on > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "served_on"], msg: `A notice cannot be served in the future (today is ${today})` }]);
  if (input.service_method === "posting" && !input.posting_confirmed) {
    throw new AppError("UNPROCESSABLE", [
      { loc: ["body", "posting_confirmed"], msg: "Posting is lawful only when no one is in possession of the premises (735 ILCS 5/9-211): confirm that no one is in possession" },
    ]);
  }
}

/** Records the service of a notice: its date, method and who served; the case moves to notice served. */
async function applyService(tx: DbOrTx, services: Services, actor: CaseActor, row: CaseRow, notice: NoticeRow, input: z.output<typeof ZNoticeServiceSchema>, today: IsoDate) {
  if (input.served_on < notice.datedOn) {
    throw new AppError("UNPROCESSABLE", [
      { loc: ["body", "served_on"], msg: `This notice is dated ${notice.datedOn}: it cannot have been served on ${input.served_on}, before its own date. Prepare a new notice dated the day it was served.` },
    ]);
  }
  const amount = notice.kind === "5_day" ? await rentDemandedOn(tx, row, input.served_on, today) : 0;
  if (notice.kind === "5_day" && amount === 0) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "served_on"], msg: `No rent was unpaid on ${input.served_on}: a 5-day notice demands unpaid rent only` }]);
  }
  const { tenancy } = await caseFacts(tx, row);
  const dates = noticeDates(notice.kind, input.served_on, tenancy);
  if (dates.refusal) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "served_on"], msg: dates.refusal }]);
  // A notice printed before its service states the day the tenancy ends as of its own date: served
  // later, that day may come too soon, and the notice would be short.
  const printed = noticeDates(notice.kind, notice.datedOn, tenancy).terminatesOn;
  if (printed && dates.terminatesOn && dates.terminatesOn > printed) {
    throw new AppError("UNPROCESSABLE", [
      {
        loc: ["body", "served_on"],
        msg: `This notice, dated ${notice.datedOn}, says the tenancy ends ${printed}; served on ${input.served_on} it would have to say ${dates.terminatesOn}. Prepare a new notice dated the day it is served.`,
      },
    ]);
  }
  const [served] = await tx
    .update(evictionNotices)
    .set({ servedOn: input.served_on, serviceMethod: input.service_method, servedBy: input.served_by, asOf: input.served_on, amountDemandedCents: amount, updatedAt: services.now() })
    .where(eq(evictionNotices.id, notice.id))
    .returning();
  const ends = dates.terminatesOn ? `The tenancy ends ${dates.terminatesOn}` : `Period ends ${dates.expiresOn}`;
  const note = `${NOTICE_RULES[notice.kind].title} served ${input.served_on} by ${SERVICE_METHOD_LABELS[input.service_method].toLowerCase()} (served by ${input.served_by}). ${ends}; earliest filing ${dates.earliestFilingOn} (${VERIFY_WITH_COUNSEL}).`;
  await addEvent(tx, row, actor, { kind: "service", note, noticeId: notice.id });
  let current = row;
  if (row.stage === "notice_prepared") {
    const [moved] = await tx.update(evictionCases).set({ stage: "notice_served", updatedAt: services.now() }).where(eq(evictionCases.id, row.id)).returning();
    await addEvent(tx, moved!, "system", { kind: "stage", from: row.stage, to: "notice_served", note: "The notice's service was recorded" });
    current = moved!;
  }
  await tellOwnerOfCase(tx, services, current, "The notice's service is recorded", note);
  return served!;
}

/** POST /api/portal/evictions/{id}/notices: the notice the case's ground allows, prepared or recorded as served. */
export async function addNotice(services: Services, owner: Owner, id: string, input: z.output<typeof ZNoticeSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const row = await ownedCase(tx, owner, id, true);
    assertOpen(row);
    if (!NOTICES_FOR_GROUND[row.ground].includes(input.kind)) {
      throw new AppError("UNPROCESSABLE", [
        { loc: ["body", "kind"], msg: `A case for ${EVICTION_GROUND_LABELS[row.ground].toLowerCase()} takes the ${NOTICES_FOR_GROUND[row.ground].map((k) => NOTICE_RULES[k].title).join(" or ")}` },
      ]);
    }
    if (input.kind === "10_day" && !input.breach) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "breach"], msg: "Describe the breach of the lease the notice names" }]);
    const service = input.served_on ? { served_on: input.served_on, service_method: input.service_method!, served_by: input.served_by!, posting_confirmed: input.posting_confirmed } : null;
    if (service) checkService(service, today);
    // What was unpaid the day it is served (a notice recorded later demands no rent that came due since).
    const amount = input.kind === "5_day" ? await rentDemandedOn(tx, row, service?.served_on ?? today, today) : 0;
    if (input.kind === "5_day" && amount === 0 && !service) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "kind"], msg: "No rent is unpaid today: a 5-day notice demands unpaid rent only" }]);
    }
    const [notice] = await tx.insert(evictionNotices).values({ ownerId: owner.id, caseId: row.id, kind: input.kind, breach: input.breach, asOf: today, datedOn: service?.served_on ?? today, amountDemandedCents: amount })
      .returning();
    const actor: CaseActor = { kind: "owner", owner };
    await addEvent(tx, row, actor, { kind: "notice", note: `${NOTICE_RULES[input.kind].title} prepared`, noticeId: notice!.id });
    const saved = service ? await applyService(tx, services, actor, row, notice!, service, today) : notice!;
    if (!service) await tellOwnerOfCase(tx, services, row, "The notice is prepared", `${NOTICE_RULES[input.kind].title}: print it, serve it and record its service.`);
    const [current] = await tx.select().from(evictionCases).where(eq(evictionCases.id, row.id));
    const { tenancy } = await caseFacts(tx, current!);
    return { ...noticeView(saved, current!, tenancy), case: await fullCase(tx, current!, chicagoToday(services.now())) };
  });
}

async function findNotice(db: DbOrTx, row: CaseRow, noticeId: string, lock = false) {
  if (!isUuid(noticeId)) throw notFound(NOTICE_NOT_FOUND);
  const query = db.select().from(evictionNotices).where(and(eq(evictionNotices.id, noticeId), eq(evictionNotices.caseId, row.id), eq(evictionNotices.ownerId, row.ownerId))).limit(1);
  const [notice] = lock ? await query.for("update") : await query;
  if (!notice) throw notFound(NOTICE_NOT_FOUND);
  return notice;
}

/** POST /api/portal/evictions/{id}/notices/{notice_id}/service (and the staff's): a prepared notice's service. */
export async function recordService(services: Services, actor: CaseActor, id: string, noticeId: string, input: z.output<typeof ZNoticeServiceSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const row = await findCase(tx, id, actor.kind === "owner" ? actor.owner.id : null, true);
    assertOpen(row);
    // Staff act on a case once it is paid, as for every other staff act (closing aside).
    if (actor.kind === "staff") assertPaid(row);
    const notice = await findNotice(tx, row, noticeId, true);
    if (notice.servedOn) throw new AppError("CONFLICT", `This notice's service was recorded already (${notice.servedOn}). Prepare a new notice to serve again.`);
    checkService(input, today);
    const saved = await applyService(tx, services, actor, row, notice, input, today);
    await audit(tx, actor, row, "notice_served", { notice_id: notice.id, method: input.service_method }, services.now());
    const [current] = await tx.select().from(evictionCases).where(eq(evictionCases.id, row.id));
    const { tenancy } = await caseFacts(tx, current!);
    return { ...noticeView(saved, current!, tenancy), case: await fullCase(tx, current!, chicagoToday(services.now())) };
  });
}

/**
 * GET /api/portal/evictions/{id}/notices/{notice_id}/pdf: the notice filled from the lease and the
 * ledger, to the owner or to staff (every staff read audited, and shown to the owner).
 */
export async function noticeFile(services: Services, viewer: CaseActor, id: string, noticeId: string, copy: NoticeCopy = "tenant") {
  const owner = viewer.kind === "owner" ? viewer.owner : null;
  const row = await findCase(services.db, id, owner ? owner.id : null);
  const notice = await findNotice(services.db, row, noticeId);
  await audit(services.db, viewer, row, "notice_opened", { notice_id: notice.id, copy }, services.now());
  const { place, tenancy, unitId } = await caseFacts(services.db, row);
  const [[landlord], rules] = await Promise.all([services.db.select().from(members).where(eq(members.id, row.ownerId)), rulesOfUnit(services.db, row.ownerId, unitId)]);
  const dates = noticeDates(notice.kind, notice.asOf, tenancy);
  const facts: NoticeFacts = {
    kind: notice.kind,
    jurisdiction: row.jurisdiction,
    rlto: rules.rules === "chicago_rlto",
    tenants: row.parties.map((p) => `${p.first_name} ${p.last_name}`),
    premises: placeLabel(place),
    landlord: `${landlord!.firstName} ${landlord!.lastName}`,
    asOf: notice.asOf,
    datedOn: notice.datedOn,
    amountDemandedCents: notice.amountDemandedCents,
    breach: notice.breach,
    expiresOn: dates.expiresOn,
    earliestFilingOn: dates.earliestFilingOn,
    terminatesOn: dates.terminatesOn,
    rule: dates.rule,
    notes: dates.notes,
    service: notice.servedOn ? { servedOn: notice.servedOn, method: notice.serviceMethod!, servedBy: notice.servedBy! } : null,
  };
  const name = `${notice.kind.replace("_", "-")}-notice-${notice.datedOn}${copy === "owner" ? "-owner-copy" : ""}.pdf`;
  return { body: await noticePdf(facts, notice.createdAt, copy), filename: name };
}

/**
 * A move of the case along the transition table, by staff or the owner; the owner is emailed and a
 * staff move audited. Staff coordinate a paid case and may close any case (one opened by mistake
 * and never paid too). The owner coordinates an unpaid case alone: they may record its moves, and
 * closing it is withdrawing it; once paid, staff make the moves. A move that depends on a date
 * (notice expired, filed) is refused before that date, whoever asks (409 naming it).
 */
export async function moveCase(services: Services, actor: CaseActor, id: string, input: { to: EvictionStage; note: string }) {
  const now = services.now();
  const today = chicagoToday(now);
  return services.db.transaction(async (tx) => {
    const row = await findCase(tx, id, actor.kind === "owner" ? actor.owner.id : null, true);
    assertOpen(row);
    if (actor.kind === "staff" && input.to !== "closed") assertPaid(row);
    if (actor.kind === "owner" && row.paidAt) {
      throw new AppError("CONFLICT", "Staff coordinate this case now that it is paid: ask them in a note to move or close it.");
    }
    if (!canMoveCase(row.stage, input.to)) {
      const allowed = EVICTION_TRANSITIONS[row.stage].map((s) => EVICTION_STAGE_LABELS[s]).join(", ");
      throw new AppError("CONFLICT", `A case at ${EVICTION_STAGE_LABELS[row.stage].toLowerCase()} cannot move to ${EVICTION_STAGE_LABELS[input.to].toLowerCase()}. Allowed: ${allowed}.`);
    }
    const refusal = datedMoveRefusal(input.to, await servedNoticeOfCase(tx, row), today);
    if (refusal) throw new AppError("CONFLICT", refusal);
    const [moved] = await tx.update(evictionCases).set({ stage: input.to, open: isOpenStage(input.to), updatedAt: now }).where(eq(evictionCases.id, row.id)).returning();
    const withdrawn = actor.kind === "owner" && input.to === "closed";
    const note = input.note || (withdrawn ? "Withdrawn by the owner" : "");
    await addEvent(tx, moved!, actor, { kind: "stage", from: row.stage, to: input.to, note });
    await audit(tx, actor, moved!, "stage_moved", { from: row.stage, to: input.to }, now);
    await tellOwnerOfCase(tx, services, moved!, withdrawn ? "You withdrew your eviction case" : `Your case moved to ${EVICTION_STAGE_LABELS[input.to].toLowerCase()}`, note);
    return fullCase(tx, moved!, today);
  });
}

const COURT_FIELDS = {
  case_number: "caseNumber",
  courtroom: "courtroom",
  filed_on: "filedOn",
  hearing_on: "hearingOn",
  judgment_on: "judgmentOn",
  order_entered_on: "orderEnteredOn",
  enforcement_on: "enforcementOn",
} as const;
const COURT_LABELS: Record<keyof typeof COURT_FIELDS, string> = {
  case_number: "Case number",
  courtroom: "Courtroom",
  filed_on: "Filed",
  hearing_on: "Hearing",
  judgment_on: "Judgment",
  order_entered_on: "Order entered",
  enforcement_on: "Enforcement",
};

/** Staff record the court's facts (only the fields given change); the timeline says what changed. */
export async function recordCourtFacts(services: Services, staff: AdminActor, id: string, input: z.output<typeof ZCourtFactsSchema>) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await findCase(tx, id, null, true);
    assertOpen(row);
    assertPaid(row);
    if (input.filed_on) {
      const notice = await servedNoticeOfCase(tx, row);
      if (notice && input.filed_on < notice.earliestFilingOn) {
        throw new AppError("CONFLICT", `The case cannot have been filed on ${input.filed_on}: the earliest filing day is ${notice.earliestFilingOn} (${VERIFY_WITH_COUNSEL}).`);
      }
    }
    const patch: Partial<CaseRow> = {};
    const changes: string[] = [];
    for (const [key, column] of Object.entries(COURT_FIELDS) as [keyof typeof COURT_FIELDS, (typeof COURT_FIELDS)[keyof typeof COURT_FIELDS]][]) {
      const value = input[key];
      if (value === undefined || (value ?? null) === row[column]) continue;
      (patch as Record<string, unknown>)[column] = value || null;
      changes.push(`${COURT_LABELS[key]}: ${value || "(cleared)"}`);
    }
    if (changes.length === 0) return fullCase(tx, row, chicagoToday(services.now()));
    const [updated] = await tx.update(evictionCases).set({ ...patch, updatedAt: now }).where(eq(evictionCases.id, row.id)).returning();
    const actor: CaseActor = { kind: "staff", staff };
    const court = courtView(updated!);
    const detail = [changes.join("; "), ...(court.order_enforceable_through ? [`Order enforceable through ${court.order_enforceable_through} (${VERIFY_WITH_COUNSEL})`] : []), ...court.warnings].join(". ");
    await addEvent(tx, updated!, actor, { kind: "court_facts", note: detail });
    await audit(tx, actor, updated!, "court_facts", { fields: Object.keys(patch) }, now);
    await tellOwnerOfCase(tx, services, updated!, "Court facts recorded on your case", detail);
    return fullCase(tx, updated!, chicagoToday(services.now()));
  });
}

/** A note on the case, by the owner or staff (staff's once paid); the owner is emailed staff's. */
export async function addCaseNote(services: Services, actor: CaseActor, id: string, body: string) {
  return services.db.transaction(async (tx) => {
    const row = await findCase(tx, id, actor.kind === "owner" ? actor.owner.id : null, true);
    assertOpen(row);
    if (actor.kind === "staff") assertPaid(row);
    await addEvent(tx, row, actor, { kind: "note", note: body });
    await audit(tx, actor, row, "note", {}, services.now());
    if (actor.kind === "staff") await tellOwnerOfCase(tx, services, row, "Staff added a note to your case", body);
    return fullCase(tx, row, chicagoToday(services.now()));
  });
}

/** A document (PDF or photo) on the case, stored with the owner's files. */
export async function addCaseDocument(services: Services, actor: CaseActor, id: string, upload: Upload) {
  return services.db.transaction(async (tx) => {
    const row = await findCase(tx, id, actor.kind === "owner" ? actor.owner.id : null, true);
    assertOpen(row);
    if (actor.kind === "staff") assertPaid(row);
    const file = await storeFile(tx, row.ownerId, upload, actor.kind === "staff" ? { kind: "staff" } : { kind: "owner" }, services.now());
    await addEvent(tx, row, actor, { kind: "document", fileId: file.id, note: file.name });
    await audit(tx, actor, row, "document", { file_id: file.id }, services.now());
    if (actor.kind === "staff") await tellOwnerOfCase(tx, services, row, "Staff added a document to your case", file.name);
    return fullCase(tx, row, chicagoToday(services.now()));
  });
}

/** The case's place, for the process server's defaults. */
export async function casePlace(db: DbOrTx, row: CaseRow) {
  return caseLease(db, row);
}

/** Checks a case id before an upload is read: 404 for a stranger's at once. */
export async function assertCaseVisible(db: DbOrTx, actor: CaseActor, id: string) {
  await findCase(db, id, actor.kind === "owner" ? actor.owner.id : null);
}

/** The staff's queue: open cases first (paid before unpaid), then the rest, newest first. */
export async function staffCaseQueue(services: Services, filter: { state?: "open" | "all" } = {}) {
  // The live demo's sample case is no work for staff (decision 0046).
  const sampleOwner = sql`not exists (select 1 from ${members} m where m.id = ${evictionCases.ownerId} and m.is_sample)`;
  const rows = await services.db
    .select()
    .from(evictionCases)
    .where(and(filter.state === "all" ? undefined : eq(evictionCases.open, true), sampleOwner))
    .orderBy(desc(evictionCases.createdAt))
    .limit(500);
  const owners = rows.length
    ? await services.db.select({ id: members.id, level: members.membershipLevel, firstName: members.firstName, lastName: members.lastName }).from(members).where(inArray(members.id, [...new Set(rows.map((r) => r.ownerId))]))
    : [];
  const views = await describeMany(services.db, rows, new Map(owners.map((o) => [o.id, o.level])));
  const names = new Map(owners.map((o) => [o.id, `${o.firstName} ${o.lastName}`]));
  // The queue names no tenant: a case's parties, notices and documents are read by opening it, which is audited.
  return views
    .map((v, i) => ({ ...v, parties: [] as typeof v.parties, owner_name: names.get(rows[i]!.ownerId) ?? "" }))
    .sort((a, b) => Number(b.open) - Number(a.open) || Number(b.paid) - Number(a.paid));
}

/**
 * One case to staff. Staff see a case from the moment it is opened (to close one opened by
 * mistake, say), and every read is an audit entry that the owner sees on the case.
 */
export async function staffGetCase(services: Services, staff: AdminActor, id: string) {
  const row = await findCase(services.db, id, null);
  await audit(services.db, { kind: "staff", staff }, row, "viewed", { paid: row.paidAt !== null }, services.now());
  return fullCase(services.db, row, chicagoToday(services.now()));
}

/** A file on a case or service job, to staff (the owner's own files route serves the owner); a case's file read is audited. */
export async function staffCaseFile(services: Services, staff: AdminActor, fileId: string) {
  if (!isUuid(fileId)) throw notFound("File not found.");
  const [onCase] = await services.db.select({ id: evictionEvents.id, caseId: evictionEvents.caseId }).from(evictionEvents).where(eq(evictionEvents.fileId, fileId)).limit(1);
  const [onJob] = onCase ? [] : await services.db.select({ id: serviceJobEvents.id }).from(serviceJobEvents).where(eq(serviceJobEvents.fileId, fileId)).limit(1);
  if (!onCase && !onJob) throw notFound("File not found.");
  const [file] = await services.db.select().from(portalFiles).where(eq(portalFiles.id, fileId));
  if (!file) throw notFound("File not found.");
  if (onCase) await recordAdminAction(services.db, staff, { action: "eviction_file_opened", targetType: "eviction_case", targetId: onCase.caseId, details: { file_id: file.id } }, services.now());
  return file;
}

/** The purchase of a case was paid (the provider's event, under its lock): coordination starts. */
export async function markCasePaid(tx: DbOrTx, services: Services, ownerId: string, caseId: string | null) {
  if (!caseId || !isUuid(caseId)) return;
  const [row] = await tx.select().from(evictionCases).where(and(eq(evictionCases.id, caseId), eq(evictionCases.ownerId, ownerId))).for("update");
  if (!row || row.paidAt) return;
  const [paid] = await tx.update(evictionCases).set({ paidAt: services.now(), updatedAt: services.now() }).where(eq(evictionCases.id, row.id)).returning();
  // A checkout begun before the owner withdrew the case can still be paid: the money is recorded and staff see it is to refund.
  const note = row.open ? "Eviction coordination paid: staff coordination starts" : "Eviction coordination paid after the case was closed: staff refund the payment";
  await addEvent(tx, paid!, "system", { kind: "paid", note });
}

/** The case a purchase is for, the owner's (404 otherwise), not yet paid (409). */
/** What each of the owner's cases (by id) is about, in words: "1842 W Cermak Rd, unit 2, Chicago, IL 60608 (Rosa Diaz)". */
export async function caseNames(db: DbOrTx, ownerId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length ? await db.select().from(evictionCases).where(and(eq(evictionCases.ownerId, ownerId), inArray(evictionCases.id, ids))) : [];
  const cases = await describeMany(db, rows, "Standard");
  return new Map(cases.map((c) => [c.id, `${c.place} (${c.parties.map((p) => `${p.first_name} ${p.last_name}`).join(", ")})`]));
}

export async function caseForPurchase(db: DbOrTx, owner: Owner, caseId: string | undefined) {
  if (!caseId) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "reference"], msg: "Say which eviction case (its id) the coordination is for" }]);
  const row = await ownedCase(db, owner, caseId);
  if (row.paidAt) throw new AppError("CONFLICT", "This eviction case is paid already.");
  assertOpen(row);
  return { row, place: placeLabel(await caseLease(db, row)) };
}

/** Every case of the owner with its notices, court facts, documents and timeline (the export). */
export async function exportCases(db: DbOrTx, ownerId: string, today: IsoDate) {
  const rows = await db.select().from(evictionCases).where(eq(evictionCases.ownerId, ownerId)).orderBy(asc(evictionCases.createdAt));
  return Promise.all(rows.map((row) => fullCase(db, row, today)));
}
