import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { PAST_DUE_GRACE_DAYS } from "../../shared/billing.ts";
import { isPaidLevel, type MembershipLevel } from "../../shared/membership.ts";
import type { Tx } from "../db/client.ts";
import { applications, members, payments, processedWebhookEvents, subscriptions } from "../db/schema.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { downgradedEmail, paymentReceivedEmail, renewalFailedEmail } from "../mail/billing-emails.ts";
import { paymentProvider } from "../payments/index.ts";
import type { BillingEvent, CheckoutSnapshot, InvoiceEvent, SubscriptionSnapshot } from "../payments/provider.ts";
import type { Services } from "../services.ts";
import type { MemberRow } from "./sessions.ts";

// The one handler of billing events, whether Stripe's webhook or the test provider sent them
// (DECISIONS.md 9, 10). Each event id is applied once; the subscription is read back from the
// provider rather than trusted from the event, so repeats, late and out-of-order events all end
// in the provider's current state.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ApplyOutcome = "applied" | "duplicate" | "ignored" | "unknown_customer";

export async function applyBillingEvent(services: Services, event: BillingEvent): Promise<ApplyOutcome> {
  const provider = paymentProvider(services);
  // Provider reads happen before the transaction: no network call holds database locks.
  let checkout: CheckoutSnapshot | null = null;
  let subscription: SubscriptionSnapshot | null = null;
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.expired") {
    checkout = await provider.getCheckout(event.sessionId);
    if (checkout?.subscriptionId) subscription = await provider.getSubscription(checkout.subscriptionId);
  } else if (event.type !== "ignored" && event.subscriptionId) {
    subscription = await provider.getSubscription(event.subscriptionId);
  }
  const customerMember =
    provider.customerMemberId && (subscription?.customerId ?? checkout?.customerId)
      ? await provider.customerMemberId((subscription?.customerId ?? checkout?.customerId)!)
      : null;

  return services.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.id, type: event.type === "ignored" ? event.originalType : event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return "duplicate";
    if (event.type === "ignored") return "ignored";

    const member = await resolveMember(tx, services, {
      memberId: checkout?.clientReferenceId ?? subscription?.metadata.member_id ?? null,
      subscriptionId: subscription?.id ?? (event.type === "customer.subscription.deleted" ? event.subscriptionId : null),
      customerId: subscription?.customerId ?? checkout?.customerId ?? ("customerId" in event ? event.customerId : null),
      customerMember,
    });
    if (!member) return "unknown_customer";

    switch (event.type) {
      case "checkout.session.completed":
        if (checkout) await completeCheckout(tx, services, member, checkout, subscription);
        break;
      case "checkout.session.expired":
        await tx
          .update(payments)
          .set({ paymentStatus: "expired", updatedAt: services.now() })
          .where(and(eq(payments.sessionId, event.sessionId), eq(payments.paymentStatus, "initiated")));
        break;
      case "invoice.paid":
        await invoicePaid(tx, services, member, event, subscription);
        break;
      case "invoice.payment_failed":
        await invoiceFailed(tx, services, member, event, subscription);
        break;
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        if (subscription) await syncSubscription(tx, services, member, subscription);
        else if (event.type === "customer.subscription.deleted") await endSubscription(tx, services, member, event.subscriptionId);
        break;
    }
    return "applied";
  });
}

/** Applies what the test provider's last calls produced, as its webhooks. */
export async function applyProviderEvents(services: Services): Promise<void> {
  const provider = paymentProvider(services);
  for (;;) {
    const events = provider.takeEvents?.() ?? [];
    if (events.length === 0) return;
    for (const event of events) await applyBillingEvent(services, event);
  }
}

/**
 * The success pages may ask the provider about a checkout when its webhook has not arrived yet
 * (DECISIONS.md 9): the same completion as checkout.session.completed, without an event id.
 */
export async function reconcileCheckout(services: Services, sessionId: string): Promise<void> {
  const provider = paymentProvider(services);
  const checkout = await provider.getCheckout(sessionId);
  if (!checkout?.paid) return;
  const subscription = checkout.subscriptionId ? await provider.getSubscription(checkout.subscriptionId) : null;
  await services.db.transaction(async (tx) => {
    const member = await resolveMember(tx, services, {
      memberId: checkout.clientReferenceId,
      subscriptionId: subscription?.id ?? null,
      customerId: checkout.customerId,
      customerMember: null,
    });
    if (member) await completeCheckout(tx, services, member, checkout, subscription);
  });
}

async function resolveMember(
  tx: Tx,
  services: Services,
  keys: { memberId: string | null; subscriptionId: string | null; customerId: string | null; customerMember: string | null },
): Promise<MemberRow | null> {
  const provider = paymentProvider(services).name;
  const byId = async (id: string | null | undefined) => {
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await tx.select().from(members).where(eq(members.id, id)).for("update");
    return row ?? null;
  };
  const fromMetadata = await byId(keys.memberId);
  if (fromMetadata) return fromMetadata;
  if (keys.subscriptionId) {
    const [own] = await tx
      .select({ memberId: subscriptions.memberId })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, keys.subscriptionId)));
    if (own) return byId(own.memberId);
  }
  if (keys.customerMember) return byId(keys.customerMember);
  if (keys.customerId && provider === "stripe") {
    const [row] = await tx.select().from(members).where(eq(members.stripeCustomerId, keys.customerId)).for("update");
    return row ?? null;
  }
  return null;
}

async function completeCheckout(
  tx: Tx,
  services: Services,
  member: MemberRow,
  checkout: CheckoutSnapshot,
  subscription: SubscriptionSnapshot | null,
) {
  if (!checkout.paid) return;
  const own = subscription ? await syncSubscription(tx, services, member, subscription) : null;
  const [payment] = await tx.select().from(payments).where(eq(payments.sessionId, checkout.sessionId)).for("update");
  if (payment && payment.memberId === member.id && payment.paymentStatus !== "completed") {
    await markPaymentCompleted(tx, services, member, payment, {
      subscriptionId: own?.id ?? null,
      amountCents: checkout.amountCents ?? payment.amountCents,
      currency: checkout.currency,
      nextBillingDate: subscription?.currentPeriodEnd ?? null,
    });
  } else if (payment && own && !payment.subscriptionId) {
    await tx.update(payments).set({ subscriptionId: own.id, updatedAt: services.now() }).where(eq(payments.id, payment.id));
  }
}

async function markPaymentCompleted(
  tx: Tx,
  services: Services,
  member: MemberRow,
  payment: PaymentRow,
  facts: { subscriptionId: string | null; amountCents: number; currency: string; nextBillingDate: Date | null; invoiceId?: string },
) {
  const now = services.now();
  await tx
    .update(payments)
    .set({
      paymentStatus: "completed",
      completedAt: now,
      amountCents: facts.amountCents,
      currency: facts.currency,
      subscriptionId: facts.subscriptionId ?? payment.subscriptionId,
      providerInvoiceId: payment.providerInvoiceId ?? facts.invoiceId ?? null,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  if (payment.kind === "initial" && payment.applicationId) {
    // The application was signed and waited for this payment: it is now an active membership.
    await tx
      .update(applications)
      .set({ status: "active", updatedAt: now })
      .where(and(eq(applications.id, payment.applicationId), eq(applications.status, "awaiting_payment")));
  }
  if (payment.kind === "initial" || payment.kind === "upgrade") {
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...paymentReceivedEmail(services.config, {
        firstName: member.firstName,
        level: payment.membershipLevel,
        amountCents: facts.amountCents,
        currency: facts.currency,
        nextBillingDate: facts.nextBillingDate,
        upgrade: payment.kind === "upgrade",
      }),
    });
  }
}

async function invoicePaid(
  tx: Tx,
  services: Services,
  member: MemberRow,
  event: InvoiceEvent,
  subscription: SubscriptionSnapshot | null,
) {
  const own = subscription ? await syncSubscription(tx, services, member, subscription) : null;
  const [known] = await tx.select().from(payments).where(eq(payments.providerInvoiceId, event.invoiceId));
  if (known) {
    if (known.paymentStatus !== "completed") {
      await tx
        .update(payments)
        .set({ paymentStatus: "completed", completedAt: event.occurredAt, failureMessage: null, updatedAt: services.now() })
        .where(eq(payments.id, known.id));
    }
    return;
  }
  if (event.billingReason === "subscription_create") {
    // The checkout's own payment row, found through our id in the subscription metadata: this
    // invoice may arrive before checkout.session.completed.
    const paymentId = subscription?.metadata.payment_id;
    const [payment] = paymentId && /^[0-9a-f-]{36}$/i.test(paymentId)
      ? await tx.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.memberId, member.id))).for("update")
      : [];
    if (payment) {
      if (payment.paymentStatus === "completed") {
        if (!payment.providerInvoiceId) await tx.update(payments).set({ providerInvoiceId: event.invoiceId }).where(eq(payments.id, payment.id));
      } else {
        await markPaymentCompleted(tx, services, member, payment, {
          subscriptionId: own?.id ?? null,
          amountCents: event.amountCents,
          currency: event.currency,
          nextBillingDate: subscription?.currentPeriodEnd ?? null,
          invoiceId: event.invoiceId,
        });
      }
      return;
    }
  }
  if (event.billingReason === "subscription_update") {
    // The prorated charge of a plan change started here: attach it to that change's record.
    const [change] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, member.id), eq(payments.kind, "plan_change"), isNull(payments.providerInvoiceId)))
      .orderBy(desc(payments.createdAt))
      .limit(1)
      .for("update");
    if (change) {
      await tx
        .update(payments)
        .set({ providerInvoiceId: event.invoiceId, amountCents: event.amountCents, currency: event.currency, updatedAt: services.now() })
        .where(eq(payments.id, change.id));
      return;
    }
  }
  const level = own?.membershipLevel ?? subscription?.level ?? member.membershipLevel;
  await tx
    .insert(payments)
    .values({
      memberId: member.id,
      subscriptionId: own?.id ?? null,
      provider: paymentProvider(services).name,
      kind: event.billingReason === "subscription_update" ? "plan_change" : "renewal",
      membershipLevel: level,
      amountCents: event.amountCents,
      currency: event.currency,
      paymentStatus: "completed",
      providerInvoiceId: event.invoiceId,
      completedAt: event.occurredAt,
    })
    .onConflictDoNothing();
}

async function invoiceFailed(
  tx: Tx,
  services: Services,
  member: MemberRow,
  event: InvoiceEvent,
  subscription: SubscriptionSnapshot | null,
) {
  const own = subscription ? await syncSubscription(tx, services, member, subscription, event.occurredAt) : null;
  const [inserted] = await tx
    .insert(payments)
    .values({
      memberId: member.id,
      subscriptionId: own?.id ?? null,
      provider: paymentProvider(services).name,
      kind: "renewal",
      membershipLevel: own?.membershipLevel ?? member.membershipLevel,
      amountCents: event.amountCents,
      currency: event.currency,
      paymentStatus: "failed",
      providerInvoiceId: event.invoiceId,
      failureMessage: event.failureMessage ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // One email per failed invoice, however often Stripe retries the event.
  if (inserted && own && own.status === "past_due") {
    const since = own.pastDueSince ?? event.occurredAt;
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...renewalFailedEmail(services.config, {
        firstName: member.firstName,
        level: own.membershipLevel,
        amountCents: event.amountCents,
        currency: event.currency,
        accessUntil: new Date(since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS),
      }),
    });
  }
}

const OUR_STATUS: Record<SubscriptionSnapshot["status"], SubscriptionRow["status"]> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  paused: "past_due",
  incomplete: "incomplete",
  incomplete_expired: "cancelled",
  canceled: "cancelled",
};

/**
 * Makes our subscription row and the member's level match the provider's subscription.
 * Idempotent: applying the same snapshot twice changes nothing.
 */
export async function syncSubscription(
  tx: Tx,
  services: Services,
  member: MemberRow,
  snapshot: SubscriptionSnapshot,
  occurredAt: Date = services.now(),
): Promise<SubscriptionRow> {
  const now = services.now();
  const provider = paymentProvider(services).name;
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, snapshot.id)))
    .for("update");
  const status = OUR_STATUS[snapshot.status] ?? "incomplete";
  const level = snapshot.level && isPaidLevel(snapshot.level) ? snapshot.level : (existing?.membershipLevel ?? member.membershipLevel);
  const values = {
    membershipLevel: level,
    status,
    amountCents: snapshot.amountCents,
    currency: snapshot.currency,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: status === "cancelled" ? false : snapshot.cancelAtPeriodEnd,
    providerCustomerId: snapshot.customerId,
    pastDueSince: status === "past_due" ? (existing?.pastDueSince ?? occurredAt) : null,
    cancelledAt: status === "cancelled" ? (existing?.cancelledAt ?? now) : null,
    updatedAt: now,
  };
  const [row] = existing
    ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning()
    : await tx
        .insert(subscriptions)
        .values({ ...values, memberId: member.id, provider, providerSubscriptionId: snapshot.id, createdAt: now })
        .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: values })
        .returning();
  await settleMemberLevel(tx, services, member, existing?.status === "cancelled" ? null : (existing ?? null), row!);
  return row!;
}

/** A subscription the provider no longer knows: treat it as ended. */
async function endSubscription(tx: Tx, services: Services, member: MemberRow, providerSubscriptionId: string) {
  const provider = paymentProvider(services).name;
  const [row] = await tx
    .update(subscriptions)
    .set({ status: "cancelled", cancelAtPeriodEnd: false, cancelledAt: services.now(), updatedAt: services.now() })
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .returning();
  if (row) await settleMemberLevel(tx, services, member, row, row);
}

/**
 * The member's level follows their live subscription: active or past_due keeps the paid level;
 * when none is left the member returns to Basic (DECISIONS.md 11).
 */
async function settleMemberLevel(tx: Tx, services: Services, member: MemberRow, before: SubscriptionRow | null, after: SubscriptionRow) {
  const now = services.now();
  const live = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, member.id), inArray(subscriptions.status, ["active", "past_due"])))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  const current = live[0];
  if (current) {
    const status = current.status === "past_due" ? "past_due" : "active";
    if (member.membershipLevel !== current.membershipLevel || member.status !== status) {
      await tx.update(members).set({ membershipLevel: current.membershipLevel, status, updatedAt: now }).where(eq(members.id, member.id));
      member.membershipLevel = current.membershipLevel;
      member.status = status;
    }
    return;
  }
  if (after.status !== "cancelled") return;
  // Only a member who had this paid level goes back to Basic (not one still awaiting a first payment).
  if (member.membershipLevel !== "Basic" && member.status !== "awaiting_payment") {
    const from: MembershipLevel = member.membershipLevel;
    await tx.update(members).set({ membershipLevel: "Basic", status: "active", updatedAt: now }).where(eq(members.id, member.id));
    member.membershipLevel = "Basic";
    member.status = "active";
    await enqueueEmail(tx, {
      to: member.email,
      memberId: member.id,
      ...downgradedEmail(services.config, { firstName: member.firstName, from, reason: before?.status === "past_due" ? "unpaid" : "cancelled" }),
    });
  }
}

/** Live (active or past_due) subscription of a member, if any. */
export async function liveSubscription(tx: Tx | Services["db"], memberId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), inArray(subscriptions.status, ["active", "past_due"])))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return row ?? null;
}

/** Used by the past-due sweep: subscriptions whose grace period has run out. */
export async function overduePastDue(services: Services, now: Date) {
  const cutoff = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS);
  const rows = await services.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "past_due"), ne(subscriptions.provider, paymentProvider(services).name === "stripe" ? "test" : "stripe")));
  return rows.filter((row) => row.pastDueSince && row.pastDueSince <= cutoff);
}
