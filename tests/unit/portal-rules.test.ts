import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { periodOf, plusDays, type IsoDate } from "../../src/shared/calendar.ts";
import {
  assessLateFee,
  balanceOf,
  baseLateFee,
  chicagoRltoLimit,
  lateFeeVoidReason,
  lateness,
  monthStanding,
  rentCoverage,
  standing,
  type LateFeePolicy,
  type LedgerFact,
} from "../../src/server/domain/portal/ledger-rules.ts";
import { duePostings, needsEntries, type LeaseRow } from "../../src/server/domain/portal/posting.ts";
import { coversPeriod, prorate, rentSchedule } from "../../src/server/domain/portal/rent.ts";

// The owner portal's rules as pure functions (PORTAL.md 3), tested apart from the database, with
// figures worked by hand in the comments, and properties over random ledgers.

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
const rent = (date: IsoDate, cents: number) => fact("rent", date, cents);
const payment = (date: IsoDate, cents: number) => fact("payment", date, -cents);
const policy = (p: Partial<LateFeePolicy>): LateFeePolicy => ({
  graceDays: 5,
  kind: "fixed",
  amountCents: 5000,
  percent: null,
  dailyCents: null,
  maxCents: null,
  ...p,
});

describe("proration", () => {
  test("rent x days / days in month, rounded half up to the cent", () => {
    // $1,200 for 16 of 31 days: 1200 x 16 / 31 = 619.354... -> $619.35.
    expect(prorate(120_000, 16, 31)).toBe(61_935);
    // $1,000 for 15 of 30 days is exactly half.
    expect(prorate(100_000, 15, 30)).toBe(50_000);
    // 101 cents for 1 of 2 days is 50.5 cents: half rounds up, to 51.
    expect(prorate(101, 1, 2)).toBe(51);
    // 99 cents for 1 of 3 days is 33.0 cents; 100 for 1 of 3 is 33.33 -> 33; 101 for 1 of 3 is 33.67 -> 34.
    expect([prorate(99, 1, 3), prorate(100, 1, 3), prorate(101, 1, 3)]).toEqual([33, 33, 34]);
    // February of a leap year has 29 days: $1,450 for 10 of 29 = 500.00.
    expect(prorate(145_000, 10, 29)).toBe(50_000);
  });

  test("is never more than the month's rent and never negative, and the full month is the rent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 28, max: 31 }), fc.integer({ min: 0, max: 31 }), (rentCents, dim, raw) => {
        const days = Math.min(raw, dim);
        const value = prorate(rentCents, days, dim);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(rentCents);
        expect(Math.abs(value - (rentCents * days) / dim)).toBeLessThanOrEqual(0.5);
        if (days === dim) expect(value).toBe(rentCents);
      }),
    );
  });
});

describe("the rent schedule", () => {
  test("a lease from mid-month pays the first month by the days in possession, dated at move-in", () => {
    const charges = rentSchedule({ startDate: "2025-03-16", endDate: null, rentCents: 105_000, dueDay: 1 }, "2025-05-15");
    // March 16-31 is 16 of 31 days: 1050 x 16 / 31 = 541.935 -> $541.94.
    expect(charges).toEqual([
      { period: "2025-03", date: "2025-03-16", amountCents: 54_194, daysInPossession: 16, daysInMonth: 31 },
      { period: "2025-04", date: "2025-04-01", amountCents: 105_000, daysInPossession: 30, daysInMonth: 30 },
      { period: "2025-05", date: "2025-05-01", amountCents: 105_000, daysInPossession: 31, daysInMonth: 31 },
    ]);
  });

  test("the last month is prorated to the end date, and nothing is due after it", () => {
    const charges = rentSchedule({ startDate: "2026-01-01", endDate: "2026-02-10", rentCents: 140_000, dueDay: 5 }, "2026-12-31");
    // February 1-10 is 10 of 28 days: 1400 x 10 / 28 = $500.00, dated the 5th (still in possession).
    expect(charges.map((c) => [c.period, c.date, c.amountCents])).toEqual([
      ["2026-01", "2026-01-05", 140_000],
      ["2026-02", "2026-02-05", 50_000],
    ]);
    // Ending before the due day dates the last charge on the last day of possession.
    const early = rentSchedule({ startDate: "2026-01-01", endDate: "2026-02-03", rentCents: 140_000, dueDay: 5 }, "2026-12-31");
    expect(early.at(-1)).toMatchObject({ date: "2026-02-03", amountCents: 15_000 });
  });

  test("only charges dated on or before the day asked for are due; a lease not started has none", () => {
    const lease = { startDate: "2026-01-01", endDate: null, rentCents: 100_000, dueDay: 15 };
    expect(rentSchedule(lease, "2026-03-14").map((c) => c.period)).toEqual(["2026-01", "2026-02"]);
    expect(rentSchedule(lease, "2026-03-15").map((c) => c.period)).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(rentSchedule(lease, "2025-12-31")).toEqual([]);
  });

  test("asked from a month on, it leaves out the months before it, but never starts before the lease", () => {
    const lease = { startDate: "2026-01-10", endDate: null, rentCents: 100_000, dueDay: 1 };
    expect(rentSchedule(lease, "2026-04-30", "2026-03").map((c) => c.period)).toEqual(["2026-03", "2026-04"]);
    expect(rentSchedule(lease, "2026-04-30", "2025-11").map((c) => c.period)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
    expect(rentSchedule(lease, "2026-04-30", "2026-01").map((c) => c.period)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
    // January from the 10th: 22 of 31 days, dated at move-in.
    expect(rentSchedule(lease, "2026-01-31", "2026-01")).toEqual([{ period: "2026-01", date: "2026-01-10", amountCents: 70_968, daysInPossession: 22, daysInMonth: 31 }]);
  });

  test("a lease covers a month when it has any day in it", () => {
    const lease = { startDate: "2026-03-31", endDate: "2026-06-01" };
    expect(coversPeriod(lease, "2026-02")).toBe(false);
    expect(coversPeriod(lease, "2026-03")).toBe(true);
    expect(coversPeriod(lease, "2026-04")).toBe(true);
    expect(coversPeriod(lease, "2026-06")).toBe(true);
    expect(coversPeriod(lease, "2026-07")).toBe(false);
    expect(coversPeriod({ startDate: "2026-03-31", endDate: null }, "2030-01")).toBe(true);
    expect(coversPeriod({ startDate: "2026-03-31", endDate: null }, "2026-02")).toBe(false);
  });

  test("covers every month of the lease once, in order, with the full rent in every whole month", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 900 }),
        fc.option(fc.integer({ min: 0, max: 900 })),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (startAt, throughDays, endDays, dueDay, rentCents) => {
          const startDate = startAt.toISOString().slice(0, 10);
          const endDate = endDays === null ? null : plusDays(startDate, endDays);
          const through = plusDays(startDate, throughDays);
          const charges = rentSchedule({ startDate, endDate, rentCents, dueDay }, through);
          const periods = charges.map((c) => c.period);
          expect(new Set(periods).size).toBe(periods.length);
          expect([...periods].sort()).toEqual(periods);
          for (const c of charges) {
            expect(c.date >= startDate && c.date <= through).toBe(true);
            if (endDate) expect(c.date <= endDate).toBe(true);
            expect(coversPeriod({ startDate, endDate }, c.period)).toBe(true);
            if (c.daysInPossession === c.daysInMonth) expect(c.amountCents).toBe(rentCents);
            else expect(c.amountCents).toBe(prorate(rentCents, c.daysInPossession, c.daysInMonth));
          }
        },
      ),
    );
  });
});

describe("late fees", () => {
  test("Chicago's RLTO limit: $10 for the first $500 plus 5% of the rest", () => {
    // $1,200 rent: 10 + 5% x 700 = $45. $500 or less: $10. $1,050: 10 + 27.50 = $37.50.
    expect(chicagoRltoLimit(120_000)).toBe(4_500);
    expect(chicagoRltoLimit(50_000)).toBe(1_000);
    expect(chicagoRltoLimit(30_000)).toBe(1_000);
    expect(chicagoRltoLimit(105_000)).toBe(3_750);
    // $1,234.57: 10 + 5% x 734.57 = 10 + 36.7285 -> $46.73.
    expect(chicagoRltoLimit(123_457)).toBe(4_673);
  });

  test("the base fee: fixed, percent of the period's rent (half up), or the RLTO limit of the monthly rent", () => {
    expect(baseLateFee(policy({ kind: "fixed", amountCents: 7_500 }), 61_935, 120_000)).toBe(7_500);
    // 5% of a prorated $619.35 is 30.9675 -> $30.97.
    expect(baseLateFee(policy({ kind: "percent", percent: 5 }), 61_935, 120_000)).toBe(3_097);
    // 7.5% of $1,000 = $75.
    expect(baseLateFee(policy({ kind: "percent", percent: 7.5 }), 100_000, 100_000)).toBe(7_500);
    expect(baseLateFee(policy({ kind: "chicago_rlto" }), 61_935, 120_000)).toBe(4_500);
  });

  const march = [rent("2026-03-01", 120_000)];

  test("grace days come after the due date, which itself does not count", () => {
    const p = policy({ graceDays: 5 });
    // Due March 1; grace March 2-6; late from March 7.
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-03-06")).toBeNull();
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-03-07")).toMatchObject({ amountCents: 5_000, final: true, firstLateDay: "2026-03-07" });
    // Paid on the last day of grace: no fee, even when recorded later.
    expect(assessLateFee(p, 120_000, "2026-03", [...march, payment("2026-03-06", 120_000)], "2026-03-20")).toBeNull();
    // Paid a day after the grace: the fee stands.
    expect(assessLateFee(p, 120_000, "2026-03", [...march, payment("2026-03-07", 120_000)], "2026-03-20")).not.toBeNull();
    // Paid only in part within grace: late.
    expect(assessLateFee(p, 120_000, "2026-03", [...march, payment("2026-03-02", 119_999)], "2026-03-20")).not.toBeNull();
  });

  test("payments cover rent first: an unpaid fee never makes rent late, earlier unpaid rent does", () => {
    const p = policy({ graceDays: 0 });
    const withFee = [fact("fee", "2026-02-20", 30_000), ...march, payment("2026-03-01", 120_000)];
    expect(assessLateFee(p, 120_000, "2026-03", withFee, "2026-03-10")).toBeNull();
    const behind = [rent("2026-02-01", 120_000), ...march, payment("2026-03-01", 120_000)];
    expect(assessLateFee(p, 120_000, "2026-03", behind, "2026-03-10")).not.toBeNull();
  });

  test("a daily part grows each late day up to the cap, and the fee is final when paid or capped", () => {
    const p = policy({ graceDays: 5, kind: "fixed", amountCents: 2_500, dailyCents: 500, maxCents: 6_000 });
    // Late from March 7: on March 8 that is 2 days: 25 + 2 x 5 = $35, still growing.
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-03-08")).toMatchObject({ amountCents: 3_500, final: false, daysLate: 2 });
    // Paid March 9: 3 days late, $40, final.
    expect(assessLateFee(p, 120_000, "2026-03", [...march, payment("2026-03-09", 120_000)], "2026-03-30")).toMatchObject({
      amountCents: 4_000,
      final: true,
      coveredOn: "2026-03-09",
    });
    // Unpaid: 25 + 7 x 5 = 60 reached on March 13, final at the cap.
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-03-13")).toMatchObject({ amountCents: 6_000, final: true });
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-04-30")).toMatchObject({ amountCents: 6_000, final: true });
  });

  test("a late fee never exceeds its policy, and there is none when rent is covered in time", () => {
    const policies = fc.record({
      graceDays: fc.integer({ min: 0, max: 15 }),
      kind: fc.constantFrom("fixed" as const, "percent" as const, "chicago_rlto" as const),
      amountCents: fc.integer({ min: 1, max: 20_000 }),
      percent: fc.integer({ min: 1, max: 2000 }).map((n) => n / 100),
      dailyCents: fc.option(fc.integer({ min: 1, max: 2_000 })),
      maxCents: fc.integer({ min: 1, max: 50_000 }),
    });
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.record({ day: fc.integer({ min: 1, max: 60 }), cents: fc.integer({ min: 1, max: 600_000 }) }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 90 }),
        (raw, rentCents, payments, asOfDay) => {
          const p: LateFeePolicy = {
            ...raw,
            dailyCents: raw.kind === "chicago_rlto" ? null : raw.dailyCents,
            maxCents: raw.dailyCents && raw.kind !== "chicago_rlto" ? raw.maxCents : null,
          };
          const entries = [rent("2026-03-01", rentCents), ...payments.map((x) => payment(plusDays("2026-03-01", x.day - 1), x.cents))];
          const asOf = plusDays("2026-03-01", asOfDay);
          const fee = assessLateFee(p, rentCents, "2026-03", entries, asOf);
          const base = baseLateFee(p, rentCents, rentCents);
          const coveredInGrace = payments.filter((x) => plusDays("2026-03-01", x.day - 1) <= plusDays("2026-03-01", p.graceDays) && plusDays("2026-03-01", x.day - 1) <= asOf).reduce((s, x) => s + x.cents, 0) >= rentCents;
          if (coveredInGrace || asOf <= plusDays("2026-03-01", p.graceDays)) expect(fee).toBeNull();
          if (fee) {
            expect(fee.amountCents).toBeGreaterThanOrEqual(0);
            if (p.maxCents) expect(fee.amountCents).toBeLessThanOrEqual(p.maxCents);
            expect(fee.amountCents).toBeLessThanOrEqual(base + (p.dailyCents ?? 0) * fee.daysLate);
            if (!p.dailyCents) expect(fee.amountCents).toBe(base);
          }
        },
      ),
    );
  });

  test("credits cover rent like payments; a refund takes back what it refunds", () => {
    const p = policy({ graceDays: 5 });
    // A credit of the whole rent within grace: no fee.
    expect(assessLateFee(p, 120_000, "2026-03", [...march, fact("credit", "2026-03-03", -120_000)], "2026-03-20")).toBeNull();
    // Paid in full on the 2nd, $200 of it refunded on the 4th: the rent is short within grace, so late.
    const refunded = [...march, payment("2026-03-02", 120_000), fact("refund", "2026-03-04", 20_000)];
    expect(assessLateFee(p, 120_000, "2026-03", refunded, "2026-03-20")).toMatchObject({ amountCents: 5_000, coveredOn: null });
    expect(lateness(refunded, 5, "2026-03-20")).toMatchObject({ period: "2026-03", unpaidRentCents: 20_000 });
    expect(lateness([...march, fact("credit", "2026-03-03", -120_000)], 5, "2026-03-20")).toBeNull();
  });

  test("the period asked for is the one assessed, whatever else the ledger holds; a period without rent has no fee", () => {
    const p = policy({ graceDays: 0, kind: "percent", percent: 10 });
    const entries = [fact("deposit", "2026-01-15", 150_000), rent("2026-02-01", 80_000), rent("2026-03-01", 120_000), payment("2026-02-01", 80_000)];
    // March's rent is $1,200: 10% is $120, not February's $80.
    expect(assessLateFee(p, 120_000, "2026-03", entries, "2026-03-05")).toMatchObject({ period: "2026-03", amountCents: 12_000 });
    expect(assessLateFee(p, 120_000, "2026-02", entries, "2026-03-05")).toBeNull();
    expect(assessLateFee(p, 120_000, "2026-04", entries, "2026-04-05")).toBeNull();
    // The unpaid deposit and a later month's rent are not owed for March: $1,200 paid on time covers it.
    const paid = [...entries, rent("2026-04-01", 120_000), payment("2026-03-01", 120_000)];
    expect(assessLateFee(p, 120_000, "2026-03", paid, "2026-04-05")).toBeNull();
  });

  test("payments are taken in date order, and the one dated on the day asked about counts", () => {
    const p = policy({ graceDays: 2 });
    // Listed out of order: the March 2 payment covers the rent within grace, the March 20 one comes after.
    const entries = [...march, payment("2026-03-20", 50_000), payment("2026-03-02", 120_000)];
    expect(assessLateFee(p, 120_000, "2026-03", entries, "2026-03-25")).toBeNull();
    // Unpaid until March 9, asked on March 9: covered that very day, 6 days late (March 4-9), final.
    const daily = policy({ graceDays: 2, amountCents: 1_000, dailyCents: 100, maxCents: 10_000 });
    expect(assessLateFee(daily, 120_000, "2026-03", [...march, payment("2026-03-09", 120_000)], "2026-03-09")).toMatchObject({
      coveredOn: "2026-03-09",
      daysLate: 6,
      amountCents: 1_600,
      final: true,
    });
    // A later payment listed first, an earlier partial one after it: covered on the 12th, when the sum reached the rent.
    const split = [...march, payment("2026-03-12", 70_000), payment("2026-03-10", 50_000)];
    expect(assessLateFee(daily, 120_000, "2026-03", split, "2026-03-30")).toMatchObject({ coveredOn: "2026-03-12", daysLate: 9 });
  });

  test("a fee of the period listed before its rent is not taken for the rent; money dated after the day asked about is not counted", () => {
    const p = policy({ graceDays: 0, kind: "percent", percent: 10 });
    const feeFirst = [fact("late_fee", "2026-03-02", 2_000, { period: "2026-03" }), rent("2026-03-01", 120_000)];
    expect(assessLateFee(p, 120_000, "2026-03", feeFirst, "2026-03-05")).toMatchObject({ amountCents: 12_000, firstLateDay: "2026-03-02" });
    const daily = policy({ graceDays: 2, amountCents: 1_000, dailyCents: 100, maxCents: 10_000 });
    expect(assessLateFee(daily, 120_000, "2026-03", [...march, payment("2026-03-20", 120_000)], "2026-03-10")).toMatchObject({
      coveredOn: null,
      daysLate: 7,
      final: false,
    });
  });

  test("a deposit paid with the first month's rent pays the deposit, not next month's rent", () => {
    const p = policy({ graceDays: 5 });
    // Move-in January 1: $1,000 rent and a $1,000 deposit, $2,000 paid that day. February is not paid.
    const movedIn = [rent("2026-01-01", 100_000), fact("deposit", "2026-01-01", 100_000), payment("2026-01-01", 200_000), rent("2026-02-01", 100_000)];
    expect(assessLateFee(p, 100_000, "2026-01", movedIn, "2026-02-20")).toBeNull();
    expect(assessLateFee(p, 100_000, "2026-02", movedIn, "2026-02-20")).toMatchObject({ period: "2026-02", coveredOn: null, amountCents: 5_000 });
    expect(lateness(movedIn, 5, "2026-02-20")).toEqual({ period: "2026-02", dueDate: "2026-02-01", daysLate: 19, unpaidRentCents: 100_000 });
    // Only the rent paid at move-in: the deposit stays unpaid, and February paid on time is not late.
    const depositOwed = [rent("2026-01-01", 100_000), fact("deposit", "2026-01-01", 100_000), payment("2026-01-01", 100_000), rent("2026-02-01", 100_000), payment("2026-02-01", 100_000)];
    expect(assessLateFee(p, 100_000, "2026-02", depositOwed, "2026-02-20")).toBeNull();
    expect(lateness(depositOwed, 5, "2026-02-20")).toBeNull();
    // A payment short of rent and deposit pays the rent first.
    const short = [rent("2026-01-01", 100_000), fact("deposit", "2026-01-01", 100_000), payment("2026-01-01", 150_000)];
    expect(assessLateFee(p, 100_000, "2026-01", short, "2026-01-20")).toBeNull();
  });

  test("rent paid ahead pays the month it is for, and a deposit charged later does not take it back", () => {
    const p = policy({ graceDays: 0 });
    const ahead = [rent("2026-01-01", 100_000), payment("2026-01-01", 100_000), payment("2026-01-25", 100_000), rent("2026-02-01", 100_000)];
    expect(assessLateFee(p, 100_000, "2026-02", ahead, "2026-02-10")).toBeNull();
    expect(rentCoverage(ahead, "2026-02-10").get(ahead[3]!.id)).toEqual({ coveredOn: "2026-02-01", unpaidCents: 0 });
    // The credit pays February's rent when it comes due, so a pet deposit charged February 15 is what stays unpaid.
    const petDeposit = [...ahead, fact("deposit", "2026-02-15", 30_000), rent("2026-03-01", 100_000), payment("2026-03-01", 100_000)];
    expect(assessLateFee(p, 100_000, "2026-03", petDeposit, "2026-03-10")).toBeNull();
  });

  test("a rent of nothing is never late", () => {
    expect(assessLateFee(policy({ graceDays: 0 }), 0, "2026-03", [rent("2026-03-01", 0)], "2026-03-10")).toBeNull();
  });

  test("a daily fee without a cap keeps growing until the rent is covered", () => {
    const p = policy({ graceDays: 5, kind: "fixed", amountCents: 2_500, dailyCents: 500, maxCents: null });
    expect(assessLateFee(p, 120_000, "2026-03", march, "2026-04-30")).toMatchObject({ final: false, daysLate: 55, amountCents: 2_500 + 55 * 500 });
    expect(lateFeeVoidReason("March 2026")).toBe("Voided automatically: payments dated within the grace period covered the March 2026 rent.");
  });

  test("lateness: the oldest rent not covered, its days late and the rent unpaid", () => {
    const entries = [rent("2026-01-01", 100_000), rent("2026-02-01", 100_000), rent("2026-03-01", 100_000), payment("2026-01-03", 150_000)];
    // Payments cover January and half of February: February is the oldest unpaid.
    expect(lateness(entries, 5, "2026-03-10")).toEqual({ period: "2026-02", dueDate: "2026-02-01", daysLate: 37, unpaidRentCents: 150_000 });
    // Within March's grace, March does not count yet.
    expect(lateness(entries, 5, "2026-03-04")).toMatchObject({ unpaidRentCents: 50_000 });
    expect(lateness([...entries, payment("2026-03-02", 150_000)], 5, "2026-03-10")).toBeNull();
    // Rents listed out of order: payments still cover the oldest first.
    const shuffled = [rent("2026-03-01", 100_000), rent("2026-01-01", 100_000), rent("2026-02-01", 100_000), payment("2026-01-03", 100_000)];
    expect(lateness(shuffled, 5, "2026-03-10")).toEqual({ period: "2026-02", dueDate: "2026-02-01", daysLate: 37, unpaidRentCents: 200_000 });
    // A payment dated on the day asked about counts.
    expect(lateness([...shuffled, payment("2026-03-10", 200_000)], 5, "2026-03-10")).toBeNull();
    // On the last day of March's grace (the 6th) March is not late; the day after, it is.
    expect(lateness(entries, 5, "2026-03-06")).toMatchObject({ unpaidRentCents: 50_000 });
    expect(lateness(entries, 5, "2026-03-07")).toMatchObject({ unpaidRentCents: 150_000 });
    // A payment dated after the day asked about does not count yet.
    expect(lateness([...entries, payment("2026-03-12", 150_000)], 5, "2026-03-10")).toMatchObject({ unpaidRentCents: 150_000 });
  });
});

describe("late fees of a month with two rent charges, and rent coverage", () => {
  test("a month whose rent is charged in two parts is late when the second part is: its fee waits for all of the month's rent", () => {
    // March's $1,000 due March 1 and paid March 2; $200 more of March's rent charged March 15 and never paid.
    // Fixed $50 after 5 grace days: the second part is late from March 21 (March 15 + 5 days of grace + 1).
    const entries = [rent("2026-03-01", 100_000), payment("2026-03-02", 100_000), rent("2026-03-15", 20_000)];
    expect(assessLateFee(policy({}), 120_000, "2026-03", entries, "2026-03-20")).toBeNull();
    expect(assessLateFee(policy({}), 120_000, "2026-03", entries, "2026-03-31")).toMatchObject({ amountCents: 5_000, firstLateDay: "2026-03-21", coveredOn: null, daysLate: 11 });
    // Paid within the second part's grace: no fee for March.
    expect(assessLateFee(policy({}), 120_000, "2026-03", [...entries, payment("2026-03-18", 20_000)], "2026-03-31")).toBeNull();
  });

  test("rent coverage answers for rent charges only", () => {
    const entries = [fact("deposit", "2026-03-01", 100_000), rent("2026-03-01", 100_000), fact("fee", "2026-03-03", 2_500), payment("2026-03-02", 202_500)];
    expect([...rentCoverage(entries, "2026-03-31").keys()]).toEqual([entries[1]!.id]);
  });
});

describe("the ledger", () => {
  test("the rent roll's month: an opening balance or a balance carried from the earlier term is owed from before, not due in its month", () => {
    // Books that begin October 1 with $650 owed from before; October's $1,000 paid in full.
    const opening = [fact("opening_balance", "2026-10-01", 65_000), rent("2026-10-01", 100_000), payment("2026-10-05", 100_000)];
    expect(monthStanding(opening, "2026-10")).toEqual({ dueCents: 100_000, paidCents: 100_000, balanceCents: 65_000, status: "partial" });
    const carried = [fact("balance_carried", "2027-09-01", 30_000), rent("2027-09-01", 100_000)];
    expect(monthStanding(carried, "2027-09")).toEqual({ dueCents: 100_000, paidCents: 0, balanceCents: 130_000, status: "unpaid" });
  });

  test("the rent roll's month: due, paid, balance at month end, and its status", () => {
    const entries = [rent("2026-02-01", 100_000), payment("2026-02-03", 100_000), rent("2026-03-01", 100_000), payment("2026-03-05", 40_000)];
    expect(monthStanding(entries, "2026-02")).toEqual({ dueCents: 100_000, paidCents: 100_000, balanceCents: 0, status: "paid" });
    expect(monthStanding(entries, "2026-03")).toEqual({ dueCents: 100_000, paidCents: 40_000, balanceCents: 60_000, status: "partial" });
    expect(monthStanding([rent("2026-03-01", 100_000)], "2026-03").status).toBe("unpaid");
    expect(monthStanding([rent("2026-03-01", 100_000), payment("2026-03-01", 120_000)], "2026-03")).toMatchObject({ balanceCents: -20_000, status: "credit" });
    // The month's last day is in it; a refund is not a charge due; the balance runs to the month's end only.
    const edges = [rent("2026-03-01", 100_000), payment("2026-03-31", 100_000), fact("refund", "2026-03-15", 5_000), fact("fee", "2026-04-01", 2_500)];
    expect(monthStanding(edges, "2026-03")).toEqual({ dueCents: 100_000, paidCents: 100_000, balanceCents: 5_000, status: "partial" });
    // A deposit applied to the balance (negative) is not a charge due.
    const applied = [rent("2026-03-01", 100_000), fact("deposit", "2026-03-20", -100_000)];
    expect(monthStanding(applied, "2026-03")).toEqual({ dueCents: 100_000, paidCents: 0, balanceCents: 0, status: "paid" });
  });

  test("a void cancels its entry: neither stands, and together they net to zero", () => {
    const charge = fact("fee", "2026-03-04", 7_500);
    const voided = fact("void", "2026-03-04", -7_500, { voids: charge.id });
    expect(standing([charge, voided])).toEqual([]);
    expect(balanceOf([charge, voided])).toBe(0);
  });

  // Random ledgers: rent of a lease, payments, fees and credits, some of them voided.
  const ledgers = fc
    .array(
      fc.record({
        kind: fc.constantFrom("fee" as const, "payment" as const, "credit" as const, "deposit" as const, "refund" as const),
        day: fc.integer({ min: 0, max: 400 }),
        cents: fc.integer({ min: 1, max: 300_000 }),
        voided: fc.boolean(),
      }),
      { maxLength: 25 },
    )
    .map((items) => {
      const entries: LedgerFact[] = [];
      for (const item of items) {
        const sign = item.kind === "payment" || item.kind === "credit" ? -1 : 1;
        const entry = fact(item.kind, plusDays("2025-06-01", item.day), sign * item.cents);
        entries.push(entry);
        if (item.voided) entries.push(fact("void", entry.date, -entry.amountCents, { voids: entry.id }));
      }
      return entries;
    });

  test("the balance is always the sum of the entries, and voids always net to zero", () => {
    fc.assert(
      fc.property(ledgers, (entries) => {
        const all = balanceOf(entries);
        expect(balanceOf(standing(entries))).toBe(all);
        const voids = entries.filter((e) => e.kind === "void");
        for (const v of voids) {
          const original = entries.find((e) => e.id === v.voids)!;
          expect(original.amountCents + v.amountCents).toBe(0);
        }
      }),
    );
  });

  test("posting day by day, each day deciding only what is new, ends where posting all at once does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 1, max: 900 })),
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 400 }), cents: fc.integer({ min: 1, max: 300_000 }) }), { maxLength: 8 }),
        (startOffset, dueDay, graceDays, daily, paid) => {
          const startDate = plusDays("2025-01-01", startOffset);
          const lease = {
            id: "lease",
            ownerId: "owner",
            unitId: "unit",
            startDate,
            endDate: null,
            rentCents: 100_000,
            dueDay,
            depositCents: 0,
            lateFee: { grace_days: graceDays, kind: "fixed" as const, amount_cents: 5_000, daily_cents: daily, max_cents: daily ? 9_000 : null },
            postedThrough: null,
            createdAt: new Date(),
            updatedAt: new Date(),
          } as LeaseRow;
          // Payments made on their own dates (recorded the day they were made).
          const payments = paid.map((x) => payment(plusDays(startDate, x.day), x.cents));
          const asFacts = (entries: ReturnType<typeof duePostings>) =>
            entries.map((e) => ({ ...fact(e.kind!, e.date!, e.amountCents!), id: e.id!, period: e.period ?? null, voids: e.voids ?? null }));
          const end = plusDays(startDate, 420);
          let ledger: LedgerFact[] = [];
          let decided: string | null = null;
          for (let today = startDate; today <= end; today = plusDays(today, 1)) {
            const recordedToday = payments.filter((p) => p.date === today);
            ledger = [...ledger, ...recordedToday];
            // A day with something recorded posts in full; any other day only what is new, reading the
            // entries only when the job says a late fee needs deciding (as postDue does).
            const posted = { ...lease, postedThrough: decided };
            const additions = recordedToday.length || !decided
              ? duePostings(lease, ledger, today)
              : duePostings(posted, needsEntries(posted, today) ? ledger : null, today, decided);
            ledger = [...ledger, ...asFacts(additions)];
            decided = today;
          }
          const key = (e: LedgerFact) => `${e.kind}:${e.period}:${e.amountCents}`;
          const dayByDay = standing(ledger).filter((e) => e.kind === "rent" || e.kind === "late_fee").map(key).sort();
          const posted = standing([...payments, ...asFacts(duePostings(lease, payments, end))]).filter((e) => e.kind === "rent" || e.kind === "late_fee");
          expect(dayByDay).toEqual(posted.map(key).sort());
        },
      ),
      { numRuns: 40 },
    );
  });

  test("posting twice changes nothing: what a second posting adds is empty", () => {
    const leases = fc.record({
      start: fc.integer({ min: 0, max: 700 }),
      length: fc.option(fc.integer({ min: 0, max: 700 })),
      dueDay: fc.integer({ min: 1, max: 28 }),
      rentCents: fc.integer({ min: 1, max: 500_000 }),
      graceDays: fc.integer({ min: 0, max: 10 }),
      kind: fc.constantFrom("fixed" as const, "percent" as const, "chicago_rlto" as const),
    });
    fc.assert(
      fc.property(leases, ledgers, fc.integer({ min: 0, max: 900 }), (l, extra, todayDay) => {
        const startDate = plusDays("2025-01-01", l.start);
        const lease = {
          id: "lease",
          ownerId: "owner",
          unitId: "unit",
          startDate,
          endDate: l.length === null ? null : plusDays(startDate, l.length),
          rentCents: l.rentCents,
          dueDay: l.dueDay,
          depositCents: 0,
          lateFee: { grace_days: l.graceDays, kind: l.kind, amount_cents: 5_000, percent: 5 },
          postedThrough: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        } as LeaseRow;
        const today = plusDays("2025-01-01", todayDay);
        const existing = extra;
        const first = duePostings(lease, existing, today).map((e) => ({ ...fact(e.kind!, e.date!, e.amountCents!), id: e.id!, period: e.period ?? null, voids: e.voids ?? null }));
        expect(duePostings(lease, [...existing, ...first], today)).toEqual([]);
        // Rent and late fees are posted once per period.
        const keys = first.filter((e) => e.kind === "rent" || e.kind === "late_fee").map((e) => `${e.kind}:${e.period}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});
