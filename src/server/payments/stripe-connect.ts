import Stripe from "stripe";
import { CURRENCY } from "../../shared/membership.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { PayoutAccountSnapshot, RentCheckoutRequest, RentCheckoutSnapshot, RentEvent, RentPaymentProvider } from "./rent-provider.ts";
import { createStripeClient } from "./stripe-provider.ts";

// Online rent through Stripe Connect: Express accounts onboarded by Account Links, and Checkout
// in payment mode (card and US bank account) as a destination charge (transfer_data.destination)
// to the owner's account. The association takes no fee. A-la-carte purchases are the same
// checkout without a destination, on the member's own customer.

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

/** A Stripe event about online rent or a purchase in our words, or null for any other event. */
export function toRentEvent(event: Stripe.Event): RentEvent | null {
  switch (event.type) {
    case "account.updated":
      return { id: event.id, type: "account.updated", accountId: event.data.object.id };
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return PAYMENT_MODE_KINDS.includes(event.data.object.metadata?.kind ?? "") ? { id: event.id, type: event.type, sessionId: event.data.object.id } : null;
    case "charge.refunded": {
      // A destination charge carries its PaymentIntent's metadata; memberships' charges are not ours here.
      if (event.data.object.metadata?.kind !== "rent") return null;
      const intent = event.data.object.payment_intent;
      const ref = typeof intent === "string" ? intent : intent?.id;
      return ref ? { id: event.id, type: "charge.refunded", paymentRef: ref } : null;
    }
    default:
      return null;
  }
}
