import { daysBetween, plusDays, plusMonthsOf, plusYearsOf, type IsoDate } from "../../../shared/calendar.ts";
import { countDays, type RolledPast } from "./court-calendar.ts";

// Chicago's Fair Notice ordinance (Municipal Code 5-12-130(j), in force since October 2020): to end
// a month-to-month tenancy or not renew a lease, a Chicago landlord gives written notice of at
// least 30 days when the tenant has been in the unit under six months, 60 days from six months to
// three years, and 120 days over three years. Under 5-12-020(a) the section also reaches
// owner-occupied buildings of six units or fewer, which the rest of the RLTO does not. Pure
// functions: the eviction notices, the compliance calendar and lease renewals all use them.

export const FAIR_NOTICE_SOURCE = "Chicago Municipal Code 5-12-130(j)";

export type FairNoticeDays = 30 | 60 | 120;

/**
 * The days of notice a Chicago tenant in the unit since `occupiedSince` is owed on `servedOn`.
 * The ordinance's bands meet at six months and three years without saying which side the day
 * itself is on; the app takes the longer notice on the boundary (the safe side for the landlord: a
 * notice longer than required is never short). Six months after August 31 is the end of February.
 */
export function fairNoticeDays(occupiedSince: IsoDate, servedOn: IsoDate): FairNoticeDays {
  if (servedOn >= plusYearsOf(occupiedSince, 3)) return 120;
  if (servedOn >= plusMonthsOf(occupiedSince, 6)) return 60;
  return 30;
}

export interface FairNoticeEnd {
  days: FairNoticeDays;
  /** The earliest day the notice can end the tenancy: `days` after service, the day of service not counted, past a closed last day (5 ILCS 70/1.11). */
  endsOn: IsoDate;
  rolledPast: RolledPast;
}

/** The earliest end of a tenancy a Fair Notice served on `servedOn` can give. */
export function fairNoticeEnd(occupiedSince: IsoDate, servedOn: IsoDate): FairNoticeEnd {
  const days = fairNoticeDays(occupiedSince, servedOn);
  const { date, rolledPast } = countDays(servedOn, days);
  return { days, endsOn: date, rolledPast };
}

/**
 * The last day a notice may be served to end the tenancy (or not renew the lease) on `endsOn`: the
 * latest service day whose Fair Notice period ends on or before it. Null when no day works (the
 * tenancy started too recently for even 30 days' notice to fit).
 */
export function lastDayToServe(occupiedSince: IsoDate, endsOn: IsoDate): IsoDate | null {
  for (let servedOn = plusDays(endsOn, -30); servedOn >= plusDays(endsOn, -130); servedOn = plusDays(servedOn, -1)) {
    if (servedOn < occupiedSince) return null;
    if (fairNoticeEnd(occupiedSince, servedOn).endsOn <= endsOn) return servedOn;
  }
  return null;
}

/** "2 years 10 months": how long the tenant has been in the unit on a day, in words. */
export function tenancyLengthLabel(occupiedSince: IsoDate, on: IsoDate): string {
  let months = 0;
  while (plusMonthsOf(occupiedSince, months + 1) <= on) months++;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years ? `${years} year${years === 1 ? "" : "s"}` : "", rest ? `${rest} month${rest === 1 ? "" : "s"}` : ""].filter(Boolean);
  if (parts.length) return parts.join(" ");
  const days = Math.max(0, daysBetween(occupiedSince, on));
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** A lease of the unit as far as continuous occupancy goes: its dates and its tenants' names and emails. */
export interface OccupancyLease {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate | null;
  tenants: { firstName: string; lastName: string; email: string | null }[];
}

const sameTenant = (a: OccupancyLease["tenants"][number], b: OccupancyLease["tenants"][number]) =>
  (a.email !== null && b.email !== null && a.email.toLowerCase() === b.email.toLowerCase()) ||
  (a.firstName.trim().toLowerCase() === b.firstName.trim().toLowerCase() && a.lastName.trim().toLowerCase() === b.lastName.trim().toLowerCase());

/**
 * Since when the tenants of `lease` have been in the unit: a renewal is a new lease in the app, so
 * the tenancy runs back through every earlier lease of the same unit that ended no earlier than the
 * day before the next began and shares a tenant with it (by email, else by name).
 */
export function occupiedSince(lease: OccupancyLease, earlierLeasesOfUnit: readonly OccupancyLease[]): IsoDate {
  let current = lease;
  const seen = new Set([lease.id]);
  for (;;) {
    const before = earlierLeasesOfUnit.find(
      (l) =>
        !seen.has(l.id) &&
        l.startDate < current.startDate &&
        l.endDate !== null &&
        l.endDate >= plusDays(current.startDate, -1) &&
        l.tenants.some((t) => current.tenants.some((u) => sameTenant(t, u))),
    );
    if (!before) return current.startDate;
    seen.add(before.id);
    current = before;
  }
}
