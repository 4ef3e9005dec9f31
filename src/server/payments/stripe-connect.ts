import Stripe from "stripe";
import { CURRENCY } from "../../shared/membership.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type {
  AutopaySetupRequest,
  AutopaySetupSnapshot,
  PayoutAccountSnapshot,
  RentCheckoutRequest,
  RentCheckoutSnapshot,
  RentEvent,
  RentPaymentProvider,
  SavedMethodChargeRequest,
  SavedMethodPaymentSnapshot,
  SavedPaymentMethod,
} from "./rent-provider.ts";
import { AUTOPAY_KIND, AUTOPAY_SETUP_KIND } from "./rent-provider.ts";
import { createStripeClient } from "./stripe-provider.ts";

// Online rent through Stripe Connect: Express accounts onboarded by Account Links, and Checkout
// in payment mode (card and US bank account) as a destination charge (transfer_data.destination)
// to the owner's account. The association takes no fee. A-la-carte purchases are the same
// checkout without a destination, on the member's own customer.
//
// Autopay (docs/decisions/0075): Checkout in setup mode saves the tenant's card or bank account to
// a customer on the platform account, and each due day a PaymentIntent charges it off session as
// a destination charge (transfer_data.destination, no on_behalf_of), like the one-off payments.
// Stripe's destination charges take a PaymentMethod and Customer of the platform
// (https://docs.stripe.com/connect/destination-charges).

function unavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  console.error("[stripe connect]", error instanceof Error ? error.message : error);
  throw new AppError("UNAVAILABLE", "The payment service is not responding. Please try again in a moment.");
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

export class StripeRentProvider implements RentPaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;

  constructor(config: Config) {
    this.stripe = createStripeClient(config);
  }

  async createAccount(owner: { id: string; email: string }): Promise<string> {
    try {
      const account = await this.stripe.accounts.create(
        {
          type: "express",
          country: "US",
          email: owner.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true }, us_bank_account_ach_payments: { requested: true } },
          metadata: { owner_id: owner.id },
        },
        { idempotencyKey: `connect-account-${owner.id}` },
      );
      return account.id;
    } catch (error) {
      unavailable(error);
    }
  }

  async onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    try {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: "account_onboarding",
      });
      return link.url;
    } catch (error) {
      unavailable(error);
    }
  }

  async getAccount(accountId: string): Promise<PayoutAccountSnapshot | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      return {
        accountId: account.id,
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async createRentCheckout(request: RentCheckoutRequest): Promise<{ sessionId: string; url: string }> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          allowed_payment_method_types: ["card", "us_bank_account"],
          line_items: [
            { price_data: { currency: CURRENCY, unit_amount: request.amountCents, product_data: { name: request.description } }, quantity: 1 },
          ],
          payment_intent_data: {
            ...(request.accountId ? { transfer_data: { destination: request.accountId } } : {}),
            metadata: request.metadata,
            description: request.description,
          },
          ...(request.customerId ? { customer: request.customerId } : { customer_email: request.payerEmail }),
          client_reference_id: request.clientReferenceId,
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new AppError("UNAVAILABLE", "The payment service did not return a checkout page. Please try again.");
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      unavailable(error);
    }
  }

  async getRentCheckout(sessionId: string): Promise<RentCheckoutSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent", "payment_intent.latest_charge"] });
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const methodType = charge?.payment_method_details?.type ?? intent?.payment_method_types?.[0] ?? null;
      return {
        sessionId: session.id,
        state: rentState(session, intent),
        amountCents: session.amount_total ?? 0,
        method: methodType === "us_bank_account" ? "us_bank_account" : methodType === "card" ? "card" : null,
        paymentRef: intent?.id ?? (typeof session.payment_intent === "string" ? session.payment_intent : null),
        refundedCents: charge?.amount_refunded ?? 0,
        metadata: session.metadata ?? {},
      };
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async createPayerCustomer(payer: { tenantAccountId: string; email: string; name: string }): Promise<string> {
    try {
      const customer = await this.stripe.customers.create(
        { email: payer.email, name: payer.name, metadata: { tenant_account_id: payer.tenantAccountId } },
        { idempotencyKey: `tenant-customer-${payer.tenantAccountId}` },
      );
      return customer.id;
    } catch (error) {
      unavailable(error);
    }
  }

  async createAutopaySetup(request: AutopaySetupRequest): Promise<{ sessionId: string; url: string }> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "setup",
          currency: CURRENCY,
          allowed_payment_method_types: ["card", "us_bank_account"],
          customer: request.customerId,
          client_reference_id: request.clientReferenceId,
          metadata: request.metadata,
          setup_intent_data: { metadata: request.metadata, description: request.description },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new AppError("UNAVAILABLE", "The payment service did not return a setup page. Please try again.");
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      unavailable(error);
    }
  }

  async getAutopaySetup(sessionId: string): Promise<AutopaySetupSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ["setup_intent", "setup_intent.payment_method"] });
      const intent = typeof session.setup_intent === "object" ? session.setup_intent : null;
      const method = intent && typeof intent.payment_method === "object" ? intent.payment_method : null;
      // A bank account verified by microdeposits completes the session before its SetupIntent succeeds.
      const complete = session.status === "complete" && intent?.status === "succeeded";
      return {
        sessionId: session.id,
        state: session.status === "expired" ? "expired" : complete ? "complete" : "open",
        customerId: typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null),
        paymentMethod: complete && method ? savedMethodOf(method) : null,
        metadata: session.metadata ?? {},
      };
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async chargeSavedMethod(request: SavedMethodChargeRequest): Promise<SavedMethodPaymentSnapshot> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: CURRENCY,
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          transfer_data: { destination: request.accountId },
          description: request.description,
          metadata: request.metadata,
          expand: ["latest_charge"],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return paymentOf(intent);
    } catch (error) {
      // Declined off session: Stripe answers 402 with the PaymentIntent, which now wants another method.
      if (error instanceof Stripe.errors.StripeError && error.payment_intent) return paymentOf(error.payment_intent, error.message);
      // Refused for good (a method detached or removed at Stripe): not an outage to wait out.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError("UNPROCESSABLE", `The saved payment method cannot be charged: ${error.message}`);
      unavailable(error);
    }
  }

  async getSavedMethodPayment(paymentRef: string): Promise<SavedMethodPaymentSnapshot | null> {
    try {
      return paymentOf(await this.stripe.paymentIntents.retrieve(paymentRef, { expand: ["latest_charge"] }));
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      if (isMissing(error)) return;
      unavailable(error);
    }
  }
}

function savedMethodOf(method: Stripe.PaymentMethod): SavedPaymentMethod | null {
  if (method.type === "card" && method.card) return { id: method.id, type: "card", brand: method.card.brand, last4: method.card.last4 };
  if (method.type === "us_bank_account" && method.us_bank_account) {
    return { id: method.id, type: "us_bank_account", brand: method.us_bank_account.bank_name ?? "Bank account", last4: method.us_bank_account.last4 ?? "" };
  }
  return null;
}

/** An off-session PaymentIntent in our words: it can no longer pay without the tenant (declined, needs them) is failed. */
function paymentOf(intent: Stripe.PaymentIntent, message?: string): SavedMethodPaymentSnapshot {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const type = charge?.payment_method_details?.type ?? intent.payment_method_types?.[0] ?? null;
  const state = intent.status === "succeeded" ? "paid" : intent.status === "processing" || intent.status === "requires_capture" ? "processing" : "failed";
  return {
    paymentRef: intent.id,
    state,
    amountCents: intent.amount,
    method: type === "card" || type === "us_bank_account" ? type : null,
    refundedCents: charge?.amount_refunded ?? 0,
    failureMessage:
      state !== "failed"
        ? null
        : intent.status === "requires_action"
          ? "Your bank asked you to confirm this payment, which autopay cannot do for you. Please pay from your tenant portal."
          : (intent.last_payment_error?.message ?? message ?? "The payment was declined."),
    metadata: intent.metadata ?? {},
  };
}

/** A session's payment state from the session and its PaymentIntent (bank payments take days). */
function rentState(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): RentCheckoutSnapshot["state"] {
  if (session.status === "expired") return "expired";
  if (session.status !== "complete") return "open";
  if (session.payment_status === "paid" || intent?.status === "succeeded") return "paid";
  if (intent?.status === "processing") return "processing";
  return "failed";
}

/** What our payment-mode checkouts are for (their metadata's `kind`). */
const PAYMENT_MODE_KINDS = ["rent", "purchase"];
/** Refunds of online rent: of a checkout payment or of an autopay charge. */
const REFUNDED_KINDS = ["rent", AUTOPAY_KIND];

/** A Stripe event about online rent or a purchase in our words, or null for any other event. */
export function toRentEvent(event: Stripe.Event): RentEvent | null {
  switch (event.type) {
    case "account.updated":
      return { id: event.id, type: "account.updated", accountId: event.data.object.id };
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const metadata = event.data.object.metadata ?? {};
      if (metadata.kind === AUTOPAY_SETUP_KIND && metadata.autopay_id) return event.type === "checkout.session.completed" ? { id: event.id, type: "autopay_setup.completed", autopayId: metadata.autopay_id } : null;
      return PAYMENT_MODE_KINDS.includes(metadata.kind ?? "") ? { id: event.id, type: event.type, sessionId: event.data.object.id } : null;
    }
    case "setup_intent.succeeded": {
      // A bank account verified after the setup checkout completed.
      const metadata = event.data.object.metadata ?? {};
      return metadata.kind === AUTOPAY_SETUP_KIND && metadata.autopay_id ? { id: event.id, type: "autopay_setup.completed", autopayId: metadata.autopay_id } : null;
    }
    case "payment_intent.processing":
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
      return event.data.object.metadata?.kind === AUTOPAY_KIND ? { id: event.id, type: event.type, paymentRef: event.data.object.id } : null;
    case "charge.refunded": {
      // A destination charge carries its PaymentIntent's metadata; memberships' charges are not ours here.
      if (!REFUNDED_KINDS.includes(event.data.object.metadata?.kind ?? "")) return null;
      const intent = event.data.object.payment_intent;
      const ref = typeof intent === "string" ? intent : intent?.id;
      return ref ? { id: event.id, type: "charge.refunded", paymentRef: ref } : null;
    }
    default:
      return null;
  }
}
