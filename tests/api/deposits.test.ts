import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { complianceDigests, emailOutbox } from "../../src/server/db/schema.ts";
import { sendComplianceDigests } from "../../src/server/domain/portal/compliance.ts";
import { latestEmail, linkTokenFromEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { PNG_BYTES } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

// Security deposits and the compliance calendar through PORTAL.md 3b's REST paths, on the real
// database: a Chicago lease's deposit received (the receipt), its interest, the move-out (the
// itemized statement, the return) and the calendar's lines turning done. Expected dates are worked
// out from Chicago Municipal Code 5-12-080 and written here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Thursday November 26, 2026, noon in Chicago.
  t.clock.set(new Date("2026-11-26T18:00:00Z"));
});
afterAll(() => t.close());

let seq = 0;
async function chicagoLease(options: { start?: string; deposit?: number; tenantEmail?: string } = {}) {
  const client = t.client();
  const signed = await paidOwner(client, "Standard");
  const property = await client.post("/api/portal/properties", {
    address: { line1: `${2200 + ++seq} W Cermak Rd`, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
    owner_occupied: false,
    owner_occupied_confirmed: true,
    jurisdiction: "chicago",
  });
  expect(property.status, JSON.stringify(property.body)).toBe(201);
  const email = options.tenantEmail ?? `dee.${Date.now()}.${seq}@tenants.example.net`;
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: options.start ?? "2025-06-01",
    end_date: "2026-12-31",
    rent_cents: 150_000,
    due_day: 1,
    deposit_cents: options.deposit ?? 150_000,
    late_fee: null,
    tenants: [{ first_name: "Dee", last_name: "Posit", email }],
  });
  expect(lease.status).toBe(201);
  return { client, ownerEmail: signed.email, leaseId: lease.body.id as string, tenantId: lease.body.tenants[0].id as string, email, propertyId: property.body.id as string };
}

const payAll = async (client: ApiClient, leaseId: string, from: string, months: number, amount = 150_000) => {
  const [y, m] = from.split("-").map(Number);
  for (let i = 0; i < months; i++) {
    const date = new Date(Date.UTC(y!, m! - 1 + i, 1)).toISOString().slice(0, 10);
    await client.post(`/api/portal/leases/${leaseId}/payments`, { amount_cents: amount, paid_on: date, method: "check", send_receipt: false });
  }
};

describe("a Chicago deposit's life (PORTAL.md 3b)", () => {
  test("received: held, where, its receipt made, kept and emailed; the calendar's receipt line turns done", async () => {
    const h = await chicagoLease();
    await h.client.post(`/api/portal/leases/${h.leaseId}/payments`, { amount_cents: 150_000, paid_on: "2025-06-01", method: "check", reference: "Deposit" });
    const before = await h.client.get(`/api/portal/leases/${h.leaseId}/deposit`);
    expect(before.status).toBe(200);
    // The first payment paid June's rent (rent first); the deposit is not paid yet.
    expect(before.body).toMatchObject({ held_cents: 0, rules: "chicago_rlto", receipt: null, receipt_required: true });
    // No deposit paid, no receipt to give.
    expect((await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/receipt`, {})).status).toBe(409);
    await payAll(h.client, h.leaseId, "2025-06-01", 18);
    const deposit = (await h.client.get(`/api/portal/leases/${h.leaseId}/deposit`)).body;
    // June 1, 2025 brought two payments: June's rent and the deposit.
    expect(deposit).toMatchObject({ held_cents: 150_000, received_on: "2025-06-01" });

    const institution = await h.client.put(`/api/portal/leases/${h.leaseId}/deposit`, { institution: { name: "Second Federal Bank", address: "1 N LaSalle St, Chicago, IL 60602" } });
    expect(institution.body.institution).toEqual({ name: "Second Federal Bank", address: "1 N LaSalle St, Chicago, IL 60602" });
    let calendar = (await h.client.get("/api/portal/compliance")).body.items;
    expect(calendar.find((i: { kind: string }) => i.kind === "deposit_receipt")).toMatchObject({ status: "overdue", due_on: "2025-06-01", lease_id: h.leaseId });

    const receipt = await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/receipt`, {});
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    expect(receipt.body.receipt).toMatchObject({ given_on: "2026-11-26" });
    const pdf = await h.client.download(receipt.body.receipt.pdf_path);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    for (const fact of ["SECURITY DEPOSIT RECEIPT", "$1,500.00", "June 1, 2025", "Second Federal Bank", "Dee Posit", "unit 1", "/s/", "5-12-080(b)"]) expect(text).toContain(fact);
    const mail = await latestEmail(t.services, h.email, "deposit_receipt");
    expect(mail.attachments).toEqual([{ filename: expect.stringMatching(/^security-deposit-receipt-2026-11-26\.pdf$/), contentType: "application/pdf", portalFile: expect.any(String) }]);
    calendar = (await h.client.get("/api/portal/compliance")).body.items;
    expect(calendar.find((i: { kind: string }) => i.kind === "deposit_receipt").status).toBe("done");
  });

  test("interest: the first year's 0.01% on $1,500 is $0.15, due June 30, 2026; credited to rent, it is on the ledger and done", async () => {
    const h = await chicagoLease();
    // The deposit and June's rent paid on June 1, 2025, then every month's rent.
    await h.client.post(`/api/portal/leases/${h.leaseId}/payments`, { amount_cents: 150_000, paid_on: "2025-06-01", method: "check", send_receipt: false });
    await payAll(h.client, h.leaseId, "2025-06-01", 18);
    const deposit = (await h.client.get(`/api/portal/leases/${h.leaseId}/deposit`)).body;
    expect(deposit.interest[0]).toMatchObject({ period_start: "2025-06-01", period_end: "2026-05-31", rate_year: 2025, rate_percent: null, amount_cents: null, due_on: "2026-06-30" });
    // 2025's rate is not in the shipped table: an administrator enters it from the Comptroller's notice.
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const added = await admin.post("/api/admin/deposit-interest-rates", { rule_set: "chicago_rlto", year: 2025, rate_percent: "0.01", source: "City Comptroller's notice for 2025" });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await admin.post("/api/admin/deposit-interest-rates", { rule_set: "chicago_rlto", year: 2025, rate_percent: "0.02", source: "Again" })).status).toBe(409);
    const now = (await h.client.get(`/api/portal/leases/${h.leaseId}/deposit`)).body;
    expect(now.interest[0]).toMatchObject({ rate_percent: "0.01%", amount_cents: 15, settled_on: null });
    const overdue = (await h.client.get("/api/portal/compliance")).body.items.find((i: { kind: string; due_on: string }) => i.kind === "deposit_interest" && i.due_on === "2026-06-30");
    expect(overdue).toMatchObject({ status: "overdue", source: "Chicago Municipal Code 5-12-080(c) and 5-12-081" });
    expect(overdue.stake).toContain("twice the deposit");

    const settled = await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/interest`, { period_start: "2025-06-01", settled_as: "rent_credit", settled_on: "2026-11-26" });
    expect(settled.status).toBe(201);
    expect(settled.body.interest[0]).toMatchObject({ settled_on: "2026-11-26", settled_as: "rent_credit" });
    const ledger = (await h.client.get(`/api/portal/leases/${h.leaseId}/ledger`)).body;
    expect(ledger.entries.find((e: { kind: string; description: string }) => e.kind === "credit" && e.description.includes("interest"))).toMatchObject({ amount_cents: -15 });
    expect((await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/interest`, { period_start: "2025-06-01", settled_as: "cash", settled_on: "2026-11-26" })).status).toBe(409);
    // The second period has not ended: its interest is not owed yet.
    expect((await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/interest`, { period_start: "2026-06-01", settled_as: "cash", settled_on: "2026-11-26" })).status).toBe(409);
  });

  test("moved out: the statement due in 30 days and the return in 45; the itemized statement keeps rent and damage, returns the rest, and the lines turn done", async () => {
    const h = await chicagoLease();
    // Paid every month through October 2026, the deposit with the first; November unpaid.
    await payAll(h.client, h.leaseId, "2025-06-01", 17);
    await h.client.post(`/api/portal/leases/${h.leaseId}/payments`, { amount_cents: 150_000, paid_on: "2025-06-02", method: "check", send_receipt: false });
    const photo = await h.client.upload(`/api/portal/leases/${h.leaseId}/documents`, { name: "broken-window.png", bytes: PNG_BYTES }, { title: "Broken window", shared_with_tenants: "false" });
    expect(photo.status).toBe(201);
    const moved = await h.client.post(`/api/portal/leases/${h.leaseId}/move-out`, { vacated_on: "2026-11-20", forwarding_address: "900 N Lake Shore Dr, Chicago, IL 60611", forwarding_email: "dee.new@example.net", casualty: false });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // 5-12-080(d): 30 days after November 20 is December 20; 45 days is January 4.
    expect(moved.body.move_out).toMatchObject({ statement_due_on: "2026-12-20", return_due_on: "2027-01-04", statement: null });
    let calendar = (await h.client.get("/api/portal/compliance")).body.items.filter((i: { lease_id: string }) => i.lease_id === h.leaseId);
    expect(calendar.filter((i: { kind: string }) => i.kind === "move_out_statement" || i.kind === "deposit_return").map((i: { kind: string; due_on: string; status: string }) => [i.kind, i.due_on, i.status])).toEqual([
      ["move_out_statement", "2026-12-20", "upcoming"],
      ["deposit_return", "2027-01-04", "upcoming"],
    ]);

    // More than the ledger's unpaid rent, or than the deposit, is refused.
    const tooMuchRent = await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/statement`, { deductions: [{ kind: "unpaid_rent", description: "November rent", amount_cents: 150_001 }] });
    expect(tooMuchRent.status).toBe(422);
    const fileId = photo.body.file.id as string;
    const statement = await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/statement`, {
      deductions: [
        { kind: "unpaid_rent", description: "November 2026 rent, unpaid", amount_cents: 100_000 },
        { kind: "damage", description: "Broken bedroom window", amount_cents: 25_000, estimate: true, file_ids: [fileId] },
      ],
    });
    expect(statement.status, JSON.stringify(statement.body)).toBe(201);
    expect(statement.body.move_out).toMatchObject({ kept_cents: 125_000, returned_cents: 25_000, statement: { sent_on: "2026-11-26" }, receipts_due_on: "2026-12-26" });
    const text = await pdfText((await h.client.download(statement.body.move_out.statement.pdf_path)).body);
    for (const fact of ["ITEMIZED STATEMENT", "$1,500.00", "Broken bedroom window", "estimated cost", "broken-window.png", "January 4, 2027", "5-12-080(d)"]) expect(text).toContain(fact);
    const mail = await latestEmail(t.services, "dee.new@example.net", "deposit_statement");
    expect(mail.text).toContain("is returned to you by Jan 4, 2027");
    // The books: the damage charged, $1,250 kept (rent first, then the damage), $250 returned, nothing held.
    const ledger = (await h.client.get(`/api/portal/leases/${h.leaseId}/ledger`)).body;
    const kinds = ledger.entries.filter((e: { date: string }) => e.date === "2026-11-26").map((e: { kind: string; amount_cents: number }) => [e.kind, e.amount_cents]);
    expect(kinds).toEqual([
      ["fee", 25_000],
      ["deposit_applied", -125_000],
      ["deposit_returned", 0],
    ]);
    expect((await h.client.get(`/api/portal/leases/${h.leaseId}/deposit`)).body.held_cents).toBe(0);
    // November's rent: $1,000 of it paid from the deposit, $500 still owed.
    expect(ledger.balance_cents).toBe(50_000);
    calendar = (await h.client.get("/api/portal/compliance")).body.items.filter((i: { lease_id: string }) => i.lease_id === h.leaseId);
    const lines = calendar.filter((i: { kind: string }) => ["move_out_statement", "deposit_return", "deduction_receipts"].includes(i.kind));
    expect(Object.fromEntries(lines.map((i: { kind: string; status: string; due_on: string }) => [i.kind, [i.status, i.due_on]]))).toEqual({
      move_out_statement: ["done", "2026-12-20"],
      deposit_return: ["done", "2027-01-04"],
      // The estimated window's paid receipt follows within 30 days of the statement.
      deduction_receipts: ["upcoming", "2026-12-26"],
    });
    const receipts = await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/statement/receipts`, { file_ids: [fileId] });
    expect(receipts.status).toBe(200);
    expect(receipts.body.move_out.receipts_sent_on).toBe("2026-11-26");
    expect((await h.client.post(`/api/portal/leases/${h.leaseId}/deposit/statement`, { deductions: [] })).status).toBe(409);
  });

  test("condition reports: the owner records move-in, the tenant signs it from the tenant portal; once signed it no longer changes", async () => {
    const h = await chicagoLease();
    const saved = await h.client.post(`/api/portal/leases/${h.leaseId}/condition-reports`, {
      kind: "move_in",
      inspected_on: "2025-06-01",
      items: [
        { room: "Kitchen", item: "Oven", condition: "good" },
        { room: "Bedroom", item: "Window", condition: "fair", note: "Small chip, lower left" },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await h.client.post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenantId}/invite`);
    const tenant = t.client();
    await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, h.email, "tenant_invite") });
    const seen = await tenant.get(`/api/tenant/leases/${h.leaseId}/condition-reports`);
    expect(seen.body.reports[0].items.map((i: { item: string }) => i.item)).toEqual(["Oven", "Window"]);
    expect((await tenant.post(`/api/tenant/condition-reports/${saved.body.id}/sign`, { consent: true, signature_name: "Dee Posit", comment: "The window chip was there" })).status).toBe(200);
    expect((await tenant.post(`/api/tenant/condition-reports/${saved.body.id}/sign`, { consent: true, signature_name: "Dee Posit" })).status).toBe(409);
    const again = await h.client.post(`/api/portal/leases/${h.leaseId}/condition-reports`, { kind: "move_in", inspected_on: "2025-06-01", items: [{ room: "Kitchen", item: "Oven", condition: "poor" }] });
    expect(again.status).toBe(409);
    const listed = (await h.client.get(`/api/portal/leases/${h.leaseId}/condition-reports`)).body.reports[0];
    expect(listed).toMatchObject({ tenant_signature_name: "Dee Posit", tenant_comment: "The window chip was there" });
  });
});

describe("the weekly compliance email", () => {
  test("goes once a week to an owner with a line due within 14 days, not to one who turned it off", async () => {
    const h = await chicagoLease();
    await h.client.post(`/api/portal/leases/${h.leaseId}/payments`, { amount_cents: 300_000, paid_on: "2025-06-01", method: "check", send_receipt: false });
    const off = await chicagoLease();
    await off.client.post(`/api/portal/leases/${off.leaseId}/payments`, { amount_cents: 300_000, paid_on: "2025-06-01", method: "check", send_receipt: false });
    expect((await off.client.put("/api/portal/settings/compliance-digest", { enabled: false })).body).toEqual({ compliance_digest: false });
    await Promise.all([sendComplianceDigests(t.services, "2026-11-26"), sendComplianceDigests(t.services, "2026-11-26")]);
    await sendComplianceDigests(t.services, "2026-11-28");
    const mails = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, h.ownerEmail), eq(emailOutbox.template, "compliance_digest")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("OVERDUE: Give the tenant a signed receipt");
    expect(await t.services.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, off.ownerEmail), eq(emailOutbox.template, "compliance_digest")))).toBe(0);
    // The next week, another.
    await sendComplianceDigests(t.services, "2026-11-30");
    expect(await t.services.db.$count(complianceDigests, eq(complianceDigests.week, "2026-11-30"))).toBeGreaterThanOrEqual(1);
  });
});
