import { and, arrayContains, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { isPaidLevel, type PaidLevel } from "../../../shared/membership.ts";
import type { TicketResponseState, TTicket } from "../../../shared/services.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { bookkeepingRequests, members, portalFiles, supportMessages, supportTickets } from "../../db/schema.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid } from "../ids.ts";
import { READ_ONLY_PORTAL, type Owner } from "./access.ts";
import { describeFile, readFile, storeFile, type StoredFile, type Upload } from "./files.ts";
import { hasStaffGrant } from "./staff-access.ts";
import { firstResponseDue, isBreached } from "./support-rules.ts";

// Priority support (PORTAL.md 7.4): every paid owner opens tickets and follows the conversation;
// the target of the first staff reply is fixed when the ticket is opened (support-rules.ts). Staff
// answer from the queue in the admin area. A reply notifies the other side by email, in the
// reply's transaction. An owner's ticket answers only that owner (another's id is 404); tickets
// stay readable after a downgrade, and opening or answering one needs a running membership.

type TicketRow = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;
const TICKET_NOT_FOUND = "Ticket not found.";

function responseState(row: TicketRow): TicketResponseState {
  if (row.status === "closed") return "closed";
  if (!row.firstResponseAt) return "awaiting_first_response";
  return row.status === "answered" ? "answered" : "awaiting_staff";
}

export function describeTicket(row: TicketRow, now: Date) {
  return {
    id: row.id,
    subject: row.subject,
    level: row.level,
    status: row.status,
    response_state: responseState(row),
    first_response_due_at: row.firstResponseDueAt.toISOString(),
    first_response_at: row.firstResponseAt?.toISOString() ?? null,
    breached: isBreached({ dueAt: row.firstResponseDueAt, firstResponseAt: row.firstResponseAt }, now),
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The messages of a ticket, oldest first, each with its files (of the ticket owner's books). */
async function conversation(db: DbOrTx, ticket: TicketRow) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.ticketId, ticket.id), eq(supportMessages.ownerId, ticket.ownerId)))
    .orderBy(asc(supportMessages.createdAt));
  const ids = [...new Set(rows.flatMap((r) => r.fileIds))];
  const files = ids.length
    ? await db
        .select({ id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes })
        .from(portalFiles)
        .where(and(eq(portalFiles.ownerId, ticket.ownerId), inArray(portalFiles.id, ids)))
    : [];
  const file = new Map(files.map((f) => [f.id, describeFile(f)]));
  return rows.map((m: MessageRow) => ({
    id: m.id,
    author: m.author,
    author_name: m.authorName,
    body: m.body,
    files: m.fileIds.map((id) => file.get(id)).filter((f) => f !== undefined),
    created_at: m.createdAt.toISOString(),
  }));
}

async function findOwnedTicket(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<TicketRow> {
  if (!isUuid(id)) throw notFound(TICKET_NOT_FOUND);
  const query = db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.ownerId, owner.id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/** Tells the association's staff about an owner's ticket or message (the support mailbox). */
async function notifyStaff(tx: Tx, services: Services, owner: Owner, ticket: TicketRow, what: string, body: string) {
  await enqueueEmail(tx, {
    to: services.config.SUPPORT_EMAIL,
    ...renderEmail(services.config, "support_ticket_staff", `${what}: ${ticket.subject}`, {
      heading: `${what} from ${owner.member.firstName} ${owner.member.lastName} (${ticket.level})`,
      paragraphs: [body, `First response due ${ticket.firstResponseDueAt.toISOString()}.`],
      action: { label: "Open the support queue", url: `${services.config.PUBLIC_URL}/admin?tab=services` },
    }),
  });
}

/** GET /api/portal/support/tickets: the owner's tickets, newest first. */
export async function listOwnerTickets(services: Services, owner: Owner) {
  const rows = await services.db.select().from(supportTickets).where(eq(supportTickets.ownerId, owner.id)).orderBy(desc(supportTickets.createdAt));
  const now = services.now();
  return { tickets: rows.map((r) => describeTicket(r, now)), can_open: owner.canWrite };
}

/** GET /api/portal/support/tickets/{id}: a ticket of the owner's with its conversation. */
export async function getOwnerTicket(services: Services, owner: Owner, id: string) {
  const row = await findOwnedTicket(services.db, owner, id);
  return { ...describeTicket(row, services.now()), messages: await conversation(services.db, row) };
}

/** POST /api/portal/support/tickets: opens a ticket with its first-response target. */
export async function openTicket(services: Services, owner: Owner, input: TTicket) {
  const level = owner.member.membershipLevel;
  if (!owner.canWrite || !isPaidLevel(level)) throw new AppError("FORBIDDEN", READ_ONLY_PORTAL);
  const now = services.now();
  const row = await services.db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ ownerId: owner.id, subject: input.subject, level: level as PaidLevel, firstResponseDueAt: firstResponseDue(now, level), createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(supportMessages).values({ ticketId: ticket!.id, ownerId: owner.id, author: "owner", authorName: `${owner.member.firstName} ${owner.member.lastName}`, body: input.body, createdAt: now });
    await notifyStaff(tx, services, owner, ticket!, "New support ticket", input.body);
    return ticket!;
  });
  return getOwnerTicket(services, owner, row.id);
}

/** POST /api/portal/support/tickets/{id}/messages (and a file with its upload path): the owner writes again. */
export async function ownerTicketMessage(services: Services, owner: Owner, id: string, body: string, upload?: Upload) {
  if (!owner.canWrite) throw new AppError("FORBIDDEN", READ_ONLY_PORTAL);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const ticket = await findOwnedTicket(tx, owner, id, true);
    if (ticket.status === "closed") throw new AppError("CONFLICT", "This ticket is closed: open a new ticket to ask again.");
    const file = upload ? await storeFile(tx, owner.id, upload, { kind: "owner" }, services.now()) : null;
    await tx.insert(supportMessages).values({
      ticketId: ticket.id,
      ownerId: owner.id,
      author: "owner",
      authorName: `${owner.member.firstName} ${owner.member.lastName}`,
      body: body || (file ? `Attached ${file.name}` : ""),
      fileIds: file ? [file.id] : [],
      createdAt: now,
    });
    await tx.update(supportTickets).set({ status: "open", updatedAt: now }).where(eq(supportTickets.id, ticket.id));
    await notifyStaff(tx, services, owner, ticket, "New message on a support ticket", body || "The owner attached a file.");
  });
  return getOwnerTicket(services, owner, id);
}

// Staff's side: the queue in the admin area.

/** The staff queue: by first-response target, soonest first; closed tickets only when asked for. */
export async function supportQueue(services: Services, query: { state: "open" | "all" }) {
  const rows = await services.db
    .select({ ticket: supportTickets, firstName: members.firstName, lastName: members.lastName, email: members.email })
    .from(supportTickets)
    .innerJoin(members, eq(members.id, supportTickets.ownerId))
    .where(query.state === "open" ? ne(supportTickets.status, "closed") : undefined)
    .orderBy(asc(supportTickets.firstResponseDueAt), asc(supportTickets.createdAt))
    .limit(500);
  const now = services.now();
  return rows.map((r) => ({ ...describeTicket(r.ticket, now), owner: { id: r.ticket.ownerId, name: `${r.firstName} ${r.lastName}`, email: r.email } }));
}

async function staffTicketRow(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw notFound(TICKET_NOT_FOUND);
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/** A ticket with its conversation and owner, to staff. */
export async function staffTicket(services: Services, id: string) {
  const row = await staffTicketRow(services.db, id);
  const [owner] = await services.db.select().from(members).where(eq(members.id, row.ownerId));
  return {
    ...describeTicket(row, services.now()),
    owner: { id: row.ownerId, name: `${owner!.firstName} ${owner!.lastName}`, email: owner!.email },
    messages: await conversation(services.db, row),
  };
}

async function emailOwner(tx: Tx, services: Services, ticket: TicketRow, subject: string, paragraphs: string[]) {
  const [member] = await tx.select().from(members).where(eq(members.id, ticket.ownerId));
  if (!member || member.deletedAt) return;
  await enqueueEmail(tx, {
    to: member.email,
    memberId: member.id,
    ...renderEmail(services.config, "support_ticket_owner", subject, {
      heading: `Hello ${member.firstName}`,
      paragraphs,
      action: { label: "Open the ticket", url: `${services.config.PUBLIC_URL}/portal/services/tickets/${ticket.id}` },
    }),
  });
}

/** Staff reply: the first one meets (or misses) the target; the owner is emailed. */
export async function staffReply(services: Services, actor: AdminActor, id: string, body: string) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const ticket = await staffTicketRow(tx, id, true);
    if (ticket.status === "closed") throw new AppError("CONFLICT", "This ticket is closed.");
    await tx.insert(supportMessages).values({ ticketId: ticket.id, ownerId: ticket.ownerId, author: "staff", adminId: actor.admin.id, authorName: actor.admin.fullName, body, createdAt: now });
    await tx
      .update(supportTickets)
      .set({ status: "answered", firstResponseAt: ticket.firstResponseAt ?? now, updatedAt: now })
      .where(eq(supportTickets.id, ticket.id));
    await recordAdminAction(tx, actor, { action: "support_replied", targetType: "member", targetId: ticket.ownerId, details: { ticket_id: ticket.id } }, now);
    await emailOwner(tx, services, ticket, `Reply to your support ticket: ${ticket.subject}`, [`${actor.admin.fullName} of the association replied:`, body]);
  });
  return staffTicket(services, id);
}

/** Staff close a ticket; the owner is emailed. */
export async function staffCloseTicket(services: Services, actor: AdminActor, id: string) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const ticket = await staffTicketRow(tx, id, true);
    if (ticket.status === "closed") return;
    await tx.update(supportTickets).set({ status: "closed", closedAt: now, updatedAt: now }).where(eq(supportTickets.id, ticket.id));
    await recordAdminAction(tx, actor, { action: "support_closed", targetType: "member", targetId: ticket.ownerId, details: { ticket_id: ticket.id } }, now);
    await emailOwner(tx, services, ticket, `Support ticket closed: ${ticket.subject}`, [`${actor.admin.fullName} closed your ticket. Open a new one from your owner portal whenever you need us.`]);
  });
  return staffTicket(services, id);
}

/**
 * GET /api/admin/services/files/{id}: a file an owner sent staff (on a ticket's message or a
 * bookkeeping request), never any other file of the books; 404 otherwise. Audited, so the owner
 * sees that staff opened it.
 */
export async function staffFile(services: Services, actor: AdminActor, fileId: string): Promise<StoredFile> {
  if (!isUuid(fileId)) throw notFound("File not found.");
  const [onTicket] = await services.db.select({ ownerId: supportMessages.ownerId }).from(supportMessages).where(arrayContains(supportMessages.fileIds, [fileId])).limit(1);
  const [onRequest] = onTicket
    ? []
    : await services.db.select({ ownerId: bookkeepingRequests.ownerId }).from(bookkeepingRequests).where(arrayContains(bookkeepingRequests.fileIds, [fileId])).limit(1);
  const ownerId = onTicket?.ownerId ?? onRequest?.ownerId;
  if (!ownerId) throw notFound("File not found.");
  // A bookkeeping request's files are the owner's books: staff read them only under a grant that
  // stands when they read (a revocation takes effect at once). A support ticket's files are the
  // owner's message to staff and stay readable with the ticket.
  if (!onTicket && !(await hasStaffGrant(services.db, ownerId))) {
    throw forbidden("The owner has not granted staff access to their books (or revoked it): their bookkeeping files are not yours to open.");
  }
  const file = await readFile(services.db, ownerId, fileId);
  await recordAdminAction(services.db, actor, { action: "support_file_opened", targetType: "member", targetId: ownerId, details: { file_id: file.id, name: file.name } }, services.now());
  return file;
}
