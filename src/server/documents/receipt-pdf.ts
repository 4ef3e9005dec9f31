import { rgb } from "pdf-lib";
import { longDateLabel, type IsoDate } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import { REPORT_COLORS, ReportPdf } from "./report-pdf.ts";

// A payment's receipt (issue 30, item 4): who paid whom, for which home, when, how, how much, and
// the ledger's balance right after it. A voided payment's receipt says VOID and why. The document's
// date is the payment's own recording, so the same facts render the same bytes.

export interface PaymentReceiptFacts {
  /** "R-1A2B3C4D": the ledger entry's, so a receipt is found again from its number. */
  number: string;
  paidOn: IsoDate;
  amountCents: number;
  /** "Card, paid online by autopay" */
  method: string;
  reference: string | null;
  description: string;
  payer: string;
  payee: string;
  /** "1834 S Loomis St, unit 1, Chicago, IL 60608" */
  place: string;
  /** The ledger's balance right after this payment, in ledger order (negative: a credit). */
  balanceAfterCents: number;
  voided: { on: IsoDate; reason: string } | null;
  recordedAt: Date;
}

const VOID_RED = rgb(0.72, 0.11, 0.11);

export const receiptNumber = (entryId: string) => `R-${entryId.slice(0, 8).toUpperCase()}`;

export function receiptFileName(facts: Pick<PaymentReceiptFacts, "paidOn" | "number">): string {
  return `receipt-${facts.paidOn}-${facts.number}.pdf`;
}

export async function paymentReceiptPdf(facts: PaymentReceiptFacts): Promise<Uint8Array> {
  const title = facts.voided ? "Payment receipt (VOID)" : "Payment receipt";
  const pdf = await ReportPdf.create({ title, subject: `Receipt ${facts.number} for ${facts.place}`, author: facts.payee, date: facts.recordedAt });
  if (facts.voided) {
    pdf.text("VOID", { size: 28, bold: true, color: VOID_RED, gap: 2 });
    pdf.text(`This payment was voided on ${longDateLabel(facts.voided.on)}: ${facts.voided.reason}. It no longer counts toward the balance.`, {
      bold: true,
      color: VOID_RED,
      gap: 10,
    });
  }
  pdf.text("PAYMENT RECEIPT", { size: 15, bold: true, gap: 2 });
  pdf.text(`Receipt ${facts.number}`, { size: 9, color: REPORT_COLORS.muted, gap: 14 });
  const balance =
    facts.balanceAfterCents > 0 ? `${formatCents(facts.balanceAfterCents)} due` : facts.balanceAfterCents < 0 ? `${formatCents(-facts.balanceAfterCents)} credit` : "Paid in full ($0.00)";
  const lines: [string, string][] = [
    ["Amount paid", formatCents(facts.amountCents)],
    ["Date paid", longDateLabel(facts.paidOn)],
    ["Received from", facts.payer],
    ["Received by", facts.payee],
    ["For the home at", facts.place],
    ["Method", facts.reference ? `${facts.method} (reference ${facts.reference})` : facts.method],
    ["Entry", facts.description],
    ["Balance after this payment", balance],
  ];
  lines.forEach(([label, value], i) => {
    pdf.row(
      [
        { text: label, x: 0, width: 170, bold: true },
        { text: value, x: 180, width: pdf.contentWidth - 180, bold: i === 0 },
      ],
      { shade: i % 2 === 0 },
    );
  });
  pdf.space(14);
  pdf.text("The balance is the lease's ledger right after this payment, in the order of the ledger (by date, then as recorded).", {
    size: 9,
    color: REPORT_COLORS.muted,
  });
  return pdf.save(`Receipt ${facts.number}${facts.voided ? " · VOID" : ""}`);
}
