import type { MembershipLevel, PaidLevel } from "../../shared/membership.ts";

// One interface for taking card payments, with two implementations chosen by configuration:
// Stripe (STRIPE_SECRET_KEY set) and the built-in test provider (the embedded default).
// The domain talks only to this interface; provider objects are read back (never trusted from
// event order) through getSubscription / getCheckout.

export type ProviderName = "stripe" | "test";

export interface CustomerOwner {
  id: string;
  email: string;
  name: string;
  /** The Stripe customer saved on the member, reused on every checkout (DECISIONS.md 9). */
  stripeCustomerId: string | null;
  /** A customer the provider no longer has (deleted in its dashboard): the new one replaces it. */
  replacing?: string;
}

/** The provider has no such customer any more (deleted in its dashboard). */
export class MissingCustomerError extends Error {
  constructor(readonly customerId: string) {
    super(`The payment provider has no customer ${customerId}`);
    this.name = "MissingCustomerError";
  }
}

export interface CheckoutRequest {
  customerId: string;
  level: PaidLevel;
  /** Our member id: Checkout's client_reference_id. */
  clientReferenceId: string;
  /** Our ids, copied onto the subscription too: member_id, payment_id, kind, application_id. */
  metadata: Record<string, string>;
  /** With `{CHECKOUT_SESSION_ID}` where the provider puts the session id. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CheckoutCreated {
  sessionId: string;
  url: string;
}

export interface CheckoutSnapshot {
  sessionId: string;
  status: "open" | "complete" | "expired";
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amountCents: number | null;
  currency: string;
}

export type ProviderSubscriptionStatus =
  | "active"
  | "past_due"
  | "canceled"
  | "incomplete"
  | "incomplete_expired"
  | "unpaid"
  | "trialing"
  | "paused";

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  level: MembershipLevel | null;
  amountCents: number;
  currency: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

export interface InvoiceSummary {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: Date;
  periodEnd: Date | null;
}

/** What a plan change would cost, before it is made (the provider's own proration). */
export interface PlanChangePreview {
  /** Charged now when positive; a credit toward later bills when negative. */
  prorationCents: number;
  currency: string;
  /** The plan's price from the next bill on. */
  nextAmountCents: number;
  /** When the next bill is due (the end of the current period). */
  nextBillingDate: Date | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The member's customer at the provider, created on first use. */
  ensureCustomer(owner: CustomerOwner): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  getCheckout(sessionId: string): Promise<CheckoutSnapshot | null>;
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** Swaps the plan's price, prorated. */
  changePlan(subscriptionId: string, level: PaidLevel, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /** The proration and next bill of a plan change, without making it. */
  previewPlanChange(subscriptionId: string, level: PaidLevel): Promise<PlanChangePreview>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Undoes a cancellation at the period's end while the period lasts: the subscription renews again. */
  resume(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Ends the subscription now; null when the provider has no such subscription (it is gone already). */
  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Test provider only: the events its last calls produced, which a webhook would deliver. */
  takeEvents?(): BillingEvent[];
  /** Test provider only: the member a provider customer belongs to. */
  customerMemberId?(customerId: string): Promise<string | null>;
}

/** Internal billing events: what a Stripe webhook says, in our words. One handler applies them. */
export type BillingEvent =
  | { id: string; type: "checkout.session.completed"; sessionId: string }
  | { id: string; type: "checkout.session.expired"; sessionId: string }
  | InvoiceEvent
  | { id: string; type: "customer.subscription.updated" | "customer.subscription.deleted"; subscriptionId: string; customerId: string | null }
  | { id: string; type: "ignored"; originalType: string };

export interface InvoiceEvent {
  id: string;
  type: "invoice.paid" | "invoice.payment_failed";
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  currency: string;
  billingReason: string | null;
  failureMessage?: string | null;
  occurredAt: Date;
}
