import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chicagoToday, dateLabel, firstDayOf, longDateLabel, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { emailOutbox, type InlineAttachment } from "../../src/server/db/schema.ts";
import { linkTokenFromEmail, paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp, middleOfThisMonth } from "../support/harness.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { pdfText } from "../support/pdf-text.ts";

// Payment receipts through their REST paths (issue 30, item 4): every payment has a PDF receipt
// with the payer, the payee, the unit, the date, the method, the amount and the ledger's balance
// right after it in ledger order; the owner downloads it and emails it again (PDF attached), the
// tenant downloads it; a voided payment's receipt says VOID; only payments have one, and an entry
// that is not the caller's answers like one that does not exist.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The 15th: this file moves its clock to the next 1st and dates things earlier in the month.
  t.clock.set(middleOfThisMonth());
});
afterAll(() => t.close());

const today = () => chicagoToday(t.services.now());
let seq = 0;

async function home() {
  const owner = t.client();
  await paidOwner(owner, "Standard", { first_name: "Rita", last_name: "Receipt" });
  const property = await owner.post("/api/portal/properties", {
    address: { line1: `${700 + ++seq} N Ledger St`, city: "Evanston", zip: "60201" },
    property_type: "multi_family",
    units: [{ label: "2R" }],
  });
  const tessEmail = `tess.${Date.now()}.${seq}@tenants.example.net`;
  const codyEmail = `cody.${Date.now()}.${seq}@tenants.example.net`;
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: firstDayOf(plusMonths(periodOf(today()), -1)),
    rent_cents: 100_000,
    due_day: 1,
    late_fee: null,
    tenants: [
      { first_name: "Tess", last_name: "Payer", email: tessEmail },
      { first_name: "Cody", last_name: "Payer", email: codyEmail },
    ],
  });
  expect(lease.status).toBe(201);
  const tessId = lease.body.tenants.find((x: { email: string }) => x.email === tessEmail).id as string;
  await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${tessId}/invite`);
  const tenant = t.client();
  await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, tessEmail, "tenant_invite") });
  return { owner, tenant, leaseId: lease.body.id as string, tessEmail, codyEmail, line1: `${700 + seq} N Ledger St` };
}

const pay = async (owner: ApiClient, leaseId: string, body: Record<string, unknown>) => {
  const res = await owner.post(`/api/portal/leases/${leaseId}/payments`, { send_receipt: false, ...body });
  expect(res.status).toBe(201);
  return res.body.entry as { id: string; balance_cents: number };
};

async function receiptText(client: ApiClient, path: string) {
  const res = await client.download(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="receipt-\d{4}-\d{2}-\d{2}-R-[0-9A-F]{8}\.pdf"$/);
  return pdfText(res.body);
}

describe("a payment's receipt", () => {
  test("payer, payee, unit, date, method, amount and the balance right after it in ledger order, for the owner and the tenant alike", async () => {
    const h = await home();
    // Two months of rent: $2,000.00. A check today, then a money order recorded later but dated earlier.
    const check = await pay(h.owner, h.leaseId, { amount_cents: 60_000, paid_on: today(), method: "check", reference: "1042" });
    const earlier = await pay(h.owner, h.leaseId, { amount_cents: 50_000, paid_on: firstDayOf(periodOf(today())), method: "money_order" });
    const text = await receiptText(h.owner, `/api/portal/ledger/${check.id}/receipt`);
    for (const fact of [
      "PAYMENT RECEIPT",
      `Receipt R-${check.id.slice(0, 8).toUpperCase()}`,
      "Amount paid $600.00",
      `Date paid ${longDateLabel(today())}`,
      "Received from Cody Payer and Tess Payer",
      "Received by Rita Receipt",
      `For the home at ${h.line1}, unit 2R, Evanston, IL 60201`,
      "Method Check (reference 1042)",
    ]) {
      expect(text).toContain(fact);
    }
    // In ledger order the money order (dated earlier) comes first: $2,000.00 - $500.00 - $600.00.
    const order = (await h.owner.get(`/api/portal/leases/${h.leaseId}/ledger`)).body.entries.map((e: { id: string }) => e.id);
    expect(order.indexOf(earlier.id)).toBeLessThan(order.indexOf(check.id));
    expect(text).toContain("Balance after this payment $900.00 due");
    expect(text).not.toContain("VOID");
    // The tenant downloads the same receipt.
    expect(await receiptText(h.tenant, `/api/tenant/payments/${check.id}/receipt`)).toBe(text);
    const first = await receiptText(h.owner, `/api/portal/ledger/${earlier.id}/receipt`);
    expect(first).toContain("Method Money order");
    expect(first).toContain("Balance after this payment $1,500.00 due");
    // Paid beyond what is owed: a credit.
    const ahead = await pay(h.owner, h.leaseId, { amount_cents: 100_000, paid_on: today(), method: "cash" });
    expect(await receiptText(h.owner, `/api/portal/ledger/${ahead.id}/receipt`)).toContain("Balance after this payment $100.00 credit");
  });

  test("a voided payment's receipt says VOID, with the reason", async () => {
    const h = await home();
    const check = await pay(h.owner, h.leaseId, { amount_cents: 100_000, paid_on: today(), method: "check", reference: "77" });
    expect((await h.owner.post(`/api/portal/ledger/${check.id}/void`, { reason: "the check bounced" })).status).toBe(201);
    const text = await receiptText(h.owner, `/api/portal/ledger/${check.id}/receipt`);
    expect(text).toContain("VOID");
    expect(text).toContain("This payment was voided on");
    expect(text).toContain("the check bounced");
    expect(await receiptText(h.tenant, `/api/tenant/payments/${check.id}/receipt`)).toContain("VOID");
  });

  test("an online payment's receipt names the tenant who paid, and how", async () => {
    const h = await home();
    const onboarding = await h.owner.post("/api/portal/payouts");
    await trpcCall(h.owner, "mutation", "public.testProvider.completeOnboarding", { account: new URL(onboarding.body.onboarding_url).searchParams.get("account") });
    const started = await h.tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 25_000 });
    await trpcCall(h.tenant, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(started.body.checkout_url), method: "card", card_number: "4242424242424242" });
    const entry = (await h.tenant.get(`/api/tenant/leases/${h.leaseId}/ledger`)).body.entries.find((e: { kind: string }) => e.kind === "payment");
    const text = await receiptText(h.tenant, `/api/tenant/payments/${entry.id}/receipt`);
    expect(text).toContain("Received from Tess Payer");
    expect(text).not.toContain("Cody Payer");
    expect(text).toContain("Method Card, paid online");
    expect(text).toContain("Amount paid $250.00");
  });
});

describe("who gets a receipt", () => {
  test("only payments have receipts; another owner's or tenant's entry answers like a missing one, with SPEC's error body", async () => {
    const h = await home();
    const other = await home();
    const check = await pay(h.owner, h.leaseId, { amount_cents: 10_000, paid_on: today(), method: "check" });
    const rent = (await h.owner.get(`/api/portal/leases/${h.leaseId}/ledger`)).body.entries.find((e: { kind: string }) => e.kind === "rent");
    for (const [client, path] of [
      [h.owner, `/api/portal/ledger/${rent.id}/receipt`],
      [h.tenant, `/api/tenant/payments/${rent.id}/receipt`],
    ] as const) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Only payments have receipts: this ledger entry is not a payment." });
    }
    const missing = { detail: "Ledger entry not found." };
    for (const [client, path] of [
      [other.owner, `/api/portal/ledger/${check.id}/receipt`],
      [other.tenant, `/api/tenant/payments/${check.id}/receipt`],
      [h.owner, "/api/portal/ledger/00000000-0000-4000-8000-000000000000/receipt"],
      [h.tenant, "/api/tenant/payments/not-an-id/receipt"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing);
    }
    const stranger = await other.owner.post(`/api/portal/ledger/${check.id}/receipt/send`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(missing);
  });

  test("re-sending emails each tenant with an email the PDF, in the outbox; a lease without emails is told so; a burst is limited", async () => {
    const h = await home();
    const check = await pay(h.owner, h.leaseId, { amount_cents: 100_000, paid_on: today(), method: "check", reference: "5150" });
    const sent = await h.owner.post(`/api/portal/ledger/${check.id}/receipt/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, entry_id: check.id, voided: false, sent_to: [h.codyEmail, h.tessEmail] });
    const pdf = (await h.owner.download(`/api/portal/ledger/${check.id}/receipt`)).body;
    for (const to of [h.tessEmail, h.codyEmail]) {
      const [mail] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, "receipt_copy")));
      expect(mail!.subject).toBe(`Receipt R-${check.id.slice(0, 8).toUpperCase()}: $1,000.00 paid ${dateLabel(today())}`);
      const [attachment] = mail!.attachments as InlineAttachment[];
      expect(attachment).toMatchObject({ contentType: "application/pdf", filename: expect.stringMatching(/^receipt-.*\.pdf$/) });
      expect(Buffer.from(attachment!.content, "base64").equals(Buffer.from(pdf))).toBe(true);
    }
    // The same through tRPC (the web client), up to five times an hour.
    for (let i = 2; i <= 5; i++) expect((await trpcCall(h.owner, "mutation", "member.owner.leases.sendReceipt", { entryId: check.id })).status).toBe(200);
    const burst = await h.owner.post(`/api/portal/ledger/${check.id}/receipt/send`);
    expect(burst.status).toBe(429);
    expect(burst.body.detail).toContain("emailed several times in the last hour");

    const quiet = t.client();
    await paidOwner(quiet);
    const property = await quiet.post("/api/portal/properties", { address: { line1: "1 Quiet Ln", city: "Oak Park", zip: "60302" }, property_type: "single_family", units: [{ label: "A" }] });
    const lease = await quiet.post("/api/portal/leases", { unit_id: property.body.units[0].id, start_date: today(), rent_cents: 90_000, due_day: 1, tenants: [{ first_name: "No", last_name: "Email" }] });
    const cash = await pay(quiet, lease.body.id, { amount_cents: 90_000, paid_on: today(), method: "cash" });
    const refused = await quiet.post(`/api/portal/ledger/${cash.id}/receipt/send`);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain("No tenant of this lease has an email address");
  });
});
