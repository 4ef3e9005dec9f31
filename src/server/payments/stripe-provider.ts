import Stripe from "stripe";
import { CURRENCY, MEMBERSHIP_LEVELS, priceTable, type MembershipLevel, type PaidLevel } from "../../shared/membership.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type {
  BillingEvent,
  CheckoutCreated,
  CheckoutRequest,
  CheckoutSnapshot,
  CustomerOwner,
  PaymentProvider,
  PlanChangePreview,
  SubscriptionSnapshot,
} from "./provider.ts";
import { MissingCustomerError } from "./provider.ts";

// Stripe through the official SDK (DECISIONS.md 9). The API version is pinned so a library
// upgrade never changes the shapes we read without us noticing.
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/** Prices are found by lookup key (and created once when missing), so no price ids live in config. */
export const priceLookupKey = (level: PaidLevel) => `membership_${level.toLowerCase()}_monthly`;

function levelFromLookupKey(key: string | null | undefined): MembershipLevel | null {
  return MEMBERSHIP_LEVELS.find((level) => level !== "Basic" && priceLookupKey(level as PaidLevel) === key) ?? null;
}

export function createStripeClient(config: Config): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: config.STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/** The parameter Stripe refused a request for (an unknown or archived price, a deleted customer). */
function refusedParam(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeInvalidRequestError ? error.param : undefined;
}

/** Provider failures become a clear 502-free answer: the member can try again. */
function unavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  console.error("[stripe]", error instanceof Error ? error.message : error);
  throw new AppError("UNAVAILABLE", "The payment service is not responding. Please try again in a moment.");
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;
  private readonly prices = new Map<PaidLevel, string>();

  constructor(config: Config) {
    this.stripe = createStripeClient(config);
  }

  async ensureCustomer(owner: CustomerOwner): Promise<string> {
    if (owner.stripeCustomerId) return owner.stripeCustomerId;
    try {
      const customer = await this.stripe.customers.create(
        { email: owner.email, name: owner.name, metadata: { member_id: owner.id } },
        // One customer per member, even when two checkouts start at once; a replacement has a key of its own.
        { idempotencyKey: owner.replacing ? `customer-${owner.id}-replacing-${owner.replacing}` : `customer-${owner.id}` },
      );
      return customer.id;
    } catch (error) {
      unavailable(error);
    }
  }

  /** The price of a level, found by its lookup key or made; `replacing` is a price Stripe refused (archived). */
  async priceId(level: PaidLevel, replacing?: string): Promise<string> {
    const cached = this.prices.get(level);
    if (cached) return cached;
    const lookupKey = priceLookupKey(level);
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    let id = found.data[0]?.id;
    if (!id) {
      const price = await this.stripe.prices.create(
        {
          currency: CURRENCY,
          unit_amount: priceTable[level].monthlyCents,
          recurring: { interval: "month" },
          lookup_key: lookupKey,
          // An archived price may still hold the key: the new price takes it over.
          transfer_lookup_key: true,
          product_data: { name: `${level} Membership` },
        },
        { idempotencyKey: `price-${lookupKey}-${priceTable[level].monthlyCents}${replacing ? `-replacing-${replacing}` : ""}` },
      );
      id = price.id;
    }
    this.prices.set(level, id);
    return id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    try {
      return await this.checkoutOnce(request);
    } catch (error) {
      if (refusedParam(error) === "customer") throw new MissingCustomerError(request.customerId);
      if (refusedParam(error) !== "line_items[0][price]") unavailable(error);
    }
    // The remembered price was archived (or deleted) in Stripe's dashboard: look it up again, once.
    const refused = this.prices.get(request.level);
    this.prices.delete(request.level);
    try {
      await this.priceId(request.level, refused);
      return await this.checkoutOnce({ ...request, idempotencyKey: `${request.idempotencyKey}-price` });
    } catch (error) {
      unavailable(error);
    }
  }

  private async checkoutOnce(request: CheckoutRequest): Promise<CheckoutCreated> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: request.customerId,
        client_reference_id: request.clientReferenceId,
        line_items: [{ price: await this.priceId(request.level), quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        subscription_data: { metadata: request.metadata },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error("Checkout session without a url");
    return { sessionId: session.id, url: session.url };
  }

  async getCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return {
        sessionId: session.id,
        status: (session.status ?? "open") as CheckoutSnapshot["status"],
        paid: session.status === "complete" && session.payment_status !== "unpaid",
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        clientReferenceId: session.client_reference_id,
        metadata: session.metadata ?? {},
        amountCents: session.amount_total,
        currency: session.currency ?? CURRENCY,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return toSnapshot(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async changePlan(subscriptionId: string, level: PaidLevel, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    try {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new AppError("CONFLICT", "This subscription has no plan to change.");
      const updated = await this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: await this.priceId(level) }],
          // Charge (or credit) the difference for the rest of the period now.
          proration_behavior: "always_invoice",
          cancel_at_period_end: false,
          metadata: { ...current.metadata, membership_level: level },
        },
        { idempotencyKey },
      );
      return toSnapshot(updated);
    } catch (error) {
      unavailable(error);
    }
  }

  /**
   * Stripe's invoice preview of the change as changePlan would make it (the same price swap and
   * `always_invoice`): its proration lines are what would be charged or credited now.
   */
  async previewPlanChange(subscriptionId: string, level: PaidLevel): Promise<PlanChangePreview> {
    try {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new AppError("CONFLICT", "This subscription has no plan to change.");
      const invoice = await this.stripe.invoices.createPreview({
        customer: idOf(current.customer)!,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: await this.priceId(level) }],
          proration_behavior: "always_invoice",
          proration_date: Math.floor(Date.now() / 1000),
        },
      });
      const prorations = invoice.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
      return {
        prorationCents: prorations.length ? prorations.reduce((sum, line) => sum + line.amount, 0) : invoice.total,
        currency: invoice.currency ?? CURRENCY,
        nextAmountCents: priceTable[level].monthlyCents,
        nextBillingDate: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
      };
    } catch (error) {
      unavailable(error);
    }
  }

  async resume(subscriptionId: string): Promise<SubscriptionSnapshot> {
    try {
      return toSnapshot(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
    } catch (error) {
      unavailable(error);
    }
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    try {
      return toSnapshot(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    } catch (error) {
      unavailable(error);
    }
  }

  async cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return toSnapshot(await this.stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      if (isMissing(error)) return null;
      unavailable(error);
    }
  }

  async billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    } catch (error) {
      unavailable(error);
    }
  }

  /** Verifies the signature (400 when forged or stale) and returns the event in our words. */
  async verifyWebhook(rawBody: string, signature: string | undefined, secret: string): Promise<BillingEvent> {
    return toBillingEvent(await this.verifiedEvent(rawBody, signature, [secret]));
  }

  /**
   * The event, when its signature verifies with one of the secrets: the account's endpoint and,
   * for Connect's events (account.updated), the connected-accounts endpoint. 400 otherwise.
   */
  async verifiedEvent(rawBody: string, signature: string | undefined, secrets: string[]): Promise<Stripe.Event> {
    if (!signature) throw new AppError("BAD_REQUEST", "Missing Stripe-Signature header.");
    for (const secret of secrets) {
      try {
        return await this.stripe.webhooks.constructEventAsync(rawBody, signature, secret);
      } catch {
        // Try the next endpoint's secret.
      }
    }
    throw new AppError("BAD_REQUEST", "Invalid webhook signature.");
  }
}

function toSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  const level = levelFromLookupKey(item?.price.lookup_key) ?? (sub.metadata?.membership_level as MembershipLevel | undefined) ?? null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status as SubscriptionSnapshot["status"],
    level: level && (MEMBERSHIP_LEVELS as readonly string[]).includes(level) ? level : null,
    amountCents: (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1),
    currency: item?.price.currency ?? CURRENCY,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    metadata: sub.metadata ?? {},
  };
}

export function toBillingEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.expired":
      return { id: event.id, type: event.type, sessionId: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return {
        id: event.id,
        type: event.type,
        invoiceId: invoice.id!,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        customerId: idOf(invoice.customer),
        amountCents: event.type === "invoice.paid" ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        billingReason: invoice.billing_reason,
        failureMessage: event.type === "invoice.payment_failed" ? "Your card was declined." : null,
        occurredAt: new Date(event.created * 1000),
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return {
        id: event.id,
        type: event.type,
        subscriptionId: event.data.object.id,
        customerId: idOf(event.data.object.customer),
      };
    default:
      return { id: event.id, type: "ignored", originalType: event.type };
  }
}
