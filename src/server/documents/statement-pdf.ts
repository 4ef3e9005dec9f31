import { ASSOCIATION_NAME } from "../../shared/agreement.ts";
import { dateLabel } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import type { MonthlyStatement, StatementFigures, StatementLine } from "../domain/portal/statement-rules.ts";
import { REPORT_COLORS, ReportPdf } from "./report-pdf.ts";
import { csvLine, dollars } from "./csv.ts";

// The monthly owner statement as a property manager would send it: a summary of the portfolio,
// then each property's income, expenses, net operating income, loan payments and capital work,
// transfers, deposits and what tenants owed at month end. Cash basis, stated on every page.

const LABEL = { x: 12, width: 360 };
const AMOUNT = { x: 380, width: 136 };

function section(pdf: ReportPdf, title: string, items: StatementLine[], totalLabel: string | null, total: number | null) {
  pdf.row([{ text: title, x: 0, width: 400, bold: true, color: REPORT_COLORS.brand }], { size: 9.5 });
  if (items.length === 0) pdf.row([{ text: "None this month", ...LABEL, color: REPORT_COLORS.muted }]);
  for (const item of items) pdf.row([{ text: item.label, ...LABEL }, { text: formatCents(item.amount_cents), ...AMOUNT, align: "right" }]);
  if (totalLabel !== null && total !== null) pdf.row([{ text: totalLabel, ...LABEL, bold: true }, { text: formatCents(total), ...AMOUNT, align: "right", bold: true }], { ruleAbove: true });
  pdf.space(4);
}

function figures(pdf: ReportPdf, f: StatementFigures) {
  section(pdf, "Income received", f.income, "Total income", f.income_total_cents);
  section(pdf, "Operating expenses paid", f.operating_expenses, "Total operating expenses", f.operating_expenses_total_cents);
  pdf.row([{ text: "Net operating income", x: 0, width: 380, bold: true }, { text: formatCents(f.net_operating_income_cents), ...AMOUNT, align: "right", bold: true }], { shade: true });
  pdf.space(4);
  section(pdf, "Loan payments and capital improvements", f.financing_and_capital, null, null);
  pdf.row([{ text: "Cash flow after loan payments and capital", x: 0, width: 380, bold: true }, { text: formatCents(f.cash_flow_cents), ...AMOUNT, align: "right", bold: true }], { shade: true });
  pdf.space(4);
  if (f.owner_transfers.length) section(pdf, "Owner draws and contributions", f.owner_transfers, null, null);
  pdf.row([{ text: "Tenants and deposits", x: 0, width: 400, bold: true, color: REPORT_COLORS.brand }]);
  const facts: [string, number][] = [
    ["Rent outstanding at month end", f.rent_outstanding_cents],
    ["Security deposits received", f.deposits.received_cents],
    ["Security deposits kept (in income)", f.deposits.kept_cents],
    ["Security deposits returned", f.deposits.returned_cents],
    ["Security deposits held at month end", f.deposits.held_cents],
  ];
  for (const [label, cents] of facts) pdf.row([{ text: label, ...LABEL }, { text: formatCents(cents), ...AMOUNT, align: "right" }]);
  if (f.uncategorized_expenses) {
    pdf.text(`${f.uncategorized_expenses} expense(s) this month are not categorized yet.`, { size: 8.5, color: REPORT_COLORS.muted, indent: 12 });
  }
}

export async function renderStatementPdf(statement: MonthlyStatement): Promise<Uint8Array> {
  const generated = new Date(statement.generated_at);
  const pdf = await ReportPdf.create({
    title: `Owner statement · ${statement.label}`,
    subject: `Monthly owner statement for ${statement.label}, cash basis`,
    author: ASSOCIATION_NAME,
    date: generated,
  });
  pdf.text("Owner Statement", { size: 18, bold: true, color: REPORT_COLORS.brand, gap: 2 });
  pdf.text(`${statement.label}: ${dateLabel(statement.from)} to ${dateLabel(statement.to)}`, { size: 11, gap: 2 });
  pdf.text(`Prepared for ${statement.owner_name} · Cash basis: income when received, expenses when paid`, { size: 9, color: REPORT_COLORS.muted, gap: 10 });

  const p = statement.portfolio;
  pdf.text("Portfolio summary", { size: 12, bold: true, gap: 4 });
  const summary: [string, number][] = [
    ["Income received", p.income_total_cents],
    ["Operating expenses paid", p.operating_expenses_total_cents],
    ["Net operating income", p.net_operating_income_cents],
    ["Cash flow after loan payments and capital", p.cash_flow_cents],
    ["Rent outstanding at month end", p.rent_outstanding_cents],
    ["Security deposits held", p.deposits.held_cents],
  ];
  summary.forEach(([label, cents], i) => pdf.row([{ text: label, ...LABEL, bold: i === 2 }, { text: formatCents(cents), ...AMOUNT, align: "right", bold: i === 2 }], { shade: i % 2 === 0 }));
  pdf.space(10);

  for (const property of statement.properties) {
    pdf.ensure(140);
    pdf.rule(REPORT_COLORS.brand);
    pdf.text(property.property.display_name, { size: 12, bold: true, gap: 0 });
    pdf.text(property.property.address, { size: 9, color: REPORT_COLORS.muted, gap: 6 });
    figures(pdf, property);
    pdf.space(6);
  }
  if (statement.properties.length > 1) {
    pdf.ensure(140);
    pdf.rule(REPORT_COLORS.brand);
    pdf.text("All properties", { size: 12, bold: true, gap: 6 });
    figures(pdf, p);
  }
  return pdf.save(`${ASSOCIATION_NAME} · Owner statement ${statement.month} · Cash basis`);
}

/** The statement as CSV: one line per figure, per property and for the portfolio. */
export function statementCsv(statement: MonthlyStatement): string {
  const out = [csvLine(["Month", "Property", "Section", "Item", "Amount"])];
  const write = (name: string, f: StatementFigures) => {
    const line = (sectionName: string, item: string, cents: number) => out.push(csvLine([statement.month, name, sectionName, item, dollars(cents)]));
    for (const i of f.income) line("Income", i.label, i.amount_cents);
    line("Income", "Total income", f.income_total_cents);
    for (const i of f.operating_expenses) line("Operating expenses", i.label, i.amount_cents);
    line("Operating expenses", "Total operating expenses", f.operating_expenses_total_cents);
    line("Net operating income", "Net operating income", f.net_operating_income_cents);
    for (const i of f.financing_and_capital) line("Loan payments and capital", i.label, i.amount_cents);
    line("Cash flow", "Cash flow after loan payments and capital", f.cash_flow_cents);
    for (const i of f.owner_transfers) line("Owner transfers", i.label, i.amount_cents);
    line("Tenants", "Rent outstanding at month end", f.rent_outstanding_cents);
    line("Deposits", "Received", f.deposits.received_cents);
    line("Deposits", "Kept", f.deposits.kept_cents);
    line("Deposits", "Returned", f.deposits.returned_cents);
    line("Deposits", "Held at month end", f.deposits.held_cents);
  };
  for (const p of statement.properties) write(p.property.display_name, p);
  write("All properties", statement.portfolio);
  return out.join("");
}
