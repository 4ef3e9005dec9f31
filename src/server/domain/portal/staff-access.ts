import { and, count, desc, eq, inArray, isNull, like, or } from "drizzle-orm";
import type { TExpensePatch } from "../../../shared/books.ts";
import type { ZExpenseSchema } from "../../../shared/books.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { adminAuditLog, bookkeepingRequests, expenses, members, staffAccessGrants } from "../../db/schema.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid } from "../ids.ts";
import { listedMember } from "../members.ts";
import { expenseCategoryList } from "../../../shared/books.ts";
import { hasRunningPaidPlan, type Owner } from "./access.ts";
import { addExpense, listExpenses, updateExpense } from "./expenses.ts";
import { leaseLedger, recordCharge, recordPayment, voidEntry } from "./ledger.ts";
import { listLeases } from "./leases.ts";
import { listProperties } from "./properties.ts";
import type { TChargeRequest, TPaymentRequest } from "../../../shared/portal.ts";

// Staff access that the owner controls (PORTAL.md 1 and 7.1): an owner grants the association's
// staff access to their books and revokes it, from the portal. Only while the grant stands may an
// admin read the books, categorise or add expenses, and read the rent ledgers and record payments
// and charges in them (bookkeeping support), and every such read and write is written to the
// admin audit log (target: the owner), which the owner reads as "who did what". The grant and the
// revocation are audited too, in their own transaction.

const OWNER_NOT_FOUND = "Owner not found.";
const readOnlyBooks = (name: string) =>
  `${name}'s membership is Basic now, so their books are read-only: staff can read them, and record nothing until the owner upgrades again.`;
const needGrant = (name: string) =>
  `${name} has not granted staff access to their books. The owner turns on staff access in the owner portal (Premium services); until then staff see aggregate figures only.`;

/** The owner's own action in the audit log: no admin id, the owner's name. */
const ownerActor = (owner: Owner): AdminActor => ({ admin: { id: null, fullName: `${owner.member.firstName} ${owner.member.lastName} (owner)` }, ip: null });

async function grantRow(db: DbOrTx, ownerId: string) {
  const [row] = await db.select().from(staffAccessGrants).where(eq(staffAccessGrants.ownerId, ownerId)).limit(1);
  return row ?? null;
}

export async function hasStaffGrant(db: DbOrTx, ownerId: string): Promise<boolean> {
  const row = await grantRow(db, ownerId);
  return row !== null && row.revokedAt === null;
}

/** What the audit log says staff did in these books, and the owner's grants and revocations: newest first. */
export async function staffActivity(db: DbOrTx, ownerId: string, limit = 100) {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.targetType, "member"),
        eq(adminAuditLog.targetId, ownerId),
        or(like(adminAuditLog.action, "staff\\_%"), like(adminAuditLog.action, "support\\_%"), like(adminAuditLog.action, "bookkeeping\\_%")),
      ),
    )
    .orderBy(desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    who: r.adminName,
    by_staff: r.adminId !== null,
    action: r.action,
    label: ACTION_LABELS[r.action] ?? r.action.replaceAll("_", " "),
    details: r.details,
    at: r.createdAt.toISOString(),
  }));
}

const ACTION_LABELS: Record<string, string> = {
  staff_access_granted: "Granted staff access",
  staff_access_revoked: "Revoked staff access",
  staff_books_viewed: "Viewed your books",
  staff_expenses_viewed: "Viewed your expenses",
  staff_expense_created: "Added an expense",
  staff_expense_updated: "Changed an expense",
  staff_expense_deleted: "Deleted an expense",
  staff_expense_receipt_added: "Added a receipt",
  staff_expense_receipt_removed: "Removed a receipt",
  staff_ledger_viewed: "Viewed a rent ledger",
  staff_payment_recorded: "Recorded a rent payment",
  staff_charge_recorded: "Added a charge or credit to a ledger",
  staff_entry_voided: "Voided a ledger entry",
  support_replied: "Replied to your support ticket",
  support_closed: "Closed your support ticket",
  support_file_opened: "Opened a file you sent",
  bookkeeping_done: "Completed your bookkeeping request",
};

/** GET /api/portal/staff-access: whether staff may see the books, and what they did. */
export async function staffAccessStatus(services: Services, owner: Owner) {
  const row = await grantRow(services.db, owner.id);
  return {
    granted: row !== null && row.revokedAt === null,
    granted_at: row && row.revokedAt === null ? row.grantedAt.toISOString() : null,
    revoked_at: row?.revokedAt?.toISOString() ?? null,
    activity: await staffActivity(services.db, owner.id),
  };
}

/** PUT /api/portal/staff-access: grants staff access (again); a standing grant stays as it is. */
export async function grantStaffAccess(services: Services, owner: Owner) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const row = await tx.select().from(staffAccessGrants).where(eq(staffAccessGrants.ownerId, owner.id)).for("update");
    if (row[0] && row[0].revokedAt === null) return;
    await tx
      .insert(staffAccessGrants)
      .values({ ownerId: owner.id, grantedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: staffAccessGrants.ownerId, set: { grantedAt: now, revokedAt: null, updatedAt: now } });
    await recordAdminAction(tx, ownerActor(owner), { action: "staff_access_granted", targetType: "member", targetId: owner.id }, now);
  });
  return staffAccessStatus(services, owner);
}

/** DELETE /api/portal/staff-access: staff lose access at once (the next staff request is refused). */
export async function revokeStaffAccess(services: Services, owner: Owner) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffAccessGrants).where(eq(staffAccessGrants.ownerId, owner.id)).for("update");
    if (!row || row.revokedAt !== null) return;
    await tx.update(staffAccessGrants).set({ revokedAt: now, updatedAt: now }).where(eq(staffAccessGrants.ownerId, owner.id));
    await recordAdminAction(tx, ownerActor(owner), { action: "staff_access_revoked", targetType: "member", targetId: owner.id }, now);
  });
  return staffAccessStatus(services, owner);
}

/**
 * The owner an admin acts for, only under a standing grant: 404 for an unknown id, 403 naming the
 * missing grant otherwise. The grant is read on every request, so a revocation takes effect at once.
 */
export async function staffOwner(services: Services, actor: AdminActor, ownerId: string, mode: "read" | "write" = "read"): Promise<Owner> {
  if (!isUuid(ownerId)) throw notFound(OWNER_NOT_FOUND);
  const [member] = await services.db
    .select()
    .from(members)
    // The demo's sample owner is read-only to everyone, staff included (decision 0046).
    .where(and(eq(members.id, ownerId), listedMember()))
    .limit(1);
  if (!member) throw notFound(OWNER_NOT_FOUND);
  if (!(await hasStaffGrant(services.db, member.id))) throw forbidden(needGrant(`${member.firstName} ${member.lastName}`));
  const canWrite = hasRunningPaidPlan(member);
  if (mode === "write" && !canWrite) throw forbidden(readOnlyBooks(`${member.firstName} ${member.lastName}`));
  return { id: member.id, member, canWrite, staff: { actor, at: services.now() } };
}

/** A staff read of the books, recorded before it is answered. */
async function audited(services: Services, owner: Owner, action: `staff_${string}`, details: Record<string, unknown> = {}) {
  await recordAdminAction(services.db, owner.staff!.actor, { action, targetType: "member", targetId: owner.id, details }, owner.staff!.at);
}

/** The owners who granted staff access: the staff workspace's list (no portfolio figures beyond the work waiting). */
export async function ownersWithGrant(services: Services) {
  const rows = await services.db
    .select({ member: members, grantedAt: staffAccessGrants.grantedAt })
    .from(staffAccessGrants)
    .innerJoin(members, eq(members.id, staffAccessGrants.ownerId))
    // The live demo's sample owner shows a grant, and is no owner staff work for (decision 0046).
    .where(and(isNull(staffAccessGrants.revokedAt), listedMember()))
    .orderBy(members.lastName, members.firstName);
  const ids = rows.map((r) => r.member.id);
  const [uncategorised, requests] = ids.length
    ? await Promise.all([
        services.db
          .select({ ownerId: expenses.ownerId, n: count() })
          .from(expenses)
          .where(and(inArray(expenses.ownerId, ids), isNull(expenses.category), isNull(expenses.deletedAt)))
          .groupBy(expenses.ownerId),
        services.db
          .select({ ownerId: bookkeepingRequests.ownerId, n: count() })
          .from(bookkeepingRequests)
          .where(and(inArray(bookkeepingRequests.ownerId, ids), eq(bookkeepingRequests.status, "open")))
          .groupBy(bookkeepingRequests.ownerId),
      ])
    : [[], []];
  const uncategorisedOf = new Map(uncategorised.map((r) => [r.ownerId, r.n]));
  const requestsOf = new Map(requests.map((r) => [r.ownerId, r.n]));
  return rows.map((r) => ({
    id: r.member.id,
    name: `${r.member.firstName} ${r.member.lastName}`,
    email: r.member.email,
    membership_level: r.member.membershipLevel,
    granted_at: r.grantedAt.toISOString(),
    uncategorised_count: uncategorisedOf.get(r.member.id) ?? 0,
    open_bookkeeping_requests: requestsOf.get(r.member.id) ?? 0,
  }));
}

/** The owner's books as staff read them: properties, leases with their balances, expenses (all, or the uncategorised), categories. Audited. */
export async function staffBooks(services: Services, actor: AdminActor, ownerId: string, filter: { uncategorised?: boolean } = {}) {
  const owner = await staffOwner(services, actor, ownerId);
  await audited(services, owner, filter.uncategorised ? "staff_expenses_viewed" : "staff_books_viewed", filter.uncategorised ? { filter: "uncategorized" } : {});
  const [props, leaseList, list] = await Promise.all([
    listProperties(services, owner),
    listLeases(services, owner, { state: "all" }),
    listExpenses(services, owner, filter.uncategorised ? { category: "uncategorized" } : {}),
  ]);
  return {
    owner: { id: owner.id, name: `${owner.member.firstName} ${owner.member.lastName}`, email: owner.member.email, membership_level: owner.member.membershipLevel },
    properties: props,
    leases: leaseList,
    expenses: list.expenses,
    categories: expenseCategoryList(),
  };
}

/** Staff add an expense to the owner's books (audited with the change, in its transaction). */
export async function staffAddExpense(services: Services, actor: AdminActor, ownerId: string, input: z.output<typeof ZExpenseSchema>) {
  return addExpense(services, await staffOwner(services, actor, ownerId), input);
}

/** Staff categorise (or otherwise correct) an expense of the owner's (audited with the change). */
export async function staffUpdateExpense(services: Services, actor: AdminActor, ownerId: string, expenseId: string, patch: TExpensePatch) {
  return updateExpense(services, await staffOwner(services, actor, ownerId), expenseId, patch);
}


/** One lease's rent ledger as staff read it (bookkeeping support, PORTAL.md 7.1): audited once read. */
export async function staffLedger(services: Services, actor: AdminActor, ownerId: string, leaseId: string) {
  const owner = await staffOwner(services, actor, ownerId);
  const ledger = await leaseLedger(services, owner, leaseId);
  await audited(services, owner, "staff_ledger_viewed", { lease_id: ledger.lease.id });
  return ledger;
}

/** Staff record a rent payment in the owner's ledger: the owner's own rules, the tenant's receipt, audited with the entry. */
export async function staffRecordPayment(services: Services, actor: AdminActor, ownerId: string, leaseId: string, input: TPaymentRequest) {
  return recordPayment(services, await staffOwner(services, actor, ownerId, "write"), leaseId, input);
}

/** Staff add a fee, deposit, credit or refund to the owner's ledger (audited with the entry). */
export async function staffRecordCharge(services: Services, actor: AdminActor, ownerId: string, leaseId: string, input: TChargeRequest) {
  return recordCharge(services, await staffOwner(services, actor, ownerId, "write"), leaseId, input);
}

/** Staff void an entry of the owner's ledger with a reason (audited with the void). */
export async function staffVoidEntry(services: Services, actor: AdminActor, ownerId: string, entryId: string, input: { reason: string; returned_unpaid?: boolean }) {
  return voidEntry(services, await staffOwner(services, actor, ownerId, "write"), entryId, input);
}
