import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { emailOutbox, leaseSignatureRequests } from "../../src/server/db/schema.ts";
import { linkTokenFromEmail, latestEmail, paidOwner } from "../support/fixtures.ts";
import { pdfBytes, PNG_BYTES } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

// Leases signed online and renewals through PORTAL.md 8a's REST paths, on the real database: the
// filled template or the owner's PDF, each tenant's signature (or refusal) with its ESIGN/UETA
// record, the countersignature, the signed PDF kept, emailed and verifiable at /verify; Chicago's
// two City summaries attached and recorded (Municipal Code 5-12-170); renewals with the balance
// and deposit carried and the Fair Notice check (5-12-130(j)) worked out by hand here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Thursday November 26, 2026, noon in Chicago.
  t.clock.set(new Date("2026-11-26T18:00:00Z"));
});
afterAll(() => t.close());

let seq = 0;
const mail = (name: string) => `${name}.${Date.now()}.${++seq}@tenants.example.net`;
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

interface Landlord {
  client: ApiClient;
  ownerEmail: string;
  leaseId: string;
  tenants: { id: string; email: string }[];
}

async function landlord(options: { city?: "Chicago" | "Springfield"; start?: string; end?: string | null; tenants?: number; deposit?: number } = {}): Promise<Landlord> {
  const client = t.client();
  const signed = await paidOwner(client, "Standard");
  const chicago = (options.city ?? "Chicago") === "Chicago";
  const property = await client.post("/api/portal/properties", {
    address: { line1: `${3100 + ++seq} N Sheffield Ave`, city: options.city ?? "Chicago", zip: chicago ? "60657" : "62701" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
    owner_occupied: false,
    owner_occupied_confirmed: true,
    jurisdiction: chicago ? "chicago" : "illinois_other",
  });
  expect(property.status, JSON.stringify(property.body)).toBe(201);
  const emails = Array.from({ length: options.tenants ?? 1 }, (_, i) => mail(["lena", "omar", "pia"][i]!));
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: options.start ?? "2027-01-01",
    end_date: options.end === undefined ? "2027-12-31" : options.end,
    rent_cents: 180_000,
    due_day: 1,
    deposit_cents: options.deposit ?? 180_000,
    late_fee: { grace_days: 5, kind: "chicago_rlto" },
    tenants: emails.map((email, i) => ({ first_name: ["Lena", "Omar", "Pia"][i], last_name: "Tenant", email })),
  });
  expect(lease.status, JSON.stringify(lease.body)).toBe(201);
  return { client, ownerEmail: signed.email, leaseId: lease.body.id, tenants: lease.body.tenants.map((x: { id: string }, i: number) => ({ id: x.id, email: emails[i]! })) };
}

async function uploadPdf(owner: Landlord, title: string): Promise<string> {
  const res = await owner.client.upload(`/api/portal/leases/${owner.leaseId}/documents`, { name: `${title}.pdf`, bytes: await pdfBytes(title) }, { title, shared_with_tenants: "true" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.file.id;
}

async function openInvitation(email: string): Promise<ApiClient> {
  const token = await linkTokenFromEmail(t.services, email, "tenant_invite");
  const tenant = t.client();
  expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(200);
  return tenant;
}

const consent = (name: string, documentSha256: string) => ({ consent: true, signature_name: name, document_sha256: documentSha256 });

describe("a Chicago lease signed online (PORTAL.md 8a)", () => {
  test("sent with the City's two summaries, signed by each tenant, countersigned: one PDF kept, emailed and verifiable", async () => {
    const owner = await landlord({ tenants: 2 });
    // Lena has used her tenant portal already; Omar has never been invited.
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenants[0]!.id}/invite`)).status).toBe(200);
    const lena = await openInvitation(owner.tenants[0]!.email);

    // A Chicago lease under the RLTO does not go without the City's summaries (5-12-170).
    const bare = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "template", notice_address: "PO Box 4410, Chicago, IL 60680" });
    expect(bare.status).toBe(422);
    expect(bare.body.detail.map((d: { loc: string[] }) => d.loc.at(-1)).sort()).toEqual(["interest_rate_summary_file_id", "rlto_summary_file_id"]);
    const photo = await owner.client.upload(`/api/portal/leases/${owner.leaseId}/documents`, { name: "summary.png", bytes: PNG_BYTES }, { title: "Not a PDF" });
    const notPdf = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, {
      document: "template",
      notice_address: "PO Box 4410, Chicago, IL 60680",
      rlto_summary_file_id: photo.body.file.id,
      interest_rate_summary_file_id: photo.body.file.id,
    });
    expect(notPdf.status).toBe(422);

    const summary = await uploadPdf(owner, "RLTO summary");
    const rates = await uploadPdf(owner, "Interest rate summary");
    // The lease names where the deposit is held (RLTO 5-12-080(a)).
    const noBank = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "template", notice_address: "PO Box 4410, Chicago, IL 60680", rlto_summary_file_id: summary, interest_rate_summary_file_id: rates });
    expect(noBank.status).toBe(422);
    expect(noBank.body.detail[0].msg).toContain("5-12-080(a)");
    await owner.client.put(`/api/portal/leases/${owner.leaseId}/deposit`, { institution: { name: "Lakeview Federal Savings", address: "3201 N Ashland Ave, Chicago, IL 60657" } });
    const sent = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, {
      document: "template",
      notice_address: "PO Box 4410, Chicago, IL 60680",
      additional_terms: "Tenant pays electricity and gas. One cat allowed.",
      rlto_summary_file_id: summary,
      interest_rate_summary_file_id: rates,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ status: "sent", document: "template", signers: [{ tenant_id: owner.tenants[0]!.id, status: "pending" }, { tenant_id: owner.tenants[1]!.id, status: "pending" }] });
    expect(sent.body.attachments.map((a: { kind: string }) => a.kind)).toEqual(["rlto_summary", "interest_rate_summary"]);
    // One open request per lease.
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "template", notice_address: "PO Box 4410, Chicago, IL 60680", rlto_summary_file_id: summary, interest_rate_summary_file_id: rates })).status).toBe(409);

    // Lena hears of it directly; Omar gets an invitation that says a lease waits for him.
    expect((await latestEmail(t.services, owner.tenants[0]!.email, "lease_to_sign")).subject).toContain("to sign");
    expect((await latestEmail(t.services, owner.tenants[1]!.email, "tenant_invite")).text).toContain("Your lease is waiting for your signature");

    // Lena reads the lease: the template filled from the lease's data.
    const mine = await lena.get("/api/tenant/signature-requests");
    expect(mine.status).toBe(200);
    const request = mine.body.requests[0];
    expect(request).toMatchObject({ id: sent.body.id, my_status: "pending", status: "sent" });
    for (const fact of ["$1,800.00", "1st day", "January 1, 2027", "December 31, 2027", "Lena Tenant, Omar Tenant", "PO Box 4410, Chicago, IL 60680", "5-12-090", "5-12-170", "5-12-080(c)", "Lakeview Federal Savings, 3201 N Ashland Ave", "One cat allowed"]) {
      expect(request.document_text).toContain(fact);
    }
    expect(request.document_sha256).toBe(sha256(request.document_text));

    // A signature over another text is refused; so is a countersignature before every tenant signed.
    expect((await lena.post(`/api/tenant/signature-requests/${request.id}/sign`, consent("Lena Tenant", "0".repeat(64)))).status).toBe(409);
    expect((await lena.post(`/api/tenant/signature-requests/${request.id}/sign`, { consent: false, signature_name: "Lena Tenant", document_sha256: request.document_sha256 })).status).toBe(422);
    const lenaSigned = await lena.post(`/api/tenant/signature-requests/${request.id}/sign`, consent("Lena Tenant", request.document_sha256));
    expect(lenaSigned.status, JSON.stringify(lenaSigned.body)).toBe(200);
    expect(lenaSigned.body.status).toBe("sent");
    expect((await lena.post(`/api/tenant/signature-requests/${request.id}/sign`, consent("Lena Tenant", request.document_sha256))).status).toBe(409);
    expect((await owner.client.post(`/api/portal/signature-requests/${request.id}/countersign`, { consent: true, signature_name: "Olga Owner" })).status).toBe(409);

    // Before every tenant signed, the summaries' line stays open on the calendar.
    const line = async () => (await owner.client.get("/api/portal/compliance")).body.items.find((i: { kind: string; lease_id: string }) => i.kind === "rlto_summary" && i.lease_id === owner.leaseId);
    expect((await line()).status).not.toBe("done");

    // Omar accepts the invitation and signs: every tenant has signed; the owner is told.
    const omar = await openInvitation(owner.tenants[1]!.email);
    const invitations = (await omar.get("/api/tenant/me")).body.invitations ?? [];
    for (const invitation of invitations) await omar.post(`/api/tenant/invitations/${invitation.id}/accept`);
    const omarSigned = await omar.post(`/api/tenant/signature-requests/${request.id}/sign`, consent("Omar Tenant", request.document_sha256));
    expect(omarSigned.status, JSON.stringify(omarSigned.body)).toBe(200);
    expect(omarSigned.body.status).toBe("signed");
    expect((await latestEmail(t.services, owner.ownerEmail, "lease_ready_to_countersign")).subject).toContain("countersign");
    expect(await line()).toMatchObject({ status: "done" });

    const done = await owner.client.post(`/api/portal/signature-requests/${request.id}/countersign`, { consent: true, signature_name: "Olga Owner" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe("countersigned");
    expect(done.body.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);

    // The signed PDF is kept with the lease (shared with the tenants) and is what everyone received.
    const documents = (await owner.client.get(`/api/portal/leases/${owner.leaseId}/documents`)).body;
    const kept = documents.find((d: { file: { id: string } }) => d.file.id === done.body.signed_file_id);
    expect(kept).toMatchObject({ shared_with_tenants: true });
    const copy = await lena.download(`/api/tenant/files/${done.body.signed_file_id}`);
    expect(copy.status).toBe(200);
    expect(sha256(copy.body)).toBe(done.body.pdf_sha256);
    for (const to of [owner.tenants[0]!.email, owner.tenants[1]!.email, owner.ownerEmail]) {
      const message = await latestEmail(t.services, to, "lease_signed");
      expect(message.attachments).toEqual([{ filename: expect.stringMatching(/\.pdf$/), contentType: "application/pdf", portalFile: done.body.signed_file_id }]);
    }
    const text = await pdfText(copy.body);
    for (const fact of ["RESIDENTIAL LEASE (ILLINOIS)", "/s/ Lena Tenant", "/s/ Omar Tenant", "/s/ Olga Owner", "Signature Audit Record", request.document_sha256, "RLTO summary", "Interest rate summary", "815 ILCS 333"]) {
      expect(text).toContain(fact);
    }
    // The summaries' own pages are in the file, after the lease.
    expect(text.indexOf("RLTO summary")).toBeGreaterThan(text.indexOf("RESIDENTIAL LEASE"));

    // /verify knows the file, and no other.
    const verified = await t.client().post("/api/contracts/verify", { sha256: done.body.pdf_sha256 });
    expect(verified.body).toMatchObject({ match: true, lease: { signature_request_id: request.id, tenant_names: ["Lena Tenant", "Omar Tenant"] } });
    expect(verified.body.detail).toContain("signed by Lena Tenant and Omar Tenant and countersigned by");
    const changed = new Uint8Array(copy.body);
    changed[changed.length - 10] = changed[changed.length - 10]! ^ 1;
    expect((await t.client().post("/api/contracts/verify", { sha256: sha256(changed) })).body.match).toBe(false);
    // A record changed after signing no longer reproduces its file: not verified.
    await t.services.db.update(leaseSignatureRequests).set({ documentText: `${request.document_text} ` }).where(eq(leaseSignatureRequests.id, request.id));
    const altered = await t.client().post("/api/contracts/verify", { sha256: done.body.pdf_sha256 });
    expect(altered.body).toMatchObject({ match: false });
    expect(altered.body.detail).toContain("no longer reproduces it");
  });

  test("a tenant declines with a reason: the request is declined, the owner told, and a new one may be sent", async () => {
    const owner = await landlord({ city: "Springfield" });
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenants[0]!.id}/invite`)).status).toBe(200);
    const lena = await openInvitation(owner.tenants[0]!.email);
    const sent = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "template", notice_address: "12 Main St, Springfield, IL 62701" });
    expect(sent.status).toBe(201);
    const declined = await lena.post(`/api/tenant/signature-requests/${sent.body.id}/decline`, { reason: "The rent is not what we agreed" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", signers: [{ status: "declined", decline_reason: "The rent is not what we agreed" }] });
    expect((await latestEmail(t.services, owner.ownerEmail, "lease_declined")).text).toContain("The rent is not what we agreed");
    expect((await lena.post(`/api/tenant/signature-requests/${sent.body.id}/sign`, consent("Lena Tenant", sent.body.document_sha256))).status).toBe(409);
    // Outside Chicago the RLTO's summaries are not asked for, and the text says the Illinois statutes.
    const again = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "template", notice_address: "12 Main St, Springfield, IL 62701" });
    expect(again.status).toBe(201);
    const text = (await lena.get("/api/tenant/signature-requests")).body.requests.find((r: { id: string }) => r.id === again.body.id).document_text as string;
    expect(text).toContain("765 ILCS 710");
    expect(text).not.toContain("5-12-170");
  });

  test("the owner's own PDF: its SHA-256 is what tenants sign; its pages lead the signed file; nobody else sees the request", async () => {
    const owner = await landlord({ city: "Springfield" });
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "upload" })).status).toBe(422);
    const bytes = await pdfBytes("Our own lease, page one");
    const uploaded = await owner.client.upload(`/api/portal/leases/${owner.leaseId}/documents`, { name: "lease.pdf", bytes }, { title: "Our lease" });
    const sent = await owner.client.post(`/api/portal/leases/${owner.leaseId}/signature-requests`, { document: "upload", file_id: uploaded.body.file.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.document_sha256).toBe(sha256(bytes));

    // Someone else's owner or tenant: not found.
    const stranger = await landlord({ city: "Springfield" });
    expect((await stranger.client.get(`/api/portal/signature-requests/${sent.body.id}/pdf`)).status).toBe(404);
    expect((await stranger.client.post(`/api/portal/signature-requests/${sent.body.id}/countersign`, { consent: true, signature_name: "Mallory" })).status).toBe(404);
    expect((await stranger.client.post(`/api/portal/signature-requests/${sent.body.id}/withdraw`)).status).toBe(404);
    await stranger.client.post(`/api/portal/leases/${stranger.leaseId}/tenants/${stranger.tenants[0]!.id}/invite`);
    const otherTenant = await openInvitation(stranger.tenants[0]!.email);
    expect((await otherTenant.post(`/api/tenant/signature-requests/${sent.body.id}/sign`, consent("Mallory", sent.body.document_sha256))).status).toBe(404);
    expect((await otherTenant.get(`/api/tenant/signature-requests/${sent.body.id}/pdf`)).status).toBe(404);

    // The tenant (invited by the request itself) signs the PDF; the owner countersigns.
    const lena = await openInvitation(owner.tenants[0]!.email);
    const pdf = await lena.download(`/api/tenant/signature-requests/${sent.body.id}/pdf`);
    expect(await pdfText(pdf.body)).toContain("Our own lease, page one");
    expect((await lena.post(`/api/tenant/signature-requests/${sent.body.id}/sign`, consent("Lena Tenant", sha256(bytes)))).status).toBe(200);
    const done = await owner.client.post(`/api/portal/signature-requests/${sent.body.id}/countersign`, { consent: true, signature_name: "Olga Owner" });
    expect(done.status).toBe(200);
    const signed = await owner.client.download(`/api/portal/signature-requests/${sent.body.id}/pdf`);
    expect(sha256(signed.body)).toBe(done.body.pdf_sha256);
    const text = await pdfText(signed.body);
    expect(text.indexOf("Our own lease, page one")).toBeLessThan(text.indexOf("/s/ Lena Tenant"));
    expect(text).toContain("The landlord's own lease (PDF)");
    // Withdrawn requests are gone from the tenant's list; a countersigned one cannot be withdrawn.
    expect((await owner.client.post(`/api/portal/signature-requests/${sent.body.id}/withdraw`)).status).toBe(409);
  });
});

describe("renewals (PORTAL.md 8a)", () => {
  test("the next term in one step: same tenants (their portal too) and deposit, the balance and deposit carried when it starts, late entries carried again", async () => {
    const owner = await landlord({ start: "2025-12-01", end: "2026-11-30" });
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenants[0]!.id}/invite`)).status).toBe(200);
    const lena = await openInvitation(owner.tenants[0]!.email);
    // She paid the deposit and eleven months' rent, and $300 of November's $1,800.
    const pay = (amount: number, paidOn: string) => owner.client.post(`/api/portal/leases/${owner.leaseId}/payments`, { amount_cents: amount, paid_on: paidOn, method: "check", send_receipt: false });
    expect((await pay(180_000 * 12, "2025-12-01")).status).toBe(201);
    expect((await pay(30_000, "2026-11-03")).status).toBe(201);
    const before = (await owner.client.get(`/api/portal/leases/${owner.leaseId}/ledger`)).body;
    // Owed: November's rent less $300, plus November's late fee (RLTO: $10 + 5% of $1,300 = $75).
    expect(before.balance_cents).toBe(150_000 + 7_500);

    // A gap between the terms is refused; so is a start before the term's.
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2026-12-02", end_date: "2027-11-30", rent_cents: 185_000 })).status).toBe(422);
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2025-12-01", rent_cents: 185_000 })).status).toBe(422);
    const renewed = await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2026-12-01", end_date: "2027-11-30", rent_cents: 185_000 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body).toMatchObject({ start_date: "2026-12-01", end_date: "2027-11-30", rent_cents: 185_000, deposit_cents: 180_000, renews_lease_id: owner.leaseId, rent_change_cents: 5_000 });
    expect(renewed.body.tenants.map((x: { email: string }) => x.email)).toEqual([owner.tenants[0]!.email]);
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2026-12-01", rent_cents: 185_000 })).status).toBe(409);
    // The tenant sees the renewal in her portal without a new invitation (her consent is to this landlord).
    expect(((await lena.get("/api/tenant/me")).body.leases as { id: string }[]).map((l) => l.id)).toContain(renewed.body.id);

    // December 1: the renewal starts, and with it the carried balance and deposit.
    t.clock.set(new Date("2026-12-01T18:00:00Z"));
    try {
      const next = (await owner.client.get(`/api/portal/leases/${renewed.body.id}/ledger`)).body;
      const carried = next.entries.find((e: { kind: string }) => e.kind === "balance_carried");
      expect(carried).toMatchObject({ date: "2026-12-01", amount_cents: 157_500 });
      // December's rent at the new amount plus what was carried.
      expect(next.balance_cents).toBe(157_500 + 185_000);
      const earlier = (await owner.client.get(`/api/portal/leases/${owner.leaseId}/ledger`)).body;
      expect(earlier.balance_cents).toBe(0);
      expect((await owner.client.get(`/api/portal/leases/${renewed.body.id}/deposit`)).body.held_cents).toBe(180_000);
      expect((await owner.client.get(`/api/portal/leases/${owner.leaseId}/deposit`)).body.held_cents).toBe(0);
      // A check for November recorded late on the earlier term is carried too: the renewal owes less.
      expect((await pay(50_000, "2026-11-20")).status).toBe(201);
      expect((await owner.client.get(`/api/portal/leases/${renewed.body.id}/ledger`)).body.balance_cents).toBe(107_500 + 185_000);
      expect((await owner.client.get(`/api/portal/leases/${owner.leaseId}/ledger`)).body.balance_cents).toBe(0);
      // The carried entries are not voided by hand.
      expect((await owner.client.post(`/api/portal/ledger/${carried.id}/void`, { reason: "try" })).status).toBe(409);
    } finally {
      t.clock.set(new Date("2026-11-26T18:00:00Z"));
    }
  });

  test("Fair Notice (5-12-130(j)): a Chicago rent increase decided too late says so, and when it could take effect", async () => {
    // In the unit since June 1, 2025: on November 26, 2026 that is 1 year 5 months, so 60 days' notice.
    const owner = await landlord({ start: "2025-06-01", end: "2026-12-31" });
    const check = await owner.client.get(`/api/portal/leases/${owner.leaseId}/renewal-check?start_date=2027-01-01&rent_cents=190000`);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    // 60 days ending December 31 (the day of service not counted) start from service on November 1;
    // served today, November 26, the 60 days run through January 25, 2027 (a Monday), so the new rent can start January 26.
    expect(check.body).toMatchObject({
      rent_change_cents: 10_000,
      fair_notice: { applies: true, change: "rent_increase", days: 60, last_day_to_serve: "2026-11-01", late: true, earliest_effective_if_served_today: "2027-01-26", source: "Chicago Municipal Code 5-12-130(j)" },
    });
    expect(check.body.fair_notice.message).toContain("may keep paying the current rent");
    // The same rent (or less) needs no notice; nor does a property outside Chicago.
    expect((await owner.client.get(`/api/portal/leases/${owner.leaseId}/renewal-check?start_date=2027-01-01&rent_cents=180000`)).body.fair_notice).toBeNull();
    // Decided on October 15 it is on time.
    t.clock.set(new Date("2026-10-15T17:00:00Z"));
    try {
      const early = await owner.client.get(`/api/portal/leases/${owner.leaseId}/renewal-check?start_date=2027-01-01&rent_cents=190000`);
      expect(early.body.fair_notice).toMatchObject({ late: false, last_day_to_serve: "2026-11-01" });
    } finally {
      t.clock.set(new Date("2026-11-26T18:00:00Z"));
    }
    const renewed = await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2027-01-01", end_date: "2027-12-31", rent_cents: 190_000 });
    expect(renewed.status).toBe(201);
    expect(renewed.body.fair_notice).toMatchObject({ late: true, days: 60 });
    const springfield = await landlord({ city: "Springfield", start: "2025-06-01", end: "2026-12-31" });
    expect((await springfield.client.get(`/api/portal/leases/${springfield.leaseId}/renewal-check?start_date=2027-01-01&rent_cents=190000`)).body.fair_notice).toBeNull();
  });

  test("a Chicago renewal needs the City's summaries again; the owner may record giving them on paper", async () => {
    const owner = await landlord({ start: "2025-06-01", end: "2026-12-31" });
    const given = await owner.client.post(`/api/portal/leases/${owner.leaseId}/rlto-summary`, { given_on: "2025-05-20" });
    expect(given.body).toMatchObject({ rlto_summary_given_on: "2025-05-20" });
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/rlto-summary`, { given_on: "2026-12-01" })).status).toBe(422);
    const renewed = await owner.client.post(`/api/portal/leases/${owner.leaseId}/renew`, { start_date: "2027-01-01", end_date: "2027-12-31", rent_cents: 180_000 });
    const items = (await owner.client.get("/api/portal/compliance")).body.items as { kind: string; lease_id: string; status: string }[];
    expect(items.find((i) => i.kind === "rlto_summary" && i.lease_id === renewed.body.id)).toMatchObject({ status: "upcoming" });
    expect(items.find((i) => i.kind === "rlto_summary" && i.lease_id === owner.leaseId)?.status ?? "done").toBe("done");
    const outbox = await t.services.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, owner.tenants[0]!.email), eq(emailOutbox.template, "tenant_invite")));
    expect(outbox).toBe(0);
  });
});
