import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, type ExpenseCategory, type IncomeCategory } from "../../../shared/books.ts";
import { firstDayOf, lastDayOf, periodLabel, type IsoDate, type Period } from "../../../shared/calendar.ts";
import type { PropertyType } from "../../../shared/portal.ts";
import { allocate, type LedgerFact } from "./allocation.ts";
import { cashReceipts, type Receipt } from "./cash-rules.ts";

// The monthly owner statement (PORTAL.md 6) as a pure function of the books: per property and for
// the portfolio, on the cash basis, income by category (from the ledgers, see cash-rules.ts),
// expenses by category, net operating income, and below it loan payments and capital work, owner
// transfers, deposits, and what tenants owed at month end. Net operating income leaves out loan
// interest and principal, capital improvements, owner draws and contributions and deposits, as
// property managers' statements do.

export interface ReportProperty {
  id: string;
  displayName: string;
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  propertyType: PropertyType;
  placedInService: IsoDate | null;
  buildingBasisCents: number | null;
  archived: boolean;
}

export interface ReportLease {
  id: string;
  propertyId: string;
  unitLabel: string;
  startDate: IsoDate;
  endDate: IsoDate | null;
  /** The day the books begin, when after the start (PORTAL.md 3a): months before it leave the lease out. */
  booksFrom?: IsoDate | null;
  /** Ledger facts in ledger order (by date, then as recorded). */
  entries: LedgerFact[];
}

export interface ReportExpense {
  id: string;
  propertyId: string;
  date: IsoDate;
  amountCents: number;
  payee: string;
  memo: string | null;
  category: ExpenseCategory | null;
}

export interface StatementLine {
  key: string;
  label: string;
  amount_cents: number;
}

export interface StatementFigures {
  income: StatementLine[];
  income_total_cents: number;
  operating_expenses: StatementLine[];
  operating_expenses_total_cents: number;
  net_operating_income_cents: number;
  financing_and_capital: StatementLine[];
  cash_flow_cents: number;
  owner_transfers: StatementLine[];
  deposits: { received_cents: number; kept_cents: number; returned_cents: number; held_cents: number };
  /** Rent the tenants owed at month end (rent only: the one allocation's unpaid rent). */
  rent_outstanding_cents: number;
  /** Fees and late fees the tenants owed at month end, apart from rent. */
  fees_outstanding_cents: number;
  uncategorized_expenses: number;
}

export interface MonthlyStatement {
  month: Period;
  label: string;
  basis: "cash";
  from: IsoDate;
  to: IsoDate;
  owner_name: string;
  generated_at: string;
  properties: ({ property: { id: string; display_name: string; address: string } } & StatementFigures)[];
  portfolio: StatementFigures;
}

export const addressLine = (a: ReportProperty["address"]) => `${a.line1}${a.line2 ? `, ${a.line2}` : ""}, ${a.city}, ${a.state} ${a.zip}`;

const UNCATEGORIZED = { key: "uncategorized", label: "Not categorized yet" };

/** Sums by key, in the order of `order`, leaving out keys with nothing. */
function lines(amounts: Map<string, number>, order: { key: string; label: string }[]): StatementLine[] {
  return order.filter((o) => amounts.get(o.key)).map((o) => ({ key: o.key, label: o.label, amount_cents: amounts.get(o.key)! }));
}
const add = (map: Map<string, number>, key: string, cents: number) => map.set(key, (map.get(key) ?? 0) + cents);
const sum = (xs: StatementLine[]) => xs.reduce((s, x) => s + x.amount_cents, 0);

const INCOME_ORDER = (Object.keys(INCOME_CATEGORIES) as IncomeCategory[]).map((key) => ({ key, label: INCOME_CATEGORIES[key] }));
const categoriesOf = (group: string) =>
  (Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[]).filter((k) => EXPENSE_CATEGORIES[k].group === group).map((key) => ({ key, label: EXPENSE_CATEGORIES[key].label }));
const OPERATING_ORDER = [...categoriesOf("operating"), UNCATEGORIZED];
const FINANCING_ORDER = [...categoriesOf("financing"), ...categoriesOf("capital")];
const OWNER_ORDER = categoriesOf("owner");

/** The figures of one month for a set of leases and expenses (one property, or all of them). */
export function statementFigures(
  month: Period,
  receipts: readonly Receipt[],
  leases: readonly ReportLease[],
  expenses: readonly ReportExpense[],
  /** Deposits returned (category security_deposit_refund) on or before the month's end, for deposits held. */
  depositRefundsThrough: readonly ReportExpense[],
): StatementFigures {
  const from = firstDayOf(month);
  const to = lastDayOf(month);
  const inMonth = receipts.filter((r) => r.date >= from && r.date <= to);
  const income = new Map<string, number>();
  for (const r of inMonth) if (r.category !== "deposit") add(income, r.category, r.amountCents);

  const operating = new Map<string, number>();
  const financing = new Map<string, number>();
  const owner = new Map<string, number>();
  let returned = 0;
  let uncategorized = 0;
  for (const e of expenses) {
    if (e.date < from || e.date > to) continue;
    if (!e.category) {
      add(operating, UNCATEGORIZED.key, e.amountCents);
      uncategorized += 1;
      continue;
    }
    const group = EXPENSE_CATEGORIES[e.category].group;
    if (group === "operating") add(operating, e.category, e.amountCents);
    else if (group === "financing" || group === "capital") add(financing, e.category, e.amountCents);
    else if (group === "owner") add(owner, e.category, e.amountCents);
    else returned += e.amountCents;
  }
  const incomeLines = lines(income, INCOME_ORDER);
  const operatingLines = lines(operating, OPERATING_ORDER);
  const financingLines = lines(financing, FINANCING_ORDER);
  const incomeTotal = sum(incomeLines);
  const operatingTotal = sum(operatingLines);
  const noi = incomeTotal - operatingTotal;
  const refundsThrough = depositRefundsThrough.filter((e) => e.date <= to).reduce((s, e) => s + e.amountCents, 0);
  // Each lease as it stood at month end; a lease whose books begin later is not on this statement.
  const standingAtEnd = leases.filter((l) => (l.booksFrom ?? l.startDate) <= to).map((l) => allocate(l.entries, to));
  const returnedOnLedger = leases.reduce(
    (s, l) => s - l.entries.filter((e) => e.kind === "deposit_returned" && e.date >= from && e.date <= to).reduce((t, e) => t + (e.depositCents ?? 0), 0),
    0,
  );
  return {
    income: incomeLines,
    income_total_cents: incomeTotal,
    operating_expenses: operatingLines,
    operating_expenses_total_cents: operatingTotal,
    net_operating_income_cents: noi,
    financing_and_capital: financingLines,
    cash_flow_cents: noi - sum(financingLines),
    owner_transfers: lines(owner, OWNER_ORDER),
    deposits: {
      received_cents: inMonth.filter((r) => r.category === "deposit" && r.amountCents > 0).reduce((s, r) => s + r.amountCents, 0),
      kept_cents: income.get("deposit_kept") ?? 0,
      returned_cents: returned + returnedOnLedger,
      held_cents: standingAtEnd.reduce((s, a) => s + a.depositHeldCents, 0) - refundsThrough,
    },
    rent_outstanding_cents: standingAtEnd.reduce((s, a) => s + a.rentUnpaidCents, 0),
    fees_outstanding_cents: standingAtEnd.reduce((s, a) => s + a.feesUnpaidCents, 0),
    uncategorized_expenses: uncategorized,
  };
}

/** Each lease's receipts, by the property the lease is on. */
export function receiptsByProperty(leases: readonly ReportLease[]): Map<string, Receipt[]> {
  const byProperty = new Map<string, Receipt[]>();
  for (const lease of leases) {
    const list = byProperty.get(lease.propertyId) ?? [];
    list.push(...cashReceipts(lease.entries));
    byProperty.set(lease.propertyId, list);
  }
  return byProperty;
}

/** The statement of a month: every property with anything to show, and the portfolio. */
export function monthlyStatement(input: {
  month: Period;
  ownerName: string;
  generatedAt: Date;
  properties: readonly ReportProperty[];
  leases: readonly ReportLease[];
  expenses: readonly ReportExpense[];
  depositRefunds: readonly ReportExpense[];
}): MonthlyStatement {
  const receipts = receiptsByProperty(input.leases);
  const properties = input.properties
    .map((p) => {
      const leases = input.leases.filter((l) => l.propertyId === p.id);
      const figures = statementFigures(
        input.month,
        receipts.get(p.id) ?? [],
        leases,
        input.expenses.filter((e) => e.propertyId === p.id),
        input.depositRefunds.filter((e) => e.propertyId === p.id),
      );
      return { property: { id: p.id, display_name: p.displayName, address: addressLine(p.address) }, archived: p.archived, ...figures };
    })
    // An archived property with nothing this month is left out; every other one is listed.
    .filter((p) => !p.archived || hasActivity(p))
    .map(({ archived: _archived, ...rest }) => rest);
  const portfolio = statementFigures(input.month, [...receipts.values()].flat(), input.leases, input.expenses, input.depositRefunds);
  return {
    month: input.month,
    label: periodLabel(input.month),
    basis: "cash",
    from: firstDayOf(input.month),
    to: lastDayOf(input.month),
    owner_name: input.ownerName,
    generated_at: input.generatedAt.toISOString(),
    properties,
    portfolio,
  };
}

function hasActivity(f: StatementFigures): boolean {
  return f.income.length > 0 || f.operating_expenses.length > 0 || f.financing_and_capital.length > 0 || f.owner_transfers.length > 0 || f.deposits.held_cents !== 0 || f.rent_outstanding_cents !== 0 || f.fees_outstanding_cents !== 0;
}
