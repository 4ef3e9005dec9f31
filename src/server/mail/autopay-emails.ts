import { dateLabel, type IsoDate } from "../../shared/calendar.ts";
import { formatCents } from "../../shared/portal.ts";
import type { Config } from "../config.ts";
import { renderEmail, type RenderedEmail } from "./templates.ts";

// Autopay's emails (issue 30, item 3): to the tenant who turned it on (with a copy of the
// authorization, Reg E 12 CFR 1005.10(b)), to the owner when a tenant turns it on or off, and to
// both each time a charge fails.

export function autopayOnEmail(config: Config, input: { firstName: string; place: string; method: string; limitCents: number; authorization: string }): RenderedEmail {
  return renderEmail(config, "autopay_on", `Autopay is on for ${input.place}`, {
    heading: `Autopay is on, ${input.firstName}`,
    paragraphs: [
      `On each rent due day, the balance then due for ${input.place} is charged to your ${input.method}, never more than ${formatCents(input.limitCents)}.`,
      "Keep this email: below is a copy of the authorization you agreed to.",
      input.authorization,
      "You can stop autopay at any time in your tenant portal.",
    ],
    action: { label: "Open my tenant portal", url: `${config.PUBLIC_URL}/tenant` },
  });
}

export function autopayOffEmail(config: Config, input: { firstName: string; place: string; by: "tenant" | "owner" }): RenderedEmail {
  return renderEmail(config, "autopay_off", `Autopay is off for ${input.place}`, {
    heading: `Autopay is off, ${input.firstName}`,
    paragraphs: [
      input.by === "tenant"
        ? `You stopped autopay for ${input.place}. Nothing more will be charged to your saved payment method, which was removed.`
        : `Your landlord removed your access to the tenant portal for ${input.place}, so autopay stopped. Nothing more will be charged to your saved payment method.`,
      "Pay your rent as your lease says from now on.",
    ],
  });
}

/** To the owner: a tenant turned autopay on or off. */
export function ownerAutopayEmail(
  config: Config,
  input: { ownerFirstName: string; tenantName: string; place: string; on: boolean; limitCents: number; leaseId: string },
): RenderedEmail {
  return renderEmail(config, "owner_autopay_changed", `${input.tenantName} turned autopay ${input.on ? "on" : "off"} for ${input.place}`, {
    heading: `Autopay ${input.on ? "on" : "off"}, ${input.ownerFirstName}`,
    paragraphs: [
      input.on
        ? `${input.tenantName} turned on autopay for ${input.place}: on each due day the balance then due is charged, up to ${formatCents(input.limitCents)}, and paid out to your account.`
        : `${input.tenantName} stopped autopay for ${input.place}. Rent is no longer charged automatically.`,
    ],
    action: { label: "Open the lease", url: `${config.PUBLIC_URL}/portal/leases/${input.leaseId}` },
  });
}

export interface AutopayFailure {
  place: string;
  tenantName: string;
  amountCents: number;
  dueDate: IsoDate;
  reason: string;
  /** When it is tried again; null after the retry failed too. */
  retryOn: IsoDate | null;
  leaseId: string;
}

/** A charge failed: the tenant and the owner are told each time (the retry too). */
export function autopayFailedEmail(config: Config, audience: { kind: "tenant"; firstName: string } | { kind: "owner"; firstName: string }, failure: AutopayFailure): RenderedEmail {
  const amount = formatCents(failure.amountCents);
  const next = failure.retryOn
    ? `It will be tried once more on ${dateLabel(failure.retryOn)}.`
    : "It was the second try, so autopay will not try this rent again; it charges again on the next due day.";
  const tenant = audience.kind === "tenant";
  return renderEmail(config, tenant ? "autopay_failed" : "owner_autopay_failed", `Autopay failed: ${amount} for ${failure.place}`, {
    heading: tenant ? `Your autopay did not go through, ${audience.firstName}` : `An autopay charge failed, ${audience.firstName}`,
    paragraphs: [
      tenant
        ? `Autopay tried to charge ${amount} for the rent of ${failure.place} due ${dateLabel(failure.dueDate)}, and it failed: ${failure.reason}`
        : `Autopay tried to charge ${failure.tenantName} ${amount} for the rent of ${failure.place} due ${dateLabel(failure.dueDate)}, and it failed: ${failure.reason}`,
      next,
      tenant ? "To avoid a late fee, pay from your tenant portal or save another payment method for autopay." : "The ledger keeps no payment for it: a bank debit that was on it while processing is voided there.",
    ],
    action: tenant
      ? { label: "Open my tenant portal", url: `${config.PUBLIC_URL}/tenant` }
      : { label: "Open the lease", url: `${config.PUBLIC_URL}/portal/leases/${failure.leaseId}` },
  });
}
