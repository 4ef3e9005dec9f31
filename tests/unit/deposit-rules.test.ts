import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { leaseCompliance, statusOf, weekOf } from "../../src/server/domain/portal/compliance.ts";
import { chicagoLease } from "../support/compliance-lease.ts";
import { centDays, interestPeriods, interestRuleOf, moveOutDeadlines, ppmOfPercent, ratePercentLabel, receiptRequired } from "../../src/server/domain/portal/deposit-rules.ts";

// Security deposits under Illinois law (PORTAL.md 3b). Expected figures are worked out here from
// the texts: Chicago Municipal Code 5-12-080 (receipt, interest within 30 days after each 12-month
// rental period, statement within 30 days, return within 45, 7 after a fire or casualty), 5-12-081
// (the Comptroller's rate for the year), 765 ILCS 710/1 as amended by P.A. 103-0224 (30 and 45 days
// from the later of the move-out and the end of the right of possession) and 765 ILCS 715 (interest
// only for 25 or more units). The rates are the Comptroller's as the shipped table cites them; the
// method (deposit times the year's rate) is the one tenants' guides publish ("multiply the total
// deposit amount by the percentage rate for each year separately").

const rates = new Map([
  [2010, ppmOfPercent("0.073")],
  [2012, ppmOfPercent("0.057")],
  [2024, ppmOfPercent("0.01")],
]);

describe("the Comptroller's rates, as written", () => {
  test("a percent becomes millionths exactly, and back", () => {
    expect(ppmOfPercent("0.073")).toBe(730);
    expect(ppmOfPercent("0.01")).toBe(100);
    expect(ppmOfPercent("3.42")).toBe(34_200);
    expect(ratePercentLabel(730)).toBe("0.073%");
    expect(ratePercentLabel(50_000)).toBe("5%");
  });

  test("the shipped table holds every year its file lists, with a source each", () => {
    const csv = readFileSync(resolve(import.meta.dir, "../../src/server/content/chicago-rlto-deposit-interest.csv"), "utf8").trim().split("\n").slice(1);
    expect(csv.length).toBeGreaterThanOrEqual(13);
    for (const line of csv) expect(line).toMatch(/^\d{4},\d+(\.\d+)?,".+"$/);
  });
});

describe("interest on a deposit (RLTO 5-12-080(c))", () => {
  test("$1,500 held a full year from March 1, 2024 at 2024's 0.01% is $0.15, due 30 days after the period ends", () => {
    const [first] = interestPeriods({ termStart: "2024-03-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: "2024-03-01", cents: 150_000 }], rates, asOf: "2025-04-15" });
    // 1,500.00 x 0.0001 = 0.15; the period runs March 1, 2024 to February 28, 2025; + 30 days = March 30, 2025.
    expect(first).toMatchObject({ periodStart: "2024-03-01", periodEnd: "2025-02-28", amountCents: 15, dueOn: "2025-03-30", ended: true, partial: false });
  });

  test("2010's 0.073% on $2,000 is $1.46 a year; 2012's 0.057% on $1,250 is $0.7125, $0.71 half up", () => {
    const year = (start: string, cents: number) =>
      interestPeriods({ termStart: start, booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: start, cents }], rates, asOf: "2013-12-31" })[0]!.amountCents;
    expect(year("2010-06-01", 200_000)).toBe(146);
    expect(year("2012-01-15", 125_000)).toBe(71);
  });

  test("every period of a lease uses the rate of the year its term began", () => {
    const periods = interestPeriods({ termStart: "2012-05-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: "2012-05-01", cents: 200_000 }], rates, asOf: "2014-06-01" });
    expect(periods.map((p) => [p.periodStart, p.rateYear, p.amountCents])).toEqual([
      ["2012-05-01", 2012, 114],
      ["2013-05-01", 2012, 114],
      ["2014-05-01", 2012, 114],
    ]);
    expect(periods.map((p) => p.ended)).toEqual([true, true, false]);
  });

  test("a deposit held six months or less earns nothing; a move-out after 18 months closes a part-period, due with the deposit", () => {
    const short = interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn: "2024-06-30", returnDueOn: "2024-08-14", moves: [{ date: "2024-01-01", cents: 100_000 }], rates, asOf: "2024-07-10" });
    expect(short).toMatchObject([{ partial: true, amountCents: 0, dueOn: "2024-08-14" }]);
    const long = interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn: "2025-06-30", returnDueOn: "2025-08-14", moves: [{ date: "2024-01-01", cents: 1_000_000 }], rates, asOf: "2025-07-10" });
    // The second period: January 1 to June 30, 2025 is 181 of 365 days: 10,000.00 x 0.0001 x 181/365 = 0.4959, $0.50.
    expect(long.map((p) => [p.periodEnd, p.partial, p.amountCents])).toEqual([
      ["2024-12-31", false, 100],
      ["2025-06-30", true, 50],
    ]);
  });

  test("interest follows the deposit held day by day: a deposit paid in two halves, part kept later", () => {
    // $1,000 from January 1, $1,000 more from July 1 (day 182 of 366 in 2024), nothing kept.
    const cents = centDays([{ date: "2024-01-01", cents: 100_000 }, { date: "2024-07-01", cents: 100_000 }], "2024-01-01", "2024-12-31");
    expect(cents).toBe(BigInt(100_000 * 366 + 100_000 * 184));
  });

  test("an unknown year's rate leaves the amount open, not zero", () => {
    const [period] = interestPeriods({ termStart: "2023-02-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: "2023-02-01", cents: 100_000 }], rates, asOf: "2024-03-10" });
    expect(period).toMatchObject({ rateYear: 2023, ratePpm: null, amountCents: null });
  });

  test("which deposits earn interest: every one in Chicago and suburban Cook, elsewhere only from 25 units (765 ILCS 715/1)", () => {
    expect(interestRuleOf("chicago_rlto", 2)).toBe("rlto");
    expect(interestRuleOf("cook_county", 2)).toBe("cook");
    expect(interestRuleOf("illinois", 24)).toBeNull();
    expect(interestRuleOf("illinois", 25)).toBe("sdia");
    expect(receiptRequired("chicago_rlto")).toBe(true);
    expect(receiptRequired("cook_county")).toBe(true);
    expect(receiptRequired("illinois")).toBe(false);
  });
});

describe("the arithmetic at its edges", () => {
  test("rates as the notices write them, and nothing else", () => {
    expect(ppmOfPercent(" 0.01 ")).toBe(100);
    expect(ppmOfPercent("12")).toBe(120_000);
    expect(ppmOfPercent("10.5")).toBe(105_000);
    for (const bad of ["", "abc", "0.01%", "1.23456", ".5", "1.", "x0.01", "0.01x"]) expect(() => ppmOfPercent(bad), bad).toThrow(`not a rate: ${bad}`);
  });

  test("cent-days: both ends counted, moves in any order, a move on the first or last day, an empty or reversed range", () => {
    const moves = [
      { date: "2024-03-11", cents: -500 },
      { date: "2024-03-01", cents: 1_000 },
    ];
    // 1,000 for March 1-10 (10 days), 500 for March 11-31 (21 days).
    expect(centDays(moves, "2024-03-01", "2024-03-31")).toBe(BigInt(1_000 * 10 + 500 * 21));
    // From March 11: 500 for 21 days (the move on the first day counts from that day).
    expect(centDays(moves, "2024-03-11", "2024-03-31")).toBe(BigInt(500 * 21));
    // To March 11: the last day's move counts for that day.
    expect(centDays(moves, "2024-03-01", "2024-03-11")).toBe(BigInt(1_000 * 10 + 500));
    expect(centDays(moves, "2024-03-05", "2024-03-05")).toBe(1_000n);
    expect(centDays(moves, "2024-03-06", "2024-03-05")).toBe(0n);
    // A move after the range is not counted in it.
    expect(centDays([...moves, { date: "2024-04-02", cents: 9_999 }], "2024-03-01", "2024-04-01")).toBe(BigInt(1_000 * 10 + 500 * 22));
  });

  test("the six months: held exactly six months earns nothing, a day more earns", () => {
    const rates = new Map([[2024, 1_000_000]]); // 100%, so any day shows
    const period = (vacatedOn: string) =>
      interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn, returnDueOn: null, moves: [{ date: "2024-01-01", cents: 36_600 }], rates, asOf: "2024-12-31" })[0]!;
    expect(period("2024-07-01").amountCents).toBe(0);
    // July 2 is more than six months after January 1: January 1 to July 2 is 184 days (182 to June 30, then 2), so $366 at 100% over 366 days is $184.00.
    expect(period("2024-07-02").amountCents).toBe(18_400);
    // Without a return day, the interest of a part-period is due 45 days after the move-out.
    expect(period("2024-07-02").dueOn).toBe("2024-08-16");
  });

  test("a period that begins the day asked about is listed; a move-out on the period's last day ends it there", () => {
    const base = { termStart: "2024-01-01", booksFrom: null, returnDueOn: "2025-02-14", moves: [{ date: "2024-01-01", cents: 100_000 }], rates };
    const running = interestPeriods({ ...base, vacatedOn: null, asOf: "2025-01-01" });
    expect(running.map((p) => [p.periodStart, p.ended])).toEqual([
      ["2024-01-01", true],
      ["2025-01-01", false],
    ]);
    // The period's last day is ended on that day, not before.
    expect(interestPeriods({ ...base, vacatedOn: null, asOf: "2024-12-30" }).map((p) => p.ended)).toEqual([false]);
    expect(interestPeriods({ ...base, vacatedOn: null, asOf: "2024-12-31" }).map((p) => p.ended)).toEqual([true]);
    const lastDay = interestPeriods({ ...base, vacatedOn: "2024-12-31", asOf: "2025-01-10" });
    expect(lastDay).toMatchObject([{ periodEnd: "2024-12-31", partial: true, dueOn: "2025-02-14", ended: true }]);
    // Moved out, asked before the day: not ended yet.
    expect(interestPeriods({ ...base, vacatedOn: "2024-12-31", asOf: "2024-12-30" })).toMatchObject([{ partial: true, ended: false }]);
  });

  test("books that start later leave out the periods that ended before them, and only those", () => {
    const base = { termStart: "2022-01-01", vacatedOn: null, returnDueOn: null, moves: [{ date: "2022-01-01", cents: 100_000 }], rates, asOf: "2024-06-01" };
    expect(interestPeriods({ ...base, booksFrom: "2023-12-31" }).map((p) => p.periodStart)).toEqual(["2023-01-01", "2024-01-01"]);
    expect(interestPeriods({ ...base, booksFrom: "2024-01-01" }).map((p) => p.periodStart)).toEqual(["2024-01-01"]);
    expect(interestPeriods({ ...base, booksFrom: null }).map((p) => p.periodStart)).toEqual(["2022-01-01", "2023-01-01", "2024-01-01"]);
  });

  test("no deposit ever held, no periods; a deposit first paid later counts from that day", () => {
    expect(interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [], rates, asOf: "2025-06-01" })).toEqual([]);
    expect(interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: "2024-02-01", cents: 0 }], rates, asOf: "2025-06-01" })).toEqual([]);
    const rates100 = new Map([[2024, 1_000_000]]);
    // $366 first held from April 1 (275 days of 2024's 366) at 100%: $275.00.
    const [late] = interestPeriods({ termStart: "2024-01-01", booksFrom: null, vacatedOn: null, returnDueOn: null, moves: [{ date: "2024-04-01", cents: 36_600 }], rates: rates100, asOf: "2025-06-01" });
    expect(late!.amountCents).toBe(27_500);
  });
});

describe("a move-out's deadlines", () => {
  test("each rule set names its own source; a casualty shortens Chicago's return only", () => {
    expect(moveOutDeadlines("cook_county", { vacatedOn: "2026-11-30", possessionEndsOn: null, casualty: false })).toMatchObject({
      statementSource: "Cook County Code Sec. 42-804 (Residential Tenant Landlord Ordinance)",
      returnSource: "Cook County Code Sec. 42-804 (Residential Tenant Landlord Ordinance)",
    });
    expect(moveOutDeadlines("cook_county", { vacatedOn: "2026-11-30", possessionEndsOn: null, casualty: true }).returnDueOn).toBe("2027-01-14");
    expect(moveOutDeadlines("chicago_rlto", { vacatedOn: "2026-11-30", possessionEndsOn: null, casualty: false })).toMatchObject({
      statementSource: "Chicago Municipal Code 5-12-080(d)",
      returnSource: "Chicago Municipal Code 5-12-080(d)",
    });
    expect(moveOutDeadlines("chicago_rlto", { vacatedOn: "2026-11-30", possessionEndsOn: null, casualty: true }).returnSource).toBe("Chicago Municipal Code 5-12-080(d) and 5-12-110(g)");
  });

  test("Chicago: statement within 30 days after the tenant vacates, the deposit within 45 (5-12-080(d))", () => {
    expect(moveOutDeadlines("chicago_rlto", { vacatedOn: "2026-11-30", possessionEndsOn: "2026-12-31", casualty: false })).toMatchObject({
      statementDueOn: "2026-12-30",
      returnDueOn: "2027-01-14",
      countedFrom: "2026-11-30",
    });
  });

  test("Chicago, after a fire or casualty: the deposit within 7 days (5-12-110(g))", () => {
    expect(moveOutDeadlines("chicago_rlto", { vacatedOn: "2026-11-30", possessionEndsOn: null, casualty: true }).returnDueOn).toBe("2026-12-07");
  });

  test("elsewhere in Illinois: 30 and 45 days from the later of the move-out and the end of the right of possession (P.A. 103-0224)", () => {
    expect(moveOutDeadlines("illinois", { vacatedOn: "2026-11-20", possessionEndsOn: "2026-11-30", casualty: true })).toMatchObject({
      statementDueOn: "2026-12-30",
      returnDueOn: "2027-01-14",
      countedFrom: "2026-11-30",
    });
  });
});

describe("the compliance calendar", () => {
  test("statuses: overdue after the day, due soon within 14 days, upcoming beyond, done when done", () => {
    expect(statusOf("2026-11-25", false, "2026-11-26")).toBe("overdue");
    expect(statusOf("2026-12-10", false, "2026-11-26")).toBe("due_soon");
    expect(statusOf("2026-12-11", false, "2026-11-26")).toBe("upcoming");
    expect(statusOf("2026-11-25", true, "2026-11-26")).toBe("done");
  });

  test("a Chicago deposit with no receipt is overdue from the day it was received, with what is at stake", () => {
    const items = leaseCompliance(chicagoLease(), "2026-11-26");
    const receipt = items.find((i) => i.kind === "deposit_receipt")!;
    expect(receipt).toMatchObject({ due_on: "2025-06-01", status: "overdue", source: "Chicago Municipal Code 5-12-080(b)" });
    expect(receipt.stake).toContain("whole deposit back");
    // Given late, it is done; a line done more than 60 days ago leaves the calendar.
    expect(leaseCompliance(chicagoLease({ receiptGivenOn: "2026-11-20" }), "2026-11-26").find((i) => i.kind === "deposit_receipt")!.status).toBe("done");
    expect(leaseCompliance(chicagoLease({ receiptGivenOn: "2025-06-01" }), "2026-11-26").find((i) => i.kind === "deposit_receipt")).toBeUndefined();
  });

  test("a deposit the books opened with is not asked a receipt dated the books' first day; one received within the books is, on its day", () => {
    // A tenant living there since June 2025, entered with the books from October 1, 2026 (a
    // rent-roll import): the $1,500 deposit was received before the books, on a day they do not
    // know. RLTO 5-12-080(b) ties the receipt to receiving the deposit, so the books' first day is
    // no receipt day, and nothing here is overdue for it.
    const opened = chicagoLease({
      booksFrom: "2026-10-01",
      entries: [
        { id: "o", date: "2026-10-01", kind: "opening_balance", amountCents: 0, period: "2026-10", voids: null },
        { id: "h", date: "2026-10-01", kind: "deposit_held", amountCents: 0, depositCents: 150_000, period: "2026-10", voids: null },
      ],
    });
    expect(leaseCompliance(opened, "2026-11-26").some((i) => i.kind === "deposit_receipt")).toBe(false);
    // A receipt the owner records for it anyway shows as done.
    const given = leaseCompliance({ ...opened, receiptGivenOn: "2026-10-15" }, "2026-11-26").find((i) => i.kind === "deposit_receipt")!;
    expect(given).toMatchObject({ due_on: "2026-10-01", status: "done" });
    // $500 more deposit charged on November 2 and paid on November 3 is received within the books:
    // its receipt is due that day, overdue by November 26.
    const more = chicagoLease({
      ...opened,
      entries: [
        ...opened.entries,
        { id: "d2", date: "2026-11-02", kind: "deposit", amountCents: 50_000, period: "2026-11", voids: null },
        { id: "p2", date: "2026-11-03", kind: "payment", amountCents: -50_000, period: "2026-11", voids: null },
      ],
    });
    expect(leaseCompliance(more, "2026-11-26").find((i) => i.kind === "deposit_receipt")).toMatchObject({ due_on: "2026-11-03", status: "overdue" });
  });

  test("Chicago: the City's two summaries go with the lease when it starts (5-12-170): overdue until given, done once given; not outside the RLTO", () => {
    const summary = leaseCompliance(chicagoLease(), "2026-11-26").find((i) => i.kind === "rlto_summary")!;
    expect(summary).toMatchObject({ due_on: "2025-06-01", status: "overdue", source: "Chicago Municipal Code 5-12-170", action_path: "/portal/leases/lease-1#signature" });
    expect(summary.stake).toContain("$100");
    expect(leaseCompliance(chicagoLease({ rltoSummaryGivenOn: "2026-11-20" }), "2026-11-26").find((i) => i.kind === "rlto_summary")!.status).toBe("done");
    expect(leaseCompliance(chicagoLease({ startDate: "2027-01-01" }), "2026-11-26").find((i) => i.kind === "rlto_summary")!.status).toBe("upcoming");
    expect(leaseCompliance(chicagoLease({ rules: "cook_county", jurisdiction: "suburban_cook" }), "2026-11-26").some((i) => i.kind === "rlto_summary")).toBe(false);
  });

  test("the first year's interest is due July 1, 2026 (the period ends May 31); unsettled, it is overdue, with twice the deposit at stake", () => {
    const interest = leaseCompliance(chicagoLease(), "2026-11-26").filter((i) => i.kind === "deposit_interest");
    expect(interest.map((i) => [i.due_on, i.status])).toEqual([
      ["2026-06-30", "overdue"],
      ["2027-06-30", "upcoming"],
    ]);
    expect(interest[0]!.stake).toContain("twice the deposit");
    expect(interest[0]!.title).toContain("$0.15 at 0.01%");
  });

  test("Fair Notice: a lease ending December 31, 2026 after 1 year 7 months needs 60 days' notice, served by November 1", () => {
    const notice = leaseCompliance(chicagoLease(), "2026-10-20").find((i) => i.kind === "notice_deadline")!;
    // 60 days after November 1 (the day of service not counted) is December 31.
    expect(notice).toMatchObject({ due_on: "2026-11-01", status: "due_soon", source: "Chicago Municipal Code 5-12-130(j)" });
  });

  test("a move-out brings the statement and the return, done once the statement is sent", () => {
    const moved = chicagoLease({ moveOut: { vacatedOn: "2026-11-20", casualty: false, statementSentOn: null, receiptsSentOn: null, hasEstimates: false } });
    const items = leaseCompliance(moved, "2026-11-26");
    expect(items.filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return").map((i) => [i.kind, i.due_on, i.status])).toEqual([
      ["move_out_statement", "2026-12-20", "upcoming"],
      ["deposit_return", "2027-01-04", "upcoming"],
    ]);
    const sent = leaseCompliance({ ...moved, moveOut: { ...moved.moveOut!, statementSentOn: "2026-11-26", hasEstimates: true } }, "2026-11-26");
    expect(sent.filter((i) => i.kind !== "deposit_receipt" && i.kind !== "deposit_interest" && i.kind !== "rlto_summary").map((i) => [i.kind, i.status])).toEqual([
      ["move_out_statement", "done"],
      ["deduction_receipts", "upcoming"],
      ["deposit_return", "done"],
    ]);
  });

  test("outside Chicago and Cook County a small building has no receipt or interest lines", () => {
    const items = leaseCompliance(chicagoLease({ rules: "illinois", jurisdiction: "illinois_other" }), "2026-11-26");
    expect(items.filter((i) => i.kind === "deposit_receipt" || i.kind === "deposit_interest")).toEqual([]);
  });

  test("the weekly email's key is the Monday of the week", () => {
    expect(weekOf("2026-11-26")).toBe("2026-11-23");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
  });
});
