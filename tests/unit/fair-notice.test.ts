import { describe, expect, test } from "bun:test";
import { noticeDates, type Tenancy } from "../../src/server/domain/portal/eviction-rules.ts";
import { fairNoticeDays, fairNoticeEnd, lastDayToServe, occupiedSince, tenancyLengthLabel, type OccupancyLease } from "../../src/server/domain/portal/fair-notice.ts";

// Chicago's Fair Notice ordinance (Municipal Code 5-12-130(j)): ending a month-to-month tenancy or
// not renewing a lease needs 30 days' notice for a tenant in the unit under 6 months, 60 days from 6
// months to 3 years, 120 days over 3 years. Days are counted as 5 ILCS 70/1.11 counts them. Every
// expected date is worked out from the calendar in the comments.

describe("the days of notice by length of tenancy", () => {
  test("a tenant since January 1, 2024, served October 27, 2026 (2 years 9 months in the unit), is owed 60 days", () => {
    expect(fairNoticeDays("2024-01-01", "2026-10-27")).toBe(60);
    expect(tenancyLengthLabel("2024-01-01", "2026-10-27")).toBe("2 years 9 months");
  });

  test("the bands meet at 6 months and 3 years; on the boundary day the app gives the longer notice", () => {
    expect(fairNoticeDays("2024-01-01", "2024-06-30")).toBe(30);
    expect(fairNoticeDays("2024-01-01", "2024-07-01")).toBe(60); // 6 months to the day
    expect(fairNoticeDays("2024-01-01", "2026-12-31")).toBe(60);
    expect(fairNoticeDays("2024-01-01", "2027-01-01")).toBe(120); // 3 years to the day
    // Six months after August 31 is the last day of February.
    expect(fairNoticeDays("2025-08-31", "2026-02-27")).toBe(30);
    expect(fairNoticeDays("2025-08-31", "2026-02-28")).toBe(60);
    expect(tenancyLengthLabel("2026-10-20", "2026-10-27")).toBe("7 days");
  });

  test("served October 27, 2026, the 60th day is Saturday December 26, so the earliest end is Monday December 28 (not November 27)", () => {
    // Oct 28-31 is 4 days, November 30 (34), December 26 is the 60th; Sat 26 and Sun 27 are passed over.
    expect(fairNoticeEnd("2024-01-01", "2026-10-27")).toEqual({
      days: 60,
      endsOn: "2026-12-28",
      rolledPast: [
        { date: "2026-12-26", reason: "Saturday" },
        { date: "2026-12-27", reason: "Sunday" },
      ],
    });
  });

  test("120 days for a tenant of more than 3 years; 30 for a new one (the 30th day being Thanksgiving)", () => {
    // Since March 1, 2022: 120 days after October 27, 2026 is Wednesday February 24, 2027 (4 + 30 + 31 + 31 + 24).
    expect(fairNoticeEnd("2022-03-01", "2026-10-27")).toMatchObject({ days: 120, endsOn: "2027-02-24" });
    // Since July 1, 2026 (under 6 months): the 30th day is Thursday November 26, Thanksgiving, so Friday the 27th.
    expect(fairNoticeEnd("2026-07-01", "2026-10-27")).toMatchObject({ days: 30, endsOn: "2026-11-27" });
  });

  test("the last day to serve a notice ending the tenancy on a given day", () => {
    // Ending Thursday December 31, 2026: 60 days back is November 1; served November 2 it would end January 1.
    expect(lastDayToServe("2024-01-01", "2026-12-31")).toBe("2026-11-01");
    // Ending Monday December 28: served October 29 it ends December 28 exactly.
    expect(lastDayToServe("2024-01-01", "2026-12-28")).toBe("2026-10-29");
    // A tenant since November 1, 2023, ending February 28, 2027: from November 1, 2026 the tenant is owed
    // 120 days (March 1 at the earliest), but served October 31 (60 days) the notice ends December 30.
    expect(lastDayToServe("2023-11-01", "2027-02-28")).toBe("2026-10-31");
    // A tenancy that began 10 days before the end leaves no day to serve.
    expect(lastDayToServe("2026-12-21", "2026-12-31")).toBeNull();
  });
});

describe("the notices in Chicago", () => {
  const chicago = (periodsFrom: string, occupied = periodsFrom): Tenancy => ({ periodsFrom, leaseEndsOn: null, occupiedSince: occupied, fairNotice: true });

  test("a month-to-month tenant since January 1, 2024, served October 27, 2026, gets December 28, 2026", () => {
    const dates = noticeDates("30_day", "2026-10-27", chicago("2024-01-01"));
    expect([dates.terminatesOn, dates.expiresOn, dates.noticeDays]).toEqual(["2026-12-28", "2026-12-28", 60]);
    expect(dates.notes[0]).toBe(
      "Chicago's Fair Notice ordinance (Chicago Municipal Code 5-12-130(j)): the tenants have been in the unit 2 years 9 months (since 2024-01-01), so the notice must give at least 60 days.",
    );
    expect(dates.rule).toContain("5-12-130(j)");
    // Outside Chicago the same notice is 30 days: November 26 is Thanksgiving, so November 27.
    expect(noticeDates("30_day", "2026-10-27", { periodsFrom: "2024-01-01", leaseEndsOn: null }).terminatesOn).toBe("2026-11-27");
  });

  test("a tenant in the unit under 6 months gets the state's 30 days", () => {
    const dates = noticeDates("30_day", "2026-10-27", chicago("2026-07-01"));
    expect([dates.terminatesOn, dates.noticeDays, dates.notes.some((n) => n.includes("Fair Notice"))]).toEqual(["2026-11-27", 30, false]);
  });

  test("the lease renewed is one tenancy: since the first lease, the tenant is owed 120 days", () => {
    // Leases of 2023 and from 2024 by the same tenant: in the unit since January 1, 2023 (3 years 9 months on October 27, 2026).
    // 120 days after October 27 is February 24, 2027.
    const dates = noticeDates("30_day", "2026-10-27", chicago("2024-01-01", "2023-01-01"));
    expect([dates.terminatesOn, dates.noticeDays]).toEqual(["2027-02-24", 120]);
  });

  test("a week-to-week tenancy in Chicago: the Fair Notice days, then the end of a tenancy week", () => {
    // Since Monday June 1, 2026; served Friday June 5: 30 days is Sunday July 5 -> Monday July 6, in the week July 6-12.
    expect(noticeDates("7_day", "2026-06-05", chicago("2026-06-01")).terminatesOn).toBe("2026-07-12");
  });

  test("a year-to-year tenancy in Chicago: a tenant of over 3 years needs the notice 120 days before the year ends", () => {
    // Since January 1, 2022; the year ends December 31, 2026. 120 days before it is September 2 (30 + 30 + 31 + 29).
    const inTime = noticeDates("60_day", "2026-08-14", chicago("2022-01-01"));
    expect([inTime.terminatesOn, inTime.serviceWindow, inTime.refusal]).toEqual(["2026-12-31", { from: "2026-07-02", to: "2026-09-02" }, null]);
    const late = noticeDates("60_day", "2026-09-10", chicago("2022-01-01"));
    expect(late.refusal).toBe(
      "A 60-day notice served on 2026-09-10 ends no tenancy year: to end the tenancy year that ends 2027-12-31, serve it from 2027-07-02 through 2027-09-02, within the 4 months before the last 60 days of the year (735 ILCS 5/9-205) and at least 120 days before the year ends (Chicago Municipal Code 5-12-130(j)).",
    );
  });
});

describe("since when the tenants have been in the unit", () => {
  const lease = (id: string, startDate: string, endDate: string | null, names: string[], email: string | null = null): OccupancyLease => ({
    id,
    startDate,
    endDate,
    tenants: names.map((n) => ({ firstName: n.split(" ")[0]!, lastName: n.split(" ")[1]!, email })),
  });

  test("back-to-back leases that share a tenant are one tenancy; a gap or other tenants start a new one", () => {
    const first = lease("a", "2022-01-01", "2022-12-31", ["Imani Walker"]);
    const second = lease("b", "2023-01-01", "2023-12-31", ["Imani Walker", "Tom Walker"]);
    const third = lease("c", "2024-01-01", null, ["tom walker"]);
    expect(occupiedSince(third, [first, second])).toBe("2022-01-01");
    // A lease that ended two days before the next began: a gap, so a new tenancy.
    const gap = lease("d", "2024-01-03", null, ["Tom Walker"]);
    expect(occupiedSince(gap, [first, second])).toBe("2024-01-03");
    // Other people: a new tenancy.
    expect(occupiedSince(lease("e", "2024-01-01", null, ["Rosa Diaz"]), [first, second])).toBe("2024-01-01");
    // The same email under another name is the same tenant.
    const byEmail = lease("f", "2023-01-01", null, ["Imani Okafor"], "imani@example.net");
    expect(occupiedSince(byEmail, [lease("g", "2021-06-01", "2022-12-31", ["Imani Walker"], "IMANI@example.net")])).toBe("2021-06-01");
  });

  test("a tenant is the same by email, else by first and last name (spaces and case aside); one name alike is not enough", () => {
    const now = (names: string[], email: string | null = null) => lease("now", "2024-01-01", null, names, email);
    const before = (names: string[], email: string | null = null) => lease("before", "2023-01-01", "2023-12-31", names, email);
    expect(occupiedSince(now([" Imani  Walker "].map((n) => n.trim().replace(/\s+/, " "))), [before(["IMANI WALKER"])])).toBe("2023-01-01");
    // Another first name, or another last name: another person.
    expect(occupiedSince(now(["Imani Walker"]), [before(["Rosa Walker"])])).toBe("2024-01-01");
    expect(occupiedSince(now(["Imani Walker"]), [before(["Imani Diaz"])])).toBe("2024-01-01");
    // Different emails, same name: still the same tenant by name; no email on one side: by name.
    expect(occupiedSince(now(["Imani Walker"], "a@example.net"), [before(["Imani Walker"], "b@example.net")])).toBe("2023-01-01");
    // Different names, one email missing: not matched by email.
    expect(occupiedSince(now(["Imani Okafor"], "a@example.net"), [before(["Imani Walker"], null)])).toBe("2024-01-01");
    expect(occupiedSince(now(["Imani Okafor"], null), [before(["Imani Walker"], "a@example.net")])).toBe("2024-01-01");
    // Names with spaces around them are the same names.
    const padded: OccupancyLease = { id: "before", startDate: "2023-01-01", endDate: "2023-12-31", tenants: [{ firstName: " Imani ", lastName: " Walker ", email: null }] };
    expect(occupiedSince(now(["Imani Walker"]), [padded])).toBe("2023-01-01");
    expect(occupiedSince({ ...padded, id: "now", startDate: "2024-01-01", endDate: null }, [before(["Imani Walker"])])).toBe("2023-01-01");
  });

  test("only an earlier lease that ended the day before (or later) continues the tenancy; a month-to-month one or a later one does not", () => {
    const now = lease("now", "2024-01-01", null, ["Imani Walker"]);
    // Still running (no end): not an earlier term that ended.
    expect(occupiedSince(now, [lease("open", "2023-01-01", null, ["Imani Walker"])])).toBe("2024-01-01");
    // Starting the same day, or later: not before.
    expect(occupiedSince(now, [lease("same", "2024-01-01", "2024-06-30", ["Imani Walker"])])).toBe("2024-01-01");
    expect(occupiedSince(now, [lease("later", "2025-01-01", "2025-12-31", ["Imani Walker"])])).toBe("2024-01-01");
    // Overlapping the new one's start still continues it.
    expect(occupiedSince(now, [lease("overlap", "2023-01-01", "2024-01-15", ["Imani Walker"])])).toBe("2023-01-01");
    // A lease of its own id in the list is not its own predecessor.
    expect(occupiedSince(now, [now, lease("b", "2023-01-01", "2023-12-31", ["Imani Walker"])])).toBe("2023-01-01");
  });
});

describe("the length of a tenancy in words", () => {
  test("singular and plural years, months and days", () => {
    expect(tenancyLengthLabel("2024-01-01", "2025-02-01")).toBe("1 year 1 month");
    expect(tenancyLengthLabel("2024-01-01", "2026-03-01")).toBe("2 years 2 months");
    expect(tenancyLengthLabel("2024-01-01", "2024-01-31")).toBe("30 days");
    expect(tenancyLengthLabel("2024-01-01", "2024-01-02")).toBe("1 day");
    // A month to the day counts.
    expect(tenancyLengthLabel("2024-01-15", "2024-02-15")).toBe("1 month");
    expect(tenancyLengthLabel("2024-01-15", "2024-02-14")).toBe("30 days");
  });
});

describe("the last day to serve, at its bounds", () => {
  test("a tenancy that began the very day a notice could be served still gets it; a day later, none fits", () => {
    // 30 days ending 2026-12-31 are served by 2026-12-01 (the day of service not counted).
    expect(lastDayToServe("2026-12-01", "2026-12-31")).toBe("2026-12-01");
    expect(lastDayToServe("2026-12-02", "2026-12-31")).toBeNull();
  });

  test("a 120-day notice is found as far back as it reaches (over 3 years in the unit)", () => {
    // 120 days ending Thursday April 29, 2027, the day of service not counted: Dec 31 is day 1,
    // January 31 day 32, February 28 day 60, March 31 day 91, April 29 day 120; so served December 30, 2026.
    expect(lastDayToServe("2020-01-01", "2027-04-29")).toBe("2026-12-30");
    expect(fairNoticeEnd("2020-01-01", "2026-12-31").endsOn).toBe("2027-04-30");
  });
});
