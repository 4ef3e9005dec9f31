import { eq } from "drizzle-orm";
import { isPaidLevel, priceLabel } from "../../../shared/membership.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { members, properties } from "../../db/schema.ts";
import { AppError, forbidden, unauthorized } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { AdminActor } from "../audit.ts";
import type { Caller } from "../caller.ts";
import type { MemberRow } from "../sessions.ts";

// Who may use the owner portal (PORTAL.md 1): a Standard or Premium member whose subscription is
// running (active, past due within its grace, or cancelling at the period's end, which keeps the
// member active until then). After a downgrade to Basic nothing is deleted: the books stay
// readable and exportable, and writing waits for an upgrade.

export interface Owner {
  /** The member whose books these are: every portal query is scoped to this id. */
  id: string;
  member: MemberRow;
  /** False for a downgraded owner: reads and exports only. */
  canWrite: boolean;
  /**
   * Set when the association's staff act in these books under the owner's grant (PORTAL.md 7.1):
   * who, and when the request came. Changes then name the staff member and are audited.
   */
  staff?: { actor: AdminActor; at: Date };
}

export const UPGRADE_FOR_PORTAL =
  `The owner portal is part of Standard (${priceLabel("Standard")}) and Premium (${priceLabel("Premium")}) membership. ` +
  "Upgrade from your member portal to add properties, leases and tenants.";
export const READ_ONLY_PORTAL =
  "Your membership is Basic now, so your owner portal is read-only: everything you recorded stays here to read and export. " +
  "Upgrade to Standard or Premium to make changes again.";
export const DEMO_READ_ONLY =
  "This is the read-only demo: its sample books cannot be changed. Apply for Standard or Premium membership to keep books of your own.";
const DEMO_NOT_READY = "The demo's sample books are being prepared. Please try again in a moment.";
const AWAITING_PAYMENT = "Complete your first payment to open the owner portal. Your signed agreement is on file.";
export const STAFF_NEED_GRANT = "Administrators see an owner's books only while the owner grants staff access; otherwise aggregate figures only.";

/** Whether the member's paid membership is running now. */
export function hasRunningPaidPlan(member: Pick<MemberRow, "membershipLevel" | "status" | "isActive">): boolean {
  return member.isActive && isPaidLevel(member.membershipLevel) && (member.status === "active" || member.status === "past_due");
}

async function hasBooks(db: DbOrTx, memberId: string): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, memberId)).limit(1);
  return row !== undefined;
}

/** The owner of the demo's sample books (sample-books.ts), read-only, or null before they exist. */
export async function findSampleOwner(db: Db): Promise<Owner | null> {
  const [member] = await db.select().from(members).where(eq(members.isSample, true)).limit(1);
  return member ? { id: member.id, member, canWrite: false } : null;
}

/** The demo reads the sample owner's books, always that owner, and may change nothing. */
async function demoOwner(services: Services, mode: "read" | "write"): Promise<Owner> {
  if (mode === "write") throw forbidden(DEMO_READ_ONLY);
  const owner = await findSampleOwner(services.db);
  if (!owner) throw new AppError("UNAVAILABLE", DEMO_NOT_READY, { retryAfter: 5 });
  return owner;
}

/**
 * The owner a request acts as, for reading (`"read"`) or changing (`"write"`) the books: 401
 * without a member session, 403 naming the upgrade for a Basic member (or read-only for a
 * downgraded owner who has books).
 */
export async function requireOwner(services: Services, caller: Caller, mode: "read" | "write"): Promise<Owner> {
  if (caller.demo) return demoOwner(services, mode);
  const session = caller.member;
  if (!session) {
    if (caller.admin) throw forbidden(STAFF_NEED_GRANT);
    throw unauthorized("Please sign in to open your owner portal.");
  }
  const member = session.member;
  if (hasRunningPaidPlan(member)) return { id: member.id, member, canWrite: true };
  if (await hasBooks(services.db, member.id)) {
    if (mode === "read") return { id: member.id, member, canWrite: false };
    throw forbidden(READ_ONLY_PORTAL);
  }
  throw forbidden(member.status === "awaiting_payment" && isPaidLevel(member.membershipLevel) ? AWAITING_PAYMENT : UPGRADE_FOR_PORTAL);
}

/** The portal's own description of what the caller may do there (the web app's gate). */
export async function ownerPortalStatus(services: Services, caller: Caller) {
  if (caller.demo) return { signed_in: false, allowed: true, can_write: false, membership_level: "Premium" as const, reason: "demo" as const };
  const member = caller.member?.member ?? null;
  if (!member) return { signed_in: false, allowed: false, can_write: false, membership_level: null, reason: "sign_in" as const };
  if (hasRunningPaidPlan(member)) {
    return { signed_in: true, allowed: true, can_write: true, membership_level: member.membershipLevel, reason: null };
  }
  const books = await hasBooks(services.db, member.id);
  const reason = books ? ("read_only" as const) : member.status === "awaiting_payment" ? ("awaiting_payment" as const) : ("upgrade" as const);
  return { signed_in: true, allowed: books, can_write: false, membership_level: member.membershipLevel, reason };
}
