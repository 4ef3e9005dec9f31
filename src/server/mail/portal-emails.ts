import { dateLabel, type IsoDate } from "../../shared/calendar.ts";
import { formatCents, PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../shared/portal.ts";
import type { Config } from "../config.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

// The owner portal's emails to tenants.

export interface ReceiptFacts {
  tenantFirstName: string;
  ownerName: string;
  place: string;
  amountCents: number;
  paidOn: IsoDate;
  method: PaymentMethod;
  reference: string | null;
  balanceCents: number;
}

/** A receipt for a payment the owner recorded (PORTAL.md 3): what, when, how, and the balance after it. */
export function paymentReceiptEmail(config: Config, receipt: ReceiptFacts): RenderedEmail {
  const balance =
    receipt.balanceCents > 0
      ? `Balance still due: ${formatCents(receipt.balanceCents)}.`
      : receipt.balanceCents < 0
        ? `You have a credit of ${formatCents(-receipt.balanceCents)}.`
        : "Your balance is paid in full.";
  return renderEmail(config, "rent_receipt", `Receipt: ${formatCents(receipt.amountCents)} received for ${receipt.place}`, {
    heading: `Payment received, ${receipt.tenantFirstName}`,
    paragraphs: [
      `${receipt.ownerName} recorded your payment of ${formatCents(receipt.amountCents)} for ${receipt.place}.`,
      balance,
      "Keep this email as your receipt. If anything in it is wrong, reply to your landlord.",
    ],
    list: [
      `Amount: ${formatCents(receipt.amountCents)}`,
      `Paid on: ${dateLabel(receipt.paidOn)}`,
      `Method: ${PAYMENT_METHOD_LABELS[receipt.method]}${receipt.reference ? ` (${receipt.reference})` : ""}`,
    ],
  });
}
