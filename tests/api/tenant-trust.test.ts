import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { chicagoToday, plusDays } from "../../src/shared/calendar.ts";
import { emailOutbox, leaseTenants, portalFiles } from "../../src/server/db/schema.ts";
import { createApp } from "../../src/server/http/app.ts";
import { takesFile } from "../../src/server/http/validate.ts";
import { linkTokenFromEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { PNG_BYTES } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// Trust between the parties (PORTAL.md 1 and 5, DECISIONS.md 29): a lease joins a tenant's portal
// only when the tenant accepts that landlord's invitation; the owner can take a tenant's access
// away; an ended lease takes nothing new from its former tenant; uploads and the emails a tenant
// causes are bounded; staff read an owner's bookkeeping files only under a standing grant.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const email = (name: string) => `${name}.${Date.now()}.${++seq}@tenants.example.net`;
const today = () => chicagoToday(t.services.now());

interface Landlord {
  client: ApiClient;
  name: string;
  leaseId: string;
  tenantId: string;
  line1: string;
}

/** A paid owner with a one-unit home and a lease whose tenant has this email. */
async function landlord(tenantEmail: string, first = "Olga"): Promise<Landlord> {
  const client = t.client();
  const signed = await paidOwner(client, "Standard", { first_name: first, last_name: "Landlord" });
  const line1 = `${2000 + ++seq} W Cortland St`;
  const property = await client.post("/api/portal/properties", { address: { line1, city: "Chicago", zip: "60647" }, property_type: "single_family" });
  expect(property.status).toBe(201);
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: plusDays(today(), -40),
    rent_cents: 140_000,
    due_day: 1,
    deposit_cents: 0,
    late_fee: null,
    tenants: [{ first_name: "Tess", last_name: "Renter", email: tenantEmail }],
  });
  expect(lease.status).toBe(201);
  return { client, name: `${signed.payload.first_name} ${signed.payload.last_name}`, leaseId: lease.body.id, tenantId: lease.body.tenants[0].id, line1 };
}

async function invite(owner: Landlord) {
  const res = await owner.client.post(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenantId}/invite`);
  expect(res.status).toBe(200);
}

/** Opens the latest invitation link to this address on a fresh client: the tenant's browser. */
async function openInvitation(tenantEmail: string): Promise<ApiClient> {
  const token = await linkTokenFromEmail(t.services, tenantEmail, "tenant_invite");
  const tenant = t.client();
  expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(200);
  return tenant;
}

/** A landlord's lease whose tenant (this name at a fresh address) accepted the invitation. */
async function invitedTenant(name: string) {
  const address = email(name);
  const owner = await landlord(address);
  await invite(owner);
  return { address, owner, tenant: await openInvitation(address) };
}

const leaseIdsSeenBy = async (tenant: ApiClient) => ((await tenant.get("/api/tenant/me")).body.leases as { id: string }[]).map((l) => l.id);

describe("a second landlord's lease joins a tenant's portal only with the tenant's consent", () => {
  test("before acceptance B's lease, instructions and pay button are invisible; the tenant accepts from an invitation naming B and the address", async () => {
    const tess = email("tess");
    const a = await landlord(tess, "Ana");
    await invite(a);
    const tenant = await openInvitation(tess);
    expect(await leaseIdsSeenBy(tenant)).toEqual([a.leaseId]);

    // Owner B types the same email on a lease of their own, with payment instructions of their own.
    const b = await landlord(tess, "Boris");
    expect((await b.client.put("/api/portal/settings", { payment_instructions: "NEW BANK DETAILS: wire to 000111" })).status).toBeLessThan(300);
    await invite(b);

    const me = await tenant.get("/api/tenant/me");
    expect(me.body.leases.map((l: { id: string }) => l.id)).toEqual([a.leaseId]);
    expect(JSON.stringify(me.body)).not.toContain("NEW BANK DETAILS");
    expect(me.body.invitations).toHaveLength(1);
    expect(me.body.invitations[0]).toMatchObject({ landlord: b.name, property: { line1: b.line1, city: "Chicago" }, unit: { label: "House" } });
    expect((await tenant.get(`/api/tenant/leases/${b.leaseId}/ledger`)).status).toBe(404);
    expect((await tenant.post(`/api/tenant/leases/${b.leaseId}/pay`, {})).status).toBe(404);
    const request = await tenant.post("/api/tenant/maintenance", {
      lease_id: b.leaseId,
      title: "Leak",
      description: "Under the sink",
      category: "plumbing",
      priority: "normal",
      permission_to_enter: true,
    });
    expect(request.status).toBe(404);
    const owner = await b.client.get(`/api/portal/leases/${b.leaseId}`);
    expect(owner.body.tenants[0]).toMatchObject({ portal: "invited", accepted_at: null });

    const accepted = await tenant.post(`/api/tenant/invitations/${me.body.invitations[0].id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", lease_id: b.leaseId });
    expect((await leaseIdsSeenBy(tenant)).sort()).toEqual([a.leaseId, b.leaseId].sort());
    expect((await b.client.get(`/api/portal/leases/${b.leaseId}`)).body.tenants[0].portal).toBe("accepted");
  });

  test("the invitation's own emailed link accepts that landlord's lease; a decline keeps it out and the owner sees it", async () => {
    const rosa = email("rosa");
    const a = await landlord(rosa);
    await invite(a);
    const first = await openInvitation(rosa);
    const b = await landlord(rosa);
    await invite(b);
    expect(await leaseIdsSeenBy(first)).toEqual([a.leaseId]);
    // Opening B's invitation link is Rosa's acceptance of B's lease: the email named B and the home.
    const second = await openInvitation(rosa);
    expect((await leaseIdsSeenBy(second)).sort()).toEqual([a.leaseId, b.leaseId].sort());

    const c = await landlord(rosa);
    await invite(c);
    const invitation = (await second.get("/api/tenant/me")).body.invitations[0];
    expect((await second.post(`/api/tenant/invitations/${invitation.id}/decline`)).body.status).toBe("declined");
    expect(await leaseIdsSeenBy(second)).not.toContain(c.leaseId);
    expect((await second.get("/api/tenant/me")).body.invitations).toHaveLength(0);
    expect((await c.client.get(`/api/portal/leases/${c.leaseId}`)).body.tenants[0].portal).toBe("declined");
    // Another tenant's invitation id answers 404, like any unknown id.
    const other = await openInvitation(await (async () => {
      const x = email("xavier");
      await invite(await landlord(x));
      return x;
    })());
    expect((await other.post(`/api/tenant/invitations/${invitation.id}/accept`)).status).toBe(404);
  });
});

describe("the owner removes a tenant's access; an ended lease takes nothing new", () => {
  test("after revocation the lease leaves the tenant's portal, the tenant's session ends, the books keep the history", async () => {
    const { address: tom, owner, tenant } = await invitedTenant("tom");
    expect(await leaseIdsSeenBy(tenant)).toEqual([owner.leaseId]);
    const before = await owner.client.get(`/api/portal/leases/${owner.leaseId}/ledger`);

    const revoked = await owner.client.delete(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenantId}/access`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.tenant_id).toBe(owner.tenantId);
    // It was the only lease the account could see: its sessions end.
    expect((await tenant.get("/api/tenant/me")).status).toBe(401);
    // The emailed link of the revoked invitation no longer works either.
    const token = await linkTokenFromEmail(t.services, tom, "tenant_invite");
    expect((await t.client().post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(400);
    const after = await owner.client.get(`/api/portal/leases/${owner.leaseId}/ledger`);
    expect(after.body.entries).toEqual(before.body.entries);
    expect((await owner.client.get(`/api/portal/leases/${owner.leaseId}`)).body.tenants[0].portal).toBe("revoked");
    // Another owner's lease or an unknown tenant answers 404.
    const stranger = await landlord(email("stranger"));
    expect((await stranger.client.delete(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenantId}/access`)).status).toBe(404);
    expect((await owner.client.delete(`/api/portal/leases/${owner.leaseId}/tenants/${stranger.tenantId}/access`)).status).toBe(404);
  });

  test("a former tenant files no request and pays nothing after the lease ends (409 naming the end date), and reads the ledger for a year", async () => {
    const { address: una, owner, tenant } = await invitedTenant("una");
    const ended = plusDays(today(), -2);
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/end`, { end_date: ended })).status).toBe(200);

    const request = await tenant.post("/api/tenant/maintenance", {
      lease_id: owner.leaseId,
      title: "Emergency",
      description: "No heat",
      category: "hvac",
      priority: "emergency",
      permission_to_enter: true,
    });
    expect(request.status).toBe(409);
    expect(request.body.detail).toContain("ended on");
    expect((await tenant.post(`/api/tenant/leases/${owner.leaseId}/pay`, {})).status).toBe(409);
    expect((await tenant.get(`/api/tenant/leases/${owner.leaseId}/ledger`)).status).toBe(200);

    // A year and a day after the end, the lease has left the portal (Una signs in again: her session lapsed).
    t.clock.advance(368 * 24 * 60 * 60 * 1000);
    try {
      expect((await t.client().post("/api/tenant/sign-in-link", { email: una })).status).toBe(200);
      const token = await linkTokenFromEmail(t.services, una, "tenant_sign_in_link");
      const later = t.client();
      expect((await later.post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(200);
      expect((await later.get(`/api/tenant/leases/${owner.leaseId}/ledger`)).status).toBe(404);
      expect(await leaseIdsSeenBy(later)).toEqual([]);
    } finally {
      t.clock.advance(-368 * 24 * 60 * 60 * 1000);
    }
  });
});

describe("a lease's last day is still its tenant's (tenant-access.ts assertLeaseRunning)", () => {
  test("on the day the lease ends it takes a request, a comment and a photo; the day after, each of them and autopay and paying are a 409 naming the end date", async () => {
    const { address: wes, owner, tenant } = await invitedTenant("wes");
    const file = (body: string) =>
      tenant.post("/api/tenant/maintenance", { lease_id: owner.leaseId, title: body, description: body, category: "plumbing", priority: "normal", permission_to_enter: true });
    const running = await file("Dripping tap");
    expect(running.status).toBe(201);
    // A running lease (no end date) is not refused: what stops autopay is the landlord's payouts, not the lease.
    const autopayRunning = await tenant.post(`/api/tenant/leases/${owner.leaseId}/autopay`, { limit_cents: 150_000 });
    expect(autopayRunning.status).toBe(409);
    expect(autopayRunning.body.detail).toContain("does not take rent online");

    const lastDay = today();
    expect((await owner.client.post(`/api/portal/leases/${owner.leaseId}/end`, { end_date: lastDay })).status).toBe(200);
    const onLastDay = await file("Loose handrail");
    expect(onLastDay.status).toBe(201);
    expect((await tenant.post(`/api/tenant/maintenance/${running.body.id}/comments`, { body: "Still dripping" })).status).toBe(201);
    expect((await tenant.upload(`/api/tenant/maintenance/${running.body.id}/photos`, { name: "tap.png", bytes: PNG_BYTES })).status).toBe(201);

    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      const refusals = [
        await file("Broken blind"),
        await tenant.post(`/api/tenant/maintenance/${running.body.id}/comments`, { body: "Any news?" }),
        await tenant.upload(`/api/tenant/maintenance/${running.body.id}/photos`, { name: "tap-2.png", bytes: PNG_BYTES }),
        await tenant.post(`/api/tenant/leases/${owner.leaseId}/autopay`, { limit_cents: 150_000 }),
        await tenant.post(`/api/tenant/leases/${owner.leaseId}/pay`, {}),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(409);
        expect(res.body.detail).toContain("ended on");
      }
      // The request itself is still the tenant's to read.
      expect((await tenant.get(`/api/tenant/maintenance/${running.body.id}`)).status).toBe(200);
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  });
});

describe("uploads and the emails a tenant causes are bounded", () => {
  test("a tenant's photos of 9 MB meet a 429 with Retry-After before the 14th; the owner deletes one and the record keeps who did", async () => {
    const { address: vic, owner, tenant } = await invitedTenant("vic");
    const request = await tenant.post("/api/tenant/maintenance", {
      lease_id: owner.leaseId,
      title: "Water stain",
      description: "On the ceiling",
      category: "plumbing",
      priority: "normal",
      permission_to_enter: true,
    });
    expect(request.status).toBe(201);
    const photo = new Uint8Array(9 * 1024 * 1024);
    photo.set(PNG_BYTES);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<ApiClient["upload"]>> | null = null;
    // The first photo is sent; then three more of 9 MB count as sent earlier today (the quota reads
    // each file's recorded size, and writing 50 MB through the embedded database takes half a minute
    // of a core); the next photos go through the route until one is refused.
    expect((await tenant.upload(`/api/tenant/maintenance/${request.body.id}/photos`, { name: "stain-0.png", bytes: photo })).status).toBe(201);
    const [sent] = await t.services.db.select().from(portalFiles).where(eq(portalFiles.name, "stain-0.png"));
    await t.services.db.insert(portalFiles).values(
      [1, 2, 3].map((i) => ({ ...sent!, id: undefined, name: `earlier-${i}.png`, data: new Uint8Array(0), createdAt: new Date(Date.now() - i * 60_000) })),
    );
    statuses.push(201, 201, 201, 201);
    for (let i = 4; i < 14; i++) {
      const res = await tenant.upload(`/api/tenant/maintenance/${request.body.id}/photos`, { name: `stain-${i}.png`, bytes: photo });
      statuses.push(res.status);
      if (res.status === 429) {
        refused = res;
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThan(14);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((refused!.body as { detail: string }).detail).toContain("MB of files a day");

    const timeline = (await owner.client.get(`/api/portal/maintenance/${request.body.id}`)).body.timeline;
    const first = timeline.find((e: { kind: string }) => e.kind === "photo").file;
    const deleted = await owner.client.delete(`/api/portal/maintenance/${request.body.id}/photos/${first.id}`);
    expect(deleted.status).toBe(200);
    const gone = deleted.body.timeline.find((e: { kind: string; file: { id: string } | null }) => e.kind === "photo" && e.file?.id === first.id);
    expect(gone.file.deleted).toMatchObject({ by: `${owner.name} (owner)` });
    expect(deleted.body.timeline.at(-1)).toMatchObject({ kind: "photo_deleted", actor_name: `${owner.name} (owner)` });
    expect((await tenant.get(`/api/tenant/files/${first.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/portal/files/${first.id}`)).status).toBe(404);
    const [row] = await t.services.db.select().from(portalFiles).where(eq(portalFiles.id, first.id));
    expect(row!.data.byteLength).toBe(0);
    // The tenant cannot delete, and another owner's request answers 404.
    expect((await tenant.request("DELETE", `/api/portal/maintenance/${request.body.id}/photos/${first.id}`)).status).toBe(401);
    // About 100 MB through the app into the database: 37 s beside another file on two cores, 64 s
    // when the machine is busier. Its budget is what that work needs on a loaded machine.
  }, 180_000);

  test("a burst of a tenant's requests is refused after 10 a day, so the owner gets 10 emails, not 25", async () => {
    const { address: wes, owner, tenant } = await invitedTenant("wes");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await tenant.post("/api/tenant/maintenance", {
        lease_id: owner.leaseId,
        title: `Request ${i}`,
        description: "Again",
        category: "other",
        priority: "low",
        permission_to_enter: false,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("one address receives at most 3 invitations a day, whoever sends them", async () => {
    const zoe = email("zoe");
    const owners = [await landlord(zoe), await landlord(zoe)];
    const statuses: number[] = [];
    for (const owner of [...owners, ...owners]) {
      statuses.push((await owner.client.post(`/api/portal/leases/${owner.leaseId}/tenants/${owner.tenantId}/invite`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await t.services.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, zoe), eq(emailOutbox.template, "tenant_invite")))).toBe(3);
  });

  test("a 2 MB photo uploads to a support ticket and to a bookkeeping request (the routes that take a file get room for one)", async () => {
    const owner = t.client();
    await paidOwner(owner, "Premium");
    const photo = new Uint8Array(2 * 1024 * 1024);
    photo.set(PNG_BYTES);
    const ticket = await owner.post("/api/portal/support/tickets", { subject: "Photo of the damage", body: "See attached" });
    expect((await owner.upload(`/api/portal/support/tickets/${ticket.body.id}/files`, { name: "damage.png", bytes: photo }, { body: "The photo" })).status).toBe(201);
    await owner.put("/api/portal/staff-access");
    const request = await owner.post("/api/portal/bookkeeping/requests", { note: "Receipts for March" });
    expect((await owner.upload(`/api/portal/bookkeeping/requests/${request.body.id}/files`, { name: "receipts.png", bytes: photo })).status).toBe(201);
  });

  test("every route that reads an upload carries the takesFile mark (the list of upload paths is the routes themselves)", () => {
    const app = createApp(t.services);
    const marked = new Set(app.routes.filter((r) => r.handler === takesFile).map((r) => `${r.method} ${r.path}`));
    const reading = app.routes.filter((r) => r.handler.toString().includes("readUpload(")).map((r) => `${r.method} ${r.path}`);
    expect(reading.length).toBeGreaterThanOrEqual(10);
    for (const route of reading) expect(marked.has(route), route).toBe(true);
  });
});

describe("staff and the owner's grant", () => {
  test("after the owner revokes the grant, staff can no longer open the owner's bookkeeping files", async () => {
    const owner = t.client();
    await paidOwner(owner, "Premium");
    await owner.put("/api/portal/staff-access");
    const request = await owner.post("/api/portal/bookkeeping/requests", { note: "Bank statement" });
    const uploaded = await owner.upload(`/api/portal/bookkeeping/requests/${request.body.id}/files`, { name: "statement.png", bytes: PNG_BYTES });
    const staff = t.client();
    await signInAsAdmin(t.services, staff);
    expect((await staff.get(`/api/admin/services/files/${uploaded.body.files[0].id}`)).status).toBe(200);
    await owner.delete("/api/portal/staff-access");
    const after = await staff.get(`/api/admin/services/files/${uploaded.body.files[0].id}`);
    expect(after.status).toBe(403);
    expect(after.body.detail).toContain("not granted");
  });
});

describe("staff and an eviction case the owner has not paid for", () => {
  test("staff see it from the moment it is opened; every read is audited and shown to the owner; acting on it waits for payment", async () => {
    const owner = t.client();
    await paidOwner(owner, "Premium");
    const property = await owner.post("/api/portal/properties", { address: { line1: `${5000 + ++seq} S Halsted St`, city: "Chicago", zip: "60609" }, property_type: "single_family" });
    const lease = await owner.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: plusDays(today(), -70),
      rent_cents: 100_000,
      due_day: 1,
      tenants: [{ first_name: "Quinn", last_name: "Tenant" }],
    });
    const opened = await owner.post("/api/portal/evictions", { lease_id: lease.body.id, ground: "unpaid_rent", jurisdiction: "chicago" });
    expect(opened.status).toBe(201);
    expect(opened.body.paid).toBe(false);
    const notice = await owner.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day" });
    expect(notice.status).toBe(201);

    const staff = t.client();
    await signInAsAdmin(t.services, staff);
    // The queue names no tenant; opening the case does, and is recorded.
    const queue = await staff.get("/api/admin/evictions");
    const listed = queue.body.find((c: { id: string }) => c.id === opened.body.id);
    expect(listed.parties).toEqual([]);
    expect((await staff.get(`/api/admin/evictions/${opened.body.id}`)).body.parties[0]).toMatchObject({ first_name: "Quinn" });
    expect((await staff.download(`/api/admin/evictions/${opened.body.id}/notices/${notice.body.id}/pdf`)).status).toBe(200);
    const seen = (await owner.get(`/api/portal/evictions/${opened.body.id}`)).body.staff_activity;
    expect(seen.map((a: { action: string }) => a.action)).toEqual(["eviction_notice_opened", "eviction_viewed"]);
    expect(seen[0].who).toBe("Association Administrator");
    // Recording the notice's service is staff work: it waits for the case to be paid, like every other act.
    const service = await staff.post(`/api/admin/evictions/${opened.body.id}/notices/${notice.body.id}/service`, { served_on: today(), service_method: "personal", served_by: "Staff" });
    expect(service.status).toBe(409);
    // Closing a case opened by mistake is the one staff act that does not wait.
    expect((await staff.post(`/api/admin/evictions/${opened.body.id}/transitions`, { to: "closed", note: "Opened by mistake" })).status).toBe(200);
  });
});

test("the migration: tenancies linked before consent was asked keep the first landlord's leases; another landlord's wait for the tenant", async () => {
  const migration = readFileSync(resolve(import.meta.dir, "../../drizzle/0015_tenant_consent.sql"), "utf8");
  const statement = migration.split("--> statement-breakpoint").at(-1)!;
  const pat = email("pat");
  const first = await landlord(pat);
  const second = await landlord(pat);
  await invite(first);
  await invite(second);
  // As the data stood before this change: both linked, neither accepted; the first invited earlier.
  await t.services.db.update(leaseTenants).set({ acceptedAt: null, invitedAt: new Date(Date.now() - 60_000) }).where(eq(leaseTenants.id, first.tenantId));
  await t.services.db.update(leaseTenants).set({ acceptedAt: null }).where(eq(leaseTenants.id, second.tenantId));
  await t.services.db.execute(sql.raw(statement));
  const [a] = await t.services.db.select().from(leaseTenants).where(eq(leaseTenants.id, first.tenantId));
  const [b] = await t.services.db.select().from(leaseTenants).where(eq(leaseTenants.id, second.tenantId));
  expect(a!.acceptedAt).not.toBeNull();
  expect(b!.acceptedAt).toBeNull();
});
