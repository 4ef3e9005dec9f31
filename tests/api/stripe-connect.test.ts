import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { ledgerEntries, payoutAccounts } from "../../src/server/db/schema.ts";
import { STRIPE_API_VERSION } from "../../src/server/payments/stripe-provider.ts";
import { applyAndSign, linkTokenFromEmail } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";

// Online rent through Stripe Connect against a local stand-in of Stripe's API that records what we
// send (Express accounts, Account Links, the destination charge), with events signed by the
// Stripe SDK's own test helper, including the Connect endpoint's secret.

const WEBHOOK_SECRET = "whsec_platform_events_for_the_stand_in";
const CONNECT_SECRET = "whsec_connect_events_for_the_stand_in";
let stripe: StripeStandIn;
let t: TestApp;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  stripe = startStripeStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_stand_in",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  stripe.stop();
}, 120_000);

let counter = 0;
async function deliver(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string; account?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Date.now()}_${++counter}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: STRIPE_API_VERSION,
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
  const header = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) });
  const res = await t.app.request("/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json" } });
  return { status: res.status, body: (await res.json()) as { received?: boolean; outcome?: string; detail?: string } };
}

/** A Standard member whose Stripe checkout completed (by its webhook): an owner. */
async function stripeOwner() {
  const client = t.client();
  const signed = await applyAndSign(client, "Standard");
  const started = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  const session = [...stripe.sessions.values()].find((s) => s.url === started.body.checkout_url)!;
  stripe.completeCheckout(session.id);
  expect((await deliver("checkout.session.completed", { id: session.id, object: "checkout.session" })).body.outcome).toBe("applied");
  return { client, email: signed.email };
}

/** An owner with a lease, its tenant signed in to the tenant portal, and payouts connected. */
async function connectedHome() {
  const { client: owner, email } = await stripeOwner();
  const property = await owner.post("/api/portal/properties", { address: { line1: `${2000 + ++counter} W Cermak Rd`, city: "Chicago", zip: "60608" }, property_type: "single_family", units: [{ label: "A" }] });
  const tenantEmail = `tina.${Date.now()}.${counter}@tenants.example.net`;
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: `${new Date().getUTCFullYear() - 1}-01-01`,
    end_date: null,
    rent_cents: 95_000,
    due_day: 1,
    tenants: [{ first_name: "Tina", last_name: "Tenant", email: tenantEmail }],
  });
  await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
  const tenant = t.client();
  expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, tenantEmail, "tenant_invite") })).status).toBe(200);

  const onboarding = await owner.post("/api/portal/payouts");
  expect(onboarding.status).toBe(200);
  const accountId = onboarding.body.account_id as string;
  stripe.enableAccount(accountId);
  // account.updated comes to the Connect endpoint, signed with its own secret.
  const updated = await deliver("account.updated", { id: accountId, object: "account" }, { secret: CONNECT_SECRET, account: accountId });
  expect(updated.body.outcome).toBe("applied");
  return { owner, ownerEmail: email, tenant, leaseId: lease.body.id as string, accountId };
}

async function pay(tenant: ApiClient, leaseId: string, amount_cents: number) {
  const started = await tenant.post(`/api/tenant/leases/${leaseId}/pay`, { amount_cents });
  expect(started.status).toBe(200);
  const session = [...stripe.sessions.values()].find((s) => s.url === started.body.checkout_url)!;
  return { paymentId: started.body.rent_payment_id as string, session };
}

const entriesOf = (leaseId: string) => t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, leaseId));

describe("connecting payouts", () => {
  test("an Express account made once per owner with an idempotency key, an Account Link back to the portal, and the status from account.updated", async () => {
    const { client: owner, email } = await stripeOwner();
    expect((await owner.get("/api/portal/payouts")).body).toMatchObject({ provider: "stripe", test_mode: false, connected: false, charges_enabled: false });
    const first = await owner.post("/api/portal/payouts");
    expect(first.status).toBe(200);
    expect(first.body.onboarding_url).toStartWith("https://connect.stripe.test/setup/e/");
    const [create] = stripe.calls("POST", "/v1/accounts").filter((c) => c.params.email === email);
    expect(create!.params).toMatchObject({
      type: "express",
      country: "US",
      "capabilities[card_payments][requested]": "true",
      "capabilities[transfers][requested]": "true",
      "capabilities[us_bank_account_ach_payments][requested]": "true",
    });
    expect(create!.headers["idempotency-key"]).toStartWith("connect-account-");
    expect(create!.headers.authorization).toBe("Bearer sk_test_stand_in");
    const [link] = stripe.calls("POST", "/v1/account_links").filter((c) => c.params.account === first.body.account_id);
    expect(link!.params).toMatchObject({ type: "account_onboarding" });
    expect(link!.params.return_url).toEndWith("/portal/payouts?returned=1");
    expect(link!.params.refresh_url).toEndWith("/portal/payouts");

    // Asking again makes a new link for the same account.
    const again = await owner.post("/api/portal/payouts");
    expect(again.body.account_id).toBe(first.body.account_id);
    expect(stripe.calls("POST", "/v1/accounts").filter((c) => c.params.email === email)).toHaveLength(1);

    // Only the verified event changes the status; a forged one is refused.
    stripe.enableAccount(first.body.account_id);
    expect((await deliver("account.updated", { id: first.body.account_id, object: "account" }, { secret: "whsec_not_ours" })).status).toBe(400);
    expect((await owner.get("/api/portal/payouts")).body.charges_enabled).toBe(false);
    const event = { id: `evt_account_${counter}` };
    expect((await deliver("account.updated", { id: first.body.account_id, object: "account" }, { ...event, secret: CONNECT_SECRET })).body.outcome).toBe("applied");
    expect((await deliver("account.updated", { id: first.body.account_id, object: "account" }, { ...event, secret: CONNECT_SECRET })).body.outcome).toBe("duplicate");
    expect((await owner.get("/api/portal/payouts")).body).toMatchObject({ connected: true, charges_enabled: true, payouts_enabled: true, details_submitted: true });
    const [row] = await t.services.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, first.body.account_id));
    expect(row!.provider).toBe("stripe");
  });
});

describe("tenants paying rent", () => {
  test("Checkout in payment mode, card and US bank account, as a destination charge to the owner's account, with our ids", async () => {
    const home = await connectedHome();
    const { paymentId, session } = await pay(home.tenant, home.leaseId, 95_000);
    const [call] = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params["metadata[rent_payment_id]"] === paymentId);
    expect(call!.params).toMatchObject({
      mode: "payment",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "us_bank_account",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "95000",
      "line_items[0][quantity]": "1",
      "payment_intent_data[transfer_data][destination]": home.accountId,
      "payment_intent_data[metadata][kind]": "rent",
      "payment_intent_data[metadata][lease_id]": home.leaseId,
      "metadata[kind]": "rent",
      "metadata[lease_id]": home.leaseId,
      client_reference_id: paymentId,
    });
    expect(call!.params["payment_intent_data[application_fee_amount]"]).toBeUndefined();
    expect(call!.params.success_url).toEndWith(`/tenant/payments/${paymentId}`);
    expect(call!.headers["idempotency-key"]).toBe(`rent-checkout-${paymentId}`);
    expect(session.mode).toBe("payment");
  });

  test("the verified webhook writes the payment once, whether delivered twice, at once, or late after the page asked", async () => {
    const home = await connectedHome();
    const { paymentId, session } = await pay(home.tenant, home.leaseId, 40_000);
    const object = { id: session.id, object: "checkout.session", metadata: { kind: "rent" } };
    // Delivered before the tenant paid: the session is open, nothing is written.
    expect((await deliver("checkout.session.completed", object)).body.outcome).toBe("applied");
    expect((await entriesOf(home.leaseId)).filter((e) => e.kind === "payment")).toHaveLength(0);
    stripe.payCheckout(session.id, "card");
    const id = `evt_rent_${++counter}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => deliver("checkout.session.completed", object, { id })));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect((await deliver("checkout.session.completed", object)).body.outcome).toBe("applied");
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body).toMatchObject({ status: "paid", method: "card" });
    const payments = (await entriesOf(home.leaseId)).filter((e) => e.kind === "payment");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: -40_000, method: "card", source: "tenant" });
    expect(payments[0]!.reference).toStartWith("pi_");
  });

  test("the success page's status call asks Stripe when the webhook is late; the event after it adds nothing", async () => {
    const home = await connectedHome();
    const { paymentId, session } = await pay(home.tenant, home.leaseId, 10_000);
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body.status).toBe("initiated");
    stripe.payCheckout(session.id, "card");
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body.status).toBe("paid");
    await deliver("checkout.session.completed", { id: session.id, object: "checkout.session", metadata: { kind: "rent" } });
    expect((await entriesOf(home.leaseId)).filter((e) => e.kind === "payment")).toHaveLength(1);
  });

  test("a bank payment is recorded while processing; when it later fails a reversing void is posted once; the payment is never deleted", async () => {
    const home = await connectedHome();
    const { paymentId, session } = await pay(home.tenant, home.leaseId, 95_000);
    const object = { id: session.id, object: "checkout.session", metadata: { kind: "rent" } };
    stripe.payCheckout(session.id, "us_bank_account");
    expect((await deliver("checkout.session.completed", object)).body.outcome).toBe("applied");
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body).toMatchObject({ status: "processing", method: "us_bank_account" });
    const payment = (await entriesOf(home.leaseId)).find((e) => e.kind === "payment")!;
    expect(payment).toMatchObject({ amountCents: -95_000, method: "bank_transfer" });

    stripe.settleBankPayment(session.id, "fails");
    const failed = `evt_failed_${++counter}`;
    expect((await deliver("checkout.session.async_payment_failed", object, { id: failed })).body.outcome).toBe("applied");
    expect((await deliver("checkout.session.async_payment_failed", object, { id: failed })).body.outcome).toBe("duplicate");
    expect((await deliver("checkout.session.async_payment_failed", object)).body.outcome).toBe("applied");
    const entries = await entriesOf(home.leaseId);
    expect(entries.filter((e) => e.kind === "payment").map((e) => e.id)).toEqual([payment.id]);
    expect(entries.filter((e) => e.kind === "void" && e.voids === payment.id).map((e) => e.amountCents)).toEqual([95_000]);
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body.status).toBe("failed");
  });

  test("events out of order end in Stripe's current state: a bank payment that failed before any event writes nothing; one that cleared is paid", async () => {
    const home = await connectedHome();
    const failed = await pay(home.tenant, home.leaseId, 95_000);
    const failedObject = { id: failed.session.id, object: "checkout.session", metadata: { kind: "rent" } };
    stripe.payCheckout(failed.session.id, "us_bank_account");
    stripe.settleBankPayment(failed.session.id, "fails");
    expect((await deliver("checkout.session.async_payment_failed", failedObject)).body.outcome).toBe("applied");
    expect((await deliver("checkout.session.completed", failedObject)).body.outcome).toBe("applied");
    expect((await entriesOf(home.leaseId)).filter((e) => e.kind === "payment" || e.kind === "void")).toHaveLength(0);
    expect((await home.tenant.get(`/api/tenant/payments/${failed.paymentId}`)).body.status).toBe("failed");

    const clears = await pay(home.tenant, home.leaseId, 95_000);
    const clearsObject = { id: clears.session.id, object: "checkout.session", metadata: { kind: "rent" } };
    stripe.payCheckout(clears.session.id, "us_bank_account");
    stripe.settleBankPayment(clears.session.id, "clears");
    await deliver("checkout.session.async_payment_succeeded", clearsObject);
    await deliver("checkout.session.completed", clearsObject);
    expect((await home.tenant.get(`/api/tenant/payments/${clears.paymentId}`)).body.status).toBe("paid");
    expect((await entriesOf(home.leaseId)).filter((e) => e.kind === "payment").map((e) => e.amountCents)).toEqual([-95_000]);
  });

  test("a refund posts a refund entry once per amount; membership charges are not taken for rent", async () => {
    const home = await connectedHome();
    const { paymentId, session } = await pay(home.tenant, home.leaseId, 50_000);
    stripe.payCheckout(session.id, "card");
    await deliver("checkout.session.completed", { id: session.id, object: "checkout.session", metadata: { kind: "rent" } });
    const charge = stripe.refund(session.id, 20_000);
    const refunded = { id: charge.id, object: "charge", payment_intent: charge.payment_intent, metadata: { kind: "rent" } };
    expect((await deliver("charge.refunded", refunded)).body.outcome).toBe("applied");
    expect((await deliver("charge.refunded", refunded)).body.outcome).toBe("applied");
    stripe.refund(session.id, 30_000);
    await deliver("charge.refunded", refunded);
    const refunds = (await entriesOf(home.leaseId)).filter((e) => e.kind === "refund").map((e) => e.amountCents);
    expect(refunds).toEqual([20_000, 30_000]);
    expect((await home.tenant.get(`/api/tenant/payments/${paymentId}`)).body).toMatchObject({ status: "refunded", refunded_cents: 50_000 });
    // A charge without our rent metadata goes to the membership handler, which ignores it.
    expect((await deliver("charge.refunded", { id: "ch_membership", object: "charge", payment_intent: "pi_membership", metadata: {} })).body.outcome).not.toBe("applied");
  });

  test("a tenant cannot pay an owner whose account cannot take charges yet", async () => {
    const { client: owner } = await stripeOwner();
    await owner.post("/api/portal/payouts");
    const property = await owner.post("/api/portal/properties", { address: { line1: "1 E Main St", city: "Berwyn", zip: "60402" }, property_type: "single_family", units: [{ label: "A" }] });
    const email = `tom.${Date.now()}@tenants.example.net`;
    const lease = await owner.post("/api/portal/leases", { unit_id: property.body.units[0].id, start_date: "2026-01-01", rent_cents: 80_000, due_day: 1, tenants: [{ first_name: "Tom", last_name: "T", email }] });
    await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
    const tenant = t.client();
    await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, email, "tenant_invite") });
    const refused = await tenant.post(`/api/tenant/leases/${lease.body.id}/pay`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("does not take rent online yet");
  });
});

describe("an owner buying a Schedule E report", () => {
  test("Checkout in payment mode to the association (no destination) on the member's customer; only the verified event records it, once", async () => {
    const { client: owner, email } = await stripeOwner();
    const year = new Date().getUTCFullYear() - 1;
    expect((await owner.get(`/api/portal/reports/schedule-e?year=${year}`)).status).toBe(403);
    const started = await owner.post("/api/portal/purchases", { item: "tax_report", year });
    expect(started.status).toBe(200);
    expect(started.body.checkout_url).toStartWith("https://checkout.stripe.test/");
    const session = [...stripe.sessions.values()].find((s) => s.url === started.body.checkout_url)!;
    const [create] = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params["metadata[purchase_id]"] === started.body.purchase_id);
    expect(create!.params).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "20000",
      "line_items[0][price_data][currency]": "usd",
      "metadata[kind]": "purchase",
      "metadata[item]": "tax_report",
      "metadata[year]": String(year),
      client_reference_id: started.body.purchase_id,
    });
    expect(create!.params["payment_intent_data[transfer_data][destination]"]).toBeUndefined();
    // The member's one customer (made at the membership checkout) is reused.
    const customer = [...stripe.customers.values()].find((c) => c.email === email)!;
    expect(create!.params.customer).toBe(customer.id);
    expect(create!.headers["idempotency-key"]).toStartWith("purchase-checkout-");

    // Paid at Stripe, but nothing is unlocked until the verified event; a forged one is refused.
    stripe.payCheckout(session.id, "card");
    expect((await owner.get(`/api/portal/reports/schedule-e?year=${year}`)).status).toBe(403);
    const forged = await deliver("checkout.session.completed", { id: session.id, object: "checkout.session", metadata: { kind: "purchase" } }, { secret: "whsec_wrong" });
    expect(forged.status).toBe(400);
    const eventId = `evt_purchase_${Date.now()}`;
    const first = await deliver("checkout.session.completed", { id: session.id, object: "checkout.session", metadata: { kind: "purchase" } }, { id: eventId });
    expect(first.body.outcome).toBe("applied");
    const again = await deliver("checkout.session.completed", { id: session.id, object: "checkout.session", metadata: { kind: "purchase" } }, { id: eventId });
    expect(again.body.outcome).toBe("duplicate");
    expect((await owner.get(`/api/portal/reports/schedule-e?year=${year}`)).status).toBe(200);
    expect((await owner.get(`/api/portal/reports/schedule-e?year=${year - 1}`)).status).toBe(403);
    const purchases = (await owner.get("/api/portal/purchases")).body.purchases;
    expect(purchases).toMatchObject([{ item: "tax_report", year, status: "paid", amount_cents: 20_000 }]);
  });
});
