import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { chicagoToday, daysBetween, firstDayOf, lastDayOf, periodLabel, periodOf, periodsBetween, plusDays, plusMonths } from "../../../shared/calendar.ts";
import { leases, leaseTenants, ledgerEntries, properties, units } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { balanceOf, lateness, standing } from "./ledger-rules.ts";
import { leaseState, placesOf } from "./leases.ts";
import { postOwnerDue } from "./posting.ts";
import { factsByLease } from "./rent-roll.ts";

// The owner's dashboard (issue: owner portal part 1): the portfolio, this month's rent, who is
// late and by how much, leases ending soon, recent payments and twelve months of due against
// collected. A new owner gets an empty state that leads to "Add your first property".

const CHARGES = new Set(["rent", "late_fee", "fee", "deposit"]);

export async function ownerDashboard(services: Services, owner: Owner) {
  const { db } = services;
  const today = chicagoToday(services.now());
  await postOwnerDue(db, owner.id, today);
  const [propertyRows, unitRows, leaseRows, tenantRows] = await Promise.all([
    db.select().from(properties).where(and(eq(properties.ownerId, owner.id), isNull(properties.archivedAt))),
    db.select().from(units).where(and(eq(units.ownerId, owner.id), isNull(units.archivedAt))),
    db.select().from(leases).where(eq(leases.ownerId, owner.id)),
    db.select().from(leaseTenants).where(eq(leaseTenants.ownerId, owner.id)),
  ]);
  const liveProperties = new Set(propertyRows.map((p) => p.id));
  const liveUnits = unitRows.filter((u) => liveProperties.has(u.propertyId));
  const active = leaseRows.filter((l) => leaseState(l, today) === "active");
  const occupied = new Set(active.map((l) => l.unitId));
  const facts = await factsByLease(db, owner, leaseRows.map((l) => l.id), today);
  const places = await placesOf(db, owner, leaseRows.map((l) => l.unitId));
  const tenantsOf = (leaseId: string) => tenantRows.filter((t) => t.leaseId === leaseId).map((t) => `${t.firstName} ${t.lastName}`);
  const where = (unitId: string) => {
    const place = places.get(unitId)!;
    return { property: place.property.display_name, unit: place.unit.label };
  };

  const thisMonth = periodOf(today);
  const months = periodsBetween(plusMonths(thisMonth, -11), thisMonth);
  const all = leaseRows.flatMap((l) => standing(facts.get(l.id) ?? []));
  const inMonth = (period: string) => all.filter((e) => e.date >= firstDayOf(period) && e.date <= lastDayOf(period));
  const dueIn = (period: string) => inMonth(period).filter((e) => CHARGES.has(e.kind)).reduce((s, e) => s + e.amountCents, 0);
  const collectedIn = (period: string) => -inMonth(period).filter((e) => e.kind === "payment").reduce((s, e) => s + e.amountCents, 0);

  const late = leaseRows
    .map((lease) => {
      const behind = lateness(facts.get(lease.id) ?? [], lease.lateFee?.grace_days ?? 0, today);
      if (!behind) return null;
      return {
        lease_id: lease.id,
        ...where(lease.unitId),
        tenants: tenantsOf(lease.id),
        since: behind.dueDate,
        days_late: behind.daysLate,
        unpaid_rent_cents: behind.unpaidRentCents,
        balance_cents: balanceOf(standing(facts.get(lease.id) ?? [])),
      };
    })
    .filter((row) => row !== null)
    .sort((a, b) => b.days_late - a.days_late);

  const endingBy = plusDays(today, 60);
  const ending = active
    .filter((l) => l.endDate !== null && l.endDate <= endingBy)
    .sort((a, b) => (a.endDate! < b.endDate! ? -1 : 1))
    .map((l) => ({ lease_id: l.id, ...where(l.unitId), tenants: tenantsOf(l.id), end_date: l.endDate!, days_left: daysBetween(today, l.endDate!) }));

  const recentPayments = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, owner.id), eq(ledgerEntries.kind, "payment")))
    .orderBy(desc(ledgerEntries.date), desc(ledgerEntries.seq))
    .limit(15);
  const voided = new Set(
    recentPayments.length
      ? (await db.select({ voids: ledgerEntries.voids }).from(ledgerEntries).where(and(eq(ledgerEntries.ownerId, owner.id), inArray(ledgerEntries.voids, recentPayments.map((p) => p.id))))).map((r) => r.voids)
      : [],
  );
  const leaseById = new Map(leaseRows.map((l) => [l.id, l]));

  return {
    empty: propertyRows.length === 0,
    can_write: owner.canWrite,
    today,
    properties: propertyRows.length,
    units: liveUnits.length,
    occupied_units: liveUnits.filter((u) => occupied.has(u.id)).length,
    occupancy_percent: liveUnits.length ? Math.round((100 * liveUnits.filter((u) => occupied.has(u.id)).length) / liveUnits.length) : 0,
    active_leases: active.length,
    month: { period: thisMonth, label: periodLabel(thisMonth), due_cents: dueIn(thisMonth), collected_cents: collectedIn(thisMonth) },
    outstanding_cents: leaseRows.reduce((s, l) => s + Math.max(0, balanceOf(standing(facts.get(l.id) ?? []))), 0),
    late,
    ending_soon: ending,
    recent_payments: recentPayments
      .filter((p) => !voided.has(p.id))
      .slice(0, 10)
      .map((p) => ({ entry_id: p.id, lease_id: p.leaseId, ...where(leaseById.get(p.leaseId)!.unitId), tenants: tenantsOf(p.leaseId), date: p.date, amount_cents: -p.amountCents, method: p.method })),
    chart: months.map((period) => ({ month: period, label: periodLabel(period).slice(0, 3), due_cents: dueIn(period), collected_cents: collectedIn(period) })),
  };
}
