import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { chicagoToday, dateLabel, plusDays, type IsoDate } from "../../../shared/calendar.ts";
import type { ZRenewSchema } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, leaseTenants, moveOuts } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { FAIR_NOTICE_SOURCE, fairNoticeDays, fairNoticeEnd, lastDayToServe, occupiedSince, tenancyLengthLabel } from "./fair-notice.ts";
import { describeLeases, endLeaseOn, findOwnedLease } from "./leases.ts";
import { postLeaseNow, type LeaseRow } from "./posting.ts";
import { rulesOfUnits } from "./properties.ts";

// Renewals (PORTAL.md 8a): "Renew" makes the tenancy's next term in one step, as a new lease of the
// same unit that starts the day after the current term ends, with the same tenants (their portal
// access kept), deposit and terms, and new dates and rent. A Chicago renewal goes with the City's
// summaries again (5-12-170 wants them at every renewal), so the renewal starts without that date. The two ledgers stay one history: when
// the renewal starts, the earlier term's balance and the deposit held move into it
// (`balance_carried` entries, one closing the earlier term, one opening the renewal), and
// whatever is written on the earlier term later (a payment recorded late, a void) is carried the
// same way. A Chicago renewal that raises the rent, decided too late for the Fair Notice period
// (5-12-130(j)), says so before it is sent: the higher rent cannot start before the notice runs.

export interface FairNoticeCheck {
  applies: boolean;
  /** What the notice is for. */
  change: "rent_increase" | "non_renewal";
  occupied_since: IsoDate;
  tenancy: string;
  days: 30 | 60 | 120;
  /** The last day to give written notice for the change to take effect on `effective_on`. */
  last_day_to_serve: IsoDate | null;
  effective_on: IsoDate;
  late: boolean;
  /** If the notice is given today: the first day the change can take effect. */
  earliest_effective_if_served_today: IsoDate;
  message: string;
  source: string;
}

/** The earlier leases of the unit, as continuous occupancy reads them. */
async function occupancyOf(db: DbOrTx, lease: LeaseRow): Promise<IsoDate> {
  const sameUnit = await db.select().from(leases).where(and(eq(leases.ownerId, lease.ownerId), eq(leases.unitId, lease.unitId)));
  const tenants = await db.select().from(leaseTenants).where(inArray(leaseTenants.leaseId, sameUnit.map((l) => l.id)));
  const view = (l: LeaseRow) => ({
    id: l.id,
    startDate: l.startDate,
    endDate: l.endDate,
    tenants: tenants.filter((t) => t.leaseId === l.id).map((t) => ({ firstName: t.firstName, lastName: t.lastName, email: t.email })),
  });
  return occupiedSince(view(lease), sameUnit.filter((l) => l.id !== lease.id).map(view));
}

/**
 * Fair Notice for a change that takes effect on `effectiveOn` (the first day at the new rent, or the
 * day after the last day of the tenancy), decided `today`: pure. The change is on time when notice
 * served today runs out before that day.
 */
export function fairNoticeCheck(change: FairNoticeCheck["change"], since: IsoDate, effectiveOn: IsoDate, today: IsoDate): Omit<FairNoticeCheck, "applies"> {
  const lastDay = lastDayToServe(since, plusDays(effectiveOn, -1));
  const served = fairNoticeEnd(since, today);
  const late = lastDay === null || today > lastDay;
  const days = fairNoticeDays(since, today);
  const what = change === "rent_increase" ? "a rent increase" : "not renewing";
  const earliest = plusDays(served.endsOn, 1);
  return {
    change,
    occupied_since: since,
    tenancy: tenancyLengthLabel(since, today),
    days,
    last_day_to_serve: lastDay,
    effective_on: effectiveOn,
    late,
    earliest_effective_if_served_today: earliest,
    message: late
      ? `Too late for ${dateLabel(effectiveOn)}: Chicago's Fair Notice Ordinance wants ${days} days' written notice of ${what} for a tenancy of ${tenancyLengthLabel(since, today)}` +
        `${lastDay ? `, given by ${dateLabel(lastDay)}` : ""}. Given today, it takes effect on ${dateLabel(earliest)} at the earliest${change === "rent_increase" ? "; until then the tenant may keep paying the current rent" : ""}.`
      : `On time: written notice of ${what} given by ${dateLabel(lastDay!)} meets the ${fairNoticeDays(since, lastDay!)} days Chicago's Fair Notice Ordinance wants.`,
    source: FAIR_NOTICE_SOURCE,
  };
}

async function renewalNotice(db: DbOrTx, lease: LeaseRow, startDate: IsoDate, rentCents: number, today: IsoDate): Promise<FairNoticeCheck | null> {
  const rules = (await rulesOfUnits(db, lease.ownerId, [lease.unitId])).get(lease.unitId)!;
  // Fair Notice reaches every Chicago building, owner-occupied small ones too (5-12-020(a)).
  if (rules.jurisdiction !== "chicago" || rentCents <= lease.rentCents) return null;
  return { applies: true, ...fairNoticeCheck("rent_increase", await occupancyOf(db, lease), startDate, today) };
}

/** Checks a renewal's dates against the term it follows: the day after it ends (or an earlier day, which ends it then). */
function assertRenewalDates(lease: LeaseRow, input: z.output<typeof ZRenewSchema>) {
  if (input.start_date <= lease.startDate) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "start_date"], msg: `A renewal starts after the current term began (${dateLabel(lease.startDate)})` }]);
  }
  if (lease.endDate !== null && input.start_date > plusDays(lease.endDate, 1)) {
    throw new AppError("UNPROCESSABLE", [
      { loc: ["body", "start_date"], msg: `A renewal starts the day after the current term ends, ${dateLabel(plusDays(lease.endDate, 1))}, so the ledger goes on without a gap` },
    ]);
  }
}

/** GET /api/portal/leases/{id}/renewal-check?start_date=&rent_cents=: what the renewal form shows before it is sent. */
export async function renewalCheck(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZRenewSchema>) {
  const today = chicagoToday(services.now());
  const lease = await findOwnedLease(services.db, owner, leaseId);
  assertRenewalDates(lease, input);
  return {
    rent_change_cents: input.rent_cents - lease.rentCents,
    fair_notice: await renewalNotice(services.db, lease, input.start_date, input.rent_cents, today),
  };
}

/** POST /api/portal/leases/{id}/renew: the next term, as a new lease answered with its Fair Notice check. */
export async function renewLease(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZRenewSchema>) {
  const now = services.now();
  const today = chicagoToday(now);
  return services.db.transaction(async (tx) => {
    let lease = await findOwnedLease(tx, owner, leaseId, true);
    assertRenewalDates(lease, input);
    const [renewed] = await tx.select({ id: leases.id }).from(leases).where(eq(leases.renewsLeaseId, lease.id)).limit(1);
    if (renewed) throw new AppError("CONFLICT", "This lease was renewed already: renew the renewal instead.");
    const [moveOut] = await tx.select({ vacatedOn: moveOuts.vacatedOn }).from(moveOuts).where(eq(moveOuts.leaseId, lease.id)).limit(1);
    if (moveOut) throw new AppError("CONFLICT", `The tenants moved out on ${dateLabel(moveOut.vacatedOn)}: a new tenancy is a new lease, not a renewal.`);
    const fairNotice = await renewalNotice(tx, lease, input.start_date, input.rent_cents, today);
    const lastDay = plusDays(input.start_date, -1);
    if (lease.endDate === null || lease.endDate !== lastDay) lease = await endLeaseOn(tx, owner, lease, lastDay, today, now);

    const [next] = await tx
      .insert(leases)
      .values({
        ownerId: owner.id,
        unitId: lease.unitId,
        startDate: input.start_date,
        endDate: input.end_date ?? null,
        rentCents: input.rent_cents,
        dueDay: lease.dueDay,
        depositCents: lease.depositCents,
        lateFee: lease.lateFee,
        reminderDays: lease.reminderDays,
        returnedPaymentFeeCents: lease.returnedPaymentFeeCents,
        depositInstitutionName: lease.depositInstitutionName,
        depositInstitutionAddress: lease.depositInstitutionAddress,
        depositReceiptGivenOn: lease.depositReceiptGivenOn,
        depositReceiptFileId: lease.depositReceiptFileId,
        renewsLeaseId: lease.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const tenants = await tx.select().from(leaseTenants).where(eq(leaseTenants.leaseId, lease.id)).orderBy(asc(leaseTenants.createdAt), asc(leaseTenants.lastName), asc(leaseTenants.firstName));
    // The same people, with the portal access they gave this landlord (a revoked one stays revoked).
    if (tenants.length) {
      await tx.insert(leaseTenants).values(
        tenants.map((t, i) => ({
          ownerId: owner.id,
          leaseId: next!.id,
          firstName: t.firstName,
          lastName: t.lastName,
          email: t.email,
          phone: t.phone,
          tenantAccountId: t.tenantAccountId,
          invitedAt: t.invitedAt,
          acceptedAt: t.acceptedAt,
          declinedAt: t.declinedAt,
          accessRevokedAt: t.accessRevokedAt,
          createdAt: new Date(now.getTime() + i),
        })),
      );
    }
    await postLeaseNow(tx, next!, today);
    const [view] = await describeLeases(tx, owner, [next!], today);
    return { ...view!, renews_lease_id: lease.id, rent_change_cents: input.rent_cents - lease.rentCents, fair_notice: fairNotice };
  });
}
