import { addDays, getDay, lastDayOfMonth } from "date-fns";
import { UTCDate } from "@date-fns/utc";
import { plusDays, type IsoDate } from "../../../shared/calendar.ts";

// The days Illinois courts count as closed, and the counting of notice periods over them
// (5 ILCS 70/1.11), as pure functions shared by the eviction rules, Chicago's Fair Notice rule and
// the support desk's business hours.

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

/** The Promissory Note and Bank Holiday Act's list of legal holidays in Illinois. */
const LEGAL_HOLIDAYS = "205 ILCS 630/17";
/** A day kept for a weekend holiday, which no statute fixes (except Juneteenth on a Sunday). */
const OBSERVED = "observed day (the circuit courts' holiday orders)";

/**
 * Illinois' legal holidays of a year, the days 5 ILCS 70/1.11 passes over ("a holiday as defined or
 * fixed in any statute now or hereafter in force in this State"): the list of 205 ILCS 630/17(a)
 * (which also holds every day the State Commemorative Dates Act, 5 ILCS 490, makes a holiday rather
 * than a commemoration), and in even years General Election Day (10 ILCS 5/17-25: the general
 * election of members of the Illinois House; no other election day is a holiday). The Circuit Court
 * of Cook County closes on the same days.
 *
 * Observed days: a holiday on a Sunday is also kept on the Monday after, and one on a Saturday on
 * the Friday before. Only Juneteenth's Monday is fixed by statute (5 ILCS 490/63); the others are
 * the days the courts close by their holiday orders. Counting a closed day as a holiday can only
 * lengthen a notice period or move filing a day later, the safe side for a landlord. Days some
 * circuits outside Cook County also close (the day after Thanksgiving, the day after Christmas) are
 * not in the table: a notice is not lengthened by them, and an e-filing on them is filed the next
 * court day (decision 0051).
 */
export function illinoisHolidays(year: number): Holiday[] {
  const fixed: [Date, string, string][] = [
    [day(year, 1, 1), "New Year's Day", LEGAL_HOLIDAYS],
    [nthWeekday(year, 1, 1, 3), "Dr. Martin Luther King, Jr.'s Birthday", LEGAL_HOLIDAYS],
    [day(year, 2, 12), "Lincoln's Birthday", LEGAL_HOLIDAYS],
    [nthWeekday(year, 2, 1, 3), "Presidents Day", LEGAL_HOLIDAYS],
    [nthWeekday(year, 3, 1, 1), "Casimir Pulaski's Birthday", LEGAL_HOLIDAYS],
    [addDays(easter(year), -2), "Good Friday", LEGAL_HOLIDAYS],
    [nthWeekday(year, 5, 1, -1), "Memorial Day", LEGAL_HOLIDAYS],
    [day(year, 6, 19), "Juneteenth National Freedom Day", `${LEGAL_HOLIDAYS}; 5 ILCS 490/63`],
    [day(year, 7, 4), "Independence Day", LEGAL_HOLIDAYS],
    [nthWeekday(year, 9, 1, 1), "Labor Day", LEGAL_HOLIDAYS],
    [nthWeekday(year, 10, 1, 2), "Columbus Day", LEGAL_HOLIDAYS],
    [day(year, 11, 11), "Veterans' Day", LEGAL_HOLIDAYS],
    [nthWeekday(year, 11, 4, 4), "Thanksgiving Day", LEGAL_HOLIDAYS],
    [day(year, 12, 25), "Christmas Day", LEGAL_HOLIDAYS],
  ];
  if (year % 2 === 0) {
    // The first Tuesday after the first Monday of November.
    fixed.push([addDays(nthWeekday(year, 11, 1, 1), 1), "General Election Day", `10 ILCS 5/17-25; ${LEGAL_HOLIDAYS}`]);
  }
  const holidays: Holiday[] = [];
  for (const [date, name, source] of fixed) {
    holidays.push({ date: iso(date), name, source });
    const weekday = getDay(date);
    if (weekday === 0) holidays.push({ date: iso(addDays(date, 1)), name: `${name} (observed)`, source: name.startsWith("Juneteenth") ? "5 ILCS 490/63" : OBSERVED });
    if (weekday === 6) holidays.push({ date: iso(addDays(date, -1)), name: `${name} (observed)`, source: OBSERVED });
  }
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const holidayCache = new Map<number, Map<IsoDate, Holiday>>();
function holidayOn(date: IsoDate): Holiday | undefined {
  const year = Number(date.slice(0, 4));
  let byDate = holidayCache.get(year);
  if (!byDate) {
    // Next year's list too: New Year's Day on a Saturday is kept on December 31 of this year.
    byDate = new Map([...illinoisHolidays(year), ...illinoisHolidays(year + 1)].filter((h) => h.date.startsWith(String(year))).map((h) => [h.date, h]));
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

/** Days a count was moved past, with why each was closed. */
export type RolledPast = { date: IsoDate; reason: string }[];

/** `days` calendar days after `servedOn`, the day of service not counted, moved past a closed last day (5 ILCS 70/1.11). */
export function countDays(servedOn: IsoDate, days: number): { date: IsoDate; rolledPast: RolledPast } {
  return nextBusinessDay(plusDays(servedOn, days));
}

/** The first business day on or after `date` (the clerk is open: not a Saturday, a Sunday or a holiday), with the days passed over. */
export function nextBusinessDay(date: IsoDate): { date: IsoDate; rolledPast: RolledPast } {
  let day = date;
  const rolledPast: RolledPast = [];
  while (!isBusinessDay(day)) {
    rolledPast.push({ date: day, reason: closedBecause(day)! });
    day = plusDays(day, 1);
  }
  return { date: day, rolledPast };
}
