import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PAID_LEVELS } from "../../shared/membership.ts";
import { adminUsers, members } from "./membership-schema.ts";

// Premium services delivered by the association's staff (PORTAL.md 7.1, 7.4): the owner's grant of
// staff access to their books, bookkeeping requests, and support tickets with their conversation.
// Every row carries its owner; what staff did in an owner's books is in admin_audit_log.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tz("created_at").notNull().defaultNow();
const updatedAt = () => tz("updated_at").notNull().defaultNow();
const owner = () =>
  uuid("owner_id")
    .notNull()
    .references(() => members.id);
/** Files of the owner's books (portal_files) attached to the row. */
const fileIds = () =>
  uuid("file_ids")
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

/** One row per owner who ever granted staff access: granted while revoked_at is null. */
export const staffAccessGrants = pgTable("staff_access_grants", {
  ownerId: uuid("owner_id")
    .primaryKey()
    .references(() => members.id),
  grantedAt: tz("granted_at").notNull(),
  revokedAt: tz("revoked_at"),
  updatedAt: updatedAt(),
});

export const BOOKKEEPING_STATUSES = ["open", "done"] as const;

/** An owner's request for bookkeeping help (PORTAL.md 7.1): a note and files; staff mark it done. */
export const bookkeepingRequests = pgTable(
  "bookkeeping_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    /** The month (YYYY-MM, Chicago) it was filed in: a Standard owner's bought month. */
    month: text("month").notNull(),
    note: text("note").notNull(),
    fileIds: fileIds(),
    status: text("status", { enum: BOOKKEEPING_STATUSES }).notNull().default("open"),
    doneAt: tz("done_at"),
    doneByName: text("done_by_name"),
    staffNote: text("staff_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bookkeeping_requests_owner_idx").on(t.ownerId, t.createdAt), index("bookkeeping_requests_status_idx").on(t.status, t.createdAt)],
);

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;

/** A support ticket (PORTAL.md 7.4): its first-response target is fixed when it is opened. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    subject: text("subject").notNull(),
    /** The owner's level when the ticket was opened: it set the target. */
    level: text("level", { enum: PAID_LEVELS }).notNull(),
    /** open: waiting for staff; answered: staff replied last; closed. */
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    firstResponseDueAt: tz("first_response_due_at").notNull(),
    firstResponseAt: tz("first_response_at"),
    closedAt: tz("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("support_tickets_owner_idx").on(t.ownerId, t.createdAt), index("support_tickets_queue_idx").on(t.status, t.firstResponseDueAt)],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id),
    ownerId: owner(),
    author: text("author", { enum: ["owner", "staff"] }).notNull(),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    fileIds: fileIds(),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);
