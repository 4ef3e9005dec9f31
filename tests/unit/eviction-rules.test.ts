import { describe, expect, test } from "bun:test";
import {
  closedBecause,
  illinoisHolidays,
  inCookWinterMoratorium,
  isBusinessDay,
  noticeDates,
  orderEnforceableThrough,
  rentDemanded,
  tenancyWeekEnd,
  tenancyYearEnd,
  yearToYearWindow,
  type Tenancy,
} from "../../src/server/domain/portal/eviction-rules.ts";
import type { LedgerFact } from "../../src/server/domain/portal/ledger-rules.ts";

// Illinois notice dates on real calendars, checked against dates worked out by hand (each comment
// says how), and the rent a 5-day notice may demand.

describe("Illinois holidays, year by year", () => {
  test("2026: every statutory holiday on its date, Independence Day (a Saturday) also on Friday the 3rd, Election Day in November", () => {
    const dates = illinoisHolidays(2026).map((h) => `${h.date} ${h.name}`);
    expect(dates).toEqual([
      "2026-01-01 New Year's Day",
      "2026-01-19 Dr. Martin Luther King, Jr.'s Birthday", // third Monday of January
      "2026-02-12 Lincoln's Birthday", // a Thursday
      "2026-02-16 Presidents Day", // third Monday of February
      "2026-03-02 Casimir Pulaski's Birthday", // first Monday of March
      "2026-04-03 Good Friday", // Easter 2026 is April 5
      "2026-05-25 Memorial Day", // last Monday of May
      "2026-06-19 Juneteenth National Freedom Day", // a Friday
      "2026-07-03 Independence Day (observed)",
      "2026-07-04 Independence Day", // a Saturday
      "2026-09-07 Labor Day",
      "2026-10-12 Columbus Day",
      "2026-11-03 General Election Day", // first Tuesday after the first Monday (Nov 2)
      "2026-11-11 Veterans' Day",
      "2026-11-26 Thanksgiving Day", // fourth Thursday
      "2026-12-25 Christmas Day", // a Friday
    ]);
  });

  test("2027: no election; Christmas and New Year's Eve fall on Saturdays, so the Fridays before are closed too; Juneteenth on a Saturday", () => {
    const byName = new Map(illinoisHolidays(2027).map((h) => [h.name, h.date]));
    expect(byName.has("General Election Day")).toBe(false);
    expect(byName.get("Good Friday")).toBe("2027-03-26"); // Easter 2027 is March 28
    expect(byName.get("Christmas Day")).toBe("2027-12-25");
    expect(byName.get("Christmas Day (observed)")).toBe("2027-12-24");
    expect(byName.get("Juneteenth National Freedom Day (observed)")).toBe("2027-06-18");
    expect(byName.get("Thanksgiving Day")).toBe("2027-11-25");
  });

  test("Juneteenth on a Sunday (2033) is kept on the Monday by statute (5 ILCS 490/63); another Sunday holiday's Monday by the courts' orders", () => {
    const holidays = illinoisHolidays(2033);
    // June 19, 2033 is a Sunday, and so is December 25, 2033.
    expect(holidays.find((h) => h.name === "Juneteenth National Freedom Day (observed)")).toMatchObject({ date: "2033-06-20", source: "5 ILCS 490/63" });
    const christmas = holidays.find((h) => h.name === "Christmas Day (observed)")!;
    expect(christmas.date).toBe("2033-12-26");
    expect(christmas.source).not.toBe("5 ILCS 490/63");
  });

  test("2028, a leap year: Lincoln's Birthday on a Saturday, Good Friday April 14, Thanksgiving the 23rd, Election Day November 7", () => {
    const byName = new Map(illinoisHolidays(2028).map((h) => [h.name, h.date]));
    expect(byName.get("Lincoln's Birthday")).toBe("2028-02-12");
    expect(byName.get("Lincoln's Birthday (observed)")).toBe("2028-02-11");
    expect(byName.get("Good Friday")).toBe("2028-04-14"); // Easter 2028 is April 16
    expect(byName.get("Memorial Day")).toBe("2028-05-29");
    expect(byName.get("Thanksgiving Day")).toBe("2028-11-23");
    expect(byName.get("General Election Day")).toBe("2028-11-07");
    expect(isBusinessDay("2028-02-29")).toBe(true); // a Tuesday
  });

  test("2023: New Year's Day on a Sunday is also kept on Monday the 2nd; Easter April 9", () => {
    const byName = new Map(illinoisHolidays(2023).map((h) => [h.name, h.date]));
    expect(byName.get("New Year's Day (observed)")).toBe("2023-01-02");
    expect(byName.get("Good Friday")).toBe("2023-04-07");
  });

  test("New Year's Day 2028 is a Saturday: Friday December 31, 2027 is closed, though it is in the year before", () => {
    expect(closedBecause("2027-12-31")).toBe("New Year's Day (observed)");
    expect(isBusinessDay("2027-12-30")).toBe(true);
  });

  test("business days: weekends and holidays are not, and say why", () => {
    expect(isBusinessDay("2026-11-24")).toBe(true); // a Tuesday
    expect(closedBecause("2026-11-28")).toBe("Saturday");
    expect(closedBecause("2026-11-29")).toBe("Sunday");
    expect(closedBecause("2026-11-26")).toBe("Thanksgiving Day");
    expect(closedBecause("2026-11-27")).toBeNull(); // the day after Thanksgiving is not a statutory holiday
  });
});

/** A month-to-month tenancy since New Year's Day 2024 (its weeks and years run from that Monday). */
const since2024: Tenancy = { periodsFrom: "2024-01-01", leaseEndsOn: null };

describe("notice dates", () => {
  test("a 5-day notice served on the Tuesday before Thanksgiving: the 5th day is Sunday the 29th, so it expires Monday the 30th", () => {
    // Served Tue Nov 24, 2026; day 1 is Wed the 25th (the day of service is not counted); day 5 is Sun Nov 29.
    const dates = noticeDates("5_day", "2026-11-24", since2024);
    expect(dates.expiresOn).toBe("2026-11-30");
    expect(dates.rolledPast).toEqual([{ date: "2026-11-29", reason: "Sunday" }]);
    expect(dates.earliestFilingOn).toBe("2026-12-01");
    expect([dates.terminatesOn, dates.noticeDays, dates.serviceWindow, dates.refusal]).toEqual([null, 5, null, null]);
  });

  test("a 5-day notice whose 5th day is Thanksgiving expires on the Friday after, a business day", () => {
    // Served Sat Nov 21, 2026: day 5 is Thu Nov 26, Thanksgiving; Friday the 27th is a business day.
    const dates = noticeDates("5_day", "2026-11-21", since2024);
    expect(dates.expiresOn).toBe("2026-11-27");
    expect(dates.rolledPast).toEqual([{ date: "2026-11-26", reason: "Thanksgiving Day" }]);
  });

  test("Christmas week 2027: day 5 is Christmas Eve (observed), then the weekend: it expires Monday the 27th", () => {
    // Served Sun Dec 19, 2027: day 5 is Fri Dec 24 (Christmas observed), Sat 25, Sun 26 -> Mon Dec 27.
    const dates = noticeDates("5_day", "2027-12-19", since2024);
    expect(dates.expiresOn).toBe("2027-12-27");
    expect(dates.rolledPast.map((r) => r.date)).toEqual(["2027-12-24", "2027-12-25", "2027-12-26"]);
    expect(dates.earliestFilingOn).toBe("2027-12-28");
  });

  test("a 10-day notice counts the same way", () => {
    expect(noticeDates("10_day", "2026-03-02", since2024).expiresOn).toBe("2026-03-12"); // a Thursday
  });
});

describe("the earliest filing day: the first day after expiry on which the clerk is open", () => {
  test("a 5-day notice expiring Thursday December 24, 2026: Christmas, then the weekend, so Monday the 28th", () => {
    // Served Sat Dec 19: day 5 is Thu Dec 24, a business day. Fri 25 Christmas, Sat 26, Sun 27.
    const dates = noticeDates("5_day", "2026-12-19", since2024);
    expect([dates.expiresOn, dates.earliestFilingOn]).toEqual(["2026-12-24", "2026-12-28"]);
    expect(dates.filingRolledPast).toEqual([
      { date: "2026-12-25", reason: "Christmas Day" },
      { date: "2026-12-26", reason: "Saturday" },
      { date: "2026-12-27", reason: "Sunday" },
    ]);
  });

  test("a year-to-year tenancy ending Thursday December 31, 2026: New Year's Day and a weekend, so Monday January 4, 2027", () => {
    expect(noticeDates("60_day", "2026-08-14", since2024).earliestFilingOn).toBe("2027-01-04");
  });

  test("a 5-day notice whose 5th day is Friday December 31, 2027 (New Year's Day observed): it expires Monday January 3, filing Tuesday", () => {
    const dates = noticeDates("5_day", "2027-12-26", since2024);
    expect([dates.expiresOn, dates.earliestFilingOn, dates.filingRolledPast]).toEqual(["2028-01-03", "2028-01-04", []]);
  });

  test("the day after expiry, when the clerk is open, is the filing day", () => {
    // Expires Monday November 30, 2026; Tuesday December 1 is open.
    expect(noticeDates("5_day", "2026-11-24", since2024).filingRolledPast).toEqual([]);
  });
});

describe("the 60-day notice for a year-to-year tenancy (735 ILCS 5/9-205)", () => {
  // A tenancy from January 1, 2024: each tenancy year ends December 31. The last 60 days of 2026 are
  // November 2 (29 days of November) through December 31 (31 days); the four months before them run
  // July 2 through November 1, 2026.
  test("served August 14, 2026, inside the window, it ends the tenancy on December 31, 2026 (not 60 days after service)", () => {
    const dates = noticeDates("60_day", "2026-08-14", since2024);
    expect(dates.terminatesOn).toBe("2026-12-31");
    expect(dates.expiresOn).toBe("2026-12-31");
    expect(dates.serviceWindow).toEqual({ from: "2026-07-02", to: "2026-11-01" });
    expect(dates.refusal).toBeNull();
  });

  test("served May 5, 2026, before the window opens, it ends nothing: refused with the window's dates", () => {
    const dates = noticeDates("60_day", "2026-05-05", since2024);
    expect(dates.refusal).toBe(
      "A 60-day notice served on 2026-05-05 ends no tenancy year: to end the tenancy year that ends 2026-12-31, serve it from 2026-07-02 through 2026-11-01, within the 4 months before the last 60 days of the year (735 ILCS 5/9-205).",
    );
  });

  test("served November 2, 2025, inside 2025's last 60 days, it is too late for 2025 and too early for 2026", () => {
    const dates = noticeDates("60_day", "2025-11-02", since2024);
    expect(dates.refusal).toContain("to end the tenancy year that ends 2026-12-31, serve it from 2026-07-02 through 2026-11-01");
    expect(dates.serviceWindow).toEqual({ from: "2026-07-02", to: "2026-11-01" });
  });

  test("the window's edges: July 2 and November 1 are in, July 1 and November 2 are out", () => {
    expect(noticeDates("60_day", "2026-07-02", since2024).refusal).toBeNull();
    expect(noticeDates("60_day", "2026-11-01", since2024).refusal).toBeNull();
    expect(noticeDates("60_day", "2026-07-01", since2024).refusal).not.toBeNull();
    // November 2 is inside the last 60 days: the next window is 2027's.
    expect(yearToYearWindow("2024-01-01", "2026-11-02")).toEqual({ yearEndsOn: "2027-12-31", from: "2027-07-02", to: "2027-11-01", inWindow: false });
  });

  test("a tenancy from April 15 has years ending April 14; the window is counted back from there", () => {
    // The year ending April 14, 2026: its last 60 days are February 14 (15 days of February 2026)
    // through April 14 (31 in March, 14 in April); the four months before run October 14, 2025
    // through February 13, 2026.
    expect(yearToYearWindow("2023-04-15", "2025-11-20")).toEqual({ yearEndsOn: "2026-04-14", from: "2025-10-14", to: "2026-02-13", inWindow: true });
    expect(noticeDates("60_day", "2025-11-20", { periodsFrom: "2023-04-15", leaseEndsOn: null }).terminatesOn).toBe("2026-04-14");
  });

  test("a tenancy from February 29: its years end on February 28, leap year or not", () => {
    expect([0, 1, 2, 3, 4].map((i) => tenancyYearEnd("2024-02-29", i))).toEqual(["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-28", "2029-02-28"]);
    expect(tenancyYearEnd("2024-01-01", 2)).toBe("2026-12-31");
  });

  test("a notice served before the tenancy begins ends none of its years", () => {
    expect(noticeDates("60_day", "2023-12-01", since2024).refusal).toContain("The tenancy begins 2024-01-01");
  });
});

describe("the 7- and 30-day notices (735 ILCS 5/9-207)", () => {
  // A week-to-week tenancy from Monday June 1, 2026: its weeks run Monday through Sunday.
  const weekly: Tenancy = { periodsFrom: "2026-06-01", leaseEndsOn: null };

  test("a 7-day notice ends the tenancy at the end of the week of the tenancy in which its 7th day falls", () => {
    // Served Fri Jun 5: the 7th day is Fri Jun 12, in the week Jun 8-14, which ends Sunday Jun 14.
    expect(noticeDates("7_day", "2026-06-05", weekly).terminatesOn).toBe("2026-06-14");
    // Served Fri Jun 12: the 7th day is Fri Jun 19, Juneteenth, so Sat, Sun -> Mon Jun 22; that week ends Sunday Jun 28.
    const juneteenth = noticeDates("7_day", "2026-06-12", weekly);
    expect([juneteenth.terminatesOn, juneteenth.expiresOn]).toEqual(["2026-06-28", "2026-06-28"]);
    // Served Sat Jun 6: the 7th day is Sat Jun 13 -> Mon Jun 15; the week Jun 15-21 ends Sunday Jun 21.
    expect(noticeDates("7_day", "2026-06-06", weekly).terminatesOn).toBe("2026-06-21");
  });

  test("a 30-day notice ends the tenancy on its 30th day, moved past a closed day; the period-end reading is noted", () => {
    // Served Tue Oct 27, 2026: the 30th day is Thu Nov 26, Thanksgiving, so Friday Nov 27.
    const dates = noticeDates("30_day", "2026-10-27", since2024);
    // Filing: Saturday the 28th and Sunday the 29th are closed, so Monday November 30.
    expect([dates.terminatesOn, dates.expiresOn, dates.earliestFilingOn]).toEqual(["2026-11-27", "2026-11-27", "2026-11-30"]);
    expect(dates.notes.join(" ")).toContain("by that reading this notice would end the tenancy on 2026-11-30");
  });

  test("a leap year: a 30-day notice served January 30, 2028 ends on Leap Day, a Tuesday", () => {
    expect(noticeDates("30_day", "2028-01-30", since2024).terminatesOn).toBe("2028-02-29");
    // The same in 2027 reaches Monday March 1, Casimir Pulaski's Birthday, so it ends Tuesday March 2.
    expect(noticeDates("30_day", "2027-01-30", since2024).terminatesOn).toBe("2027-03-02");
  });

  test("a lease whose fixed term runs past the notice's day ends with its term", () => {
    const dates = noticeDates("30_day", "2026-10-27", { periodsFrom: "2026-02-01", leaseEndsOn: "2027-01-31" });
    expect(dates.terminatesOn).toBe("2027-01-31");
    expect(dates.notes[0]).toBe("The lease's term runs through 2027-01-31: a notice cannot end the tenancy before its term ends, so it ends on 2027-01-31.");
  });

  test("week ends of a tenancy: the day itself when it ends a week, else the Sunday after", () => {
    expect(tenancyWeekEnd("2026-06-01", "2026-06-07")).toBe("2026-06-07");
    expect(tenancyWeekEnd("2026-06-01", "2026-06-08")).toBe("2026-06-14");
    expect(tenancyWeekEnd("2026-06-01", "2026-06-01")).toBe("2026-06-07");
  });
});

describe("court dates", () => {
  test("an eviction order is enforceable through 120 days after entry", () => {
    expect(orderEnforceableThrough("2026-01-15")).toBe("2026-05-15");
    expect(orderEnforceableThrough("2028-01-15")).toBe("2028-05-14"); // 2028 has February 29
  });

  test("Cook County's winter moratorium is flagged mid-December to early January, in Cook County only", () => {
    expect(inCookWinterMoratorium("2026-12-14", "chicago")).toBe(false);
    expect(inCookWinterMoratorium("2026-12-15", "chicago")).toBe(true);
    expect(inCookWinterMoratorium("2027-01-06", "suburban_cook")).toBe(true);
    expect(inCookWinterMoratorium("2027-01-07", "suburban_cook")).toBe(false);
    expect(inCookWinterMoratorium("2026-12-25", "illinois_other")).toBe(false);
  });
});

describe("the rent a 5-day notice demands", () => {
  let n = 0;
  const entry = (date: string, kind: LedgerFact["kind"], amountCents: number, voids: string | null = null): LedgerFact => ({
    id: `e${++n}`,
    date,
    kind,
    amountCents,
    period: date.slice(0, 7),
    voids,
  });

  test("unpaid rent due on or before service only: never late fees, fees or deposits, and not next month's rent", () => {
    const entries = [
      entry("2026-09-01", "rent", 120_000),
      entry("2026-09-07", "late_fee", 5_000),
      entry("2026-10-01", "rent", 120_000),
      entry("2026-10-03", "payment", -100_000),
      entry("2026-10-07", "late_fee", 5_000),
      entry("2026-10-10", "fee", 7_500),
      entry("2026-11-01", "rent", 120_000),
    ];
    // Served Oct 20: rents of Sep and Oct (240,000) less the payment (100,000).
    expect(rentDemanded(entries, "2026-10-20")).toBe(140_000);
    // Served Nov 1: November's rent is due that day, so it counts.
    expect(rentDemanded(entries, "2026-11-01")).toBe(260_000);
    // Served Oct 2: the payment of the 3rd was not made yet.
    expect(rentDemanded(entries, "2026-10-02")).toBe(240_000);
  });

  test("payments cover rent first, so a tenant behind only on fees is demanded nothing; voided rent is not demanded", () => {
    const rent = entry("2026-09-01", "rent", 120_000);
    const entries = [rent, entry("2026-09-10", "late_fee", 5_000), entry("2026-09-12", "payment", -120_000)];
    expect(rentDemanded(entries, "2026-09-20")).toBe(0);
    const voided = [entry("2026-10-01", "rent", 120_000), entry("2026-10-01", "void", -120_000, `e${n}`)];
    expect(rentDemanded(voided, "2026-10-20")).toBe(0);
    // A credit counts like a payment; a refund given back to the tenant reduces what covered rent.
    const credited = [entry("2026-11-01", "rent", 120_000), entry("2026-11-02", "credit", -20_000), entry("2026-11-03", "payment", -50_000), entry("2026-11-04", "refund", 10_000)];
    expect(rentDemanded(credited, "2026-11-10")).toBe(60_000);
  });
});

describe("the holiday calendar, pinned further", () => {
  test("Good Friday is two days before Easter, year by year (Easter Sundays from the published tables)", () => {
    // Western (Gregorian) Easter Sundays, as the US Naval Observatory's and the Church's tables give them.
    const easter: Record<number, string> = {
      2019: "04-21", 2020: "04-12", 2021: "04-04", 2022: "04-17", 2023: "04-09", 2024: "03-31", 2025: "04-20",
      2026: "04-05", 2027: "03-28", 2028: "04-16", 2029: "04-01", 2030: "04-21", 2031: "04-13", 2032: "03-28",
      2033: "04-17", 2034: "04-09", 2035: "03-25", 2036: "04-13", 2037: "04-05", 2038: "04-25", 2039: "04-10",
      2040: "04-01", 2041: "04-21", 2042: "04-06", 2043: "03-29", 2044: "04-17", 2045: "04-09", 2046: "03-25",
      2047: "04-14", 2048: "04-05", 2049: "04-18", 2050: "04-10", 2285: "03-22",
    };
    for (const [year, monthDay] of Object.entries(easter)) {
      const sunday = new Date(`${year}-${monthDay}T00:00:00Z`);
      const friday = new Date(sunday.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
      expect(illinoisHolidays(Number(year)).find((h) => h.name === "Good Friday")?.date, year).toBe(friday);
    }
  });

  test("each holiday names the statute it comes from, and the year's list is in date order", () => {
    const sources = Object.fromEntries(illinoisHolidays(2026).filter((h) => !h.name.endsWith("(observed)")).map((h) => [h.name, h.source]));
    // 205 ILCS 630/17(a) lists every one of them; General Election Day is also 10 ILCS 5/17-25, and
    // Juneteenth's holiday is also 5 ILCS 490/63 (with its Monday when June 19 is a Sunday).
    const act = "205 ILCS 630/17";
    expect(sources).toEqual({
      "New Year's Day": act,
      "Dr. Martin Luther King, Jr.'s Birthday": act,
      "Lincoln's Birthday": act,
      "Presidents Day": act,
      "Casimir Pulaski's Birthday": act,
      "Good Friday": act,
      "Memorial Day": act,
      "Juneteenth National Freedom Day": "205 ILCS 630/17; 5 ILCS 490/63",
      "Independence Day": act,
      "Labor Day": act,
      "Columbus Day": act,
      "Veterans' Day": act,
      "General Election Day": "10 ILCS 5/17-25; 205 ILCS 630/17",
      "Thanksgiving Day": act,
      "Christmas Day": act,
    });
    // Observed days: Juneteenth's Monday is the statute's (2022: June 19 was a Sunday); the others are the courts'.
    expect(illinoisHolidays(2022).find((h) => h.name === "Juneteenth National Freedom Day (observed)")).toEqual({ date: "2022-06-20", name: "Juneteenth National Freedom Day (observed)", source: "5 ILCS 490/63" });
    expect(illinoisHolidays(2026).find((h) => h.name === "Independence Day (observed)")?.source).toBe("observed day (the circuit courts' holiday orders)");
    for (const year of [2026, 2027, 2028]) {
      const dates = illinoisHolidays(year).map((h) => h.date);
      expect(dates, String(year)).toEqual([...dates].sort());
    }
  });
});

describe("each notice's rule, and the edges of its dates", () => {
  const periodic: Tenancy = { periodsFrom: "2024-01-01", leaseEndsOn: null };

  test("each notice names the section of the Eviction Act it follows", () => {
    const cites = { "5_day": "735 ILCS 5/9-209", "10_day": "735 ILCS 5/9-210", "30_day": "735 ILCS 5/9-207(b)", "7_day": "735 ILCS 5/9-207(a)", "60_day": "735 ILCS 5/9-205" } as const;
    for (const [kind, cite] of Object.entries(cites)) expect(noticeDates(kind as keyof typeof cites, "2026-08-14", periodic).rule, kind).toStartWith(cite);
  });

  test("Chicago's Fair Notice lengthens only the notices that end a tenancy, never the 5- or 10-day notices (5-12-130(j))", () => {
    const chicago: Tenancy = { ...periodic, fairNotice: true, occupiedSince: "2020-01-01" };
    for (const kind of ["5_day", "10_day"] as const) {
      const dates = noticeDates(kind, "2026-11-02", chicago);
      expect(dates.noticeDays, kind).toBe(kind === "5_day" ? 5 : 10);
      expect(dates.rule, kind).not.toContain("In Chicago");
    }
    expect(noticeDates("30_day", "2026-11-02", chicago).noticeDays).toBe(120);
  });

  test("a 30-day notice with no fixed term ends on its 30th day; on the last day of a month no reading differs", () => {
    // Served Monday November 2, 2026: the 30th day after is Wednesday December 2.
    const dates = noticeDates("30_day", "2026-11-02", periodic);
    expect(dates).toMatchObject({ expiresOn: "2026-12-02", terminatesOn: "2026-12-02", rolledPast: [] });
    expect(dates.notes.join(" ")).toContain("on 2026-12-31 (verify with counsel)");
    // A term ending that very day is no later: nothing to say about the term.
    expect(noticeDates("30_day", "2026-11-02", { ...periodic, leaseEndsOn: "2026-12-02" }).notes.join(" ")).not.toContain("The lease's term runs through");
    // Served December 1: the 30th day is Thursday December 31, the month's last day.
    expect(noticeDates("30_day", "2026-12-01", periodic)).toMatchObject({ expiresOn: "2026-12-31", notes: [] });
  });

  test("a 30-day notice whose 30th day is Christmas rolls past it, unless the lease's term runs longer: then the term's end, and nothing rolled", () => {
    // Served November 25, 2026: the 30th day is Friday December 25 (a court holiday), then a weekend.
    expect(noticeDates("30_day", "2026-11-25", periodic).expiresOn).toBe("2026-12-28");
    const fixed = noticeDates("30_day", "2026-11-25", { ...periodic, leaseEndsOn: "2027-01-31" });
    expect(fixed).toMatchObject({ expiresOn: "2027-01-31", terminatesOn: "2027-01-31", rolledPast: [] });
    expect(fixed.notes.join(" ")).toContain("The lease's term runs through 2027-01-31");
  });

  test("a 7- or 60-day notice served before the tenancy begins ends none of its periods; one served on its first day, or a 30-day notice, is not refused for that", () => {
    const future: Tenancy = { periodsFrom: "2027-01-01", leaseEndsOn: null };
    expect(noticeDates("60_day", "2026-12-15", future).refusal).toBe("The tenancy begins 2027-01-01: a notice served before it ends none of its periods.");
    expect(noticeDates("7_day", "2026-12-15", future).refusal).toContain("The tenancy begins 2027-01-01");
    expect(noticeDates("60_day", "2027-01-01", future).refusal).not.toContain("The tenancy begins");
    expect(noticeDates("30_day", "2026-12-15", future).refusal).toBeNull();
    expect(noticeDates("60_day", "2027-08-14", future).rolledPast).toEqual([]);
  });
});
