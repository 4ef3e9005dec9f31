import {
  dayOf,
  daysBetween,
  daysInPeriod,
  firstDayOf,
  lastDayOf,
  maxDate,
  minDate,
  periodOf,
  periodsBetween,
  type IsoDate,
  type Period,
} from "../../../shared/calendar.ts";

// The rent a lease charges (PORTAL.md 3), as pure functions of its terms: no database, no clock.
// Like MicroRealEstate's rent terms, but in integer cents.

export interface LeaseTerms {
  startDate: IsoDate;
  /** Null: month-to-month, no end. */
  endDate: IsoDate | null;
  rentCents: number;
  /** 1-28. */
  dueDay: number;
}

export interface RentCharge {
  period: Period;
  /** The day it is due: the due day, moved into the days of possession for a partial month. */
  date: IsoDate;
  amountCents: number;
  daysInPossession: number;
  daysInMonth: number;
}

/** rent x days / daysInMonth, rounded half up to the cent, in integers (no floating point). */
export function prorate(rentCents: number, days: number, daysInMonth: number): number {
  return Math.floor((2 * rentCents * days + daysInMonth) / (2 * daysInMonth));
}

/**
 * The rent charge of every month the lease covers, in order, whose date is on or before `through`.
 * A month the tenant has in full owes the rent; the first and last months owe it by the days in
 * possession. A partial month's charge is dated on the due day when the tenant has that day,
 * else on the first (move-in) or last (move-out) day of possession. `fromPeriod` leaves out the
 * months before it (the daily job asks only for the months it has not posted yet).
 */
export function rentSchedule(lease: LeaseTerms, through: IsoDate, fromPeriod?: Period): RentCharge[] {
  const lastCovered = lease.endDate ? minDate(lease.endDate, through) : through;
  if (lastCovered < lease.startDate) return [];
  const charges: RentCharge[] = [];
  const first = periodOf(lease.startDate);
  for (const period of periodsBetween(fromPeriod && fromPeriod > first ? fromPeriod : first, periodOf(lastCovered))) {
    const first = maxDate(lease.startDate, firstDayOf(period));
    const last = lease.endDate ? minDate(lease.endDate, lastDayOf(period)) : lastDayOf(period);
    const due = dayOf(period, lease.dueDay);
    const date = due < first ? first : due > last ? last : due;
    if (date > through) break;
    const daysInMonth = daysInPeriod(period);
    const days = daysBetween(first, last) + 1;
    const amountCents = days === daysInMonth ? lease.rentCents : prorate(lease.rentCents, days, daysInMonth);
    charges.push({ period, date, amountCents, daysInPossession: days, daysInMonth });
  }
  return charges;
}

/** Whether the lease has any day in the month. */
export function coversPeriod(lease: Pick<LeaseTerms, "startDate" | "endDate">, period: Period): boolean {
  return lease.startDate <= lastDayOf(period) && (lease.endDate === null || lease.endDate >= firstDayOf(period));
}
