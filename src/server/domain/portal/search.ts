import { and, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "../../../shared/calendar.ts";
import { IsoDateSchema } from "../../../shared/calendar-schemas.ts";
import { formatCents, PAYMENT_METHOD_LABELS, parseDollars } from "../../../shared/portal.ts";
import { expenses, leases, leaseTenants, ledgerEntries, maintenanceRequests, properties, units } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";

// One search box over the owner's books (PORTAL.md 8a): tenants, properties and units, leases,
// payments (by amount, reference or date), expenses (payee, memo, amount) and maintenance
// requests. Every query names the owner first, so it reads that owner's rows by their index and
// nobody else's; each group answers at most a few items, newest first where there is a date.

export const SEARCH_GROUP_LIMIT = 6;

export interface SearchItem {
  id: string;
  title: string;
  subtitle: string;
  path: string;
}
export interface SearchGroup {
  kind: "tenants" | "properties" | "units" | "leases" | "payments" | "expenses" | "maintenance";
  label: string;
  items: SearchItem[];
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a query may also mean: an amount ("1,500", "$1500.00") and a date ("2026-11-01", "11/1/2026"). */
export function readQuery(q: string): { text: string; cents: number | null; date: IsoDate | null } {
  const text = q.trim();
  const cents = /\d/.test(text) ? parseDollars(text) : null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const candidate = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : text;
  const date = IsoDateSchema.safeParse(candidate).success ? candidate : null;
  return { text, cents: cents !== null && cents > 0 ? cents : null, date };
}

const place = (p: { line1: string; city: string }, label: string) => `${p.line1}, unit ${label}, ${p.city}`;

/** GET /api/portal/search?q=: the owner's records matching `q`, grouped by kind (empty groups left out). */
export async function searchBooks(services: Services, owner: Owner, q: string): Promise<{ query: string; groups: SearchGroup[] }> {
  const { db } = services;
  const { text, cents, date } = readQuery(q);
  const like = containing(text);
  const anyOf = (...conditions: (SQL | undefined)[]) => or(...conditions.filter((c): c is SQL => c !== undefined));

  const [tenantRows, propertyRows, unitRows, leaseRows, paymentRows, expenseRows, requestRows] = await Promise.all([
    db
      .select({ id: leaseTenants.id, leaseId: leaseTenants.leaseId, first: leaseTenants.firstName, last: leaseTenants.lastName, email: leaseTenants.email, line1: properties.line1, city: properties.city, label: units.label })
      .from(leaseTenants)
      .innerJoin(leases, eq(leases.id, leaseTenants.leaseId))
      .innerJoin(units, eq(units.id, leases.unitId))
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(and(eq(leaseTenants.ownerId, owner.id), anyOf(ilike(sql`${leaseTenants.firstName} || ' ' || ${leaseTenants.lastName}`, like), ilike(leaseTenants.email, like), ilike(leaseTenants.phone, like))))
      .orderBy(desc(leases.startDate))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: properties.id, name: properties.name, line1: properties.line1, city: properties.city, zip: properties.zip, archivedAt: properties.archivedAt })
      .from(properties)
      .where(and(eq(properties.ownerId, owner.id), anyOf(ilike(properties.name, like), ilike(properties.line1, like), ilike(properties.city, like), ilike(properties.zip, like))))
      .orderBy(properties.line1)
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: units.id, label: units.label, propertyId: properties.id, line1: properties.line1, city: properties.city })
      .from(units)
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(and(eq(units.ownerId, owner.id), isNull(units.archivedAt), ilike(sql`${properties.line1} || ' ' || ${units.label}`, like)))
      .orderBy(properties.line1, units.label)
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: leases.id, start: leases.startDate, end: leases.endDate, rent: leases.rentCents, line1: properties.line1, city: properties.city, label: units.label })
      .from(leases)
      .innerJoin(units, eq(units.id, leases.unitId))
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(and(eq(leases.ownerId, owner.id), anyOf(ilike(sql`${properties.line1} || ' ' || ${units.label}`, like), cents ? eq(leases.rentCents, cents) : undefined, date ? eq(leases.startDate, date) : undefined)))
      .orderBy(desc(leases.startDate))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: ledgerEntries.id, leaseId: ledgerEntries.leaseId, date: ledgerEntries.date, amount: ledgerEntries.amountCents, method: ledgerEntries.method, reference: ledgerEntries.reference, line1: properties.line1, city: properties.city, label: units.label })
      .from(ledgerEntries)
      .innerJoin(leases, eq(leases.id, ledgerEntries.leaseId))
      .innerJoin(units, eq(units.id, leases.unitId))
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(
        and(
          eq(ledgerEntries.ownerId, owner.id),
          eq(ledgerEntries.kind, "payment"),
          anyOf(ilike(ledgerEntries.reference, like), cents ? eq(ledgerEntries.amountCents, -cents) : undefined, date ? eq(ledgerEntries.date, date) : undefined),
        ),
      )
      .orderBy(desc(ledgerEntries.date), desc(ledgerEntries.seq))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: expenses.id, date: expenses.date, amount: expenses.amountCents, payee: expenses.payee, memo: expenses.memo })
      .from(expenses)
      .where(
        and(
          eq(expenses.ownerId, owner.id),
          isNull(expenses.deletedAt),
          anyOf(ilike(expenses.payee, like), ilike(expenses.memo, like), cents ? eq(expenses.amountCents, cents) : undefined, date ? eq(expenses.date, date) : undefined),
        ),
      )
      .orderBy(desc(expenses.date))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: maintenanceRequests.id, title: maintenanceRequests.title, status: maintenanceRequests.status, createdAt: maintenanceRequests.createdAt })
      .from(maintenanceRequests)
      .where(and(eq(maintenanceRequests.ownerId, owner.id), anyOf(ilike(maintenanceRequests.title, like), ilike(maintenanceRequests.description, like))))
      .orderBy(desc(maintenanceRequests.createdAt))
      .limit(SEARCH_GROUP_LIMIT),
  ]);

  const groups: SearchGroup[] = [
    {
      kind: "tenants",
      label: "Tenants",
      items: tenantRows.map((t) => ({ id: t.id, title: `${t.first} ${t.last}`, subtitle: [place(t, t.label), t.email].filter(Boolean).join(" · "), path: `/portal/leases/${t.leaseId}` })),
    },
    {
      kind: "properties",
      label: "Properties",
      items: propertyRows.map((p) => ({ id: p.id, title: p.name ?? p.line1, subtitle: `${p.line1}, ${p.city} ${p.zip}${p.archivedAt ? " · archived" : ""}`, path: `/portal/properties/${p.id}` })),
    },
    { kind: "units", label: "Units", items: unitRows.map((u) => ({ id: u.id, title: `Unit ${u.label}`, subtitle: `${u.line1}, ${u.city}`, path: `/portal/properties/${u.propertyId}` })) },
    {
      kind: "leases",
      label: "Leases",
      items: leaseRows.map((l) => ({ id: l.id, title: place(l, l.label), subtitle: `${l.start} to ${l.end ?? "month to month"} · ${formatCents(l.rent)} a month`, path: `/portal/leases/${l.id}` })),
    },
    {
      kind: "payments",
      label: "Payments",
      items: paymentRows.map((p) => ({
        id: p.id,
        title: `${formatCents(-p.amount)} on ${p.date}`,
        subtitle: [place(p, p.label), p.method ? PAYMENT_METHOD_LABELS[p.method] : null, p.reference].filter(Boolean).join(" · "),
        path: `/portal/leases/${p.leaseId}`,
      })),
    },
    {
      kind: "expenses",
      label: "Expenses",
      items: expenseRows.map((e) => ({ id: e.id, title: `${e.payee}: ${formatCents(e.amount)}`, subtitle: [e.date, e.memo].filter(Boolean).join(" · "), path: `/portal/expenses?expense=${e.id}` })),
    },
    {
      kind: "maintenance",
      label: "Maintenance requests",
      items: requestRows.map((r) => ({ id: r.id, title: r.title, subtitle: `${r.status.replace(/_/g, " ")} · opened ${r.createdAt.toISOString().slice(0, 10)}`, path: `/portal/maintenance/${r.id}` })),
    },
  ];
  return { query: text, groups: groups.filter((g) => g.items.length > 0) };
}
