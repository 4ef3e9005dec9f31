import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { chicagoToday, lastDayOf, periodLabel, periodOf, type Period } from "../../../shared/calendar.ts";
import type { RollStatus } from "../../../shared/portal.ts";
import { csvLine, dollars } from "../../documents/csv.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leaseTenants, ledgerEntries } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { monthStanding, type LedgerFact } from "./ledger-rules.ts";
import { leasesCovering, placesOf } from "./leases.ts";
import { factOf, postOwnerDue } from "./posting.ts";

// The rent roll for a month (PORTAL.md 3): each lease that covers the month, what was due and
// paid in it, the balance at its end and its status, with totals; as JSON or a CSV for a
// spreadsheet.

export async function factsByLease(db: DbOrTx, owner: Owner, leaseIds: string[], through?: string): Promise<Map<string, LedgerFact[]>> {
  const byLease = new Map<string, LedgerFact[]>(leaseIds.map((id) => [id, []]));
  if (leaseIds.length === 0) return byLease;
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, owner.id), inArray(ledgerEntries.leaseId, leaseIds), through ? lte(ledgerEntries.date, through) : undefined))
    .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
  for (const row of rows) byLease.get(row.leaseId)?.push(factOf(row));
  return byLease;
}

export async function rentRoll(services: Services, owner: Owner, month?: Period) {
  const today = chicagoToday(services.now());
  const period = month ?? periodOf(today);
  await postOwnerDue(services.db, owner.id, today);
  const covering = await leasesCovering(services.db, owner, period);
  const ids = covering.map((l) => l.id);
  const [places, facts, tenants] = await Promise.all([
    placesOf(services.db, owner.id, covering.map((l) => l.unitId)),
    factsByLease(services.db, owner, ids, lastDayOf(period)),
    ids.length
      ? services.db.select().from(leaseTenants).where(and(eq(leaseTenants.ownerId, owner.id), inArray(leaseTenants.leaseId, ids)))
      : Promise.resolve([]),
  ]);
  const rows = covering
    .map((lease) => {
      const place = places.get(lease.unitId)!;
      const standing = monthStanding(facts.get(lease.id) ?? [], period);
      return {
        lease_id: lease.id,
        property: { id: place.property.id, display_name: place.property.display_name },
        unit: place.unit,
        tenants: tenants.filter((t) => t.leaseId === lease.id).map((t) => `${t.firstName} ${t.lastName}`),
        rent_cents: lease.rentCents,
        due_cents: standing.dueCents,
        paid_cents: standing.paidCents,
        balance_cents: standing.balanceCents,
        status: standing.status,
      };
    })
    .sort((a, b) => a.property.display_name.localeCompare(b.property.display_name) || a.unit.label.localeCompare(b.unit.label, "en", { numeric: true }));
  const count = (status: RollStatus) => rows.filter((r) => r.status === status).length;
  return {
    month: period,
    label: periodLabel(period),
    rows,
    totals: {
      leases: rows.length,
      due_cents: rows.reduce((s, r) => s + r.due_cents, 0),
      paid_cents: rows.reduce((s, r) => s + r.paid_cents, 0),
      balance_cents: rows.reduce((s, r) => s + r.balance_cents, 0),
      paid: count("paid"),
      partial: count("partial"),
      unpaid: count("unpaid"),
      credit: count("credit"),
    },
  };
}

export function rentRollCsv(roll: Awaited<ReturnType<typeof rentRoll>>): string {
  const header = ["Property", "Unit", "Tenants", "Monthly rent", "Due this month", "Paid this month", "Balance at month end", "Status"];
  const t = roll.totals;
  return [
    csvLine(header),
    ...roll.rows.map((r) =>
      csvLine([r.property.display_name, r.unit.label, r.tenants.join("; "), dollars(r.rent_cents), dollars(r.due_cents), dollars(r.paid_cents), dollars(r.balance_cents), r.status]),
    ),
    csvLine(["Totals", "", `${t.leases} leases`, "", dollars(t.due_cents), dollars(t.paid_cents), dollars(t.balance_cents), ""]),
  ].join("");
}

export const rentRollFileName = (period: Period) => `rent-roll-${period}.csv`;
