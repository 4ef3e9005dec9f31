import { openRequestsSummary } from "./maintenance.ts";
import { and, eq, lte } from "drizzle-orm";
import { chicagoToday, daysBetween, periodLabel, periodOf, periodsBetween, plusDays, plusMonths } from "../../../shared/calendar.ts";
import { leases, leaseTenants, ledgerEntries, properties, units } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { balanceOf, lateness, standing, type LedgerFact } from "./ledger-rules.ts";
import { leaseState } from "./leases.ts";
import { factOf, postOwnerDue } from "./posting.ts";

// The owner's dashboard (issue: owner portal part 1): the portfolio, this month's rent, who is
// late and by how much, leases ending soon, recent payments and twelve months of due against
// collected. A new owner gets an empty state that leads to "Add your first property".

const CHARGES = new Set(["rent", "late_fee", "fee", "deposit"]);

export async function ownerDashboard(services: Services, owner: Owner) {
  const { db } = services;
  const today = chicagoToday(services.now());
  await postOwnerDue(db, owner.id, today);
  // Everything in one round of queries, each by the owner's index; the rest is worked out here.
  const [propertyRows, unitRows, leaseRows, tenantRows, entryRows, maintenance] = await Promise.all([
    db.select().from(properties).where(eq(properties.ownerId, owner.id)),
    db.select().from(units).where(eq(units.ownerId, owner.id)),
    db.select().from(leases).where(eq(leases.ownerId, owner.id)),
    db.select().from(leaseTenants).where(eq(leaseTenants.ownerId, owner.id)),
    db
      .select({
        id: ledgerEntries.id,
        leaseId: ledgerEntries.leaseId,
        seq: ledgerEntries.seq,
        date: ledgerEntries.date,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        period: ledgerEntries.period,
        voids: ledgerEntries.voids,
        method: ledgerEntries.method,
        depositCents: ledgerEntries.depositCents,
        source: ledgerEntries.source,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.ownerId, owner.id), lte(ledgerEntries.date, today))),
    openRequestsSummary(db, owner.id),
  ]);
  const propertyById = new Map(propertyRows.map((p) => [p.id, p]));
  const unitById = new Map(unitRows.map((u) => [u.id, u]));
  const liveProperties = propertyRows.filter((p) => p.archivedAt === null);
  const liveUnits = unitRows.filter((u) => u.archivedAt === null && propertyById.get(u.propertyId)?.archivedAt === null);
  const active = leaseRows.filter((l) => leaseState(l, today) === "active");
  const occupied = new Set(active.map((l) => l.unitId));
  const factsOf = new Map<string, LedgerFact[]>(leaseRows.map((l) => [l.id, []]));
  for (const row of entryRows) factsOf.get(row.leaseId)?.push(factOf(row));
  const tenantsOf = (leaseId: string) => tenantRows.filter((t) => t.leaseId === leaseId).map((t) => `${t.firstName} ${t.lastName}`);
  const where = (unitId: string) => {
    const unit = unitById.get(unitId)!;
    const property = propertyById.get(unit.propertyId)!;
    return { property: property.name || property.line1, unit: unit.label };
  };

  const thisMonth = periodOf(today);
  const months = periodsBetween(plusMonths(thisMonth, -11), thisMonth);
  const all = standing(entryRows.map(factOf));
  const totals = new Map(months.map((m) => [m, { due: 0, collected: 0 }]));
  for (const e of all) {
    const month = totals.get(periodOf(e.date));
    if (!month) continue;
    if (CHARGES.has(e.kind)) month.due += e.amountCents;
    if (e.kind === "payment") month.collected -= e.amountCents;
  }
  const balanceOfLease = (leaseId: string) => balanceOf(factsOf.get(leaseId) ?? []);

  const late = leaseRows
    .map((lease) => {
      const behind = lateness(factsOf.get(lease.id) ?? [], lease.lateFee?.grace_days ?? 0, today);
      if (!behind) return null;
      return {
        lease_id: lease.id,
        ...where(lease.unitId),
        tenants: tenantsOf(lease.id),
        since: behind.dueDate,
        days_late: behind.daysLate,
        unpaid_rent_cents: behind.unpaidRentCents,
        balance_cents: balanceOfLease(lease.id),
      };
    })
    .filter((row) => row !== null)
    .sort((a, b) => b.days_late - a.days_late);

  const endingBy = plusDays(today, 60);
  const ending = active
    .filter((l) => l.endDate !== null && l.endDate <= endingBy)
    .sort((a, b) => (a.endDate! < b.endDate! ? -1 : 1))
    .map((l) => ({ lease_id: l.id, ...where(l.unitId), tenants: tenantsOf(l.id), end_date: l.endDate!, days_left: daysBetween(today, l.endDate!) }));

  const standingIds = new Set(all.map((e) => e.id));
  const recentPayments = entryRows
    .filter((e) => e.kind === "payment" && standingIds.has(e.id))
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.seq - a.seq))
    .slice(0, 10);
  const leaseById = new Map(leaseRows.map((l) => [l.id, l]));

  return {
    empty: propertyRows.length === 0,
    can_write: owner.canWrite,
    today,
    properties: liveProperties.length,
    units: liveUnits.length,
    occupied_units: liveUnits.filter((u) => occupied.has(u.id)).length,
    occupancy_percent: liveUnits.length ? Math.round((100 * liveUnits.filter((u) => occupied.has(u.id)).length) / liveUnits.length) : 0,
    active_leases: active.length,
    month: { period: thisMonth, label: periodLabel(thisMonth), due_cents: totals.get(thisMonth)!.due, collected_cents: totals.get(thisMonth)!.collected },
    outstanding_cents: leaseRows.reduce((s, l) => s + Math.max(0, balanceOfLease(l.id)), 0),
    late,
    ending_soon: ending,
    recent_payments: recentPayments.map((p) => ({
      entry_id: p.id,
      lease_id: p.leaseId,
      ...where(leaseById.get(p.leaseId)!.unitId),
      tenants: tenantsOf(p.leaseId),
      date: p.date,
      amount_cents: -p.amountCents,
      method: p.method,
      /** Paid by the tenant online (PORTAL.md 4), not recorded by the owner. */
      online: p.source === "tenant",
    })),
    maintenance,
    chart: months.map((period) => ({ month: period, label: periodLabel(period).slice(0, 3), due_cents: totals.get(period)!.due, collected_cents: totals.get(period)!.collected })),
  };
}
