import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_KEYS } from "../../src/shared/books.ts";
import { alaCartePrices } from "../../src/shared/membership.ts";
import { periodOf, type IsoDate } from "../../src/shared/calendar.ts";
import { renderScheduleEPdf } from "../../src/server/documents/schedule-e-pdf.ts";
import { bankRows, duplicateKey, guessMapping, parseBankAmount, parseBankDate, payeeKey, readBankRows, suggestCategory } from "../../src/server/domain/portal/bank-import-rules.ts";
import { balanceDueOn, cashReceipts, depositHeldOn, feesOwedOn, rentOwedOn } from "../../src/server/domain/portal/cash-rules.ts";
import { CLASS_RULES, depreciation, depreciationSchedule, PROPERTY_KIND, RECOVERY_CLASS_LABELS, recoveryMethodOf, tablePercent } from "../../src/server/domain/portal/depreciation.ts";
import type { LedgerFact } from "../../src/server/domain/portal/ledger-rules.ts";
import { prorate } from "../../src/server/domain/portal/rent.ts";
import { fairRentalDays, scheduleE } from "../../src/server/domain/portal/schedule-e-rules.ts";
import type { ReportExpense, ReportLease, ReportProperty } from "../../src/server/domain/portal/statement-rules.ts";
import { pdfPages } from "../support/pdf-text.ts";

// The books' rules as pure functions (PORTAL.md 6): depreciation against IRS Publication 946's
// printed tables, the cash basis of a ledger, Schedule E's line of every category, and the bank
// exports' quirks. Expected figures come from the publication or are worked by hand in comments.

describe("depreciation by Publication 946", () => {
  test("Table A-6 (residential rental, 27.5 years, mid-month): the printed percentages", () => {
    // Year 1 by month placed in service: Jan 3.485, Feb 3.182, ... Jul 1.667, ... Dec 0.152.
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("residential_27_5", 1, m + 1))).toEqual([3485, 3182, 2879, 2576, 2273, 1970, 1667, 1364, 1061, 758, 455, 152]);
    // Years 2-9: 3.636 in every column.
    for (let year = 2; year <= 9; year++) for (let m = 1; m <= 12; m++) expect(tablePercent("residential_27_5", year, m)).toBe(3636);
    // Year 10: 3.637 for months 1-6, 3.636 for 7-12; year 11 the other way round, alternating to year 27.
    expect(tablePercent("residential_27_5", 10, 1)).toBe(3637);
    expect(tablePercent("residential_27_5", 10, 7)).toBe(3636);
    expect(tablePercent("residential_27_5", 11, 1)).toBe(3636);
    expect(tablePercent("residential_27_5", 11, 12)).toBe(3637);
    expect(tablePercent("residential_27_5", 27, 6)).toBe(3636);
    // Year 28: Jan 1.970 ... Jun 3.485, then 3.636; year 29: Jul 0.152 ... Dec 1.667; nothing after.
    expect(tablePercent("residential_27_5", 28, 1)).toBe(1970);
    expect(tablePercent("residential_27_5", 28, 6)).toBe(3485);
    expect(tablePercent("residential_27_5", 28, 12)).toBe(3636);
    expect(tablePercent("residential_27_5", 29, 1)).toBe(0);
    expect(tablePercent("residential_27_5", 29, 7)).toBe(152);
    expect(tablePercent("residential_27_5", 29, 12)).toBe(1667);
    expect(tablePercent("residential_27_5", 30, 12)).toBe(0);
  });

  test("Table A-7a (nonresidential real property, 39 years, mid-month): the printed percentages", () => {
    // Year 1: Jan 2.461, Feb 2.247, ... Dec 0.107; years 2-39: 2.564; year 40: Jan 0.107 ... Dec 2.461.
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("nonresidential_39", 1, m + 1))).toEqual([2461, 2247, 2033, 1819, 1605, 1391, 1177, 963, 749, 535, 321, 107]);
    expect(tablePercent("nonresidential_39", 2, 5)).toBe(2564);
    expect(tablePercent("nonresidential_39", 39, 12)).toBe(2564);
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("nonresidential_39", 40, m + 1))).toEqual([107, 321, 535, 749, 963, 1177, 1391, 1605, 1819, 2033, 2247, 2461]);
    expect(tablePercent("nonresidential_39", 41, 1)).toBe(0);
  });

  test("Table A-7 (nonresidential real property placed in service before May 13, 1993, 31.5 years, mid-month): the printed percentages", () => {
    // Year 1: Jan 3.042, Feb 2.778, Mar 2.513 ... Dec 0.132; years 2-7: 3.175 in every column.
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("nonresidential_31_5", 1, m + 1))).toEqual([3042, 2778, 2513, 2249, 1984, 1720, 1455, 1190, 926, 661, 397, 132]);
    for (let year = 2; year <= 7; year++) for (let m = 1; m <= 12; m++) expect(tablePercent("nonresidential_31_5", year, m)).toBe(3175);
    // Years 8-31 alternate 3.175 and 3.174 across the columns: year 8 starts with 3.175 in January, year 9 with 3.174.
    expect(Array.from({ length: 4 }, (_, m) => tablePercent("nonresidential_31_5", 8, m + 1))).toEqual([3175, 3174, 3175, 3174]);
    expect(Array.from({ length: 4 }, (_, m) => tablePercent("nonresidential_31_5", 9, m + 1))).toEqual([3174, 3175, 3174, 3175]);
    expect(tablePercent("nonresidential_31_5", 31, 3)).toBe(3174);
    // Year 32: Jan 1.720 ... Jun 3.042, then 3.175; year 33: Jul 0.132 ... Dec 1.455; nothing after.
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("nonresidential_31_5", 32, m + 1))).toEqual([1720, 1984, 2249, 2513, 2778, 3042, 3175, 3175, 3175, 3175, 3175, 3175]);
    expect(Array.from({ length: 12 }, (_, m) => tablePercent("nonresidential_31_5", 33, m + 1))).toEqual([0, 0, 0, 0, 0, 0, 132, 397, 661, 926, 1190, 1455]);
    expect(tablePercent("nonresidential_31_5", 34, 12)).toBe(0);
  });

  test("a building placed in service March 10, 1992 with a $275,000 basis is 31.5-year property, fully depreciated in 2023", () => {
    // Before May 13, 1993: Table A-7, not 39 years (which would give 2.564% = $7,051 a year in 2025 and 2026).
    expect(recoveryMethodOf("commercial", "1992-03-10")).toEqual({ method: "macrs", recoveryClass: "nonresidential_31_5" });
    expect(recoveryMethodOf("commercial", "1993-05-12")).toEqual({ method: "macrs", recoveryClass: "nonresidential_31_5" });
    expect(recoveryMethodOf("commercial", "1993-05-13")).toEqual({ method: "macrs", recoveryClass: "nonresidential_39" });
    // March column: 1992 (year 1) 2.513% = $6,910.75; 1993-1998 3.175% = $8,731.25; 2022 (year 31, odd) 3.174% = $8,728.50;
    // 2023 (year 32) 2.249% = $6,184.75; 2024 on: nothing.
    const s = depreciationSchedule(27_500_000, "1992-03-10", 2025, "nonresidential_31_5");
    expect(s.years.find((y) => y.year === 1992)).toEqual({ year: 1992, recoveryYear: 1, percent: 2513, amountCents: 691_075 });
    expect(s.years.find((y) => y.year === 1993)!.amountCents).toBe(873_125);
    expect(s.years.find((y) => y.year === 2022)!.amountCents).toBe(872_850);
    expect(s.years.find((y) => y.year === 2023)).toEqual({ year: 2023, recoveryYear: 32, percent: 2249, amountCents: 618_475 });
    expect(s.current).toEqual({ year: 2025, recoveryYear: 34, percent: 0, amountCents: 0 });
    expect(depreciation(27_500_000, "1992-03-10", 2026, "nonresidential_31_5").amountCents).toBe(0);
    expect([s.priorCents, s.remainingCents]).toEqual([27_500_000, 0]);
  });

  test("every column of the three tables adds up to 100.000%", () => {
    for (let month = 1; month <= 12; month++) {
      const a6 = Array.from({ length: 30 }, (_, i) => tablePercent("residential_27_5", i + 1, month)).reduce((s, p) => s + p, 0);
      const a7 = Array.from({ length: 34 }, (_, i) => tablePercent("nonresidential_31_5", i + 1, month)).reduce((s, p) => s + p, 0);
      const a7a = Array.from({ length: 41 }, (_, i) => tablePercent("nonresidential_39", i + 1, month)).reduce((s, p) => s + p, 0);
      expect([month, a6, a7, a7a]).toEqual([month, 100_000, 100_000, 100_000]);
    }
  });

  test("line 18 is the basis times the table's percentage, half up to the cent", () => {
    // A house placed in service in January 2020 with a $275,000 building basis:
    // 2020 (year 1): 275,000 x 3.485% = 9,583.75; 2021 (year 2): 275,000 x 3.636% = 9,999.00.
    expect(depreciation(27_500_000, "2020-01-15", 2020, "residential_27_5")).toEqual({ year: 2020, recoveryYear: 1, percent: 3485, amountCents: 958_375 });
    expect(depreciation(27_500_000, "2020-01-15", 2021, "residential_27_5").amountCents).toBe(999_900);
    // Placed in service in December: 0.152% of $100,000 is $152.00 the first year.
    expect(depreciation(10_000_000, "2025-12-10", 2025, "residential_27_5").amountCents).toBe(15_200);
    // Nonresidential, July: 1.177% of $390,000 = 4,590.30 in year 1; 2.564% = 9,999.60 after.
    expect(depreciation(39_000_000, "2023-07-20", 2023, "nonresidential_39").amountCents).toBe(459_030);
    expect(depreciation(39_000_000, "2023-07-20", 2025, "nonresidential_39").amountCents).toBe(999_960);
    // Half a cent rounds up: $1,000.01 x 3.485% = 34.850348... -> 34.85; $1,234.57 x 0.152% = 1.8765464 -> 1.88.
    expect(depreciation(100_001, "2020-01-01", 2020, "residential_27_5").amountCents).toBe(3_485);
    expect(depreciation(123_457, "2020-12-01", 2020, "residential_27_5").amountCents).toBe(188);
    // Before the year placed in service, and for land, nothing.
    expect(depreciation(27_500_000, "2020-01-15", 2019, "residential_27_5").amountCents).toBe(0);
    expect(recoveryMethodOf("land", "2020-01-01")).toEqual({ method: "macrs", recoveryClass: "none" });
    expect(recoveryMethodOf("single_family", "2020-01-01")).toEqual({ method: "macrs", recoveryClass: "residential_27_5" });
    expect(recoveryMethodOf("commercial", "2020-01-01")).toEqual({ method: "macrs", recoveryClass: "nonresidential_39" });
  });

  test("the schedule: earlier years, this year and the basis left; never more than the basis", () => {
    const s = depreciationSchedule(27_500_000, "2020-01-15", 2025, "residential_27_5");
    // 2020 9,583.75 + 2021-2024 4 x 9,999.00 = 49,579.75 before 2025; 2025 9,999.00; left 275,000 - 59,578.75.
    expect(s.priorCents).toBe(958_375 + 4 * 999_900);
    expect(s.current).toMatchObject({ recoveryYear: 6, percent: 3636, amountCents: 999_900 });
    expect(s.remainingCents).toBe(27_500_000 - 958_375 - 5 * 999_900);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000_000 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom("residential_27_5" as const, "nonresidential_39" as const), (basis, month, cls) => {
        const total = depreciationSchedule(basis, `2001-${String(month).padStart(2, "0")}-15`, 2001, cls).years.reduce((sum, y) => sum + y.amountCents, 0);
        // Each year is rounded on its own: the total is the basis within a cent a year.
        expect(Math.abs(total - basis)).toBeLessThanOrEqual(41);
      }),
    );
  });
});

describe("depreciation: the classes and the edges of the tables", () => {
  test("each property type's kind (IRC 168(e)(2)): dwellings residential, a vacation home rented to tenants too, other buildings nonresidential, land none", () => {
    expect(PROPERTY_KIND).toEqual({
      single_family: "residential",
      multi_family: "residential",
      vacation: "residential",
      commercial: "nonresidential",
      self_rental: "nonresidential",
      other: "nonresidential",
      land: "land",
    });
    expect(RECOVERY_CLASS_LABELS.none).toBe("Land: not depreciable");
    expect(CLASS_RULES.vacation).toContain("unless it is used on a transient basis");
    // Each type placed in service in 2000 and in 1990.
    const classOf = (type: keyof typeof PROPERTY_KIND, date: string) => {
      const m = recoveryMethodOf(type, date);
      return m.method === "macrs" ? m.recoveryClass : m.method;
    };
    expect((Object.keys(PROPERTY_KIND) as (keyof typeof PROPERTY_KIND)[]).map((type) => [type, classOf(type, "2000-06-01"), classOf(type, "1990-06-01"), classOf(type, "1986-12-31")])).toEqual([
      ["single_family", "residential_27_5", "residential_27_5", "owner_figure"],
      ["multi_family", "residential_27_5", "residential_27_5", "owner_figure"],
      ["vacation", "residential_27_5", "residential_27_5", "owner_figure"],
      ["commercial", "nonresidential_39", "nonresidential_31_5", "owner_figure"],
      ["self_rental", "nonresidential_39", "nonresidential_31_5", "owner_figure"],
      ["other", "nonresidential_39", "nonresidential_31_5", "owner_figure"],
      ["land", "none", "none", "none"],
    ]);
  });

  test("a building placed in service before 1987 is not MACRS property: ACRS from 1981, the useful-life rules before", () => {
    const acrs = recoveryMethodOf("multi_family", "1985-06-01");
    expect(acrs.method === "owner_figure" && acrs.reason).toContain("ACRS property");
    const older = recoveryMethodOf("multi_family", "1975-06-01");
    expect(older.method === "owner_figure" && older.reason).toContain("before 1981");
    expect(recoveryMethodOf("multi_family", "1987-01-01")).toEqual({ method: "macrs", recoveryClass: "residential_27_5" });
  });

  test("no percentage for land, before the year placed in service, or for a month that is not one", () => {
    expect([1, 2, 40].map((year) => tablePercent("none", year, 1))).toEqual([0, 0, 0]);
    expect([tablePercent("residential_27_5", 0, 1), tablePercent("nonresidential_39", 0, 6), tablePercent("residential_27_5", -3, 1)]).toEqual([0, 0, 0]);
    expect([tablePercent("residential_27_5", 2, 0), tablePercent("residential_27_5", 2, 13), tablePercent("nonresidential_39", 2, 0), tablePercent("nonresidential_39", 2, 13)]).toEqual([0, 0, 0, 0]);
    // Land has no schedule at all.
    const land = depreciationSchedule(5_000_000, "2020-01-01", 2025, "none");
    expect(land).toEqual({ recoveryClass: "none", basisCents: 5_000_000, placedInService: "2020-01-01", current: { year: 2025, recoveryYear: 6, percent: 0, amountCents: 0 }, priorCents: 0, remainingCents: 5_000_000, years: [] });
    // Nonresidential: 40 years, the last the rest of the first year's month (July: 1.391%).
    const store = depreciationSchedule(39_000_000, "2023-07-20", 2062, "nonresidential_39");
    expect([store.years.length, store.years.at(-1)!.year, store.current.percent, store.remainingCents]).toEqual([40, 2062, 1391, 0]);
  });
});

let seq = 0;
const fact = (kind: LedgerFact["kind"], date: IsoDate, amountCents: number, extra: Partial<LedgerFact> = {}): LedgerFact => ({
  id: `e${++seq}`,
  date,
  kind,
  amountCents,
  period: kind === "rent" || kind === "late_fee" ? periodOf(date) : null,
  voids: null,
  ...extra,
});
const byCategory = (entries: LedgerFact[]) => {
  const totals: Record<string, number> = {};
  for (const r of cashReceipts(entries)) totals[`${r.date} ${r.category}`] = (totals[`${r.date} ${r.category}`] ?? 0) + r.amountCents;
  return totals;
};

describe("the cash basis of a ledger", () => {
  test("a payment pays the oldest charges first and counts on its own day under what it paid", () => {
    const entries = [
      fact("rent", "2025-03-01", 120_000),
      fact("deposit", "2025-03-01", 120_000),
      fact("late_fee", "2025-03-07", 5_000),
      // $2,420 on the 10th: rent 1,200, the deposit 1,200 (held, not income), 20.00 of the fee.
      fact("payment", "2025-03-10", -242_000),
    ];
    expect(byCategory(entries)).toEqual({ "2025-03-10 rent": 120_000, "2025-03-10 deposit": 120_000, "2025-03-10 late_fee": 2_000 });
    expect(depositHeldOn(entries, "2025-03-31")).toBe(120_000);
    expect(depositHeldOn(entries, "2025-03-09")).toBe(0);
    // What is owed is the rest of the fee, apart from rent.
    expect(rentOwedOn(entries, "2025-03-31")).toBe(0);
    expect(feesOwedOn(entries, "2025-03-31")).toBe(3_000);
  });

  test("money paid ahead is rent when it comes; a charge posted later is paid from it, counted on the day it came", () => {
    // Paid $2,400 on Dec 28 before a lease starting Jan 1 with a $1,200 deposit and $1,200 rent.
    const entries = [fact("payment", "2025-12-28", -240_000), fact("rent", "2026-01-01", 120_000), fact("deposit", "2026-01-01", 120_000)];
    expect(byCategory(entries)).toEqual({ "2025-12-28 rent": 120_000, "2025-12-28 deposit": 120_000 });
    // Before the January charges exist the whole $2,400 is rent received in advance.
    expect(byCategory(entries.slice(0, 1))).toEqual({ "2025-12-28 rent": 240_000 });
  });

  test("a kept deposit is income when applied and leaves the deposits held; credits are no money; voided payments are gone", () => {
    const bounced = fact("payment", "2025-04-01", -150_000);
    const entries = [
      fact("rent", "2025-03-15", 82_258),
      fact("deposit", "2025-03-15", 150_000),
      fact("payment", "2025-03-15", -232_258),
      fact("rent", "2025-04-01", 150_000),
      bounced,
      fact("void", "2025-04-01", 150_000, { voids: bounced.id }),
      fact("credit", "2025-04-20", -10_000),
      fact("deposit_applied", "2025-05-05", -140_000),
    ];
    expect(byCategory(entries)).toEqual({
      "2025-03-15 rent": 82_258,
      "2025-03-15 deposit": 150_000,
      "2025-05-05 deposit_kept": 140_000,
      "2025-05-05 deposit": -140_000,
    });
    expect(depositHeldOn(entries, "2025-05-31")).toBe(10_000);
    expect(rentOwedOn(entries, "2025-05-31")).toBe(0);
  });

  test("a refund is money out: negative rent on its day, and owed back until paid again", () => {
    const entries = [fact("rent", "2025-01-01", 100_000), fact("payment", "2025-01-02", -100_000), fact("refund", "2025-01-20", 100_000), fact("payment", "2025-02-01", -100_000)];
    expect(byCategory(entries)).toEqual({ "2025-01-02 rent": 100_000, "2025-01-20 rent": -100_000, "2025-02-01 rent": 100_000 });
    // An overpayment returned: 1,100 paid against 1,000 owed, 100 back.
    const over = [fact("rent", "2025-01-01", 100_000), fact("payment", "2025-01-02", -110_000), fact("refund", "2025-01-05", 10_000)];
    expect(byCategory(over)).toEqual({ "2025-01-02 rent": 110_000, "2025-01-05 rent": -10_000 });
  });

  test("over any ledger, income and deposits add up to the money that came in and went out", () => {
    const kinds = fc.constantFrom("rent", "late_fee", "fee", "deposit", "payment", "credit", "refund") as fc.Arbitrary<LedgerFact["kind"]>;
    fc.assert(
      fc.property(fc.array(fc.tuple(kinds, fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 200_000 })), { maxLength: 30 }), (rows) => {
        const entries = rows.map(([kind, day, cents]) => fact(kind, `2025-01-${String(day).padStart(2, "0")}`, kind === "payment" || kind === "credit" ? -cents : cents));
        const cashIn = entries.filter((e) => e.kind === "payment").reduce((s, e) => s - e.amountCents, 0);
        const cashOut = entries.filter((e) => e.kind === "refund").reduce((s, e) => s + e.amountCents, 0);
        const counted = cashReceipts(entries).reduce((s, r) => s + r.amountCents, 0);
        expect(counted).toBe(cashIn - cashOut);
      }),
    );
  });
});

describe("the cash basis of a ledger: order, partial payments, credits and refunds", () => {
  test("entries given out of date order are read by date; on one day, in the order recorded", () => {
    // A late fee recorded before a backdated rent charge and payment: the payment pays the rent first.
    const late = fact("late_fee", "2025-03-07", 5_000);
    const payment = fact("payment", "2025-03-06", -100_000);
    const rent = fact("rent", "2025-03-01", 100_000);
    expect(byCategory([late, payment, rent])).toEqual({ "2025-03-06 rent": 100_000 });
    // Rent and the deposit charged the same day, $1,500 paid that day: the rent first, then $500 of the deposit.
    const sameDay = [fact("rent", "2025-03-01", 100_000), fact("deposit", "2025-03-01", 100_000), fact("payment", "2025-03-01", -150_000)];
    expect(cashReceipts(sameDay).map((r) => [r.category, r.amountCents])).toEqual([
      ["rent", 100_000],
      ["deposit", 50_000],
    ]);
  });

  test("a charge paid in two parts counts under what it paid both times", () => {
    const entries = [fact("late_fee", "2025-03-07", 5_000), fact("payment", "2025-03-10", -2_000), fact("payment", "2025-03-20", -3_000)];
    expect(byCategory(entries)).toEqual({ "2025-03-10 late_fee": 2_000, "2025-03-20 late_fee": 3_000 });
  });

  test("a credit is no money: it pays as money does (rent first), and counts as no receipt", () => {
    // A $50 credit, then April's rent paid in full: the credit and the payment pay April's rent first
    // (DECISIONS.md 27); what is left of the payment pays the late fee. Waiving a fee is a void of it.
    const entries = [fact("late_fee", "2025-03-07", 5_000), fact("credit", "2025-03-08", -5_000), fact("rent", "2025-04-01", 100_000), fact("payment", "2025-04-01", -100_000)];
    expect(byCategory(entries)).toEqual({ "2025-04-01 rent": 95_000, "2025-04-01 late_fee": 5_000 });
  });

  test("entries of the wrong sign count for nothing", () => {
    const entries = [fact("deposit", "2025-03-01", 100_000), fact("payment", "2025-03-01", -100_000), fact("deposit_applied", "2025-04-01", 50_000), fact("refund", "2025-04-02", -20_000), fact("rent", "2025-04-03", -30_000)];
    expect(cashReceipts(entries).map((r) => [r.date, r.category, r.amountCents])).toEqual([["2025-03-01", "deposit", 100_000]]);
  });

  test("the receipts come in date order: a refund of money paid ahead gives it back on the refund's day", () => {
    const entries = [fact("rent", "2025-01-01", 100_000), fact("payment", "2025-01-02", -110_000), fact("refund", "2025-01-05", 10_000)];
    expect(cashReceipts(entries).map((r) => [r.date, r.category, r.amountCents, r.entryId])).toEqual([
      ["2025-01-02", "rent", 100_000, entries[1]!.id],
      ["2025-01-02", "rent", 10_000, entries[1]!.id],
      ["2025-01-05", "rent", -10_000, entries[2]!.id],
    ]);
  });

  test("money paid ahead and partly refunded: what is left still pays the next charge", () => {
    // $1,300 against $1,000 of rent: $300 ahead; $100 of it refunded; the $200 left pays a $200 fee later.
    // The refund came out of money paid ahead, so nothing is owed back: a late fee paid later is a late fee.
    const entries = [
      fact("rent", "2025-01-01", 100_000),
      fact("payment", "2025-01-02", -130_000),
      fact("refund", "2025-01-05", 10_000),
      fact("fee", "2025-01-20", 20_000),
      fact("late_fee", "2025-01-25", 5_000),
      fact("payment", "2025-02-01", -5_000),
    ];
    expect(byCategory(entries)).toEqual({ "2025-01-02 rent": 110_000, "2025-01-02 fee": 20_000, "2025-01-05 rent": -10_000, "2025-02-01 late_fee": 5_000 });
  });

  test("a refund nothing was paid ahead for is owed back: the next payment pays it back first", () => {
    const entries = [fact("rent", "2025-01-01", 100_000), fact("payment", "2025-01-02", -100_000), fact("refund", "2025-01-20", 100_000), fact("late_fee", "2025-01-25", 5_000), fact("payment", "2025-02-01", -5_000)];
    expect(byCategory(entries)).toEqual({ "2025-01-02 rent": 100_000, "2025-01-20 rent": -100_000, "2025-02-01 rent": 5_000 });
  });

  test("deposits held and balances owed count the day itself", () => {
    const entries = [fact("deposit", "2025-03-10", 100_000), fact("payment", "2025-03-10", -100_000), fact("rent", "2025-04-01", 120_000)];
    expect(depositHeldOn(entries, "2025-03-10")).toBe(100_000);
    expect(rentOwedOn(entries, "2025-03-31")).toBe(0);
    expect(rentOwedOn(entries, "2025-04-01")).toBe(120_000);
  });
});

describe("Schedule E lines", () => {
  test("each category goes on the line PORTAL.md 6 gives it", () => {
    const expected: Record<string, string | null> = {
      advertising: "5",
      auto_travel: "6",
      cleaning_maintenance: "7",
      commissions: "8",
      insurance: "9",
      legal_professional: "10",
      management_fees: "11",
      mortgage_interest: "12",
      other_interest: "13",
      repairs: "14",
      supplies: "15",
      property_taxes: "16",
      utilities: "17",
      hoa_dues: "19",
      bank_fees: "19",
      software: "19",
      other: "19",
      capital_improvement: null,
      mortgage_principal: null,
      owner_draw: null,
      owner_contribution: null,
      security_deposit_refund: null,
    };
    expect(Object.fromEntries(EXPENSE_CATEGORY_KEYS.map((k) => [k, EXPENSE_CATEGORIES[k].line as string | null]))).toEqual(expected);
    // And the report puts each one there: $1.00 more per category so every line's total is unique.
    const property: ReportProperty = { id: "p", displayName: "P", address: { line1: "1 Main St", line2: null, city: "Chicago", state: "IL", zip: "60601" }, propertyType: "land", placedInService: null, buildingBasisCents: null, archived: false };
    const expenses: ReportExpense[] = EXPENSE_CATEGORY_KEYS.map((category, i) => ({ id: category, propertyId: "p", date: "2025-06-01", amountCents: (i + 1) * 100, payee: category, memo: null, category }));
    const { report, transactions } = scheduleE({ year: 2025, properties: [property], leases: [], expenses });
    const lines = report.properties[0]!.lines;
    EXPENSE_CATEGORY_KEYS.forEach((category, i) => {
      const line = expected[category];
      if (line && line !== "19") expect(lines[line as keyof typeof lines]).toBe((i + 1) * 100);
      expect(transactions.find((x) => x.payee === category)!.line).toBe(line ?? "none");
    });
    // Line 19: hoa_dues (14th) + bank_fees (15th) + software (16th) + other (17th) = 1,400 + 1,500 + 1,600 + 1,700.
    expect(lines["19"]).toBe(6_200);
    expect(report.properties[0]!.other_items.map((o) => o.description)).toEqual(["Bank fees", "HOA dues", "other", "Software and subscriptions"]);
    expect(report.not_deductible.map((n) => n.category)).toEqual(["capital_improvement", "mortgage_principal", "owner_draw", "owner_contribution", "security_deposit_refund"]);
  });

  test("fair rental days count each day a lease covered the property once", () => {
    const lease = (startDate: IsoDate, endDate: IsoDate | null) => ({ startDate, endDate });
    expect(fairRentalDays([lease("2024-06-01", null)], 2025)).toBe(365);
    expect(fairRentalDays([lease("2024-06-01", null)], 2024)).toBe(214); // June 1 - Dec 31 of a leap year
    // Two units let at once count once; a gap counts nothing.
    expect(fairRentalDays([lease("2025-01-01", "2025-03-31"), lease("2025-02-01", "2025-04-30"), lease("2025-06-01", "2025-06-10")], 2025)).toBe(120 + 10);
    expect(fairRentalDays([lease("2025-03-15", "2025-11-30")], 2025)).toBe(261);
    expect(fairRentalDays([lease("2026-01-01", null)], 2025)).toBe(0);
  });

  test("more than three properties take more pages, A, B and C on each; the PDF shows the lines and the pages", async () => {
    const properties: ReportProperty[] = ["One", "Two", "Three", "Four"].map((name, i) => ({
      id: name,
      displayName: `${name} Flat`,
      address: { line1: `${i + 1}00 W Main St`, line2: null, city: "Chicago", state: "IL", zip: "60601" },
      propertyType: "multi_family",
      placedInService: "2020-01-15",
      buildingBasisCents: 27_500_000,
      archived: false,
    }));
    const leases: ReportLease[] = properties.map((p) => ({
      id: `l${p.id}`,
      propertyId: p.id,
      unitLabel: "1",
      startDate: "2025-01-01",
      endDate: null,
      entries: [fact("rent", "2025-01-01", 100_000), fact("payment", "2025-01-01", -100_000)],
    }));
    const { report } = scheduleE({ year: 2025, properties, leases, expenses: [] });
    expect(report.pages).toBe(2);
    expect(report.properties.map((c) => `${c.page}${c.column}`)).toEqual(["1A", "1B", "1C", "2A"]);
    expect(report.lines["23a"]).toBe(400_000);
    expect(report.lines["23d"]).toBe(4 * 999_900);
    const pages = await pdfPages(await renderScheduleEPdf(report, { ownerName: "Maria Gonzalez", generatedAt: new Date("2026-02-15T18:00:00Z") }));
    const all = pages.join("\n").replace(/\s+/g, " ");
    expect(all).toContain("Page 1 of 2 of Part I");
    expect(all).toContain("Page 2 of 2 of Part I");
    expect(all).toContain("3 Rents received $1,000.00 $1,000.00 $1,000.00");
    expect(all).toContain("18 Depreciation expense or depletion $9,999.00");
    expect(all).toContain("23d");
    // The depreciation schedule grouped as the table prints it (Table A-6, placed in service in January).
    expect(all).toContain("2020 1 3.485% $9,583.75");
    expect(all).toContain("2021-2028 2-9 3.636% $9,999.00");
    expect(all).toContain("2029-2046 10-27 3.636-3.637% $9,999.00 or $10,001.75");
    expect(all).toContain("2047 28 1.970% $5,417.50");
    expect(all).toMatch(/Page 1 of \d+/);
  });
});

describe("bank exports", () => {
  const fixture = (name: string) => readFileSync(join(import.meta.dir, "../fixtures/imports", name), "utf8");

  test("amounts, dates and payees as banks write them", () => {
    expect(["-77.45", '"1,200.00"'.replace(/"/g, ""), "$86.41", "(86.41)", "-$12.00", "12", "abc", ""].map(parseBankAmount)).toEqual([-7_745, 120_000, 8_641, -8_641, -1_200, 1_200, null, null]);
    expect(parseBankDate("01/03/2025", "MDY")).toBe("2025-01-03");
    expect(parseBankDate("1/3/25", "MDY")).toBe("2025-01-03");
    expect(parseBankDate("03/01/2025", "DMY")).toBe("2025-01-03");
    expect(parseBankDate("2025-01-03", "MDY")).toBe("2025-01-03");
    expect(parseBankDate("02/30/2025", "MDY")).toBeNull();
    expect(payeeKey("ACE HARDWARE #1234 CHICAGO IL")).toBe("ACE HARDWARE CHICAGO");
    expect(payeeKey("ACE HARDWARE 1234 CHICAGO IL")).toBe("ACE HARDWARE CHICAGO");
    expect(duplicateKey("2025-01-03", 8_641, "Ace Hardware #1234  Chicago IL")).toBe(duplicateKey("2025-01-03", 8_641, "ACE HARDWARE #1234 CHICAGO IL"));
  });

  test("the mapping is guessed from a header anywhere near the top, or from the values when there is none", () => {
    expect(guessMapping(bankRows(fixture("bank-checking-chase-style.csv")))).toMatchObject({ header_row: 0, date: 1, description: 2, amount: 3 });
    expect(guessMapping(bankRows(fixture("card-chase-style.csv")))).toMatchObject({ header_row: 0, date: 0, description: 2, amount: 5 });
    expect(guessMapping(bankRows(fixture("bank-bofa-style.csv")))).toMatchObject({ header_row: 5, date: 0, description: 1, amount: 2 });
    expect(guessMapping(bankRows(fixture("bank-no-header-wells-style.csv")))).toMatchObject({ has_header: false, date: 0, amount: 1, description: 4 });
    // Separate debit and credit columns, debits positive.
    const split = bankRows("Date,Payee,Debit,Credit\n2025-02-01,CITY OF CHICAGO WATER,63.20,\n2025-02-02,MOBILE DEPOSIT,,1200.00\n");
    const mapping = guessMapping(split)!;
    expect(mapping).toMatchObject({ amount: null, debit: 2, credit: 3 });
    expect(readBankRows(split, mapping).map((r) => [r.amount_cents, r.status])).toEqual([
      [6_320, "import"],
      [-120_000, "money_in"],
    ]);
    // A card export that shows purchases positive: the owner says so.
    const positive = bankRows("Date,Description,Amount\n01/04/2025,ZILLOW RENTALS,29.99\n01/05/2025,PAYMENT THANK YOU,-500.00\n");
    expect(readBankRows(positive, { ...guessMapping(positive)!, outflow_sign: "positive" }).map((r) => r.amount_cents)).toEqual([2_999, -50_000]);
  });

  test("a payee's earlier categories suggest the next one: the most used, else a payee sharing its first words", () => {
    const history = [
      { payeeKey: "ACE HARDWARE CHICAGO", category: "repairs" as const, count: 3, lastDate: "2024-05-01" },
      { payeeKey: "ACE HARDWARE CHICAGO", category: "supplies" as const, count: 1, lastDate: "2024-06-01" },
      { payeeKey: "COMED", category: "utilities" as const, count: 1, lastDate: "2024-06-01" },
    ];
    expect(suggestCategory("ACE HARDWARE #1234 CHICAGO IL", history)).toBe("repairs");
    expect(suggestCategory("Ace Hardware", history)).toBe("repairs");
    expect(suggestCategory("COMED PAYMENT 000123456", history)).toBe("utilities");
    expect(suggestCategory("STATE FARM INSURANCE", history)).toBeNull();
  });

  test("the a-la-carte prices are DECISIONS.md 23's", () => {
    expect(alaCartePrices.tax_report.cents).toEqual({ Standard: 20_000, Premium: null });
    expect(alaCartePrices.eviction_case.cents).toEqual({ Standard: 40_000, Premium: 10_000 });
    expect(alaCartePrices.bookkeeping.cents).toEqual({ Standard: 10_000, Premium: null });
    // Rent proration is unchanged: $1,500 for 17 of 31 days = 822.580... -> 822.58.
    expect(prorate(150_000, 17, 31)).toBe(82_258);
  });
});

describe("the cash basis at its edges (what money in and out is, IRS Publication 527)", () => {
  test("what the tenant owes at a day's end is rent, deposit and fees unpaid together, and nothing while in credit", () => {
    const owing = [fact("rent", "2025-05-01", 100_000), fact("deposit", "2025-05-01", 50_000), fact("fee", "2025-05-03", 2_500)];
    expect(balanceDueOn(owing, "2025-05-31")).toBe(152_500);
    expect(balanceDueOn(owing, "2025-04-30")).toBe(0);
    expect(balanceDueOn([...owing, fact("payment", "2025-05-10", -160_000)], "2025-05-31")).toBe(0);
  });

  test("money paid beyond what is owed is rent paid in advance, income when received", () => {
    // Publication 527: advance rent is included in income in the year it is received.
    const entries = [fact("rent", "2025-03-01", 100_000), fact("payment", "2025-03-01", -120_000)];
    expect(byCategory(entries)).toEqual({ "2025-03-01 rent": 120_000 });
  });

  test("a refund gives back first what it took back, a deposit as a deposit, and beyond what was paid counts as rent going out", () => {
    const deposit = [fact("deposit", "2025-06-01", 50_000), fact("payment", "2025-06-01", -50_000), fact("refund", "2025-06-20", 50_000)];
    // The deposit paid and returned in the same month: neither income nor expense.
    expect(byCategory(deposit)).toEqual({ "2025-06-01 deposit": 50_000, "2025-06-20 deposit": -50_000 });
    const beyond = [fact("rent", "2025-07-01", 100_000), fact("payment", "2025-07-01", -100_000), fact("refund", "2025-08-05", 150_000)];
    // July's rent counted in July; in August the refund takes it back ($1,000) and $500 more goes out.
    const receipts = cashReceipts(beyond).filter((r) => r.date === "2025-08-05");
    expect(receipts.map((r) => [r.category, r.amountCents])).toEqual([
      ["rent", -100_000],
      ["rent", -50_000],
    ]);
  });
});

describe("the cash basis, month by month", () => {
  test("each month's money is counted once, in the month it came in (IRS Publication 527: rent is income when received)", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -100_000), fact("rent", "2026-02-01", 100_000), fact("payment", "2026-02-03", -100_000)];
    expect(cashReceipts(entries)).toEqual([
      { date: "2026-01-02", category: "rent", amountCents: 100_000, entryId: entries[1]!.id },
      { date: "2026-02-03", category: "rent", amountCents: 100_000, entryId: entries[3]!.id },
    ]);
  });

  test("money paid before the tenancy counts in its own month under what it paid on the first day, and the first day's money in the first month only", () => {
    // $2,000 on June 25 pays July's rent and the deposit ahead (the deposit is never income); $500 more on July 1 is rent paid ahead.
    const entries = [fact("deposit", "2026-07-01", 100_000), fact("rent", "2026-07-01", 100_000), fact("payment", "2026-06-25", -200_000), fact("payment", "2026-07-01", -50_000)];
    const [, , ahead, first] = entries.map((e) => e.id);
    expect(cashReceipts(entries)).toEqual([
      { date: "2026-06-25", category: "rent", amountCents: 100_000, entryId: ahead! },
      { date: "2026-06-25", category: "deposit", amountCents: 100_000, entryId: ahead! },
      { date: "2026-07-01", category: "rent", amountCents: 50_000, entryId: first! },
    ]);
  });

  test("the receipts come in date order: a refund of credit after a payment of the same month, before a later payment", () => {
    // $1,500 on January 2 pays January's $1,000 and leaves $500 ahead; $300 of it refunded on the 5th; $200 more on the 20th.
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -150_000), fact("refund", "2026-01-05", 30_000), fact("payment", "2026-01-20", -20_000)];
    const [, first, refund, second] = entries.map((e) => e.id);
    expect(cashReceipts(entries)).toEqual([
      { date: "2026-01-02", category: "rent", amountCents: 100_000, entryId: first! },
      { date: "2026-01-02", category: "rent", amountCents: 20_000, entryId: first! },
      { date: "2026-01-02", category: "rent", amountCents: 30_000, entryId: first! },
      { date: "2026-01-05", category: "rent", amountCents: -30_000, entryId: refund! },
      { date: "2026-01-20", category: "rent", amountCents: 20_000, entryId: second! },
    ]);
  });
});
