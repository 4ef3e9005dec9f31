import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { allocate, balanceOf, chargeClassOf, isMoney, type LedgerFact } from "../../src/server/domain/portal/allocation.ts";
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

// Each piece of the allocation stated whole for small ledgers worked by hand: what each payment
// paid, what each refund took back and from whom, the deposit's moves by day (what its interest
// is computed on, RLTO 5-12-080(c)), and the day each charge was paid (what decides a late fee).
describe("what each payment paid and each refund took back", () => {
  const ids = (entries: LedgerFact[]) => entries.map((e) => e.id);

  test("a refund of money paid ahead takes back credit: the rent it paid stays paid on the day it was paid", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -150_000), fact("refund", "2026-01-20", 30_000)];
    const [rent, payment] = ids(entries);
    const after = allocate(entries, "2026-01-31");
    expect(after.refunds).toEqual([{ id: entries[2]!.id, date: "2026-01-20", amountCents: 30_000, takenBack: [{ moneyId: payment!, charge: "credit", cents: 30_000 }], owedCents: 0 }]);
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-01-02" });
    expect(after.money).toEqual([
      { id: payment!, kind: "payment", date: "2026-01-02", amountCents: 120_000, receivedCents: 150_000, paid: [{ chargeId: rent!, kind: "rent", charge: "rent", cents: 100_000 }], unusedCents: 20_000 },
    ]);
    expect(after.creditCents).toBe(20_000);
  });

  test("a refund beyond the credit takes the credit, then rent back from the newest payment that paid it", () => {
    // January's $1,000 paid $600 on the 2nd and $400 on the 3rd, $100 paid ahead; $600 refunded on the 10th:
    // the $100 of credit, then $400 from the newest payment and $100 from the one before. $500 of rent is unpaid again.
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -60_000), fact("payment", "2026-01-03", -50_000), fact("refund", "2026-01-10", 60_000)];
    const [rent, first, second, refund] = ids(entries);
    const after = allocate(entries, "2026-01-31");
    expect(after.refunds[0]!.takenBack).toEqual([
      { moneyId: second!, charge: "credit", cents: 10_000 },
      { moneyId: second!, charge: "rent", cents: 40_000 },
      { moneyId: first!, charge: "rent", cents: 10_000 },
    ]);
    expect(after.refunds[0]).toMatchObject({ id: refund!, owedCents: 0 });
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 50_000, coveredOn: null });
    expect(after.money.map((m) => [m.id, m.amountCents, m.unusedCents, m.paid.map((p) => p.cents)])).toEqual([
      [first!, 50_000, 0, [50_000]],
      [second!, 0, 0, []],
    ]);
    expect(after).toMatchObject({ rentUnpaidCents: 50_000, creditCents: 0, balanceCents: 50_000 });
    // Rent taken back is no move of the deposit.
    expect(after.depositMoves).toEqual([]);
  });

  test("a refund takes back only what it refunds: from the newest payment of a charge paid in three, none from the older two", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -40_000), fact("payment", "2026-01-03", -30_000), fact("payment", "2026-01-04", -30_000), fact("refund", "2026-01-10", 20_000)];
    const [, , , third] = ids(entries);
    expect(allocate(entries, "2026-01-31").refunds[0]!.takenBack).toEqual([{ moneyId: third!, charge: "rent", cents: 20_000 }]);
  });

  test("a refund of more than the newest rent takes all of it, then from the month before, from the one payment that paid both", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("rent", "2026-02-01", 100_000), fact("payment", "2026-02-02", -200_000), fact("refund", "2026-02-10", 150_000)];
    const [january, february, payment] = ids(entries);
    const after = allocate(entries, "2026-02-28");
    expect(after.refunds[0]!.takenBack).toEqual([
      { moneyId: payment!, charge: "rent", cents: 100_000 },
      { moneyId: payment!, charge: "rent", cents: 50_000 },
    ]);
    expect(after.money[0]!.paid).toEqual([{ chargeId: january!, kind: "rent", charge: "rent", cents: 50_000 }]);
    expect(after.charges.get(february!)).toMatchObject({ unpaidCents: 100_000, coveredOn: null });
  });

  test("a deposit refunded is taken from the deposit's part of a payment, not from the rent the same payment paid after it", () => {
    // $2,000 on July 1 pays the $1,000 deposit due then and, as credit, August's rent on August 1.
    const entries = [fact("deposit", "2026-07-01", 100_000), fact("payment", "2026-07-01", -200_000), fact("rent", "2026-08-01", 100_000), fact("refund", "2026-08-05", 50_000)];
    const [deposit, payment, august] = ids(entries);
    const after = allocate(entries, "2026-08-10");
    expect(after.refunds[0]!.takenBack).toEqual([{ moneyId: payment!, charge: "deposit", cents: 50_000 }]);
    expect(after.money[0]!.paid).toEqual([
      { chargeId: deposit!, kind: "deposit", charge: "deposit", cents: 50_000 },
      { chargeId: august!, kind: "rent", charge: "rent", cents: 100_000 },
    ]);
    expect(after.charges.get(august!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-08-01" });
  });

  test("two refunds of credit: the second takes what the first left, and lists nothing taken from money with none left", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -100_000), fact("payment", "2026-01-03", -30_000), fact("refund", "2026-01-05", 30_000), fact("refund", "2026-01-06", 10_000)];
    const [rent, first, second] = ids(entries);
    const after = allocate(entries, "2026-01-31");
    expect(after.refunds.map((r) => r.takenBack)).toEqual([[{ moneyId: second!, charge: "credit", cents: 30_000 }], [{ moneyId: first!, charge: "rent", cents: 10_000 }]]);
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 10_000, coveredOn: null });
  });

  test("a refund of more than was paid leaves a month of free rent paid", () => {
    const entries = [fact("rent", "2026-01-01", 0), fact("rent", "2026-02-01", 100_000), fact("payment", "2026-02-01", -100_000), fact("refund", "2026-02-10", 150_000)];
    const [free] = ids(entries);
    const after = allocate(entries, "2026-02-28");
    expect(after.charges.get(free!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-01-01" });
    expect(after.refunds[0]!.owedCents).toBe(50_000);
  });

  test("money paid ahead pays a deposit due before the rent, on the deposit's day", () => {
    const entries = [fact("payment", "2026-06-25", -100_000), fact("deposit", "2026-07-01", 100_000), fact("rent", "2026-07-15", 100_000)];
    const [, deposit, rent] = ids(entries);
    const after = allocate(entries, "2026-07-20");
    expect(after.charges.get(deposit!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-07-01" });
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 100_000, coveredOn: null });
  });

  test("a refund of more than was paid is owed back like rent", () => {
    const entries = [fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -100_000), fact("refund", "2026-01-05", 120_000)];
    const [, payment] = ids(entries);
    const after = allocate(entries, "2026-01-31");
    expect(after.refunds[0]).toMatchObject({ takenBack: [{ moneyId: payment!, charge: "rent", cents: 100_000 }], owedCents: 20_000 });
    expect(after.money[0]).toMatchObject({ amountCents: 0, paid: [], unusedCents: 0 });
    expect(after).toMatchObject({ rentUnpaidCents: 120_000, balanceCents: 120_000 });
  });

  test("a refund takes back the deposit before rent, and the deposit held falls that day", () => {
    const entries = [fact("deposit", "2026-07-01", 100_000), fact("rent", "2026-07-01", 100_000), fact("payment", "2026-07-01", -200_000), fact("refund", "2026-07-20", 50_000)];
    const [deposit, rent, payment] = ids(entries);
    const after = allocate(entries, "2026-07-31");
    expect(after.refunds[0]!.takenBack).toEqual([{ moneyId: payment!, charge: "deposit", cents: 50_000 }]);
    expect(after.charges.get(deposit!)).toMatchObject({ unpaidCents: 50_000, coveredOn: null });
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-07-01" });
    expect(after.depositMoves).toEqual([
      { date: "2026-07-01", cents: 100_000 },
      { date: "2026-07-20", cents: -50_000 },
    ]);
    expect(after).toMatchObject({ depositHeldCents: 50_000, depositUnpaidCents: 50_000, rentUnpaidCents: 0 });
  });

  test("the deposit's moves by day: paid in parts, part of it applied to rent later, in date order", () => {
    // $1,000 of deposit: $500 with July's rent on July 1, $500 on July 10; $300 applied to rent on September 5.
    const entries = [
      fact("deposit", "2026-07-01", 100_000),
      fact("rent", "2026-07-01", 100_000),
      fact("payment", "2026-07-01", -150_000),
      fact("payment", "2026-07-10", -50_000),
      fact("deposit_applied", "2026-09-05", -30_000),
    ];
    const [deposit, rent, first, second] = ids(entries);
    const after = allocate(entries, "2026-09-30");
    expect(after.depositMoves).toEqual([
      { date: "2026-07-01", cents: 50_000 },
      { date: "2026-07-10", cents: 50_000 },
      { date: "2026-09-05", cents: -30_000 },
    ]);
    expect(after.depositHeldCents).toBe(70_000);
    expect(after.money.slice(0, 2).map((m) => [m.id, m.paid])).toEqual([
      [first!, [{ chargeId: rent!, kind: "rent", charge: "rent", cents: 100_000 }, { chargeId: deposit!, kind: "deposit", charge: "deposit", cents: 50_000 }]],
      [second!, [{ chargeId: deposit!, kind: "deposit", charge: "deposit", cents: 50_000 }]],
    ]);
    expect(after.charges.get(deposit!)!.coveredOn).toBe("2026-07-10");
  });

  test("rent and a deposit due the same day: money paid ahead pays the rent first", () => {
    const entries = [fact("payment", "2026-06-25", -100_000), fact("deposit", "2026-07-01", 100_000), fact("rent", "2026-07-01", 100_000)];
    const [, deposit, rent] = ids(entries);
    const after = allocate(entries, "2026-07-05");
    expect(after.charges.get(rent!)).toMatchObject({ unpaidCents: 0, coveredOn: "2026-07-01" });
    expect(after.charges.get(deposit!)).toMatchObject({ unpaidCents: 100_000, coveredOn: null });
    expect(after.depositMoves).toEqual([]);
  });

  test("rent not yet due does not take a payment before the deposit due now", () => {
    const entries = [fact("deposit", "2026-07-01", 100_000), fact("rent", "2026-07-01", 100_000), fact("rent", "2026-08-01", 100_000), fact("payment", "2026-07-01", -200_000)];
    const after = allocate(entries, "2026-08-15");
    expect(after).toMatchObject({ rentUnpaidCents: 100_000, depositUnpaidCents: 0, depositHeldCents: 100_000 });
  });

  test("what is a charge and what is money: zero amounts are neither, a negative charge is not a charge, a positive payment is not money", () => {
    expect(chargeClassOf({ kind: "rent", amountCents: 0 })).toBe("rent");
    expect(chargeClassOf({ kind: "rent", amountCents: -100 })).toBeNull();
    for (const kind of ["fee", "late_fee", "deposit"] as const) expect(chargeClassOf({ kind, amountCents: 0 }), kind).toBeNull();
    expect(chargeClassOf({ kind: "late_fee", amountCents: 2_500 })).toBe("fee");
    expect(chargeClassOf({ kind: "opening_balance", amountCents: 100 })).toBe("rent");
    for (const kind of ["payment", "credit", "deposit_applied", "opening_balance", "balance_carried"] as const) {
      expect(isMoney({ kind, amountCents: -100 }), kind).toBe(true);
      expect(isMoney({ kind, amountCents: 0 }), `${kind} of nothing`).toBe(false);
    }
    expect(isMoney({ kind: "payment", amountCents: 5_000 })).toBe(false);
    for (const kind of ["rent", "fee", "late_fee", "deposit", "refund"] as const) expect(isMoney({ kind, amountCents: -100 }), kind).toBe(false);
    // A refund of nothing takes nothing back and is not listed.
    expect(allocate([fact("rent", "2026-01-01", 100_000), fact("payment", "2026-01-02", -100_000), fact("refund", "2026-01-05", 0)], "2026-01-31").refunds).toEqual([]);
  });
});
