import { ASSOCIATION_NAME } from "./agreement.ts";
import { formatCents } from "./money.ts";

// Autopay (issue 30, item 3; docs/features/autopay-and-receipts.md): the request rule and the
// authorization a tenant agrees to, shared by the tenant portal's form and the server, which
// stores the exact words it showed. The request's schema is in autopay-schema.ts: the tenant's
// home shows these words and loads no Zod.

/** A failed charge is tried once more this many days after it failed. */
export const AUTOPAY_RETRY_DAYS = 3;
/** The most a tenant may let autopay take in one charge. */
export const AUTOPAY_LIMIT_MAX_CENTS = 100_000_00;

export interface AutopayTerms {
  tenantName: string;
  landlord: string;
  /** "1834 S Loomis St, unit 1, Chicago" */
  place: string;
  dueDay: number;
  limitCents: number;
}

/**
 * The recurring-payment authorization, in the words the tenant reads before saving a payment
 * method (Reg E, 12 CFR 1005.10(b): a preauthorized debit is authorized in a writing the consumer
 * signs or similarly authenticates, and they get a copy; 1005.10(d)(2): the consumer may choose to
 * be told of a varying amount only when it falls outside a range they set).
 */
export function autopayAuthorization(terms: AutopayTerms): string {
  const limit = formatCents(terms.limitCents);
  return [
    `I, ${terms.tenantName}, authorize ${terms.landlord} to charge the card or US bank account I save for autopay, through the payment service of the ${ASSOCIATION_NAME}, for the rent of ${terms.place}.`,
    `On each rent due day (day ${terms.dueDay} of the month under my lease) autopay charges the balance then due on my ledger, and never more than ${limit} in one charge. If nothing is due, nothing is charged.`,
    `If a charge fails, it is tried once more ${AUTOPAY_RETRY_DAYS} days later; my landlord and I are emailed each time.`,
    `The amount can vary from month to month. I have the right to be told the amount and date of each charge 10 days before it; I choose instead to be told only of a charge above my limit of ${limit}, and autopay never charges more than that.`,
    "This authorization lasts until I stop autopay in my tenant portal, which I can do at any time, or until my lease ends; a charge already started when I stop still completes.",
  ].join(" ");
}

/** "Visa ending in 4242", "STRIPE TEST BANK account ending in 6789": a saved method as people read it. */
export function paymentMethodLabel(type: string | null, method: { brand: string; last4: string } | null): string {
  if (!method) return "your saved payment method";
  const brand = type === "card" ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : `${method.brand} account`;
  return `${brand} ending in ${method.last4}`;
}
