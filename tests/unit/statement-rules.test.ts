import { describe, expect, test } from "bun:test";
import { periodOf, type IsoDate } from "../../src/shared/calendar.ts";
import { cashReceipts } from "../../src/server/domain/portal/cash-rules.ts";
import type { LedgerFact } from "../../src/server/domain/portal/ledger-rules.ts";
import { addressLine, monthlyStatement, receiptsByProperty, statementFigures, type ReportExpense, type ReportLease, type ReportProperty } from "../../src/server/domain/portal/statement-rules.ts";
import type { ExpenseCategory } from "../../src/shared/books.ts";

// The monthly owner statement (PORTAL.md 6) on the cash basis: money tenants paid in the month by
// what it paid, expenses paid in the month by group, net operating income before loan payments and
// capital work, owner transfers and deposits below the line, and what tenants owed at month end.
// Every figure below is worked by hand from the ledgers and expenses of the example.

let seq = 0;
const fact = (kind: LedgerFact["kind"], date: IsoDate, amountCents: number): LedgerFact => ({
  id: `s${++seq}`,
  date,
  kind,
  amountCents,
  period: kind === "rent" || kind === "late_fee" ? periodOf(date) : null,
  voids: null,
});
let eseq = 0;
const expense = (propertyId: string, date: IsoDate, amountCents: number, category: ExpenseCategory | null, payee = "Payee"): ReportExpense => ({
  id: `x${++eseq}`,
  propertyId,
  date,
  amountCents,
  payee,
  memo: null,
  category,
});
const property = (id: string, displayName: string, archived = false, line2: string | null = null): ReportProperty => ({
  id,
  displayName,
  address: { line1: `${id === "maple" ? "1420" : "88"} W ${displayName} St`, line2, city: "Chicago", state: "IL", zip: "60622" },
  propertyType: "multi_family",
  placedInService: null,
  buildingBasisCents: null,
  archived,
});

// The Maple two-flat in March 2025.
// Unit 1 (since 2024): the deposit of $1,500 paid in December; February's rent paid on the 28th, March's $1,500 on the 1st;
// a $50 late fee on the 6th of which $20 was paid on the 20th, $30 still owed at month end.
const unit1: ReportLease = {
  id: "l1",
  propertyId: "maple",
  unitLabel: "1",
  startDate: "2024-12-01",
  endDate: null,
  entries: [
    fact("deposit", "2024-12-01", 150_000),
    fact("payment", "2024-12-01", -150_000),
    fact("rent", "2025-02-01", 150_000),
    fact("payment", "2025-02-28", -150_000),
    fact("rent", "2025-03-01", 150_000),
    fact("payment", "2025-03-01", -150_000),
    fact("late_fee", "2025-03-06", 5_000),
    fact("payment", "2025-03-20", -2_000),
  ],
};
// Unit 2 moves in on March 15: a $1,400 deposit and rent prorated to $767.74, paid together on
// March 10; on March 28 April's $1,400 is paid ahead (rent received in advance: income in March).
// A $100 fee for a lost key is charged on March 31.
const unit2: ReportLease = {
  id: "l2",
  propertyId: "maple",
  unitLabel: "2",
  startDate: "2025-03-15",
  endDate: null,
  entries: [fact("payment", "2025-03-10", -216_774), fact("deposit", "2025-03-15", 140_000), fact("rent", "2025-03-15", 76_774), fact("payment", "2025-03-28", -140_000), fact("fee", "2025-03-31", 10_000)],
};
const mapleExpenses = [
  expense("maple", "2025-03-05", 25_000, "repairs", "Ace Hardware"),
  expense("maple", "2025-03-12", 12_050, "utilities", "ComEd"),
  expense("maple", "2025-03-12", 4_000, "utilities", "Peoples Gas"),
  expense("maple", "2025-03-01", 80_000, "mortgage_interest", "Chase Mortgage"),
  expense("maple", "2025-03-01", 40_000, "mortgage_principal", "Chase Mortgage"),
  expense("maple", "2025-03-18", 300_000, "capital_improvement", "Roofers Inc"),
  expense("maple", "2025-03-25", 100_000, "owner_draw", "Owner"),
  expense("maple", "2025-03-02", 50_000, "owner_contribution", "Owner"),
  expense("maple", "2025-03-21", 7_500, null, "ZELLE TO J SMITH"),
  expense("maple", "2025-03-31", 2_500, null, "VENMO"),
  expense("maple", "2025-02-28", 99_900, "repairs", "February plumber"),
  expense("maple", "2025-04-01", 88_800, "repairs", "April painter"),
];
// A former tenant's deposit: $200 returned in March (money out, below the line).
const mapleRefunds = [expense("maple", "2025-03-20", 20_000, "security_deposit_refund", "Former tenant"), expense("maple", "2025-04-02", 10_000, "security_deposit_refund", "Later tenant")];

describe("the figures of a month", () => {
  const figures = statementFigures("2025-03", receiptsByProperty([unit1, unit2]).get("maple")!, [unit1, unit2], [...mapleExpenses, ...mapleRefunds], mapleRefunds);

  test("income is the money tenants paid in the month, by what it paid; deposits are not income", () => {
    // The $100 key fee charged on the 31st is paid from the $1,400 paid ahead on the 28th, so that
    // money is $100 of fees and $1,300 of rent received in advance.
    // Rent: Unit 1's $1,500 + Unit 2's prorated $767.74 + $1,300 paid ahead = $3,567.74.
    // Late fees: the $20 paid on the 20th. Other fees: the $100.
    expect(figures.income).toEqual([
      { key: "rent", label: "Rent", amount_cents: 356_774 },
      { key: "late_fee", label: "Late fees", amount_cents: 2_000 },
      { key: "fee", label: "Other tenant fees", amount_cents: 10_000 },
    ]);
    expect(figures.income_total_cents).toBe(368_774);
  });

  test("operating expenses by category in the form's order, uncategorised ones on their own line; NOI leaves out loans, capital work and transfers", () => {
    expect(figures.operating_expenses).toEqual([
      { key: "repairs", label: "Repairs", amount_cents: 25_000 },
      { key: "utilities", label: "Utilities", amount_cents: 16_050 },
      { key: "uncategorized", label: "Not categorized yet", amount_cents: 10_000 },
    ]);
    expect(figures.operating_expenses_total_cents).toBe(51_050);
    expect(figures.uncategorized_expenses).toBe(2);
    // 3,687.74 - 510.50 = 3,177.24
    expect(figures.net_operating_income_cents).toBe(317_724);
    expect(figures.financing_and_capital).toEqual([
      { key: "mortgage_interest", label: "Mortgage interest paid to banks", amount_cents: 80_000 },
      { key: "mortgage_principal", label: "Mortgage principal", amount_cents: 40_000 },
      { key: "capital_improvement", label: "Capital improvement", amount_cents: 300_000 },
    ]);
    // 3,177.24 - 800 - 400 - 3,000 = -1,022.76
    expect(figures.cash_flow_cents).toBe(-102_276);
    expect(figures.owner_transfers).toEqual([
      { key: "owner_draw", label: "Owner draw", amount_cents: 100_000 },
      { key: "owner_contribution", label: "Owner contribution", amount_cents: 50_000 },
    ]);
  });

  test("deposits: received in the month, returned in the month, and held at its end", () => {
    // Received: Unit 2's $1,400 (paid March 10). Held: Unit 1's $1,500 + Unit 2's $1,400, less the
    // $200 returned on March 20 (the April refund is not yet) = $2,700.
    expect(figures.deposits).toEqual({ received_cents: 140_000, kept_cents: 0, returned_cents: 20_000, held_cents: 270_000 });
  });

  test("rent outstanding is the rent the tenants owed at the month's end; fees outstanding are a line of their own", () => {
    // Unit 1: $30 of the late fee, no rent. Unit 2 is ahead (a credit counts as nothing owed):
    // its balance: -2,167.74 + 1,400 + 767.74 - 1,400 + 100 = -1,300: nothing owed.
    expect(figures.rent_outstanding_cents).toBe(0);
    expect(figures.fees_outstanding_cents).toBe(3_000);
  });

  test("February's figures know nothing of March", () => {
    const feb = statementFigures("2025-02", receiptsByProperty([unit1, unit2]).get("maple")!, [unit1, unit2], [...mapleExpenses, ...mapleRefunds], mapleRefunds);
    expect(feb.income).toEqual([{ key: "rent", label: "Rent", amount_cents: 150_000 }]);
    expect(feb.operating_expenses).toEqual([{ key: "repairs", label: "Repairs", amount_cents: 99_900 }]);
    expect(feb.uncategorized_expenses).toBe(0);
    expect(feb.net_operating_income_cents).toBe(50_100);
    expect(feb.cash_flow_cents).toBe(50_100);
    expect(feb.financing_and_capital).toEqual([]);
    expect(feb.owner_transfers).toEqual([]);
    expect(feb.deposits).toEqual({ received_cents: 0, kept_cents: 0, returned_cents: 0, held_cents: 150_000 });
    expect(feb.rent_outstanding_cents).toBe(0);
  });

  test("a kept deposit is income in the month it is kept and leaves the deposits held", () => {
    // Unit 1 leaves in April owing $30; $300 of the $1,500 deposit is kept for damages charged as a fee
    // and the $30 fee, the rest returned.
    const leaving: ReportLease = { ...unit1, entries: [...unit1.entries, fact("fee", "2025-04-05", 27_000), fact("deposit_applied", "2025-04-06", -30_000)] };
    const refund = [expense("maple", "2025-04-30", 120_000, "security_deposit_refund", "Unit 1 tenant")];
    const april = statementFigures("2025-04", receiptsByProperty([leaving]).get("maple")!, [leaving], refund, refund);
    expect(april.income).toEqual([{ key: "deposit_kept", label: "Security deposits kept", amount_cents: 30_000 }]);
    expect(april.deposits).toEqual({ received_cents: 0, kept_cents: 30_000, returned_cents: 120_000, held_cents: 0 });
    expect(april.rent_outstanding_cents).toBe(0);
    // Returned deposits are below the line: not an operating expense, not in cash flow from operations.
    expect(april.operating_expenses).toEqual([]);
    expect(april.net_operating_income_cents).toBe(30_000);
    expect(april.cash_flow_cents).toBe(30_000);
  });

  test("rent paid and refunded in the same month leaves no rent line", () => {
    const lease: ReportLease = { ...unit1, entries: [fact("payment", "2025-06-02", -100_000), fact("refund", "2025-06-09", 100_000)] };
    const june = statementFigures("2025-06", receiptsByProperty([lease]).get("maple")!, [lease], [], []);
    expect([june.income, june.income_total_cents]).toEqual([[], 0]);
  });

  test("a refund of rent is negative rent in its month", () => {
    const lease: ReportLease = { ...unit1, entries: [fact("rent", "2025-05-01", 100_000), fact("payment", "2025-05-01", -110_000), fact("refund", "2025-05-09", 10_000)] };
    const may = statementFigures("2025-05", receiptsByProperty([lease]).get("maple")!, [lease], [], []);
    expect(may.income).toEqual([{ key: "rent", label: "Rent", amount_cents: 100_000 }]);
    expect(may.deposits.received_cents).toBe(0);
  });
});

describe("the monthly statement", () => {
  const maple = property("maple", "Maple", false, "Unit 1-2");
  const oak = property("oak", "Oak"); // active, nothing this month: still listed
  const elm = property("elm", "Elm", true); // archived, a bill paid in March: listed
  const pine = property("pine", "Pine", true); // archived, nothing: left out
  const statement = monthlyStatement({
    month: "2025-03",
    ownerName: "Maria Gonzalez",
    generatedAt: new Date("2025-04-02T15:30:00Z"),
    properties: [maple, oak, elm, pine],
    leases: [unit1, unit2],
    expenses: [...mapleExpenses, ...mapleRefunds, expense("elm", "2025-03-15", 33_300, "legal_professional", "Closing attorney")],
    depositRefunds: mapleRefunds,
  });

  test("the heading: month, cash basis, dates, owner and when it was made", () => {
    expect({ ...statement, properties: undefined, portfolio: undefined }).toEqual({
      month: "2025-03",
      label: "March 2025",
      basis: "cash",
      from: "2025-03-01",
      to: "2025-03-31",
      owner_name: "Maria Gonzalez",
      generated_at: "2025-04-02T15:30:00.000Z",
      properties: undefined,
      portfolio: undefined,
    });
  });

  test("every active property is listed, an archived one only with something this month", () => {
    expect(statement.properties.map((p) => p.property)).toEqual([
      { id: "maple", display_name: "Maple", address: "1420 W Maple St, Unit 1-2, Chicago, IL 60622" },
      { id: "oak", display_name: "Oak", address: "88 W Oak St, Chicago, IL 60622" },
      { id: "elm", display_name: "Elm", address: "88 W Elm St, Chicago, IL 60622" },
    ]);
    expect(statement.properties[0]).not.toHaveProperty("archived");
    const [m, o, e] = statement.properties;
    expect(m!.income_total_cents).toBe(368_774);
    expect(m!.deposits.held_cents).toBe(270_000);
    expect(o).toMatchObject({ income: [], operating_expenses: [], net_operating_income_cents: 0, rent_outstanding_cents: 0, deposits: { held_cents: 0 } });
    expect(e!.operating_expenses).toEqual([{ key: "legal_professional", label: "Legal and other professional fees", amount_cents: 33_300 }]);
    expect(e!.net_operating_income_cents).toBe(-33_300);
  });

  test("the portfolio adds up the properties", () => {
    const p = statement.portfolio;
    expect(p.income_total_cents).toBe(368_774);
    expect(p.operating_expenses_total_cents).toBe(51_050 + 33_300);
    expect(p.operating_expenses.map((l) => l.key)).toEqual(["legal_professional", "repairs", "utilities", "uncategorized"]);
    expect(p.net_operating_income_cents).toBe(317_724 - 33_300);
    expect(p.cash_flow_cents).toBe(-102_276 - 33_300);
    expect(p.deposits).toEqual({ received_cents: 140_000, kept_cents: 0, returned_cents: 20_000, held_cents: 270_000 });
    expect(p.rent_outstanding_cents).toBe(0);
    expect(p.fees_outstanding_cents).toBe(3_000);
    expect(p.uncategorized_expenses).toBe(2);
  });

  test("an archived property is listed for any one thing: a deposit still held, or rent still owed", () => {
    const gone = (entries: LedgerFact[]) =>
      monthlyStatement({
        month: "2025-03",
        ownerName: "M",
        generatedAt: new Date("2025-04-01T00:00:00Z"),
        properties: [pine],
        leases: [{ id: "lp", propertyId: "pine", unitLabel: "A", startDate: "2024-01-01", endDate: "2024-12-31", entries }],
        expenses: [],
        depositRefunds: [],
      }).properties.length;
    expect(gone([fact("deposit", "2024-01-01", 50_000), fact("payment", "2024-01-01", -50_000)])).toBe(1);
    expect(gone([fact("rent", "2024-12-01", 50_000)])).toBe(1);
    expect(gone([fact("rent", "2024-12-01", 50_000), fact("payment", "2024-12-01", -50_000)])).toBe(0);
    expect(gone([fact("rent", "2025-03-01", 50_000), fact("payment", "2025-03-01", -50_000)])).toBe(1);
    const withExpense = (category: ExpenseCategory) =>
      monthlyStatement({ month: "2025-03", ownerName: "M", generatedAt: new Date(0), properties: [pine], leases: [], expenses: [expense("pine", "2025-03-02", 100, category)], depositRefunds: [] }).properties.length;
    expect([withExpense("mortgage_interest"), withExpense("owner_draw"), withExpense("repairs")]).toEqual([1, 1, 1]);
  });

  test("each lease's receipts go to the property it is on", () => {
    const elmLease: ReportLease = { ...unit1, id: "le", propertyId: "elm", entries: [fact("rent", "2025-03-01", 70_000), fact("payment", "2025-03-02", -70_000)] };
    const byProperty = receiptsByProperty([unit1, elmLease, unit2]);
    expect([...byProperty.keys()]).toEqual(["maple", "elm"]);
    expect(byProperty.get("maple")).toEqual([...cashReceipts(unit1.entries), ...cashReceipts(unit2.entries)]);
    expect(byProperty.get("elm")).toEqual([{ date: "2025-03-02", category: "rent", amountCents: 70_000, entryId: elmLease.entries[1]!.id }]);
  });

  test("the address line", () => {
    expect(addressLine({ line1: "5 Elm St", line2: "Apt 2", city: "Evanston", state: "IL", zip: "60201" })).toBe("5 Elm St, Apt 2, Evanston, IL 60201");
    expect(addressLine({ line1: "5 Elm St", line2: "", city: "Evanston", state: "IL", zip: "60201" })).toBe("5 Elm St, Evanston, IL 60201");
  });
});
