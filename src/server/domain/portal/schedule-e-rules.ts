import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_KEYS, EXPENSE_LINES, INCOME_CATEGORIES, type ExpenseCategory, type IncomeCategory, type ScheduleELine } from "../../../shared/books.ts";
import { daysBetween, maxDate, minDate, type IsoDate } from "../../../shared/calendar.ts";
import { PROPERTY_TYPES } from "../../../shared/portal.ts";
import { CLASS_RULES, depreciationSchedule, PROPERTY_KIND, RECOVERY_CLASS_LABELS, recoveryMethodOf, type RecoveryClass } from "./depreciation.ts";
import { addressLine, receiptsByProperty, type ReportExpense, type ReportLease, type ReportProperty } from "./statement-rules.ts";

// Schedule E (Form 1040) Part I for a calendar year (PORTAL.md 6), as a pure function of the
// books: one column per property (A, B, C, then more pages), lines 1a-21 per property, the totals
// 23a-26, the "Other" list of line 19, uncategorised expenses as a warning, and every transaction
// behind every line for a CPA. Cash basis: rent when received (cash-rules.ts), expenses when paid.

export const INCOME_LINE: ScheduleELine = "3";
const PER_PROPERTY_LINES = ["3", "4", ...EXPENSE_LINES, "20", "21"] as const;
export type PropertyLines = Record<(typeof PER_PROPERTY_LINES)[number], number>;
const COLUMNS = ["A", "B", "C"] as const;

export interface ScheduleETransaction {
  date: IsoDate;
  property: string;
  column: string;
  payee: string;
  category: string;
  /** "3", "5".."19", or "none" (not on Schedule E), or "uncategorized". */
  line: string;
  amount_cents: number;
}

export interface ScheduleEColumn {
  column: (typeof COLUMNS)[number];
  page: number;
  property: { id: string; display_name: string; property_type: string; archived: boolean };
  line_1a: string;
  line_1b: number;
  line_2: { fair_rental_days: number; personal_use_days: number; qjv: boolean };
  lines: PropertyLines;
  other_items: { description: string; amount_cents: number }[];
  /**
   * Line 18's state: `computed` (the schedule below), `owner_figure_needed` (a building placed in
   * service before 1987: the report cannot compute it and line 18 holds 0 until the owner's figure is
   * entered on the return), `no_basis` (no basis or date on the property), `not_depreciable` (land).
   */
  line_18: "computed" | "owner_figure_needed" | "no_basis" | "not_depreciable";
  /** The rule that puts this property type in its class, as the report prints it. */
  class_rule: string;
  depreciation: {
    recovery_class: RecoveryClass;
    method: string;
    basis_cents: number;
    placed_in_service: IsoDate;
    recovery_year: number;
    /** The table's percentage, as printed ("3.485"). */
    percent: string;
    amount_cents: number;
    prior_years_cents: number;
    remaining_basis_cents: number;
    schedule: { year: number; recovery_year: number; percent: string; amount_cents: number }[];
  } | null;
  notes: string[];
}

export interface ScheduleE {
  year: number;
  basis: "cash";
  form: "Schedule E (Form 1040), Part I";
  pages: number;
  properties: ScheduleEColumn[];
  /** Lines 3-21 over all properties, and the totals 23a-26. */
  lines: Record<string, number>;
  uncategorized: { expense_id: string; date: IsoDate; property: string; payee: string; amount_cents: number }[];
  not_deductible: { category: string; label: string; amount_cents: number }[];
  notes: string[];
}

export const percentLabel = (thousandths: number) => (thousandths / 1000).toFixed(3);

/** Days a lease covered the property in the year: a day counts once however many units were let. */
export function fairRentalDays(leases: readonly Pick<ReportLease, "startDate" | "endDate">[], year: number): number {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const spans = leases
    .map((l) => [maxDate(l.startDate, from), l.endDate ? minDate(l.endDate, to) : to] as const)
    .filter(([a, b]) => a <= b)
    .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  let days = 0;
  let coveredThrough: IsoDate | null = null;
  for (const [start, end] of spans) {
    if (coveredThrough !== null && end <= coveredThrough) continue;
    const first = coveredThrough !== null && start <= coveredThrough ? coveredThrough : null;
    days += first ? daysBetween(first, end) : daysBetween(start, end) + 1;
    coveredThrough = end;
  }
  return days;
}

/**
 * The share of a property's rental days in the year that were in stays (leases) of less than 30
 * days, or null without rental days: the test of "used on a transient basis" (Treas. Reg.
 * 1.48-1(h)(2)(ii)), for a vacation home.
 */
export function transientShare(leases: readonly Pick<ReportLease, "startDate" | "endDate">[], year: number): number | null {
  const total = fairRentalDays(leases, year);
  if (total === 0) return null;
  const short = leases.filter((l) => l.endDate !== null && daysBetween(l.startDate, l.endDate) + 1 < 30);
  return fairRentalDays(short, year) / total;
}

const emptyLines = () => Object.fromEntries(PER_PROPERTY_LINES.map((l) => [l, 0])) as PropertyLines;

export function scheduleE(input: {
  year: number;
  properties: readonly ReportProperty[];
  leases: readonly ReportLease[];
  /** Expenses dated in the year. */
  expenses: readonly ReportExpense[];
  /** What each lease's tenants are called in the transaction list ("Unit 1 (Imani Walker)"). */
  payerOf?: (lease: ReportLease) => string;
}): { report: ScheduleE; transactions: ScheduleETransaction[] } {
  const { year } = input;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const inYear = (date: IsoDate) => date >= from && date <= to;
  const receipts = receiptsByProperty(input.leases);
  const transactions: ScheduleETransaction[] = [];
  const uncategorized: ScheduleE["uncategorized"] = [];
  const notDeductible = new Map<string, number>();
  const notes: string[] = [
    "Cash basis: rent and fees count when received, expenses when paid.",
    "Line 2: fair rental days are the days a lease covered the property (any unit); personal-use days are 0 because the portal records no personal use. If you or your family used the property, tell your tax preparer (IRC 280A).",
    "Lines 24-26 are before any passive activity loss limit (Form 8582), which your tax preparer applies.",
  ];

  const expensesOf = new Map<string, ReportExpense[]>();
  for (const e of input.expenses) {
    if (!inYear(e.date)) continue;
    const list = expensesOf.get(e.propertyId);
    if (list) list.push(e);
    else expensesOf.set(e.propertyId, [e]);
  }
  const ownerFigures: string[] = [];
  const active = input.properties.filter((p) => !p.archived || expensesOf.has(p.id) || (receipts.get(p.id) ?? []).some((r) => inYear(r.date)));

  // Each property's column, with its transactions waiting for the column's letter: a property with
  // nothing to report in the year is left out before the letters are given (decision 0088).
  const built = active.map((p) => {
    const column = "A" as ScheduleEColumn["column"];
    const own: ScheduleETransaction[] = [];
    const transactions = own;
    const lines = emptyLines();
    const display = p.displayName;
    const columnNotes: string[] = [];
    const leases = input.leases.filter((l) => l.propertyId === p.id);

    // Line 3: what tenants paid, by the lease's receipts (deposits held are not income).
    const leaseOfEntry = new Map(leases.flatMap((l) => l.entries.map((e) => [e.id, l] as const)));
    for (const r of receipts.get(p.id) ?? []) {
      if (!inYear(r.date) || r.category === "deposit") continue;
      lines["3"] += r.amountCents;
      const lease = leaseOfEntry.get(r.entryId);
      transactions.push({
        date: r.date,
        property: display,
        column,
        payee: lease ? (input.payerOf?.(lease) ?? `Unit ${lease.unitLabel}`) : "Tenant",
        category: INCOME_CATEGORIES[r.category as IncomeCategory],
        line: INCOME_LINE,
        amount_cents: r.amountCents,
      });
    }

    const other = new Map<string, number>();
    for (const e of expensesOf.get(p.id) ?? []) {
      if (!e.category) {
        uncategorized.push({ expense_id: e.id, date: e.date, property: display, payee: e.payee, amount_cents: e.amountCents });
        transactions.push({ date: e.date, property: display, column, payee: e.payee, category: "Not categorized", line: "uncategorized", amount_cents: e.amountCents });
        continue;
      }
      const { line, label } = EXPENSE_CATEGORIES[e.category];
      transactions.push({ date: e.date, property: display, column, payee: e.payee, category: label, line: line ?? "none", amount_cents: e.amountCents });
      if (!line) {
        notDeductible.set(e.category, (notDeductible.get(e.category) ?? 0) + e.amountCents);
        continue;
      }
      lines[line as keyof PropertyLines] += e.amountCents;
      if (line === "19") {
        const description = e.category === "other" ? e.memo?.trim() || e.payee : label;
        other.set(description, (other.get(description) ?? 0) + e.amountCents);
      }
    }

    // Line 18: the building's depreciation by Publication 946's table.
    let depreciation: ScheduleEColumn["depreciation"] = null;
    let line18: ScheduleEColumn["line_18"] = PROPERTY_KIND[p.propertyType] === "land" ? "not_depreciable" : "no_basis";
    if (PROPERTY_KIND[p.propertyType] !== "land" && p.placedInService && p.buildingBasisCents) {
      const found = recoveryMethodOf(p.propertyType, p.placedInService);
      if (found.method === "owner_figure") {
        line18 = "owner_figure_needed";
        columnNotes.push(`Line 18 needs your figure: ${found.reason} Enter this year's depreciation from your records or earlier returns (Form 4562); the report shows $0.`);
      } else {
        const recoveryClass = found.recoveryClass;
        line18 = "computed";
        if (recoveryClass === "nonresidential_39" && p.placedInService <= "1993-12-31") {
          columnNotes.push(
            "Placed in service from May 13 through December 31, 1993: if it was bought or built under a binding contract in effect before May 13, 1993 (or its construction began before then), it is 31.5-year property (Table A-7), not 39: tell your tax preparer.",
          );
        }
        const schedule = depreciationSchedule(p.buildingBasisCents, p.placedInService, year, recoveryClass);
        lines["18"] = schedule.current.amountCents;
        depreciation = {
          recovery_class: recoveryClass,
          method: RECOVERY_CLASS_LABELS[recoveryClass],
          basis_cents: schedule.basisCents,
          placed_in_service: schedule.placedInService,
          recovery_year: schedule.current.recoveryYear,
          percent: percentLabel(schedule.current.percent),
          amount_cents: schedule.current.amountCents,
          prior_years_cents: schedule.priorCents,
          remaining_basis_cents: schedule.remainingCents,
          schedule: schedule.years.filter((y) => y.percent > 0).map((y) => ({ year: y.year, recovery_year: y.recoveryYear, percent: percentLabel(y.percent), amount_cents: y.amountCents })),
        };
        if (schedule.current.amountCents) {
          transactions.push({
            date: to,
            property: display,
            column,
            payee: "Depreciation",
            category: `Building, recovery year ${schedule.current.recoveryYear} at ${percentLabel(schedule.current.percent)}%`,
            line: "18",
            amount_cents: schedule.current.amountCents,
          });
        }
      }
    } else if (PROPERTY_KIND[p.propertyType] !== "land") {
      columnNotes.push("No depreciation on line 18: enter the building's basis and the date it was placed in service on the property.");
    }
    if (p.propertyType === "vacation") {
      const transient = transientShare(leases, year);
      if (transient !== null && transient > 0.5) {
        columnNotes.push(
          `More than half of this vacation home's rental days in ${year} were in stays of less than 30 days: used on a transient basis it is nonresidential real property (39 years), not residential (the report used 27.5 years). Tell your tax preparer.`,
        );
      }
    }

    lines["20"] = EXPENSE_LINES.reduce((s, l) => s + lines[l], 0);
    lines["21"] = lines["3"] + lines["4"] - lines["20"];
    const fairDays = fairRentalDays(leases, year);
    const activity = lines["3"] + lines["4"] > 0 || expensesOf.has(p.id) || lines["18"] > 0 || line18 === "owner_figure_needed" || fairDays > 0;
    return {
      activity,
      own,
      ownerFigure: line18 === "owner_figure_needed",
      column: {
      column,
      page: 1,
      property: { id: p.id, display_name: display, property_type: p.propertyType, archived: p.archived },
      line_1a: addressLine(p.address),
      line_1b: PROPERTY_TYPES[p.propertyType].code,
      line_2: { fair_rental_days: fairDays, personal_use_days: 0, qjv: false },
      lines,
      other_items: [...other].map(([description, amount_cents]) => ({ description, amount_cents })).sort((a, b) => a.description.localeCompare(b.description)),
      line_18: line18,
      class_rule: CLASS_RULES[p.propertyType],
      depreciation,
      notes: columnNotes,
    } satisfies ScheduleEColumn,
    };
  });
  const idle = built.filter((b) => !b.activity).map((b) => b.column.property.display_name);
  const columns = built
    .filter((b) => b.activity)
    .map((b, index): ScheduleEColumn => {
      const letter = COLUMNS[index % 3]!;
      for (const t of b.own) transactions.push({ ...t, column: letter });
      if (b.ownerFigure) ownerFigures.push(b.column.property.display_name);
      return { ...b.column, column: letter, page: Math.floor(index / 3) + 1 };
    });
  if (idle.length) {
    notes.push(`Not on this report: ${idle.join(", ")}, with no rent, expense, depreciation or rental day in ${year} (a property with nothing to report in a year has no column).`);
  }

  const total = (line: keyof PropertyLines) => columns.reduce((s, c) => s + c.lines[line], 0);
  const all: Record<string, number> = Object.fromEntries(PER_PROPERTY_LINES.map((l) => [l, total(l)]));
  const income = columns.reduce((s, c) => s + Math.max(0, c.lines["21"]), 0);
  const losses = columns.reduce((s, c) => s + Math.min(0, c.lines["21"]), 0);
  Object.assign(all, { "23a": total("3"), "23b": total("4"), "23c": total("12"), "23d": total("18"), "23e": total("20"), "24": income, "25": losses, "26": income + losses });

  if (ownerFigures.length) {
    notes.push(`Line 18 needs your figure for ${ownerFigures.join(", ")}: placed in service before 1987, not computed by this report (its line 18 shows $0).`);
  }
  if (uncategorized.length) notes.push(`${uncategorized.length} expense(s) are not categorized and are on no line: categorize them before filing.`);
  if (notDeductible.has("capital_improvement")) {
    notes.push("Capital improvements are not deducted: they are depreciated from the month placed in service (add them to the property's basis or as assets on Form 4562).");
  }
  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.column < b.column ? -1 : a.column > b.column ? 1 : 0));
  return {
    report: {
      year,
      basis: "cash",
      form: "Schedule E (Form 1040), Part I",
      pages: Math.max(1, Math.ceil(columns.length / 3)),
      properties: columns,
      lines: all,
      uncategorized,
      not_deductible: [...notDeductible]
        .sort(([a], [b]) => EXPENSE_CATEGORY_KEYS.indexOf(a as ExpenseCategory) - EXPENSE_CATEGORY_KEYS.indexOf(b as ExpenseCategory))
        .map(([category, amount_cents]) => ({
        category,
        label: EXPENSE_CATEGORIES[category as keyof typeof EXPENSE_CATEGORIES].label,
        amount_cents,
      })),
      notes,
    },
    transactions,
  };
}
