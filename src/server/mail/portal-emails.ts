import { dateLabel, type IsoDate } from "../../shared/calendar.ts";
import { formatCents, MAINTENANCE_STATUS_LABELS, PAYMENT_METHOD_LABELS, type MaintenanceStatus, type PaymentMethod } from "../../shared/portal.ts";
import type { Config } from "../config.ts";
import type { PaymentReceiptFacts } from "../documents/receipt-pdf.ts";
import { renderEmail, withCredential, type RenderedEmail } from "./templates.ts";

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
  /** Paid by the tenant online, rather than recorded by the owner. */
  online?: boolean;
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
      receipt.online
        ? `You paid ${formatCents(receipt.amountCents)} online to ${receipt.ownerName} for ${receipt.place}.`
        : `${receipt.ownerName} recorded your payment of ${formatCents(receipt.amountCents)} for ${receipt.place}.`,
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

/** A payment's receipt sent again by the owner, its PDF attached (issue 30, item 4). */
export function receiptCopyEmail(config: Config, input: { firstName: string; receipt: PaymentReceiptFacts }): RenderedEmail {
  const { receipt } = input;
  return renderEmail(config, "receipt_copy", `${receipt.voided ? "VOID receipt" : "Receipt"} ${receipt.number}: ${formatCents(receipt.amountCents)} paid ${dateLabel(receipt.paidOn)}`, {
    heading: `Your receipt, ${input.firstName}`,
    paragraphs: [
      `${receipt.payee} sends you the receipt of the payment of ${formatCents(receipt.amountCents)} made on ${dateLabel(receipt.paidOn)} for ${receipt.place}. The PDF is attached.`,
      ...(receipt.voided ? [`This payment was voided on ${dateLabel(receipt.voided.on)} (${receipt.voided.reason}), so the receipt says VOID.`] : []),
    ],
    list: [`Receipt: ${receipt.number}`, `Method: ${receipt.method}`, `Balance after this payment: ${formatCents(receipt.balanceAfterCents)}`],
  });
}

/** To the owner: a tenant paid online (PORTAL.md 4): the amount, the lease and the balance after it. */
export function ownerPaymentReceivedEmail(
  config: Config,
  input: { ownerFirstName: string; tenantNames: string; place: string; amountCents: number; paidOn: IsoDate; method: PaymentMethod; balanceCents: number; leaseId: string },
): RenderedEmail {
  const balance =
    input.balanceCents > 0
      ? `Still due on the lease: ${formatCents(input.balanceCents)}.`
      : input.balanceCents < 0
        ? `The tenant now has a credit of ${formatCents(-input.balanceCents)}.`
        : "The lease is paid up.";
  return renderEmail(config, "owner_payment_received", `Payment received: ${formatCents(input.amountCents)} for ${input.place}`, {
    heading: `A payment came in, ${input.ownerFirstName}`,
    paragraphs: [`${input.tenantNames || "Your tenant"} paid ${formatCents(input.amountCents)} online for ${input.place} on ${dateLabel(input.paidOn)}.`, balance],
    list: [`Amount: ${formatCents(input.amountCents)}`, `Method: ${PAYMENT_METHOD_LABELS[input.method]} (online)`],
    action: { label: "Open the ledger", url: `${config.PUBLIC_URL}/portal/leases/${input.leaseId}` },
  });
}

/** The owner invites a tenant to the tenant portal: a single-use link that signs them in. */
export function tenantInviteEmail(config: Config, input: { firstName: string; ownerName: string; place: string; token: string; note?: string }): RenderedEmail {
  return withCredential(renderEmail(config, "tenant_invite", `${input.ownerName} invited you to your tenant portal`, {
    heading: `Your tenant portal, ${input.firstName}`,
    paragraphs: [
      `${input.ownerName} keeps the rent ledger of ${input.place} in the association's portal and invited you to see it.`,
      ...(input.note ? [input.note] : []),
      "In your tenant portal you see your balance and every charge and payment, pay rent online when your landlord accepts it, and send maintenance requests with photos.",
      "The link works once and expires in 24 hours. You can always ask for a new one on the tenant sign-in page, or set a password once you are in.",
    ],
    action: { label: "Open my tenant portal", url: `${config.PUBLIC_URL}/tenant/link?token=${encodeURIComponent(input.token)}` },
  }), input.token);
}

export function tenantSignInLinkEmail(config: Config, input: { firstName: string; token: string }): RenderedEmail {
  return withCredential(renderEmail(config, "tenant_sign_in_link", "Your tenant portal sign-in link", {
    heading: `Sign in, ${input.firstName}`,
    paragraphs: [
      "Someone (we hope you) asked for a link to sign in to the tenant portal. Open it and press Sign In.",
      "The link works once and expires in 24 hours. If you did not ask for it, ignore this message.",
    ],
    action: { label: "Sign in to my tenant portal", url: `${config.PUBLIC_URL}/tenant/link?token=${encodeURIComponent(input.token)}` },
  }), input.token);
}

/** A reminder before rent is due, or after the grace days while a balance remains (PORTAL.md 4). */
export function rentReminderEmail(
  config: Config,
  input: { firstName: string; place: string; kind: "before_due" | "after_grace"; dueDate: IsoDate; rentCents: number; balanceCents: number },
): RenderedEmail {
  const before = input.kind === "before_due";
  return renderEmail(
    config,
    before ? "rent_reminder" : "rent_overdue",
    before ? `Rent for ${input.place} is due ${dateLabel(input.dueDate)}` : `Rent for ${input.place} is past due`,
    {
      heading: before ? `A reminder, ${input.firstName}` : `Your rent is past due, ${input.firstName}`,
      paragraphs: before
        ? [`Rent of ${formatCents(input.rentCents)} for ${input.place} is due on ${dateLabel(input.dueDate)}.`, `Your balance now: ${formatCents(input.balanceCents)}.`]
        : [
            `The rent for ${input.place} was due on ${dateLabel(input.dueDate)} and a balance of ${formatCents(input.balanceCents)} remains.`,
            "If you paid already, thank you: your landlord may not have recorded it yet.",
          ],
      action: { label: "Open my tenant portal", url: `${config.PUBLIC_URL}/tenant` },
    },
  );
}

/**
 * News of a maintenance request for the other party: submitted, moved, commented on. The subject
 * says what happened (the request's new state, or a comment), so one request's messages differ.
 */
export function maintenanceNewsEmail(
  config: Config,
  input: { firstName: string; title: string; place: string; state: MaintenanceStatus | "comment"; news: string; note: string; portalPath: string },
): RenderedEmail {
  const what =
    input.state === "comment" ? "New comment on a maintenance request" : input.state === "submitted" ? "New maintenance request" : `Maintenance request ${MAINTENANCE_STATUS_LABELS[input.state].toLowerCase()}`;
  return renderEmail(config, "maintenance_update", `${what}: ${input.title} (${input.place})`, {
    heading: `Hello ${input.firstName}`,
    paragraphs: [`${input.news}: "${input.title}" at ${input.place}.`, ...(input.note ? [`Note: ${input.note}`] : [])],
    action: { label: "Open the request", url: `${config.PUBLIC_URL}${input.portalPath}` },
  });
}

/** A skills-network member is sent a job by an owner (the introductions machinery of the skills network). */
export function maintenanceJobEmail(
  config: Config,
  input: { firstName: string; ownerName: string; ownerEmail: string; title: string; description: string; place: string; priority: string; permissionToEnter: boolean },
): RenderedEmail {
  return renderEmail(config, "maintenance_job", `A job from ${input.ownerName}: ${input.title}`, {
    heading: `A job for you, ${input.firstName}`,
    paragraphs: [
      `${input.ownerName}, a member of the association, would like your help with "${input.title}" at ${input.place} (priority: ${input.priority}).`,
      input.description,
      input.permissionToEnter ? "The tenant has given permission to enter." : "Arrange access with the owner before you go.",
      `Answer ${input.ownerName} at ${input.ownerEmail}. Jobs over $1,000 need a written contract (Illinois Home Repair and Remodeling Act, 815 ILCS 513).`,
    ],
  });
}
