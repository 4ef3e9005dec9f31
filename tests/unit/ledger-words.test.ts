import { describe, expect, test } from "bun:test";
import { ledgerEntryWords } from "../../src/shared/portal.ts";

// A ledger row names its kind once (issue 31 item 7): the descriptions the books write mostly
// begin with the kind's own words.

const text = (...args: Parameters<typeof ledgerEntryWords>) => {
  const { lead, rest } = ledgerEntryWords(...args);
  return `${lead}|${rest}`;
};

describe("a ledger row's words", () => {
  test("a description that is the kind's label, or begins with it, is said once with the label leading", () => {
    expect(text("deposit", "Security deposit")).toBe("Security deposit|");
    expect(text("rent", "Rent for March 2026")).toBe("Rent| for March 2026");
    expect(text("void", "Void: entered twice")).toBe("Void|: entered twice");
    expect(text("deposit_applied", "Security deposit kept, as itemized on the move-out statement")).toBe("Security deposit kept|, as itemized on the move-out statement");
    expect(text("payment", "payment received (check 1043)")).toBe("payment| received (check 1043)");
  });

  test("any other description follows the kind after a separator; none, the kind alone", () => {
    expect(text("credit", "Security deposit interest for 2025, credited to rent")).toBe("Credit| · Security deposit interest for 2025, credited to rent");
    // A word that only begins with the label's letters is not the label.
    expect(text("rent", "Rental of the garage")).toBe("Rent| · Rental of the garage");
    expect(text("fee", "  ")).toBe("Fee|");
  });
});
