import { describe, expect, test } from "bun:test";
import { chicagoRltoLimit, cookCountyLimit, ZLateFeePolicySchema, type TLateFeePolicy } from "../../src/shared/portal.ts";
import { baseLateFee } from "../../src/server/domain/portal/ledger-rules.ts";
import { lateFeeWarnings, mostLateFee } from "../../src/server/domain/portal/late-fee-limits.ts";

// The late-fee caps: Chicago's RLTO, $10 a month for the first $500 of monthly rent plus 5% of the
// rest (Municipal Code 5-12-140(h)); suburban Cook County's ordinance, $10 a month for the first
// $1,000 plus 5% of the rest (Cook County Code Sec. 42-804). Figures worked by hand.

const policy = (p: Partial<TLateFeePolicy>): TLateFeePolicy => ({ grace_days: 5, kind: "fixed", amount_cents: null, percent: null, daily_cents: null, max_cents: null, ...p });

describe("the limits", () => {
  test("Cook County: $10 up to $1,000 of rent, plus 5% of the rest, half up to the cent", () => {
    expect(cookCountyLimit(100_000)).toBe(1_000); // $1,000: $10
    expect(cookCountyLimit(99_999)).toBe(1_000);
    expect(cookCountyLimit(150_000)).toBe(3_500); // $1,500: $10 + 5% of $500 = $35 (the county's own example)
    expect(cookCountyLimit(123_457)).toBe(2_173); // $10 + 5% of $234.57 = $11.7285 -> $11.73
    expect(chicagoRltoLimit(150_000)).toBe(6_000); // Chicago, $1,500: $10 + 5% of $1,000 = $60
  });

  test("the cook_county preset charges the county's limit for the month's rent", () => {
    const preset = { graceDays: 5, kind: "cook_county" as const, amountCents: null, percent: null, dailyCents: null, maxCents: null };
    expect(baseLateFee(preset, 75_000, 150_000)).toBe(3_500);
    expect(ZLateFeePolicySchema.safeParse({ grace_days: 5, kind: "cook_county" }).success).toBe(true);
    const daily = ZLateFeePolicySchema.safeParse({ grace_days: 5, kind: "cook_county", daily_cents: 500, max_cents: 10_000 });
    expect(daily.success).toBe(false);
    expect(daily.error!.issues[0]!.message).toBe("Cook County's ordinance allows no daily fee on top of its limit");
  });
});

describe("a lease's policy against its property's cap", () => {
  test("Chicago, $1,200 rent (cap $45): $75 fixed or 5% ($60) are over, $40 is not", () => {
    const [warning] = lateFeeWarnings(policy({ amount_cents: 7_500 }), 120_000, "chicago_rlto");
    expect(warning).toBe(
      "This lease's late fee can reach $75.00 a month, more than the $45.00 that the Chicago Residential Landlord and Tenant Ordinance allows on $1,200.00 of rent ($10 for the first $500 of monthly rent plus 5% of the rest, Chicago Municipal Code 5-12-140(h)). Lower it, or choose the Chicago RLTO limit.",
    );
    expect(lateFeeWarnings(policy({ kind: "percent", percent: 5 }), 120_000, "chicago_rlto")).toHaveLength(1);
    expect(lateFeeWarnings(policy({ amount_cents: 4_000 }), 120_000, "chicago_rlto")).toEqual([]);
    expect(lateFeeWarnings(policy({ kind: "chicago_rlto" }), 120_000, "chicago_rlto")).toEqual([]);
  });

  test("suburban Cook County, $1,500 rent (cap $35): the Chicago preset ($60) is over; the county's preset is not", () => {
    expect(lateFeeWarnings(policy({ kind: "chicago_rlto" }), 150_000, "cook_county")[0]).toContain("more than the $35.00 that the Cook County Residential Tenant Landlord Ordinance allows");
    expect(lateFeeWarnings(policy({ kind: "cook_county" }), 150_000, "cook_county")).toEqual([]);
    // A daily fee grows to its cap: $20 plus $5 a day up to $100 can reach $100.
    const daily = policy({ amount_cents: 2_000, daily_cents: 500, max_cents: 10_000 });
    expect(mostLateFee(daily, 150_000)).toBe(10_000);
    expect(lateFeeWarnings(daily, 150_000, "cook_county")[0]).toContain("can reach $100.00 a month");
  });

  test("the county's warning names its own limit, its words and its source", () => {
    expect(lateFeeWarnings(policy({ amount_cents: 5_000 }), 150_000, "cook_county")).toEqual([
      "This lease's late fee can reach $50.00 a month, more than the $35.00 that the Cook County Residential Tenant Landlord Ordinance allows on $1,500.00 of rent ($10 for the first $1,000 of monthly rent plus 5% of the rest, Cook County Code Sec. 42-804). Lower it, or choose the Cook County limit.",
    ]);
  });

  test("the most a policy can charge: a percent of the rent half up to the cent, never above its own most", () => {
    // 3.5% of $1,234.57 = $43.20995 -> $43.21; 2.5% of $1,234.50 = $30.8625 -> $30.86; 5% of $1,000.10 = $50.005 -> $50.01 (half up).
    expect(mostLateFee(policy({ kind: "percent", percent: 3.5 }), 123_457)).toBe(4_321);
    expect(mostLateFee(policy({ kind: "percent", percent: 2.5 }), 123_450)).toBe(3_086);
    expect(mostLateFee(policy({ kind: "percent", percent: 5 }), 100_010)).toBe(5_001);
    // A most below the fee caps it; above it, the fee stands.
    expect(mostLateFee(policy({ amount_cents: 7_500, max_cents: 5_000 }), 120_000)).toBe(5_000);
    expect(mostLateFee(policy({ amount_cents: 4_000, max_cents: 5_000 }), 120_000)).toBe(4_000);
    // The presets are the ordinances' limits of the month's rent.
    expect(mostLateFee(policy({ kind: "chicago_rlto" }), 120_000)).toBe(4_500);
    expect(mostLateFee(policy({ kind: "cook_county" }), 150_000)).toBe(3_500);
  });

  test("no cap in the statutes alone, and none without a policy", () => {
    expect(lateFeeWarnings(policy({ amount_cents: 50_000 }), 120_000, "illinois")).toEqual([]);
    expect(lateFeeWarnings(null, 120_000, "chicago_rlto")).toEqual([]);
  });
});
