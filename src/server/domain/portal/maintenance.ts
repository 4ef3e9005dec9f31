import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { chicagoToday, type IsoDate } from "../../../shared/calendar.ts";
import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_PHRASES,
  MAINTENANCE_STATUS_LABELS,
  ZMaintenanceRequestSchema,
  type MaintenanceStatus,
} from "../../../shared/portal.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { contractors, leases, leaseTenants, maintenanceEvents, maintenanceRequests, members, portalFiles, properties, units } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { maintenanceJobEmail, maintenanceNewsEmail } from "../../mail/portal-emails.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import type { TenantAccountRow } from "../sessions.ts";
import { INTRODUCTIONS_PER_DAY } from "../skills.ts";
import { offeredContractor, verifiedContractorsFor } from "../community/contractors.ts";
import type { Owner } from "./access.ts";
import { expensesOfRequest } from "./expenses.ts";
import { describeFile, eraseFile, storeFile, type Upload } from "./files.ts";
import { leaseState } from "./leases.ts";
import { allowedMoves, CATEGORY_SKILL, OPEN_STATUSES, TENANT_CANCELLABLE } from "./maintenance-rules.ts";
import { findOwnedProperty, findOwnedUnit } from "./properties.ts";
import { assertLeaseIdRunning, assertLeaseRunning, readableLeaseIds } from "./tenant-access.ts";
import { findTenantLease } from "./tenants.ts";

// Maintenance requests (PORTAL.md 5), from both sides: the owner and the tenants of a lease submit
// them; the owner moves them through the transition table and nothing else; the tenant may cancel
// their own before work starts, comment and add photos. Every event keeps who, when and a note,
// and the other party is emailed.

export type RequestRow = typeof maintenanceRequests.$inferSelect;
export const REQUEST_NOT_FOUND = "Maintenance request not found.";
const PRIORITY_ORDER = new Map(MAINTENANCE_PRIORITIES.map((p, i) => [p, i]));

/**
 * A tenant's requests and comments each email the owner: a burst of them is refused (429) rather
 * than mailed (25 requests in a row once sent the owner 25 emails).
 */
export const TENANT_MAINTENANCE_LIMITS = {
  requests: {
    name: "maintenance:tenant-requests",
    limit: 10,
    windowMs: 24 * 60 * 60 * 1000,
    message: "You sent 10 maintenance requests today. Add to one of them, or call your landlord if it is an emergency.",
  },
  comments: {
    name: "maintenance:tenant-comments",
    limit: 30,
    windowMs: 60 * 60 * 1000,
    message: "You commented 30 times in the last hour. Please wait before adding more, or call your landlord if it is an emergency.",
  },
} satisfies Record<string, RateLimitRule>;

type Party = { kind: "owner"; owner: Owner } | { kind: "tenant"; tenant: TenantAccountRow };

const partyName = (party: Party) =>
  party.kind === "owner" ? `${party.owner.member.firstName} ${party.owner.member.lastName} (owner)` : `${party.tenant.firstName} ${party.tenant.lastName} (tenant)`;

async function placeOf(db: DbOrTx, request: Pick<RequestRow, "propertyId" | "unitId">) {
  const [property] = await db.select().from(properties).where(eq(properties.id, request.propertyId));
  const [unit] = request.unitId ? await db.select().from(units).where(eq(units.id, request.unitId)) : [];
  return `${property?.name || property?.line1 || "the property"}${unit ? `, unit ${unit.label}` : ""}`;
}

export function describeRequest(row: RequestRow, place: string, now: Date) {
  return {
    id: row.id,
    property_id: row.propertyId,
    unit_id: row.unitId,
    lease_id: row.leaseId,
    place,
    title: row.title,
    description: row.description,
    category: row.category,
    category_label: MAINTENANCE_CATEGORY_LABELS[row.category],
    priority: row.priority,
    permission_to_enter: row.permissionToEnter,
    status: row.status,
    status_label: MAINTENANCE_STATUS_LABELS[row.status],
    allowed_moves: allowedMoves(row.status, row.completedAt, now),
    submitted_by: row.submittedByTenant ? ("tenant" as const) : ("owner" as const),
    assigned_member_id: row.assignedMemberId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function timelineOf(db: DbOrTx, requestId: string) {
  const rows = await db
    .select({
      event: maintenanceEvents,
      file: {
        id: portalFiles.id,
        name: portalFiles.name,
        contentType: portalFiles.contentType,
        sizeBytes: portalFiles.sizeBytes,
        deletedAt: portalFiles.deletedAt,
        deletedBy: portalFiles.deletedBy,
      },
    })
    .from(maintenanceEvents)
    .leftJoin(portalFiles, eq(portalFiles.id, maintenanceEvents.fileId))
    .where(eq(maintenanceEvents.requestId, requestId))
    .orderBy(asc(maintenanceEvents.seq));
  return rows.map(({ event, file }) => ({
    id: event.id,
    kind: event.kind,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    note: event.note,
    actor: event.actor,
    actor_name: event.actorName,
    file: file?.id ? describeFile(file as Parameters<typeof describeFile>[0]) : null,
    at: event.createdAt.toISOString(),
  }));
}

async function addEvent(
  tx: DbOrTx,
  request: RequestRow,
  party: Party,
  event: { kind: (typeof maintenanceEvents.$inferInsert)["kind"]; from?: MaintenanceStatus; to?: MaintenanceStatus; note?: string; fileId?: string },
) {
  await tx.insert(maintenanceEvents).values({
    ownerId: request.ownerId,
    requestId: request.id,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    note: event.note ?? "",
    actor: party.kind,
    actorTenantId: party.kind === "tenant" ? party.tenant.id : null,
    actorName: partyName(party),
    fileId: event.fileId ?? null,
  });
}

/** Emails the other party of an event: the owner when a tenant acts, the lease's tenants when the owner does. */
async function tellOtherParty(tx: DbOrTx, services: Services, request: RequestRow, party: Party, news: { state: MaintenanceStatus | "comment"; sentence: string }, note: string) {
  const place = await placeOf(tx, request);
  const about = { title: request.title, place, state: news.state, news: news.sentence, note };
  if (party.kind === "tenant") {
    const [owner] = await tx.select().from(members).where(eq(members.id, request.ownerId));
    if (owner && !owner.deletedAt) {
      await enqueueEmail(tx, {
        to: owner.email,
        memberId: owner.id,
        ...maintenanceNewsEmail(services.config, { firstName: owner.firstName, ...about, portalPath: `/portal/maintenance/${request.id}` }),
      });
    }
    return;
  }
  if (!request.leaseId) return;
  const tenants = await tx
    .select({ email: leaseTenants.email, firstName: leaseTenants.firstName })
    .from(leaseTenants)
    .where(and(eq(leaseTenants.leaseId, request.leaseId), sql`${leaseTenants.email} is not null`));
  for (const tenant of tenants) {
    await enqueueEmail(tx, {
      to: tenant.email!,
      ...maintenanceNewsEmail(services.config, { firstName: tenant.firstName, ...about, portalPath: `/tenant/maintenance/${request.id}` }),
    });
  }
}

/** The lease that now has the unit, whose tenants see requests about it. */
async function currentLeaseOf(db: DbOrTx, ownerId: string, unitId: string, today: string) {
  const rows = await db.select().from(leases).where(and(eq(leases.ownerId, ownerId), eq(leases.unitId, unitId)));
  return rows.find((l) => leaseState(l, today) === "active") ?? null;
}

type NewRequest = z.output<typeof ZMaintenanceRequestSchema>;

/** The owner adds a request for a property (and unit); the unit's current tenants see it and are told. */
export async function createOwnerRequest(services: Services, owner: Owner, input: NewRequest) {
  if (!input.property_id) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "property_id"], msg: "Choose the property" }]);
  return services.db.transaction(async (tx) => {
    const property = await findOwnedProperty(tx, owner, input.property_id!);
    const unit = input.unit_id ? await findOwnedUnit(tx, owner, input.unit_id) : null;
    if (unit && unit.propertyId !== property.id) throw notFound("Unit not found.");
    const lease = unit ? await currentLeaseOf(tx, owner.id, unit.id, chicagoToday(services.now())) : null;
    const [request] = await tx
      .insert(maintenanceRequests)
      .values({
        ownerId: owner.id,
        propertyId: property.id,
        unitId: unit?.id ?? null,
        leaseId: lease?.id ?? null,
        title: input.title,
        description: input.description,
        category: input.category,
        priority: input.priority,
        permissionToEnter: input.permission_to_enter,
      })
      .returning();
    const party: Party = { kind: "owner", owner };
    await addEvent(tx, request!, party, { kind: "submitted", to: "submitted" });
    await tellOtherParty(tx, services, request!, party, { state: "submitted", sentence: `Your landlord opened ${MAINTENANCE_PRIORITY_PHRASES[input.priority]}` }, input.description);
    return describeRequest(request!, await placeOf(tx, request!), services.now());
  });
}

/** A tenant asks for maintenance of their home; the owner is emailed. */
export async function createTenantRequest(services: Services, tenant: TenantAccountRow, input: NewRequest) {
  if (!input.lease_id) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "lease_id"], msg: "Choose the home" }]);
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const lease = await findTenantLease(tx, tenant, input.lease_id!, today);
    assertLeaseRunning(lease, today, "maintenance requests");
    await hitRateLimit(tx, TENANT_MAINTENANCE_LIMITS.requests, tenant.id, services.now());
    const [unit] = await tx.select().from(units).where(eq(units.id, lease.unitId));
    const [request] = await tx
      .insert(maintenanceRequests)
      .values({
        ownerId: lease.ownerId,
        propertyId: unit!.propertyId,
        unitId: unit!.id,
        leaseId: lease.id,
        title: input.title,
        description: input.description,
        category: input.category,
        priority: input.priority,
        permissionToEnter: input.permission_to_enter,
        submittedByTenant: tenant.id,
      })
      .returning();
    const party: Party = { kind: "tenant", tenant };
    await addEvent(tx, request!, party, { kind: "submitted", to: "submitted" });
    await tellOtherParty(tx, services, request!, party, { state: "submitted", sentence: `${tenant.firstName} ${tenant.lastName} sent ${MAINTENANCE_PRIORITY_PHRASES[input.priority]}` }, input.description);
    return describeRequest(request!, await placeOf(tx, request!), services.now());
  });
}

export async function ownedRequest(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const query = db.select().from(maintenanceRequests).where(and(eq(maintenanceRequests.id, id), eq(maintenanceRequests.ownerId, owner.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** A request of one of the leases the tenant may read today, or 404. */
export async function tenantRequest(db: DbOrTx, tenant: TenantAccountRow, id: string, today: IsoDate, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const mine = readableLeaseIds(db, tenant.id, today);
  const query = db
    .select()
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.id, id), inArray(maintenanceRequests.leaseId, mine)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

async function describeWithTimeline(db: DbOrTx, row: RequestRow, now: Date) {
  return { ...describeRequest(row, await placeOf(db, row), now), timeline: await timelineOf(db, row.id) };
}

export async function getOwnerRequest(services: Services, owner: Owner, id: string) {
  const row = await ownedRequest(services.db, owner, id);
  const view = await describeWithTimeline(services.db, row, services.now());
  const skill = CATEGORY_SKILL[row.category];
  // The contractor is named by their directory listing (a request assigned before the directory
  // was the one list may name a member of the skills network).
  const [assigned] = row.assignedMemberId
    ? await services.db
        .select({ member: members, businessName: contractors.businessName })
        .from(members)
        .leftJoin(contractors, eq(contractors.memberId, members.id))
        .where(eq(members.id, row.assignedMemberId))
    : [];
  // The expenses that paid for it (PORTAL.md 5: a linked expense when it cost money).
  const paid = await expensesOfRequest(services.db, owner.id, row.id);
  const assignedTo = assigned ? (assigned.businessName ?? `${assigned.member.firstName} ${assigned.member.lastName.slice(0, 1)}.`) : null;
  return { ...view, matching_skill: skill, assigned_to: assignedTo, expenses: paid };
}

/**
 * GET /api/portal/maintenance/{id}/contractors: what the contractor directory offers this request:
 * its verified contractors of the matching trade who serve the property's ZIP code, and how many
 * verified ones of the trade serve other places.
 */
export async function contractorsForRequest(services: Services, owner: Owner, id: string) {
  const row = await ownedRequest(services.db, owner, id);
  const skill = CATEGORY_SKILL[row.category];
  const [property] = await services.db.select({ zip: properties.zip }).from(properties).where(eq(properties.id, row.propertyId));
  const zip = property!.zip.slice(0, 5);
  if (!skill) return { skill: null, zip, contractors: [], elsewhere: 0 };
  return { skill, zip, ...(await verifiedContractorsFor(services.db, { trade: skill, zip, exceptMemberId: owner.id })) };
}

export async function getTenantRequest(services: Services, tenant: TenantAccountRow, id: string) {
  const row = await tenantRequest(services.db, tenant, id, chicagoToday(services.now()));
  const view = await describeWithTimeline(services.db, row, services.now());
  return { ...view, allowed_moves: [], can_cancel: row.submittedByTenant === tenant.id && TENANT_CANCELLABLE.includes(row.status) };
}

const byUrgency = (a: RequestRow, b: RequestRow) =>
  (PRIORITY_ORDER.get(a.priority) ?? 9) - (PRIORITY_ORDER.get(b.priority) ?? 9) || b.createdAt.getTime() - a.createdAt.getTime();

/** The owner's requests: open ones (the default) most urgent first, or all. */
export async function listOwnerRequests(services: Services, owner: Owner, filter: { state?: "open" | "all" } = {}) {
  const rows = await services.db
    .select()
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.ownerId, owner.id), filter.state === "all" ? undefined : inArray(maintenanceRequests.status, [...OPEN_STATUSES])))
    .orderBy(desc(maintenanceRequests.createdAt));
  const places = await placesOf(services.db, rows);
  const now = services.now();
  return rows.sort(byUrgency).map((r) => describeRequest(r, places.get(r.id)!, now));
}

export async function listTenantRequests(services: Services, tenant: TenantAccountRow) {
  const mine = readableLeaseIds(services.db, tenant.id, chicagoToday(services.now()));
  const rows = await services.db.select().from(maintenanceRequests).where(inArray(maintenanceRequests.leaseId, mine)).orderBy(desc(maintenanceRequests.createdAt));
  const places = await placesOf(services.db, rows);
  const now = services.now();
  return rows.map((r) => ({ ...describeRequest(r, places.get(r.id)!, now), allowed_moves: [] }));
}

async function placesOf(db: DbOrTx, rows: RequestRow[]) {
  const places = new Map<string, string>();
  if (rows.length === 0) return places;
  const propertyRows = await db.select().from(properties).where(inArray(properties.id, [...new Set(rows.map((r) => r.propertyId))]));
  const unitIds = rows.map((r) => r.unitId).filter((id): id is string => id !== null);
  const unitRows = unitIds.length ? await db.select().from(units).where(inArray(units.id, unitIds)) : [];
  for (const r of rows) {
    const p = propertyRows.find((x) => x.id === r.propertyId);
    const u = unitRows.find((x) => x.id === r.unitId);
    places.set(r.id, `${p?.name || p?.line1 || "the property"}${u ? `, unit ${u.label}` : ""}`);
  }
  return places;
}

/** The owner moves a request: only the transition table's moves (409 naming the allowed ones). */
export async function moveRequest(services: Services, owner: Owner, id: string, input: { to: MaintenanceStatus; note: string }) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await ownedRequest(tx, owner, id, true);
    const allowed = allowedMoves(row.status, row.completedAt, now);
    if (!allowed.includes(input.to)) {
      const list = allowed.length ? allowed.map((s) => MAINTENANCE_STATUS_LABELS[s]).join(", ") : "none: the request is finished";
      throw new AppError("CONFLICT", `A request that is ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()} cannot become ${MAINTENANCE_STATUS_LABELS[input.to].toLowerCase()}. Allowed: ${list}.`);
    }
    const [updated] = await tx
      .update(maintenanceRequests)
      .set({ status: input.to, completedAt: input.to === "completed" ? now : input.to === "in_progress" ? null : row.completedAt, updatedAt: now })
      .where(eq(maintenanceRequests.id, row.id))
      .returning();
    const party: Party = { kind: "owner", owner };
    await addEvent(tx, updated!, party, { kind: "transition", from: row.status, to: input.to, note: input.note });
    await tellOtherParty(tx, services, updated!, party, { state: input.to, sentence: `Your request is now ${MAINTENANCE_STATUS_LABELS[input.to].toLowerCase()}` }, input.note);
    return describeWithTimeline(tx, updated!, now);
  });
}

/** The tenant cancels their own request before work starts. */
export async function cancelTenantRequest(services: Services, tenant: TenantAccountRow, id: string, note: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await tenantRequest(tx, tenant, id, chicagoToday(now), true);
    if (row.submittedByTenant !== tenant.id) throw new AppError("FORBIDDEN", "Only the tenant who sent a request can cancel it. Ask your landlord.");
    if (!TENANT_CANCELLABLE.includes(row.status)) {
      throw new AppError("CONFLICT", `Work has started (the request is ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()}), so it can no longer be cancelled here. Ask your landlord.`);
    }
    const [updated] = await tx.update(maintenanceRequests).set({ status: "cancelled", updatedAt: now }).where(eq(maintenanceRequests.id, row.id)).returning();
    const party: Party = { kind: "tenant", tenant };
    await addEvent(tx, updated!, party, { kind: "transition", from: row.status, to: "cancelled", note });
    await tellOtherParty(tx, services, updated!, party, { state: "cancelled", sentence: `${tenant.firstName} ${tenant.lastName} cancelled the request` }, note);
    return describeWithTimeline(tx, updated!, now);
  });
}

async function commentOn(services: Services, row: RequestRow, party: Party, body: string, tx: DbOrTx) {
  await addEvent(tx, row, party, { kind: "comment", note: body });
  await tellOtherParty(tx, services, row, party, { state: "comment", sentence: `${partyName(party)} commented` }, body);
  return describeWithTimeline(tx, row, services.now());
}

export function ownerComment(services: Services, owner: Owner, id: string, body: string) {
  return services.db.transaction(async (tx) => commentOn(services, await ownedRequest(tx, owner, id, true), { kind: "owner", owner }, body, tx));
}

export function tenantComment(services: Services, tenant: TenantAccountRow, id: string, body: string) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const row = await tenantRequest(tx, tenant, id, today, true);
    await assertLeaseIdRunning(tx, row.leaseId, today, "comments");
    await hitRateLimit(tx, TENANT_MAINTENANCE_LIMITS.comments, tenant.id, services.now());
    return commentOn(services, row, { kind: "tenant", tenant }, body, tx);
  });
}

/** A photo (or PDF) added to a request's timeline; JPEG, PNG, WebP or PDF, 10 MB at most. */
export function ownerPhoto(services: Services, owner: Owner, id: string, upload: Upload) {
  return services.db.transaction(async (tx) => {
    const row = await ownedRequest(tx, owner, id, true);
    const file = await storeFile(tx, owner.id, upload, { kind: "owner" }, services.now());
    await addEvent(tx, row, { kind: "owner", owner }, { kind: "photo", fileId: file.id });
    return describeWithTimeline(tx, row, services.now());
  });
}

export function tenantPhoto(services: Services, tenant: TenantAccountRow, id: string, upload: Upload) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const row = await tenantRequest(tx, tenant, id, today, true);
    await assertLeaseIdRunning(tx, row.leaseId, today, "photos");
    const file = await storeFile(tx, row.ownerId, upload, { kind: "tenant", tenantId: tenant.id }, services.now());
    await addEvent(tx, row, { kind: "tenant", tenant }, { kind: "photo", fileId: file.id });
    return describeWithTimeline(tx, row, services.now());
  });
}

/**
 * The owner deletes a photo (or file) on one of their requests, a tenant's included: its bytes are
 * gone, and the timeline keeps that it was deleted, by whom and when.
 */
export function deleteRequestPhoto(services: Services, owner: Owner, id: string, fileId: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await ownedRequest(tx, owner, id, true);
    const [onRequest] = isUuid(fileId)
      ? await tx
          .select({ name: portalFiles.name, deletedAt: portalFiles.deletedAt })
          .from(maintenanceEvents)
          .innerJoin(portalFiles, eq(portalFiles.id, maintenanceEvents.fileId))
          .where(and(eq(maintenanceEvents.requestId, row.id), eq(maintenanceEvents.fileId, fileId), eq(maintenanceEvents.kind, "photo")))
          .limit(1)
      : [];
    if (!onRequest) throw notFound("Photo not found.");
    if (!onRequest.deletedAt) {
      const party: Party = { kind: "owner", owner };
      await eraseFile(tx, owner.id, fileId, partyName(party), now);
      await addEvent(tx, row, party, { kind: "photo_deleted", fileId, note: onRequest.name });
    }
    return describeWithTimeline(tx, row, now);
  });
}

/**
 * Assigns a contractor the directory offers this request (verified, of the matching trade, serving
 * the property's ZIP code: contractorsForRequest), who is emailed the job.
 */
export async function assignRequest(services: Services, owner: Owner, id: string, contractorId: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const row = await ownedRequest(tx, owner, id, true);
    const skill = CATEGORY_SKILL[row.category];
    const [property] = await tx.select({ zip: properties.zip }).from(properties).where(eq(properties.id, row.propertyId));
    const found = await offeredContractor(tx, contractorId);
    const zip = property!.zip.slice(0, 5);
    if (!skill) throw new AppError("CONFLICT", `No trade of the contractor directory covers this request's category (${MAINTENANCE_CATEGORY_LABELS[row.category]}).`);
    const fits = found && found.member.id !== owner.id && found.listing.trades.includes(skill) && found.listing.zips.includes(zip);
    if (!found || !fits) throw notFound(`That contractor is not a verified ${skill} contractor of the directory serving ${zip}.`);
    const contractor = found.member;
    await hitRateLimit(tx, INTRODUCTIONS_PER_DAY, owner.id, now);
    const [updated] = await tx.update(maintenanceRequests).set({ assignedMemberId: contractor.id, updatedAt: now }).where(eq(maintenanceRequests.id, row.id)).returning();
    await addEvent(tx, updated!, { kind: "owner", owner }, { kind: "assigned", note: `Assigned to ${found.listing.businessName}, a verified contractor of the directory` });
    await enqueueEmail(tx, {
      to: found.listing.email || contractor.email,
      memberId: contractor.id,
      ...maintenanceJobEmail(services.config, {
        firstName: contractor.firstName,
        ownerName: `${owner.member.firstName} ${owner.member.lastName}`,
        ownerEmail: owner.member.email,
        title: row.title,
        description: row.description,
        place: await placeOf(tx, row),
        priority: row.priority,
        permissionToEnter: row.permissionToEnter,
      }),
    });
    return describeWithTimeline(tx, updated!, now);
  });
}

/** The dashboard's count of open requests by priority, with the emergencies listed. */
export async function openRequestsSummary(db: DbOrTx, ownerId: string) {
  const rows = await db
    .select()
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.ownerId, ownerId), inArray(maintenanceRequests.status, [...OPEN_STATUSES])));
  const counts = Object.fromEntries(MAINTENANCE_PRIORITIES.map((p) => [p, rows.filter((r) => r.priority === p).length])) as Record<(typeof MAINTENANCE_PRIORITIES)[number], number>;
  const places = await placesOf(db, rows.filter((r) => r.priority === "emergency"));
  return {
    open: rows.length,
    by_priority: counts,
    emergencies: rows
      .filter((r) => r.priority === "emergency")
      .map((r) => ({ id: r.id, title: r.title, place: places.get(r.id)!, status: r.status, created_at: r.createdAt.toISOString() })),
  };
}
