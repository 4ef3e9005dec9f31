import type { Jurisdiction } from "../../../shared/portal.ts";
import { countDays, nextBusinessDay } from "./court-calendar.ts";
import { FAIR_NOTICE_SOURCE, fairNoticeDays, tenancyLengthLabel } from "./fair-notice.ts";
import { daysBetween, lastDayOf, periodOf, plusDays, plusMonthsOf, type IsoDate } from "../../../shared/calendar.ts";
import { allocate, type LedgerFact } from "./allocation.ts";

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

export { closedBecause, illinoisHolidays, isBusinessDay, type Holiday } from "./court-calendar.ts";

/** The facts of a tenancy that a notice ending it depends on (taken from the lease). */
export interface Tenancy {
  /** The lease's first day: the tenancy's weeks and years run from it. */
  periodsFrom: IsoDate;
  /** A fixed term's last day (the lease's end date), or null for a periodic tenancy. */
  leaseEndsOn: IsoDate | null;
  /** Since when the tenants have been in the unit, through renewals (`occupiedSince` in fair-notice.ts); the lease's start when not given. */
  occupiedSince?: IsoDate;
  /** Chicago's Fair Notice ordinance applies (a Chicago property, owner-occupied or not: 5-12-020(a)). */
  fairNotice?: boolean;
}

export interface NoticeDates {
  /** The last day of the notice period: the tenant has through this day. */
  expiresOn: IsoDate;
  /** Days the expiry was moved past a weekend or holiday, with why. */
  rolledPast: { date: IsoDate; reason: string }[];
  /** The first day a case may be filed: the first day after expiry on which the clerk is open. */
  earliestFilingOn: IsoDate;
  /** Days after expiry passed over for filing (a weekend, a holiday), with why. */
  filingRolledPast: { date: IsoDate; reason: string }[];
  /** For a notice that ends a tenancy (7-, 30- and 60-day): the day the tenancy ends, as the notice states it. */
  terminatesOn: IsoDate | null;
  /** The days of notice the rule requires. */
  noticeDays: number;
  /** The rule applied, in words, with its source. */
  rule: string;
  /** For the 60-day notice: the days within which it must be served to end the tenancy year it names. */
  serviceWindow: { from: IsoDate; to: IsoDate } | null;
  /** Why a notice served on that day ends nothing, or null when it is good. */
  refusal: string | null;
  /** What else the owner should know about these dates (readings of the law, the lease's own term). */
  notes: string[];
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The last day of tenancy year `index` (0 = the first year) of a tenancy whose years run from
 * `periodsFrom`: the day before the anniversary. A tenancy from February 29 has its anniversary on
 * March 1 in a common year, so that year still ends on February 28.
 */
export function tenancyYearEnd(periodsFrom: IsoDate, index: number): IsoDate {
  const year = Number(periodsFrom.slice(0, 4)) + index + 1;
  const monthDay = periodsFrom.slice(5);
  const anniversary = monthDay === "02-29" && !isLeapYear(year) ? `${year}-03-01` : `${year}-${monthDay}`;
  return plusDays(anniversary, -1);
}

export interface YearToYearWindow {
  /** The last day of the tenancy year the notice ends. */
  yearEndsOn: IsoDate;
  /** The first and last days on which the notice may be served to end that year. */
  from: IsoDate;
  to: IsoDate;
  /** Whether the day asked about is inside the window. */
  inWindow: boolean;
}

/**
 * 735 ILCS 5/9-205: 60 days' notice ends a year-to-year tenancy at the end of the year, and "may be
 * given at any time within 4 months preceding the last 60 days of the year". The last 60 days of a
 * year ending December 31 are November 2 through December 31, so the notice may be served from July 2
 * through November 1 (the four months before November 2). The window answered is that of the first
 * tenancy year whose window has not closed on `servedOn`; `minimumDays` longer than 60 (a longer
 * notice a city requires) closes it earlier.
 */
export function yearToYearWindow(periodsFrom: IsoDate, servedOn: IsoDate, minimumDays = 60): YearToYearWindow {
  for (let index = 0; ; index++) {
    const yearEndsOn = tenancyYearEnd(periodsFrom, index);
    const lastSixtyFrom = plusDays(yearEndsOn, -59);
    const from = plusMonthsOf(lastSixtyFrom, -4);
    const to = plusDays(yearEndsOn, -Math.max(60, minimumDays));
    if (to >= servedOn) return { yearEndsOn, from, to, inWindow: servedOn >= from };
  }
}

/** The last day of the week of the tenancy (weeks run from `periodsFrom`) in which `date` falls. */
export function tenancyWeekEnd(periodsFrom: IsoDate, date: IsoDate): IsoDate {
  const days = Math.max(0, daysBetween(periodsFrom, date));
  return plusDays(periodsFrom, Math.floor(days / 7) * 7 + 6);
}

const RULES_IN_WORDS: Record<NoticeKind, string> = {
  "5_day": "735 ILCS 5/9-209: the tenant has 5 days after service to pay the rent demanded; the day of service is not counted and a last day that falls on a Saturday, Sunday or holiday moves to the next business day (5 ILCS 70/1.11).",
  "10_day": "735 ILCS 5/9-210: the tenant has 10 days after service; the day of service is not counted and a last day that falls on a Saturday, Sunday or holiday moves to the next business day (5 ILCS 70/1.11).",
  "30_day": "735 ILCS 5/9-207(b): 30 days' notice in writing ends a month-to-month tenancy; the day of service is not counted and a last day that falls on a Saturday, Sunday or holiday moves to the next business day (5 ILCS 70/1.11).",
  "7_day": "735 ILCS 5/9-207(a): 7 days' notice in writing ends a week-to-week tenancy; the app ends it at the end of the first week of the tenancy that ends on or after the 7th day (the day of service not counted, 5 ILCS 70/1.11).",
  "60_day": "735 ILCS 5/9-205: 60 days' notice ends a year-to-year tenancy at the end of the tenancy year, and is good only if served within the 4 months before the last 60 days of that year.",
};

/**
 * A notice's dates, for a notice served (or to be served) on `servedOn` in `tenancy`.
 *
 * - 5- and 10-day notices: the period counts calendar days from the day after service and its last
 *   day, when it is a Saturday, a Sunday or a holiday, moves to the next business day (5 ILCS
 *   70/1.11).
 * - 30-day (9-207(b)): the same count; the statute gives only the length, and the app reads it as
 *   ending the tenancy on that day (decision 0049). A lease whose fixed term runs past it ends with
 *   its term.
 * - 7-day (9-207(a)): the same count, then the end of the week of the tenancy in which that day falls.
 * - 60-day (9-205): the end of the tenancy year, only when served within the statute's window; a
 *   notice served outside it is refused with the window (`refusal`).
 *
 * Filing may come on the first day after the notice expires on which the clerk is open (not a
 * Saturday, a Sunday or a holiday of `illinoisHolidays`).
 */
export function noticeDates(kind: NoticeKind, servedOn: IsoDate, tenancy: Tenancy): NoticeDates {
  const notes: string[] = [];
  let days: number = NOTICE_RULES[kind].days;
  let rule = RULES_IN_WORDS[kind];
  if (tenancy.fairNotice && (kind === "30_day" || kind === "7_day" || kind === "60_day")) {
    const since = tenancy.occupiedSince ?? tenancy.periodsFrom;
    const fair = fairNoticeDays(since, servedOn);
    rule += ` In Chicago, ending a tenancy needs 30 days' notice for a tenant in the unit under 6 months, 60 days from 6 months to 3 years and 120 days over 3 years (${FAIR_NOTICE_SOURCE}).`;
    if (fair > days) {
      notes.push(`Chicago's Fair Notice ordinance (${FAIR_NOTICE_SOURCE}): the tenants have been in the unit ${tenancyLengthLabel(since, servedOn)} (since ${since}), so the notice must give at least ${fair} days.`);
      days = fair;
    }
  }
  let expiresOn: IsoDate;
  let rolledPast: NoticeDates["rolledPast"] = [];
  let terminatesOn: IsoDate | null = null;
  let serviceWindow: NoticeDates["serviceWindow"] = null;
  let refusal: string | null = null;
  const termRunsPast = (date: IsoDate) => {
    if (tenancy.leaseEndsOn && tenancy.leaseEndsOn > date) {
      notes.push(`The lease's term runs through ${tenancy.leaseEndsOn}: a notice cannot end the tenancy before its term ends, so it ends on ${tenancy.leaseEndsOn}.`);
      return tenancy.leaseEndsOn;
    }
    return date;
  };
  switch (kind) {
    case "5_day":
    case "10_day": {
      ({ date: expiresOn, rolledPast } = countDays(servedOn, days));
      break;
    }
    case "30_day": {
      ({ date: expiresOn, rolledPast } = countDays(servedOn, days));
      const counted = expiresOn;
      expiresOn = termRunsPast(expiresOn);
      const monthEnd = lastDayOf(periodOf(expiresOn));
      if (expiresOn !== counted) rolledPast = [];
      else if (expiresOn !== monthEnd) {
        notes.push(
          `735 ILCS 5/9-207(b) gives the length of the notice, not its last day. Some practitioners also end a month-to-month tenancy only on the last day of a rental period; by that reading this notice would end the tenancy on ${monthEnd} (verify with counsel).`,
        );
      }
      terminatesOn = expiresOn;
      break;
    }
    case "7_day": {
      const counted = countDays(servedOn, days).date;
      expiresOn = termRunsPast(tenancyWeekEnd(tenancy.periodsFrom, counted));
      terminatesOn = expiresOn;
      break;
    }
    case "60_day": {
      const window = yearToYearWindow(tenancy.periodsFrom, servedOn, days);
      expiresOn = window.yearEndsOn;
      terminatesOn = window.yearEndsOn;
      serviceWindow = { from: window.from, to: window.to };
      if (!window.inWindow) {
        refusal =
          `A 60-day notice served on ${servedOn} ends no tenancy year: to end the tenancy year that ends ${window.yearEndsOn}, ` +
          `serve it from ${window.from} through ${window.to}, within the 4 months before the last 60 days of the year (735 ILCS 5/9-205)` +
          (days > 60 ? ` and at least ${days} days before the year ends (${FAIR_NOTICE_SOURCE}).` : ".");
      }
      break;
    }
  }
  if (servedOn < tenancy.periodsFrom && (kind === "7_day" || kind === "60_day")) {
    refusal = `The tenancy begins ${tenancy.periodsFrom}: a notice served before it ends none of its periods.`;
  }
  const filing = nextBusinessDay(plusDays(expiresOn, 1));
  return { expiresOn, rolledPast, earliestFilingOn: filing.date, filingRolledPast: filing.rolledPast, terminatesOn, noticeDays: days, rule, serviceWindow, refusal, notes };
}

/** An eviction order may not be enforced more than 120 days after its entry (735 ILCS 5/9-117). */
export function orderEnforceableThrough(enteredOn: IsoDate): IsoDate {
  return plusDays(enteredOn, 120);
}

export { JURISDICTIONS, type Jurisdiction } from "../../../shared/portal.ts";

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
 * the day of service, never late fees, deposits or other charges. What the tenant's money paid by
 * then is the one allocation's (allocation.ts: rent first, then deposits, fees last), so a deposit
 * paid with the first rent is not rent, a deposit applied to rent pays it, and a tenant behind
 * only on fees is demanded nothing.
 */
export function rentDemanded(entries: readonly LedgerFact[], servedOn: IsoDate): number {
  return allocate(entries, servedOn).rentUnpaidCents;
}
