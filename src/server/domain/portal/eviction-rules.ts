import { addDays, getDay, lastDayOfMonth } from "date-fns";
import { UTCDate } from "@date-fns/utc";
import { plusDays, type IsoDate } from "../../../shared/calendar.ts";
import { balanceOf, standing, type LedgerFact } from "./ledger-rules.ts";

// Illinois eviction dates and amounts (PORTAL.md 7.2), as pure functions. Every date the app shows
// from these is labelled "verify with counsel": they follow the statutes cited below, but a court
// decides.

/** The notices the app fills, with the days they give and the statute that sets them. */
export const NOTICE_RULES = {
  "5_day": { days: 5, title: "Landlord's 5-day notice", statute: "735 ILCS 5/9-209", purpose: "unpaid rent" },
  "10_day": { days: 10, title: "Landlord's 10-day notice", statute: "735 ILCS 5/9-210", purpose: "a breach of the lease" },
  "30_day": { days: 30, title: "30-day notice to end a month-to-month tenancy", statute: "735 ILCS 5/9-207", purpose: "ending a month-to-month tenancy" },
  "7_day": { days: 7, title: "7-day notice to end a week-to-week tenancy", statute: "735 ILCS 5/9-207", purpose: "ending a week-to-week tenancy" },
  "60_day": { days: 60, title: "60-day notice to end a year-to-year tenancy", statute: "735 ILCS 5/9-205", purpose: "ending a year-to-year tenancy" },
} as const;
export type NoticeKind = keyof typeof NOTICE_RULES;

export interface Holiday {
  date: IsoDate;
  name: string;
  /** Where the law fixes it. */
  source: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const day = (year: number, month: number, date: number) => new UTCDate(Date.UTC(year, month - 1, date));

/** The `n`th `weekday` (0 Sunday ... 6 Saturday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n === -1) {
    const last = lastDayOfMonth(day(year, month, 1));
    return addDays(last, -((getDay(last) - weekday + 7) % 7));
  }
  const first = day(year, month, 1);
  return addDays(first, ((weekday - getDay(first) + 7) % 7) + 7 * (n - 1));
}

/** Easter Sunday (Gregorian computus, the anonymous algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return day(year, month, date);
}

const STATUTE = "5 ILCS 490 (State Commemorative Dates Act); 10 ILCS 5/1-6(b)";

/**
 * Illinois' legal holidays of a year: the statutory State holidays (the list of 10 ILCS 5/1-6(b)
 * and the State Commemorative Dates Act, 5 ILCS 490) and, in even years, General Election Day
 * (5 ILCS 490/115; the courts hold it a court holiday). A holiday on a Sunday is also kept on the
 * Monday after, and one on a Saturday on the Friday before, as the courts close: counting a closed
 * day as a holiday can only lengthen a notice period, which is the safe side for a landlord.
 */
export function illinoisHolidays(year: number): Holiday[] {
  const fixed: [Date, string, string][] = [
    [day(year, 1, 1), "New Year's Day", STATUTE],
    [nthWeekday(year, 1, 1, 3), "Dr. Martin Luther King, Jr.'s Birthday", STATUTE],
    [day(year, 2, 12), "Lincoln's Birthday", "5 ILCS 490/60"],
    [nthWeekday(year, 2, 1, 3), "Presidents Day", STATUTE],
    [nthWeekday(year, 3, 1, 1), "Casimir Pulaski's Birthday", "5 ILCS 490/15"],
    [addDays(easter(year), -2), "Good Friday", "10 ILCS 5/1-6(b)"],
    [nthWeekday(year, 5, 1, -1), "Memorial Day", STATUTE],
    [day(year, 6, 19), "Juneteenth National Freedom Day", "5 ILCS 490/63"],
    [day(year, 7, 4), "Independence Day", STATUTE],
    [nthWeekday(year, 9, 1, 1), "Labor Day", STATUTE],
    [nthWeekday(year, 10, 1, 2), "Columbus Day", STATUTE],
    [day(year, 11, 11), "Veterans' Day", STATUTE],
    [nthWeekday(year, 11, 4, 4), "Thanksgiving Day", STATUTE],
    [day(year, 12, 25), "Christmas Day", STATUTE],
  ];
  if (year % 2 === 0) {
    // The first Tuesday after the first Monday of November.
    fixed.push([addDays(nthWeekday(year, 11, 1, 1), 1), "General Election Day", "5 ILCS 490/115"]);
  }
  const holidays: Holiday[] = [];
  for (const [date, name, source] of fixed) {
    holidays.push({ date: iso(date), name, source });
    const weekday = getDay(date);
    if (weekday === 0) holidays.push({ date: iso(addDays(date, 1)), name: `${name} (observed)`, source: STATUTE });
    if (weekday === 6) holidays.push({ date: iso(addDays(date, -1)), name: `${name} (observed)`, source: STATUTE });
  }
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const holidayCache = new Map<number, Map<IsoDate, Holiday>>();
function holidayOn(date: IsoDate): Holiday | undefined {
  const year = Number(date.slice(0, 4));
  let byDate = holidayCache.get(year);
  if (!byDate) {
    byDate = new Map(illinoisHolidays(year).map((h) => [h.date, h]));
    holidayCache.set(year, byDate);
  }
  return byDate.get(date);
}

/** Not a Saturday, a Sunday or an Illinois holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const weekday = getDay(new UTCDate(`${date}T00:00:00Z`));
  return weekday !== 0 && weekday !== 6 && holidayOn(date) === undefined;
}

/** Why a day is not a business day, or null. */
export function closedBecause(date: IsoDate): string | null {
  const weekday = getDay(new UTCDate(`${date}T00:00:00Z`));
  if (weekday === 6) return "Saturday";
  if (weekday === 0) return "Sunday";
  return holidayOn(date)?.name ?? null;
}

export interface NoticeDates {
  /** The last day of the notice period: the tenant has through this day. */
  expiresOn: IsoDate;
  /** Days the expiry was moved past a weekend or holiday, with why. */
  rolledPast: { date: IsoDate; reason: string }[];
  /** The first day a case may be filed: the day after expiry. */
  earliestFilingOn: IsoDate;
}

/**
 * A notice's dates (5 ILCS 70/1.11): the period counts calendar days from the day after service
 * (the day of service is not counted) and its last day, when it is a Saturday, a Sunday or a
 * holiday, moves to the next business day. Filing may come the day after.
 */
export function noticeDates(kind: NoticeKind, servedOn: IsoDate): NoticeDates {
  let expiresOn = plusDays(servedOn, NOTICE_RULES[kind].days);
  const rolledPast: NoticeDates["rolledPast"] = [];
  while (!isBusinessDay(expiresOn)) {
    rolledPast.push({ date: expiresOn, reason: closedBecause(expiresOn)! });
    expiresOn = plusDays(expiresOn, 1);
  }
  return { expiresOn, rolledPast, earliestFilingOn: plusDays(expiresOn, 1) };
}

/** An eviction order may not be enforced more than 120 days after its entry (735 ILCS 5/9-117). */
export function orderEnforceableThrough(enteredOn: IsoDate): IsoDate {
  return plusDays(enteredOn, 120);
}

export const JURISDICTIONS = ["chicago", "suburban_cook", "illinois_other"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/**
 * Cook County's winter moratorium: each year a general order of the Circuit Court stops the
 * Sheriff enforcing residential eviction orders from about mid-December to early January (Dec 16-19
 * to Jan 2-5 in recent years). The app flags Dec 15 through Jan 6 for Chicago and suburban Cook.
 */
export function inCookWinterMoratorium(date: IsoDate, jurisdiction: Jurisdiction): boolean {
  if (jurisdiction === "illinois_other") return false;
  const monthDay = date.slice(5);
  return monthDay >= "12-15" || monthDay <= "01-06";
}

/**
 * The rent a 5-day notice may demand (735 ILCS 5/9-209): the unpaid rent charges due on or before
 * the day of service, never late fees or other charges. Payments and credits made by then cover
 * rent first (as for late fees), so a tenant behind only on fees is demanded nothing.
 */
export function rentDemanded(entries: readonly LedgerFact[], servedOn: IsoDate): number {
  const live = standing(entries).filter((e) => e.date <= servedOn);
  const rent = balanceOf(live.filter((e) => e.kind === "rent"));
  const covering = -balanceOf(live.filter((e) => e.kind === "payment" || e.kind === "credit" || e.kind === "refund"));
  return Math.max(0, rent - Math.max(0, covering));
}
