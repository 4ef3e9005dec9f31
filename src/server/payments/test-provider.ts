import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { CARD_DECLINED_MESSAGE } from "../../shared/billing.ts";
import { CURRENCY, priceTable, type PaidLevel } from "../../shared/membership.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  testProviderCheckouts,
  testProviderClock,
  testProviderCustomers,
  testProviderInvoices,
  testProviderPortalSessions,
  testProviderSubscriptions,
} from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import type { Services } from "../services.ts";
import type {
  BillingEvent,
  CheckoutCreated,
  CheckoutRequest,
  CheckoutSnapshot,
  CustomerOwner,
  InvoiceSummary,
  PaymentProvider,
  PlanChangePreview,
  SubscriptionSnapshot,
} from "./provider.ts";

// The built-in test provider (DECISIONS.md 10): a small Stripe of our own. It keeps its
// customers, checkout sessions, subscriptions and invoices in its own tables, and every change
// it makes is reported as the BillingEvents a Stripe webhook would send; the caller applies them
// through the same handler as Stripe's webhooks.

export const TEST_CARDS = {
  /** Pays, renewals pay. */
  success: "4242424242424242",
  /** Declined at checkout. */
  declined: "4000000000000002",
  /** Pays at checkout; every renewal then fails (like Stripe's 4000 0000 0000 0341). */
  failsRenewals: "4000000000000341",
} as const;

export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PORTAL_LIFETIME_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** One calendar month later, the way Stripe bills monthly plans. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

type SubscriptionRow = typeof testProviderSubscriptions.$inferSelect;
type CheckoutRow = typeof testProviderCheckouts.$inferSelect;

function snapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status as SubscriptionSnapshot["status"],
    level: row.membershipLevel,
    amountCents: row.amountCents,
    currency: CURRENCY,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    metadata: row.metadata,
  };
}

function checkoutSnapshot(row: CheckoutRow): CheckoutSnapshot {
  return {
    sessionId: row.id,
    status: row.status as CheckoutSnapshot["status"],
    paid: row.status === "complete",
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    clientReferenceId: row.clientReferenceId,
    metadata: row.metadata,
    amountCents: row.amountCents,
    currency: CURRENCY,
  };
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;

  /** Events not yet applied; the domain takes and applies them after each call (see takeEvents). */
  private pending: BillingEvent[] = [];

  constructor(private readonly services: Services) {}

  /** What a webhook would now deliver: the caller applies these through the billing handler. */
  takeEvents(): BillingEvent[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }

  private emit(...events: BillingEvent[]) {
    this.pending.push(...events);
  }

  private get db(): DbOrTx {
    return this.services.db;
  }

  /** Real time plus however far an admin has moved the test clock. */
  async now(): Promise<Date> {
    const [row] = await this.db.select().from(testProviderClock).where(eq(testProviderClock.id, 1));
    return new Date(this.services.now().getTime() + (row?.offsetSeconds ?? 0) * 1000);
  }

  async clockOffsetSeconds(): Promise<number> {
    const [row] = await this.db.select().from(testProviderClock).where(eq(testProviderClock.id, 1));
    return row?.offsetSeconds ?? 0;
  }

  async ensureCustomer(owner: CustomerOwner): Promise<string> {
    const [existing] = await this.db.select().from(testProviderCustomers).where(eq(testProviderCustomers.memberId, owner.id));
    if (existing) return existing.id;
    const [row] = await this.db
      .insert(testProviderCustomers)
      .values({ id: randomId("cus_test"), memberId: owner.id })
      .onConflictDoNothing()
      .returning();
    if (row) return row.id;
    const [again] = await this.db.select().from(testProviderCustomers).where(eq(testProviderCustomers.memberId, owner.id));
    return again!.id;
  }

  async customerMemberId(customerId: string): Promise<string | null> {
    const [row] = await this.db.select().from(testProviderCustomers).where(eq(testProviderCustomers.id, customerId));
    return row?.memberId ?? null;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const [existing] = await this.db
      .select()
      .from(testProviderCheckouts)
      .where(eq(testProviderCheckouts.idempotencyKey, request.idempotencyKey));
    if (existing) return { sessionId: existing.id, url: checkoutUrl(existing.id) };
    const now = await this.now();
    const id = randomId("cs_test");
    await this.db.insert(testProviderCheckouts).values({
      id,
      customerId: request.customerId,
      clientReferenceId: request.clientReferenceId,
      membershipLevel: request.level,
      amountCents: priceTable[request.level].monthlyCents,
      status: "open",
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: request.metadata,
      idempotencyKey: request.idempotencyKey,
      expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
    return { sessionId: id, url: checkoutUrl(id) };
  }

  async getCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    const row = await this.checkoutRow(sessionId);
    return row ? checkoutSnapshot(row) : null;
  }

  private async checkoutRow(sessionId: string): Promise<CheckoutRow | null> {
    const [row] = await this.db.select().from(testProviderCheckouts).where(eq(testProviderCheckouts.id, sessionId));
    return row ?? null;
  }

  /** What the test checkout page shows. */
  async describeCheckout(sessionId: string) {
    const row = await this.checkoutRow(sessionId);
    if (!row) throw notFound("This checkout session does not exist.");
    const now = await this.now();
    const status = row.status === "open" && row.expiresAt <= now ? "expired" : row.status;
    return {
      session_id: row.id,
      membership_level: row.membershipLevel as PaidLevel,
      amount_cents: row.amountCents,
      currency: CURRENCY,
      status,
      cancel_url: row.cancelUrl,
      success_url: successUrlFor(row),
    };
  }

  /**
   * Pays an open checkout with a test card: creates the subscription and its first invoice and
   * reports checkout.session.completed and invoice.paid. A declining card changes nothing.
   */
  async pay(sessionId: string, cardNumber: string): Promise<{ successUrl: string }> {
    const now = await this.now();
    const result = await this.services.db.transaction(async (tx) => {
      const [row] = await tx.select().from(testProviderCheckouts).where(eq(testProviderCheckouts.id, sessionId)).for("update");
      if (!row) throw notFound("This checkout session does not exist.");
      if (row.status === "complete") return { events: [] as BillingEvent[], successUrl: successUrlFor(row) };
      if (row.status !== "open" || row.expiresAt <= now) throw new AppError("CONFLICT", "This checkout session has expired. Please start again.");
      if (cardNumber === TEST_CARDS.declined) throw new AppError("PAYMENT_FAILED", CARD_DECLINED_MESSAGE);
      if (cardNumber !== TEST_CARDS.success && cardNumber !== TEST_CARDS.failsRenewals) {
        throw new AppError("PAYMENT_FAILED", "Test mode accepts the test cards only: use 4242 4242 4242 4242.");
      }
      const subscriptionId = randomId("sub_test");
      const periodEnd = addMonth(now);
      await tx.insert(testProviderSubscriptions).values({
        id: subscriptionId,
        customerId: row.customerId,
        membershipLevel: row.membershipLevel,
        amountCents: row.amountCents,
        status: "active",
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        failRenewals: cardNumber === TEST_CARDS.failsRenewals,
        metadata: row.metadata,
        createdAt: now,
      });
      const invoiceId = randomId("in_test");
      await tx.insert(testProviderInvoices).values({
        id: invoiceId,
        subscriptionId,
        customerId: row.customerId,
        amountCents: row.amountCents,
        status: "paid",
        billingReason: "subscription_create",
        periodStart: now,
        periodEnd,
        createdAt: now,
      });
      await tx
        .update(testProviderCheckouts)
        .set({ status: "complete", subscriptionId })
        .where(eq(testProviderCheckouts.id, sessionId));
      return {
        successUrl: successUrlFor(row),
        events: [
          { id: randomId("evt_test"), type: "checkout.session.completed", sessionId },
          {
            id: randomId("evt_test"),
            type: "invoice.paid",
            invoiceId,
            subscriptionId,
            customerId: row.customerId,
            amountCents: row.amountCents,
            currency: CURRENCY,
            billingReason: "subscription_create",
            occurredAt: now,
          },
        ] as BillingEvent[],
      };
    });
    this.emit(...result.events);
    return { successUrl: result.successUrl };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await this.db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, subscriptionId));
    return row ? snapshot(row) : null;
  }

  async previewPlanChange(subscriptionId: string, level: PaidLevel): Promise<PlanChangePreview> {
    const row = await this.liveSubscription(subscriptionId);
    const newAmount = priceTable[level].monthlyCents;
    return {
      prorationCents: proration(row, newAmount, await this.now()),
      currency: CURRENCY,
      nextAmountCents: newAmount,
      nextBillingDate: row.currentPeriodEnd,
    };
  }

  async changePlan(subscriptionId: string, level: PaidLevel): Promise<SubscriptionSnapshot> {
    const row = await this.liveSubscription(subscriptionId);
    const now = await this.now();
    const newAmount = priceTable[level].monthlyCents;
    const prorated = proration(row, newAmount, now);
    const invoiceId = randomId("in_test");
    const [updated] = await this.db.transaction(async (tx) => {
      // A charge is paid at once; a credit (a cheaper plan) is recorded as a credit invoice.
      if (prorated !== 0) {
        await tx.insert(testProviderInvoices).values({
          id: invoiceId,
          subscriptionId,
          customerId: row.customerId,
          amountCents: prorated,
          status: prorated > 0 ? "paid" : "credit",
          billingReason: "subscription_update",
          periodStart: now,
          periodEnd: row.currentPeriodEnd,
          createdAt: now,
        });
      }
      return tx
        .update(testProviderSubscriptions)
        .set({ membershipLevel: level, amountCents: newAmount, metadata: { ...row.metadata, membership_level: level } })
        .where(eq(testProviderSubscriptions.id, subscriptionId))
        .returning();
    });
    if (prorated > 0) {
      this.emit({
        id: randomId("evt_test"),
        type: "invoice.paid",
        invoiceId,
        subscriptionId,
        customerId: row.customerId,
        amountCents: prorated,
        currency: CURRENCY,
        billingReason: "subscription_update",
        occurredAt: now,
      });
    }
    this.emit({ id: randomId("evt_test"), type: "customer.subscription.updated", subscriptionId, customerId: row.customerId });
    return snapshot(updated!);
  }

  /** The prorated charge of the latest plan change, for the payment record. */
  async latestInvoice(subscriptionId: string): Promise<InvoiceSummary | null> {
    const [row] = await this.db
      .select()
      .from(testProviderInvoices)
      .where(eq(testProviderInvoices.subscriptionId, subscriptionId))
      .orderBy(desc(testProviderInvoices.createdAt), desc(testProviderInvoices.id))
      .limit(1);
    return row ? invoiceSummary(row) : null;
  }

  async resume(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const live = await this.liveSubscription(subscriptionId);
    if (live.currentPeriodEnd <= (await this.now())) throw new AppError("CONFLICT", "This subscription's period has ended.");
    const [row] = await this.db
      .update(testProviderSubscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(eq(testProviderSubscriptions.id, subscriptionId))
      .returning();
    this.emit({ id: randomId("evt_test"), type: "customer.subscription.updated", subscriptionId, customerId: row!.customerId });
    return snapshot(row!);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    await this.liveSubscription(subscriptionId);
    const [row] = await this.db
      .update(testProviderSubscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(testProviderSubscriptions.id, subscriptionId))
      .returning();
    this.emit({ id: randomId("evt_test"), type: "customer.subscription.updated", subscriptionId, customerId: row!.customerId });
    return snapshot(row!);
  }

  async cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const now = await this.now();
    const [row] = await this.db
      .update(testProviderSubscriptions)
      .set({ status: "canceled", canceledAt: now })
      .where(eq(testProviderSubscriptions.id, subscriptionId))
      .returning();
    if (!row) return null;
    this.emit({ id: randomId("evt_test"), type: "customer.subscription.deleted", subscriptionId, customerId: row.customerId });
    return snapshot(row);
  }

  async billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    const id = randomId("bps_test");
    const now = await this.now();
    await this.db
      .insert(testProviderPortalSessions)
      .values({ id, customerId, returnUrl, expiresAt: new Date(now.getTime() + PORTAL_LIFETIME_MS) });
    return `/test-billing?session=${encodeURIComponent(id)}`;
  }

  /** The customer behind a live billing-portal link. */
  async portalCustomer(portalSessionId: string): Promise<{ customerId: string; returnUrl: string }> {
    const now = await this.now();
    const [row] = await this.db.select().from(testProviderPortalSessions).where(eq(testProviderPortalSessions.id, portalSessionId));
    if (!row || row.expiresAt <= now) {
      throw new AppError("NOT_FOUND", "This billing portal link has expired. Open it again from Manage Subscription & Billing.");
    }
    return { customerId: row.customerId, returnUrl: row.returnUrl };
  }

  async customerOverview(customerId: string) {
    const subscriptions = await this.db
      .select()
      .from(testProviderSubscriptions)
      .where(eq(testProviderSubscriptions.customerId, customerId))
      .orderBy(desc(testProviderSubscriptions.createdAt));
    const invoices = await this.db
      .select()
      .from(testProviderInvoices)
      .where(eq(testProviderInvoices.customerId, customerId))
      .orderBy(desc(testProviderInvoices.createdAt), desc(testProviderInvoices.id));
    return { subscriptions: subscriptions.map(snapshot), invoices: invoices.map(invoiceSummary) };
  }

  async subscriptionOfCustomer(customerId: string, subscriptionId: string): Promise<SubscriptionSnapshot> {
    const [row] = await this.db
      .select()
      .from(testProviderSubscriptions)
      .where(and(eq(testProviderSubscriptions.id, subscriptionId), eq(testProviderSubscriptions.customerId, customerId)));
    if (!row) throw notFound("Subscription not found.");
    return snapshot(row);
  }

  async setFailRenewals(subscriptionId: string, fail: boolean): Promise<void> {
    await this.db.update(testProviderSubscriptions).set({ failRenewals: fail }).where(eq(testProviderSubscriptions.id, subscriptionId));
  }

  /** Every subscription with its clock facts, for the admin's test clock panel. */
  async listSubscriptions() {
    const rows = await this.db
      .select()
      .from(testProviderSubscriptions)
      .where(inArray(testProviderSubscriptions.status, ["active", "past_due"]))
      .orderBy(asc(testProviderSubscriptions.currentPeriodEnd));
    return rows.map((row) => ({ ...snapshot(row), failRenewals: row.failRenewals }));
  }

  /**
   * Moves the test clock forward and runs what the provider would do meanwhile: renewals
   * (paid, or failed into past_due), cancellations at period end, expired checkouts.
   */
  async advanceClock(seconds: number): Promise<void> {
    const events: BillingEvent[] = [];
    await this.db
      .insert(testProviderClock)
      .values({ id: 1, offsetSeconds: seconds })
      .onConflictDoUpdate({ target: testProviderClock.id, set: { offsetSeconds: sql`${testProviderClock.offsetSeconds} + ${seconds}` } });
    const now = await this.now();

    const expired = await this.db
      .update(testProviderCheckouts)
      .set({ status: "expired" })
      .where(and(eq(testProviderCheckouts.status, "open"), lte(testProviderCheckouts.expiresAt, now)))
      .returning({ id: testProviderCheckouts.id });
    for (const row of expired) events.push({ id: randomId("evt_test"), type: "checkout.session.expired", sessionId: row.id });

    // Each due subscription is walked period by period, so a jump of two months renews twice.
    for (;;) {
      const [due] = await this.db
        .select()
        .from(testProviderSubscriptions)
        .where(and(inArray(testProviderSubscriptions.status, ["active", "past_due"]), lte(testProviderSubscriptions.currentPeriodEnd, now)))
        .orderBy(asc(testProviderSubscriptions.currentPeriodEnd))
        .limit(1);
      if (!due) break;
      events.push(...(await this.renew(due)));
    }
    this.emit(...events);
  }

  private async renew(row: SubscriptionRow): Promise<BillingEvent[]> {
    const at = row.currentPeriodEnd;
    if (row.cancelAtPeriodEnd || row.status === "past_due") {
      // Cancelled by the member, or never recovered after a failed renewal: the subscription ends.
      await this.db
        .update(testProviderSubscriptions)
        .set({ status: "canceled", canceledAt: at })
        .where(eq(testProviderSubscriptions.id, row.id));
      return [{ id: randomId("evt_test"), type: "customer.subscription.deleted", subscriptionId: row.id, customerId: row.customerId }];
    }
    const nextEnd = addMonth(at);
    const invoiceId = randomId("in_test");
    const paid = !row.failRenewals;
    await this.db.transaction(async (tx) => {
      await tx.insert(testProviderInvoices).values({
        id: invoiceId,
        subscriptionId: row.id,
        customerId: row.customerId,
        amountCents: row.amountCents,
        status: paid ? "paid" : "open",
        billingReason: "subscription_cycle",
        periodStart: at,
        periodEnd: nextEnd,
        createdAt: at,
      });
      await tx
        .update(testProviderSubscriptions)
        .set(
          paid
            ? { currentPeriodStart: at, currentPeriodEnd: nextEnd, status: "active" }
            : // Stripe keeps the period moving and marks the subscription past_due.
              { currentPeriodStart: at, currentPeriodEnd: new Date(at.getTime() + 14 * DAY_MS), status: "past_due" },
        )
        .where(eq(testProviderSubscriptions.id, row.id));
    });
    return [
      {
        id: randomId("evt_test"),
        type: paid ? "invoice.paid" : "invoice.payment_failed",
        invoiceId,
        subscriptionId: row.id,
        customerId: row.customerId,
        amountCents: row.amountCents,
        currency: CURRENCY,
        billingReason: "subscription_cycle",
        failureMessage: paid ? null : CARD_DECLINED_MESSAGE,
        occurredAt: at,
      },
      { id: randomId("evt_test"), type: "customer.subscription.updated", subscriptionId: row.id, customerId: row.customerId },
    ];
  }

  private async liveSubscription(subscriptionId: string): Promise<SubscriptionRow> {
    const [row] = await this.db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, subscriptionId));
    if (!row || row.status === "canceled") throw new AppError("CONFLICT", "This subscription is no longer active.");
    return row;
  }
}

/**
 * The proration of a plan change, as Stripe computes it: the price difference for the unused part
 * of the period (positive: charged now; negative: a credit).
 */
export function proration(row: Pick<SubscriptionRow, "amountCents" | "currentPeriodStart" | "currentPeriodEnd">, newAmount: number, now: Date): number {
  const total = row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime();
  const left = Math.max(0, row.currentPeriodEnd.getTime() - now.getTime());
  return Math.round(((newAmount - row.amountCents) * left) / Math.max(total, 1));
}

function invoiceSummary(row: typeof testProviderInvoices.$inferSelect): InvoiceSummary {
  return {
    id: row.id,
    amountCents: row.amountCents,
    currency: CURRENCY,
    status: row.status,
    createdAt: row.createdAt,
    periodEnd: row.periodEnd,
  };
}

function checkoutUrl(sessionId: string): string {
  return `/test-checkout?session_id=${encodeURIComponent(sessionId)}`;
}

function successUrlFor(row: CheckoutRow): string {
  return row.successUrl.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(row.id));
}
