// Online rent (PORTAL.md 4): owners connect a payout account (Stripe Connect Express, onboarded
// by Account Links) and tenants pay by Checkout in payment mode, as a destination charge to it.
// The same payment-mode checkout, without a destination, takes the a-la-carte purchases owners
// make from the association (PORTAL.md 7.5).
// Two implementations behind one interface, chosen like the membership provider: Stripe when
// STRIPE_SECRET_KEY is set, else the built-in test provider. The domain reads provider objects
// back (never trusting event order), as for memberships.

export interface PayoutAccountSnapshot {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface RentCheckoutRequest {
  /** The owner's connected account the money goes to; null: the association's own (a purchase). */
  accountId: string | null;
  amountCents: number;
  /** What the payer sees: "Rent for 1834 S Loomis St, unit 1", "Schedule E report, tax year 2025". */
  description: string;
  payerEmail: string;
  /** The member's customer at the provider, reused on every checkout (DECISIONS.md 9); null for tenants. */
  customerId?: string | null;
  /** Our id of what is paid: the rent payment or the purchase. */
  clientReferenceId: string;
  /** Our ids: kind "rent" (rent_payment_id, lease_id, owner_id) or "purchase" (purchase_id, owner_id, item). */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** Where a rent payment stands: a bank payment is `processing` for days, and may then fail. */
export type RentPaymentState = "open" | "processing" | "paid" | "failed" | "expired";

export interface RentCheckoutSnapshot {
  sessionId: string;
  state: RentPaymentState;
  amountCents: number;
  method: "card" | "us_bank_account" | null;
  /** The provider's payment (Stripe's PaymentIntent id). */
  paymentRef: string | null;
  refundedCents: number;
  metadata: Record<string, string>;
}

/** The provider's events about online rent, in our words. */
export type RentEvent =
  | { id: string; type: "account.updated"; accountId: string }
  | {
      id: string;
      type: "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.async_payment_failed" | "checkout.session.expired";
      sessionId: string;
    }
  | { id: string; type: "charge.refunded"; paymentRef: string };

export interface RentPaymentProvider {
  readonly name: "stripe" | "test";
  /** An Express account for the owner; `existing` is returned when they have one. */
  createAccount(owner: { id: string; email: string }): Promise<string>;
  /** Where the owner fills in their payout details (Stripe's hosted onboarding). */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  getAccount(accountId: string): Promise<PayoutAccountSnapshot | null>;
  createRentCheckout(request: RentCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  getRentCheckout(sessionId: string): Promise<RentCheckoutSnapshot | null>;
  /** Test provider only: the events its last calls produced, which a webhook would deliver. */
  takeRentEvents?(): RentEvent[];
}
