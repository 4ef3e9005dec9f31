import { describe, expect, test } from "bun:test";
import { periodOf, type IsoDate } from "../../src/shared/calendar.ts";
import type { ExpenseCategory } from "../../src/shared/books.ts";
import type { PropertyType } from "../../src/shared/portal.ts";
import type { LedgerFact } from "../../src/server/domain/portal/ledger-rules.ts";
import { fairRentalDays, percentLabel, scheduleE, transientShare } from "../../src/server/domain/portal/schedule-e-rules.ts";
import type { ReportExpense, ReportLease, ReportProperty } from "../../src/server/domain/portal/statement-rules.ts";

// Schedule E (Form 1040) Part I for 2025 on the cash basis, for an owner with five properties
// (PORTAL.md 6): line 3 is rent received in the year, lines 5-19 expenses paid in it, line 18 the
// building's depreciation by Publication 946, lines 20 and 21 per property, 23a-26 over all of them.
// The figures are worked by hand in the comments.

let seq = 0;
const fact = (kind: LedgerFact["kind"], date: IsoDate, amountCents: number): LedgerFact => ({
  id: `f${++seq}`,
  date,
  kind,
  amountCents,
  period: kind === "rent" || kind === "late_fee" ? periodOf(date) : null,
  voids: null,
});
let eseq = 0;
const expense = (propertyId: string, date: IsoDate, amountCents: number, category: ExpenseCategory | null, payee: string, memo: string | null = null): ReportExpense => ({
  id: `x${++eseq}`,
  propertyId,
  date,
  amountCents,
  payee,
  memo,
  category,
});
const property = (id: string, displayName: string, propertyType: PropertyType, placedInService: IsoDate | null, buildingBasisCents: number | null, archived = false): ReportProperty => ({
  id,
  displayName,
  address: { line1: `${displayName.length}0 N Clark St`, line2: null, city: "Chicago", state: "IL", zip: "60614" },
  propertyType,
  placedInService,
  buildingBasisCents,
  archived,
});

const maple = property("maple", "Maple Two-Flat", "multi_family", "2020-01-15", 27_500_000);
const store = property("store", "Corner Store", "commercial", "2023-07-20", 39_000_000);
const lot = property("lot", "Parking Lot", "land", null, null);
const oldHouse = property("old", "Old House", "single_family", null, null, true);
const sold = property("sold", "Sold Condo", "single_family", "2015-03-01", 10_000_000, true);
const cabin = property("cabin", "Lake Cabin", "vacation", "1985-06-01", 5_000_000);

const leases: ReportLease[] = [
  // Unit 1: January's rent was paid on December 30, 2024 (income in 2024); February's in February;
  // a $50 late fee paid on December 31, 2025. The deposit is held, not income.
  {
    id: "m1",
    propertyId: "maple",
    unitLabel: "1",
    startDate: "2024-06-01",
    endDate: null,
    entries: [
      fact("deposit", "2024-06-01", 100_000),
      fact("payment", "2024-06-01", -100_000),
      fact("payment", "2024-12-30", -100_000),
      fact("rent", "2025-01-01", 100_000),
      fact("rent", "2025-02-01", 100_000),
      fact("payment", "2025-02-03", -100_000),
      fact("late_fee", "2025-02-10", 5_000),
      fact("payment", "2025-12-31", -5_000),
    ],
  },
  // Unit 2: March through August, March's $1,200 paid on March 1 and nothing since.
  { id: "m2", propertyId: "maple", unitLabel: "2", startDate: "2025-03-01", endDate: "2025-08-31", entries: [fact("rent", "2025-03-01", 120_000), fact("payment", "2025-03-01", -120_000)] },
  { id: "s1", propertyId: "store", unitLabel: "Shop", startDate: "2025-01-01", endDate: null, entries: [fact("rent", "2025-01-01", 300_000), fact("payment", "2025-01-01", -300_000)] },
  // The lot is let for parking from May; January 2026's rent paid early in 2026 is not 2025's.
  { id: "p1", propertyId: "lot", unitLabel: "All", startDate: "2025-05-01", endDate: null, entries: [fact("rent", "2025-05-01", 50_000), fact("payment", "2025-05-01", -50_000), fact("payment", "2026-01-01", -50_000)] },
  { id: "c1", propertyId: "sold", unitLabel: "4B", startDate: "2023-01-01", endDate: "2024-06-30", entries: [fact("rent", "2024-06-01", 90_000), fact("payment", "2024-06-01", -90_000)] },
];

const expenses: ReportExpense[] = [
  expense("maple", "2025-01-01", 600_000, "mortgage_interest", "Chase Mortgage"),
  expense("maple", "2025-04-11", 50_000, "repairs", "Ace Hardware"),
  expense("maple", "2025-05-20", 12_000, "other", "Orkin", "  Pest control "),
  expense("maple", "2025-11-02", 8_000, "other", "Orkin", "Pest control"),
  expense("maple", "2025-07-01", 4_000, "other", "City of Chicago"),
  expense("maple", "2025-07-01", 30_000, "hoa_dues", "Maple HOA"),
  expense("maple", "2025-09-15", 500_000, "capital_improvement", "Roofers Inc"),
  expense("maple", "2025-10-10", 7_500, null, "ZELLE J SMITH"),
  expense("store", "2025-06-30", 400_000, "property_taxes", "Cook County Treasurer"),
  expense("store", "2025-01-01", 200_000, "mortgage_interest", "Wintrust"),
  expense("store", "2025-03-31", 100_000, "owner_draw", "Owner"),
  expense("store", "2025-03-31", 20_000, "mortgage_principal", "Wintrust"),
  expense("old", "2025-03-31", 6_000, "repairs", "Handyman"),
  expense("old", "2025-05-02", 4_000, "repairs", "Handyman"),
];
// Not dated in 2025: paid in other years.
const otherYears = [expense("maple", "2024-12-31", 999_900, "repairs", "Late 2024"), expense("sold", "2026-01-01", 999_900, "repairs", "Early 2026")];

const { report, transactions } = scheduleE({ year: 2025, properties: [maple, store, lot, oldHouse, sold, cabin], leases, expenses: [...expenses, ...otherYears] });

describe("Schedule E for 2025", () => {
  test("the form, its pages, and the columns: A, B, C on each page; an archived property with nothing in the year is left out", () => {
    expect([report.year, report.basis, report.form, report.pages]).toEqual([2025, "cash", "Schedule E (Form 1040), Part I", 2]);
    expect(report.properties.map((c) => [c.page, c.column, c.property.display_name, c.property.archived, c.line_1b])).toEqual([
      [1, "A", "Maple Two-Flat", false, 2],
      [1, "B", "Corner Store", false, 4],
      [1, "C", "Parking Lot", false, 5],
      [2, "A", "Old House", true, 1],
      [2, "B", "Lake Cabin", false, 3],
    ]);
    expect(report.properties[0]!.property).toEqual({ id: "maple", display_name: "Maple Two-Flat", property_type: "multi_family", archived: false });
    expect(report.properties[0]!.line_1a).toBe("140 N Clark St, Chicago, IL 60614");
  });

  test("line 2: days let, no personal use, not a qualified joint venture", () => {
    // Maple: Unit 1 covers the whole year (Unit 2's months are inside it): 365. Store: 365.
    // Lot: May 1 - Dec 31 = 245. Old House, cabin: no lease.
    expect(report.properties.map((c) => c.line_2)).toEqual([
      { fair_rental_days: 365, personal_use_days: 0, qjv: false },
      { fair_rental_days: 365, personal_use_days: 0, qjv: false },
      { fair_rental_days: 245, personal_use_days: 0, qjv: false },
      { fair_rental_days: 0, personal_use_days: 0, qjv: false },
      { fair_rental_days: 0, personal_use_days: 0, qjv: false },
    ]);
  });

  test("each property's lines: rent received in the year, expenses paid in it, depreciation, total and income or loss", () => {
    const zero = { "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0, "10": 0, "11": 0, "12": 0, "13": 0, "14": 0, "15": 0, "16": 0, "17": 0, "18": 0, "19": 0, "20": 0, "21": 0 };
    // Maple: line 3 = February's $1,000 + the $50 fee + Unit 2's $1,200 = $2,250 (January's rent came in 2024).
    // Line 12 $6,000, 14 $500, 19 = pest control $200 + city $40 + HOA $300 = $540, 18 = 3.636% of $275,000 = $9,999.00.
    // Line 20 = 6,000 + 500 + 540 + 9,999 = 17,039; line 21 = 2,250 - 17,039 = -14,789.
    expect(report.properties[0]!.lines).toEqual({ ...zero, "3": 225_000, "12": 600_000, "14": 50_000, "18": 999_900, "19": 54_000, "20": 1_703_900, "21": -1_478_900 });
    // Store: rent $3,000; taxes $4,000, interest $2,000; year 3 of Table A-7a: 2.564% of $390,000 = $9,999.60.
    // Line 20 = 15,999.60; 21 = -12,999.60. The draw and the principal are on no line.
    expect(report.properties[1]!.lines).toEqual({ ...zero, "3": 300_000, "12": 200_000, "16": 400_000, "18": 999_960, "20": 1_599_960, "21": -1_299_960 });
    // Lot: $500 of May's rent; land is not depreciated.
    expect(report.properties[2]!.lines).toEqual({ ...zero, "3": 50_000, "21": 50_000 });
    expect(report.properties[3]!.lines).toEqual({ ...zero, "14": 10_000, "20": 10_000, "21": -10_000 });
    expect(report.properties[4]!.lines).toEqual(zero);
  });

  test("the totals 23a-26 over all properties", () => {
    // 24: the Lot's $500 only; 25: -14,789 - 12,999.60 - 100 = -27,888.60; 26: -27,388.60.
    expect(report.lines).toEqual({
      "3": 575_000,
      "4": 0,
      "5": 0,
      "6": 0,
      "7": 0,
      "8": 0,
      "9": 0,
      "10": 0,
      "11": 0,
      "12": 800_000,
      "13": 0,
      "14": 60_000,
      "15": 0,
      "16": 400_000,
      "17": 0,
      "18": 1_999_860,
      "19": 54_000,
      "20": 3_313_860,
      "21": -2_738_860,
      "23a": 575_000,
      "23b": 0,
      "23c": 800_000,
      "23d": 1_999_860,
      "23e": 3_313_860,
      "24": 50_000,
      "25": -2_788_860,
      "26": -2_738_860,
    });
  });

  test("line 19 lists its items: an Other expense by its memo (else its payee), the rest by category", () => {
    expect(report.properties[0]!.other_items).toEqual([
      { description: "City of Chicago", amount_cents: 4_000 },
      { description: "HOA dues", amount_cents: 30_000 },
      { description: "Pest control", amount_cents: 20_000 },
    ]);
    expect(report.properties[1]!.other_items).toEqual([]);
  });

  test("line 18: the building's depreciation and its schedule, or why there is none", () => {
    const d = report.properties[0]!.depreciation!;
    expect({ ...d, schedule: d.schedule.length }).toEqual({
      recovery_class: "residential_27_5",
      method: "Residential rental property, GDS 27.5 years, straight line, mid-month (Pub. 946 Table A-6)",
      basis_cents: 27_500_000,
      placed_in_service: "2020-01-15",
      recovery_year: 6,
      percent: "3.636",
      amount_cents: 999_900,
      // 2020: 9,583.75 and 2021-2024: 4 x 9,999.00.
      prior_years_cents: 958_375 + 4 * 999_900,
      remaining_basis_cents: 27_500_000 - 958_375 - 5 * 999_900,
      // Placed in service in January: 28 years of the table (year 29 is 0.000% in January's column, not shown).
      schedule: 28,
    });
    expect(d.schedule[0]).toEqual({ year: 2020, recovery_year: 1, percent: "3.485", amount_cents: 958_375 });
    expect(d.schedule.at(-1)).toEqual({ year: 2047, recovery_year: 28, percent: "1.970", amount_cents: 541_750 });
    const s = report.properties[1]!.depreciation!;
    expect([s.recovery_class, s.method, s.recovery_year, s.percent, s.amount_cents, s.schedule.length]).toEqual([
      "nonresidential_39",
      "Nonresidential real property, GDS 39 years, straight line, mid-month (Pub. 946 Table A-7a)",
      3,
      "2.564",
      999_960,
      40,
    ]);
    expect(report.properties.map((c) => c.notes)).toEqual([
      [],
      [],
      [],
      ["No depreciation on line 18: enter the building's basis and the date it was placed in service on the property."],
      [
        "Line 18 needs your figure: Placed in service from 1981 through 1986: ACRS property (15-, 18- or 19-year real property, or a straight line of up to 45 years if that was elected), which this report does not compute. Enter this year's depreciation from your records or earlier returns (Form 4562); the report shows $0.",
      ],
    ]);
    expect(report.properties.map((c) => c.line_18)).toEqual(["computed", "computed", "not_depreciable", "no_basis", "owner_figure_needed"]);
    expect(report.properties[4]!.class_rule).toContain("A vacation home rented to tenants is residential rental property");
    expect([report.properties[2]!.depreciation, report.properties[3]!.depreciation, report.properties[4]!.depreciation]).toEqual([null, null, null]);
  });

  test("a building placed in service in 1987 is depreciated; after its recovery period, line 18 is nothing and no transaction", () => {
    const p87 = property("p87", "Brick Six-Flat", "multi_family", "1987-01-10", 10_000_000);
    // Insurance paid in the year gives the building its column (one with nothing to report has none).
    const insured = (id: string) => [expense(id, "2025-03-01", 10_000, "insurance", "State Farm")];
    const in2025 = scheduleE({ year: 2025, properties: [p87], leases: [], expenses: insured("p87") });
    expect(in2025.report.properties[0]!.notes).toEqual([]);
    // Recovery year 39: past Table A-6's 29 years.
    expect(in2025.report.properties[0]!.depreciation).toMatchObject({ recovery_year: 39, percent: "0.000", amount_cents: 0, prior_years_cents: 10_000_000, remaining_basis_cents: 0 });
    expect(in2025.report.properties[0]!.lines["18"]).toBe(0);
    expect(in2025.transactions.filter((t) => t.line === "18")).toEqual([]);
    // A building with a zero basis: nothing to depreciate, and the owner is told so.
    const zeroBasis = scheduleE({ year: 2025, properties: [{ ...p87, buildingBasisCents: 0 }], leases: [], expenses: insured("p87") });
    expect(zeroBasis.report.properties[0]!.depreciation).toBeNull();
    expect(zeroBasis.report.properties[0]!.notes).toHaveLength(1);
  });

  test("a store placed in service March 10, 1992 ($275,000) is 31.5-year property (Table A-7): nothing left for 2025 and 2026", () => {
    const store92 = property("s92", "Old Store", "commercial", "1992-03-10", 27_500_000);
    for (const year of [2025, 2026]) {
      const column = scheduleE({ year, properties: [store92], leases: [], expenses: [expense("s92", `${year}-03-01`, 10_000, "insurance", "State Farm")] }).report.properties[0]!;
      expect(column.lines["18"], String(year)).toBe(0);
      expect(column.depreciation).toMatchObject({
        recovery_class: "nonresidential_31_5",
        method: "Nonresidential real property placed in service before May 13, 1993, GDS 31.5 years, straight line, mid-month (Pub. 946 Table A-7)",
        prior_years_cents: 27_500_000,
        remaining_basis_cents: 0,
      });
    }
    // 2023, its 32nd recovery year: 2.249% of $275,000 = $6,184.75, the last.
    expect(scheduleE({ year: 2023, properties: [store92], leases: [], expenses: [] }).report.properties[0]!.lines["18"]).toBe(618_475);
  });

  test("placed in service in 1993 after May 12: 39 years, with the binding-contract exception named", () => {
    const store93 = property("s93", "Corner Store", "commercial", "1993-05-20", 39_000_000);
    const column = scheduleE({ year: 2025, properties: [store93], leases: [], expenses: [] }).report.properties[0]!;
    expect(column.depreciation!.recovery_class).toBe("nonresidential_39");
    expect(column.notes[0]).toContain("binding contract in effect before May 13, 1993");
  });

  test("a vacation home is residential rental property; rented mostly in stays under 30 days, the report warns it may be 39-year property", () => {
    const cottage = property("cot", "Dunes Cottage", "vacation", "2015-06-01", 20_000_000);
    const weekly = (start: IsoDate, end: IsoDate): ReportLease => ({ id: `w${start}`, propertyId: "cot", unitLabel: "House", startDate: start, endDate: end, entries: [] });
    const season = [weekly("2025-06-01", "2025-06-07"), weekly("2025-06-08", "2025-06-14"), weekly("2025-07-01", "2025-07-10")];
    const short = scheduleE({ year: 2025, properties: [cottage], leases: season, expenses: [] }).report.properties[0]!;
    expect(short.depreciation!.recovery_class).toBe("residential_27_5");
    expect(short.notes.join(" ")).toContain("used on a transient basis it is nonresidential real property (39 years)");
    // A long let and a week: 92 of 99 days in stays of 30 days or more, so no warning.
    const longer = [weekly("2025-06-01", "2025-08-31"), weekly("2025-09-01", "2025-09-07")];
    expect(scheduleE({ year: 2025, properties: [cottage], leases: longer, expenses: [] }).report.properties[0]!.notes).toEqual([]);
    expect(transientShare(longer, 2025)).toBeCloseTo(7 / 99, 10);
    expect(transientShare([], 2025)).toBeNull();
  });

  test("land is not depreciated even with a basis and a date; a building needs both", () => {
    const land = property("land", "Vacant Lot", "land", "2020-01-01", 5_000_000);
    const noDate = property("nodate", "New Duplex", "multi_family", null, 20_000_000);
    const taxes = ["land", "nodate"].map((id) => expense(id, "2025-06-01", 20_000, "property_taxes", "Cook County Treasurer"));
    const r = scheduleE({ year: 2025, properties: [land, noDate], leases: [], expenses: taxes }).report;
    expect(r.properties.map((c) => [c.depreciation, c.lines["18"], c.notes.length])).toEqual([
      [null, 0, 0],
      [null, 0, 1],
    ]);
  });

  test("a property with nothing to report in the year (no rent, expense, depreciation or rental day) has no column, and a note names it", () => {
    // Schedule E's Part I reports each property's income and expenses (IRS Instructions for
    // Schedule E, lines 1a-22); a column of zeros says nothing. Reading: the report leaves it out
    // and says so (decision 0088), and the columns after it take its letter.
    const idle = property("idle", "Empty Bungalow", "single_family", null, null);
    const busy = property("busy", "Busy Duplex", "multi_family", null, null);
    const later = property("later", "Corner Store", "commercial", null, null);
    const spent = [expense("busy", "2025-02-01", 30_000, "repairs", "Ace Hardware"), expense("later", "2025-02-02", 40_000, "repairs", "Ace Hardware")];
    const { report, transactions } = scheduleE({ year: 2025, properties: [idle, busy, later], leases: [], expenses: spent });
    expect(report.properties.map((c) => [c.column, c.property.display_name])).toEqual([
      ["A", "Busy Duplex"],
      ["B", "Corner Store"],
    ]);
    expect(transactions.map((t) => [t.column, t.property])).toEqual([
      ["A", "Busy Duplex"],
      ["B", "Corner Store"],
    ]);
    expect(report.notes.at(-1)).toBe("Not on this report: Empty Bungalow, with no rent, expense, depreciation or rental day in 2025 (a property with nothing to report in a year has no column).");
    // A building still being depreciated has something to report with no rent at all: line 18.
    const depreciating = property("dep", "New Six-Flat", "multi_family", "2024-01-15", 50_000_000);
    expect(scheduleE({ year: 2025, properties: [depreciating], leases: [], expenses: [] }).report.properties).toHaveLength(1);
  });

  test("uncategorised expenses are on no line and listed; what is not deductible is listed by category", () => {
    expect(report.uncategorized).toEqual([{ expense_id: expenses[7]!.id, date: "2025-10-10", property: "Maple Two-Flat", payee: "ZELLE J SMITH", amount_cents: 7_500 }]);
    expect(report.not_deductible).toEqual([
      { category: "capital_improvement", label: "Capital improvement", amount_cents: 500_000 },
      { category: "mortgage_principal", label: "Mortgage principal", amount_cents: 20_000 },
      { category: "owner_draw", label: "Owner draw", amount_cents: 100_000 },
    ]);
    expect(report.notes).toEqual([
      "Cash basis: rent and fees count when received, expenses when paid.",
      "Line 2: fair rental days are the days a lease covered the property (any unit); personal-use days are 0 because the portal records no personal use. If you or your family used the property, tell your tax preparer (IRC 280A).",
      "Lines 24-26 are before any passive activity loss limit (Form 8582), which your tax preparer applies.",
      "Line 18 needs your figure for Lake Cabin: placed in service before 1987, not computed by this report (its line 18 shows $0).",
      "1 expense(s) are not categorized and are on no line: categorize them before filing.",
      "Capital improvements are not deducted: they are depreciated from the month placed in service (add them to the property's basis or as assets on Form 4562).",
    ]);
  });

  test("every transaction behind the lines, by date and column, for the CPA", () => {
    expect(transactions.map((t) => [t.date, t.column, t.property, t.payee, t.category, t.line, t.amount_cents])).toEqual([
      ["2025-01-01", "A", "Maple Two-Flat", "Chase Mortgage", "Mortgage interest paid to banks", "12", 600_000],
      ["2025-01-01", "B", "Corner Store", "Unit Shop", "Rent", "3", 300_000],
      ["2025-01-01", "B", "Corner Store", "Wintrust", "Mortgage interest paid to banks", "12", 200_000],
      ["2025-02-03", "A", "Maple Two-Flat", "Unit 1", "Rent", "3", 100_000],
      ["2025-03-01", "A", "Maple Two-Flat", "Unit 2", "Rent", "3", 120_000],
      // Column A of page 2 comes before column B of page 1 on the same day.
      ["2025-03-31", "A", "Old House", "Handyman", "Repairs", "14", 6_000],
      ["2025-03-31", "B", "Corner Store", "Owner", "Owner draw", "none", 100_000],
      ["2025-03-31", "B", "Corner Store", "Wintrust", "Mortgage principal", "none", 20_000],
      ["2025-04-11", "A", "Maple Two-Flat", "Ace Hardware", "Repairs", "14", 50_000],
      ["2025-05-01", "C", "Parking Lot", "Unit All", "Rent", "3", 50_000],
      // A later day comes after an earlier one whatever the columns.
      ["2025-05-02", "A", "Old House", "Handyman", "Repairs", "14", 4_000],
      ["2025-05-20", "A", "Maple Two-Flat", "Orkin", "Other", "19", 12_000],
      ["2025-06-30", "B", "Corner Store", "Cook County Treasurer", "Property taxes", "16", 400_000],
      ["2025-07-01", "A", "Maple Two-Flat", "City of Chicago", "Other", "19", 4_000],
      ["2025-07-01", "A", "Maple Two-Flat", "Maple HOA", "HOA dues", "19", 30_000],
      ["2025-09-15", "A", "Maple Two-Flat", "Roofers Inc", "Capital improvement", "none", 500_000],
      ["2025-10-10", "A", "Maple Two-Flat", "ZELLE J SMITH", "Not categorized", "uncategorized", 7_500],
      ["2025-11-02", "A", "Maple Two-Flat", "Orkin", "Other", "19", 8_000],
      ["2025-12-31", "A", "Maple Two-Flat", "Unit 1", "Late fees", "3", 5_000],
      ["2025-12-31", "A", "Maple Two-Flat", "Depreciation", "Building, recovery year 6 at 3.636%", "18", 999_900],
      ["2025-12-31", "B", "Corner Store", "Depreciation", "Building, recovery year 3 at 2.564%", "18", 999_960],
    ]);
    // The tenants by name when the caller knows them.
    const named = scheduleE({ year: 2025, properties: [maple], leases, expenses: [], payerOf: (l) => `Unit ${l.unitLabel} (Imani Walker)` });
    expect(named.transactions.filter((t) => t.line === "3").map((t) => t.payee)).toEqual(["Unit 1 (Imani Walker)", "Unit 2 (Imani Walker)", "Unit 1 (Imani Walker)"]);
  });

  test("no properties: one empty page and nothing to warn about", () => {
    const empty = scheduleE({ year: 2025, properties: [], leases: [], expenses: [] });
    expect(empty.report.pages).toBe(1);
    expect(empty.report.properties).toEqual([]);
    expect(empty.report.lines["26"]).toBe(0);
    expect(empty.report.notes).toHaveLength(3);
    expect(empty.report.not_deductible).toEqual([]);
  });

  test("an archived property is listed for rent received in the year alone", () => {
    const leaseIn2025: ReportLease = {
      id: "c2",
      propertyId: "sold",
      unitLabel: "4B",
      startDate: "2024-01-01",
      endDate: "2025-01-31",
      entries: [fact("rent", "2024-12-01", 90_000), fact("payment", "2024-12-01", -90_000), fact("rent", "2025-01-01", 90_000), fact("payment", "2025-01-05", -90_000)],
    };
    const r = scheduleE({ year: 2025, properties: [sold], leases: [leaseIn2025], expenses: [] }).report;
    expect(r.properties.map((c) => [c.property.id, c.lines["3"], c.line_2.fair_rental_days])).toEqual([["sold", 90_000, 31]]);
  });

  test("a security deposit paid in the year is not rent received", () => {
    const lease: ReportLease = { id: "n1", propertyId: "lot", unitLabel: "All", startDate: "2025-06-01", endDate: null, entries: [fact("deposit", "2025-06-01", 50_000), fact("rent", "2025-06-01", 50_000), fact("payment", "2025-06-01", -100_000)] };
    const r = scheduleE({ year: 2025, properties: [lot], leases: [lease], expenses: [] });
    expect(r.report.properties[0]!.lines["3"]).toBe(50_000);
    expect(r.transactions.map((t) => [t.category, t.amount_cents])).toEqual([["Rent", 50_000]]);
  });
});

describe("fair rental days", () => {
  const lease = (startDate: IsoDate, endDate: IsoDate | null) => ({ startDate, endDate });
  test("overlapping, nested, touching and out-of-order leases count each day once", () => {
    // Given in any order: Jan 1-Mar 31 (90), Feb 1-Apr 30 adds Apr (30), a lease inside another adds nothing.
    expect(fairRentalDays([lease("2025-02-01", "2025-04-30"), lease("2025-01-01", "2025-03-31"), lease("2025-02-10", "2025-02-20")], 2025)).toBe(120);
    // A lease ending the day the next starts: Jan 1-Jan 31 and Jan 31-Feb 28 are 59 days.
    expect(fairRentalDays([lease("2025-01-01", "2025-01-31"), lease("2025-01-31", "2025-02-28")], 2025)).toBe(59);
    // Back to back: Jan 1-Jan 31 and Feb 1-Feb 28.
    expect(fairRentalDays([lease("2025-02-01", "2025-02-28"), lease("2025-01-01", "2025-01-31")], 2025)).toBe(59);
    // Leases that ended in the year before or start in the next count nothing; a single day counts one.
    expect(fairRentalDays([lease("2024-01-01", "2024-12-31"), lease("2025-12-31", "2025-12-31")], 2025)).toBe(1);
    expect(fairRentalDays([lease("2023-01-01", "2024-06-30"), lease("2025-03-01", "2025-03-10"), lease("2026-02-01", null)], 2025)).toBe(10);
    expect(fairRentalDays([lease("2025-01-01", "2025-01-01")], 2025)).toBe(1);
    expect(fairRentalDays([], 2025)).toBe(0);
  });

  test("percent labels print the table's three decimals", () => {
    expect([percentLabel(3485), percentLabel(152), percentLabel(0), percentLabel(2564)]).toEqual(["3.485", "0.152", "0.000", "2.564"]);
  });
});
