import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq, like } from "drizzle-orm";
import { chicagoToday, plusDays } from "../../src/shared/calendar.ts";
import { communityJobKeys, emailOutbox, expenses, leaseTenants, ledgerEntries, maintenanceRequests, members, properties } from "../../src/server/db/schema.ts";
import { keepSampleBooks, SAMPLE_OWNER_EMAIL } from "../../src/server/domain/portal/sample-books.ts";
import { paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// The live demo (PORTAL.md 1): this app's owner portal on sample books, read-only, with no sign-in.
// The sample books are written through the portal's own domain functions, once per day; the demo's
// transports (REST under /api/demo/portal, tRPC at /api/demo/trpc) name the sample owner only.

let t: TestApp;
let sampleId: string;
let realOwner: { client: ApiClient; email: string; propertyId: string; leaseId: string };

beforeAll(async () => {
  t = await createTestApp();
  const first = await keepSampleBooks(t.services);
  expect(first.created).toBe(true);
  const [sample] = await t.services.db.select().from(members).where(eq(members.isSample, true));
  sampleId = sample!.id;

  const client = t.client();
  const { email } = await paidOwner(client, "Premium");
  const property = await client.post("/api/portal/properties", {
    name: "Owner's own two-flat",
    address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
  });
  expect(property.status).toBe(201);
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: plusDays(chicagoToday(t.services.now()), -40),
    rent_cents: 99_900,
    due_day: 1,
    tenants: [{ first_name: "Realia", last_name: "Tenantson" }],
  });
  expect(lease.status).toBe(201);
  realOwner = { client, email, propertyId: property.body.id, leaseId: lease.body.id };
}, 120_000);
afterAll(() => t.close());

/** What the sample books hold, counted. */
async function bookCounts() {
  const db = t.services.db;
  const of = async (table: typeof properties | typeof ledgerEntries | typeof expenses | typeof maintenanceRequests) =>
    (await db.select({ n: count() }).from(table).where(eq(table.ownerId, sampleId)))[0]!.n;
  return { properties: await of(properties), entries: await of(ledgerEntries), expenses: await of(expenses), requests: await of(maintenanceRequests) };
}

describe("the sample books", () => {
  test("a Chicago two-flat and a Berwyn bungalow, a year and more of ledger, a late tenant, open maintenance", async () => {
    const demo = t.client();
    const dashboard = await demo.get("/api/demo/portal/dashboard");
    expect(dashboard.status).toBe(200);
    const list = await demo.get("/api/demo/portal/properties");
    expect(list.body.map((p: { address: { city: string } }) => p.address.city).sort()).toEqual(["Berwyn", "Chicago"]);
    expect(JSON.stringify(dashboard.body)).toContain("Carter");
    const leases = (await demo.get("/api/demo/portal/leases")).body as { id: string; tenants: { last_name: string }[] }[];
    expect(leases).toHaveLength(3);
    const devon = leases.find((l) => l.tenants.some((x) => x.last_name === "Carter"))!;
    const ledger = await demo.get(`/api/demo/portal/leases/${devon.id}/ledger`);
    expect(ledger.status).toBe(200);
    const kinds = (ledger.body.entries as { kind: string; date: string }[]).map((e) => e.kind);
    expect(kinds.filter((k) => k === "rent").length).toBeGreaterThanOrEqual(12);
    expect(kinds).toContain("late_fee");
    expect(ledger.body.balance_cents).toBeGreaterThan(0);
    const maintenance = (await demo.get("/api/demo/portal/maintenance")).body as { status: string }[];
    expect(maintenance.map((r) => r.status).sort()).toEqual(["acknowledged", "in_progress", "submitted"]);
  });

  test("a monthly statement and last year's Schedule E with real figures, as JSON and PDF", async () => {
    const demo = t.client();
    const today = chicagoToday(t.services.now());
    const lastMonth = plusDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const statement = await demo.get(`/api/demo/portal/reports/monthly?month=${lastMonth}`);
    expect(statement.status).toBe(200);
    expect(JSON.stringify(statement.body)).toContain("mortgage_interest");
    const pdf = await t.app.request(`/api/demo/portal/reports/monthly?month=${lastMonth}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const year = Number(today.slice(0, 4)) - 1;
    const scheduleE = await demo.get(`/api/demo/portal/reports/schedule-e?year=${year}`);
    expect(scheduleE.status).toBe(200);
    const columns = JSON.stringify(scheduleE.body);
    expect(columns).toContain("Berwyn");
    // Line 3 as the sample story (sample-books.ts) writes last year: Maria pays $1,650 on each 1st
    // and Devon $1,450 on the 12th of every month but the first (a month behind, his late fees never
    // paid); the Patels pay $2,100 a month. The deposits paid on January 1 are not income.
    const columnsOf = scheduleE.body.properties as { address: string; lines: Record<string, number> }[];
    const bungalow = columnsOf.find((c) => JSON.stringify(c).includes("Berwyn"));
    const twoFlat = columnsOf.find((c) => c !== bungalow);
    expect(twoFlat!.lines["3"]).toBe(12 * 165_000 + 11 * 145_000);
    expect(bungalow!.lines["3"]).toBe(12 * 210_000);
    expect(scheduleE.body.lines["23a"]).toBe(12 * 165_000 + 11 * 145_000 + 12 * 210_000);
    const schedulePdf = await t.app.request(`/api/demo/portal/reports/schedule-e?year=${year}&format=pdf`);
    expect(schedulePdf.status).toBe(200);
    expect(schedulePdf.headers.get("content-type")).toContain("application/pdf");
  });

  test("the compliance calendar shows the sample deposits' lines: receipts and interest under the RLTO, the bungalow's under the county's ordinance", async () => {
    const calendar = await t.client().get("/api/demo/portal/compliance");
    expect(calendar.status).toBe(200);
    const kinds = new Set((calendar.body.items as { kind: string }[]).map((i) => i.kind));
    expect(kinds.has("deposit_receipt")).toBe(true);
    expect(kinds.has("deposit_interest")).toBe(true);
    const sources = new Set((calendar.body.items as { source: string }[]).map((i) => i.source));
    expect([...sources].some((s) => s.includes("5-12-080"))).toBe(true);
    // Devon's landlord took no deposit: no deposit line names his unit.
    expect((calendar.body.items as { kind: string; place: string }[]).filter((i) => i.kind.startsWith("deposit") && i.place.endsWith("unit 2"))).toEqual([]);
  });

  test("no sample tenant has an email, and nothing of the sample books is ever queued to be mailed", async () => {
    const tenants = await t.services.db.select().from(leaseTenants).where(eq(leaseTenants.ownerId, sampleId));
    expect(tenants.length).toBe(4);
    expect(tenants.every((x) => x.email === null)).toBe(true);
    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, SAMPLE_OWNER_EMAIL));
    expect(mails).toEqual([]);
  });

  test("made once: a second run, a run the same day and the next day's run add nothing twice", async () => {
    const before = await bookCounts();
    const again = await keepSampleBooks(t.services);
    expect(again).toEqual({ created: false, days: 0 });
    expect(await bookCounts()).toEqual(before);
    // Two processes at once: one writes, the other finds the day taken.
    await Promise.all([keepSampleBooks(t.services), keepSampleBooks(t.services)]);
    expect(await bookCounts()).toEqual(before);

    t.clock.advance(24 * 60 * 60 * 1000);
    const next = await keepSampleBooks(t.services);
    expect(next).toEqual({ created: false, days: 1 });
    const afterNextDay = await bookCounts();
    expect(afterNextDay.properties).toBe(before.properties);
    expect(afterNextDay.requests).toBe(before.requests);
    expect(await keepSampleBooks(t.services)).toEqual({ created: false, days: 0 });
    expect(await bookCounts()).toEqual(afterNextDay);
    const keys = await t.services.db.select({ n: count() }).from(communityJobKeys).where(like(communityJobKeys.key, "sample-books:setup"));
    expect(keys[0]!.n).toBe(1);
    const [sampleOwners] = await t.services.db.select({ n: count() }).from(members).where(eq(members.isSample, true));
    expect(sampleOwners!.n).toBe(1);
  });
});

describe("what Premium and online rent deliver, on the sample books", () => {
  test("payouts are connected and Maria pays online by card: the ledger and the dashboard show online payments", async () => {
    const demo = t.client();
    const payouts = await demo.get("/api/demo/portal/payouts");
    expect(payouts.body).toMatchObject({ connected: true, charges_enabled: true });
    const leases = (await demo.get("/api/demo/portal/leases")).body as { id: string; tenants: { last_name: string }[] }[];
    const maria = leases.find((l) => l.tenants.some((x) => x.last_name === "Alvarez"))!;
    const entries = (await demo.get(`/api/demo/portal/leases/${maria.id}/ledger`)).body.entries as { kind: string; source: string; description: string; method: string }[];
    const online = entries.filter((e) => e.kind === "payment" && e.source === "tenant");
    expect(online.length).toBeGreaterThanOrEqual(12);
    expect(online[0]).toMatchObject({ description: "Online payment by card", method: "card" });
    const dashboard = (await demo.get("/api/demo/portal/dashboard")).body as { recent_payments: { online: boolean; tenants: string[] }[] };
    expect(dashboard.recent_payments.some((p) => p.online && p.tenants.includes("Maria Alvarez"))).toBe(true);
  });

  test("an eviction case for Devon's unpaid rent: a served 5-day notice demanding rent only, coordination paid, its PDF readable", async () => {
    const demo = t.client();
    const cases = (await demo.get("/api/demo/portal/evictions")).body as { id: string; ground: string; paid: boolean }[];
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ ground: "unpaid_rent", paid: true });
    const full = (await demo.get(`/api/demo/portal/evictions/${cases[0]!.id}`)).body;
    expect(JSON.stringify(full.parties)).toContain("Carter");
    const [notice] = full.notices as { id: string; kind: string; amount_demanded_cents: number; served_on: string }[];
    // Served the day the books were made (the clock has moved on since, in the test above).
    expect(notice).toMatchObject({ kind: "5_day" });
    expect(notice!.served_on <= chicagoToday(t.services.now())).toBe(true);
    expect(notice!.amount_demanded_cents % 145_000).toBe(0);
    expect(notice!.amount_demanded_cents).toBeGreaterThan(0);
    const pdf = await t.app.request(`/api/demo/portal/evictions/${cases[0]!.id}/notices/${notice!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    // The tRPC procedure the case page calls answers the same case.
    const res = await t.app.request(`/api/demo/trpc/member.evictions.get?input=${encodeURIComponent(JSON.stringify({ id: cases[0]!.id }))}`);
    expect(res.status).toBe(200);
  });

  test("Premium services: staff access granted, and the staff's bookkeeping listed to the owner; nothing of it in the staff's real queues", async () => {
    const res = await t.app.request("/api/demo/trpc/member.owner.services.staffAccess");
    expect(res.status).toBe(200);
    const status = ((await res.json()) as { result: { data: { granted: boolean; activity: { label: string; who: string }[] } } }).result.data;
    expect(status.granted).toBe(true);
    const labels = status.activity.map((a) => a.label);
    expect(labels).toContain("Granted staff access");
    expect(labels).toContain("Recorded a rent payment");
    expect(status.activity.find((a) => a.label === "Recorded a rent payment")!.who).toBe("Sample bookkeeper (association staff)");
    // Devon's money orders are on his ledger as the staff's entries.
    const leases = (await t.client().get("/api/demo/portal/leases")).body as { id: string; tenants: { last_name: string }[] }[];
    const devon = leases.find((l) => l.tenants.some((x) => x.last_name === "Carter"))!;
    const entries = (await t.client().get(`/api/demo/portal/leases/${devon.id}/ledger`)).body.entries as { kind: string; source: string }[];
    expect(entries.filter((e) => e.kind === "payment").every((e) => e.source === "staff")).toBe(true);

    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const { trpcCall } = await import("../support/billing.ts");
    expect(((await trpcCall(admin, "query", "admin.ownerBooks.owners")).data as { id: string }[]).map((o) => o.id)).not.toContain(sampleId);
    expect((await trpcCall(admin, "query", "admin.ownerBooks.books", { owner_id: sampleId })).status).toBe(404);
    expect(JSON.stringify((await trpcCall(admin, "query", "admin.evictions.list", { state: "all" })).data)).not.toContain("Carter");
    const audit = await admin.get("/api/admin/audit-log?limit=200");
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).not.toContain("Sample bookkeeper");
    expect(JSON.stringify(audit.body)).not.toContain(SAMPLE_OWNER_EMAIL);
  });
});

describe("the demo transport", () => {
  test("answers the sample books with no session, and the same whatever session is sent", async () => {
    const anonymous = await t.client().get("/api/demo/portal/properties");
    expect(anonymous.status).toBe(200);
    const asOwner = await realOwner.client.get("/api/demo/portal/properties");
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual(anonymous.body);
    const access = await t.client().get("/api/demo/portal/access");
    expect(access.body).toMatchObject({ signed_in: false, allowed: true, can_write: false, reason: "demo" });
  });

  test("nothing of a real owner appears, and a real owner's ids answer 404 as ids that do not exist", async () => {
    const demo = realOwner.client;
    for (const path of ["/api/demo/portal/properties", "/api/demo/portal/leases", "/api/demo/portal/dashboard", "/api/demo/portal/export"]) {
      const res = await demo.get(path);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain("Loomis");
      expect(JSON.stringify(res.body)).not.toContain("Tenantson");
    }
    const missing = await t.client().get("/api/demo/portal/properties/00000000-0000-4000-8000-000000000000");
    for (const path of [
      `/api/demo/portal/properties/${realOwner.propertyId}`,
      `/api/demo/portal/leases/${realOwner.leaseId}`,
      `/api/demo/portal/leases/${realOwner.leaseId}/ledger`,
    ]) {
      const res = await t.client().get(path);
      expect(res.status).toBe(404);
    }
    expect((await t.client().get(`/api/demo/portal/properties/${realOwner.propertyId}`)).body).toEqual(missing.body);
    // The owner still sees their own books in their own portal.
    expect((await realOwner.client.get(`/api/portal/properties/${realOwner.propertyId}`)).status).toBe(200);
  });

  test("every write is refused with 403 saying this is the read-only demo, and changes nothing", async () => {
    const before = await bookCounts();
    const demo = realOwner.client;
    const [property] = (await demo.get("/api/demo/portal/properties")).body as { id: string }[];
    const [lease] = (await demo.get("/api/demo/portal/leases")).body as { id: string }[];
    const writes: [string, string, unknown][] = [
      ["POST", "/api/demo/portal/properties", { address: { line1: "1 Demo St", city: "Chicago", zip: "60601" }, property_type: "single_family", units: [] }],
      ["PATCH", `/api/demo/portal/properties/${property!.id}`, { name: "Changed" }],
      ["DELETE", `/api/demo/portal/properties/${property!.id}`, undefined],
      ["POST", `/api/demo/portal/leases/${lease!.id}/payments`, { amount_cents: 100, paid_on: chicagoToday(t.services.now()), method: "cash" }],
      ["POST", `/api/demo/portal/leases/${lease!.id}/end`, { end_date: chicagoToday(t.services.now()) }],
      ["POST", "/api/demo/portal/expenses", {}],
      ["PUT", "/api/demo/portal/reports/settings", { monthly_email: true }],
      ["POST", `/api/demo/portal/leases/${realOwner.leaseId}/payments`, { amount_cents: 100, paid_on: chicagoToday(t.services.now()), method: "cash" }],
    ];
    for (const [method, path, body] of writes) {
      const res = await t.app.request(path, {
        method,
        headers: { origin: "http://localhost", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toContain("read-only demo");
    }
    const mutation = await t.app.request("/api/demo/trpc/member.owner.properties.remove", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ id: property!.id }),
    });
    expect(mutation.status).toBe(403);
    expect(await bookCounts()).toEqual(before);
  });

  test("the demo's tRPC endpoint answers the portal's own procedures for the sample owner", async () => {
    const res = await t.app.request("/api/demo/trpc/member.owner.status,member.owner.properties.list?batch=1&input=%7B%7D");
    expect(res.status).toBe(200);
    const [status, list] = (await res.json()) as [{ result: { data: { reason: string } } }, { result: { data: { address: { city: string } }[] } }];
    expect(status.result.data.reason).toBe("demo");
    expect(list.result.data.map((p) => p.address.city).sort()).toEqual(["Berwyn", "Chicago"]);
  });

  test("only the demo's pages may be framed, and only by this site", async () => {
    const frameAncestors = async (path: string) =>
      (await t.app.request(path)).headers.get("content-security-policy")?.match(/frame-ancestors [^;]+/)?.[0];
    expect(await frameAncestors("/demo/portal")).toBe("frame-ancestors 'self'");
    expect(await frameAncestors("/demo/portal/leases")).toBe("frame-ancestors 'self'");
    for (const path of ["/", "/demo", "/portal", "/api/demo/portal/dashboard"]) expect(await frameAncestors(path)).toBe("frame-ancestors 'none'");
  });

  test("the embed check says the built-in demo can show (DEMO_URL unset)", async () => {
    expect(t.services.config.DEMO_URL).toBe("/demo/portal");
    const res = await t.client().get("/api/site/demo-status?fresh=1");
    expect(res.body).toMatchObject({ embeddable: true, reason: "ok" });
  });
});

describe("the sample owner is not a member", () => {
  test("it cannot sign in, by password or by emailed link", async () => {
    const login = await t.client().post("/api/auth/login", { username: SAMPLE_OWNER_EMAIL, password: "anything-at-all" });
    expect(login.status).toBe(401);
    expect((await t.client().post("/api/auth/sign-in-link", { email: SAMPLE_OWNER_EMAIL })).status).toBe(200);
    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, SAMPLE_OWNER_EMAIL));
    expect(mails).toEqual([]);
  });

  test("admins' member lists, search, statistics and export leave it out", async () => {
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const list = await admin.get(`/api/admin/members?search=${encodeURIComponent("sample-owner")}`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(SAMPLE_OWNER_EMAIL);
    const all = await admin.get("/api/admin/members");
    expect(JSON.stringify(all.body)).not.toContain(SAMPLE_OWNER_EMAIL);
    const exported = await t.app.request("/api/admin/members/export.csv", { headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(await exported.text()).not.toContain(SAMPLE_OWNER_EMAIL);
    const stats = await admin.get("/api/admin/dashboard/stats");
    const [{ n: premium } = { n: 0 }] = await t.services.db
      .select({ n: count() })
      .from(members)
      .where(and(eq(members.membershipLevel, "Premium"), eq(members.isSample, false)));
    expect(stats.body.premium_members).toBe(premium);
    expect(await admin.get(`/api/admin/members/${sampleId}`).then((r) => r.status)).toBe(404);
  });
});
