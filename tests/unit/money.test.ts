import { describe, expect, test } from "bun:test";
import { formatCents, formatDollars, parseDollars } from "../../src/shared/money.ts";

// Money as shown (src/shared/money.ts): the digits are grouped without Intl.NumberFormat (a
// phone's first number format is slow to make), so Intl is the oracle the output must equal.

const intlCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlDollars = new Intl.NumberFormat("en-US");
const amounts = [0, 1, 5, 10, 99, 100, 101, 999_99, 1000_00, 1050_00, 12_345_67, 100_000_00, 999_999_99, 1_000_000_00, 123_456_789_01];

describe("amounts as the portals show them", () => {
  test("formatCents writes what en-US writes, with the sign before the dollar sign", () => {
    expect(formatCents(105_000)).toBe("$1,050.00");
    expect(formatCents(-1250)).toBe("-$12.50");
    expect(formatCents(7)).toBe("$0.07");
    // Integer cents stay exact where dividing by 100 first would not (Intl gives ...409.90 here).
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
    for (const cents of amounts) {
      expect(formatCents(cents)).toBe(`$${intlCents.format(cents / 100)}`);
      if (cents > 0) expect(formatCents(-cents)).toBe(`-$${intlCents.format(cents / 100)}`);
    }
  });

  test("formatDollars leaves out cents only when there are none", () => {
    expect(formatDollars(40_000)).toBe("$400");
    expect(formatDollars(100_000)).toBe("$1,000");
    expect(formatDollars(1250)).toBe("$12.50");
    for (const cents of amounts.filter((c) => c % 100 === 0)) expect(formatDollars(cents)).toBe(`$${intlDollars.format(cents / 100)}`);
  });

  test("parseDollars reads what a person types, and nothing else", () => {
    expect(parseDollars("1,050.00")).toBe(105_000);
    expect(parseDollars(" $1050 ")).toBe(105_000);
    expect(parseDollars("1050.5")).toBe(105_050);
    expect(parseDollars("-12.5")).toBe(-1250);
    for (const bad of ["", "$", "12.345", "1.2.3", "ten", "1e3", "--5"]) expect(parseDollars(bad)).toBeNull();
    for (const cents of amounts) expect(parseDollars(formatCents(cents))).toBe(cents);
  });
});
