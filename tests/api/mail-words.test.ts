import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { inArray } from "drizzle-orm";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { deliverDueEmails, smtpTransport } from "../../src/server/mail/worker.ts";
import { adminClient, communityMember } from "../support/community.ts";
import { linkTokenFromEmail, paidOwner } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

// The words of the portal's and the community's emails as they arrive over SMTP (issue 31 item
// 11): names as entered, the urgency and the state of a maintenance request in words, and the
// text part of a legal update keeping its headings, lists and paragraphs.

setDefaultTimeout(60_000);

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

/** Sends what the outbox holds to the loopback server; answers the messages to `to`, oldest first. */
async function arrived(to: string[]) {
  const before = smtp.received.length;
  const { sent } = await deliverDueEmails(t.services, smtpTransport(smtp.url));
  const received = await smtp.waitFor(before + sent);
  return received.slice(before).filter((m) => m.envelopeTo.some((a) => to.includes(a)));
}

describe("maintenance emails", () => {
  test("the owner reads the tenant's name as entered and the urgency in words; each state of the request has its own subject", async () => {
    const owner = t.client();
    const signed = await paidOwner(owner, "Standard", { first_name: "Olivia", last_name: "Owens" });
    const property = await owner.post("/api/portal/properties", { name: "Loomis two-flat", address: { line1: "1812 S Loomis St", city: "Chicago", zip: "60608" }, property_type: "multi_family", units: [{ label: "1" }] });
    const tenantEmail = `tina.${Date.now()}@tenants.example.net`;
    const lease = await owner.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: `${plusMonths(periodOf(chicagoToday(t.services.now())), -1)}-01`,
      rent_cents: 120_000,
      due_day: 1,
      tenants: [{ first_name: "Tina", last_name: "Tenant", email: tenantEmail }],
    });
    expect(lease.status).toBe(201);
    await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
    const tenant = t.client();
    expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, tenantEmail, "tenant_invite") })).status).toBe(200);
    await t.services.db.delete(emailOutbox).where(inArray(emailOutbox.toAddress, [signed.email, tenantEmail]));

    const created = await tenant.post("/api/tenant/maintenance", { lease_id: lease.body.id, title: "Radiator cold", description: "The bedroom radiator is cold.", category: "hvac", priority: "high" });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const [sent] = await arrived([signed.email]);
    expect(sent!.parsed.subject).toBe("New maintenance request: Radiator cold (Loomis two-flat, unit 1)");
    expect(sent!.parsed.text).toContain('Tina Tenant sent a high-priority maintenance request: "Radiator cold" at Loomis two-flat, unit 1.');
    expect(sent!.parsed.text).not.toContain("tina tenant");
    expect(sent!.parsed.html).toContain("Tina Tenant sent a high-priority maintenance request");

    for (const to of ["acknowledged", "in_progress", "completed"]) {
      expect((await owner.post(`/api/portal/maintenance/${id}/transitions`, { to, note: "" })).status).toBe(200);
    }
    expect((await owner.post(`/api/portal/maintenance/${id}/comments`, { body: "Fixed the valve." })).status).toBe(201);
    const toTenant = await arrived([tenantEmail]);
    expect(toTenant.map((m) => m.parsed.subject)).toEqual([
      "Maintenance request acknowledged: Radiator cold (Loomis two-flat, unit 1)",
      "Maintenance request in progress: Radiator cold (Loomis two-flat, unit 1)",
      "Maintenance request completed: Radiator cold (Loomis two-flat, unit 1)",
      "New comment on a maintenance request: Radiator cold (Loomis two-flat, unit 1)",
    ]);
    expect(toTenant[2]!.parsed.text).toContain('Your request is now completed: "Radiator cold"');
    expect(toTenant[3]!.parsed.text).toContain("Olivia Owens (owner) commented");
  });
});

describe("legal update emails", () => {
  test("the text part keeps the update's headings, list items and paragraphs apart; the HTML part is the post's HTML", async () => {
    const member = await communityMember(t, "Basic");
    const admin = await adminClient(t);
    const body = [
      "## What changed",
      "",
      "Cook County's ordinance now asks two things of landlords.",
      "",
      "- Give the **summary** with every lease",
      "- Return the deposit within 30 days",
      "",
      "### Deadlines",
      "",
      "1. June 1: new leases",
      "2. December 1: renewals",
      "",
      "Read [the ordinance](https://www.cookcountyil.gov/rto).",
    ].join("\n");
    const created = await admin.post("/api/admin/updates", { title: "Cook County RTO changes", excerpt: "Two new duties.", body, visibility: "members", tags: [], status: "published", send_email: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mail = (await arrived([member.email])).find((m) => m.parsed.subject?.startsWith("Legal update"));
    expect(mail?.parsed.subject).toBe("Legal update: Cook County RTO changes");
    const text = mail!.parsed.text!;
    expect(text).toContain(
      [
        "What changed",
        "============",
        "",
        "Cook County's ordinance now asks two things of landlords.",
        "",
        "- Give the summary with every lease",
        "- Return the deposit within 30 days",
        "",
        "Deadlines",
        "---------",
        "",
        "1. June 1: new leases",
        "2. December 1: renewals",
        "",
        "Read the ordinance (https://www.cookcountyil.gov/rto).",
      ].join("\n"),
    );
    expect(mail!.parsed.html).toContain("<h2>What changed</h2>");
    expect(mail!.parsed.html).toContain("<li>Give the <strong>summary</strong> with every lease</li>");
  });
});
