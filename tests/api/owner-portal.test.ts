import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { chicagoToday, periodOf, plusDays, plusMonths } from "../../src/shared/calendar.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { emailOutbox, leases, ledgerEntries, members, properties } from "../../src/server/db/schema.ts";
import { postAllDue } from "../../src/server/domain/portal/posting.ts";
import { applyAndSign, latestEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp, middleOfThisMonth } from "../support/harness.ts";
import { trpcCall } from "../support/billing.ts";

// The owner portal's books through its REST paths (PORTAL.md 8), on the real database: who may
// see what, properties and units, leases, the ledger and its rules, the rent roll, the dashboard,
// the export, and the rent-roll import.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The 15th: this file moves its clock to the next 1st and dates things earlier in the month.
  t.clock.set(middleOfThisMonth());
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(join(import.meta.dir, "../fixtures/imports", name), "utf8");
const today = () => chicagoToday(t.services.now());
/** The first day of the month `months` before this one. */
const monthStart = (months: number) => `${plusMonths(periodOf(today()), -months)}-01`;

async function owner(level: "Standard" | "Premium" = "Standard", overrides: Record<string, unknown> = {}) {
  const client = t.client();
  const signed = await paidOwner(client, level, overrides);
  return { client, ...signed };
}

async function twoFlat(client: ApiClient, line1 = "1834 S Loomis St") {
  const res = await client.post("/api/portal/properties", {
    name: "Loomis two-flat",
    address: { line1, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1", bedrooms: 2, bathrooms: 1 }, { label: "2" }],
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; units: { id: string; label: string }[] };
}

function leaseBody(unitId: string, overrides: Record<string, unknown> = {}) {
  return {
    unit_id: unitId,
    start_date: monthStart(3),
    end_date: null,
    rent_cents: 120_000,
    due_day: 1,
    // A deposit on the form is a charge on the lease's first day (tests/api/books-right.test.ts).
    deposit_cents: 0,
    late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
    tenants: [{ first_name: "Tess", last_name: "Renter", email: `tess.${Date.now()}@tenants.example.net`, phone: "(312) 555-0188" }],
    ...overrides,
  };
}

async function ledgerOf(client: ApiClient, leaseId: string) {
  const res = await client.get(`/api/portal/leases/${leaseId}/ledger`);
  expect(res.status).toBe(200);
  return res.body as { balance_cents: number; entries: { id: string; kind: string; amount_cents: number; period: string | null; balance_cents: number; description: string; date: string; voided_by: string | null }[] };
}

describe("who may open the owner portal", () => {
  test("no session 401; a Basic member 403 naming the upgrade; an unpaid signer and an admin 403; Standard and Premium owners in", async () => {
    expect((await t.client().get("/api/portal/dashboard")).status).toBe(401);
    const basic = t.client();
    await applyAndSign(basic, "Basic");
    const refused = await basic.get("/api/portal/properties");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("Standard ($50/month)");
    expect(refused.body.detail).toContain("Upgrade");
    const unpaid = t.client();
    await applyAndSign(unpaid, "Premium");
    const waiting = await unpaid.get("/api/portal/dashboard");
    expect(waiting.status).toBe(403);
    expect(waiting.body.detail).toContain("first payment");
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    expect((await admin.get("/api/portal/dashboard")).status).toBe(403);
    for (const level of ["Standard", "Premium"] as const) {
      const { client } = await owner(level);
      expect((await client.get("/api/portal/dashboard")).status).toBe(200);
      expect((await client.get("/api/portal/access")).body).toMatchObject({ allowed: true, can_write: true });
    }
  });

  test("the access call tells each kind of caller what they may do, and the refusals say why", async () => {
    const access = async (client: ApiClient) => (await client.get("/api/portal/access")).body;
    const anonymous = t.client();
    expect(await access(anonymous)).toEqual({ signed_in: false, allowed: false, can_write: false, membership_level: null, reason: "sign_in" });
    expect((await anonymous.get("/api/portal/properties")).body.detail).toBe("Please sign in to open your owner portal.");

    const basic = t.client();
    await applyAndSign(basic, "Basic");
    expect(await access(basic)).toEqual({ signed_in: true, allowed: false, can_write: false, membership_level: "Basic", reason: "upgrade" });

    const unpaid = t.client();
    await applyAndSign(unpaid, "Standard");
    expect(await access(unpaid)).toEqual({ signed_in: true, allowed: false, can_write: false, membership_level: "Standard", reason: "awaiting_payment" });
    expect((await unpaid.get("/api/portal/properties")).body.detail).toBe("Complete your first payment to open the owner portal. Your signed agreement is on file.");

    // Past due within the grace: still in. Deactivated by an administrator: signed out, and out.
    const late = await owner("Standard");
    await t.services.db.update(members).set({ status: "past_due" }).where(eq(members.email, late.email));
    expect(await access(late.client)).toEqual({ signed_in: true, allowed: true, can_write: true, membership_level: "Standard", reason: null });
    const stopped = await owner("Premium");
    await t.services.db.update(members).set({ isActive: false }).where(eq(members.email, stopped.email));
    expect(await access(stopped.client)).toMatchObject({ allowed: false, can_write: false });
    expect((await stopped.client.get("/api/portal/properties")).status).toBe(401);

    // A former owner with books reads them; writing says why not.
    const former = await owner("Standard");
    await former.client.post("/api/portal/properties", { address: { line1: "9 Former St", city: "Chicago", zip: "60601" }, property_type: "land" });
    await t.services.db.update(members).set({ membershipLevel: "Basic" }).where(eq(members.email, former.email));
    expect(await access(former.client)).toEqual({ signed_in: true, allowed: true, can_write: false, membership_level: "Basic", reason: "read_only" });
    expect((await former.client.get("/api/portal/properties")).status).toBe(200);
    const write = await former.client.post("/api/portal/properties", { address: { line1: "10 Former St", city: "Chicago", zip: "60601" }, property_type: "land" });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe(
      "Your membership is Basic now, so your owner portal is read-only: everything you recorded stays here to read and export. Upgrade to Standard or Premium to make changes again.",
    );

    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    expect((await admin.get("/api/portal/dashboard")).body.detail).toBe(
      "Administrators see an owner's books only while the owner grants staff access; otherwise aggregate figures only.",
    );
  });

  test("a new owner's dashboard is empty and says so", async () => {
    const { client } = await owner();
    const dash = await client.get("/api/portal/dashboard");
    expect(dash.body).toMatchObject({ empty: true, properties: 0, units: 0, late: [], recent_payments: [] });
    expect(dash.body.chart).toHaveLength(12);
  });
});

describe("properties and units", () => {
  test("a property is added with its units, listed, changed and archived", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    expect(property.units.map((u) => u.label)).toEqual(["1", "2"]);
    expect(property).toMatchObject({ property_type: "multi_family", schedule_e_code: 2, address: { state: "IL", zip: "60608" } });
    const house = await client.post("/api/portal/properties", { address: { line1: "3421 S Clarence Ave", city: "Berwyn", zip: "60402-1234" }, property_type: "single_family" });
    expect(house.status).toBe(201);
    expect(house.body.units.map((u: { label: string }) => u.label)).toEqual(["House"]);
    expect((await client.post(`/api/portal/properties/${house.body.id}/units`, { label: "Coach house" })).status).toBe(409);
    const added = await client.post(`/api/portal/properties/${property.id}/units`, { label: "Garden", market_rent_cents: 95_000 });
    expect(added.status).toBe(201);
    expect((await client.post(`/api/portal/properties/${property.id}/units`, { label: "garden" })).status).toBe(409);
    const renamed = await client.patch(`/api/portal/units/${added.body.id}`, { label: "Garden unit", bedrooms: 1 });
    expect(renamed.body).toMatchObject({ label: "Garden unit", bedrooms: 1 });

    const patched = await client.patch(`/api/portal/properties/${property.id}`, { name: "Pilsen two-flat", address: { zip: "60608-4411" }, placed_in_service: "2019-06-01" });
    expect(patched.body).toMatchObject({ name: "Pilsen two-flat", address: { zip: "60608-4411", line1: "1834 S Loomis St" }, placed_in_service: "2019-06-01" });
    expect((await client.get("/api/portal/properties")).body.map((p: { id: string }) => p.id)).toEqual([property.id, house.body.id]);
    await client.patch(`/api/portal/properties/${house.body.id}`, { archived: true });
    expect((await client.get("/api/portal/properties")).body.map((p: { id: string }) => p.id)).toEqual([property.id]);
    expect((await client.get("/api/portal/properties?include_archived=true")).body).toHaveLength(2);
  });

  test("bad input answers 422 with SPEC.md's error body, never 5xx", async () => {
    const { client } = await owner();
    const bad = await client.post("/api/portal/properties", { address: { line1: "1 Main St", city: "Chicago", zip: "6060" }, property_type: "castle", units: [{ label: "" }] });
    expect(bad.status).toBe(422);
    const locs = (bad.body.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toContain("body.address.zip");
    expect(locs).toContain("body.property_type");
    expect((await client.post("/api/portal/properties", "{not json", { "content-type": "application/json" })).status).toBe(400);
    expect((await client.get("/api/portal/properties/not-a-uuid")).status).toBe(404);
  });

  test("a property with a lease cannot be deleted (archive it); one entered by mistake can", async () => {
    const { client } = await owner();
    const mistake = await twoFlat(client, "99 Wrong Way");
    expect((await client.delete(`/api/portal/properties/${mistake.id}`)).status).toBe(200);
    expect((await client.get(`/api/portal/properties/${mistake.id}`)).status).toBe(404);
    const property = await twoFlat(client);
    expect((await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).status).toBe(201);
    const refused = await client.delete(`/api/portal/properties/${property.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("Archive");
  });
});

describe("nothing of one owner is visible to another", () => {
  test("owner B gets 404 for owner A's property, unit, lease and ledger entry, exactly like an id that does not exist", async () => {
    const a = await owner();
    const b = await owner("Premium");
    const property = await twoFlat(a.client);
    const lease = (await a.client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    const entry = (await ledgerOf(a.client, lease.id)).entries[0]!;
    const missing = "00000000-0000-4000-8000-000000000000";
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/portal/properties/${property.id}`],
      ["PATCH", `/api/portal/properties/${property.id}`, { name: "Mine now" }],
      ["DELETE", `/api/portal/properties/${property.id}`],
      ["POST", `/api/portal/properties/${property.id}/units`, { label: "3" }],
      ["PATCH", `/api/portal/units/${property.units[0]!.id}`, { label: "X" }],
      ["GET", `/api/portal/leases/${lease.id}`],
      ["GET", `/api/portal/leases/${lease.id}/ledger`],
      ["POST", `/api/portal/leases/${lease.id}/end`, { end_date: today() }],
      ["POST", `/api/portal/leases/${lease.id}/payments`, { amount_cents: 100, paid_on: today(), method: "cash" }],
      ["POST", `/api/portal/leases/${lease.id}/charges`, { kind: "fee", amount_cents: 100, date: today(), description: "x" }],
      ["POST", `/api/portal/ledger/${entry.id}/void`, { reason: "not mine" }],
      ["POST", "/api/portal/leases", leaseBody(property.units[1]!.id)],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await b.client.request(method, path, body);
      const nothing = await b.client.request(method, path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, missing), body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(theirs.body, `${method} ${path}`).toEqual(nothing.body);
    }
    // B's lists, roll, dashboard and export hold none of A's records.
    for (const path of ["/api/portal/properties", "/api/portal/leases?state=all", "/api/portal/payments", "/api/portal/dashboard", "/api/portal/export"]) {
      const text = JSON.stringify((await b.client.get(path)).body);
      expect(text, path).not.toContain(property.id);
      expect(text, path).not.toContain(lease.id);
    }
    // And A's books are unchanged.
    expect((await a.client.get(`/api/portal/properties/${property.id}`)).body.name).toBe("Loomis two-flat");
  });
});

describe("leases", () => {
  test("a lease that started three months ago shows every month of rent and the late fees at once", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const created = await client.post("/api/portal/leases", leaseBody(property.units[0]!.id));
    expect(created.status).toBe(201);
    expect(created.body.tenants[0].id).toMatch(/^[0-9a-f-]{36}$/);
    const ledger = await ledgerOf(client, created.body.id);
    const rents = ledger.entries.filter((e) => e.kind === "rent");
    // The three months before this one and this one, each $1,200 (they start on the 1st).
    expect(rents.map((r) => r.period)).toEqual([3, 2, 1, 0].map((m) => plusMonths(periodOf(today()), -m)));
    expect(rents.every((r) => r.amount_cents === 120_000)).toBe(true);
    // Late fees for the months whose grace (5 days after the 1st) is over.
    const lateFees = ledger.entries.filter((e) => e.kind === "late_fee");
    const graceOver = today() > plusDays(`${periodOf(today())}-01`, 5);
    expect(lateFees).toHaveLength(graceOver ? 4 : 3);
    expect(lateFees.every((f) => f.amount_cents === 5_000)).toBe(true);
    expect(ledger.balance_cents).toBe(4 * 120_000 + lateFees.length * 5_000);
    // The running balance of the last entry is the balance.
    expect(ledger.entries.at(-1)!.balance_cents).toBe(ledger.balance_cents);
    expect(created.body.balance_cents).toBe(ledger.balance_cents);
  });

  test("a first month from mid-month is prorated, half up to the cent", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const start = plusDays(monthStart(2), 15);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { start_date: start, late_fee: null }))).body;
    const first = (await ledgerOf(client, lease.id)).entries.find((e) => e.kind === "rent")!;
    const period = periodOf(start);
    const dim = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5)), 0)).getUTCDate();
    const days = dim - 15;
    expect(first.date).toBe(start);
    expect(first.amount_cents).toBe(Math.floor((2 * 120_000 * days + dim) / (2 * dim)));
    expect(first.description).toContain(`${days} of ${dim} days`);
  });

  test("overlapping leases, a due day outside 1-28, negative money and an end before the start are refused", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const unitId = property.units[0]!.id;
    expect((await client.post("/api/portal/leases", leaseBody(unitId, { start_date: monthStart(6), end_date: plusDays(monthStart(1), -1) }))).status).toBe(201);
    const overlap = await client.post("/api/portal/leases", leaseBody(unitId, { start_date: monthStart(2) }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.detail).toContain("cannot overlap");
    // The day after the first lease ends is free.
    expect((await client.post("/api/portal/leases", leaseBody(unitId, { start_date: monthStart(1) }))).status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ due_day: 31 }, "body.due_day"],
      [{ due_day: 0 }, "body.due_day"],
      [{ rent_cents: -120_000 }, "body.rent_cents"],
      [{ deposit_cents: -1 }, "body.deposit_cents"],
      [{ rent_cents: 1200.5 }, "body.rent_cents"],
      [{ start_date: "2026-05-01", end_date: "2026-04-30" }, "body.end_date"],
      [{ start_date: "2026-02-30" }, "body.start_date"],
      [{ tenants: [] }, "body.tenants"],
      [{ late_fee: { grace_days: 5, kind: "fixed" } }, "body.late_fee.amount_cents"],
      [{ late_fee: { grace_days: 5, kind: "fixed", amount_cents: 2500, daily_cents: 500 } }, "body.late_fee.max_cents"],
      [{ late_fee: { grace_days: 5, kind: "chicago_rlto", daily_cents: 500, max_cents: 9000 } }, "body.late_fee.daily_cents"],
    ];
    for (const [change, loc] of cases) {
      const res = await client.post("/api/portal/leases", leaseBody(property.units[1]!.id, change));
      expect(res.status, loc).toBe(422);
      expect((res.body.detail as { loc: (string | number)[] }[]).map((d) => d.loc.join(".")), loc).toContain(loc);
    }
  });

  test("ending a lease voids the rent posted after it and credits the last month down to the days in possession", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { late_fee: null }))).body;
    const end = plusDays(monthStart(2), 9); // the 10th of two months ago
    const ended = await client.post(`/api/portal/leases/${lease.id}/end`, { end_date: end });
    expect(ended.status).toBe(200);
    expect(ended.body.end_date).toBe(end);
    expect(ended.body.state).toBe("ended");
    const ledger = await ledgerOf(client, lease.id);
    const standingRent = ledger.entries.filter((e) => e.kind === "rent" && !e.voided_by);
    expect(standingRent.map((e) => e.period)).toEqual([plusMonths(periodOf(today()), -3), plusMonths(periodOf(today()), -2)]);
    const credit = ledger.entries.find((e) => e.kind === "credit")!;
    const dim = new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)), 0)).getUTCDate();
    expect(120_000 + credit.amount_cents).toBe(Math.floor((2 * 120_000 * 10 + dim) / (2 * dim)));
    expect(ledger.balance_cents).toBe(120_000 + 120_000 + credit.amount_cents);
    expect((await client.post(`/api/portal/leases/${lease.id}/end`, { end_date: plusDays(lease.start_date, -1) })).status).toBe(422);
    // Nothing was deleted: every entry is still there.
    expect(ledger.entries.filter((e) => e.kind === "rent")).toHaveLength(4);
  });
});

describe("the ledger", () => {
  test("a payment is recorded, the balance runs, and the tenant with an email gets a receipt", async () => {
    const { client } = await owner("Standard", { first_name: "Olivia", last_name: "Brandt" });
    const property = await twoFlat(client);
    const email = `rafael.${Date.now()}@tenants.example.net`;
    const lease = (
      await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, {
        start_date: monthStart(0),
        tenants: [{ first_name: "Rafael", last_name: "Ortiz", email }, { first_name: "Ana", last_name: "Ortiz" }],
      }))
    ).body;
    const paid = await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 70_000, paid_on: today(), method: "check", reference: "1042" });
    expect(paid.status).toBe(201);
    expect(paid.body.entry).toMatchObject({ kind: "payment", amount_cents: -70_000, method: "check", reference: "1042" });
    expect(paid.body.receipts_sent).toBe(1);
    const receipt = await latestEmail(t.services, email, "rent_receipt");
    expect(receipt.subject).toContain("$700.00");
    expect(receipt.text).toContain("Olivia Brandt recorded your payment of $700.00");
    expect(receipt.text).toContain("Check (1042)");
    expect(receipt.text).toContain(`Balance still due: $${((paid.body.balance_cents as number) / 100).toFixed(2)}`);
    const ledger = await ledgerOf(client, lease.id);
    let running = 0;
    for (const entry of ledger.entries) {
      running += entry.amount_cents;
      expect(entry.balance_cents).toBe(running);
    }
    expect(ledger.balance_cents).toBe(running);
  });

  test("a payment dated in the future, before the lease, or of no money is refused", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    const future = await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 100, paid_on: plusDays(today(), 1), method: "cash" });
    expect(future.status).toBe(422);
    expect(future.body.detail[0]).toMatchObject({ loc: ["body", "paid_on"], msg: "A payment date cannot be in the future" });
    expect((await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 100, paid_on: plusDays(lease.start_date, -1), method: "cash" })).status).toBe(422);
    expect((await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: -100, paid_on: today(), method: "cash" })).status).toBe(422);
    expect((await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 0, paid_on: today(), method: "cash" })).status).toBe(422);
    expect((await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 100, paid_on: today(), method: "bitcoin" })).status).toBe(422);
  });

  test("a payment recorded later but dated within the grace period voids the late fee, saying why", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { start_date: monthStart(2) }))).body;
    const first = (await ledgerOf(client, lease.id)).entries.find((e) => e.kind === "late_fee")!;
    expect(first.period).toBe(plusMonths(periodOf(today()), -2));
    // The tenant had paid on the 4th of that month; the owner records it only now.
    await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 120_000, paid_on: plusDays(monthStart(2), 3), method: "money_order" });
    const ledger = await ledgerOf(client, lease.id);
    const fee = ledger.entries.find((e) => e.id === first.id)!;
    expect(fee.voided_by).not.toBeNull();
    const voidEntry = ledger.entries.find((e) => e.id === fee.voided_by)!;
    expect(voidEntry).toMatchObject({ kind: "void", amount_cents: -5_000 });
    expect(voidEntry.description).toContain("Voided automatically: payments dated within the grace period covered the");
    // The next month's fee stands: nothing covered it.
    expect(ledger.entries.filter((e) => e.kind === "late_fee" && e.period === plusMonths(periodOf(today()), -1) && !e.voided_by)).toHaveLength(1);
    // Recording the payment again changes nothing more about the fee.
    const again = await ledgerOf(client, lease.id);
    expect(again.entries.filter((e) => e.kind === "void")).toHaveLength(1);
  });

  test("charges and credits carry their sign; an entry is voided once, with a reason, and a void cannot be voided", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { start_date: monthStart(0), late_fee: null }))).body;
    const fee = await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "fee", amount_cents: 3_500, date: today(), description: "Key replacement" });
    expect(fee.status).toBe(201);
    expect(fee.body.entry).toMatchObject({ kind: "fee", amount_cents: 3_500, description: "Key replacement" });
    const credit = await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "credit", amount_cents: 2_000, date: today(), description: "Paint supplies" });
    expect(credit.body.entry.amount_cents).toBe(-2_000);
    expect((await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "rent", amount_cents: 100, date: today(), description: "x" })).status).toBe(422);
    expect((await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "fee", amount_cents: 100, date: plusDays(today(), 3), description: "x" })).status).toBe(422);

    expect((await client.post(`/api/portal/ledger/${fee.body.entry.id}/void`, {})).status).toBe(422);
    const voided = await client.post(`/api/portal/ledger/${fee.body.entry.id}/void`, { reason: "Keys were found" });
    expect(voided.status).toBe(201);
    expect(voided.body.entry).toMatchObject({ kind: "void", amount_cents: -3_500, voids: fee.body.entry.id, description: "Void: Keys were found", date: today() });
    const twice = await client.post(`/api/portal/ledger/${fee.body.entry.id}/void`, { reason: "again" });
    expect(twice.status).toBe(409);
    const ofVoid = await client.post(`/api/portal/ledger/${voided.body.entry.id}/void`, { reason: "undo" });
    expect(ofVoid.status).toBe(409);
    expect(ofVoid.body.detail).toContain("cannot be voided");
    expect((await ledgerOf(client, lease.id)).balance_cents).toBe(120_000 - 2_000);
  });

  test("entries are never changed or deleted: the database refuses it", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    const refused = async (write: () => PromiseLike<unknown>) => {
      try {
        await write();
        return "written";
      } catch (error) {
        return String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
      }
    };
    expect(await refused(() => t.services.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.leaseId, lease.id)))).toContain(
      "never changed or deleted",
    );
    expect(await refused(() => t.services.db.delete(ledgerEntries).where(eq(ledgerEntries.leaseId, lease.id)))).toContain("never changed or deleted");
    expect((await ledgerOf(client, lease.id)).entries.every((e) => e.amount_cents !== 1)).toBe(true);
  });
});

describe("posting", () => {
  test("posting again, from the daily job or a second server process at the same time, writes each charge once", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    // Next month's rent comes due: the daily job of two processes and a read of the ledger post it at once.
    const nextMonth = plusMonths(periodOf(today()), 1);
    t.clock.set(new Date(`${nextMonth}-01T18:00:00Z`));
    const second = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: t.services.config.DATABASE_URL, dataDir: "memory://", poolSize: 2 })
      : null;
    try {
      const day = chicagoToday(t.services.now());
      const [a, b, read] = await Promise.all([postAllDue(t.services.db, day), postAllDue((second ?? t.services.database).db, day), client.get(`/api/portal/leases/${lease.id}/ledger`)]);
      expect(read.status).toBe(200);
      // The new rent was posted by one of them, not by none.
      expect(a.entries + b.entries + (read.body.entries.some((e: { period: string }) => e.period === nextMonth) ? 0 : -1)).toBeGreaterThanOrEqual(0);
      const [{ n }] = (await t.services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.leaseId, lease.id), eq(ledgerEntries.kind, "rent")))) as [{ n: number }];
      // Four months to this one, and next month's once.
      expect(n).toBe(5);
    } finally {
      await second?.close();
      t.clock.set(middleOfThisMonth());
    }
  });

  test("the next month's rent is posted by the daily job when its due date comes", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { start_date: monthStart(0), late_fee: null }))).body;
    const nextMonth = plusMonths(periodOf(today()), 1);
    t.clock.set(new Date(`${nextMonth}-01T18:00:00Z`));
    try {
      const posted = await postAllDue(t.services.db, chicagoToday(t.services.now()));
      expect(posted.entries).toBeGreaterThanOrEqual(1);
      expect((await ledgerOf(client, lease.id)).entries.map((e) => e.period)).toContain(nextMonth);
    } finally {
      t.clock.set(middleOfThisMonth());
    }
  });
});

describe("the rent roll", () => {
  test("each lease of a month with due, paid, balance and status, totals, and a CSV for a spreadsheet", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const extra = (await client.post(`/api/portal/properties/${property.id}/units`, { label: "3" })).body;
    const month = periodOf(today());
    const [paid, partial, unpaid] = await Promise.all(
      [property.units[0]!.id, property.units[1]!.id, extra.id].map(async (unitId, i) =>
        (await client.post("/api/portal/leases", leaseBody(unitId, { start_date: monthStart(0), late_fee: null, rent_cents: 100_000 + i * 10_000 }))).body,
      ),
    );
    await client.post(`/api/portal/leases/${paid.id}/payments`, { amount_cents: 150_000, paid_on: today(), method: "bank_transfer" });
    await client.post(`/api/portal/leases/${partial.id}/payments`, { amount_cents: 50_000, paid_on: today(), method: "cash" });
    const roll = await client.get(`/api/portal/payments?month=${month}`);
    expect(roll.status).toBe(200);
    const byLease = new Map((roll.body.rows as { lease_id: string }[]).map((r) => [r.lease_id, r]));
    expect(byLease.get(paid.id)).toMatchObject({ due_cents: 100_000, paid_cents: 150_000, balance_cents: -50_000, status: "credit" });
    expect(byLease.get(partial.id)).toMatchObject({ due_cents: 110_000, paid_cents: 50_000, balance_cents: 60_000, status: "partial" });
    expect(byLease.get(unpaid.id)).toMatchObject({ due_cents: 120_000, paid_cents: 0, balance_cents: 120_000, status: "unpaid" });
    expect(roll.body.totals).toMatchObject({ leases: 3, due_cents: 330_000, paid_cents: 200_000, balance_cents: 130_000, credit: 1, partial: 1, unpaid: 1, paid: 0 });

    const csv = await client.get(`/api/portal/payments?month=${month}&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain(`rent-roll-${month}.csv`);
    const lines = (csv.body as string).trim().split("\r\n");
    expect(lines[0]).toBe("Property,Unit,Tenants,Monthly rent,Due this month,Paid this month,Balance at month end,Status");
    expect(lines).toContain("Loomis two-flat,1,Tess Renter,1000.00,1000.00,1500.00,-500.00,credit");
    expect(lines.at(-1)).toBe("Totals,,3 leases,,3300.00,2000.00,1300.00,");
    expect((await client.get("/api/portal/payments?month=2026-13")).status).toBe(422);
    // A month before any lease: an empty roll.
    expect((await client.get("/api/portal/payments?month=2001-01")).body.rows).toEqual([]);
  });
});

describe("the dashboard", () => {
  test("shows the portfolio, this month, who is late and by how much, leases ending soon and recent payments", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const late = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { start_date: monthStart(2), late_fee: null }))).body;
    const ending = (
      await client.post("/api/portal/leases", leaseBody(property.units[1]!.id, { start_date: monthStart(1), end_date: plusDays(today(), 30), late_fee: null }))
    ).body;
    await client.post(`/api/portal/leases/${ending.id}/payments`, { amount_cents: 240_000, paid_on: today(), method: "check" });
    const dash = (await client.get("/api/portal/dashboard")).body;
    expect(dash).toMatchObject({ empty: false, properties: 1, units: 2, occupied_units: 2, occupancy_percent: 100, active_leases: 2 });
    expect(dash.late.map((l: { lease_id: string }) => l.lease_id)).toEqual([late.id]);
    expect(dash.late[0].since).toBe(monthStart(2));
    expect(dash.late[0].unpaid_rent_cents).toBeGreaterThanOrEqual(240_000);
    expect(dash.ending_soon.map((l: { lease_id: string; days_left: number }) => [l.lease_id, l.days_left])).toEqual([[ending.id, 30]]);
    expect(dash.recent_payments[0]).toMatchObject({ lease_id: ending.id, amount_cents: 240_000, unit: "2" });
    expect(dash.month.collected_cents).toBe(240_000);
    expect(dash.chart).toHaveLength(12);
    expect(dash.chart.at(-1).collected_cents).toBe(240_000);
    expect(dash.chart.at(-3).due_cents).toBe(120_000);
  });
});

describe("after a downgrade to Basic", () => {
  test("everything stays readable and exportable; writing is refused naming the upgrade", async () => {
    const { client, email } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const cancelled = await admin.post("/api/subscriptions/cancel", { member_email: email, reason: "Test downgrade", immediately: true });
    expect(cancelled.status).toBe(200);
    for (const path of ["/api/portal/dashboard", "/api/portal/properties", `/api/portal/leases/${lease.id}/ledger`, "/api/portal/payments", "/api/portal/export"]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
    expect((await client.get("/api/portal/access")).body).toMatchObject({ allowed: true, can_write: false, reason: "read_only" });
    const write = await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 100, paid_on: today(), method: "cash" });
    expect(write.status).toBe(403);
    expect(write.body.detail).toContain("read-only");
    expect((await client.post("/api/portal/properties", { address: { line1: "1 A St", city: "Chicago", zip: "60601" }, property_type: "land" })).status).toBe(403);
    const exported = await client.get("/api/portal/export");
    expect(exported.headers.get("content-disposition")).toContain("owner-portal-export-");
    expect(exported.body.properties[0].id).toBe(property.id);
    expect(exported.body.leases[0].ledger.length).toBeGreaterThan(0);
    expect(exported.body.leases[0].tenants[0].first_name).toBe("Tess");
  });
});

describe("importing a rent roll", () => {
  test("the preview shows every row and writes nothing; confirming writes it all", async () => {
    const { client } = await owner();
    const csv = fixture("rent-roll.csv");
    const preview = await client.post("/api/portal/imports/rent-roll", { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ confirmed: false, ok: true, summary: { rows: 6, errors: 0, new_properties: 3, leases: 4, tenants: 5, new_units: 5 } });
    expect(preview.body.rows.map((r: { action: string }) => r.action)).toEqual([
      "new lease",
      "new lease",
      "vacant unit",
      "new lease",
      "new lease",
      "tenant of the lease above",
    ]);
    // "1,050.00" is $1,050 and a 9-digit ZIP is kept.
    expect(preview.body.rows[1]).toMatchObject({ rent_cents: 105_000, start_date: "2025-03-16", end_date: null });
    expect((await client.get("/api/portal/properties")).body).toEqual([]);

    const done = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ confirmed: true, ok: true });
    const imported = (await client.get("/api/portal/properties")).body as { address: { line1: string; zip: string }; property_type: string; units: { label: string }[] }[];
    expect(imported.map((p) => [p.address.line1, p.property_type, p.units.map((u) => u.label)])).toEqual([
      ["1834 S Loomis St", "multi_family", ["1", "2", "Garden"]],
      ["3421 S Clarence Ave", "single_family", ["House"]],
      ["6201 S Kedzie Ave", "multi_family", ["1"]],
    ]);
    expect(imported[2]!.address.zip).toBe("60629-1234");
    const allLeases = (await client.get("/api/portal/leases?state=all")).body as { unit: { label: string }; tenants: { first_name: string }[]; rent_cents: number; property: { line1: string } }[];
    expect(allLeases).toHaveLength(4);
    const diaz = allLeases.find((l) => l.property.line1 === "6201 S Kedzie Ave")!;
    expect(diaz.tenants.map((x) => x.first_name).sort()).toEqual(["Ana", "Marco"]);
    // The books begin at the import (PORTAL.md 3a): nothing before it is posted, one opening balance
    // says what was owed then (nothing: the file has no balance column), and the deposit is held.
    for (const lease of allLeases as unknown as { id: string; balance_cents: number; books_from: string; deposit_cents: number }[]) {
      expect(lease.balance_cents).toBe(0);
      expect(lease.books_from).toBe(today());
      const ledger = await ledgerOf(client, lease.id);
      expect(ledger.entries.filter((e) => e.date < today())).toEqual([]);
      expect(ledger.entries.filter((e) => e.kind === "opening_balance").map((e) => e.amount_cents)).toEqual([0]);
      expect(ledger.entries.filter((e) => e.kind === "deposit_held").length).toBe(lease.deposit_cents > 0 ? 1 : 0);
    }
    // Importing the same file again finds every lease already there: nothing is written twice.
    const again = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(again.status).toBe(422);
    expect((await client.get("/api/portal/leases?state=all")).body).toHaveLength(4);
  });

  test("a balance column says what each tenant owes at the import", async () => {
    const { client } = await owner();
    const csv = [
      "Address,City,Zip,Unit,First name,Last name,Rent,Due day,Start,Balance due",
      `77 W Balance St,Chicago,60601,1A,Ana,Owes,"$1,000.00",1,${monthStart(4)},250.50`,
      `77 W Balance St,Chicago,60601,1B,Ben,Current,1000,1,${monthStart(4)},`,
    ].join("\n");
    const done = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(done.status).toBe(200);
    const leases = (await client.get("/api/portal/leases?state=all")).body as { unit: { label: string }; balance_cents: number }[];
    expect(Object.fromEntries(leases.map((l) => [l.unit.label, l.balance_cents]))).toEqual({ "1A": 25_050, "1B": 0 });
  });

  test("a lease whose term ended before the import is imported as it reads, and the preview says what that means", async () => {
    const { client } = await owner();
    const ended = plusDays(monthStart(2), -1);
    const csv = [
      "Address,City,Zip,Unit,First name,Last name,Rent,Due day,Start,End",
      `88 W Holdover St,Chicago,60601,1,Hal,Over,1000,1,${monthStart(14)},${ended}`,
      `88 W Holdover St,Chicago,60601,2,Cur,Rent,1000,1,${monthStart(14)},`,
      `88 W Holdover St,Chicago,60601,3,End,Today,1000,1,${monthStart(14)},${today()}`,
    ].join("\n");
    const preview = await client.post("/api/portal/imports/rent-roll", { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.ok).toBe(true);
    const notes = (preview.body.rows as { notes: string[] }[]).map((r) => r.notes);
    expect(notes[0]).toHaveLength(1);
    expect(notes[0]![0]).toContain("ended on");
    expect(notes[0]![0]).toContain("no rent is posted after it");
    expect(notes[1]).toEqual([]);
    // A term that ends today has not ended.
    expect(notes[2]).toEqual([]);
    expect(preview.body.summary.notes).toBe(1);

    const done = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(done.status).toBe(200);
    const endedLeases = (await client.get("/api/portal/leases?state=ended")).body as { id: string; tenants: { first_name: string }[] }[];
    expect(endedLeases.map((l) => l.tenants[0]!.first_name)).toEqual(["Hal"]);
    const ledger = await ledgerOf(client, endedLeases[0]!.id);
    expect(ledger.entries.filter((e) => e.kind === "rent" && e.date > ended)).toEqual([]);
  });

  test("a bad file shows each row's errors, and confirming it writes nothing", async () => {
    const { client } = await owner();
    const csv = fixture("rent-roll-bad.csv");
    const preview = await client.post("/api/portal/imports/rent-roll", { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.ok).toBe(false);
    const errors = (preview.body.rows as { line: number; errors: { field: string; msg: string }[] }[]).map((r) => [r.line, r.errors.map((e) => e.field)]);
    expect(errors).toEqual([
      [2, ["zip"]],
      [3, ["due_day"]],
      [4, ["rent"]],
      [5, ["property_type", "end_date", "email"]],
      [6, ["start_date"]],
      [7, ["start_date"]],
    ]);
    const confirmed = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(confirmed.status).toBe(422);
    expect((confirmed.body.detail as { loc: string[] }[]).map((d) => d.loc[2])).toContain("line 3");
    expect((await t.services.db.select().from(properties).where(eq(properties.ownerId, (await client.get("/api/auth/me")).body.id))).length).toBe(0);
    // A file without the needed columns is refused whole.
    const wrong = await client.post("/api/portal/imports/rent-roll", { csv: "Name,Amount\nA,1\n" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].msg).toContain("property address");
  });
});

describe("tRPC answers the same data", () => {
  test("the dashboard and a ledger through member.owner match the REST answers", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (await client.post("/api/portal/leases", leaseBody(property.units[0]!.id))).body;
    const rest = await ledgerOf(client, lease.id);
    const viaTrpc = await trpcCall(client, "query", "member.owner.leases.ledger", { id: lease.id });
    expect(viaTrpc.data.entries).toEqual(rest.entries);
    const dash = await trpcCall(client, "query", "member.owner.dashboard");
    expect(dash.data.properties).toBe(1);
    const created = await trpcCall(client, "mutation", "member.owner.leases.recordPayment", { id: lease.id, payment: { amount_cents: 1000, paid_on: today(), method: "cash" } });
    expect(created.status).toBe(200);
    expect((await ledgerOf(client, lease.id)).balance_cents).toBe(rest.balance_cents - 1000);
    expect((await trpcCall(t.client(), "query", "member.owner.dashboard")).status).toBe(401);
  });
});

describe("receipts", () => {
  test("a tenant without an email gets no receipt, and nothing else is sent", async () => {
    const { client } = await owner();
    const property = await twoFlat(client);
    const lease = (
      await client.post("/api/portal/leases", leaseBody(property.units[0]!.id, { tenants: [{ first_name: "No", last_name: "Email" }] }))
    ).body;
    const before = (await t.services.db.select().from(emailOutbox)).length;
    const res = await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 5_000, paid_on: today(), method: "cash" });
    expect(res.body.receipts_sent).toBe(0);
    expect((await t.services.db.select().from(emailOutbox)).length).toBe(before);
  });
});
