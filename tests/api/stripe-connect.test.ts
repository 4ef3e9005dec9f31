import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chicagoToday, firstDayOf, nextPeriod, periodOf, plusDays } from "../../src/shared/calendar.ts";
import { autopayCharges, autopayEnrollments, emailOutbox, ledgerEntries, payoutAccounts, tenantAccounts } from "../../src/server/db/schema.ts";
import { runAutopay, stopAutopay } from "../../src/server/domain/portal/autopay.ts";
import { applyAndSign, linkTokenFromEmail } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { signedStripeEvent, startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { spawnServer } from "../support/server-process.ts";

// Online rent through Stripe Connect against a local stand-in of Stripe's API that records what we
// send (Express accounts, Account Links, the destination charge, autopay's setup checkout and
// off-session charges), with events signed by the Stripe SDK's own test helper, including the
// Connect endpoint's secret.

const WEBHOOK_SECRET = "whsec_platform_events_for_the_stand_in";
const CONNECT_SECRET = "whsec_connect_events_for_the_stand_in";
let stripe: StripeStandIn;
let t: TestApp;

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
  const { payload, headers } = await signedStripeEvent(type, object, { ...options, secret: options.secret ?? WEBHOOK_SECRET });
  const res = await t.app.request("/api/stripe/webhook", { method: "POST", body: payload, headers });
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
  return { owner, ownerEmail: email, tenant, leaseId: lease.body.id as string, accountId, tenantEmail };
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

const nextFirst = () => firstDayOf(nextPeriod(periodOf(chicagoToday(t.services.now()))));
const at = (date: string) => t.clock.set(new Date(`${date}T15:00:00Z`));
const setupEvent = (sessionId: string, autopayId: string) => ({ id: sessionId, object: "checkout.session", metadata: { kind: "autopay_setup", autopay_id: autopayId } });
const intentEvent = (paymentIntentId: string) => ({ id: paymentIntentId, object: "payment_intent", metadata: { kind: "autopay" } });
const autopayPayments = async (leaseId: string) => (await entriesOf(leaseId)).filter((e) => e.kind === "payment" && e.description.startsWith("Autopay payment"));
const intentCalls = (leaseId: string) => stripe.calls("POST", "/v1/payment_intents").filter((c) => c.params["metadata[lease_id]"] === leaseId);
const mailCount = async (to: string, template: string) => (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))).length;

/** A home whose balance is paid, its tenant on autopay ($2,000.00 at most) with a method saved at Stripe's setup checkout. */
async function onAutopay(method: "card" | "card_declines" | "bank_clears" | "bank_fails" = "card") {
  const home = await connectedHome();
  const { balance_cents } = (await home.owner.get(`/api/portal/leases/${home.leaseId}/ledger`)).body;
  await home.owner.post(`/api/portal/leases/${home.leaseId}/payments`, { amount_cents: balance_cents, paid_on: chicagoToday(t.services.now()), method: "check", send_receipt: false });
  const started = await home.tenant.post(`/api/tenant/leases/${home.leaseId}/autopay`, { limit_cents: 200_000 });
  expect(started.status).toBe(200);
  const session = [...stripe.sessions.values()].find((s) => s.url === started.body.setup_url)!;
  stripe.completeSetup(session.id, method);
  expect((await deliver("checkout.session.completed", setupEvent(session.id, started.body.autopay_id))).body.outcome).toBe("applied");
  return { ...home, autopayId: started.body.autopay_id as string, session };
}

describe("autopay through Stripe (docs/decisions/0075)", () => {
  test("the setup: Checkout in setup mode, card or US bank account, on the tenant's one customer of the platform; only the verified event turns it on", async () => {
    const home = await connectedHome();
    const started = await home.tenant.post(`/api/tenant/leases/${home.leaseId}/autopay`, { limit_cents: 150_000 });
    expect(started.status).toBe(200);
    const autopayId = started.body.autopay_id as string;
    const [create] = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params["metadata[autopay_id]"] === autopayId);
    const [customer] = stripe.calls("POST", "/v1/customers").filter((c) => c.params.customer === undefined && c.headers["idempotency-key"]?.startsWith("tenant-customer-") && c.params.email?.startsWith("tina."));
    expect(create!.params).toMatchObject({
      mode: "setup",
      currency: "usd",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "us_bank_account",
      client_reference_id: autopayId,
      "metadata[kind]": "autopay_setup",
      "metadata[lease_id]": home.leaseId,
      "setup_intent_data[metadata][autopay_id]": autopayId,
    });
    // The customer lives on the platform, where destination charges take their methods.
    expect(stripe.customers.get(create!.params.customer!)).toBeDefined();
    expect(create!.headers["stripe-account"]).toBeUndefined();
    expect(create!.params["payment_intent_data[transfer_data][destination]"]).toBeUndefined();
    expect(create!.params.success_url).toEndWith(`/tenant/autopay/${autopayId}`);
    expect(create!.headers["idempotency-key"]).toBe(`autopay-setup-${autopayId}`);
    expect(customer!.headers["idempotency-key"]).toStartWith("tenant-customer-");

    const session = [...stripe.sessions.values()].find((s) => s.url === started.body.setup_url)!;
    stripe.completeSetup(session.id, "card");
    const lease = async () => (await home.owner.get(`/api/portal/leases/${home.leaseId}`)).body.tenants[0].autopay;
    expect(await lease()).toBeNull();
    expect((await deliver("checkout.session.completed", setupEvent(session.id, autopayId), { secret: "whsec_not_ours" })).status).toBe(400);
    expect(await lease()).toBeNull();
    const eventId = `evt_setup_${++counter}`;
    expect((await deliver("checkout.session.completed", setupEvent(session.id, autopayId), { id: eventId })).body.outcome).toBe("applied");
    expect((await deliver("checkout.session.completed", setupEvent(session.id, autopayId), { id: eventId })).body.outcome).toBe("duplicate");
    expect(await lease()).toEqual({ enabled: true, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000 });

    // A new setup (another card) is made on the same customer.
    await home.tenant.post(`/api/tenant/leases/${home.leaseId}/autopay`, { limit_cents: 150_000 });
    const sessionsOfTenant = stripe.calls("POST", "/v1/checkout/sessions").filter((c) => c.params["metadata[lease_id]"] === home.leaseId);
    expect(new Set(sessionsOfTenant.map((c) => c.params.customer)).size).toBe(1);
  });

  test("the due-day charge: off session on the platform's customer and method, a destination charge with no on_behalf_of and no fee, keyed by its claim; the ledger changes only from the verified event, once", async () => {
    const home = await onAutopay("card");
    const due = nextFirst();
    at(due);
    await runAutopay(t.services, due);
    await runAutopay(t.services, due);
    const calls = intentCalls(home.leaseId);
    expect(calls).toHaveLength(1);
    const [charge] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    const [enrollment] = await t.services.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, home.autopayId));
    expect(calls[0]!.params).toMatchObject({
      amount: "95000",
      currency: "usd",
      customer: enrollment!.customerId,
      payment_method: enrollment!.paymentMethodId!,
      off_session: "true",
      confirm: "true",
      "transfer_data[destination]": home.accountId,
      "metadata[kind]": "autopay",
      "metadata[autopay_charge_id]": charge!.id,
    });
    expect(calls[0]!.params.on_behalf_of).toBeUndefined();
    expect(calls[0]!.params.application_fee_amount).toBeUndefined();
    expect(calls[0]!.headers["idempotency-key"]).toBe(`autopay-charge-${charge!.id}`);
    // Paid at Stripe; on the ledger only once the verified event comes.
    expect(await autopayPayments(home.leaseId)).toHaveLength(0);
    const intentId = charge!.paymentRef!;
    expect((await deliver("payment_intent.succeeded", intentEvent(intentId), { secret: "whsec_not_ours" })).status).toBe(400);
    const eventId = `evt_pi_${++counter}`;
    const answers = await Promise.all([1, 2, 3].map(() => deliver("payment_intent.succeeded", intentEvent(intentId), { id: eventId })));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await deliver("payment_intent.succeeded", intentEvent(intentId))).body.outcome).toBe("applied");
    const payments = await autopayPayments(home.leaseId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: -95_000, method: "card", reference: intentId, date: due });
    // A refund at Stripe of an autopay charge is posted as for any online payment.
    stripe.charges.get(stripe.paymentIntents.get(intentId)!.latest_charge)!.amount_refunded = 5_000;
    const refunded = { id: stripe.paymentIntents.get(intentId)!.latest_charge, object: "charge", payment_intent: intentId, metadata: { kind: "autopay" } };
    expect((await deliver("charge.refunded", refunded)).body.outcome).toBe("applied");
    expect((await entriesOf(home.leaseId)).filter((e) => e.kind === "refund").map((e) => e.amountCents)).toEqual([5_000]);
  });

  test("a bank debit: written while processing from its event, voided once when the bank returns it", async () => {
    const home = await onAutopay("bank_fails");
    const due = nextFirst();
    at(due);
    await runAutopay(t.services, due);
    const [charge] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    expect((await deliver("payment_intent.processing", intentEvent(charge!.paymentRef!))).body.outcome).toBe("applied");
    const [payment] = await autopayPayments(home.leaseId);
    expect(payment).toMatchObject({ amountCents: -95_000, method: "bank_transfer", description: "Autopay payment from a bank account" });
    stripe.settleIntent(charge!.paymentRef!);
    await deliver("payment_intent.payment_failed", intentEvent(charge!.paymentRef!));
    await deliver("payment_intent.payment_failed", intentEvent(charge!.paymentRef!));
    expect((await entriesOf(home.leaseId)).filter((e) => e.voids === payment!.id).map((e) => e.amountCents)).toEqual([95_000]);
    const [failed] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.id, charge!.id));
    expect(failed).toMatchObject({ status: "failed", failedOn: due, failureMessage: "The bank returned the debit (insufficient funds)." });
  });

  test("a charge on its way to the ledger is not charged again: a late bank return's retry and the next due day fall on one day", async () => {
    const home = await onAutopay("bank_fails");
    const due = nextFirst();
    at(due);
    await runAutopay(t.services, due);
    const [first] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    expect((await deliver("payment_intent.processing", intentEvent(first!.paymentRef!))).body.outcome).toBe("applied");
    // The bank returns it three days before the next due day: the retry falls on that day.
    const next = firstDayOf(nextPeriod(periodOf(due)));
    at(plusDays(next, -3));
    stripe.settleIntent(first!.paymentRef!);
    await deliver("payment_intent.payment_failed", intentEvent(first!.paymentRef!));
    at(next);
    await runAutopay(t.services, next);
    // The first of the day's two claims (the retry, or the new due day's) takes both months' rent;
    // the other finds it paid by that charge still on its way to the ledger.
    const charges = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    expect(charges.map((c) => `${c.dueDate} ${c.attempt}`).sort()).toEqual([`${due} 1`, `${due} 2`, `${next} 1`]);
    expect(charges.filter((c) => c.dueDate === next || c.attempt === 2).map((c) => `${c.amountCents} ${c.status}`).sort()).toEqual(["0 skipped", "190000 claimed"]);
    expect(intentCalls(home.leaseId).map((c) => c.params.amount)).toEqual(["95000", "190000"]);
  });

  test("a decline answered 402 is recorded at once, both parties emailed once; its webhook adds nothing", async () => {
    const home = await onAutopay("card_declines");
    const due = nextFirst();
    at(due);
    await runAutopay(t.services, due);
    const [charge] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    expect(charge).toMatchObject({ status: "failed", failedOn: due, failureMessage: "Your card was declined." });
    expect(charge!.paymentRef).toStartWith("pi_");
    await deliver("payment_intent.payment_failed", intentEvent(charge!.paymentRef!));
    expect(await mailCount(home.tenantEmail, "autopay_failed")).toBe(1);
    expect(await mailCount(home.ownerEmail, "owner_autopay_failed")).toBe(1);
    expect(await autopayPayments(home.leaseId)).toHaveLength(0);
  });

  test("Stripe not answering: the claim stays, and is taken again once stale with the same idempotency key, so the charge is made once", async () => {
    const home = await onAutopay("card");
    const due = nextFirst();
    at(due);
    // The first try and the SDK's two retries all fail.
    stripe.fail("POST", "/v1/payment_intents", 500, { times: 3, when: (params) => params["metadata[lease_id]"] === home.leaseId });
    await runAutopay(t.services, due);
    const [claim] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
    expect(claim).toMatchObject({ status: "claimed", paymentRef: null });
    // Within the quarter hour the claim is still its first process's: nothing is sent again.
    t.clock.advance(10 * 60_000);
    await runAutopay(t.services, due);
    expect(intentCalls(home.leaseId)).toHaveLength(3);
    t.clock.advance(6 * 60_000);
    await runAutopay(t.services, due);
    await runAutopay(t.services, due);
    const calls = intentCalls(home.leaseId);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.headers["idempotency-key"]))).toEqual(new Set([`autopay-charge-${claim!.id}`]));
    expect([...stripe.paymentIntents.values()].filter((i) => i.metadata.lease_id === home.leaseId)).toHaveLength(1);
  });

  test("a charge Stripe refuses for good (the method removed at Stripe) fails at once, with its emails; one never answered for a day is given up", async () => {
    const removed = await onAutopay("card");
    const [enrollment] = await t.services.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, removed.autopayId));
    stripe.paymentMethods.get(enrollment!.paymentMethodId!)!.customer = null;
    const silent = await onAutopay("card");
    stripe.fail("POST", "/v1/payment_intents", 500, { times: 1_000, when: (params) => params["metadata[lease_id]"] === silent.leaseId });
    const due = nextFirst();
    at(due);
    await runAutopay(t.services, due);
    const [refused] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, removed.leaseId));
    expect(refused).toMatchObject({ status: "failed", failedOn: due, paymentRef: null });
    expect(refused!.failureMessage).toStartWith("The saved payment method cannot be charged:");
    expect(await mailCount(removed.tenantEmail, "autopay_failed")).toBe(1);
    expect(await mailCount(removed.ownerEmail, "owner_autopay_failed")).toBe(1);

    // Taken again every quarter hour while Stripe keeps its key (a day), then failed and both told.
    for (const hours of [1, 12, 22]) {
      t.clock.set(new Date(`${due}T15:00:00Z`));
      t.clock.advance(hours * 3_600_000);
      await runAutopay(t.services, due);
    }
    const [waiting] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, silent.leaseId));
    expect(waiting).toMatchObject({ status: "claimed", paymentRef: null });
    expect(await mailCount(silent.tenantEmail, "autopay_failed")).toBe(0);
    t.clock.advance(2 * 3_600_000);
    await runAutopay(t.services, plusDays(due, 1));
    const [givenUp] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, silent.leaseId));
    expect(givenUp).toMatchObject({ status: "failed", failureMessage: "The payment service did not answer for a day." });
    expect(await mailCount(silent.tenantEmail, "autopay_failed")).toBe(1);
    expect(await mailCount(silent.ownerEmail, "owner_autopay_failed")).toBe(1);
    expect(new Set(intentCalls(silent.leaseId).map((c) => c.headers["idempotency-key"])).size).toBe(1);
    // Off again, so that no later test meets them (the tenants' sessions are a month old by now).
    for (const home of [removed, silent]) {
      const [account] = await t.services.db.select().from(tenantAccounts).where(eq(tenantAccounts.email, home.tenantEmail));
      expect((await stopAutopay(t.services, account!, home.leaseId)).enabled).toBe(false);
    }
  });

  test("stopping autopay detaches the saved method at Stripe", async () => {
    const home = await onAutopay("card");
    const [enrollment] = await t.services.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, home.autopayId));
    expect((await home.tenant.delete(`/api/tenant/leases/${home.leaseId}/autopay`)).status).toBe(200);
    expect(stripe.calls("POST", `/v1/payment_methods/${enrollment!.paymentMethodId}/detach`)).toHaveLength(1);
    expect(stripe.paymentMethods.get(enrollment!.paymentMethodId!)!.customer).toBeNull();
  });
});

// Two server processes on one PostgreSQL, each running the day's autopay three times at the same
// moment (tests/support/job-runner.ts): whichever process's claim wins charges, the others find the
// key (lease, due date, attempt) taken. PGlite is one process's embedded database: PostgreSQL only.
describe.skipIf(!process.env.DATABASE_URL)("autopay from two server processes on one PostgreSQL (PostgreSQL only: two processes cannot share the embedded database)", () => {
  test("each lease and due date is charged once, and a failed one retried once, whichever process claims it; one event at both processes writes one payment", async () => {
    const paying: Awaited<ReturnType<typeof onAutopay>>[] = [];
    for (let i = 0; i < 5; i++) paying.push(await onAutopay("card"));
    const declining = await onAutopay("card_declines");
    const env = {
      DATABASE_URL: t.services.config.DATABASE_URL,
      STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: stripe.url,
      TRUST_PROXY: "true",
    };
    const script = new URL("../support/job-runner.ts", import.meta.url).pathname;
    const processes = await Promise.all([spawnServer({ env, script }), spawnServer({ env, script })]);
    try {
      expect(new Set(processes.map((p) => p.pid)).size).toBe(2);
      const runEverywhere = (date: string) =>
        Promise.all(
          processes.flatMap((p) =>
            [1, 2, 3].map(async () => {
              const res = await fetch(`${p.url}/run-autopay?now=${date}T15:00:00Z`, { method: "POST" });
              if (res.status !== 200) throw new Error(`run-autopay answered ${res.status}: ${await res.text()}\n${p.stderr()}`);
              return (await res.json()) as { charged: number };
            }),
          ),
        );
      const due = nextFirst();
      const before = stripe.calls("POST", "/v1/payment_intents").length;
      const runs = await runEverywhere(due);
      // Of the six runs, one charged each lease, this test's and the earlier tests' alike: every request for a lease carries one idempotency key.
      const keys = new Map<string, Set<string>>();
      for (const call of stripe.calls("POST", "/v1/payment_intents").slice(before)) {
        const lease = call.params["metadata[lease_id]"]!;
        keys.set(lease, (keys.get(lease) ?? new Set()).add(call.headers["idempotency-key"]!));
      }
      expect([...keys.values()].filter((k) => k.size !== 1)).toEqual([]);
      expect(runs.reduce((sum, r) => sum + r.charged, 0)).toBeGreaterThanOrEqual(paying.length + 1);
      for (const home of [...paying, declining]) {
        expect(intentCalls(home.leaseId)).toHaveLength(1);
        expect(await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId))).toHaveLength(1);
      }
      // Stripe's event delivered to both processes at once, and again later: one payment each.
      for (const home of paying) {
        const [charge] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, home.leaseId));
        const sign = (id?: string) => signedStripeEvent("payment_intent.succeeded", intentEvent(charge!.paymentRef!), { id, secret: WEBHOOK_SECRET });
        // The same event at both at once; then a new event of the same payment at each.
        const deliveries = [await sign(`evt_both_${charge!.id}`), await sign(`evt_both_${charge!.id}`), await sign(), await sign()];
        const outcomes = await Promise.all(
          deliveries.map((d, i) =>
            fetch(`${processes[i % 2]!.url}/api/stripe/webhook`, { method: "POST", body: d.payload, headers: d.headers }).then(async (r) => ((await r.json()) as { outcome: string }).outcome),
          ),
        );
        expect(outcomes.sort()).toEqual(["applied", "applied", "applied", "duplicate"]);
        expect((await autopayPayments(home.leaseId)).map((e) => e.amountCents)).toEqual([-95_000]);
      }
      // The declined charge: tried again once, three days later, by one of the two; both parties emailed twice in all.
      for (const day of [1, 2, 3, 4]) await runEverywhere(plusDays(due, day));
      expect(intentCalls(declining.leaseId)).toHaveLength(2);
      expect((await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, declining.leaseId))).map((c) => c.attempt).sort()).toEqual([1, 2]);
      expect(await mailCount(declining.tenantEmail, "autopay_failed")).toBe(2);
      expect(await mailCount(declining.ownerEmail, "owner_autopay_failed")).toBe(2);
      for (const home of paying) expect(intentCalls(home.leaseId)).toHaveLength(1);
    } finally {
      for (const p of processes) await p.kill();
    }
  }, 180_000);
});
