import { ASSOCIATION_NAME } from "../../shared/agreement.ts";
import { SCHEDULE_E_LINES, SCHEDULE_E_TOTAL_KEYS, SCHEDULE_E_TOTALS } from "../../shared/books.ts";
import { dateLabel } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import type { ScheduleE, ScheduleEColumn, ScheduleETransaction } from "../domain/portal/schedule-e-rules.ts";
import { csvLine, dollars } from "./csv.ts";
import { REPORT_COLORS, ReportPdf } from "./report-pdf.ts";

// Schedule E laid out like the form's Part I: the line number and its words on the left, one
// column per property (A, B, C), a page for every three properties, the totals 23a-26 after the
// last, then line 19's "Other" list, the depreciation schedules, the uncategorised expenses and
// the notes. It is a worksheet for the return, not the IRS form itself.

const LINE = { x: 0, width: 22 };
const WORDS = { x: 22, width: 226 };
const COLUMN_X = [252, 340, 428] as const;
const COLUMN_WIDTH = 88;

/** The form's words where they are too long for the worksheet's column. */
const SHORT_WORDS: Partial<Record<keyof typeof SCHEDULE_E_LINES, string>> = {
  "20": "Total expenses. Add lines 5 through 19",
  "21": "Income or (loss). Line 3 (and 4) less line 20",
};

const amount = (cents: number) => (cents < 0 ? `(${formatCents(-cents)})` : formatCents(cents));

function page(pdf: ReportPdf, report: ScheduleE, columns: ScheduleEColumn[], pageNumber: number) {
  if (pageNumber > 1) pdf.newPage();
  pdf.text(`Schedule E (Form 1040) Part I · Income or Loss From Rental Real Estate · Tax year ${report.year}`, { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 1 });
  pdf.text(`Cash basis · Page ${pageNumber} of ${report.pages} of Part I · Properties ${columns.map((c) => c.column).join(", ")}`, { size: 8.5, color: REPORT_COLORS.muted, gap: 6 });
  const head = columns.map((c, i) => ({ text: c.column, x: COLUMN_X[i]!, width: COLUMN_WIDTH, align: "right" as const, bold: true }));
  pdf.row([{ text: "Line", ...LINE, bold: true }, { text: "", ...WORDS }, ...head], { shade: true });

  // 1a: each property's address, wrapped inside its column.
  pdf.row([{ text: "1a", ...LINE, bold: true }, { text: "Physical address of each property", ...WORDS }]);
  for (const c of columns) pdf.row([{ text: `${c.column}: ${c.line_1a}`, x: WORDS.x + 8, width: 490 - WORDS.x }], { size: 8.5, height: 12 });
  pdf.row([{ text: "1b", ...LINE, bold: true }, { text: "Type of property (from list)", ...WORDS }, ...columns.map((c, i) => ({ text: String(c.line_1b), x: COLUMN_X[i]!, width: COLUMN_WIDTH, align: "right" as const }))]);
  pdf.row([{ text: "2", ...LINE, bold: true }, { text: "Fair rental days", ...WORDS }, ...columns.map((c, i) => ({ text: String(c.line_2.fair_rental_days), x: COLUMN_X[i]!, width: COLUMN_WIDTH, align: "right" as const }))]);
  pdf.row([{ text: "", ...LINE }, { text: "Personal use days", ...WORDS }, ...columns.map((c, i) => ({ text: String(c.line_2.personal_use_days), x: COLUMN_X[i]!, width: COLUMN_WIDTH, align: "right" as const }))]);
  pdf.row([{ text: "", ...LINE }, { text: "QJV (qualified joint venture)", ...WORDS }, ...columns.map((c, i) => ({ text: c.line_2.qjv ? "Yes" : "No", x: COLUMN_X[i]!, width: COLUMN_WIDTH, align: "right" as const }))]);
  pdf.row([{ text: "Income:", x: 0, width: 200, bold: true, color: REPORT_COLORS.brand }], { ruleAbove: true });
  const line = (key: keyof typeof SCHEDULE_E_LINES, index: number) =>
    pdf.row(
      [
        { text: key, ...LINE, bold: true },
        { text: SHORT_WORDS[key] ?? SCHEDULE_E_LINES[key], ...WORDS, bold: key === "20" || key === "21" },
        ...columns.map((c, i) => ({
          // A building placed in service before 1987: the report cannot compute line 18, and says so where the figure goes.
          text: key === "18" && c.line_18 === "owner_figure_needed" ? "your figure" : amount(c.lines[key as keyof ScheduleEColumn["lines"]]),
          x: COLUMN_X[i]!,
          width: COLUMN_WIDTH,
          align: "right" as const,
          bold: key === "20" || key === "21",
        })),
      ],
      { shade: index % 2 === 1, ruleAbove: key === "20" },
    );
  line("3", 0);
  line("4", 1);
  pdf.row([{ text: "Expenses:", x: 0, width: 200, bold: true, color: REPORT_COLORS.brand }], { ruleAbove: true });
  (["5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"] as const).forEach((key, i) => line(key, i));
  line("20", 0);
  line("21", 1);
}

type ScheduleYear = NonNullable<ScheduleEColumn["depreciation"]>["schedule"][number];

/**
 * The years of a depreciation schedule grouped as Publication 946 prints its tables: a run of
 * years at the same percentage is one line ("2021-2028, years 2-9, 3.636%"); Table A-6's years
 * that alternate 3.636% and 3.637% are one line too. The JSON answer keeps every year.
 */
export function scheduleRuns(years: readonly ScheduleYear[]) {
  type Run = { from: number; to: number; recoveryFrom: number; recoveryTo: number; percents: string[]; amounts: number[] };
  const add = (run: Run, y: ScheduleYear) => {
    run.to = y.year;
    run.recoveryTo = y.recovery_year;
    if (!run.percents.includes(y.percent)) run.percents = [...run.percents, y.percent].sort();
    if (!run.amounts.includes(y.amount_cents)) run.amounts = [...run.amounts, y.amount_cents].sort((a, b) => a - b);
  };
  // Years at one percentage, then single years alternating between two close percentages.
  const same: Run[] = [];
  for (const y of years) {
    const last = same.at(-1);
    if (last && last.to === y.year - 1 && last.percents.length === 1 && last.percents[0] === y.percent) add(last, y);
    else same.push({ from: y.year, to: y.year, recoveryFrom: y.recovery_year, recoveryTo: y.recovery_year, percents: [y.percent], amounts: [y.amount_cents] });
  }
  const runs: Run[] = [];
  for (const run of same) {
    const last = runs.at(-1);
    const alternating = last && run.from === run.to && (last.from === last.to || last.percents.length > 1) && last.percents.every((p) => Math.abs(Number(p) - Number(run.percents[0])) <= 0.001);
    if (last && alternating) add(last, { year: run.from, recovery_year: run.recoveryFrom, percent: run.percents[0]!, amount_cents: run.amounts[0]! });
    else runs.push({ ...run });
  }
  return runs;
}

export async function renderScheduleEPdf(report: ScheduleE, meta: { ownerName: string; generatedAt: Date }): Promise<Uint8Array> {
  const pdf = await ReportPdf.create({
    title: `Schedule E worksheet · ${report.year}`,
    subject: `Schedule E (Form 1040) Part I figures for tax year ${report.year}, cash basis`,
    author: ASSOCIATION_NAME,
    date: meta.generatedAt,
  });
  pdf.text(`Prepared for ${meta.ownerName} on ${dateLabel(meta.generatedAt.toISOString().slice(0, 10))} from the owner portal's books. Copy these figures to your return; your tax preparer should review them.`, {
    size: 8.5,
    color: REPORT_COLORS.muted,
    gap: 6,
  });
  const columns = report.properties;
  if (columns.length === 0) pdf.text("No rental property has activity in this year.", { size: 10 });
  for (let i = 0; i < Math.max(columns.length, 1); i += 3) page(pdf, report, columns.slice(i, i + 3), i / 3 + 1);

  pdf.space(8);
  pdf.ensure(150);
  pdf.text("Summary (all properties)", { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 6 });
  SCHEDULE_E_TOTAL_KEYS.forEach((key, i) =>
    pdf.row([{ text: key, x: 0, width: 30, bold: true }, { text: SCHEDULE_E_TOTALS[key], x: 30, width: 380 }, { text: amount(report.lines[key] ?? 0), x: 420, width: 96, align: "right", bold: key === "26" }], { shade: i % 2 === 0 }),
  );

  const others = columns.filter((c) => c.other_items.length);
  if (others.length) {
    pdf.space(10);
    pdf.ensure(60);
    pdf.text("Line 19, Other (list)", { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 6 });
    for (const c of others) {
      for (const item of c.other_items) pdf.row([{ text: c.column, x: 0, width: 24, bold: true }, { text: item.description, x: 24, width: 380 }, { text: amount(item.amount_cents), x: 420, width: 96, align: "right" }]);
    }
  }

  const schedules = columns.filter((c) => c.depreciation || c.line_18 === "owner_figure_needed");
  if (schedules.length) {
    pdf.space(10);
    pdf.ensure(80);
    pdf.text("Line 18, depreciation of the buildings", { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 6 });
    for (const c of schedules) {
      pdf.ensure(70);
      if (!c.depreciation) {
        pdf.text(`${c.column}: ${c.property.display_name}. Line 18 needs your figure (placed in service before 1987). ${c.class_rule}`, { size: 9, gap: 6 });
        continue;
      }
      const d = c.depreciation;
      pdf.text(`${c.column}: ${c.property.display_name}. ${d.method}. Basis ${formatCents(d.basis_cents)}, placed in service ${dateLabel(d.placed_in_service)}.`, { size: 9, gap: 1 });
      pdf.text(c.class_rule, { size: 8.5, color: REPORT_COLORS.muted, gap: 1 });
      pdf.text(
        `Tax year ${report.year} is recovery year ${d.recovery_year}: ${d.percent}% = ${formatCents(d.amount_cents)}. Earlier years ${formatCents(d.prior_years_cents)}; basis left after this year ${formatCents(d.remaining_basis_cents)}.`,
        { size: 9, gap: 2 },
      );
      pdf.row([{ text: "Years", x: 12, width: 90, bold: true }, { text: "Recovery years", x: 110, width: 90, bold: true }, { text: "Table %", x: 210, width: 90, align: "right", bold: true }, { text: "Depreciation a year", x: 310, width: 150, align: "right", bold: true }], { size: 8.5, shade: true });
      for (const run of scheduleRuns(d.schedule)) {
        const current = run.from <= report.year && report.year <= run.to;
        const span = (a: number | string, b: number | string) => (a === b ? String(a) : `${a}-${b}`);
        pdf.row(
          [
            { text: span(run.from, run.to), x: 12, width: 90, bold: current },
            { text: span(run.recoveryFrom, run.recoveryTo), x: 110, width: 90, bold: current },
            { text: `${span(run.percents[0]!, run.percents.at(-1)!)}%`, x: 210, width: 90, align: "right", bold: current },
            { text: run.amounts.length > 1 ? `${formatCents(run.amounts[0]!)} or ${formatCents(run.amounts.at(-1)!)}` : formatCents(run.amounts[0]!), x: 310, width: 150, align: "right", bold: current },
          ],
          { size: 8, height: 11 },
        );
      }
      pdf.space(6);
    }
  }

  const warnings = report.uncategorized;
  if (warnings.length) {
    pdf.space(10);
    pdf.ensure(60);
    pdf.text(`Warning: ${warnings.length} expense(s) not categorized, on no line`, { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 6 });
    for (const w of warnings) pdf.row([{ text: dateLabel(w.date), x: 0, width: 80 }, { text: `${w.property}: ${w.payee}`, x: 80, width: 330 }, { text: amount(w.amount_cents), x: 420, width: 96, align: "right" }]);
  }
  if (report.not_deductible.length) {
    pdf.space(10);
    pdf.ensure(50);
    pdf.text("Paid but not on Schedule E", { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 6 });
    for (const n of report.not_deductible) pdf.row([{ text: n.label, x: 0, width: 400 }, { text: amount(n.amount_cents), x: 420, width: 96, align: "right" }]);
  }
  pdf.space(10);
  pdf.text("Notes", { size: 11, bold: true, color: REPORT_COLORS.brand, gap: 2 });
  for (const note of [...report.notes, ...columns.flatMap((c) => c.notes.map((n) => `${c.column}: ${n}`))]) pdf.text(note, { size: 8.5, gap: 2 });
  return pdf.save(`${ASSOCIATION_NAME} · Schedule E ${report.year} · Cash basis`);
}

/** Every transaction behind every line, for a CPA: date, property, payee, category, line, amount. */
export function scheduleECsv(transactions: readonly ScheduleETransaction[]): string {
  return [
    csvLine(["Date", "Property", "Column", "Payee or payer", "Category", "Schedule E line", "Amount"]),
    ...transactions.map((t) => csvLine([t.date, t.property, t.column, t.payee, t.category, t.line, dollars(t.amount_cents)])),
  ].join("");
}
