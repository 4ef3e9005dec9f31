import { describe, expect, test } from "bun:test";
import type { LedgerFact } from "../../src/server/domain/portal/allocation.ts";
import { leaseCompliance, statusOf, type ComplianceItem, type ComplianceLease } from "../../src/server/domain/portal/compliance.ts";
import { chicagoLease, depositPaidOn } from "../support/compliance-lease.ts";
import type { ComplianceKind, ComplianceStatus } from "../../src/shared/portal.ts";

// The compliance calendar's lines (PORTAL.md 3b, docs/features/deposits.md), line by line and
// rule set by rule set. Every expected day is counted here by hand from the text it comes from:
// - Chicago Municipal Code 5-12-170: the City's RLTO summary and interest rate summary go with
//   each lease when offered and renewed;
// - 5-12-080(b): a signed receipt when the deposit is received;
// - 5-12-080(c) and 5-12-081: interest within 30 days after the end of each 12-month rental period;
// - 5-12-080(d): the itemized statement within 30 days after the tenant vacates, the deposit within
//   45; 5-12-110(g): within 7 days when the lease ends after a fire or casualty (the app counts the
//   7 days from the day the tenant vacated: docs/decisions/0071);
// - 5-12-130(j), kept by 5-12-020(a) for owner-occupied buildings of six units or fewer (which are
//   otherwise outside the RLTO: jurisdiction.ts gives them the "illinois" rules and the "chicago"
//   jurisdiction): 30, 60 or 120 days' notice not to renew, by length of tenancy;
// - Cook County Residential Tenant and Landlord Ordinance, Sec. 42-804: receipt, interest, the same
//   30 and 45 days (the section number is from secondary sources, decisions/0071);
// - 765 ILCS 710/1 as amended by P.A. 103-0224: 30 and 45 days from the later of the move-out and
//   the end of the right of possession; 765 ILCS 715: interest only for 25 or more units;
// - 735 ILCS 5/9-202: a lease that ends without a decision.
// Days are calendar days with no extension past a weekend (decisions/0071). A line is overdue the
// day after its due day, due soon from 14 days before it through the day itself, done lines leave
// the calendar 60 days after they were done.

const LEASE_PATH = "/portal/leases/lease-1";

const lease = chicagoLease;
const cookLease = (overrides: Partial<ComplianceLease> = {}) => lease({ rules: "cook_county", jurisdiction: "suburban_cook", place: "100 Main St, Evanston, unit 2", ...overrides });
const illinoisLease = (overrides: Partial<ComplianceLease> = {}) => lease({ rules: "illinois", jurisdiction: "illinois_other", place: "5 Elm St, Peoria, unit 3", ...overrides });
/** An owner-occupied Chicago two-flat: outside most of the RLTO (5-12-020(a)), the statutes' rules, Chicago's Fair Notice. */
const ownerOccupiedLease = (overrides: Partial<ComplianceLease> = {}) => lease({ rules: "illinois", jurisdiction: "chicago", ...overrides });

type MoveOut = NonNullable<ComplianceLease["moveOut"]>;
const moveOut = (overrides: Partial<MoveOut> = {}): MoveOut => ({ vacatedOn: "2026-11-20", casualty: false, statementSentOn: null, receiptsSentOn: null, hasEstimates: false, ...overrides });

const ofKind = (items: ComplianceItem[], kind: ComplianceKind) => items.filter((i) => i.kind === kind);
const one = (items: ComplianceItem[], kind: ComplianceKind) => {
  const found = ofKind(items, kind);
  expect(found.map((i) => i.kind)).toEqual([kind]);
  return found[0]!;
};
/** The status of the only line of `kind` on each day asked. */
const statusesOn = (of: ComplianceLease, kind: ComplianceKind, days: string[]): ComplianceStatus[] => days.map((today) => one(leaseCompliance(of, today), kind).status);

// The words the owner reads, as the calendar must write them.
const SUMMARY = {
  title: "Give the tenants the City's RLTO summary and its security deposit interest rate summary with the lease",
  rule: "Both City summaries are attached to each written lease when it is offered and when it is renewed (an oral lease: given to the tenant). Sending the lease for signature here attaches them.",
  source: "Chicago Municipal Code 5-12-170",
  stake: "RLTO 5-12-170: the tenant may end the lease by written notice and recover $100.",
  action_path: `${LEASE_PATH}#signature`,
};
const RECEIPT = {
  title: "Give the tenant a signed receipt for the security deposit",
  rule: "A landlord who receives a security deposit gives a signed receipt with the amount, the date, who received it and the unit, at the time of receiving it.",
  action_path: `${LEASE_PATH}#deposit`,
};
const INTEREST_RULE = "Interest on a deposit held more than six months is paid, in cash or as a credit to rent, within 30 days after the end of each 12-month rental period.";
const STATEMENT_TITLE = "Send the itemized statement of deductions from the deposit (with paid receipts or estimates)";
const STATEMENT_RULE_VACATED =
  "Within 30 days after the tenant vacates, an itemized statement of the damage and its cost, with paid receipts or estimates; without it, nothing may be kept for damage.";
const STATEMENT_RULE_LATER =
  "Within 30 days after the later of the move-out and the end of the right of possession, an itemized statement of the damage and its cost, with paid receipts or estimates; without it, nothing may be kept for damage.";
const RECEIPTS_TITLE = "Send the paid receipts for the deductions the statement estimated";
const RECEIPTS_RULE = "Where a cost was estimated, copies of the paid receipts follow within 30 days of the statement.";
const RETURN_TITLE = "Return the deposit, less what the statement keeps, with the interest owed";
const RETURN_TITLE_CASUALTY = "Return the deposit within 7 days (the lease ended after a fire or casualty)";
const RETURN_RULE = "The deposit, less the deductions itemized, and the interest owed go back to the tenant by the deadline.";
const NOTICE_RULE = "Not renewing a lease, or ending a month-to-month tenancy, takes 30 days' notice under 6 months of tenancy, 60 from 6 months to 3 years, 120 over 3 years.";
const NOTICE_STAKE = "A notice served later does not end the tenancy on the lease's last day.";
const LEASE_END_RULE = "A lease that ends without a decision becomes a month-to-month tenancy if the tenant stays and the rent is accepted.";

const SOURCES = {
  rltoReceipt: "Chicago Municipal Code 5-12-080(b)",
  rltoInterest: "Chicago Municipal Code 5-12-080(c) and 5-12-081",
  rltoReturn: "Chicago Municipal Code 5-12-080(d)",
  rltoCasualty: "Chicago Municipal Code 5-12-080(d) and 5-12-110(g)",
  cook: "Cook County Code Sec. 42-804 (Residential Tenant Landlord Ordinance)",
  sdra: "765 ILCS 710/1 (Security Deposit Return Act, as amended by P.A. 103-0224, in force January 1, 2024)",
  sdia: "765 ILCS 715 (Security Deposit Interest Act: 25 or more units)",
  fairNotice: "Chicago Municipal Code 5-12-130(j)",
  possession: "735 ILCS 5/9-202 and the lease",
};
const STAKES = {
  rltoReceipt: "RLTO 5-12-080(b): without a signed receipt the tenant may have the whole deposit back at once.",
  rltoTwice: "RLTO 5-12-080(f): twice the deposit plus interest, and the tenant's attorney's fees.",
  cookReceipt: "Cook County RTLO Sec. 42-804: the ordinance's remedies for a deposit handled out of its rules (verify with counsel).",
  cookTwice: "Cook County RTLO Sec. 42-804: the ordinance's remedies, up to twice the deposit (verify with counsel).",
  sdiaInterest: "765 ILCS 715/2: the deposit's interest, and damages for a willful failure.",
  sdraReturn: "765 ILCS 710/1: twice the deposit due, court costs and attorney's fees, when a court finds the statement refused or made in bad faith.",
};

/** A whole line as the calendar shows it for the Chicago fixture's lease. */
const line = (kind: ComplianceKind, due_on: string, status: ComplianceStatus, text: { title: string; rule: string; source: string; stake: string; action_path?: string }, place = "2201 W Cermak Rd, unit 1"): ComplianceItem => ({
  kind,
  lease_id: "lease-1",
  property_id: "property-1",
  place,
  due_on,
  status,
  title: text.title,
  rule: text.rule,
  source: text.source,
  stake: text.stake,
  action_path: text.action_path ?? `${LEASE_PATH}#deposit`,
  verify: "verify with counsel",
});

describe("a line's status", () => {
  test("a line is due soon through its own day and overdue from the day after", () => {
    expect(statusOf("2026-11-25", false, "2026-11-24")).toBe("due_soon");
    expect(statusOf("2026-11-25", false, "2026-11-25")).toBe("due_soon");
    expect(statusOf("2026-11-25", false, "2026-11-26")).toBe("overdue");
  });

  test("due soon means within 14 days: November 26 + 14 is December 10; December 11 is still upcoming", () => {
    expect(statusOf("2026-12-10", false, "2026-11-26")).toBe("due_soon");
    expect(statusOf("2026-12-11", false, "2026-11-26")).toBe("upcoming");
  });

  test("a done line is done, whether its day has passed or not", () => {
    expect(statusOf("2026-11-25", true, "2026-11-26")).toBe("done");
    expect(statusOf("2026-11-26", true, "2026-11-26")).toBe("done");
    expect(statusOf("2027-05-01", true, "2026-11-26")).toBe("done");
  });
});

describe("a Chicago lease's calendar, line by line", () => {
  test("on October 20, 2026: the summaries and the receipt overdue since June 1, 2025, two interest periods, and the Fair Notice due soon", () => {
    expect(leaseCompliance(lease(), "2026-10-20")).toEqual([
      // 5-12-170: with the lease, i.e. on its first day, June 1, 2025.
      line("rlto_summary", "2025-06-01", "overdue", SUMMARY),
      // 5-12-080(b): at the time of receiving the deposit, paid June 1, 2025.
      line("deposit_receipt", "2025-06-01", "overdue", { ...RECEIPT, source: SOURCES.rltoReceipt, stake: STAKES.rltoReceipt }),
      // 5-12-080(c): the first 12-month period runs June 1, 2025 to May 31, 2026; 30 days after is
      // June 30, 2026. $1,500.00 x 0.01% over the full 365 days = $0.15.
      line("deposit_interest", "2026-06-30", "overdue", {
        title: "Pay or credit the deposit's interest for Jun 1, 2025 to May 31, 2026 ($0.15 at 0.01%)",
        rule: INTEREST_RULE,
        source: SOURCES.rltoInterest,
        stake: STAKES.rltoTwice,
      }),
      // The second period (June 1, 2026 to May 31, 2027, 365 days: no February 29) is running: due June 30, 2027.
      line("deposit_interest", "2027-06-30", "upcoming", {
        title: "Pay or credit the deposit's interest for Jun 1, 2026 to May 31, 2027 ($0.15 at 0.01%)",
        rule: INTEREST_RULE,
        source: SOURCES.rltoInterest,
        stake: STAKES.rltoTwice,
      }),
      // 5-12-130(j): in the unit since June 1, 2025, so over six months and under three years on any
      // day of service from December 1, 2025: 60 days. 60 days after November 1, 2026 (the day of
      // service not counted) is December 31, 2026, a Thursday and no holiday; any later day of
      // service ends after it. November 1 is 12 days after October 20: due soon.
      line("notice_deadline", "2026-11-01", "due_soon", {
        title: "Not renewing? Serve written notice by Nov 1, 2026 (60 days before the lease ends on Dec 31, 2026)",
        rule: NOTICE_RULE,
        source: SOURCES.fairNotice,
        stake: NOTICE_STAKE,
        action_path: LEASE_PATH,
      }),
      // No lease_end line: December 31 is 72 days after October 20, beyond the 60 days shown.
    ]);
  });

  test("the summaries and the receipt are due the day the lease starts and the deposit comes in: due soon from 14 days before, overdue the day after", () => {
    // June 1, 2025 - 15 days = May 17; - 14 = May 18; the day before, May 31; the day after, June 2.
    const days = ["2025-05-17", "2025-05-18", "2025-05-31", "2025-06-01", "2025-06-02"];
    const expected = ["upcoming", "due_soon", "due_soon", "due_soon", "overdue"];
    expect(statusesOn(lease(), "rlto_summary", days)).toEqual(expected as ComplianceStatus[]);
    expect(statusesOn(lease(), "deposit_receipt", days)).toEqual(expected as ComplianceStatus[]);
  });

  test("a summary or receipt given is done, and stays on the calendar 60 days after it was given", () => {
    // November 26, 2026 - 60 days = September 27, 2026 (3 days of September, 31 of October, 26 of November).
    const kept = leaseCompliance(lease({ receiptGivenOn: "2026-09-27", rltoSummaryGivenOn: "2026-09-27" }), "2026-11-26");
    expect(one(kept, "deposit_receipt")).toEqual(line("deposit_receipt", "2025-06-01", "done", { ...RECEIPT, source: SOURCES.rltoReceipt, stake: STAKES.rltoReceipt }));
    expect(one(kept, "rlto_summary")).toEqual(line("rlto_summary", "2025-06-01", "done", SUMMARY));
    // Given a day earlier: done 61 days ago, gone.
    const gone = leaseCompliance(lease({ receiptGivenOn: "2026-09-26", rltoSummaryGivenOn: "2026-09-26" }), "2026-11-26");
    expect(ofKind(gone, "deposit_receipt")).toEqual([]);
    expect(ofKind(gone, "rlto_summary")).toEqual([]);
    // Given only the receipt: the summary is still overdue.
    expect(one(leaseCompliance(lease({ receiptGivenOn: "2026-11-20" }), "2026-11-26"), "rlto_summary").status).toBe("overdue");
  });

  test("a lease starting later has its summaries upcoming until 14 days before", () => {
    // A lease offered for January 1, 2027, asked on November 26, 2026 (36 days before).
    const later = lease({ startDate: "2027-01-01", endDate: "2027-12-31", occupiedSince: "2027-01-01", entries: [] });
    expect(one(leaseCompliance(later, "2026-11-26"), "rlto_summary")).toEqual(line("rlto_summary", "2027-01-01", "upcoming", SUMMARY));
    // December 18, 2026 is 14 days before January 1: due soon.
    expect(one(leaseCompliance(later, "2026-12-18"), "rlto_summary").status).toBe("due_soon");
  });

  test("a lease without a deposit has no receipt or interest line", () => {
    const items = leaseCompliance(lease({ entries: [] }), "2026-11-26");
    expect(items.map((i) => i.kind)).toEqual(["rlto_summary", "notice_deadline", "lease_end"]);
  });
});

describe("the deposit receipt (5-12-080(b); Cook County Sec. 42-804)", () => {
  test("suburban Cook County asks the receipt too, under the county's ordinance and its remedies", () => {
    const items = leaseCompliance(cookLease(), "2026-11-26");
    expect(one(items, "deposit_receipt")).toEqual(
      line("deposit_receipt", "2025-06-01", "overdue", { ...RECEIPT, source: SOURCES.cook, stake: STAKES.cookReceipt }, "100 Main St, Evanston, unit 2"),
    );
    expect(one(leaseCompliance(cookLease({ receiptGivenOn: "2026-11-01" }), "2026-11-26"), "deposit_receipt").status).toBe("done");
  });

  test("elsewhere in Illinois, and in an owner-occupied Chicago two-flat, no statute asks a receipt", () => {
    expect(ofKind(leaseCompliance(illinoisLease({ unitCount: 30 }), "2026-11-26"), "deposit_receipt")).toEqual([]);
    expect(ofKind(leaseCompliance(ownerOccupiedLease(), "2026-11-26"), "deposit_receipt")).toEqual([]);
  });

  test("a deposit paid on the books' first day is asked a receipt on that day", () => {
    const opened = lease({
      booksFrom: "2026-10-01",
      entries: [{ id: "o", date: "2026-10-01", kind: "opening_balance", amountCents: 0, period: "2026-10", voids: null }, ...depositPaidOn("2026-10-01")],
    });
    expect(one(leaseCompliance(opened, "2026-11-26"), "deposit_receipt")).toMatchObject({ due_on: "2026-10-01", status: "overdue" });
  });

  test("a deposit dated before the books began is asked no receipt the books cannot date; one recorded still shows as done", () => {
    // The books begin October 1, 2026 but carry the deposit's own entries of June 1, 2025: the
    // books do not vouch for that day, so the calendar asks nothing for it.
    const before = lease({ booksFrom: "2026-10-01" });
    expect(ofKind(leaseCompliance(before, "2026-11-26"), "deposit_receipt")).toEqual([]);
    expect(one(leaseCompliance({ ...before, receiptGivenOn: "2026-10-15" }, "2026-11-26"), "deposit_receipt")).toMatchObject({ due_on: "2025-06-01", status: "done" });
  });

  test("a deposit the books opened with, alone or later returned, is asked no receipt", () => {
    const held: LedgerFact = { id: "h", date: "2026-10-01", kind: "deposit_held", amountCents: 0, depositCents: 150_000, period: "2026-10", voids: null };
    // The books hold nothing but the deposit already held when they began.
    expect(ofKind(leaseCompliance(lease({ booksFrom: "2026-10-01", entries: [held] }), "2026-11-26"), "deposit_receipt")).toEqual([]);
    // Returned at the move-out: money going back is no deposit received.
    const returned = lease({
      booksFrom: "2026-10-01",
      entries: [held, { id: "r", date: "2026-12-01", kind: "deposit_returned", amountCents: 0, depositCents: -150_000, period: "2026-12", voids: null }],
      moveOut: moveOut({ statementSentOn: "2026-12-01" }),
    });
    expect(ofKind(leaseCompliance(returned, "2026-12-05"), "deposit_receipt")).toEqual([]);
  });
});

describe("the deposit's interest, each 12-month rental period", () => {
  test("Chicago: due 30 days after the period ends (May 31 + 30 = June 30, 2026): due soon from June 16, overdue from July 1", () => {
    // June 30 - 15 = June 15; - 14 = June 16.
    const days = ["2026-06-15", "2026-06-16", "2026-06-29", "2026-06-30", "2026-07-01"];
    const first = (today: string) => ofKind(leaseCompliance(lease(), today), "deposit_interest")[0]!;
    expect(days.map((d) => [first(d).due_on, first(d).status])).toEqual([
      ["2026-06-30", "upcoming"],
      ["2026-06-30", "due_soon"],
      ["2026-06-30", "due_soon"],
      ["2026-06-30", "due_soon"],
      ["2026-06-30", "overdue"],
    ]);
  });

  test("a settled period is done, and leaves the calendar 60 days after its due day", () => {
    const settled = lease({ settledPeriods: new Set(["2025-06-01"]) });
    // June 30, 2026 + 60 days = August 29, 2026 (31 days to July 31, 29 more).
    expect(ofKind(leaseCompliance(settled, "2026-08-29"), "deposit_interest").map((i) => [i.due_on, i.status])).toEqual([
      ["2026-06-30", "done"],
      ["2027-06-30", "upcoming"],
    ]);
    expect(ofKind(leaseCompliance(settled, "2026-08-30"), "deposit_interest").map((i) => [i.due_on, i.status])).toEqual([["2027-06-30", "upcoming"]]);
  });

  test("a year whose rate nobody has entered yet says so instead of an amount", () => {
    const [first] = ofKind(leaseCompliance(lease({ rates: new Map() }), "2026-10-20"), "deposit_interest");
    expect(first!.title).toBe("Pay or credit the deposit's interest for Jun 1, 2025 to May 31, 2026 (the rate for 2025 is not entered yet)");
  });

  test("the amount is the deposit times the year's rate: $2,000 at 0.073% is $1.46", () => {
    // March 1, 2024 to February 28, 2025 is 365 days (February 29, 2024 falls before it): 2,000.00 x 0.00073 = $1.46, due March 30, 2025.
    const items = leaseCompliance(lease({ startDate: "2024-03-01", endDate: "2025-02-28", entries: depositPaidOn("2024-03-01", 200_000), rates: new Map([[2024, 730]]) }), "2025-03-01");
    expect(ofKind(items, "deposit_interest").map((i) => [i.due_on, i.title])).toEqual([
      ["2025-03-30", "Pay or credit the deposit's interest for Mar 1, 2024 to Feb 28, 2025 ($1.46 at 0.073%)"],
      ["2026-03-30", "Pay or credit the deposit's interest for Mar 1, 2025 to Feb 28, 2026 ($1.46 at 0.073%)"],
    ]);
  });

  test("suburban Cook County: every deposit earns interest under the county's ordinance", () => {
    const items = leaseCompliance(cookLease(), "2026-10-20");
    expect(ofKind(items, "deposit_interest")).toEqual([
      line(
        "deposit_interest",
        "2026-06-30",
        "overdue",
        { title: "Pay or credit the deposit's interest for Jun 1, 2025 to May 31, 2026 ($0.15 at 0.01%)", rule: INTEREST_RULE, source: SOURCES.cook, stake: STAKES.cookTwice },
        "100 Main St, Evanston, unit 2",
      ),
      line(
        "deposit_interest",
        "2027-06-30",
        "upcoming",
        { title: "Pay or credit the deposit's interest for Jun 1, 2026 to May 31, 2027 ($0.15 at 0.01%)", rule: INTEREST_RULE, source: SOURCES.cook, stake: STAKES.cookTwice },
        "100 Main St, Evanston, unit 2",
      ),
    ]);
  });

  test("elsewhere in Illinois only a building of 25 units or more owes interest (765 ILCS 715/1)", () => {
    expect(ofKind(leaseCompliance(illinoisLease({ unitCount: 24 }), "2026-10-20"), "deposit_interest")).toEqual([]);
    expect(ofKind(leaseCompliance(illinoisLease({ unitCount: 25 }), "2026-10-20"), "deposit_interest")).toEqual([
      line(
        "deposit_interest",
        "2026-06-30",
        "overdue",
        { title: "Pay or credit the deposit's interest for Jun 1, 2025 to May 31, 2026 ($0.15 at 0.01%)", rule: INTEREST_RULE, source: SOURCES.sdia, stake: STAKES.sdiaInterest },
        "5 Elm St, Peoria, unit 3",
      ),
      line(
        "deposit_interest",
        "2027-06-30",
        "upcoming",
        { title: "Pay or credit the deposit's interest for Jun 1, 2026 to May 31, 2027 ($0.15 at 0.01%)", rule: INTEREST_RULE, source: SOURCES.sdia, stake: STAKES.sdiaInterest },
        "5 Elm St, Peoria, unit 3",
      ),
    ]);
    // An owner-occupied Chicago two-flat follows the statutes: two units, no interest line.
    expect(ofKind(leaseCompliance(ownerOccupiedLease(), "2026-10-20"), "deposit_interest")).toEqual([]);
  });

  test("a move-out's last, partial period is not a line of its own: it is paid with the deposit", () => {
    // Vacated November 20, 2026: the first period (to May 31, 2026) is whole and still owed; the
    // second (June 1 to November 20, 2026) is cut short and settled by the statement.
    const items = leaseCompliance(lease({ moveOut: moveOut() }), "2026-11-26");
    expect(ofKind(items, "deposit_interest").map((i) => i.due_on)).toEqual(["2026-06-30"]);
  });

  test("a tenant who left before the first period ended has no interest line, however long ago", () => {
    // Vacated March 31, 2026, inside the first period (to May 31, 2026): asked November 26, 2026,
    // after two period ends that the tenant was no longer there for.
    const items = leaseCompliance(lease({ moveOut: moveOut({ vacatedOn: "2026-03-31" }) }), "2026-11-26");
    expect(ofKind(items, "deposit_interest")).toEqual([]);
    // 5-12-080(d): statement by March 31 + 30 = April 30, 2026, deposit by March 31 + 45 = May 15, 2026.
    expect(items.filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return").map((i) => [i.kind, i.due_on, i.status])).toEqual([
      ["move_out_statement", "2026-04-30", "overdue"],
      ["deposit_return", "2026-05-15", "overdue"],
    ]);
  });
});

describe("a move-out: the statement, the receipts after estimates, the return", () => {
  test("Chicago: the statement within 30 days after the tenant vacates, the deposit within 45 (5-12-080(d))", () => {
    // Vacated November 20, 2026: + 30 = December 20, 2026; + 45 = January 4, 2027.
    const items = leaseCompliance(lease({ moveOut: moveOut() }), "2026-11-26");
    expect(items.filter((i) => i.kind !== "rlto_summary" && i.kind !== "deposit_receipt" && i.kind !== "deposit_interest")).toEqual([
      line("move_out_statement", "2026-12-20", "upcoming", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_VACATED, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
      line("deposit_return", "2027-01-04", "upcoming", { title: RETURN_TITLE, rule: RETURN_RULE, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
      // A lease with a move-out recorded asks no Fair Notice and no decision at its end.
    ]);
  });

  test("the statement's day and the return's: due soon 14 days before, overdue the day after", () => {
    const moved = lease({ moveOut: moveOut() });
    // December 20 - 15 = December 5; - 14 = December 6.
    expect(statusesOn(moved, "move_out_statement", ["2026-12-05", "2026-12-06", "2026-12-19", "2026-12-20", "2026-12-21"])).toEqual([
      "upcoming",
      "due_soon",
      "due_soon",
      "due_soon",
      "overdue",
    ]);
    // January 4, 2027 - 15 = December 20, 2026; - 14 = December 21.
    expect(statusesOn(moved, "deposit_return", ["2026-12-20", "2026-12-21", "2027-01-03", "2027-01-04", "2027-01-05"])).toEqual([
      "upcoming",
      "due_soon",
      "due_soon",
      "due_soon",
      "overdue",
    ]);
  });

  test("Chicago after a fire or casualty: the deposit within 7 days (5-12-110(g)); the statement keeps its 30", () => {
    // Vacated November 30, 2026: + 7 = December 7; + 30 = December 30.
    const items = leaseCompliance(lease({ moveOut: moveOut({ vacatedOn: "2026-11-30", casualty: true }) }), "2026-12-01");
    expect(items.filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return")).toEqual([
      line("move_out_statement", "2026-12-30", "upcoming", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_VACATED, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
      line("deposit_return", "2026-12-07", "due_soon", { title: RETURN_TITLE_CASUALTY, rule: RETURN_RULE, source: SOURCES.rltoCasualty, stake: STAKES.rltoTwice }),
    ]);
  });

  test("suburban Cook County: 30 and 45 days under Sec. 42-804, a casualty changing nothing", () => {
    // Whether the county's ordinance has its own fire-or-casualty return day is not settled here
    // (the app keeps the ordinance's 45 days, decisions/0071): the expectation is the app's reading.
    // Vacated November 30, 2026: + 30 = December 30; + 45 = January 14, 2027.
    for (const casualty of [false, true]) {
      const items = leaseCompliance(cookLease({ moveOut: moveOut({ vacatedOn: "2026-11-30", casualty }) }), "2026-12-01");
      expect(items.filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return")).toEqual([
        line("move_out_statement", "2026-12-30", "upcoming", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_VACATED, source: SOURCES.cook, stake: STAKES.cookTwice }, "100 Main St, Evanston, unit 2"),
        line("deposit_return", "2027-01-14", "upcoming", { title: RETURN_TITLE, rule: RETURN_RULE, source: SOURCES.cook, stake: STAKES.cookTwice }, "100 Main St, Evanston, unit 2"),
      ]);
    }
  });

  test("elsewhere in Illinois: 30 and 45 days from the later of the move-out and the end of the right of possession (765 ILCS 710/1, P.A. 103-0224)", () => {
    // Vacated November 20, 2026, the lease (the right of possession) ends November 30: counted from
    // November 30: + 30 = December 30, + 45 = January 14, 2027. The statute has no casualty rule.
    for (const casualty of [false, true]) {
      const items = leaseCompliance(illinoisLease({ endDate: "2026-11-30", moveOut: moveOut({ casualty }) }), "2026-11-26");
      expect(items).toEqual([
        line("move_out_statement", "2026-12-30", "upcoming", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_LATER, source: SOURCES.sdra, stake: STAKES.sdraReturn }, "5 Elm St, Peoria, unit 3"),
        line("deposit_return", "2027-01-14", "upcoming", { title: RETURN_TITLE, rule: RETURN_RULE, source: SOURCES.sdra, stake: STAKES.sdraReturn }, "5 Elm St, Peoria, unit 3"),
      ]);
    }
    // Vacated December 10, after the lease ended: counted from December 10: January 9 and 24, 2027.
    const late = leaseCompliance(illinoisLease({ endDate: "2026-11-30", moveOut: moveOut({ vacatedOn: "2026-12-10" }) }), "2026-12-11");
    expect(late.map((i) => [i.kind, i.due_on])).toEqual([
      ["move_out_statement", "2027-01-09"],
      ["deposit_return", "2027-01-24"],
    ]);
  });

  test("an owner-occupied Chicago two-flat follows the statute's move-out days, not the RLTO's", () => {
    // Vacated November 20, lease ending December 31, 2026: counted from December 31: + 30 = January 30, + 45 = February 14, 2027.
    const items = leaseCompliance(ownerOccupiedLease({ moveOut: moveOut({ casualty: true }) }), "2026-11-26");
    expect(items).toEqual([
      line("move_out_statement", "2027-01-30", "upcoming", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_LATER, source: SOURCES.sdra, stake: STAKES.sdraReturn }),
      line("deposit_return", "2027-02-14", "upcoming", { title: RETURN_TITLE, rule: RETURN_RULE, source: SOURCES.sdra, stake: STAKES.sdraReturn }),
    ]);
  });

  test("the statement sent settles the statement and the return; with estimates, the paid receipts follow within 30 days", () => {
    // Statement sent December 1, 2026 with estimated costs: receipts due December 1 + 30 = December 31, 2026.
    const sent = lease({ moveOut: moveOut({ statementSentOn: "2026-12-01", hasEstimates: true }) });
    expect(leaseCompliance(sent, "2026-12-02").filter((i) => i.kind !== "rlto_summary" && i.kind !== "deposit_receipt" && i.kind !== "deposit_interest")).toEqual([
      line("move_out_statement", "2026-12-20", "done", { title: STATEMENT_TITLE, rule: STATEMENT_RULE_VACATED, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
      line("deduction_receipts", "2026-12-31", "upcoming", { title: RECEIPTS_TITLE, rule: RECEIPTS_RULE, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
      line("deposit_return", "2027-01-04", "done", { title: RETURN_TITLE, rule: RETURN_RULE, source: SOURCES.rltoReturn, stake: STAKES.rltoTwice }),
    ]);
    // December 31 - 15 = December 16; - 14 = December 17; the day after is January 1, 2027.
    expect(statusesOn(sent, "deduction_receipts", ["2026-12-16", "2026-12-17", "2026-12-30", "2026-12-31", "2027-01-01"])).toEqual([
      "upcoming",
      "due_soon",
      "due_soon",
      "due_soon",
      "overdue",
    ]);
    // The receipts sent December 20: done.
    expect(one(leaseCompliance({ ...sent, moveOut: { ...sent.moveOut!, receiptsSentOn: "2026-12-20" } }, "2027-01-05"), "deduction_receipts").status).toBe("done");
  });

  test("no receipts are asked before the statement is sent, nor after a statement without estimates", () => {
    expect(ofKind(leaseCompliance(lease({ moveOut: moveOut({ hasEstimates: true }) }), "2026-11-26"), "deduction_receipts")).toEqual([]);
    expect(ofKind(leaseCompliance(lease({ moveOut: moveOut({ statementSentOn: "2026-12-01" }) }), "2026-12-02"), "deduction_receipts")).toEqual([]);
  });

  test("in suburban Cook and elsewhere the receipts follow under the same source as the statement", () => {
    const cook = cookLease({ moveOut: moveOut({ statementSentOn: "2026-12-01", hasEstimates: true }) });
    expect(one(leaseCompliance(cook, "2026-12-02"), "deduction_receipts")).toMatchObject({ due_on: "2026-12-31", source: SOURCES.cook, stake: STAKES.cookTwice });
    const elsewhere = illinoisLease({ moveOut: moveOut({ statementSentOn: "2026-12-01", hasEstimates: true }) });
    expect(one(leaseCompliance(elsewhere, "2026-12-02"), "deduction_receipts")).toMatchObject({ due_on: "2026-12-31", source: SOURCES.sdra, stake: STAKES.sdraReturn });
  });

  test("a statement sent leaves the calendar 60 days later: December 1 + 60 = January 30, 2027", () => {
    const sent = lease({ moveOut: moveOut({ statementSentOn: "2026-12-01" }) });
    expect(leaseCompliance(sent, "2027-01-30").filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return").map((i) => [i.kind, i.status])).toEqual([
      ["move_out_statement", "done"],
      ["deposit_return", "done"],
    ]);
    expect(leaseCompliance(sent, "2027-01-31").filter((i) => i.kind === "move_out_statement" || i.kind === "deposit_return")).toEqual([]);
  });
});

describe("Chicago's Fair Notice (5-12-130(j)) before a lease ends", () => {
  test("the last day to serve: due soon from 14 days before, overdue the day after", () => {
    // November 1, 2026 - 15 = October 17; - 14 = October 18.
    expect(statusesOn(lease(), "notice_deadline", ["2026-10-17", "2026-10-18", "2026-10-31", "2026-11-01", "2026-11-02"])).toEqual([
      "upcoming",
      "due_soon",
      "due_soon",
      "due_soon",
      "overdue",
    ]);
  });

  test("under six months in the unit: 30 days", () => {
    // In the unit since September 1, 2026; the lease ends Friday, January 29, 2027. Served December
    // 30, 2026, the tenancy is under six months (March 1, 2027): 30 days, ending January 29.
    const items = leaseCompliance(lease({ startDate: "2026-09-01", endDate: "2027-01-29", occupiedSince: "2026-09-01", entries: [] }), "2026-11-26");
    expect(one(items, "notice_deadline")).toEqual(
      line("notice_deadline", "2026-12-30", "upcoming", {
        title: "Not renewing? Serve written notice by Dec 30, 2026 (30 days before the lease ends on Jan 29, 2027)",
        rule: NOTICE_RULE,
        source: SOURCES.fairNotice,
        stake: NOTICE_STAKE,
        action_path: LEASE_PATH,
      }),
    );
  });

  test("over three years in the unit, through earlier leases: 120 days", () => {
    // In the unit since January 1, 2022; this lease runs 2026. Every day of service from January 1,
    // 2025 is over three years: 120 days. September 2, 2026 + 120 = December 31, 2026 (28 days of
    // September, 31, 30, 31); September 3 + 120 would be January 1, 2027, a holiday and past the end.
    const items = leaseCompliance(lease({ startDate: "2026-01-01", endDate: "2026-12-31", occupiedSince: "2022-01-01", entries: [] }), "2026-08-01");
    expect(one(items, "notice_deadline")).toMatchObject({
      due_on: "2026-09-02",
      status: "upcoming",
      title: "Not renewing? Serve written notice by Sep 2, 2026 (120 days before the lease ends on Dec 31, 2026)",
    });
  });

  test("an owner-occupied Chicago building keeps Fair Notice (5-12-020(a)), and nothing else of the RLTO", () => {
    expect(leaseCompliance(ownerOccupiedLease(), "2026-10-20")).toEqual([
      line("notice_deadline", "2026-11-01", "due_soon", {
        title: "Not renewing? Serve written notice by Nov 1, 2026 (60 days before the lease ends on Dec 31, 2026)",
        rule: NOTICE_RULE,
        source: SOURCES.fairNotice,
        stake: NOTICE_STAKE,
        action_path: LEASE_PATH,
      }),
    ]);
  });

  test("outside Chicago there is no Fair Notice line", () => {
    expect(ofKind(leaseCompliance(cookLease(), "2026-10-20"), "notice_deadline")).toEqual([]);
    expect(ofKind(leaseCompliance(illinoisLease(), "2026-10-20"), "notice_deadline")).toEqual([]);
  });

  test("the notice line stays through the lease's last day, and not after", () => {
    // On December 31, 2026 the notice could no longer have been served in time: overdue.
    expect(one(leaseCompliance(lease(), "2026-12-31"), "notice_deadline")).toMatchObject({ due_on: "2026-11-01", status: "overdue" });
    expect(ofKind(leaseCompliance(lease(), "2027-01-01"), "notice_deadline")).toEqual([]);
  });

  test("a lease too short for even 30 days' notice has no notice line", () => {
    // In the unit since November 10, 2026, the lease ending December 5: the last day for 30 days'
    // notice, November 5, is before the tenancy began.
    const items = leaseCompliance(lease({ startDate: "2026-11-10", endDate: "2026-12-05", occupiedSince: "2026-11-10", entries: [] }), "2026-11-26");
    expect(items.map((i) => i.kind)).toEqual(["rlto_summary", "lease_end"]);
  });

  test("a lease followed by another of the unit has its notice line done", () => {
    expect(one(leaseCompliance(lease({ followedBy: true }), "2026-10-20"), "notice_deadline")).toMatchObject({ due_on: "2026-11-01", status: "done" });
  });
});

describe("a lease's end (735 ILCS 5/9-202)", () => {
  const leaseEnd = (status: ComplianceStatus, place = "5 Elm St, Peoria, unit 3") =>
    line(
      "lease_end",
      "2026-12-31",
      status,
      {
        title: "The lease ends Dec 31, 2026: renew it, or record the move-out",
        rule: LEASE_END_RULE,
        source: SOURCES.possession,
        stake: "",
        action_path: LEASE_PATH,
      },
      place,
    );

  test("shown from 60 days before the lease ends: November 1 + 60 = December 31, 2026", () => {
    expect(leaseCompliance(illinoisLease(), "2026-10-31")).toEqual([]);
    expect(leaseCompliance(illinoisLease(), "2026-11-01")).toEqual([leaseEnd("upcoming")]);
  });

  test("due soon from 14 days before the end, overdue after it", () => {
    // December 31 - 15 = December 16; - 14 = December 17.
    expect(statusesOn(illinoisLease(), "lease_end", ["2026-12-16", "2026-12-17", "2026-12-30", "2026-12-31", "2027-01-01"])).toEqual([
      "upcoming",
      "due_soon",
      "due_soon",
      "due_soon",
      "overdue",
    ]);
  });

  test("a lease ended without a decision stays 60 days, overdue: December 31 + 60 = March 1, 2027", () => {
    expect(leaseCompliance(illinoisLease(), "2027-03-01")).toEqual([leaseEnd("overdue")]);
    expect(leaseCompliance(illinoisLease(), "2027-03-02")).toEqual([]);
    // The same in Chicago, where the notice line is gone once the lease has ended.
    expect(leaseCompliance(lease(), "2027-03-01").filter((i) => i.kind === "lease_end" || i.kind === "notice_deadline")).toEqual([leaseEnd("overdue", "2201 W Cermak Rd, unit 1")]);
  });

  test("renewed or re-let, the end is done", () => {
    expect(leaseCompliance(illinoisLease({ followedBy: true }), "2026-12-15")).toEqual([leaseEnd("done")]);
    expect(leaseCompliance(illinoisLease({ followedBy: true }), "2027-02-15")).toEqual([leaseEnd("done")]);
  });

  test("a move-out recorded, or a month-to-month tenancy with no end date, asks no decision", () => {
    expect(ofKind(leaseCompliance(illinoisLease({ moveOut: moveOut() }), "2026-12-15"), "lease_end")).toEqual([]);
    expect(leaseCompliance(illinoisLease({ endDate: null }), "2026-12-15")).toEqual([]);
    expect(leaseCompliance(lease({ endDate: null }), "2026-10-20").map((i) => i.kind)).toEqual(["rlto_summary", "deposit_receipt", "deposit_interest", "deposit_interest"]);
  });

  test("suburban Cook County: the end is shown, without a Fair Notice line", () => {
    expect(leaseCompliance(cookLease({ receiptGivenOn: "2026-12-01", settledPeriods: new Set(["2025-06-01"]) }), "2026-12-15").map((i) => [i.kind, i.status])).toEqual([
      ["deposit_receipt", "done"],
      ["deposit_interest", "upcoming"],
      // December 31 is 16 days after December 15: upcoming.
      ["lease_end", "upcoming"],
    ]);
  });
});
