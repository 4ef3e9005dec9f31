import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { periodLabel, periodOf, chicagoToday } from "../../../shared/calendar.ts";
import { alaCarteLabel } from "../../../shared/membership.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { bookkeepingRequests, members, portalFiles, portalPurchases } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid } from "../ids.ts";
import { READ_ONLY_PORTAL, type Owner } from "./access.ts";
import { describeFile, storeFile, type Upload } from "./files.ts";
import { hasStaffGrant, staffOwner } from "./staff-access.ts";

// Bookkeeping support (PORTAL.md 7.1, DECISIONS.md 23): the owner asks for help with a note and
// files; staff work the owner's uncategorised expenses (only under the owner's grant) and mark the
// request done, and the owner is emailed in that transaction. Premium includes it; a Standard owner
// files requests in a month they bought (item `bookkeeping`, reference YYYY-MM, paid).

type RequestRow = typeof bookkeepingRequests.$inferSelect;
const REQUEST_NOT_FOUND = "Bookkeeping request not found.";
export const GRANT_FIRST =
  "Grant staff access to your books first (Premium services, Staff access): our bookkeepers work in your books only while you allow it.";

async function describeRequests(db: DbOrTx, ownerId: string, rows: RequestRow[]) {
  const ids = [...new Set(rows.flatMap((r) => r.fileIds))];
  const files = ids.length
    ? await db
        .select({ id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes })
        .from(portalFiles)
        .where(and(eq(portalFiles.ownerId, ownerId), inArray(portalFiles.id, ids)))
    : [];
  const file = new Map(files.map((f) => [f.id, describeFile(f)]));
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    note: r.note,
    status: r.status,
    files: r.fileIds.map((id) => file.get(id)).filter((f) => f !== undefined),
    done_at: r.doneAt?.toISOString() ?? null,
    done_by: r.doneByName,
    staff_note: r.staffNote,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Whether the owner may file a request this month: Premium, or a paid bookkeeping month. */
async function entitlement(db: DbOrTx, owner: Owner, month: string): Promise<"premium" | "purchased" | null> {
  if (owner.member.membershipLevel === "Premium") return "premium";
  const [bought] = await db
    .select({ id: portalPurchases.id })
    .from(portalPurchases)
    .where(and(eq(portalPurchases.ownerId, owner.id), eq(portalPurchases.item, "bookkeeping"), eq(portalPurchases.reference, month), eq(portalPurchases.status, "paid")))
    .limit(1);
  return bought ? "purchased" : null;
}

/** GET /api/portal/bookkeeping/requests: the owner's requests, and whether they may file one now. */
export async function listBookkeepingRequests(services: Services, owner: Owner) {
  const month = periodOf(chicagoToday(services.now()));
  const rows = await services.db.select().from(bookkeepingRequests).where(eq(bookkeepingRequests.ownerId, owner.id)).orderBy(desc(bookkeepingRequests.createdAt));
  const access = owner.canWrite ? await entitlement(services.db, owner, month) : null;
  return {
    requests: await describeRequests(services.db, owner.id, rows),
    month,
    access,
    staff_access: await hasStaffGrant(services.db, owner.id),
    price: alaCarteLabel("bookkeeping"),
  };
}

/** POST /api/portal/bookkeeping/requests `{note}`: asks staff for help; needs the month and the grant. */
export async function fileBookkeepingRequest(services: Services, owner: Owner, note: string) {
  if (!owner.canWrite) throw new AppError("FORBIDDEN", READ_ONLY_PORTAL);
  const month = periodOf(chicagoToday(services.now()));
  if (!(await entitlement(services.db, owner, month))) {
    throw new AppError(
      "FORBIDDEN",
      `Bookkeeping support is part of Premium, or ${alaCarteLabel("bookkeeping")} for Standard: buy ${periodLabel(month)} under Premium services (item bookkeeping) to ask for help this month.`,
    );
  }
  if (!(await hasStaffGrant(services.db, owner.id))) throw new AppError("CONFLICT", GRANT_FIRST);
  const now = services.now();
  const row = await services.db.transaction(async (tx) => {
    const [created] = await tx.insert(bookkeepingRequests).values({ ownerId: owner.id, month, note, createdAt: now, updatedAt: now }).returning();
    await enqueueEmail(tx, {
      to: services.config.SUPPORT_EMAIL,
      ...renderEmail(services.config, "bookkeeping_request_staff", `Bookkeeping request from ${owner.member.firstName} ${owner.member.lastName}`, {
        paragraphs: [note],
        action: { label: "Open the staff workspace", url: `${services.config.PUBLIC_URL}/admin?tab=services` },
      }),
    });
    return created!;
  });
  return (await describeRequests(services.db, owner.id, [row]))[0]!;
}

async function findOwnedRequest(db: DbOrTx, owner: Owner, id: string, lock = false) {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const query = db
    .select()
    .from(bookkeepingRequests)
    .where(and(eq(bookkeepingRequests.id, id), eq(bookkeepingRequests.ownerId, owner.id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** GET /api/portal/bookkeeping/requests/{id} */
export async function getBookkeepingRequest(services: Services, owner: Owner, id: string) {
  return (await describeRequests(services.db, owner.id, [await findOwnedRequest(services.db, owner, id)]))[0]!;
}

/** POST /api/portal/bookkeeping/requests/{id}/files: a statement, receipt or letter for staff. */
export async function attachBookkeepingFile(services: Services, owner: Owner, id: string, upload: Upload) {
  if (!owner.canWrite) throw new AppError("FORBIDDEN", READ_ONLY_PORTAL);
  const row = await services.db.transaction(async (tx) => {
    const request = await findOwnedRequest(tx, owner, id, true);
    if (request.status === "done") throw new AppError("CONFLICT", "This request is done: file a new one.");
    const file = await storeFile(tx, owner.id, upload, { kind: "owner" }, services.now());
    const [updated] = await tx
      .update(bookkeepingRequests)
      .set({ fileIds: [...request.fileIds, file.id], updatedAt: services.now() })
      .where(eq(bookkeepingRequests.id, request.id))
      .returning();
    return updated!;
  });
  return (await describeRequests(services.db, owner.id, [row]))[0]!;
}

// Staff's side.

/** Open requests, oldest first, with whether their owner's grant stands (staff work only those). */
export async function bookkeepingQueue(services: Services) {
  const rows = await services.db
    .select({ request: bookkeepingRequests, firstName: members.firstName, lastName: members.lastName, email: members.email })
    .from(bookkeepingRequests)
    .innerJoin(members, eq(members.id, bookkeepingRequests.ownerId))
    .where(eq(bookkeepingRequests.status, "open"))
    .orderBy(asc(bookkeepingRequests.createdAt))
    .limit(500);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.request.id,
      month: r.request.month,
      note: r.request.note,
      file_count: r.request.fileIds.length,
      created_at: r.request.createdAt.toISOString(),
      owner: { id: r.request.ownerId, name: `${r.firstName} ${r.lastName}`, email: r.email },
      staff_access: await hasStaffGrant(services.db, r.request.ownerId),
    })),
  );
}

async function emailDone(tx: Tx, services: Services, owner: Owner, note: string) {
  await enqueueEmail(tx, {
    to: owner.member.email,
    memberId: owner.id,
    ...renderEmail(services.config, "bookkeeping_request_done", "Your bookkeeping request is done", {
      heading: `Hello ${owner.member.firstName}`,
      paragraphs: [
        "Our staff finished your bookkeeping request. Every change they made is listed under Premium services, Staff access, in your owner portal.",
        ...(note ? [note] : []),
      ],
      action: { label: "Open Premium services", url: `${services.config.PUBLIC_URL}/portal/services` },
    }),
  });
}

/** Staff mark a request done (under the owner's grant); the owner is emailed, the step audited. */
export async function completeBookkeepingRequest(services: Services, actor: AdminActor, id: string, note: string) {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const [found] = await services.db.select({ ownerId: bookkeepingRequests.ownerId }).from(bookkeepingRequests).where(eq(bookkeepingRequests.id, id));
  if (!found) throw notFound(REQUEST_NOT_FOUND);
  const owner = await staffOwner(services, actor, found.ownerId);
  const now = services.now();
  const row = await services.db.transaction(async (tx) => {
    const request = await findOwnedRequest(tx, owner, id, true);
    if (request.status === "done") throw new AppError("CONFLICT", "This request is done already.");
    const [updated] = await tx
      .update(bookkeepingRequests)
      .set({ status: "done", doneAt: now, doneByName: actor.admin.fullName, staffNote: note || null, updatedAt: now })
      .where(eq(bookkeepingRequests.id, request.id))
      .returning();
    await recordAdminAction(tx, actor, { action: "bookkeeping_done", targetType: "member", targetId: owner.id, details: { request_id: request.id } }, now);
    await emailDone(tx, services, owner, note);
    return updated!;
  });
  return (await describeRequests(services.db, owner.id, [row]))[0]!;
}
