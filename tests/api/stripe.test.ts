import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { emailOutbox, members, payments, processedWebhookEvents, subscriptions } from "../../src/server/db/schema.ts";
import { STRIPE_API_VERSION } from "../../src/server/payments/stripe-provider.ts";
import { applyAndSign, signInAsAdmin } from "../support/fixtures.ts";
import { expireOverdueSubscriptions } from "../../src/server/domain/subscriptions.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";

// The Stripe implementation against a local stand-in of Stripe's API, and the webhook endpoint.

const WEBHOOK_SECRET = "whsec_test_secret_for_the_stand_in";
let stripe: StripeStandIn;
let t: TestApp;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  stripe = startStripeStandIn();
  // A short client timeout, so an answer later than it can be injected.
  t = await createTestApp({ STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, STRIPE_TIMEOUT_MS: "1000" });
}, 120_000);
afterAll(async () => {
  await t.close();
  stripe.stop();
}, 120_000);

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${Date.now()}_${++eventCounter}`) {
  return JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), api_version: STRIPE_API_VERSION, data: { object } });
}

async function deliver(payload: string, options: { timestamp?: number; secret?: string; signedPayload?: string } = {}) {
  const header = await signer.webhooks.generateTestHeaderStringAsync({
    payload: options.signedPayload ?? payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  // Stripe sends no Origin and no cookies.
  return t.app.request("/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json" } });
}

async function memberRow(email: string) {
  const [row] = await t.services.db.select().from(members).where(eq(members.email, email));
  return row!;
}

/** A Standard applicant who started Stripe Checkout. */
async function checkoutStarted(level: "Standard" | "Premium" = "Standard") {
  const client = t.client();
  const signed = await applyAndSign(client, level);
  const res = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  expect(res.status).toBe(200);
  const session = [...stripe.sessions.values()].find((s) => s.url === res.body.checkout_url)!;
  return { client, email: signed.email, applicationId: signed.applicationId, session, member: await memberRow(signed.email) };
}

function invoiceObject(sub: Record<string, any>, overrides: Record<string, unknown> = {}) {
  return {
    id: `in_${++eventCounter}`,
    object: "invoice",
    customer: sub.customer,
    amount_paid: sub.items.data[0].price.unit_amount,
    amount_due: sub.items.data[0].price.unit_amount,
    currency: "usd",
    billing_reason: "subscription_create",
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    ...overrides,
  };
}

async function emails(memberId: string, template: string) {
  return t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.template, template)));
}

describe("Stripe Checkout", () => {
  test("sends subscription mode, the looked-up price, our ids, return URLs and an idempotency key", async () => {
    const { session, member, client, applicationId } = await checkoutStarted("Standard");
    const [call] = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params.client_reference_id === member.id);
    expect(call!.params.mode).toBe("subscription");
    const price = [...stripe.prices.values()].find((p) => p.lookup_key === "membership_standard_monthly")!;
    expect(price.unit_amount).toBe(5000);
    expect(price.recurring.interval).toBe("month");
    expect(call!.params["line_items[0][price]"]).toBe(price.id);
    expect(call!.params["line_items[0][quantity]"]).toBe("1");
    expect(call!.params.customer).toStartWith("cus_");
    expect(call!.params["metadata[member_id]"]).toBe(member.id);
    expect(call!.params["metadata[application_id]"]).toBe(applicationId);
    expect(call!.params["subscription_data[metadata][member_id]"]).toBe(member.id);
    const paymentId = call!.params["metadata[payment_id]"]!;
    expect(call!.params["subscription_data[metadata][payment_id]"]).toBe(paymentId);
    expect(call!.params.success_url).toEndWith("/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(call!.params.cancel_url).toEndWith("/payment-cancelled");
    expect(call!.headers["idempotency-key"]).toBe(`checkout-${paymentId}`);
    expect(call!.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(call!.headers.authorization).toBe("Bearer sk_test_stand_in");
    expect(session.id).toStartWith("cs_test_");
    expect((await memberRow(member.email)).stripeCustomerId).toBe(call!.params.customer!);

    // A second checkout reuses the same customer; no second customer is created.
    const customersBefore = stripe.calls("POST", "/v1/customers").length;
    const again = await client.post(`/api/membership/initiate-payment/${applicationId}`, {});
    expect(again.status).toBe(200);
    expect(stripe.calls("POST", "/v1/customers").length).toBe(customersBefore);
    const calls = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params.client_reference_id === member.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.params.customer).toBe(call!.params.customer);
    expect(calls[1]!.headers["idempotency-key"]).not.toBe(call!.headers["idempotency-key"]);
    // The price is looked up once and then cached.
    expect(stripe.calls("POST", "/v1/prices")).toHaveLength(1);
  });

  test("the success page's status call asks Stripe when the webhook has not arrived yet", async () => {
    const { session, client, email } = await checkoutStarted("Premium");
    expect((await client.get(`/api/payments/status/${session.id}`)).body.status).toBe("initiated");
    stripe.completeCheckout(session.id);
    const status = await client.get(`/api/payments/status/${session.id}`);
    expect(status.body).toMatchObject({ status: "completed", amount: 100, currency: "usd", session_id: session.id });
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Premium", status: "active" });
  });
});

describe("the webhook", () => {
  test("the same event delivered several times at once is applied once", async () => {
    const { session, member } = await checkoutStarted();
    stripe.completeCheckout(session.id);
    const payload = event("checkout.session.completed", { id: session.id, object: "checkout.session" });
    // On PostgreSQL these run on separate pool connections, as deliveries to two servers would.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(4);
    expect(await t.services.db.select().from(payments).where(eq(payments.memberId, member.id))).toHaveLength(1);
    expect(await emails(member.id, "payment_received")).toHaveLength(1);
    const id = (JSON.parse(payload) as { id: string }).id;
    expect(await t.services.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id))).toHaveLength(1);
  });

  test("a valid checkout.session.completed activates the member; the same event twice changes nothing", async () => {
    const { session, member } = await checkoutStarted();
    stripe.completeCheckout(session.id);
    const payload = event("checkout.session.completed", { id: session.id, object: "checkout.session" });
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    const [payment] = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(payment).toMatchObject({ paymentStatus: "completed", amountCents: 5000, provider: "stripe" });
    expect(await emails(member.id, "payment_received")).toHaveLength(1);

    const second = await deliver(payload);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await t.services.db.select().from(payments).where(eq(payments.memberId, member.id))).toHaveLength(1);
    expect(await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id))).toHaveLength(1);
    expect(await emails(member.id, "payment_received")).toHaveLength(1);
  });

  test("the processed mark is written in the very transaction that applies the event", async () => {
    const { session, member } = await checkoutStarted();
    stripe.completeCheckout(session.id);
    const payload = event("checkout.session.completed", { id: session.id, object: "checkout.session" });
    // Each write records the transaction it ran in: the mark and the payment must share one.
    await t.services.db.execute(sql`create table webhook_txids (what text not null, txid bigint not null)`);
    await t.services.db.execute(sql`create function note_webhook_txid() returns trigger language plpgsql as $$
      begin insert into webhook_txids values (tg_table_name, txid_current()); return new; end $$`);
    await t.services.db.execute(sql`create trigger note_mark after insert on processed_webhook_events for each row execute function note_webhook_txid()`);
    await t.services.db.execute(sql`create trigger note_payment after insert or update on payments for each row execute function note_webhook_txid()`);
    try {
      const applied = await deliver(payload);
      expect(await applied.json()).toEqual({ received: true, outcome: "applied" });
      const rows = (await t.services.db.execute(sql`select what, txid from webhook_txids`)) as unknown as { rows?: { what: string; txid: string }[] } & { what: string; txid: string }[];
      const noted = (rows.rows ?? rows) as { what: string; txid: string }[];
      const mark = noted.filter((r) => r.what === "processed_webhook_events");
      const payment = noted.filter((r) => r.what === "payments");
      expect(mark).toHaveLength(1);
      expect(payment.length).toBeGreaterThan(0);
      expect(new Set(payment.map((r) => String(r.txid)))).toEqual(new Set([String(mark[0]!.txid)]));
    } finally {
      await t.services.db.execute(sql`drop trigger note_mark on processed_webhook_events`);
      await t.services.db.execute(sql`drop trigger note_payment on payments`);
      await t.services.db.execute(sql`drop function note_webhook_txid()`);
      await t.services.db.execute(sql`drop table webhook_txids`);
    }
    expect(await t.services.db.select().from(payments).where(and(eq(payments.memberId, member.id), eq(payments.paymentStatus, "completed")))).toHaveLength(1);
  }, 20_000);

  test("a delivery that fails while it is applied is not marked processed: Stripe's retry applies it", async () => {
    const { session, member } = await checkoutStarted();
    stripe.completeCheckout(session.id);
    const payload = event("checkout.session.completed", { id: session.id, object: "checkout.session" });
    // The database refuses the payment's email for a moment, as a lost connection or a full disk would.
    await t.services.db.execute(sql`create function refuse_payment_mail() returns trigger language plpgsql as $$
      begin if new.template = 'payment_received' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.services.db.execute(sql`create trigger refuse_payment_mail before insert on email_outbox for each row execute function refuse_payment_mail()`);
    try {
      const failed = await deliver(payload);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.services.db.execute(sql`drop trigger refuse_payment_mail on email_outbox`);
      await t.services.db.execute(sql`drop function refuse_payment_mail()`);
    }
    const id = (JSON.parse(payload) as { id: string }).id;
    expect(await t.services.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id))).toHaveLength(0);
    expect(await memberRow(member.email)).toMatchObject({ status: "awaiting_payment" });
    expect(await t.services.db.select().from(payments).where(and(eq(payments.memberId, member.id), eq(payments.paymentStatus, "completed")))).toHaveLength(0);

    const retry = await deliver(payload);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, outcome: "applied" });
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    expect(await emails(member.id, "payment_received")).toHaveLength(1);
  }, 20_000);

  test("tampered, forged, stale and unsigned deliveries answer 400 and change nothing", async () => {
    const { session, member } = await checkoutStarted();
    stripe.completeCheckout(session.id);
    const payload = event("checkout.session.completed", { id: session.id, object: "checkout.session" });
    const tampered = await deliver(payload, { signedPayload: payload.replace(session.id, "cs_test_other") });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).detail).toBe("Invalid webhook signature.");
    expect((await deliver(payload, { secret: "whsec_not_ours" })).status).toBe(400);
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 })).status).toBe(400);
    const unsigned = await t.app.request("/api/stripe/webhook", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    expect(await memberRow(member.email)).toMatchObject({ status: "awaiting_payment" });
    expect(await t.services.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, JSON.parse(payload).id))).toHaveLength(0);
  });

  test("invoice.paid before checkout.session.completed ends in the same right state", async () => {
    const { session, member } = await checkoutStarted("Premium");
    const sub = stripe.completeCheckout(session.id);
    const invoice = invoiceObject(sub);
    expect((await deliver(event("invoice.paid", invoice))).status).toBe(200);
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Premium", status: "active" });
    let rows = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: "completed", providerInvoiceId: invoice.id, sessionId: session.id });

    expect((await deliver(event("checkout.session.completed", { id: session.id, object: "checkout.session" }))).status).toBe(200);
    rows = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: "completed", providerInvoiceId: invoice.id });
    expect(await emails(member.id, "payment_received")).toHaveLength(1);
  });

  test("the subscription is re-read: a late, stale update cannot undo a cancellation", async () => {
    const { session, member } = await checkoutStarted();
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    sub.status = "canceled";
    await deliver(event("customer.subscription.deleted", { ...sub }));
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    // An older "active" update arriving late: Stripe says canceled, so it stays Basic.
    const late = await deliver(event("customer.subscription.updated", { ...sub, status: "active" }));
    expect(late.status).toBe(200);
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Basic" });
    const [own] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(own!.status).toBe("cancelled");
  });

  test("subscription.deleted for a subscription Stripe no longer returns still ends the member's own", async () => {
    const { session, member } = await checkoutStarted();
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    // Gone from Stripe (a test-mode clean-up, a deleted customer): retrieving it answers 404.
    stripe.subscriptions.delete(sub.id as string);
    const res = await deliver(event("customer.subscription.deleted", { ...sub, status: "canceled" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    const [own] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(own!.status).toBe("cancelled");
  });

  test("a renewal failure marks past_due and emails once; invoice.paid later restores active", async () => {
    const { session, member } = await checkoutStarted();
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    sub.status = "past_due";
    const failed = invoiceObject(sub, { billing_reason: "subscription_cycle", amount_paid: 0 });
    const failedEvent = event("invoice.payment_failed", failed);
    await deliver(failedEvent);
    await deliver(event("invoice.payment_failed", failed)); // Stripe retries the same invoice: a new event id
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "past_due" });
    expect(await emails(member.id, "renewal_failed")).toHaveLength(1);

    sub.status = "active";
    await deliver(event("invoice.paid", { ...failed, amount_paid: 5000 }));
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    const rows = await t.services.db.select().from(payments).where(eq(payments.providerInvoiceId, failed.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.paymentStatus).toBe("completed");
  });

  test("a subscription without our member id (made in Stripe's dashboard) is the member's whose customer it bills", async () => {
    const { session, member } = await checkoutStarted();
    const sub = stripe.completeCheckout(session.id);
    sub.metadata = {};
    const res = await deliver(event("customer.subscription.updated", { ...sub }));
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    const [own] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(own!.providerSubscriptionId).toBe(sub.id);
  });

  test("an update for a subscription Stripe no longer returns changes nothing: only its deletion ends it", async () => {
    const { session, member } = await checkoutStarted();
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    stripe.subscriptions.delete(sub.id as string);
    const res = await deliver(event("customer.subscription.updated", { ...sub, status: "canceled" }));
    expect(res.status).toBe(200);
    expect(await memberRow(member.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    const [own] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(own!.status).toBe("active");
  });

  test("a checkout event for a session Stripe does not know answers 200 and changes nothing", async () => {
    const before = await t.services.db.select().from(payments);
    for (const type of ["checkout.session.completed", "checkout.session.expired"]) {
      const res = await deliver(event(type, { id: "cs_unknown_to_stripe", object: "checkout.session" }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, outcome: "unknown_customer" });
    }
    const after = await t.services.db.select().from(payments);
    expect(after.map((p) => [p.id, p.paymentStatus])).toEqual(before.map((p) => [p.id, p.paymentStatus]));
  });

  test("subscription.deleted for an unknown customer answers 200 and changes nothing", async () => {
    const before = await t.services.db.select().from(members);
    const res = await deliver(event("customer.subscription.deleted", { id: "sub_unknown", object: "subscription", customer: "cus_unknown", status: "canceled" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "unknown_customer" });
    const after = await t.services.db.select().from(members);
    expect(after.map((m) => [m.id, m.membershipLevel, m.status])).toEqual(before.map((m) => [m.id, m.membershipLevel, m.status]));
  });

  test("an unknown event type answers 200 and is ignored; checkout.session.expired expires the payment", async () => {
    const ignoredId = `evt_ignored_${Date.now()}`;
    const subscriptionReads = () => stripe.calls("GET", "/v1/subscriptions").length;
    const readsBefore = subscriptionReads();
    const res = await deliver(event("customer.created", { id: "cus_x" }, ignoredId));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
    // Recorded under the type Stripe sent, so a repeat is known for what it was.
    const [seen] = await t.services.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, ignoredId));
    expect(seen!.type).toBe("customer.created");
    // An event we do not handle asks Stripe nothing.
    expect(subscriptionReads()).toBe(readsBefore);
    const { session, member } = await checkoutStarted();
    session.status = "expired";
    const readsBeforeExpiry = subscriptionReads();
    await deliver(event("checkout.session.expired", { id: session.id }));
    // An expired checkout has no subscription to read.
    expect(subscriptionReads()).toBe(readsBeforeExpiry);
    const [payment] = await t.services.db.select().from(payments).where(eq(payments.sessionId, session.id));
    expect(payment!.paymentStatus).toBe("expired");
    expect((await memberRow(member.email)).status).toBe("awaiting_payment");
  });
});

describe("plan changes, cancellation and the billing portal on Stripe", () => {
  async function activeMember(): Promise<{ client: ApiClient; email: string; sub: Record<string, any>; memberId: string }> {
    const { client, session, email, member } = await checkoutStarted("Standard");
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    return { client, email, sub, memberId: member.id };
  }

  test("Standard to Premium swaps the subscription item's price with proration", async () => {
    const { client, email, sub } = await activeMember();
    const res = await client.post("/api/upgrades/initiate", { current_membership_level: "Basic", target_membership_level: "Premium", billing_frequency: "monthly", member_email: email });
    expect(res.status).toBe(200);
    const [call] = stripe.calls("POST", `/v1/subscriptions/${sub.id}`);
    const premium = [...stripe.prices.values()].find((p) => p.lookup_key === "membership_premium_monthly")!;
    expect(call!.params["items[0][id]"]).toBe(sub.items.data[0].id);
    expect(call!.params["items[0][price]"]).toBe(premium.id);
    expect(call!.params.proration_behavior).toBe("always_invoice");
    expect(call!.headers["idempotency-key"]).toStartWith("plan-change-");
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Premium", status: "active" });
    const done = await client.post(`/api/upgrades/complete/${new URL(res.body.checkout_url).searchParams.get("session_id")}`);
    expect(done.body).toMatchObject({ success: true, new_membership_level: "Premium" });
  });

  test("the plan change is priced with Stripe's invoice preview before anything changes", async () => {
    const { client, email, sub } = await activeMember();
    const before = stripe.calls("POST", `/v1/subscriptions/${sub.id}`).length;
    const res = await client.post("/api/upgrades/preview", { member_email: email, target_membership_level: "Premium" });
    expect(res.status).toBe(200);
    const [call] = stripe.calls("POST", "/v1/invoices/create_preview").slice(-1);
    const premium = [...stripe.prices.values()].find((p) => p.lookup_key === "membership_premium_monthly")!;
    // The preview is the change changePlan would make: same subscription item, new price, always_invoice.
    expect(call!.params.subscription).toBe(sub.id);
    expect(call!.params.customer).toBe(sub.customer);
    expect(call!.params["subscription_details[items][0][id]"]).toBe(sub.items.data[0].id);
    expect(call!.params["subscription_details[items][0][price]"]).toBe(premium.id);
    expect(call!.params["subscription_details[proration_behavior]"]).toBe("always_invoice");
    expect(Number(call!.params["subscription_details[proration_date]"])).toBeGreaterThan(0);
    // Nearly a whole month is left: about $50 more now, then $100 a month.
    expect(res.body.proration_cents).toBeGreaterThan(4900);
    expect(res.body.proration_cents).toBeLessThanOrEqual(5000);
    expect(res.body).toMatchObject({ current_level: "Standard", target_level: "Premium", new_amount_cents: 10000, currency: "usd" });
    expect(res.body.next_billing_date).toBe(new Date(sub.items.data[0].current_period_end * 1000).toISOString());
    expect(res.body.summary).toContain("is charged to your card now");
    // Previewing changed nothing.
    expect(stripe.calls("POST", `/v1/subscriptions/${sub.id}`)).toHaveLength(before);
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard" });

    // Premium to Standard is previewed as a credit.
    await client.post("/api/upgrades/initiate", { target_membership_level: "Premium", member_email: email });
    const down = await client.post("/api/upgrades/preview", { member_email: email, target_membership_level: "Standard" });
    expect(down.body.proration_cents).toBeLessThan(0);
    expect(down.body.summary).toContain("is credited toward your next bills");
  });

  test("a cancelled subscription is resumed with cancel_at_period_end false until its period ends", async () => {
    const { client, email, sub, memberId } = await activeMember();
    expect((await client.post("/api/subscriptions/resume", { member_email: email })).status).toBe(409);
    await client.post("/api/subscriptions/cancel", { member_email: email });
    const res = await client.post("/api/subscriptions/resume", { member_email: email });
    expect(res.status).toBe(200);
    const [call] = stripe.calls("POST", `/v1/subscriptions/${sub.id}`).slice(-1);
    expect(call!.params.cancel_at_period_end).toBe("false");
    expect(res.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: false, cancels_on: null });
    expect(res.body.detail).toContain("Subscription resumed.");
    expect(await emails(memberId, "subscription_resumed")).toHaveLength(1);
    const [row] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row!.cancelAtPeriodEnd).toBe(false);
  });

  test("cancel sets cancel_at_period_end; the billing portal opens for the member's customer", async () => {
    const { client, email, sub } = await activeMember();
    const res = await client.post("/api/subscriptions/cancel", { member_email: email, reason: "Moving out of state" });
    expect(res.status).toBe(200);
    const [call] = stripe.calls("POST", `/v1/subscriptions/${sub.id}`);
    expect(call!.params.cancel_at_period_end).toBe("true");
    expect(res.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard" });

    const portal = await client.get(`/api/subscriptions/billing-portal/${encodeURIComponent(email)}`);
    expect(portal.status).toBe(200);
    expect(portal.body.portal_url).toStartWith("https://billing.stripe.test/");
    const [portalCall] = stripe.calls("POST", "/v1/billing_portal/sessions").slice(-1);
    expect(portalCall!.params.customer).toBe(sub.customer);
    expect(portalCall!.params.return_url).toEndWith("/basic-portal");
  });

  test("a Basic member's upgrade goes through Checkout with the upgrade return URLs", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Basic");
    const res = await client.post("/api/upgrades/initiate", { target_membership_level: "Standard", member_email: signed.email });
    expect(res.status).toBe(200);
    const call = stripe.calls("POST", "/v1/checkout/sessions").at(-1)!;
    expect(call.params.success_url).toEndWith("/upgrade-success?session_id={CHECKOUT_SESSION_ID}");
    expect(call.params.cancel_url).toEndWith("/upgrade-cancelled");
    expect(call.params["metadata[kind]"]).toBe("upgrade");
  });
});

describe("what Stripe checks, and failures the code survives", () => {
  async function activeMember() {
    const { client, session, email, member } = await checkoutStarted("Standard");
    const sub = stripe.completeCheckout(session.id);
    await deliver(event("checkout.session.completed", { id: session.id }));
    return { client, email, sub, member };
  }
  const sdk = () => {
    const base = new URL(stripe.url);
    return new Stripe("sk_test_stand_in", { apiVersion: STRIPE_API_VERSION, host: base.hostname, port: base.port, protocol: "http", maxNetworkRetries: 0 });
  };

  test("every request carries our key and the pinned API version; another key or version is refused as Stripe refuses it", async () => {
    await activeMember();
    expect(stripe.requests.length).toBeGreaterThan(3);
    for (const request of stripe.requests) {
      expect(request.headers.authorization).toBe("Bearer sk_test_stand_in");
      expect(request.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    }
    const post = (headers: Record<string, string>) => fetch(`${stripe.url}/v1/customers`, { method: "POST", headers: { "idempotency-key": `k-${Date.now()}`, ...headers } });
    const wrongKey = await post({ authorization: "Bearer sk_test_someone_else", "stripe-version": STRIPE_API_VERSION });
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    const wrongVersion = await post({ authorization: "Bearer sk_test_stand_in", "stripe-version": "2020-08-27" });
    expect(wrongVersion.status).toBe(400);
  });

  test("a key replayed with the same parameters gets the first answer, with others Stripe's idempotency error; creates need our own key", async () => {
    const key = `replay-${Date.now()}`;
    const first = await sdk().customers.create({ email: "first@members.example.org" }, { idempotencyKey: key });
    const again = await sdk().customers.create({ email: "first@members.example.org" }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    await expect(sdk().customers.create({ email: "other@members.example.org" }, { idempotencyKey: key })).rejects.toMatchObject({ type: "StripeIdempotencyError" });
    await expect(sdk().customers.create({ email: "nokey@members.example.org" })).rejects.toMatchObject({ type: "StripeInvalidRequestError" });
  });

  test("two checkouts started at once by a new member make one Stripe customer", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    const answers = await Promise.all([1, 2].map(() => client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {})));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const member = await memberRow(signed.email);
    const theirs = [...stripe.customers.values()].filter((c) => c.metadata.member_id === member.id);
    expect(theirs.map((c) => c.id)).toEqual([member.stripeCustomerId]);
  });

  test("prices are looked up active only; a price archived in Stripe's dashboard is replaced and gives its lookup key to the new one", async () => {
    await checkoutStarted("Premium");
    const archived = [...stripe.prices.values()].find((p) => p.lookup_key === "membership_premium_monthly" && p.active)!;
    stripe.archivePrice(archived.id);
    const { session } = await checkoutStarted("Premium");
    const current = [...stripe.prices.values()].find((p) => p.lookup_key === "membership_premium_monthly")!;
    expect(current.id).not.toBe(archived.id);
    expect(current).toMatchObject({ active: true, unit_amount: 10000 });
    expect(archived.lookup_key).toBeNull();
    expect(session.price).toBe(current.id);
    expect(stripe.calls("POST", "/v1/prices").at(-1)!.params.transfer_lookup_key).toBe("true");
    expect(stripe.calls("GET", "/v1/prices").every((c) => c.params.active === "true")).toBe(true);
  });

  test("a customer deleted in Stripe's dashboard is replaced on the member's next checkout", async () => {
    const { client, member, applicationId } = await checkoutStarted("Standard");
    const gone = member.stripeCustomerId!;
    stripe.customers.delete(gone);
    const again = await client.post(`/api/membership/initiate-payment/${applicationId}`, {});
    expect(again.status).toBe(200);
    const row = await memberRow(member.email);
    expect(row.stripeCustomerId).not.toBe(gone);
    expect(stripe.customers.get(row.stripeCustomerId!)?.metadata.member_id).toBe(member.id);
    expect(stripe.calls("POST", "/v1/checkout/sessions").at(-1)!.params.customer).toBe(row.stripeCustomerId!);
  });

  test("a 500 and an answer later than the client waits are retried under the same key and make one customer and one checkout", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    stripe.fail("POST", "/v1/customers", 500);
    stripe.fail("POST", "/v1/checkout/sessions", "slow", { delayMs: 1500 });
    const res = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    expect(res.status).toBe(200);
    const member = await memberRow(signed.email);
    expect([...stripe.customers.values()].filter((c) => c.metadata.member_id === member.id)).toHaveLength(1);
    const attempts = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params.client_reference_id === member.id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === member.id)).toHaveLength(1);
  });

  test("a rate limit answers a clear 503 and leaves the payment marked failed; the next try goes through", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    stripe.fail("POST", "/v1/checkout/sessions", 429);
    const refused = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toBe("The payment service is not responding. Please try again in a moment.");
    const member = await memberRow(signed.email);
    const rows = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(rows.map((r) => r.paymentStatus)).toEqual(["failed"]);
    expect((await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {})).status).toBe(200);
  });

  test("an administrator cancels at once at Stripe; while Stripe fails the member keeps their membership", async () => {
    const { email, sub } = await activeMember();
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    stripe.fail("DELETE", `/v1/subscriptions/${sub.id}`, 500, { times: 3 });
    const failed = await admin.post("/api/subscriptions/cancel", { member_email: email, reason: "Requested by phone", immediately: true });
    expect(failed.status).toBe(503);
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    const done = await admin.post("/api/subscriptions/cancel", { member_email: email, reason: "Requested by phone", immediately: true });
    expect(done.status).toBe(200);
    expect(stripe.calls("DELETE", `/v1/subscriptions/${sub.id}`).length).toBe(4);
    expect(sub.status).toBe("canceled");
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Basic" });
  });

  test("a subscription Stripe no longer has is ended here too: by an administrator at once, and by the past-due sweep", async () => {
    const first = await activeMember();
    stripe.subscriptions.delete(first.sub.id as string);
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const done = await admin.post("/api/subscriptions/cancel", { member_email: first.email, reason: "Gone at Stripe", immediately: true });
    expect(done.status).toBe(200);
    expect(await memberRow(first.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    const [own] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, first.member.id));
    expect(own!.status).toBe("cancelled");

    const second = await activeMember();
    second.sub.status = "past_due";
    await deliver(event("invoice.payment_failed", invoiceObject(second.sub, { billing_reason: "subscription_cycle", amount_paid: 0 })));
    stripe.subscriptions.delete(second.sub.id as string);
    t.clock.advance(8 * 24 * 3600_000);
    try {
      expect(await expireOverdueSubscriptions(t.services)).toBe(1);
      expect(await memberRow(second.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    } finally {
      t.clock.set(new Date());
    }
  });

  test("the past-due sweep ends an overdue subscription at Stripe, and tries again when Stripe does not answer", async () => {
    const { email, sub } = await activeMember();
    sub.status = "past_due";
    await deliver(event("invoice.payment_failed", invoiceObject(sub, { billing_reason: "subscription_cycle", amount_paid: 0 })));
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard", status: "past_due" });
    t.clock.advance(8 * 24 * 3600_000);
    try {
      stripe.fail("DELETE", `/v1/subscriptions/${sub.id}`, 500, { times: 3 });
      expect(await expireOverdueSubscriptions(t.services)).toBe(0);
      expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard", status: "past_due" });
      expect(sub.status).toBe("past_due");
      expect(await expireOverdueSubscriptions(t.services)).toBe(1);
      expect(sub.status).toBe("canceled");
      expect(await memberRow(email)).toMatchObject({ membershipLevel: "Basic" });
    } finally {
      t.clock.set(new Date());
    }
  });
});
