import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { allocate, balanceOf, type LedgerFact } from "../../src/server/domain/portal/allocation.ts";
import { rentCoverage } from "../../src/server/domain/portal/ledger-rules.ts";
import { periodOf } from "../../src/shared/calendar.ts";

// The one rule of what a tenant's money paid (PORTAL.md 3 and 3a, DECISIONS.md 27): rent first,
// oldest first, then deposits; fees only from what no rent or deposit needs. The figures of the
// first tests are the cases an audit of the books found wrong (the 5-day notice that subtracted
// every payment from the rent): 735 ILCS 5/9-209 lets the notice demand rent only, so what it
// demands is the rent this function finds unpaid on the day of service.

let n = 0;
const fact = (kind: LedgerFact["kind"], date: string, amountCents: number, extra: Partial<LedgerFact> = {}): LedgerFact => ({
  id: `e${++n}`,
  date,
  kind,
  amountCents,
  period: kind === "rent" || kind === "late_fee" ? periodOf(date) : null,
  voids: null,
  ...extra,
});

describe("what the tenant's money paid", () => {
  test("a deposit charged and paid through the ledger is not rent: November unpaid is $1,300 of rent unpaid", () => {
    // Rent $1,300 from July, deposit $1,300 charged at the start; every payment made through October.
    const entries = [fact("deposit", "2026-07-01", 130_000)];
    for (const month of ["07", "08", "09", "10", "11"]) entries.push(fact("rent", `2026-${month}-01`, 130_000));
    entries.push(fact("payment", "2026-07-01", -260_000));
    for (const month of ["08", "09", "10"]) entries.push(fact("payment", `2026-${month}-02`, -130_000));
    const november = allocate(entries, "2026-11-20");
    expect(november.rentUnpaidCents).toBe(130_000);
    expect(november.depositUnpaidCents).toBe(0);
    expect(november.depositHeldCents).toBe(130_000);
  });

  test("July rent and the deposit paid in one $2,000 payment, August and September unpaid: $2,000 of rent is unpaid on September 10", () => {
    const entries = [
      fact("rent", "2026-07-01", 100_000),
      fact("deposit", "2026-07-01", 100_000),
      fact("payment", "2026-07-01", -200_000),
      fact("rent", "2026-08-01", 100_000),
      fact("rent", "2026-09-01", 100_000),
    ];
    const served = allocate(entries, "2026-09-10");
    expect(served.rentUnpaidCents).toBe(200_000);
    expect(served.depositHeldCents).toBe(100_000);
    // $300 of the deposit then applied to rent: $1,700 of rent is unpaid, $700 of deposit held.
    const applied = [...entries, fact("deposit_applied", "2026-09-05", -30_000)];
    const after = allocate(applied, "2026-09-10");
    expect(after.rentUnpaidCents).toBe(170_000);
    expect(after.depositHeldCents).toBe(70_000);
    // The oldest rent is paid first: August has $300 paid, September none.
    const [august, september] = [...after.charges.values()].filter((c) => c.kind === "rent" && c.date > "2026-07-31");
    expect([august!.unpaidCents, september!.unpaidCents]).toEqual([70_000, 100_000]);
  });

  test("as of a day, money and charges dated later do not count", () => {
    const entries = [fact("rent", "2026-09-01", 100_000), fact("payment", "2026-09-12", -100_000), fact("rent", "2026-10-01", 100_000)];
    expect(allocate(entries, "2026-09-10").rentUnpaidCents).toBe(100_000);
    expect(allocate(entries, "2026-09-12").rentUnpaidCents).toBe(0);
    expect(allocate(entries, "2026-10-01").rentUnpaidCents).toBe(100_000);
  });

  test("money meant for next month's rent is never spent on a fee: the fee waits, the rent is paid on time", () => {
    const entries = [
      fact("rent", "2026-01-01", 100_000),
      fact("payment", "2026-01-01", -100_000),
      fact("fee", "2026-01-15", 5_000),
      fact("payment", "2026-01-28", -100_000),
      fact("rent", "2026-02-01", 100_000),
    ];
    const feb = allocate(entries, "2026-02-10");
    const february = [...feb.charges.values()].find((c) => c.date === "2026-02-01")!;
    expect(february).toMatchObject({ unpaidCents: 0, coveredOn: "2026-02-01" });
    expect(feb.feesUnpaidCents).toBe(5_000);
    // Before February's rent came due, the same money paid the fee.
    expect(allocate(entries, "2026-01-30").feesUnpaidCents).toBe(0);
  });

  test("a refund takes back from the newest rent it paid, and only as much as it refunds", () => {
    const entries = [
      fact("rent", "2026-01-01", 100_000),
      fact("rent", "2026-02-01", 100_000),
      fact("rent", "2026-03-01", 100_000),
      fact("payment", "2026-03-02", -300_000),
      fact("refund", "2026-03-10", 40_000),
    ];
    const after = allocate(entries, "2026-03-31");
    const rents = [...after.charges.values()].filter((c) => c.kind === "rent");
    expect(rents.map((r) => r.unpaidCents)).toEqual([0, 0, 40_000]);
    expect(rents.map((r) => r.coveredOn)).toEqual(["2026-03-02", "2026-03-02", null]);
    expect(after.rentUnpaidCents).toBe(40_000);
    expect(after.refunds[0]!.takenBack).toEqual([{ moneyId: entries[3]!.id, charge: "rent", cents: 40_000 }]);
  });

  test("a refund of money paid ahead comes from the credit first", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -150_000), fact("refund", "2026-01-05", 30_000)];
    const after = allocate(entries, "2026-01-31");
    expect(after.creditCents).toBe(20_000);
    expect(after.rentUnpaidCents).toBe(0);
  });

  test("a deposit returned ends that much of the deposit held and leaves the balance alone; a deposit already held counts from the books' first day", () => {
    const entries = [
      fact("deposit_held", "2026-03-01", 0, { depositCents: 150_000 }),
      fact("opening_balance", "2026-03-01", 20_000),
      fact("rent", "2026-03-01", 120_000),
      fact("deposit_returned", "2026-06-10", 0, { depositCents: -150_000 }),
    ];
    expect(allocate(entries, "2026-03-31")).toMatchObject({ depositHeldCents: 150_000, rentUnpaidCents: 140_000, balanceCents: 140_000 });
    expect(allocate(entries, "2026-06-30")).toMatchObject({ depositHeldCents: 0, balanceCents: 140_000 });
  });

  test("an opening balance owed is rent owed from before the books; a negative one is a credit", () => {
    const owed = allocate([fact("opening_balance", "2026-10-01", 65_000), fact("payment", "2026-10-05", -65_000)], "2026-10-31");
    expect(owed).toMatchObject({ rentUnpaidCents: 0, creditCents: 0 });
    const ahead = allocate([fact("opening_balance", "2026-10-01", -25_000), fact("rent", "2026-11-01", 100_000)], "2026-11-02");
    expect(ahead).toMatchObject({ rentUnpaidCents: 75_000, creditCents: 0 });
  });

  test("rent coverage, which decides late fees, is the allocation's rent", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("late_fee", "2026-01-07", 5_000), fact("payment", "2026-01-09", -105_000)];
    expect(rentCoverage(entries, "2026-01-31").get(entries[0]!.id)).toEqual({ coveredOn: "2026-01-09", unpaidCents: 0 });
  });
});

describe("what is unpaid always adds up to the balance", () => {
  const kinds = ["rent", "late_fee", "fee", "deposit", "payment", "credit", "refund", "deposit_applied", "opening_balance"] as const;
  const arbitraryFact = fc.record({
    kind: fc.constantFrom(...kinds),
    day: fc.integer({ min: 1, max: 90 }),
    cents: fc.integer({ min: 1, max: 200_000 }),
  });
  test("rent, deposits and fees unpaid, less credit, is the sum of the entries, as of any day", () => {
    fc.assert(
      fc.property(fc.array(arbitraryFact, { maxLength: 40 }), fc.integer({ min: 1, max: 100 }), (drawn, asOfDay) => {
        const day = (d: number) => new Date(Date.UTC(2026, 0, d)).toISOString().slice(0, 10);
        const entries = drawn.map((d) => {
          const sign = d.kind === "payment" || d.kind === "credit" || d.kind === "deposit_applied" ? -1 : 1;
          return fact(d.kind, day(d.day), sign * d.cents);
        });
        entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        const asOf = day(asOfDay);
        const a = allocate(entries, asOf);
        const balance = balanceOf(entries.filter((e) => e.date <= asOf));
        expect(a.balanceCents).toBe(balance);
        expect(a.rentUnpaidCents + a.depositUnpaidCents + a.feesUnpaidCents - a.creditCents).toBe(balance);
        for (const charge of a.charges.values()) {
          expect(charge.unpaidCents).toBeGreaterThanOrEqual(0);
          expect(charge.unpaidCents).toBeLessThanOrEqual(charge.amountCents);
          expect(charge.coveredOn === null).toBe(charge.unpaidCents > 0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
