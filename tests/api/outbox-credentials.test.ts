import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { adminAuditLog, emailOutbox } from "../../src/server/db/schema.ts";
import { deliverDueEmails, smtpTransport } from "../../src/server/mail/worker.ts";
import { applyAndSign, delivered, emailCode, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

// A credential sent to a person is theirs alone (DECISIONS.md 29, PORTAL.md 1): the association's
// staff read the outbox, and must never find a usable sign-in, password or application link, email
// code or tenant invitation in it. With SMTP on, the outbox hides them; every read of a message's
// body is an audit entry.

setDefaultTimeout(60_000);

const TOKEN = /token=([a-z2-7]{32})/;

let smtp: TestSmtpServer;
let mailing: TestApp;
let development: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  [mailing, development] = await Promise.all([createTestApp({ SMTP_URL: smtp.url }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([mailing.close(), development.close()]);
  await smtp.close();
});

async function latestRow(t: TestApp, to: string, template: string) {
  const [row] = await t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row!;
}

describe("with a mail server (the outbox is a record, not a mailbox)", () => {
  test("an administrator reading a member's sign-in link finds no usable link, and the read is audited", async () => {
    const { email } = await applyAndSign(mailing.client(), "Standard");
    expect((await mailing.client().post("/api/auth/sign-in-link", { email })).status).toBe(200);
    const row = await latestRow(mailing, email, "sign_in_link");

    const admin = mailing.client();
    await signInAsAdmin(mailing.services, admin);
    const read = await admin.get(`/api/admin/outbox/${row.id}`);
    expect(read.status).toBe(200);
    expect(read.body.credentials).toBe("hidden");
    expect(read.body.test_mode_mailbox).toBe(false);
    for (const part of [read.body.text, read.body.html, read.body.subject]) expect(part).not.toMatch(TOKEN);
    expect(read.body.text).toContain("/account/link?token=[hidden: sent to the recipient only]");
    // Nothing stored in the text, html or subject can be used either.
    for (const part of [row.text, row.html, row.subject]) expect(part).not.toMatch(TOKEN);

    const log = await mailing.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, row.id));
    expect(log.map((e) => e.action)).toEqual(["outbox_message_read"]);
    expect(log[0]!.details).toEqual({ template: "sign_in_link", credentials: "hidden" });

    // The tRPC read is the same, and audited too.
    const viaTrpc = await admin.get(`/trpc/admin.records.outboxMessage?input=${encodeURIComponent(JSON.stringify({ id: row.id }))}`);
    expect(viaTrpc.status).toBe(200);
    expect(JSON.stringify(viaTrpc.body)).not.toMatch(TOKEN);
    expect(await mailing.services.db.$count(adminAuditLog, eq(adminAuditLog.targetId, row.id))).toBe(2);

    // The list says this server delivers what it queues; one without SMTP says it does not.
    const list = async (t: TestApp) => {
      const staff = t.client();
      await signInAsAdmin(t.services, staff);
      const res = await staff.get(`/trpc/admin.records.outbox?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`);
      expect(res.status).toBe(200);
      return res.body.result.data;
    };
    expect((await list(mailing)).delivered).toBe(true);
    expect((await list(development)).delivered).toBe(false);
  });

  test("the member receives the working link over SMTP; once sent, the outbox no longer holds it", async () => {
    const { email } = await applyAndSign(mailing.client(), "Standard");
    await mailing.client().post("/api/auth/sign-in-link", { email });
    const row = await latestRow(mailing, email, "sign_in_link");
    expect(row.credentials).toHaveLength(1);

    const before = smtp.received.length;
    await deliverDueEmails(mailing.services, smtpTransport(smtp.url));
    const received = (await smtp.waitFor(before + 1)).find((m) => m.outboxId === row.id)!;
    const token = received.parsed.text!.match(TOKEN)![1]!;
    expect(received.parsed.html).toContain(`token=${token}`);

    const after = (await mailing.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id)))[0]!;
    expect(after.status).toBe("sent");
    expect(after.credentials).toBeNull();
    expect(JSON.stringify(after)).not.toContain(token);

    const admin = mailing.client();
    await signInAsAdmin(mailing.services, admin);
    const read = await admin.get(`/api/admin/outbox/${row.id}`);
    expect(read.body.status).toBe("sent");
    expect(JSON.stringify(read.body)).not.toContain(token);

    // The link is the member's: it signs them in.
    const member = mailing.client();
    expect((await member.post("/api/auth/sign-in-link/confirm", { token })).status).toBe(200);
  });

  test("email codes, application links and tenant invitations are hidden too, in the list and in the message", async () => {
    const owner = mailing.client();
    const signed = await paidOwner(owner, "Standard");
    await emailCode(mailing.services, owner, signed.email);
    const code = await latestRow(mailing, signed.email, "email_code");
    const application = await latestRow(mailing, signed.email, "application_received");
    const property = await owner.post("/api/portal/properties", {
      address: { line1: "4410 N Winthrop Ave", city: "Chicago", zip: "60640" },
      property_type: "single_family",
    });
    const tenantEmail = `tina.${Date.now()}@tenants.example.net`;
    const lease = await owner.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: "2026-01-01",
      rent_cents: 150_000,
      due_day: 1,
      deposit_cents: 0,
      late_fee: null,
      tenants: [{ first_name: "Tina", last_name: "Tenant", email: tenantEmail }],
    });
    expect(lease.status).toBe(201);
    expect((await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`)).status).toBe(200);
    const invitation = await latestRow(mailing, tenantEmail, "tenant_invite");

    const admin = mailing.client();
    await signInAsAdmin(mailing.services, admin);
    const list = await admin.get(`/api/admin/outbox?q=${encodeURIComponent(signed.email)}`);
    const listed = list.body.find((m: { id: string }) => m.id === code.id);
    expect(listed.subject).toBe("Your confirmation code: [hidden: sent to the recipient only]");
    const realCode = delivered(code).subject.match(/\d{6}/)![0];
    for (const id of [code.id, application.id, invitation.id]) {
      const read = await admin.get(`/api/admin/outbox/${id}`);
      expect(read.body.credentials).toBe("hidden");
      expect(JSON.stringify(read.body)).not.toMatch(TOKEN);
      expect(JSON.stringify(read.body)).not.toContain(realCode);
    }
  });

  test("a message without a credential reads as it was sent", async () => {
    const { email } = await applyAndSign(mailing.client(), "Basic");
    const signedMail = await latestRow(mailing, email, "agreement_signed");
    const admin = mailing.client();
    await signInAsAdmin(mailing.services, admin);
    const read = await admin.get(`/api/admin/outbox/${signedMail.id}`);
    expect(read.body.credentials).toBe("none");
    expect(read.body.text).toBe(signedMail.text);
  });
});

describe("without a mail server (development: the outbox is the only mailbox)", () => {
  test("the message shows its link under the TEST MODE flag, and the read is still audited", async () => {
    const { email } = await applyAndSign(development.client(), "Standard");
    await development.client().post("/api/auth/sign-in-link", { email });
    const row = await latestRow(development, email, "sign_in_link");
    const admin = development.client();
    await signInAsAdmin(development.services, admin);
    const read = await admin.get(`/api/admin/outbox/${row.id}`);
    expect(read.body.credentials).toBe("shown");
    expect(read.body.test_mode_mailbox).toBe(true);
    expect(read.body.text).toContain(`token=${row.credentials![0]}`);
    expect(await development.services.db.$count(adminAuditLog, eq(adminAuditLog.targetId, row.id))).toBe(1);
  });
});
