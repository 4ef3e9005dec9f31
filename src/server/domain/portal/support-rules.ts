import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { plusDays, type IsoDate } from "../../../shared/calendar.ts";
import { SUPPORT_FIRST_REPLY, type PaidLevel } from "../../../shared/membership.ts";
import { ASSOCIATION_TIME_ZONE } from "../../../shared/time.ts";
import { isBusinessDay } from "./court-calendar.ts";

// Priority support's first-response targets (PORTAL.md 7.4), as pure functions. Business hours are
// Monday to Friday, 9:00 to 17:00 in Chicago, on Illinois business days (the holiday calendar of
// the eviction rules). A Premium ticket is answered within 4 business hours, a Standard one within
// 2 business days (16 business hours: opened at 10:00 on a Monday, due at 10:00 on Wednesday).

export const OPENS_AT_HOUR = 9;
export const CLOSES_AT_HOUR = 17;
/** Business hours to the first staff reply, by the level the ticket was opened at (the price table's promise). */
export const FIRST_RESPONSE_HOURS: Record<PaidLevel, number> = { Premium: SUPPORT_FIRST_REPLY.Premium.businessHours, Standard: SUPPORT_FIRST_REPLY.Standard.businessHours };

/** The instant of a wall-clock hour of a Chicago date (daylight saving time included). */
function chicagoAt(date: IsoDate, hour: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, 0, ASSOCIATION_TIME_ZONE).getTime());
}

const chicagoDate = (at: Date): IsoDate => format(new TZDate(at.getTime(), ASSOCIATION_TIME_ZONE), "yyyy-MM-dd");

/** `hours` business hours after `from` (the clock runs only on business days, 9:00 to 17:00). */
export function addBusinessHours(from: Date, hours: number): Date {
  let remaining = hours * 3_600_000;
  let day = chicagoDate(from);
  let cursor = from.getTime();
  // Bounded: a year of days is more than any target needs.
  for (let i = 0; i < 366; i += 1, day = plusDays(day, 1)) {
    if (!isBusinessDay(day)) continue;
    const start = Math.max(cursor, chicagoAt(day, OPENS_AT_HOUR).getTime());
    const end = chicagoAt(day, CLOSES_AT_HOUR).getTime();
    if (start >= end) continue;
    if (remaining <= end - start) return new Date(start + remaining);
    remaining -= end - start;
    cursor = start;
  }
  throw new Error("no business hours within a year");
}

/** When a ticket opened at `openedAt` by an owner of `level` must have its first staff reply. */
export function firstResponseDue(openedAt: Date, level: PaidLevel): Date {
  return addBusinessHours(openedAt, FIRST_RESPONSE_HOURS[level]);
}

/** Whether a ticket has missed its target: past due and no staff reply yet (or the reply came late). */
export function isBreached(ticket: { dueAt: Date; firstResponseAt: Date | null }, now: Date): boolean {
  return ticket.firstResponseAt ? ticket.firstResponseAt > ticket.dueAt : now > ticket.dueAt;
}
