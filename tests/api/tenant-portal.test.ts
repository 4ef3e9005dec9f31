import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { emailOutbox, ledgerEntries, rentReminders } from "../../src/server/db/schema.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { applyRentEvent } from "../../src/server/domain/portal/online-rent.ts";
import { dailyRentJob } from "../../src/server/domain/portal/worker.ts";
import { createServices } from "../../src/server/services.ts";
import { TENANT_MAINTENANCE_LIMITS } from "../../src/server/domain/portal/maintenance.ts";
import { clearRateLimit } from "../../src/server/domain/rate-limit.ts";
import { applyAndSign, latestEmail, linkTokenFromEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { photoBytes, PNG_BYTES, pdfBytes, REFUSED_FILES, thumbnailSize } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { CONTRACT_MOVES } from "../support/portal-contract.ts";

// The tenant portal, online rent and maintenance requests through their REST paths (PORTAL.md 1,
// 4, 5 and 8) on the real database: invitations and tenant sign-in, what a tenant sees and what
// they never see, rent paid online landing once in the ledger (and reversed when a bank returns
// it), every legal and illegal move of a request, files, and reminders sent once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => chicagoToday(t.services.now());
const monthStart = (months: number) => `${plusMonths(periodOf(today()), -months)}-01`;
let seq = 0;
const tenantEmail = (name = "tess") => `${name}.${Date.now()}.${++seq}@tenants.example.net`;

/** A lease of home(): four months of rent (three past and this one) and a late fee for each month whose grace has passed. */
const startingBalance = () => 4 * 120_000 + (Number(today().slice(8)) > 6 ? 4 : 3) * 5_000;

interface Home {
  owner: ApiClient;
  ownerEmail: string;
  propertyId: string;
  unitIds: string[];
  leaseId: string;
  tenants: { id: string; email: string | null }[];
}

/** A paid owner with a two-flat and a lease on unit 1 that began three months ago. */
async function home(tenants: { first_name: string; last_name: string; email?: string | null }[] = [{ first_name: "Tess", last_name: "Renter", email: tenantEmail() }], lease: Record<string, unknown> = {}): Promise<Home> {
  const owner = t.client();
  const signed = await paidOwner(owner);
  const property = await owner.post("/api/portal/properties", {
    name: "Loomis two-flat",
    address: { line1: `${1800 + seq} S Loomis St`, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
  });
  expect(property.status).toBe(201);
  const created = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: monthStart(3),
    rent_cents: 120_000,
    due_day: 1,
    deposit_cents: 0,
    late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
    tenants,
    ...lease,
  });
  expect(created.status).toBe(201);
  return {
    owner,
    ownerEmail: signed.email,
    propertyId: property.body.id,
    unitIds: property.body.units.map((u: { id: string }) => u.id),
    leaseId: created.body.id,
    tenants: created.body.tenants,
  };
}

/** The owner invites the tenant; the tenant opens the emailed link on a client of their own. */
async function invitedTenant(h: Home, index = 0): Promise<ApiClient> {
  const tenant = h.tenants[index]!;
  const invited = await h.owner.post(`/api/portal/leases/${h.leaseId}/tenants/${tenant.id}/invite`);
  expect(invited.status).toBe(200);
  const token = await linkTokenFromEmail(t.services, tenant.email!, "tenant_invite");
  const client = t.client();
  const confirmed = await client.post("/api/tenant/sign-in-link/confirm", { token });
  expect(confirmed.status).toBe(200);
  expect(client.cookies.has("lpa_tenant")).toBe(true);
  return client;
}

async function ledger(client: ApiClient, path: string) {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.body as { balance_cents: number; entries: { id: string; kind: string; amount_cents: number; voids: string | null; description: string }[] };
}

async function connectPayouts(owner: ApiClient) {
  const started = await owner.post("/api/portal/payouts");
  expect(started.status).toBe(200);
  const account = new URL(started.body.onboarding_url).searchParams.get("account")!;
  expect(started.body.onboarding_url).toContain("/test-connect?account=");
  const done = await trpcCall(owner, "mutation", "public.testProvider.completeOnboarding", { account });
  expect(done.status).toBe(200);
  expect((await owner.get("/api/portal/payouts")).body).toMatchObject({ connected: true, charges_enabled: true, test_mode: true });
}

describe("inviting tenants and signing in", () => {
  test("the owner invites by email; the single-use link opens a tenant session that sees the lease, its balance and next due date", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    const me = await tenant.get("/api/tenant/me");
    expect(me.status).toBe(200);
    expect(me.body.tenant.email).toBe(h.tenants[0]!.email);
    expect(me.body.leases).toHaveLength(1);
    const lease = me.body.leases[0];
    expect(lease).toMatchObject({ id: h.leaseId, rent_cents: 120_000, due_day: 1, unit: { label: "1" }, online_payment: false });
    expect(lease.balance_cents).toBe(startingBalance());
    expect(lease.next_due_date).toBe(`${plusMonths(periodOf(today()), 1)}-01`);
    const mail = await latestEmail(t.services, h.tenants[0]!.email!, "tenant_invite");
    expect(mail.text).toContain("/tenant/link?token=");
    // The owner's lease shows when the tenant was invited.
    const ownerView = await h.owner.get(`/api/portal/leases/${h.leaseId}`);
    expect(ownerView.body.tenants[0].invited_at).not.toBeNull();
  });

  test("a link works once; a new one can be asked for by email, with the same answer for any address", async () => {
    const h = await home();
    await h.owner.post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenants[0]!.id}/invite`);
    const token = await linkTokenFromEmail(t.services, h.tenants[0]!.email!, "tenant_invite");
    expect((await t.client().post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(200);
    const again = await t.client().post("/api/tenant/sign-in-link/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("expired or has already been used");

    const known = await t.client().post("/api/tenant/sign-in-link", { email: h.tenants[0]!.email });
    const unknown = await t.client().post("/api/tenant/sign-in-link", { email: tenantEmail("nobody") });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const fresh = await linkTokenFromEmail(t.services, h.tenants[0]!.email!, "tenant_sign_in_link");
    expect((await t.client().post("/api/tenant/sign-in-link/confirm", { token: fresh })).status).toBe(200);
  });

  test("a tenant sets a password and signs in with it; changing it needs the current one and ends other sessions", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    const email = h.tenants[0]!.email!;
    expect((await tenant.post("/api/tenant/password", { new_password: "short" })).status).toBe(422);
    expect((await tenant.post("/api/tenant/password", { new_password: "a long tenant password" })).status).toBe(200);

    const other = t.client();
    expect((await other.post("/api/tenant/login", { email, password: "not the password" })).status).toBe(401);
    const login = await other.post("/api/tenant/login", { email: email.toUpperCase(), password: "a long tenant password" });
    expect(login.status).toBe(200);
    expect(login.body.tenant.has_password).toBe(true);

    const wrong = await other.post("/api/tenant/password", { current_password: "nope", new_password: "another long password" });
    expect(wrong.status).toBe(422);
    const changed = await other.post("/api/tenant/password", { current_password: "a long tenant password", new_password: "another long password" });
    expect(changed.status).toBe(200);
    expect((await tenant.get("/api/tenant/me")).status).toBe(401);
    expect((await other.get("/api/tenant/me")).status).toBe(200);
    // A bearer token works as for members (API clients).
    const api = t.client();
    api.bearer = (await t.client().post("/api/tenant/login", { email, password: "another long password" })).body.access_token;
    expect((await api.get("/api/tenant/me")).status).toBe(200);
  });

  test("an invitation needs the tenant's email, the owner's own lease and a running membership", async () => {
    const h = await home([
      { first_name: "Nomail", last_name: "Renter", email: null },
      { first_name: "Tess", last_name: "Renter", email: tenantEmail() },
    ]);
    const noEmail = await h.owner.post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenants[0]!.id}/invite`);
    expect(noEmail.status).toBe(422);
    const stranger = await home();
    expect((await stranger.owner.post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenants[1]!.id}/invite`)).status).toBe(404);
    expect((await h.owner.post(`/api/portal/leases/${h.leaseId}/tenants/${stranger.tenants[0]!.id}/invite`)).status).toBe(404);
    expect((await h.owner.post(`/api/portal/leases/${h.leaseId}/tenants/not-a-uuid/invite`)).status).toBe(404);
    const basic = t.client();
    await applyAndSign(basic, "Basic");
    expect((await basic.post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenants[1]!.id}/invite`)).status).toBe(403);
    expect((await t.client().post(`/api/portal/leases/${h.leaseId}/tenants/${h.tenants[1]!.id}/invite`)).status).toBe(401);
  });

  test("tenant and member sessions open only their own side", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    expect((await tenant.get("/api/portal/dashboard")).status).toBe(401);
    expect((await tenant.get("/api/auth/me")).status).toBe(401);
    expect((await h.owner.get("/api/tenant/me")).status).toBe(401);
    expect((await t.client().get("/api/tenant/me")).status).toBe(401);
    expect((await tenant.post("/api/tenant/logout")).status).toBe(200);
    expect((await tenant.get("/api/tenant/me")).status).toBe(401);
  });
});

describe("what a tenant sees, and never sees", () => {
  test("one person renting from two owners sees both leases; nothing of another tenant or owner answers but 404", async () => {
    const email = tenantEmail("both");
    const a = await home([{ first_name: "Bo", last_name: "Both", email }]);
    const b = await home([{ first_name: "Bo", last_name: "Both", email: email.toUpperCase() }]);
    const bo = await invitedTenant(a);
    await b.owner.post(`/api/portal/leases/${b.leaseId}/tenants/${b.tenants[0]!.id}/invite`);
    // The second landlord's lease joins Bo's portal once Bo accepts it (PORTAL.md 1).
    const waiting = (await bo.get("/api/tenant/me")).body;
    expect(waiting.leases.map((l: { id: string }) => l.id)).toEqual([a.leaseId]);
    expect((await bo.post(`/api/tenant/invitations/${waiting.invitations[0].id}/accept`)).status).toBe(200);
    const me = await bo.get("/api/tenant/me");
    expect(me.body.leases.map((l: { id: string }) => l.id).sort()).toEqual([a.leaseId, b.leaseId].sort());
    expect((await bo.get(`/api/tenant/leases/${b.leaseId}/ledger`)).status).toBe(200);

    // Another tenant (of owner A's other unit) sees nothing of Bo's.
    const neighbour = await a.owner.post("/api/portal/leases", {
      unit_id: a.unitIds[1],
      start_date: monthStart(1),
      rent_cents: 90_000,
      due_day: 1,
      tenants: [{ first_name: "Nia", last_name: "Next", email: tenantEmail("nia") }],
    });
    const nia = await invitedTenant({ ...a, leaseId: neighbour.body.id, tenants: neighbour.body.tenants });
    expect((await nia.get("/api/tenant/me")).body.leases.map((l: { id: string }) => l.id)).toEqual([neighbour.body.id]);
    expect((await nia.get(`/api/tenant/leases/${a.leaseId}/ledger`)).status).toBe(404);
    expect((await nia.get(`/api/tenant/leases/${b.leaseId}/ledger`)).status).toBe(404);
    expect((await nia.post(`/api/tenant/leases/${a.leaseId}/pay`, {})).status).toBe(404);

    const request = await bo.post("/api/tenant/maintenance", { lease_id: a.leaseId, title: "Leaking faucet", description: "Kitchen sink drips", category: "plumbing" });
    expect(request.status).toBe(201);
    const photo = await bo.upload(`/api/tenant/maintenance/${request.body.id}/photos`, { name: "drip.png", bytes: PNG_BYTES });
    const fileId = photo.body.timeline.find((e: { kind: string }) => e.kind === "photo").file.id;
    for (const path of [`/api/tenant/maintenance/${request.body.id}`, `/api/tenant/files/${fileId}`]) {
      expect((await nia.get(path)).status).toBe(404);
    }
    expect((await nia.post(`/api/tenant/maintenance/${request.body.id}/comments`, { body: "hi" })).status).toBe(404);
    expect((await nia.post(`/api/tenant/maintenance/${request.body.id}/cancel`, {})).status).toBe(404);
    expect((await nia.post("/api/tenant/maintenance", { lease_id: a.leaseId, title: "Not mine", description: "x", category: "other" })).status).toBe(404);
    expect((await nia.get("/api/tenant/maintenance")).body).toEqual([]);
    // Owner B sees nothing of owner A's request or file.
    expect((await b.owner.get(`/api/portal/maintenance/${request.body.id}`)).status).toBe(404);
    expect((await b.owner.get(`/api/portal/files/${fileId}`)).status).toBe(404);
    expect((await b.owner.post(`/api/portal/maintenance/${request.body.id}/transitions`, { to: "acknowledged" })).status).toBe(404);
    expect((await b.owner.get("/api/portal/maintenance?state=all")).body).toEqual([]);
    expect((await a.owner.get(`/api/portal/files/${fileId}`)).status).toBe(200);
  });

  test("a photo on a request has a small thumbnail for the owner and the request's tenant only; a PDF and a deleted photo have none", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    const request = await tenant.post("/api/tenant/maintenance", { lease_id: h.leaseId, title: "Cracked window", description: "Bedroom window", category: "other" });
    const added = await tenant.upload(`/api/tenant/maintenance/${request.body.id}/photos`, { name: "window.png", bytes: await photoBytes(900, 1200) });
    const photo = added.body.timeline.find((e: { kind: string }) => e.kind === "photo").file;
    const original = await tenant.download(`/api/tenant/files/${photo.id}`);
    const fromTenant = await tenant.download(`/api/tenant/files/${photo.id}/thumbnail`);
    expect(await thumbnailSize(fromTenant)).toEqual({ width: 192, height: 256, format: "webp" });
    expect(fromTenant.body.byteLength).toBeLessThan(original.body.byteLength / 4);
    expect(await thumbnailSize(await h.owner.download(`/api/portal/files/${photo.id}/thumbnail`))).toEqual({ width: 192, height: 256, format: "webp" });
    // The same checks as the photo itself: another owner and another tenant are told it does not exist.
    const other = await home([{ first_name: "Otto", last_name: "Other", email: tenantEmail("otto") }]);
    const otto = await invitedTenant(other);
    expect((await other.owner.get(`/api/portal/files/${photo.id}/thumbnail`)).status).toBe(404);
    expect((await otto.get(`/api/tenant/files/${photo.id}/thumbnail`)).status).toBe(404);
    expect((await t.client().get(`/api/portal/files/${photo.id}/thumbnail`)).status).toBe(401);
    // A small photo is not enlarged; a PDF stays a download; a deleted photo is gone.
    const small = await h.owner.upload(`/api/portal/maintenance/${request.body.id}/photos`, { name: "dot.png", bytes: PNG_BYTES });
    const dot = small.body.timeline.at(-1).file;
    expect(await thumbnailSize(await h.owner.download(`/api/portal/files/${dot.id}/thumbnail`))).toEqual({ width: 2, height: 2, format: "webp" });
    const invoice = await h.owner.upload(`/api/portal/maintenance/${request.body.id}/photos`, { name: "invoice.pdf", bytes: await pdfBytes("Invoice") });
    const pdf = await h.owner.get(`/api/portal/files/${invoice.body.timeline.at(-1).file.id}/thumbnail`);
    expect(pdf.status).toBe(404);
    expect(pdf.body.detail).toBe("Only photos have a thumbnail: download the file instead.");
    expect((await h.owner.delete(`/api/portal/maintenance/${request.body.id}/photos/${photo.id}`)).status).toBe(200);
    expect((await tenant.get(`/api/tenant/files/${photo.id}/thumbnail`)).status).toBe(404);
  });

  test("lease documents: the owner uploads, the tenants see the shared ones only, as downloads", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    const pdf = await pdfBytes("Signed lease");
    const shared = await h.owner.upload(`/api/portal/leases/${h.leaseId}/documents`, { name: "Lease 2026 (signed).pdf", bytes: pdf }, { title: "Signed lease" });
    expect(shared.status).toBe(201);
    expect(shared.body.file).toMatchObject({ name: "Lease-2026-signed.pdf", content_type: "application/pdf", size_bytes: pdf.byteLength });
    const hidden = await h.owner.upload(`/api/portal/leases/${h.leaseId}/documents`, { name: "notes.pdf", bytes: pdf }, { title: "Owner notes", shared_with_tenants: "false" });
    expect(hidden.status).toBe(201);
    expect((await h.owner.get(`/api/portal/leases/${h.leaseId}/documents`)).body.map((d: { title: string }) => d.title).sort()).toEqual(["Owner notes", "Signed lease"]);
    expect((await h.owner.upload(`/api/portal/leases/${h.leaseId}/documents`, { name: "x.pdf", bytes: pdf }, { title: "" })).status).toBe(422);

    const docs = (await tenant.get("/api/tenant/me")).body.leases[0].documents;
    expect(docs).toEqual([{ id: shared.body.id, title: "Signed lease", file_name: "Lease-2026-signed.pdf", size_bytes: pdf.byteLength, file_id: shared.body.file.id }]);
    const download = await tenant.download(`/api/tenant/files/${shared.body.file.id}`);
    expect(download.status).toBe(200);
    expect(download.body).toEqual(pdf);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="Lease-2026-signed.pdf"');
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await tenant.download(`/api/tenant/files/${hidden.body.file.id}`)).status).toBe(404);
  });
});

describe("online rent (test provider)", () => {
  test("until payouts are connected the tenant sees the owner's instructions and cannot pay online", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    expect((await h.owner.put("/api/portal/settings", { payment_instructions: "Zelle to rent@loomis.example" })).status).toBe(200);
    const me = (await tenant.get("/api/tenant/me")).body.leases[0];
    expect(me).toMatchObject({ online_payment: false, payment_instructions: "Zelle to rent@loomis.example" });
    const refused = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("Zelle to rent@loomis.example");
  });

  test("a card payment reaches the ledger once, from the provider's event, with receipts; the page's return writes nothing", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    await connectPayouts(h.owner);
    const before = await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`);
    const started = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 50_000 });
    expect(started.status).toBe(200);
    expect(started.body.amount_cents).toBe(50_000);
    // Opening the success page before paying writes nothing.
    expect((await tenant.get(`/api/tenant/payments/${started.body.rent_payment_id}`)).body.status).toBe("initiated");
    expect((await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).balance_cents).toBe(before.balance_cents);

    const session_id = sessionIdOf(started.body.checkout_url);
    const page = await trpcCall(tenant, "query", "public.testProvider.rentCheckout", { session_id });
    expect(page.data).toMatchObject({ amount_cents: 50_000, status: "open" });
    const declined = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id, method: "card", card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(400);
    expect(declined.error.message).toContain("declined");
    const paid = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id, method: "card", card_number: "4242 4242 4242 4242" });
    expect(paid.status).toBe(200);
    const twice = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id, method: "card", card_number: "4242 4242 4242 4242" });
    expect(twice.status).toBe(409);

    const after = await ledger(h.owner, `/api/portal/leases/${h.leaseId}/ledger`);
    const payments = after.entries.filter((e) => e.kind === "payment");
    expect(payments).toHaveLength(1);
    expect(payments[0]!.amount_cents).toBe(-50_000);
    expect(after.balance_cents).toBe(before.balance_cents - 50_000);
    expect((await tenant.get(`/api/tenant/payments/${started.body.rent_payment_id}`)).body).toMatchObject({ status: "paid", method: "card", amount_cents: 50_000 });
    expect((await latestEmail(t.services, h.tenants[0]!.email!, "rent_receipt")).subject).toContain("$500.00");
    // The tenant's payment list is theirs alone.
    const stranger = await invitedTenant(await home());
    expect((await stranger.get(`/api/tenant/payments/${started.body.rent_payment_id}`)).status).toBe(404);
  });

  test("an event delivered twice, or again under another id, or out of order, writes the payment once", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    await connectPayouts(h.owner);
    const started = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, {});
    const session_id = sessionIdOf(started.body.checkout_url);
    // Out of order: the "succeeded" event arrives before the payment was made; it finds the checkout open and writes nothing.
    expect(await applyRentEvent(t.services, { id: `evt_early_${seq}`, type: "checkout.session.async_payment_succeeded", sessionId: session_id })).toBe("applied");
    expect((await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).entries.filter((e) => e.kind === "payment")).toHaveLength(0);
    await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id, method: "card", card_number: "4242424242424242" });
    const event = { id: `evt_dup_${seq}`, type: "checkout.session.completed" as const, sessionId: session_id };
    expect(await applyRentEvent(t.services, event)).toBe("applied");
    expect(await applyRentEvent(t.services, event)).toBe("duplicate");
    expect(await applyRentEvent(t.services, { ...event, id: `evt_other_${seq}` })).toBe("applied");
    await Promise.all([1, 2, 3].map((n) => applyRentEvent(t.services, { ...event, id: `evt_race_${seq}_${n}` })));
    const entries = (await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).entries;
    expect(entries.filter((e) => e.kind === "payment")).toHaveLength(1);
    expect(entries.find((e) => e.kind === "payment")!.amount_cents).toBe(-startingBalance());
    expect((await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).balance_cents).toBe(0);
  });

  test("a bank payment is recorded while processing; when the bank returns it, a void reverses it and the balance is back", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    await connectPayouts(h.owner);
    const before = (await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).balance_cents;
    const started = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 120_000 });
    const session_id = sessionIdOf(started.body.checkout_url);
    const paid = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id, method: "us_bank_account", outcome: "fails" });
    expect(paid.status).toBe(200);
    const after = await ledger(h.owner, `/api/portal/leases/${h.leaseId}/ledger`);
    const payment = after.entries.find((e) => e.kind === "payment")!;
    expect(payment.amount_cents).toBe(-120_000);
    expect(payment.description).toContain("bank account");
    const reversal = after.entries.find((e) => e.kind === "void" && e.voids === payment.id)!;
    expect(reversal.amount_cents).toBe(120_000);
    expect(after.balance_cents).toBe(before);
    expect((await tenant.get(`/api/tenant/payments/${started.body.rent_payment_id}`)).body.status).toBe("failed");

    const clears = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 120_000 });
    await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(clears.body.checkout_url), method: "us_bank_account", outcome: "clears" });
    expect((await tenant.get(`/api/tenant/payments/${clears.body.rent_payment_id}`)).body).toMatchObject({ status: "paid", method: "us_bank_account" });
    expect((await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).balance_cents).toBe(before - 120_000);
  });

  test("a refund posts a refund entry and never deletes the payment; amounts outside the balance are refused", async () => {
    const h = await home();
    const tenant = await invitedTenant(h);
    await connectPayouts(h.owner);
    const balance = (await ledger(tenant, `/api/tenant/leases/${h.leaseId}/ledger`)).balance_cents;
    expect((await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 0 })).status).toBe(422);
    expect((await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: balance + 1 })).status).toBe(422);
    expect((await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 12.5 })).status).toBe(422);
    const started = await tenant.post(`/api/tenant/leases/${h.leaseId}/pay`, { amount_cents: 100_000 });
    await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(started.body.checkout_url), method: "card", card_number: "4242424242424242" });
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const partial = await trpcCall(admin, "mutation", "admin.billing.refundRentPayment", { rent_payment_id: started.body.rent_payment_id, amount_cents: 40_000 });
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ status: "paid", refunded_cents: 40_000 });
    const full = await trpcCall(admin, "mutation", "admin.billing.refundRentPayment", { rent_payment_id: started.body.rent_payment_id, amount_cents: 60_000 });
    expect(full.data).toMatchObject({ status: "refunded", refunded_cents: 100_000 });
    const after = await ledger(h.owner, `/api/portal/leases/${h.leaseId}/ledger`);
    expect(after.entries.filter((e) => e.kind === "payment")).toHaveLength(1);
    expect(after.entries.filter((e) => e.kind === "refund").map((e) => e.amount_cents)).toEqual([40_000, 60_000]);
    expect(after.balance_cents).toBe(balance);
    expect((await trpcCall(h.owner, "mutation", "admin.billing.refundRentPayment", { rent_payment_id: started.body.rent_payment_id, amount_cents: 1 })).status).toBe(403);
  });
});

const LEGAL: Record<string, string[]> = CONTRACT_MOVES;
const PATH_TO: Record<string, string[]> = {
  submitted: [],
  acknowledged: ["acknowledged"],
  in_progress: ["acknowledged", "in_progress"],
  on_hold: ["acknowledged", "on_hold"],
  completed: ["acknowledged", "in_progress", "completed"],
  closed: ["acknowledged", "in_progress", "completed", "closed"],
  declined: ["declined"],
  cancelled: ["cancelled"],
};

describe("maintenance requests", () => {
  let h: Home;
  let tenant: ApiClient;
  beforeAll(async () => {
    h = await home();
    tenant = await invitedTenant(h);
  });

  async function requestAt(status: string) {
    // These tests walk many requests of one tenant through their moves: not the daily limit's test (tenant-trust).
    await clearRateLimit(t.services.db, TENANT_MAINTENANCE_LIMITS.requests, (await tenant.get("/api/tenant/me")).body.tenant.id);
    const created = await tenant.post("/api/tenant/maintenance", { lease_id: h.leaseId, title: "Radiator cold", description: "Bedroom radiator is cold", category: "hvac", priority: "high", permission_to_enter: true });
    expect(created.status).toBe(201);
    for (const to of PATH_TO[status]!) {
      const moved = await h.owner.post(`/api/portal/maintenance/${created.body.id}/transitions`, { to, note: `to ${to}` });
      expect(moved.status).toBe(200);
    }
    return created.body.id as string;
  }

  test("every legal move is taken and every other one answers 409 naming the allowed moves", async () => {
    for (const [from, legal] of Object.entries(LEGAL)) {
      const id = await requestAt(from);
      for (const to of Object.keys(LEGAL)) {
        if (legal.includes(to)) continue;
        const refused = await h.owner.post(`/api/portal/maintenance/${id}/transitions`, { to, note: "" });
        expect(refused.status, `${from} -> ${to}`).toBe(409);
        expect(refused.body.detail).toContain("Allowed:");
      }
      const view = await h.owner.get(`/api/portal/maintenance/${id}`);
      expect(view.body.status).toBe(from);
      expect(view.body.allowed_moves.sort()).toEqual([...legal].sort());
      for (const to of legal) {
        const fresh = await requestAt(from);
        const moved = await h.owner.post(`/api/portal/maintenance/${fresh}/transitions`, { to, note: "moving on" });
        expect(moved.status, `${from} -> ${to}`).toBe(200);
        expect(moved.body.status).toBe(to);
      }
    }
    expect((await h.owner.post(`/api/portal/maintenance/${await requestAt("submitted")}/transitions`, { to: "finished" })).status).toBe(422);
  });

  test("a completed request reopens within 14 days only", async () => {
    const id = await requestAt("completed");
    const start = t.services.now();
    try {
      t.clock.advance(15 * 24 * 3600 * 1000);
      const other = await requestAt("completed");
      t.clock.advance(13 * 24 * 3600 * 1000);
      expect((await h.owner.post(`/api/portal/maintenance/${id}/transitions`, { to: "in_progress" })).status).toBe(409);
      expect((await h.owner.get(`/api/portal/maintenance/${other}`)).body.allowed_moves).toEqual(["closed", "in_progress"]);
      expect((await h.owner.post(`/api/portal/maintenance/${other}/transitions`, { to: "in_progress", note: "still leaks" })).status).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  test("every move keeps who, when and a note, and emails the other party; the tenant sees the timeline", async () => {
    const id = await requestAt("submitted");
    const toOwner = await latestEmail(t.services, h.ownerEmail, "maintenance_update");
    expect(toOwner.subject).toContain("Radiator cold");
    await h.owner.post(`/api/portal/maintenance/${id}/transitions`, { to: "acknowledged", note: "A plumber comes Tuesday" });
    const toTenant = await latestEmail(t.services, h.tenants[0]!.email!, "maintenance_update");
    expect(toTenant.text).toContain("A plumber comes Tuesday");
    expect((await tenant.post(`/api/tenant/maintenance/${id}/comments`, { body: "Tuesday works" })).status).toBe(201);
    expect((await latestEmail(t.services, h.ownerEmail, "maintenance_update")).text).toContain("Tuesday works");
    const view = await tenant.get(`/api/tenant/maintenance/${id}`);
    expect(view.body.timeline.map((e: { kind: string; actor: string; note: string }) => [e.kind, e.actor, e.note])).toEqual([
      ["submitted", "tenant", ""],
      ["transition", "owner", "A plumber comes Tuesday"],
      ["comment", "tenant", "Tuesday works"],
    ]);
    expect(view.body.timeline[1].actor_name).toContain("(owner)");
    expect(view.body.timeline.every((e: { at: string }) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  test("the tenant cancels their own request before work starts, not after, and not a co-tenant's", async () => {
    const submitted = await requestAt("submitted");
    expect((await tenant.post(`/api/tenant/maintenance/${submitted}/cancel`, { note: "Fixed itself" })).body.status).toBe("cancelled");
    const acknowledged = await requestAt("acknowledged");
    expect((await tenant.post(`/api/tenant/maintenance/${acknowledged}/cancel`, {})).status).toBe(200);
    const started = await requestAt("in_progress");
    const late = await tenant.post(`/api/tenant/maintenance/${started}/cancel`, {});
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain("Work has started");

    const byOwner = await h.owner.post("/api/portal/maintenance", { property_id: h.propertyId, unit_id: h.unitIds[0], title: "Gutter cleaning", description: "Fall cleaning", category: "cleaning", priority: "low" });
    expect(byOwner.status).toBe(201);
    // The unit's tenant sees it (it is their home) but did not send it, so cannot cancel it.
    expect((await tenant.get(`/api/tenant/maintenance/${byOwner.body.id}`)).body.can_cancel).toBe(false);
    expect((await tenant.post(`/api/tenant/maintenance/${byOwner.body.id}/cancel`, {})).status).toBe(403);
  });

  test("photos: JPEG, PNG, WebP or PDF by content, 10 MB at most, served as attachments to those who may see them", async () => {
    const id = await requestAt("submitted");
    const added = await tenant.upload(`/api/tenant/maintenance/${id}/photos`, { name: "../../etc/passwd.png", bytes: PNG_BYTES, type: "text/html" });
    expect(added.status).toBe(201);
    const file = added.body.timeline.at(-1).file;
    expect(file).toMatchObject({ name: "passwd.png", content_type: "image/png", size_bytes: PNG_BYTES.byteLength });
    const download = await h.owner.download(`/api/portal/files/${file.id}`);
    expect(download.body).toEqual(PNG_BYTES);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toStartWith("attachment;");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");

    for (const refused of Object.values(REFUSED_FILES)) {
      const res = await tenant.upload(`/api/tenant/maintenance/${id}/photos`, refused);
      expect(res.status, refused.name).toBe(415);
      expect(res.body.detail).toContain("JPEG, PNG or WebP");
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const tooBig = await h.owner.upload(`/api/portal/maintenance/${id}/photos`, { name: "big.png", bytes: big });
    expect(tooBig.status).toBe(413);
    const wayTooBig = await h.owner.upload(`/api/portal/maintenance/${id}/photos`, { name: "huge.png", bytes: new Uint8Array(12 * 1024 * 1024) });
    expect(wayTooBig.status).toBe(413);
    expect((await h.owner.upload(`/api/portal/maintenance/${id}/photos`, { name: "empty.png", bytes: new Uint8Array(0) })).status).toBe(422);
    expect((await h.owner.post(`/api/portal/maintenance/${id}/photos`, { file: "not a file" })).status).toBe(422);
    // A JSON body on any other route is still capped at 1 MB.
    expect((await h.owner.post("/api/portal/maintenance", "x".repeat(1024 * 1024 + 10), { "content-type": "application/json" })).status).toBe(413);
    const timeline = (await h.owner.get(`/api/portal/maintenance/${id}`)).body.timeline;
    expect(timeline.filter((e: { kind: string }) => e.kind === "photo")).toHaveLength(1);
  });

  test("the owner is offered the directory's verified contractors of the trade who serve the property's ZIP, and assigns one, who is emailed the job", async () => {
    const id = await requestAt("acknowledged");
    const staff = t.client();
    await signInAsAdmin(t.services, staff);
    /** A member's directory listing, verified by an admin unless said otherwise. */
    const listed = async (business: string, trades: string[], zips: string[], verify = true) => {
      const client = t.client();
      const signed = await applyAndSign(client, "Basic");
      const listing = await client.put("/api/contractors/me", { business_name: business, trades, zips, counties: ["Cook"] });
      expect(listing.status).toBe(200);
      if (verify) expect((await staff.post(`/api/admin/contractors/${listing.body.id}/verification`, { status: "approved", note: "" })).status).toBe(200);
      return { id: listing.body.id as string, email: signed.email };
    };
    const heating = await listed("Pilsen Heating", ["HVAC"], ["60608"]);
    const farAway = await listed("Evanston Heat", ["HVAC"], ["60201"]);
    const unverified = await listed("New Furnace Guy", ["HVAC"], ["60608"], false);
    const roofer = await listed("Loomis Roofing", ["Roofing"], ["60608"]);
    // A member who only lists the skill in the skills network waits in the directory for verification.
    const networkOnly = t.client();
    await applyAndSign(networkOnly, "Basic");
    await networkOnly.put("/api/portal/skills/profile", { specialty_skills: ["HVAC"], skills_listed: true });

    const offer = await h.owner.get(`/api/portal/maintenance/${id}/contractors`);
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ skill: "HVAC", zip: "60608", elsewhere: 1 });
    expect(offer.body.contractors.map((c: { business_name: string }) => c.business_name)).toEqual(["Pilsen Heating"]);
    expect(offer.body.contractors[0]).toMatchObject({ id: heating.id, verified: true, trades: ["HVAC"] });
    // The same through tRPC.
    expect((await trpcCall(h.owner, "query", "member.owner.maintenance.contractors", { id })).data.contractors).toHaveLength(1);

    for (const other of [farAway, unverified, roofer]) {
      const refused = await h.owner.post(`/api/portal/maintenance/${id}/assign`, { contractor_id: other.id });
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe("That contractor is not a verified HVAC contractor of the directory serving 60608.");
    }
    expect((await h.owner.post(`/api/portal/maintenance/${id}/assign`, { member_id: heating.id })).status).toBe(422);
    const assigned = await h.owner.post(`/api/portal/maintenance/${id}/assign`, { contractor_id: heating.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.timeline.at(-1).note).toBe("Assigned to Pilsen Heating, a verified contractor of the directory");
    expect((await h.owner.get(`/api/portal/maintenance/${id}`)).body.assigned_to).toBe("Pilsen Heating");
    const job = await latestEmail(t.services, heating.email, "maintenance_job");
    expect(job.text).toContain("Radiator cold");
    expect(job.text).toContain("permission to enter");
    // Another owner's request is not found through this one.
    const stranger = t.client();
    await paidOwner(stranger, "Standard");
    expect((await stranger.get(`/api/portal/maintenance/${id}/contractors`)).status).toBe(404);
  });

  test("the dashboard counts open requests by priority and lists emergencies", async () => {
    const fresh = await home();
    const t2 = await invitedTenant(fresh);
    await t2.post("/api/tenant/maintenance", { lease_id: fresh.leaseId, title: "No heat", description: "Furnace out, -5F tonight", category: "hvac", priority: "emergency" });
    await t2.post("/api/tenant/maintenance", { lease_id: fresh.leaseId, title: "Loose tile", description: "Bathroom", category: "other", priority: "low" });
    const dashboard = (await fresh.owner.get("/api/portal/dashboard")).body;
    expect(dashboard.maintenance.open).toBe(2);
    expect(dashboard.maintenance.by_priority).toEqual({ emergency: 1, high: 0, normal: 0, low: 1 });
    expect(dashboard.maintenance.emergencies.map((e: { title: string }) => e.title)).toEqual(["No heat"]);
    const list = (await fresh.owner.get("/api/portal/maintenance")).body;
    expect(list.map((r: { priority: string }) => r.priority)).toEqual(["emergency", "low"]);
  });
});

describe("rent reminders", () => {
  test("before the due date and after the grace, each once per period, even from two server processes at once", async () => {
    const start = t.services.now();
    const second = t.services.config.DATABASE_URL ? await openDatabase({ databaseUrl: t.services.config.DATABASE_URL, dataDir: t.services.config.DATA_DIR, poolSize: 2 }) : null;
    try {
      // A lease whose rent is due on the 10th; reminders 4 days before.
      t.clock.set(new Date("2027-03-02T18:00:00Z"));
      const h = await home(undefined, { start_date: "2027-03-10", due_day: 10, reminder_days: 4, late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 } });
      const email = h.tenants[0]!.email!;
      const other = second ? createServices(t.services.config, second, t.clock.now) : t.services;
      const count = async (template: string) =>
        (await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)))).length;

      t.clock.set(new Date("2027-03-05T15:00:00Z")); // 5 days before: nothing yet
      await dailyRentJob(t.services, chicagoToday(t.clock.now()));
      expect(await count("rent_reminder")).toBe(0);
      t.clock.set(new Date("2027-03-06T15:00:00Z")); // 4 days before
      await Promise.all([dailyRentJob(t.services, "2027-03-06"), dailyRentJob(other, "2027-03-06"), dailyRentJob(other, "2027-03-06")]);
      t.clock.set(new Date("2027-03-08T15:00:00Z"));
      await dailyRentJob(t.services, "2027-03-08");
      expect(await count("rent_reminder")).toBe(1);
      expect((await latestEmail(t.services, email, "rent_reminder")).subject).toContain("Mar 10, 2027");

      // The grace ends on the 15th: on the 16th a balance remains, so one overdue reminder.
      await dailyRentJob(t.services, "2027-03-15");
      expect(await count("rent_overdue")).toBe(0);
      t.clock.set(new Date("2027-03-16T15:00:00Z"));
      await Promise.all([dailyRentJob(t.services, "2027-03-16"), dailyRentJob(other, "2027-03-16")]);
      await dailyRentJob(t.services, "2027-03-17");
      expect(await count("rent_overdue")).toBe(1);
      expect((await t.services.db.select().from(rentReminders).where(eq(rentReminders.leaseId, h.leaseId))).map((r) => `${r.period} ${r.kind}`).sort()).toEqual([
        "2027-03 after_grace",
        "2027-03 before_due",
      ]);

      // A lease paid up (March, its late fee and April ahead) gets no overdue reminder; 0 days asks for none before the due date.
      const paid = await home(undefined, { start_date: "2027-03-10", due_day: 10, reminder_days: 5 });
      const prepaid = await paid.owner.post(`/api/portal/leases/${paid.leaseId}/payments`, { amount_cents: 245_000, paid_on: "2027-03-16", method: "check" });
      expect(prepaid.status).toBe(201);
      // The owner may change the days on a running lease (0 to 14).
      expect((await paid.owner.patch(`/api/portal/leases/${paid.leaseId}`, { reminder_days: 30 })).status).toBe(422);
      expect((await paid.owner.patch(`/api/portal/leases/${paid.leaseId}`, { reminder_days: 0 })).body).toMatchObject({ reminder_days: 0 });
      t.clock.set(new Date("2027-04-09T15:00:00Z"));
      await dailyRentJob(t.services, "2027-04-09");
      // The first lease's April reminder (the 9th is within its 4 days): one per period.
      expect(await count("rent_reminder")).toBe(2);
      const paidEmail = paid.tenants[0]!.email!;
      expect((await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, paidEmail), eq(emailOutbox.template, "rent_reminder")))).length).toBe(0);
      t.clock.set(new Date("2027-04-16T15:00:00Z"));
      await dailyRentJob(t.services, "2027-04-16");
      expect((await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, paidEmail), eq(emailOutbox.template, "rent_overdue")))).length).toBe(0);
      const entries = await t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, paid.leaseId));
      expect(entries.some((e) => e.kind === "payment")).toBe(true);
    } finally {
      t.clock.set(start);
      await second?.close();
    }
  });
});
