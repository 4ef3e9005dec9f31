import { TZDate } from "@date-fns/tz";
import { UTCDate } from "@date-fns/utc";
import { addDays, addMonths, addYears, differenceInCalendarDays, format, getDaysInMonth } from "date-fns";
import { ASSOCIATION_TIME_ZONE } from "./time.ts";

// Calendar dates (YYYY-MM-DD) and months (YYYY-MM) of the owner portal: rent is due on a day,
// not at an instant, and the day is Chicago's (DECISIONS.md 18). Arithmetic is date-fns on UTC
// dates, so no time zone or daylight-saving change can move a day. The schemas that accept them
// are in calendar-schemas.ts: a page that only shows dates loads no Zod.

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;
/** A month, `YYYY-MM`: a rent period. */
export type Period = string;

/** The years a date of the books may fall in: nothing a landlord records is older or further ahead. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

const utc = (date: IsoDate) => new UTCDate(`${date}T00:00:00Z`);
const iso = (date: Date) => format(date, "yyyy-MM-dd");

/** Today in Chicago. */
export function chicagoToday(now: Date): IsoDate {
  return format(new TZDate(now.getTime(), ASSOCIATION_TIME_ZONE), "yyyy-MM-dd");
}

export const plusDays = (date: IsoDate, days: number): IsoDate => iso(addDays(utc(date), days));
export const daysBetween = (from: IsoDate, to: IsoDate): number => differenceInCalendarDays(utc(to), utc(from));
export const periodOf = (date: IsoDate): Period => date.slice(0, 7);
export const firstDayOf = (period: Period): IsoDate => `${period}-01`;
export const daysInPeriod = (period: Period): number => getDaysInMonth(utc(firstDayOf(period)));
export const lastDayOf = (period: Period): IsoDate => `${period}-${String(daysInPeriod(period)).padStart(2, "0")}`;
export const nextPeriod = (period: Period): Period => format(addMonths(utc(firstDayOf(period)), 1), "yyyy-MM");
export const plusMonths = (period: Period, months: number): Period => format(addMonths(utc(firstDayOf(period)), months), "yyyy-MM");
/** Day `day` of a month (1-28 always exists). */
export const dayOf = (period: Period, day: number): IsoDate => `${period}-${String(day).padStart(2, "0")}`;

/** The same day `months` later; a day the month lacks becomes its last day (Aug 31 + 6 months: Feb 28). */
export const plusMonthsOf = (date: IsoDate, months: number): IsoDate => iso(addMonths(utc(date), months));
/** The same day `years` later; February 29 becomes February 28 in a common year. */
export const plusYearsOf = (date: IsoDate, years: number): IsoDate => iso(addYears(utc(date), years));

export const minDate = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);
export const maxDate = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b);

/** The months from `from` through `to`, in order (empty when `to` is before `from`). */
export function periodsBetween(from: Period, to: Period): Period[] {
  const periods: Period[] = [];
  for (let p = from; p <= to; p = nextPeriod(p)) periods.push(p);
  return periods;
}

/** "March 2026" */
export function periodLabel(period: Period): string {
  return format(utc(firstDayOf(period)), "MMMM yyyy");
}

/** "Mar 1, 2026" */
export function dateLabel(date: IsoDate): string {
  return format(utc(date), "MMM d, yyyy");
}

/** "November 30, 2026": a date written out, as a notice states it. */
export function longDateLabel(date: IsoDate): string {
  return format(utc(date), "MMMM d, yyyy");
}
