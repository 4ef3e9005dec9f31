import { describe, expect, test } from "bun:test";
import { allocate, type LedgerFact } from "../../src/server/domain/portal/allocation.ts";
import { carryOf } from "../../src/server/domain/portal/renewal-carry.ts";

// What a renewal carries from the earlier term's ledger (PORTAL.md 8a, decision 0073): after the
// closing entry the earlier term owes nothing and holds no deposit; the renewal opens with the
// same balance and deposit, a deposit still unpaid staying a deposit charge.

let n = 0;
const entry = (date: string, kind: LedgerFact["kind"], amountCents: number, extra: Partial<LedgerFact> = {}): LedgerFact => ({
  id: `e${++n}`,
  date,
  kind,
  amountCents,
  period: date.slice(0, 7),
  voids: null,
  ...extra,
});

/** The earlier term with its closing entry, and the renewal's opening entries, as renewal-carry.ts writes them. */
function carried(earlier: LedgerFact[]) {
  const carry = carryOf(earlier);
  const closing = entry("2027-01-01", "balance_carried", -carry.balanceCents, { depositCents: -carry.closingDepositCents });
  const opening = [entry("2027-01-01", "balance_carried", carry.balanceCents - carry.depositUnpaidCents, { depositCents: carry.depositHeldCents })];
  if (carry.depositUnpaidCents > 0) opening.push(entry("2027-01-01", "deposit", carry.depositUnpaidCents));
  return { carry, before: allocate(earlier, "9999-12-31"), after: allocate([...earlier, closing], "9999-12-31"), renewal: allocate(opening, "9999-12-31") };
}

describe("the balance carried into a renewal", () => {
  test("rent owed and a deposit held: the earlier term ends at zero, the renewal owes the rent and holds the deposit", () => {
    const { carry, after, renewal } = carried([
      entry("2026-01-01", "deposit", 150_000),
      entry("2026-01-01", "rent", 150_000),
      entry("2026-01-01", "payment", -300_000),
      entry("2026-12-01", "rent", 150_000),
      entry("2026-12-03", "payment", -40_000),
    ]);
    expect(carry).toEqual({ balanceCents: 110_000, depositUnpaidCents: 0, depositHeldCents: 150_000, closingDepositCents: 150_000 });
    expect(after).toMatchObject({ balanceCents: 0, depositHeldCents: 0, rentUnpaidCents: 0 });
    expect(renewal).toMatchObject({ balanceCents: 110_000, depositHeldCents: 150_000, rentUnpaidCents: 110_000 });
  });

  test("a credit (rent paid ahead) moves as a credit", () => {
    const { carry, after, renewal } = carried([entry("2026-12-01", "rent", 100_000), entry("2026-12-01", "payment", -125_000)]);
    expect(carry).toMatchObject({ balanceCents: -25_000, depositHeldCents: 0 });
    expect(after.balanceCents).toBe(0);
    expect(renewal).toMatchObject({ balanceCents: -25_000, creditCents: 25_000 });
  });

  test("a deposit still unpaid stays a deposit charge; only the part paid is held", () => {
    const { carry, after, renewal } = carried([entry("2026-01-01", "deposit", 100_000), entry("2026-01-01", "payment", -60_000)]);
    expect(carry).toEqual({ balanceCents: 40_000, depositUnpaidCents: 40_000, depositHeldCents: 60_000, closingDepositCents: 100_000 });
    expect(after).toMatchObject({ balanceCents: 0, depositHeldCents: 0 });
    expect(renewal).toMatchObject({ balanceCents: 40_000, depositHeldCents: 60_000, depositUnpaidCents: 40_000, rentUnpaidCents: 0 });
  });

  test("a late fee owed is carried in the balance; nothing owed, nothing held: nothing moves", () => {
    const withFee = carried([entry("2026-12-01", "rent", 100_000), entry("2026-12-01", "payment", -100_000), entry("2026-12-07", "late_fee", 5_000)]);
    expect(withFee.carry).toMatchObject({ balanceCents: 5_000, depositUnpaidCents: 0 });
    expect(withFee.after.balanceCents).toBe(0);
    expect(carryOf([entry("2026-12-01", "rent", 100_000), entry("2026-12-01", "payment", -100_000)])).toEqual({
      balanceCents: 0,
      depositUnpaidCents: 0,
      depositHeldCents: 0,
      closingDepositCents: 0,
    });
  });
});
