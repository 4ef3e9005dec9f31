import { longDateLabel, type IsoDate } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import { REPORT_COLORS, ReportPdf } from "./report-pdf.ts";

// The security deposit's documents (PORTAL.md 3b): the receipt the RLTO requires when a deposit is
// received (5-12-080(b)) and the itemized statement of deductions at move-out (5-12-080(d), 765
// ILCS 710/1). Dates are the documents' own, so the same facts render the same bytes.

export interface DepositReceiptFacts {
  amountCents: number;
  receivedOn: IsoDate;
  /** Who received it, and the landlord for whom (the same person when the owner received it). */
  receivedBy: string;
  landlord: string;
  unit: string;
  tenants: string[];
  institution: { name: string; address: string } | null;
  signatureName: string;
  signedOn: IsoDate;
  source: string;
}

export async function depositReceiptPdf(facts: DepositReceiptFacts, created: Date): Promise<Uint8Array> {
  const pdf = await ReportPdf.create({ title: "Security deposit receipt", subject: `Security deposit receipt (${facts.source})`, author: facts.landlord, date: created });
  pdf.text("SECURITY DEPOSIT RECEIPT", { size: 15, bold: true, gap: 2 });
  pdf.text(`Given under ${facts.source}`, { size: 9, color: REPORT_COLORS.muted, gap: 14 });
  const lines: [string, string][] = [
    ["Amount received", formatCents(facts.amountCents)],
    ["Date received", longDateLabel(facts.receivedOn)],
    ["Received by", facts.receivedBy],
    ["For the landlord", facts.landlord],
    ["Dwelling unit", facts.unit],
    ["From", facts.tenants.join(", ")],
  ];
  if (facts.institution) lines.push(["Held at", `${facts.institution.name}, ${facts.institution.address}`]);
  for (const [label, value] of lines) {
    pdf.row([
      { text: label, x: 0, width: 140, bold: true },
      { text: value, x: 150, width: pdf.contentWidth - 150 },
    ]);
  }
  pdf.space(16);
  pdf.text(`Signed: /s/ ${facts.signatureName}, electronically, on ${longDateLabel(facts.signedOn)}.`, { bold: true, gap: 4 });
  pdf.text("The deposit remains the tenant's property and is held apart from the landlord's own money.", { size: 9, color: REPORT_COLORS.muted });
  return pdf.save("Security deposit receipt");
}

export interface DepositStatementFacts {
  landlord: string;
  tenants: string[];
  unit: string;
  forwardingAddress: string;
  vacatedOn: IsoDate;
  statementDate: IsoDate;
  returnDueOn: IsoDate;
  depositHeldCents: number;
  interestCents: number;
  deductions: { kind: "unpaid_rent" | "damage"; description: string; amountCents: number; estimate: boolean; attachments: string[] }[];
  returnedCents: number;
  sources: string[];
}

export async function depositStatementPdf(facts: DepositStatementFacts, created: Date): Promise<Uint8Array> {
  const pdf = await ReportPdf.create({ title: "Itemized statement of security deposit deductions", subject: "Security deposit statement", author: facts.landlord, date: created });
  pdf.text("ITEMIZED STATEMENT OF SECURITY DEPOSIT DEDUCTIONS", { size: 14, bold: true, gap: 2 });
  pdf.text(`Under ${facts.sources.join("; ")}`, { size: 8.5, color: REPORT_COLORS.muted, gap: 12 });
  pdf.text(`To: ${facts.tenants.join(", ")}`, { bold: true });
  if (facts.forwardingAddress) pdf.text(`At: ${facts.forwardingAddress}`);
  pdf.text(`Dwelling unit: ${facts.unit}`);
  pdf.text(`Vacated: ${longDateLabel(facts.vacatedOn)}`, { gap: 12 });
  const amount = (label: string, cents: number, bold = false) =>
    pdf.row([
      { text: label, x: 0, width: pdf.contentWidth - 110, bold },
      { text: formatCents(cents), x: pdf.contentWidth - 100, width: 100, align: "right", bold },
    ]);
  amount("Security deposit held", facts.depositHeldCents);
  if (facts.interestCents) amount("Interest owed on it", facts.interestCents);
  pdf.space(6);
  pdf.text("Deductions", { bold: true, gap: 4 });
  if (facts.deductions.length === 0) pdf.text("None.", { gap: 4 });
  for (const d of facts.deductions) {
    const kind = d.kind === "unpaid_rent" ? "Unpaid rent" : `Damage${d.estimate ? " (estimated cost)" : ""}`;
    amount(`${kind}: ${d.description}`, -d.amountCents);
    if (d.attachments.length) pdf.text(`Receipts and photos attached: ${d.attachments.join(", ")}`, { size: 8.5, color: REPORT_COLORS.muted, indent: 12, gap: 2 });
  }
  pdf.space(6);
  pdf.rule();
  amount(`Returned to you, by ${longDateLabel(facts.returnDueOn)}`, facts.returnedCents, true);
  pdf.space(12);
  if (facts.deductions.some((d) => d.estimate)) {
    pdf.text("Where a cost is estimated, copies of the paid receipts follow within 30 days of this statement.", { size: 9.5, gap: 4 });
  }
  pdf.text("Normal wear and tear is not deducted. If anything here is wrong, write to your landlord.", { size: 9.5, gap: 10 });
  pdf.text(`${facts.landlord}, ${longDateLabel(facts.statementDate)}`, { bold: true });
  return pdf.save("Itemized statement of security deposit deductions");
}
