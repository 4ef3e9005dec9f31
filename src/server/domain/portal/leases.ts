import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { chicagoToday, dateLabel, firstDayOf, lastDayOf, periodLabel, periodOf, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { earliestLeaseStart, formatCents, LEASE_HISTORY_YEARS, ZLeaseSchema, ZLeaseSettingsSchema } from "../../../shared/portal.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { leases, leaseTenants, ledgerEntries, properties, units } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { standing } from "./ledger-rules.ts";
import { factOf, postLeaseNow, postOwnerDue, termsOf, type LeaseRow } from "./posting.ts";
import { lateFeeWarnings } from "./late-fee-limits.ts";
import { findOwnedUnit, rulesOfUnits } from "./properties.ts";
import { rentSchedule } from "./rent.ts";
import { isUuid } from "../ids.ts";
import { autopayByLeaseTenant, type AutopayView } from "./autopay.ts";

// Leases and their tenants (PORTAL.md 2): one unit, dates, rent, due day, deposit, late-fee policy
// and one or more tenants. Two leases of one unit never overlap; ending a lease sets its end date
// and squares its ledger; nothing is deleted.

export type TenantRow = typeof leaseTenants.$inferSelect;
export const LEASE_NOT_FOUND = "Lease not found.";

export type LeaseState = "upcoming" | "active" | "ended";
export function leaseState(lease: Pick<LeaseRow, "startDate" | "endDate">, today: IsoDate): LeaseState {
  if (lease.startDate > today) return "upcoming";
  if (lease.endDate !== null && lease.endDate < today) return "ended";
  return "active";
}

export type PortalStanding = "not_invited" | "invited" | "accepted" | "declined" | "revoked";

export function portalStanding(tenant: Pick<TenantRow, "invitedAt" | "acceptedAt" | "declinedAt" | "accessRevokedAt">): PortalStanding {
  if (tenant.accessRevokedAt) return "revoked";
  if (tenant.acceptedAt) return "accepted";
  if (tenant.declinedAt) return "declined";
  return tenant.invitedAt ? "invited" : "not_invited";
}

export function describeTenant(tenant: TenantRow) {
  return {
    id: tenant.id,
    first_name: tenant.firstName,
    last_name: tenant.lastName,
    email: tenant.email,
    phone: tenant.phone,
    /** When the owner last invited them to the tenant portal (null: never). */
    invited_at: tenant.invitedAt?.toISOString() ?? null,
    accepted_at: tenant.acceptedAt?.toISOString() ?? null,
    access_revoked_at: tenant.accessRevokedAt?.toISOString() ?? null,
    /** Where the tenant stands in the tenant portal. */
    portal: portalStanding(tenant),
  };
}

export interface LeasePlace {
  unit: { id: string; label: string };
  property: { id: string; display_name: string; line1: string; city: string; state: string; zip: string };
}

export function describeLease(
  lease: LeaseRow,
  tenants: TenantRow[],
  place: LeasePlace,
  balanceCents: number,
  today: IsoDate,
  lateFeeWarnings: string[] = [],
  autopays: Map<string, AutopayView> = new Map(),
) {
  return {
    id: lease.id,
    unit_id: lease.unitId,
    unit: place.unit,
    property: place.property,
    start_date: lease.startDate,
    end_date: lease.endDate,
    month_to_month: lease.endDate === null,
    rent_cents: lease.rentCents,
    due_day: lease.dueDay,
    deposit_cents: lease.depositCents,
    /** The day the books begin, when after the start (a tenant already living there: PORTAL.md 3a). */
    books_from: lease.booksFrom,
    returned_payment_fee_cents: lease.returnedPaymentFeeCents,
    late_fee: lease.lateFee ?? null,
    /** The policy can charge more than the local ordinance's cap (late-fee-limits.ts). */
    late_fee_warnings: lateFeeWarnings,
    reminder_days: lease.reminderDays,
    state: leaseState(lease, today),
    balance_cents: balanceCents,
    // Who pays by autopay (PORTAL.md 8a): each tenant's, null when they never turned it on.
    tenants: tenants.map((t) => ({ ...describeTenant(t), autopay: autopays.get(t.id) ?? null })),
  };
}
export type LeaseView = ReturnType<typeof describeLease>;

/** The owner's lease by id, or 404 (also for someone else's). */
export async function findOwnedLease(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<LeaseRow> {
  if (!isUuid(id)) throw notFound(LEASE_NOT_FOUND);
  const query = db.select().from(leases).where(and(eq(leases.id, id), eq(leases.ownerId, owner.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(LEASE_NOT_FOUND);
  return row;
}

/** Where each lease is: its unit and property. */
export async function placesOf(db: DbOrTx, ownerId: string, unitIds: string[]): Promise<Map<string, LeasePlace>> {
  const places = new Map<string, LeasePlace>();
  if (unitIds.length === 0) return places;
  const rows = await db
    .select({
      unitId: units.id,
      label: units.label,
      propertyId: properties.id,
      name: properties.name,
      line1: properties.line1,
      city: properties.city,
      state: properties.state,
      zip: properties.zip,
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.ownerId, ownerId), inArray(units.id, [...new Set(unitIds)])));
  for (const r of rows) {
    places.set(r.unitId, {
      unit: { id: r.unitId, label: r.label },
      property: { id: r.propertyId, display_name: r.name || r.line1, line1: r.line1, city: r.city, state: r.state, zip: r.zip },
    });
  }
  return places;
}

async function tenantsOf(db: DbOrTx, owner: Owner, leaseIds: string[]): Promise<Map<string, TenantRow[]>> {
  const byLease = new Map<string, TenantRow[]>(leaseIds.map((id) => [id, []]));
  if (leaseIds.length === 0) return byLease;
  const rows = await db
    .select()
    .from(leaseTenants)
    .where(and(eq(leaseTenants.ownerId, owner.id), inArray(leaseTenants.leaseId, leaseIds)))
    .orderBy(asc(leaseTenants.createdAt), asc(leaseTenants.lastName), asc(leaseTenants.firstName));
  for (const t of rows) byLease.get(t.leaseId)?.push(t);
  return byLease;
}

/** Each lease's balance: the sum of its standing entries. */
export async function balancesOf(db: DbOrTx, owner: Owner, leaseIds: string[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>(leaseIds.map((id) => [id, 0]));
  if (leaseIds.length === 0) return balances;
  // Voids carry the negative of what they cancel, so the plain sum is the balance.
  const rows = await db
    .select({ leaseId: ledgerEntries.leaseId, balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerId, owner.id), inArray(ledgerEntries.leaseId, leaseIds)))
    .groupBy(ledgerEntries.leaseId);
  for (const r of rows) balances.set(r.leaseId, r.balance);
  return balances;
}

export async function describeLeases(db: DbOrTx, owner: Owner, rows: LeaseRow[], today: IsoDate): Promise<LeaseView[]> {
  const ids = rows.map((l) => l.id);
  const [places, tenants, balances, rules, autopays] = await Promise.all([
    placesOf(db, owner.id, rows.map((l) => l.unitId)),
    tenantsOf(db, owner, ids),
    balancesOf(db, owner, ids),
    rulesOfUnits(db, owner.id, rows.filter((l) => l.lateFee).map((l) => l.unitId)),
    autopayByLeaseTenant(db, ids),
  ]);
  return rows.map((l) => {
    const ruleSet = rules.get(l.unitId)?.rules;
    const warnings = ruleSet ? lateFeeWarnings(l.lateFee, l.rentCents, ruleSet) : [];
    return describeLease(l, tenants.get(l.id) ?? [], places.get(l.unitId)!, balances.get(l.id) ?? 0, today, warnings, autopays);
  });
}

export interface LeaseFilter {
  state?: LeaseState | "current" | "all";
  property_id?: string;
  unit_id?: string;
}

/** The owner's leases, newest first; "current" is active and upcoming. */
export async function listLeases(services: Services, owner: Owner, filter: LeaseFilter = {}) {
  const today = chicagoToday(services.now());
  await postOwnerDue(services.db, owner.id, today);
  const conditions = [eq(leases.ownerId, owner.id)];
  if (filter.unit_id) conditions.push(eq(leases.unitId, filter.unit_id));
  if (filter.property_id) {
    conditions.push(
      inArray(
        leases.unitId,
        services.db.select({ id: units.id }).from(units).where(and(eq(units.ownerId, owner.id), eq(units.propertyId, filter.property_id))),
      ),
    );
  }
  const state = filter.state ?? "current";
  if (state === "active") conditions.push(lte(leases.startDate, today), or(isNull(leases.endDate), gte(leases.endDate, today))!);
  if (state === "upcoming") conditions.push(sql`${leases.startDate} > ${today}`);
  if (state === "ended") conditions.push(sql`${leases.endDate} < ${today}`);
  if (state === "current") conditions.push(or(isNull(leases.endDate), gte(leases.endDate, today))!);
  const rows = await services.db
    .select()
    .from(leases)
    .where(and(...conditions))
    .orderBy(desc(leases.startDate), asc(leases.id));
  return describeLeases(services.db, owner, rows, today);
}

export async function getLease(services: Services, owner: Owner, id: string) {
  const today = chicagoToday(services.now());
  const lease = await findOwnedLease(services.db, owner, id);
  await postOwnerDue(services.db, owner.id, today);
  const [view] = await describeLeases(services.db, owner, [lease], today);
  return view!;
}

/** Refuses a lease that would overlap another lease of the unit (the unit row is locked by the caller). */
async function assertNoOverlap(db: DbOrTx, owner: Owner, unitId: string, start: IsoDate, end: IsoDate | null, exceptLeaseId?: string) {
  const [clash] = await db
    .select()
    .from(leases)
    .where(
      and(
        eq(leases.ownerId, owner.id),
        eq(leases.unitId, unitId),
        exceptLeaseId ? ne(leases.id, exceptLeaseId) : undefined,
        end === null ? undefined : lte(leases.startDate, end),
        or(isNull(leases.endDate), gte(leases.endDate, start)),
      ),
    )
    .limit(1);
  if (clash) {
    const until = clash.endDate ? `to ${dateLabel(clash.endDate)}` : "month to month";
    throw new AppError("CONFLICT", `This unit already has a lease from ${dateLabel(clash.startDate)} ${until}. Two leases of one unit cannot overlap.`);
  }
}

/**
 * The entries a new lease starts with. Its security deposit is a charge on its start date (PORTAL.md
 * 3a); a lease whose books start later (a tenant already living there) starts instead with one
 * opening balance entry on that day, carrying what the tenant owed then (or their credit), and the
 * deposit already held, which is neither a charge nor income.
 */
export function openingEntries(
  ownerId: string,
  lease: Pick<LeaseRow, "id" | "startDate">,
  depositCents: number,
  opening: { as_of: IsoDate; balance_cents: number; deposit_held_cents: number } | null,
): (typeof ledgerEntries.$inferInsert)[] {
  const base = { ownerId, leaseId: lease.id, source: "system" as const };
  if (!opening) {
    return depositCents > 0
      ? [{ ...base, date: lease.startDate, kind: "deposit", amountCents: depositCents, period: periodOf(lease.startDate), description: "Security deposit" }]
      : [];
  }
  const entries: (typeof ledgerEntries.$inferInsert)[] = [
    {
      ...base,
      date: opening.as_of,
      kind: "opening_balance",
      amountCents: opening.balance_cents,
      period: periodOf(opening.as_of),
      description:
        opening.balance_cents > 0
          ? `Opening balance: rent owed on ${dateLabel(opening.as_of)}, when these books began`
          : opening.balance_cents < 0
            ? `Opening balance: the tenant's credit on ${dateLabel(opening.as_of)}, when these books began`
            : `Opening balance: nothing owed on ${dateLabel(opening.as_of)}, when these books began`,
    },
  ];
  if (opening.deposit_held_cents > 0) {
    entries.push({
      ...base,
      date: opening.as_of,
      kind: "deposit_held",
      amountCents: 0,
      depositCents: opening.deposit_held_cents,
      period: periodOf(opening.as_of),
      description: `Security deposit of ${formatCents(opening.deposit_held_cents)} already held when these books began`,
    });
  }
  return entries;
}

/** A lease's books start at most LEASE_HISTORY_YEARS back (422 otherwise). */
export function assertStartWithinHistory(startDate: IsoDate, today: IsoDate) {
  const earliest = earliestLeaseStart(today);
  if (startDate < earliest) {
    throw new AppError("UNPROCESSABLE", [
      {
        loc: ["body", "start_date"],
        msg: `A lease's books start on ${dateLabel(earliest)} at the earliest (${LEASE_HISTORY_YEARS} years back). For an older tenancy, start the books later with the balance owed then.`,
      },
    ]);
  }
}

/**
 * Adds a lease with its tenants, in one transaction with its first postings: a lease that started
 * in the past shows all its months of rent (and the late fees its policy makes) at once.
 */
export async function createLease(db: DbOrTx, owner: Owner, input: z.output<typeof ZLeaseSchema>, today: IsoDate) {
  const unit = await findOwnedUnit(db, owner, input.unit_id, true);
  if (unit.archivedAt) throw new AppError("CONFLICT", "This unit is archived. Restore it before adding a lease.");
  const [property] = await db.select({ archivedAt: properties.archivedAt }).from(properties).where(eq(properties.id, unit.propertyId));
  if (property?.archivedAt) throw new AppError("CONFLICT", "This property is archived. Restore it before adding a lease.");
  assertStartWithinHistory(input.start_date, today);
  const opening = input.opening_balance ?? null;
  if (opening && opening.as_of > today) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "opening_balance", "as_of"], msg: "The books start today at the latest" }]);
  }
  await assertNoOverlap(db, owner, unit.id, input.start_date, input.end_date ?? null);
  const [lease] = await db
    .insert(leases)
    .values({
      ownerId: owner.id,
      unitId: unit.id,
      startDate: input.start_date,
      endDate: input.end_date ?? null,
      rentCents: input.rent_cents,
      dueDay: input.due_day,
      depositCents: input.deposit_cents,
      lateFee: input.late_fee ?? null,
      reminderDays: input.reminder_days,
      booksFrom: opening && opening.as_of > input.start_date ? opening.as_of : null,
      returnedPaymentFeeCents: input.returned_payment_fee_cents ?? null,
    })
    .returning();
  const opened = openingEntries(owner.id, lease!, input.deposit_cents, opening);
  if (opened.length) await db.insert(ledgerEntries).values(opened);
  await db.insert(leaseTenants).values(
    input.tenants.map((t) => ({
      ownerId: owner.id,
      leaseId: lease!.id,
      firstName: t.first_name,
      lastName: t.last_name,
      email: t.email ?? null,
      phone: t.phone ?? null,
    })),
  );
  await postLeaseNow(db, lease!, today);
  const [view] = await describeLeases(db, owner, [lease!], today);
  return view!;
}

/**
 * Ends a lease on `endDate` (not before it starts; not overlapping a later lease of the unit). Rent
 * already posted for months after the end is voided, and the last month's rent, if it was posted
 * in full, is credited down to the days in possession: the ledger keeps every entry.
 */
export async function endLease(services: Services, owner: Owner, id: string, endDate: IsoDate) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const current = await findOwnedLease(tx, owner, id, true);
    const lease = await endLeaseOn(tx, owner, current, endDate, today, services.now());
    const [view] = await describeLeases(tx, owner, [lease], today);
    return view!;
  });
}

/** Ends a locked lease of the owner's on `endDate`, squaring what was posted (endLease, and a renewal's earlier term). */
export async function endLeaseOn(tx: DbOrTx, owner: Owner, current: LeaseRow, endDate: IsoDate, today: IsoDate, now: Date): Promise<LeaseRow> {
  if (endDate < current.startDate) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "end_date"], msg: "The lease cannot end before it starts" }]);
  }
  await findOwnedUnit(tx, owner, current.unitId, true);
  await assertNoOverlap(tx, owner, current.unitId, current.startDate, endDate, current.id);
  const [lease] = await tx
    .update(leases)
    .set({ endDate, updatedAt: now })
    .where(and(eq(leases.id, current.id), eq(leases.ownerId, owner.id)))
    .returning();

  // Square what was posted on the old terms with what the new end makes due.
  const rows = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, lease!.id)).orderBy(asc(ledgerEntries.seq));
  const live = standing(rows.map(factOf));
  const due = new Map(rentSchedule({ ...termsOf(lease!), endDate }, "9999-12-31").map((c) => [c.period, c]));
  const adjustments: (typeof ledgerEntries.$inferInsert)[] = [];
  for (const rent of live.filter((e) => e.kind === "rent")) {
    const owed = due.get(rent.period!);
    if (!owed) {
      adjustments.push({
        ownerId: owner.id,
        leaseId: lease!.id,
        date: rent.date,
        kind: "void",
        period: rent.period,
        amountCents: -rent.amountCents,
        voids: rent.id,
        source: "owner",
        description: `Void: the lease ended on ${dateLabel(endDate)}, before ${periodLabel(rent.period!)}.`,
      });
    } else if (owed.amountCents < rent.amountCents) {
      adjustments.push({
        ownerId: owner.id,
        leaseId: lease!.id,
        date: owed.date,
        kind: "credit",
        period: rent.period,
        amountCents: owed.amountCents - rent.amountCents,
        source: "owner",
        description: `${periodLabel(rent.period!)} rent prorated to the lease's end on ${dateLabel(endDate)} (${owed.daysInPossession} of ${owed.daysInMonth} days)`,
      });
    }
  }
  if (adjustments.length) await tx.insert(ledgerEntries).values(adjustments).onConflictDoNothing();
  await postLeaseNow(tx, lease!, today);
  return lease!;
}

/** The leases that cover a month (the rent roll's rows). */
export async function leasesCovering(db: DbOrTx, owner: Owner, period: Period): Promise<LeaseRow[]> {
  return db
    .select()
    .from(leases)
    .where(
      and(
        eq(leases.ownerId, owner.id),
        // A lease whose books begin after the month is not on its roll (PORTAL.md 3a).
        lte(sql`coalesce(${leases.booksFrom}, ${leases.startDate})`, lastDayOf(period)),
        or(isNull(leases.endDate), gte(leases.endDate, firstDayOf(period))),
      ),
    )
    .orderBy(asc(leases.startDate));
}

/** POST /api/portal/leases: the lease, its tenants and its first postings in one transaction. */
export function addLease(services: Services, owner: Owner, input: z.output<typeof ZLeaseSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction((tx) => createLease(tx, owner, input, today));
}

/** PATCH /api/portal/leases/{id}: the lease's settings (today, the reminder days). */
export async function updateLeaseSettings(services: Services, owner: Owner, id: string, input: z.output<typeof ZLeaseSettingsSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const current = await findOwnedLease(tx, owner, id, true);
    const [lease] = await tx
      .update(leases)
      .set({
        reminderDays: input.reminder_days ?? current.reminderDays,
        returnedPaymentFeeCents: input.returned_payment_fee_cents === undefined ? current.returnedPaymentFeeCents : input.returned_payment_fee_cents,
        updatedAt: services.now(),
      })
      .where(and(eq(leases.id, current.id), eq(leases.ownerId, owner.id)))
      .returning();
    const [view] = await describeLeases(tx, owner, [lease!], today);
    return view!;
  });
}
