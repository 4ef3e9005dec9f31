import { asc, eq } from "drizzle-orm";
import { chicagoToday } from "../../../shared/calendar.ts";
import { leases, leaseTenants, ledgerEntries, ownerStatements, portalPurchases, properties, units } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { describeTenant } from "./leases.ts";
import { autopayByLeaseTenant } from "./autopay.ts";
import { withRunningBalance } from "./ledger.ts";
import { listExpenses } from "./expenses.ts";
import { postOwnerDue } from "./posting.ts";
import { describeProperty } from "./properties.ts";
import { describePurchase } from "./purchases.ts";
import { exportCases } from "./evictions.ts";
import { exportJobs } from "./service-jobs.ts";
import { listBookkeepingRequests } from "./bookkeeping.ts";
import { staffAccessStatus } from "./staff-access.ts";
import { getOwnerTicket, listOwnerTickets } from "./support.ts";
import { getOwnerRequest, listOwnerRequests } from "./maintenance.ts";

// GET /api/portal/export: everything the owner has, as JSON, at any time (PORTAL.md 1), including
// after a downgrade. Archived properties and ended leases are included.

export async function exportOwnerBooks(services: Services, owner: Owner) {
  const { db } = services;
  const today = chicagoToday(services.now());
  // Rent keeps falling due while a lease runs, whatever the owner's level: the export is up to date.
  await postOwnerDue(db, owner.id, today);
  const [propertyRows, unitRows, leaseRows, tenantRows, entryRows, expenseList, statementRows, purchaseRows, evictionCases, serviceJobs] = await Promise.all([
    db.select().from(properties).where(eq(properties.ownerId, owner.id)).orderBy(asc(properties.createdAt)),
    db.select().from(units).where(eq(units.ownerId, owner.id)).orderBy(asc(units.createdAt)),
    db.select().from(leases).where(eq(leases.ownerId, owner.id)).orderBy(asc(leases.startDate)),
    db.select().from(leaseTenants).where(eq(leaseTenants.ownerId, owner.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, owner.id)).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq)),
    listExpenses(services, owner, {}),
    db.select().from(ownerStatements).where(eq(ownerStatements.ownerId, owner.id)).orderBy(asc(ownerStatements.period)),
    db.select().from(portalPurchases).where(eq(portalPurchases.ownerId, owner.id)).orderBy(asc(portalPurchases.createdAt)),
    exportCases(db, owner.id, today),
    exportJobs(db, owner.id),
  ]);
  // Who pays by autopay, as the lease answers it (PORTAL.md 8a).
  const autopays = await autopayByLeaseTenant(db, leaseRows.map((l) => l.id));
  return {
    exported_at: services.now().toISOString(),
    as_of: today,
    owner: { id: owner.id, name: `${owner.member.firstName} ${owner.member.lastName}`, email: owner.member.email },
    properties: propertyRows.map((p) => describeProperty(p, unitRows.filter((u) => u.propertyId === p.id))),
    leases: leaseRows.map((l) => ({
      id: l.id,
      unit_id: l.unitId,
      start_date: l.startDate,
      end_date: l.endDate,
      rent_cents: l.rentCents,
      due_day: l.dueDay,
      deposit_cents: l.depositCents,
      books_from: l.booksFrom,
      returned_payment_fee_cents: l.returnedPaymentFeeCents,
      late_fee: l.lateFee ?? null,
      tenants: tenantRows.filter((t) => t.leaseId === l.id).map((t) => ({ ...describeTenant(t), autopay: autopays.get(t.id) ?? null })),
      ledger: withRunningBalance(entryRows.filter((e) => e.leaseId === l.id)),
    })),
    expenses: expenseList.expenses,
    statements: statementRows.map((s) => s.statement),
    purchases: purchaseRows.map(describePurchase),
    eviction_cases: evictionCases,
    service_jobs: serviceJobs,
    // Premium services: the staff access and what staff did, tickets with their conversations, bookkeeping requests.
    staff_access: await staffAccessStatus(services, owner),
    support_tickets: await Promise.all((await listOwnerTickets(services, owner)).tickets.map((t) => getOwnerTicket(services, owner, t.id))),
    bookkeeping_requests: (await listBookkeepingRequests(services, owner)).requests,
    // Maintenance requests with their whole timeline: moves, comments, and the list of files (the files themselves download one by one).
    maintenance_requests: await Promise.all((await listOwnerRequests(services, owner, { state: "all" })).map((r) => getOwnerRequest(services, owner, r.id))),
  };
}

export const exportFileName = (today: string) => `owner-portal-export-${today}.json`;
