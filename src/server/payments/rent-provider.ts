// Online rent (PORTAL.md 4): owners connect a payout account (Stripe Connect Express, onboarded
// by Account Links) and tenants pay by Checkout in payment mode, as a destination charge to it.
// The same payment-mode checkout, without a destination, takes the a-la-carte purchases owners
// make from the association (PORTAL.md 7.5).
// Two implementations behind one interface, chosen like the membership provider: Stripe when
// STRIPE_SECRET_KEY is set, else the built-in test provider. The domain reads provider objects
// back (never trusting event order), as for memberships.

/** The metadata `kind` of autopay's setup checkouts and of its off-session charges. */
export const AUTOPAY_SETUP_KIND = "autopay_setup";
export const AUTOPAY_KIND = "autopay";

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

/** A payment method saved for charges without the payer present (autopay): on the platform's customer. */
export interface SavedPaymentMethod {
  id: string;
  type: "card" | "us_bank_account";
  /** The card's brand ("visa"), or the bank's name. */
  brand: string;
  last4: string;
}

export interface AutopaySetupRequest {
  /** The owner's connected account the saved method will pay (recorded in the metadata). */
  accountId: string;
  /** The tenant's customer on the platform account, which the method is saved to. */
  customerId: string;
  /** What the payer sees: "Autopay of the rent for 1834 S Loomis St, unit 1". */
  description: string;
  /** Our id of what is set up: the autopay enrollment. */
  clientReferenceId: string;
  /** kind "autopay_setup", autopay_id, lease_id, owner_id. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface AutopaySetupSnapshot {
  sessionId: string;
  state: "open" | "complete" | "expired";
  customerId: string | null;
  paymentMethod: SavedPaymentMethod | null;
  metadata: Record<string, string>;
}

export interface SavedMethodChargeRequest {
  /** The owner's connected account: the destination of the charge. */
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** kind "autopay", autopay_charge_id, lease_id, owner_id. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** Where an off-session charge stands (Stripe's PaymentIntent); a bank debit is `processing` for days. */
export interface SavedMethodPaymentSnapshot {
  paymentRef: string;
  state: "processing" | "paid" | "failed";
  amountCents: number;
  method: "card" | "us_bank_account" | null;
  refundedCents: number;
  /** Why it failed, in words for the payer ("Your card was declined."). */
  failureMessage: string | null;
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
  /** A setup checkout for autopay completed, or its bank account was verified later: the enrollment to re-read. */
  | { id: string; type: "autopay_setup.completed"; autopayId: string }
  | { id: string; type: "payment_intent.processing" | "payment_intent.succeeded" | "payment_intent.payment_failed"; paymentRef: string }
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
  /** The tenant's customer on the platform account, made once per tenant account (the key names it). */
  createPayerCustomer(payer: { tenantAccountId: string; email: string; name: string }): Promise<string>;
  /** A checkout in setup mode (card or US bank account) that saves a method to the customer for autopay. */
  createAutopaySetup(request: AutopaySetupRequest): Promise<{ sessionId: string; url: string }>;
  getAutopaySetup(sessionId: string): Promise<AutopaySetupSnapshot | null>;
  /** Charges a saved method off session as a destination charge; a decline is an answer (state failed), not an error. */
  chargeSavedMethod(request: SavedMethodChargeRequest): Promise<SavedMethodPaymentSnapshot>;
  getSavedMethodPayment(paymentRef: string): Promise<SavedMethodPaymentSnapshot | null>;
  /** The method can no longer be charged (autopay stopped). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Test provider only: the events its last calls produced, which a webhook would deliver. */
  takeRentEvents?(): RentEvent[];
}
