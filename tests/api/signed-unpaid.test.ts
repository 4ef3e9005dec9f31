import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, applications, emailOutbox, members, paymentReminders } from "../../src/server/db/schema.ts";
import { PAYMENT_REMINDER_AFTER_MS, sendDuePaymentReminders } from "../../src/server/domain/payment-reminders.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { applyAndSign, signInAsAdmin, delivered } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { secondProcess } from "../support/second-process.ts";

// Members who signed Standard or Premium and left the checkout: counted as what they are, reminded
// once by email, sent a payment link by an admin, and active once they pay.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close(), 120_000);

const MINUTE = 60_000;

async function admin(): Promise<ApiClient> {
  const client = t.client();
  await signInAsAdmin(t.services, client);
  return client;
}

/** The dashboard's figures, computed anew (they are served from memory for up to 5 minutes). */
async function stats() {
  t.clock.advance(6 * MINUTE);
  return (await (await admin()).get("/api/admin/dashboard/stats")).body;
}

async function pay(client: ApiClient, applicationId: string) {
  const initiated = await client.post(`/api/membership/initiate-payment/${applicationId}`, {});
  expect(initiated.status).toBe(200);
  const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionIdOf(initiated.body.checkout_url), card_number: "4242424242424242" });
  expect(paid.status).toBe(200);
}

/** The messages as their recipient gets them (the outbox keeps each link's token apart from the text). */
const mails = async (email: string, template: string) =>
  (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)))).map(delivered);

describe("signed, unpaid", () => {
  test("the dashboard counts a signer who has not paid as signed, unpaid, and as Premium once paid; the application moves on", async () => {
    const before = await stats();
    const client = t.client();
    const signed = await applyAndSign(client, "Premium");
    const unpaid = await stats();
    expect(unpaid.signed_unpaid_members).toBe(before.signed_unpaid_members + 1);
    expect(unpaid.premium_members).toBe(before.premium_members);
    expect(unpaid.total_members).toBe(before.total_members + 1);
    const [application] = await t.services.db.select().from(applications).where(eq(applications.id, signed.applicationId));
    expect(application!.status).toBe("awaiting_payment");
    // The admin's member list says so too.
    const listed = await (await admin()).get(`/api/admin/members/search?q=${encodeURIComponent(signed.email)}`);
    expect(listed.body[0]).toMatchObject({ status: "awaiting_payment", subscription_state: "Signed, unpaid" });

    await pay(client, signed.applicationId);
    const paid = await stats();
    expect(paid.signed_unpaid_members).toBe(before.signed_unpaid_members);
    expect(paid.premium_members).toBe(before.premium_members + 1);
    const [after] = await t.services.db.select().from(applications).where(eq(applications.id, signed.applicationId));
    expect(after!.status).toBe("active");
    const relisted = await (await admin()).get(`/api/admin/members/search?q=${encodeURIComponent(signed.email)}`);
    expect(relisted.body[0].subscription_state).toBe("Paid");
  });

  test("a day after signing the reminder with a sign-in link is emailed once, even with two processes running the job", async () => {
    const unpaid = await applyAndSign(t.client(), "Standard");
    const paying = t.client();
    const paidLater = await applyAndSign(paying, "Premium");
    const basic = await applyAndSign(t.client(), "Basic");
    await pay(paying, paidLater.applicationId);
    // Not yet a day.
    await sendDuePaymentReminders(t.services);
    expect(await mails(unpaid.email, "payment_reminder")).toHaveLength(0);

    t.clock.advance(PAYMENT_REMINDER_AFTER_MS + MINUTE);
    const other = await secondProcess(t);
    try {
      await Promise.all([sendDuePaymentReminders(t.services), sendDuePaymentReminders(other.services), sendDuePaymentReminders(t.services)]);
      await sendDuePaymentReminders(other.services);
    } finally {
      await other.close();
    }
    const [reminder, ...more] = await mails(unpaid.email, "payment_reminder");
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toBe("Complete your Standard membership payment");
    expect(reminder!.text).toContain("$50/month");
    expect(await mails(paidLater.email, "payment_reminder")).toHaveLength(0);
    expect(await mails(basic.email, "payment_reminder")).toHaveLength(0);

    // The link signs the member in (on any device); the portal then offers the payment.
    const token = reminder!.text.match(/\/account\/link\?token=([a-z2-7]{32})/)![1]!;
    const phone = t.client();
    const confirmed = await phone.post("/api/auth/sign-in-link/confirm", { token });
    expect(confirmed.status).toBe(200);
    const me = await phone.get("/api/auth/me");
    expect(me.body).toMatchObject({ email: unpaid.email, status: "awaiting_payment" });
  });

  test("an admin sends a payment link: the email and the audit entry are written together, and only for a signed, unpaid member", async () => {
    const unpaid = await applyAndSign(t.client(), "Premium");
    const basic = await applyAndSign(t.client(), "Basic");
    const [member] = await t.services.db.select().from(members).where(eq(members.email, unpaid.email));
    const [basicMember] = await t.services.db.select().from(members).where(eq(members.email, basic.email));
    const staff = await admin();

    const refused = await staff.post(`/api/admin/members/${basicMember!.id}/payment-link`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("no payment to complete");
    expect(await mails(basic.email, "payment_reminder")).toHaveLength(0);
    expect(await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, basicMember!.id))).toHaveLength(0);
    expect((await staff.post(`/api/admin/members/${crypto.randomUUID()}/payment-link`)).status).toBe(404);
    expect((await staff.post(`/api/admin/members/not-an-id/payment-link`)).status).toBe(404);

    const sent = await staff.post(`/api/admin/members/${member!.id}/payment-link`);
    expect(sent.status).toBe(200);
    expect(sent.body.detail).toBe(`A payment link was emailed to ${unpaid.email}.`);
    expect(await mails(unpaid.email, "payment_reminder")).toHaveLength(1);
    const audit = await t.services.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, member!.id), eq(adminAuditLog.action, "payment_link_sent")));
    expect(audit).toHaveLength(1);
    // The scheduled reminder does not repeat what the admin sent.
    t.clock.advance(PAYMENT_REMINDER_AFTER_MS + MINUTE);
    await sendDuePaymentReminders(t.services);
    expect(await mails(unpaid.email, "payment_reminder")).toHaveLength(1);
    expect(await t.services.db.select().from(paymentReminders).where(eq(paymentReminders.memberId, member!.id))).toHaveLength(1);
    // The audit log names the member.
    const log = await (await admin()).get("/api/admin/audit-log?limit=5");
    const entry = log.body.items.find((e: { action: string }) => e.action === "payment_link_sent");
    expect(entry.target_label).toContain(unpaid.email);
  });
});

describe("plan changes and resuming with the test provider", () => {
  test("a plan change is previewed without changing anything, both ways; a cancellation is resumed", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    await pay(client, signed.applicationId);
    const preview = await client.post("/api/upgrades/preview", { member_email: signed.email, target_membership_level: "Premium" });
    expect(preview.status).toBe(200);
    expect(preview.body.proration_cents).toBeGreaterThan(4900);
    expect(preview.body.proration_cents).toBeLessThanOrEqual(5000);
    expect(preview.body.summary).toMatch(/^Change from Standard to Premium \(\$100\/month\)\. \d+\.\d\d USD is charged to your card now/);
    const [still] = await t.services.db.select().from(members).where(eq(members.email, signed.email));
    expect(still!.membershipLevel).toBe("Standard");
    expect((await client.post("/api/upgrades/preview", { member_email: signed.email, target_membership_level: "Standard" })).status).toBe(409);
    expect((await client.post("/api/upgrades/preview", { member_email: signed.email, target_membership_level: "Gold" })).status).toBe(422);
    expect((await t.client().post("/api/upgrades/preview", { member_email: signed.email, target_membership_level: "Premium" })).status).toBe(401);

    expect((await client.post("/api/upgrades/initiate", { target_membership_level: "Premium", member_email: signed.email })).status).toBe(200);
    const down = await client.post("/api/upgrades/preview", { member_email: signed.email, target_membership_level: "Standard" });
    expect(down.body.proration_cents).toBeLessThan(0);
    expect(down.body.summary).toContain("is credited toward your next bills");
    expect((await client.post("/api/upgrades/initiate", { target_membership_level: "Standard", member_email: signed.email })).status).toBe(200);
    const [standard] = await t.services.db.select().from(members).where(eq(members.email, signed.email));
    expect(standard!.membershipLevel).toBe("Standard");

    await client.post("/api/subscriptions/cancel", { member_email: signed.email });
    const resumed = await client.post("/api/subscriptions/resume", { member_email: signed.email });
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscription).toMatchObject({ cancel_at_period_end: false, membership_level: "Standard" });
    expect((await client.post("/api/subscriptions/resume", { member_email: signed.email })).status).toBe(409);
  });
});
