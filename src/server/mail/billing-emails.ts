import { cancellationStatement, PAST_DUE_GRACE_DAYS, renewalTerms } from "../../shared/billing.ts";
import { formatAmount, priceLabel, type MembershipLevel } from "../../shared/membership.ts";
import { chicagoDate } from "../../shared/time.ts";
import type { Config } from "../config.ts";
import { renderEmail, withCredential, type RenderedEmail } from "./templates.ts";

// Emails of payments and subscriptions. Each is queued in the transaction of the change.

const portalAction = (config: Config) => ({ label: "Manage your membership", url: `${config.PUBLIC_URL}/basic-portal` });

/** The acknowledgment a member keeps after the first payment (DECISIONS.md B). */
export function paymentReceivedEmail(
  config: Config,
  input: { firstName: string; level: MembershipLevel; amountCents: number; currency: string; nextBillingDate: Date | null; upgrade: boolean },
): RenderedEmail {
  return renderEmail(config, input.upgrade ? "upgrade_confirmed" : "payment_received", `Your ${input.level} membership is active`, {
    heading: `Thank you, ${input.firstName}`,
    paragraphs: [
      `We received your payment of ${formatAmount(input.amountCents, input.currency)}. Your ${input.level} membership (${priceLabel(input.level)}) is active.`,
      renewalTerms(input.level),
      input.nextBillingDate ? `Your next payment is due on ${chicagoDate(input.nextBillingDate)}.` : "",
    ].filter(Boolean),
    action: portalAction(config),
  });
}

export function planChangedEmail(config: Config, input: { firstName: string; from: MembershipLevel; to: MembershipLevel }): RenderedEmail {
  return renderEmail(config, "plan_changed", `Your membership is now ${input.to}`, {
    heading: `Your plan changed to ${input.to}`,
    paragraphs: [
      `Hello ${input.firstName}, your membership changed from ${input.from} to ${input.to} (${priceLabel(input.to)}). ` +
        "The difference for the rest of this month is prorated on your card.",
      renewalTerms(input.to),
    ],
    action: portalAction(config),
  });
}

export function renewalFailedEmail(
  config: Config,
  input: { firstName: string; level: MembershipLevel; amountCents: number; currency: string; accessUntil: Date },
): RenderedEmail {
  return renderEmail(config, "renewal_failed", "Your membership payment failed", {
    heading: "We could not renew your membership",
    paragraphs: [
      `Hello ${input.firstName}, the monthly payment of ${formatAmount(input.amountCents, input.currency)} for your ${input.level} membership was declined.`,
      `You keep your ${input.level} access for ${PAST_DUE_GRACE_DAYS} days, until ${chicagoDate(input.accessUntil)}. ` +
        "Update your card in the billing portal before then; otherwise your membership returns to Basic (free).",
    ],
    action: { label: "Update your card", url: `${config.PUBLIC_URL}/basic-portal` },
  });
}

export function cancellationScheduledEmail(
  config: Config,
  input: { firstName: string; level: MembershipLevel; periodEnd: Date | null },
): RenderedEmail {
  return renderEmail(config, "subscription_cancelled", "Your subscription is cancelled", {
    heading: "Your subscription is cancelled",
    paragraphs: [`Hello ${input.firstName}, we received your cancellation.`, cancellationStatement(input.level, input.periodEnd)],
    action: portalAction(config),
  });
}

export function downgradedEmail(config: Config, input: { firstName: string; from: MembershipLevel; reason: "cancelled" | "unpaid" }): RenderedEmail {
  return renderEmail(config, "downgraded_to_basic", "Your membership is now Basic", {
    heading: "Your membership is now Basic",
    paragraphs: [
      input.reason === "unpaid"
        ? `Hello ${input.firstName}, we could not collect the payment for your ${input.from} membership, so it has ended.`
        : `Hello ${input.firstName}, your ${input.from} membership has ended as you asked.`,
      "Your free Basic membership stays active: documents, forms, educational resources and the skills network. You can upgrade again at any time.",
    ],
    action: portalAction(config),
  });
}

/**
 * To a member who signed a paid level and has not paid yet (closed the checkout, a declined card):
 * a single-use sign-in link to the portal, whose first screen is "Complete your payment".
 */
export function paymentReminderEmail(config: Config, input: { firstName: string; level: MembershipLevel; token: string }): RenderedEmail {
  return withCredential(renderEmail(config, "payment_reminder", `Complete your ${input.level} membership payment`, {
    heading: `Your ${input.level} membership is waiting for its first payment`,
    paragraphs: [
      `Hello ${input.firstName}, your membership agreement is signed, but the first payment of ${priceLabel(input.level)} was not completed, ` +
        `so your ${input.level} membership has not started yet. Nothing was charged.`,
      "Open the link below to sign in to your member portal and press Complete Your Payment. The link works once and expires in 24 hours; " +
        "after that, sign in with your email and you will find the same button.",
      renewalTerms(input.level),
    ],
    action: { label: "Complete your payment", url: `${config.PUBLIC_URL}/account/link?token=${encodeURIComponent(input.token)}` },
  }), input.token);
}

export function subscriptionResumedEmail(
  config: Config,
  input: { firstName: string; level: MembershipLevel; nextBillingDate: Date | null },
): RenderedEmail {
  return renderEmail(config, "subscription_resumed", "Your subscription continues", {
    heading: "Your subscription continues",
    paragraphs: [
      `Hello ${input.firstName}, you resumed your ${input.level} membership: it is no longer cancelled.`,
      input.nextBillingDate
        ? `It renews on ${chicagoDate(input.nextBillingDate)} at ${priceLabel(input.level)}, then every month until you cancel.`
        : renewalTerms(input.level),
    ],
    action: portalAction(config),
  });
}
