import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { applications, emailOutbox, members, payments, subscriptions } from "../../src/server/db/schema.ts";
import { CARD_DECLINED_MESSAGE } from "../../src/shared/billing.ts";
import { applyAndSign, emailCode } from "../support/fixtures.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { signInAsAdmin } from "../support/fixtures.ts";

// Payments with the built-in test provider (no Stripe key): the whole life of a subscription.

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  await signInAsAdmin(t.services, admin);
}, 120_000);
afterAll(() => t.close(), 120_000);

const DAY = 86400;

async function memberRow(email: string) {
  const [row] = await t.services.db.select().from(members).where(eq(members.email, email));
  return row!;
}

async function emailsTo(email: string, template: string) {
  return t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
}

/** A paid member: applies, signs, pays with the test card. */
async function paidMember(level: "Standard" | "Premium" = "Standard", card = "4242 4242 4242 4242") {
  const client = t.client();
  const signed = await applyAndSign(client, level);
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  expect(initiated.status).toBe(200);
  const sessionId = sessionIdOf(initiated.body.checkout_url);
  const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: card });
  expect(paid.status).toBe(200);
  return { client, email: signed.email, sessionId, applicationId: signed.applicationId };
}

async function advance(days: number) {
  const res = await trpcCall(admin, "mutation", "admin.billing.advanceTestClock", { days });
  expect(res.status).toBe(200);
  return res.data;
}

describe("paying after signing", () => {
  test("a Standard member pays with the test card and the money records are right", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    expect((await memberRow(signed.email)).status).toBe("awaiting_payment");

    const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
    expect(initiated.status).toBe(200);
    expect(initiated.body.success).toBe(true);
    expect(initiated.body.checkout_url).toStartWith("/test-checkout?session_id=cs_test_");
    const sessionId = sessionIdOf(initiated.body.checkout_url);

    const page = await trpcCall(client, "query", "public.testProvider.checkout", { session_id: sessionId });
    expect(page.data).toMatchObject({ membership_level: "Standard", amount_cents: 5000, currency: "usd", status: "open" });
    expect(page.data.cancel_url).toEndWith("/payment-cancelled");

    const before = await client.get(`/api/payments/status/${sessionId}`);
    expect(before.body).toMatchObject({ session_id: sessionId, status: "initiated", amount: 50, currency: "usd" });

    const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: "4242424242424242" });
    expect(paid.data.redirect_url).toEndWith(`/payment-success?session_id=${sessionId}`);

    const status = await client.get(`/api/payments/status/${sessionId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ session_id: sessionId, status: "completed", amount: 50, amount_cents: 5000, currency: "usd" });

    const member = await memberRow(signed.email);
    expect(member).toMatchObject({ membershipLevel: "Standard", status: "active" });
    // The application that waited for this payment is an active membership now.
    const [application] = await t.services.db.select().from(applications).where(eq(applications.id, signed.applicationId));
    expect(application!.status).toBe("active");
    // The payment names the subscription it started.
    const [subscription] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    const [payment] = await t.services.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment!.subscriptionId).toBe(subscription!.id);
    const sub = await client.get(`/api/subscriptions/status/${encodeURIComponent(signed.email)}`);
    expect(sub.body.subscription).toMatchObject({ membership_level: "Standard", status: "active", amount: 50, currency: "usd", billing_frequency: "monthly" });
    expect(sub.body.subscription.next_billing_date).toBeString();
    expect(await emailsTo(signed.email, "payment_received")).toHaveLength(1);

    // Paying twice (a double click, a replay) changes nothing.
    const again = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: "4242424242424242" });
    expect(again.status).toBe(200);
    const rows = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(await emailsTo(signed.email, "payment_received")).toHaveLength(1);

    // A second initiation for a paid membership is refused.
    const twice = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    expect(twice.status).toBe(409);
  });

  test("the declined test card shows its message and creates no subscription", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Premium");
    const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    const sessionId = sessionIdOf(initiated.body.checkout_url);
    const declined = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(400);
    expect(declined.error.message).toBe(CARD_DECLINED_MESSAGE);
    const member = await memberRow(signed.email);
    expect(member.status).toBe("awaiting_payment");
    expect(await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id))).toHaveLength(0);
    const status = await client.get(`/api/payments/status/${sessionId}`);
    expect(status.body.status).toBe("initiated");
  });

  test("a Basic application has nothing to pay", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Basic");
    const res = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    expect(res.status).toBe(409);
  });

  test("the same customer is reused on every checkout of a member", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    const first = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    const second = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
    const a = await trpcCall(client, "query", "public.testProvider.checkout", { session_id: sessionIdOf(first.body.checkout_url) });
    const b = await trpcCall(client, "query", "public.testProvider.checkout", { session_id: sessionIdOf(second.body.checkout_url) });
    expect(a.data.session_id).not.toBe(b.data.session_id);
    const { testProviderCheckouts } = await import("../../src/server/db/schema.ts");
    const rows = await t.services.db.select().from(testProviderCheckouts).where(eq(testProviderCheckouts.clientReferenceId, (await memberRow(signed.email)).id));
    expect(new Set(rows.map((r) => r.customerId)).size).toBe(1);
  });
});

describe("cancelling and the test clock", () => {
  test("a paid member cancels, keeps access until the period end, then is Basic", async () => {
    const { client, email } = await paidMember("Standard");
    const cancelled = await client.post("/api/subscriptions/cancel", { member_email: email });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.success).toBe(true);
    expect(cancelled.body.detail).toContain("Subscription cancelled successfully!");
    expect(cancelled.body.detail).toContain("stays active until");
    expect(cancelled.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true, next_billing_date: null });
    expect(cancelled.body.subscription.cancels_on).toBeString();
    const [sub] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, (await memberRow(email)).id));
    expect(sub!.cancelReason).toBe("User requested cancellation");
    const scheduled = await emailsTo(email, "subscription_cancelled");
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.text).toContain(`Hello ${(await memberRow(email)).firstName}`);
    expect(scheduled[0]!.text).toContain("Standard");

    // Cancelling again before the period ends says so, with the day it ends.
    const twice = await client.post("/api/subscriptions/cancel", { member_email: email });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toStartWith("This subscription is already cancelled. It ends on ");
    expect(twice.body.detail).toMatch(/It ends on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect(await emailsTo(email, "subscription_cancelled")).toHaveLength(1);

    await advance(20);
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Standard", status: "active" });

    await advance(12);
    expect(await memberRow(email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    const after = await client.get(`/api/subscriptions/status/${encodeURIComponent(email)}`);
    expect(after.body.subscription).toMatchObject({ membership_level: "Basic", status: "free" });
    expect(await emailsTo(email, "downgraded_to_basic")).toHaveLength(1);

    const again = await client.post("/api/subscriptions/cancel", { member_email: email, reason: "twice" });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("Basic membership is free: there is no subscription to cancel.");
  });

  test("a paid level with no subscription yet has nothing to cancel, and says so", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Premium");
    const res = await client.post("/api/subscriptions/cancel", { member_email: signed.email });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("There is no active subscription to cancel.");
  });

  test("a renewal is charged each month and recorded as a payment", async () => {
    const { email } = await paidMember("Premium");
    await advance(32);
    const member = await memberRow(email);
    expect(member).toMatchObject({ membershipLevel: "Premium", status: "active" });
    const rows = await t.services.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(rows.map((r) => [r.kind, r.paymentStatus, r.amountCents]).sort()).toEqual([
      ["initial", "completed", 10000],
      ["renewal", "completed", 10000],
    ]);
    // A renewal is on the card statement; only the first payment is emailed.
    expect(await emailsTo(email, "payment_received")).toHaveLength(1);
    expect(await emailsTo(email, "upgrade_confirmed")).toHaveLength(0);
  });

  test("a failed renewal marks past_due, emails the member, keeps access 7 days, then Basic", async () => {
    const { client, email } = await paidMember("Standard", "4000 0000 0000 0341");
    await advance(31.5);
    let member = await memberRow(email);
    expect(member).toMatchObject({ membershipLevel: "Standard", status: "past_due" });
    const status = await client.get(`/api/subscriptions/status/${encodeURIComponent(email)}`);
    expect(status.body.subscription.status).toBe("past_due");
    const mails = await emailsTo(email, "renewal_failed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("7 days");
    const failed = await t.services.db.select().from(payments).where(and(eq(payments.memberId, member.id), eq(payments.paymentStatus, "failed")));
    expect(failed).toHaveLength(1);

    // The grace runs 7 days from the failed renewal, which came a calendar month after paying: 28
    // to 31 days, by the month (the file's clock has run on by then), so the steps count from it.
    const since = new Date(status.body.subscription.past_due_since).getTime();
    const clockNow = async () => new Date((await trpcCall(admin, "query", "admin.billing.testClock")).data.now).getTime();
    const day = 86_400_000;
    await advance((since + 6 * day - (await clockNow())) / day);
    expect((await memberRow(email)).membershipLevel).toBe("Standard");
    await advance((since + 8 * day - (await clockNow())) / day);
    member = await memberRow(email);
    expect(member).toMatchObject({ membershipLevel: "Basic", status: "active" });
    expect(await emailsTo(email, "downgraded_to_basic")).toHaveLength(1);
  });

  test("the test clock is for admins only", async () => {
    const { client } = await paidMember("Standard");
    expect((await trpcCall(client, "mutation", "admin.billing.advanceTestClock", { days: 1 })).status).toBe(403);
    expect((await trpcCall(t.client(), "mutation", "admin.billing.advanceTestClock", { days: 1 })).status).toBe(401);
    const state = await trpcCall(admin, "query", "admin.billing.testClock");
    expect(state.status).toBe(200);
    expect(Array.isArray(state.data.subscriptions)).toBe(true);
  });
});

describe("upgrades", () => {
  test("a Basic member upgrades to Premium through checkout", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Basic");
    const res = await client.post("/api/upgrades/initiate", {
      current_membership_level: "Premium", // ignored: the server knows the level
      target_membership_level: "Premium",
      billing_frequency: "monthly",
      member_email: signed.email,
    });
    expect(res.status).toBe(200);
    const sessionId = sessionIdOf(res.body.checkout_url);
    const page = await trpcCall(client, "query", "public.testProvider.checkout", { session_id: sessionId });
    expect(page.data.cancel_url).toEndWith("/upgrade-cancelled");
    expect(page.data.amount_cents).toBe(10000);

    const early = await client.post(`/api/upgrades/complete/${sessionId}`);
    expect(early.status).toBe(409);

    const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: "4242424242424242" });
    expect(paid.data.redirect_url).toContain(`/upgrade-success?session_id=${sessionId}`);
    const done = await client.post(`/api/upgrades/complete/${sessionId}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, new_membership_level: "Premium" });
    expect(done.body.redirect_url).toBeString();
    expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Premium", status: "active" });
    // The upgrade's own confirmation, not the new member's welcome payment email.
    const confirmations = await emailsTo(signed.email, "upgrade_confirmed");
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain("Premium membership");
    expect(await emailsTo(signed.email, "payment_received")).toHaveLength(0);
  });

  test("Standard to Premium and back is a prorated plan change on the same subscription", async () => {
    const { client, email } = await paidMember("Standard");
    await advance(15);
    const up = await client.post("/api/upgrades/initiate", { target_membership_level: "Premium", member_email: email });
    expect(up.status).toBe(200);
    expect(up.body.checkout_url).toContain("/upgrade-success?session_id=chg_");
    const done = await client.post(`/api/upgrades/complete/${sessionIdOf(up.body.checkout_url)}`);
    expect(done.body).toMatchObject({ success: true, new_membership_level: "Premium" });
    const member = await memberRow(email);
    expect(member.membershipLevel).toBe("Premium");
    const subs = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ membershipLevel: "Premium", amountCents: 10000, status: "active" });
    const [change] = await t.services.db.select().from(payments).where(and(eq(payments.memberId, member.id), eq(payments.kind, "plan_change")));
    // About half a month of the $50 difference is charged now.
    expect(change!.amountCents).toBeGreaterThan(1500);
    expect(change!.amountCents).toBeLessThan(3500);
    expect(change!.providerInvoiceId).toStartWith("in_test_");

    const down = await client.post("/api/upgrades/initiate", { target_membership_level: "Standard", member_email: email });
    expect(down.status).toBe(200);
    expect((await memberRow(email)).membershipLevel).toBe("Standard");

    const same = await client.post("/api/upgrades/initiate", { target_membership_level: "Standard", member_email: email });
    expect(same.status).toBe(409);
  });

  test("the upgrade email must be the signed-in member's", async () => {
    const { client } = await paidMember("Standard");
    const res = await client.post("/api/upgrades/initiate", { target_membership_level: "Premium", member_email: "someone.else@members.example.org" });
    expect(res.status).toBe(403);
    const bad = await client.post("/api/upgrades/initiate", { target_membership_level: "Gold", member_email: "x@y.org" });
    expect(bad.status).toBe(422);
  });
});

describe("the billing portal of the test provider", () => {
  test("shows invoices and cancels at the period end", async () => {
    const { client, email } = await paidMember("Standard");
    const portal = await client.get(`/api/subscriptions/billing-portal/${encodeURIComponent(email)}`);
    expect(portal.status).toBe(200);
    const session = new URL(portal.body.portal_url, "http://x").searchParams.get("session")!;
    const view = await trpcCall(t.client(), "query", "public.testProvider.billing", { session });
    expect(view.data.invoices).toHaveLength(1);
    expect(view.data.invoices[0]).toMatchObject({ amount_cents: 5000, status: "paid" });
    const subId = view.data.subscriptions[0].id;
    const cancelled = await trpcCall(t.client(), "mutation", "public.testProvider.cancelInBilling", { session, subscription_id: subId });
    expect(cancelled.data.subscriptions[0].cancel_at_period_end).toBe(true);
    const status = await client.get(`/api/subscriptions/status/${encodeURIComponent(email)}`);
    expect(status.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    const forged = await trpcCall(t.client(), "query", "public.testProvider.billing", { session: "bps_test_forged" });
    expect(forged.status).toBe(404);
  });
});

describe("authorization: strangers and other members are refused", () => {
  test("every call, by a stranger (401) and by another member (403)", async () => {
    const owner = await paidMember("Standard");
    const stranger = t.client();
    const other = t.client();
    await applyAndSign(other, "Basic");
    const email = encodeURIComponent(owner.email);

    const calls: [string, (c: ApiClient) => Promise<{ status: number; body: any }>][] = [
      ["initiate-payment", (c) => c.post(`/api/membership/initiate-payment/${owner.applicationId}`, {})],
      ["payment status", (c) => c.get(`/api/payments/status/${owner.sessionId}`)],
      ["subscription status", (c) => c.get(`/api/subscriptions/status/${email}`)],
      ["billing portal", (c) => c.get(`/api/subscriptions/billing-portal/${email}`)],
      ["cancel", (c) => c.post("/api/subscriptions/cancel", { member_email: owner.email })],
      ["upgrade initiate", (c) => c.post("/api/upgrades/initiate", { target_membership_level: "Premium", member_email: owner.email })],
      ["upgrade complete", (c) => c.post(`/api/upgrades/complete/${owner.sessionId}`)],
    ];
    for (const [name, call] of calls) {
      const a = await call(stranger);
      expect([name, a.status]).toEqual([name, 401]);
      expect(typeof a.body.detail).toBe("string");
      const b = await call(other);
      expect([name, b.status]).toEqual([name, 403]);
    }
    // tRPC answers the same.
    expect((await trpcCall(stranger, "query", "member.billing.subscription", { email: owner.email })).status).toBe(401);
    expect((await trpcCall(other, "query", "member.billing.subscription", { email: owner.email })).status).toBe(403);
    // Nothing changed for the owner.
    expect(await memberRow(owner.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
  });

  test("an admin may read and cancel any member's subscription, at once if they choose", async () => {
    const owner = await paidMember("Premium");
    const email = encodeURIComponent(owner.email);
    expect((await admin.get(`/api/subscriptions/status/${email}`)).body.subscription.status).toBe("active");
    expect((await admin.get(`/api/payments/status/${owner.sessionId}`)).body.status).toBe("completed");
    const res = await admin.post("/api/subscriptions/cancel", { member_email: owner.email, immediately: true, reason: "Requested by phone" });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe("Subscription cancelled successfully! The account has been downgraded to Basic membership.");
    expect(await memberRow(owner.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
    // Ended now, not at the period's end: no "stays active until" email, the downgrade's own instead.
    expect(await emailsTo(owner.email, "subscription_cancelled")).toHaveLength(0);
    expect(await emailsTo(owner.email, "downgraded_to_basic")).toHaveLength(1);
    const [ended] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, (await memberRow(owner.email)).id));
    expect(ended!.cancelReason).toBe("Requested by phone");
    expect((await admin.get("/api/subscriptions/status/nobody%40members.example.org")).status).toBe(404);
  });

  test("a member cannot cancel immediately", async () => {
    const owner = await paidMember("Standard");
    const res = await owner.client.post("/api/subscriptions/cancel", { member_email: owner.email, immediately: true });
    expect(res.status).toBe(200);
    expect(res.body.subscription.cancel_at_period_end).toBe(true);
    expect((await memberRow(owner.email)).membershipLevel).toBe("Standard");
  });
});

describe("portal account after paying", () => {
  test("a paid member creates a username and password once, after proving the email with a code", async () => {
    const { client, email } = await paidMember("Standard");
    const unproved = await trpcCall(client, "mutation", "member.billing.createPortalAccount", { username: "mariagonzalez", password: "a long enough password" });
    expect(unproved.status).toBe(422);
    expect(JSON.stringify(unproved.body)).toContain("email_code");
    const email_code = await emailCode(t.services, client, email);
    const res = await trpcCall(client, "mutation", "member.billing.createPortalAccount", {
      username: "mariagonzalez",
      password: "a long enough password",
      email_code,
    });
    expect(res.status).toBe(200);
    const member = await memberRow(email);
    expect(member.username).toBe("mariagonzalez");
    expect(member.passwordHash).toStartWith("$argon2id$");
    const again = await trpcCall(client, "mutation", "member.billing.createPortalAccount", { username: "other", password: "a long enough password" });
    expect(again.status).toBe(409);
    const other = await paidMember("Standard");
    const otherCode = await emailCode(t.services, other.client, other.email);
    const taken = await trpcCall(other.client, "mutation", "member.billing.createPortalAccount", {
      username: "MariaGonzalez",
      password: "a long enough password",
      email_code: otherCode,
    });
    expect(taken.status).toBe(409);
    // A taken username does not use up the code.
    const renamed = await trpcCall(other.client, "mutation", "member.billing.createPortalAccount", {
      username: "mariagonzalez2",
      password: "a long enough password",
      email_code: otherCode,
    });
    expect(renamed.status).toBe(200);
    expect((await trpcCall(t.client(), "mutation", "member.billing.createPortalAccount", { username: "x", password: "y" })).status).toBeOneOf([400, 401, 422]);
  });
});
