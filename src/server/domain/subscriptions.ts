import { and, desc, eq, inArray } from "drizzle-orm";
import {
  CARD_EXPIRED_MESSAGE,
  cancellationStatement,
  cardExpired,
  planChangeSummary,
  type TCancelRequest,
  ZCancelRequestSchema,
  ZPlanChangePreviewSchema,
  ZResumeRequestSchema,
} from "../../shared/billing.ts";
import { BILLING_FREQUENCY, CURRENCY } from "../../shared/membership.ts";
import { chicagoDate } from "../../shared/time.ts";
import { chicagoToday } from "../../shared/calendar.ts";
import { members, subscriptions } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { requireSelfOrAdmin, type Caller } from "./caller.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { cancellationScheduledEmail, subscriptionResumedEmail } from "../mail/billing-emails.ts";
import { paymentProvider, testProvider } from "../payments/index.ts";
import type { Services } from "../services.ts";
import type { SubscriptionSnapshot } from "../payments/provider.ts";
import { applyProviderEvents, liveSubscription, overduePastDue, syncSubscription, type SubscriptionRow } from "./billing-events.ts";
import { findMemberByEmail } from "./members.ts";
import type { MemberRow } from "./sessions.ts";

// A member's subscription: status, cancel, billing portal; the past-due sweep; the test clock.

/** The member whose email it is, when the caller is that member or an admin (DECISIONS.md 6). */
async function memberForEmail(services: Services, auth: Caller, email: string): Promise<MemberRow> {
  const own = requireSelfOrAdmin(auth, email);
  if (own) return own;
  const member = await findMemberByEmail(services.db, email);
  if (!member) throw notFound("No member with this email address.");
  return member;
}

async function latestSubscription(services: Services, memberId: string): Promise<SubscriptionRow | null> {
  return (
    (await liveSubscription(services.db, memberId)) ??
    (
      await services.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.memberId, memberId))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(1)
    )[0] ??
    null
  );
}

/** SPEC.md 3 "Subscription", from our records (which the webhooks keep current). */
export function subscriptionView(member: MemberRow, sub: SubscriptionRow | null) {
  const live = sub && (sub.status === "active" || sub.status === "past_due") ? sub : null;
  if (!live) {
    const awaiting = member.status === "awaiting_payment";
    return {
      membership_level: member.membershipLevel,
      status: awaiting ? ("incomplete" as const) : member.membershipLevel === "Basic" ? ("free" as const) : ("cancelled" as const),
      amount: 0,
      amount_cents: 0,
      currency: CURRENCY,
      billing_frequency: BILLING_FREQUENCY,
      next_billing_date: null as string | null,
      subscription_id: sub?.id ?? null,
      cancel_at_period_end: false,
      cancels_on: null as string | null,
      past_due_since: null as string | null,
    };
  }
  const periodEnd = live.currentPeriodEnd?.toISOString() ?? null;
  return {
    membership_level: live.membershipLevel,
    status: live.status as "active" | "past_due",
    amount: live.amountCents / 100,
    amount_cents: live.amountCents,
    currency: live.currency,
    billing_frequency: live.billingFrequency,
    next_billing_date: live.cancelAtPeriodEnd ? null : periodEnd,
    subscription_id: live.id,
    cancel_at_period_end: live.cancelAtPeriodEnd,
    cancels_on: live.cancelAtPeriodEnd ? periodEnd : null,
    past_due_since: live.pastDueSince?.toISOString() ?? null,
  };
}
export type SubscriptionView = ReturnType<typeof subscriptionView>;

/** GET /api/subscriptions/status/{email} */
export async function getSubscriptionStatus(services: Services, auth: Caller, email: string) {
  const member = await memberForEmail(services, auth, email);
  return { success: true as const, subscription: subscriptionView(member, await latestSubscription(services, member.id)) };
}

/**
 * POST /api/subscriptions/cancel. The member keeps the paid level to the end of the period,
 * then returns to Basic (DECISIONS.md 11); an admin may end it at once.
 */
export async function cancelSubscription(services: Services, auth: Caller, rawInput: TCancelRequest & { immediately?: boolean }) {
  const input = ZCancelRequestSchema.parse(rawInput);
  const member = await memberForEmail(services, auth, input.member_email);
  const immediately = Boolean(rawInput.immediately) && auth.admin !== null;
  const live = await liveSubscription(services.db, member.id);
  if (!live) {
    throw new AppError(
      "CONFLICT",
      member.membershipLevel === "Basic" ? "Basic membership is free: there is no subscription to cancel." : "There is no active subscription to cancel.",
    );
  }
  if (live.cancelAtPeriodEnd && !immediately) {
    throw new AppError("CONFLICT", `This subscription is already cancelled. It ends on ${chicagoDate(live.currentPeriodEnd ?? services.now())}.`);
  }
  const provider = paymentProvider(services);
  const snapshot = immediately
    ? ((await provider.cancelNow(live.providerSubscriptionId)) ?? endedAtProvider(live))
    : await provider.cancelAtPeriodEnd(live.providerSubscriptionId);
  const updated = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(members).where(eq(members.id, member.id)).for("update");
    const row = await syncSubscription(tx, services, locked!, snapshot);
    await tx.update(subscriptions).set({ cancelReason: input.reason }).where(eq(subscriptions.id, row.id));
    if (!immediately) {
      await enqueueEmail(tx, {
        to: member.email,
        memberId: member.id,
        ...cancellationScheduledEmail(services.config, { firstName: member.firstName, level: row.membershipLevel, periodEnd: row.currentPeriodEnd }),
      });
    }
    return { row, member: locked! };
  });
  await applyProviderEvents(services);
  const detail = immediately
    ? "Subscription cancelled successfully! The account has been downgraded to Basic membership."
    : `Subscription cancelled successfully! ${cancellationStatement(updated.row.membershipLevel, updated.row.currentPeriodEnd)}`;
  return { success: true as const, detail, subscription: subscriptionView(updated.member, updated.row) };
}

/**
 * POST /api/subscriptions/resume: a member who cancelled keeps the subscription after all, while
 * the paid period lasts (afterwards it has ended and a new checkout is needed).
 */
export async function resumeSubscription(services: Services, auth: Caller, rawInput: { member_email: string }) {
  const input = ZResumeRequestSchema.parse(rawInput);
  const member = await memberForEmail(services, auth, input.member_email);
  const live = await liveSubscription(services.db, member.id);
  if (!live) throw new AppError("CONFLICT", "There is no subscription to resume: it has ended. Upgrade again from your portal.");
  if (!live.cancelAtPeriodEnd) throw new AppError("CONFLICT", "This subscription is not cancelled: there is nothing to resume.");
  const snapshot = await paymentProvider(services).resume(live.providerSubscriptionId);
  const updated = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(members).where(eq(members.id, member.id)).for("update");
    const row = await syncSubscription(tx, services, locked!, snapshot);
    await tx.update(subscriptions).set({ cancelReason: null }).where(eq(subscriptions.id, row.id));
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...subscriptionResumedEmail(services.config, { firstName: member.firstName, level: row.membershipLevel, nextBillingDate: row.currentPeriodEnd }),
    });
    return { row, member: locked! };
  });
  await applyProviderEvents(services);
  const next = updated.row.currentPeriodEnd;
  return {
    success: true as const,
    detail: `Subscription resumed. Your ${updated.row.membershipLevel} membership continues${next ? ` and renews on ${chicagoDate(next)}` : ""}.`,
    subscription: subscriptionView(updated.member, updated.row),
  };
}

/**
 * POST /api/upgrades/preview: what a change between Standard and Premium would cost, from the
 * provider's own proration, before the member confirms it (the change itself is /upgrades/initiate).
 */
export async function previewPlanChange(services: Services, auth: Caller, rawInput: { member_email: string; target_membership_level: string }) {
  const input = ZPlanChangePreviewSchema.parse(rawInput);
  const member = await memberForEmail(services, auth, input.member_email);
  const live = await liveSubscription(services.db, member.id);
  const target = input.target_membership_level;
  if (!live) throw new AppError("CONFLICT", "You have no paid subscription to change. Upgrade from your portal through checkout.");
  if (live.membershipLevel === target) throw new AppError("CONFLICT", `You are already a ${target} member.`);
  if (live.status !== "active") {
    throw new AppError("CONFLICT", "Your last payment failed. Update your card in the billing portal before changing plan.");
  }
  const preview = await paymentProvider(services).previewPlanChange(live.providerSubscriptionId, target);
  return {
    current_level: live.membershipLevel,
    target_level: target,
    current_amount_cents: live.amountCents,
    new_amount_cents: preview.nextAmountCents,
    proration_cents: preview.prorationCents,
    currency: preview.currency,
    next_billing_date: preview.nextBillingDate?.toISOString() ?? null,
    cancels_on: live.cancelAtPeriodEnd ? (live.currentPeriodEnd?.toISOString() ?? null) : null,
    summary: planChangeSummary({ from: live.membershipLevel, to: target, ...preview }),
  };
}

/** GET /api/subscriptions/billing-portal/{email} */
export async function openBillingPortal(services: Services, auth: Caller, email: string) {
  const member = await memberForEmail(services, auth, email);
  const provider = paymentProvider(services);
  const sub = await latestSubscription(services, member.id);
  const customerId =
    sub?.providerCustomerId ??
    (provider.name === "stripe"
      ? member.stripeCustomerId
      : await provider.ensureCustomer({ id: member.id, email: member.email, name: `${member.firstName} ${member.lastName}`, stripeCustomerId: null }));
  if (!customerId) throw new AppError("CONFLICT", "There is no billing account yet: you have not made a card payment.");
  const returnUrl = `${services.config.PUBLIC_URL.replace(/\/+$/, "")}/basic-portal`;
  return { success: true as const, portal_url: await provider.billingPortalUrl(customerId, returnUrl) };
}

/** A subscription the provider no longer has: ended, as we knew it. */
function endedAtProvider(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.providerSubscriptionId,
    customerId: row.providerCustomerId ?? "",
    status: "canceled",
    level: row.membershipLevel,
    amountCents: row.amountCents,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    metadata: {},
  };
}

/**
 * Members whose renewal failed keep access for the grace period; after it the subscription is
 * ended and they return to Basic. Runs in the background and after the test clock moves.
 */
export async function expireOverdueSubscriptions(services: Services, now: Date = services.now()): Promise<number> {
  const provider = paymentProvider(services);
  let ended = 0;
  for (const row of await overduePastDue(services, now)) {
    let snapshot: SubscriptionSnapshot | null;
    try {
      snapshot = await provider.cancelNow(row.providerSubscriptionId);
    } catch (error) {
      // The provider did not answer: the subscription may still be running there, and would go on
      // charging a member we had made Basic. Leave it past due; the next sweep tries again.
      console.error("[billing] could not end an overdue subscription yet:", error instanceof Error ? error.message : error);
      continue;
    }
    await services.db.transaction(async (tx) => {
      const [member] = await tx.select().from(members).where(eq(members.id, row.memberId)).for("update");
      if (!member) return;
      await syncSubscription(tx, services, member, snapshot ?? endedAtProvider(row));
    });
    ended += 1;
  }
  await applyProviderEvents(services);
  return ended;
}

// ---------------------------------------------------------------------------------------------
// The test provider's own screens: its checkout page, its billing portal and the test clock.
// ---------------------------------------------------------------------------------------------

export async function describeTestCheckout(services: Services, sessionId: string) {
  return testProvider(services).describeCheckout(sessionId);
}

/** The test checkout's Pay button: the same events as a Stripe webhook, through the same handler. */
export async function payTestCheckout(services: Services, sessionId: string, cardNumber: string, expiry?: string) {
  // A card whose expiry has passed is refused before the provider is asked, as a card form would.
  if (expiry !== undefined && cardExpired(expiry, chicagoToday(services.now()))) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "expiry"], msg: CARD_EXPIRED_MESSAGE }]);
  }
  const { successUrl } = await testProvider(services).pay(sessionId, cardNumber);
  await applyProviderEvents(services);
  return { success: true as const, redirect_url: successUrl };
}

export async function describeTestBilling(services: Services, portalSession: string) {
  const provider = testProvider(services);
  const { customerId, returnUrl } = await provider.portalCustomer(portalSession);
  const overview = await provider.customerOverview(customerId);
  return {
    return_url: returnUrl,
    subscriptions: overview.subscriptions.map((s) => ({
      id: s.id,
      membership_level: s.level,
      status: s.status,
      amount_cents: s.amountCents,
      currency: s.currency,
      current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
    })),
    invoices: overview.invoices.map((i) => ({
      id: i.id,
      amount_cents: i.amountCents,
      currency: i.currency,
      status: i.status,
      created_at: i.createdAt.toISOString(),
    })),
  };
}

/** Cancelling in the test billing portal arrives as customer.subscription.updated, like Stripe's. */
export async function cancelInTestBilling(services: Services, portalSession: string, subscriptionId: string) {
  const provider = testProvider(services);
  const { customerId } = await provider.portalCustomer(portalSession);
  const sub = await provider.subscriptionOfCustomer(customerId, subscriptionId);
  if (sub.status === "canceled") throw new AppError("CONFLICT", "This subscription has already ended.");
  await provider.cancelAtPeriodEnd(subscriptionId);
  await applyProviderEvents(services);
  return describeTestBilling(services, portalSession);
}

export async function testClockState(services: Services) {
  const provider = testProvider(services);
  const subs = await provider.listSubscriptions();
  const own = subs.length
    ? await services.db
        .select({ providerId: subscriptions.providerSubscriptionId, email: members.email, level: members.membershipLevel })
        .from(subscriptions)
        .innerJoin(members, eq(members.id, subscriptions.memberId))
        .where(and(eq(subscriptions.provider, "test"), inArray(subscriptions.providerSubscriptionId, subs.map((s) => s.id))))
    : [];
  const emails = new Map(own.map((row) => [row.providerId, row.email]));
  return {
    now: (await provider.now()).toISOString(),
    offset_days: Math.round(((await provider.clockOffsetSeconds()) / 86400) * 100) / 100,
    subscriptions: subs.map((s) => ({
      id: s.id,
      member_email: emails.get(s.id) ?? null,
      membership_level: s.level,
      status: s.status,
      current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      fail_renewals: s.failRenewals,
    })),
  };
}

/** Admin only: moves the test clock ahead and lets renewals, failures and period ends happen. */
export async function advanceTestClock(services: Services, days: number) {
  const provider = testProvider(services);
  await provider.advanceClock(Math.round(days * 86400));
  await applyProviderEvents(services);
  await expireOverdueSubscriptions(services, await provider.now());
  return testClockState(services);
}

export async function setTestRenewalFailure(services: Services, subscriptionId: string, fail: boolean) {
  await testProvider(services).setFailRenewals(subscriptionId, fail);
  return testClockState(services);
}
