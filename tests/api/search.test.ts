import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { readQuery } from "../../src/server/domain/portal/search.ts";

// The owner portal's one search box (PORTAL.md 8a): tenants, properties and units, leases,
// payments by amount, reference or date, expenses by payee, memo or amount, maintenance requests;
// grouped, and scoped to the owner who asks.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two owners with the same kinds of records (and the same tenant name): each search names its owner's only. */
async function ownerBooks(street: string) {
  const client = t.client();
  await paidOwner(client, "Standard");
  const property = await client.post("/api/portal/properties", { name: `${street} three-flat`, address: { line1: street, city: "Chicago", zip: "60640" }, property_type: "multi_family", units: [{ label: "G" }, { label: "2" }] });
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[1].id,
    start_date: "2026-01-01",
    rent_cents: 123_456,
    due_day: 1,
    tenants: [{ first_name: "Harriet", last_name: "Okonkwo", email: `harriet.${Date.now()}.${street.length}@tenants.example.net`, phone: "312-555-0143" }],
  });
  await client.post(`/api/portal/leases/${lease.body.id}/payments`, { amount_cents: 123_456, paid_on: "2026-10-03", method: "check", reference: "CHK 1043", send_receipt: false });
  await client.post("/api/portal/expenses", { property_id: property.body.id, date: "2026-10-05", amount_cents: 8_950, payee: "ACE HARDWARE #1234", memo: "faucet cartridge", category: "repairs" });
  await client.post("/api/portal/maintenance", { property_id: property.body.id, unit_id: property.body.units[1].id, title: "Leaky kitchen faucet", description: "Drips all night", category: "plumbing" });
  return { client, propertyId: property.body.id as string, leaseId: lease.body.id as string };
}

type Groups = { kind: string; items: { id: string; title: string; subtitle: string; path: string }[] }[];
const search = async (client: ApiClient, q: string) => {
  const res = await client.get(`/api/portal/search?q=${encodeURIComponent(q)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.groups as Groups;
};
const kinds = (groups: Groups) => groups.map((g) => g.kind);
const group = (groups: Groups, kind: string) => groups.find((g) => g.kind === kind)?.items ?? [];

describe("search (PORTAL.md 8a)", () => {
  test("each kind of record is found by what an owner would type, and only the owner's own", async () => {
    const a = await ownerBooks("4811 N Winthrop Ave");
    const b = await ownerBooks("4811 N Winthrop Ave");

    const tenants = await search(a.client, "okonk");
    expect(kinds(tenants)).toEqual(["tenants"]);
    expect(group(tenants, "tenants")).toEqual([expect.objectContaining({ title: "Harriet Okonkwo", path: `/portal/leases/${a.leaseId}` })]);
    expect(group(await search(a.client, "555-0143"), "tenants")).toHaveLength(1);

    const place = await search(a.client, "winthrop");
    expect(kinds(place)).toEqual(["properties", "units", "leases"]);
    expect(group(place, "properties")).toEqual([expect.objectContaining({ id: a.propertyId, path: `/portal/properties/${a.propertyId}` })]);
    expect(group(place, "units").map((u) => u.title)).toEqual(["Unit 2", "Unit G"]);
    expect(group(place, "leases")).toEqual([expect.objectContaining({ id: a.leaseId })]);

    // A payment by its amount (as typed, in dollars), its check number, its date (ISO or US).
    for (const q of ["1,234.56", "$1234.56", "1043", "2026-10-03", "10/3/2026"]) {
      const payments = group(await search(a.client, q), "payments");
      expect(payments, q).toEqual([expect.objectContaining({ title: "$1,234.56 on 2026-10-03", path: `/portal/leases/${a.leaseId}` })]);
      expect(payments[0]!.subtitle).toContain("CHK 1043");
    }
    // The rent of the same amount finds the lease too.
    expect(group(await search(a.client, "1234.56"), "leases")).toHaveLength(1);

    expect(group(await search(a.client, "ace hard"), "expenses")).toEqual([expect.objectContaining({ title: "ACE HARDWARE #1234: $89.50", path: expect.stringContaining("/portal/expenses?expense=") })]);
    expect(group(await search(a.client, "cartridge"), "expenses")).toHaveLength(1);
    const faucet = await search(a.client, "faucet");
    expect(kinds(faucet)).toEqual(["expenses", "maintenance"]);
    expect(group(faucet, "maintenance")).toEqual([expect.objectContaining({ title: "Leaky kitchen faucet" })]);

    // Owner B's records of the same names are B's alone.
    const theirs = await search(b.client, "okonk");
    expect(group(theirs, "tenants").map((x) => x.path)).toEqual([`/portal/leases/${b.leaseId}`]);
  });

  test("the pattern's own characters are literal; too short a query is a 422; a visitor is refused", async () => {
    const a = await ownerBooks("1650 W Foster Ave");
    expect(await search(a.client, "%%")).toEqual([]);
    expect(await search(a.client, "__")).toEqual([]);
    expect((await a.client.get("/api/portal/search?q=a")).status).toBe(422);
    expect((await a.client.get("/api/portal/search")).status).toBe(422);
    expect((await t.client().get("/api/portal/search?q=foster")).status).toBe(401);
  });

  test("what a query may also mean: an amount in dollars, a date", () => {
    expect(readQuery(" $1,500.00 ")).toEqual({ text: "$1,500.00", cents: 150_000, date: null });
    expect(readQuery("1043")).toEqual({ text: "1043", cents: 104_300, date: null });
    expect(readQuery("12/31/2026")).toEqual({ text: "12/31/2026", cents: null, date: "2026-12-31" });
    expect(readQuery("2026-02-30")).toMatchObject({ date: null });
    expect(readQuery("faucet")).toEqual({ text: "faucet", cents: null, date: null });
    // A US date is a date only as the whole query, month and day padded to two digits.
    expect(readQuery("1/2/2026")).toMatchObject({ date: "2026-01-02" });
    expect(readQuery("x1/2/2026")).toMatchObject({ date: null });
    expect(readQuery("1/2/2026 rent")).toMatchObject({ date: null });
    // An amount of nothing is no amount: "0" and "$0.00" find no $0 payment or rent.
    expect(readQuery("0")).toMatchObject({ cents: null });
    expect(readQuery("$0.00")).toMatchObject({ cents: null });
    expect(readQuery("-5")).toMatchObject({ cents: null });
  });
});

describe("how each result reads", () => {
  test("every group has its name, and every item its title, its line of detail and where it leads", async () => {
    const client = t.client();
    await paidOwner(client, "Standard");
    const property = (
      await client.post("/api/portal/properties", {
        name: "Quillfeather two-flat",
        address: { line1: "2210 W Quillfeather St", city: "Chicago", zip: "60647" },
        property_type: "multi_family",
        units: [{ label: "1R" }],
      })
    ).body;
    const unit = property.units[0].id as string;
    const lease = (
      await client.post("/api/portal/leases", {
        unit_id: unit,
        start_date: "2026-02-01",
        rent_cents: 131_700,
        due_day: 1,
        tenants: [
          { first_name: "Quillon", last_name: "Marsh", email: `quillon.${Date.now()}@tenants.example.net` },
          { first_name: "Quinta", last_name: "Marsh" },
        ],
      })
    ).body;
    // A payment with a reference, and one without.
    await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 42_424, paid_on: "2026-03-04", method: "money_order", reference: "MO-QUILL-7", send_receipt: false });
    await client.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 3_117, paid_on: "2026-03-05", method: "cash", send_receipt: false });
    await client.post("/api/portal/expenses", { property_id: property.id, date: "2026-03-06", amount_cents: 4_242, payee: "Quill Supply", memo: "quill hinges", category: "repairs" });
    await client.post("/api/portal/maintenance", { property_id: property.id, unit_id: unit, title: "Quill latch sticks", description: "Back door", category: "other" });

    const groups = (await client.get(`/api/portal/search?q=quill`)).body.groups as { kind: string; label: string; items: { title: string; subtitle: string; path: string }[] }[];
    const byKind = Object.fromEntries(groups.map((g) => [g.kind, g]));
    const place = "2210 W Quillfeather St, unit 1R, Chicago";
    expect(groups.map((g) => [g.kind, g.label])).toEqual([
      ["tenants", "Tenants"],
      ["properties", "Properties"],
      ["units", "Units"],
      ["leases", "Leases"],
      ["payments", "Payments"],
      ["expenses", "Expenses"],
      ["maintenance", "Maintenance requests"],
    ]);
    const items = (kind: string) => byKind[kind]!.items.map(({ title, subtitle, path }) => ({ title, subtitle, path }));
    expect(items("tenants")).toEqual([{ title: "Quillon Marsh", subtitle: `${place} · ${lease.tenants[0].email}`, path: `/portal/leases/${lease.id}` }]);
    expect(items("properties")).toEqual([{ title: "Quillfeather two-flat", subtitle: "2210 W Quillfeather St, Chicago 60647", path: `/portal/properties/${property.id}` }]);
    expect(items("units")).toEqual([{ title: "Unit 1R", subtitle: "2210 W Quillfeather St, Chicago", path: `/portal/properties/${property.id}` }]);
    expect(items("leases")).toEqual([{ title: place, subtitle: "2026-02-01 to month to month · $1,317.00 a month", path: `/portal/leases/${lease.id}` }]);
    expect(items("payments")).toEqual([{ title: "$424.24 on 2026-03-04", subtitle: `${place} · Money order · MO-QUILL-7`, path: `/portal/leases/${lease.id}` }]);
    expect(items("expenses")).toEqual([{ title: "Quill Supply: $42.42", subtitle: "2026-03-06 · quill hinges", path: expect.stringMatching(/^\/portal\/expenses\?expense=[0-9a-f-]{36}$/) }]);
    const request = items("maintenance");
    expect(request).toHaveLength(1);
    expect(request[0]!.title).toBe("Quill latch sticks");
    expect(request[0]!.subtitle).toMatch(/^submitted · opened \d{4}-\d{2}-\d{2}$/);
    expect(request[0]!.path).toMatch(/^\/portal\/maintenance\/[0-9a-f-]{36}$/);
    // What is missing leaves no empty part: a tenant without an email, a payment without a reference.
    const marsh = (await client.get(`/api/portal/search?q=marsh`)).body.groups[0];
    expect(marsh.items.map((i: { title: string; subtitle: string }) => [i.title, i.subtitle]).sort()).toEqual([
      ["Quillon Marsh", `${place} · ${lease.tenants[0].email}`],
      ["Quinta Marsh", place],
    ]);
    const cash = (await client.get(`/api/portal/search?q=31.17`)).body.groups.find((g: { kind: string }) => g.kind === "payments");
    expect(cash.items.map((i: { title: string; subtitle: string }) => [i.title, i.subtitle])).toEqual([["$31.17 on 2026-03-05", `${place} · Cash`]]);
    // An expense without a memo is its date alone.
    expect((await client.post("/api/portal/expenses", { property_id: property.id, date: "2026-03-07", amount_cents: 1_999, payee: "Zephyrine Locks", category: "repairs" })).status).toBe(201);
    const locks = (await client.get(`/api/portal/search?q=zephyrine`)).body.groups.find((g: { kind: string }) => g.kind === "expenses");
    expect(locks.items.map((i: { subtitle: string }) => i.subtitle)).toEqual(["2026-03-07"]);
    // A status of two words reads as words; an archived property says so.
    const requestId = request[0]!.path.split("/").pop()!;
    for (const to of ["acknowledged", "in_progress"]) expect((await client.post(`/api/portal/maintenance/${requestId}/transitions`, { to })).status).toBe(200);
    const moved = (await client.get(`/api/portal/search?q=latch`)).body.groups.find((g: { kind: string }) => g.kind === "maintenance");
    expect(moved.items[0].subtitle).toMatch(/^in progress · opened \d{4}-\d{2}-\d{2}$/);
    expect((await client.patch(`/api/portal/properties/${property.id}`, { archived: true })).status).toBe(200);
    const archived = (await client.get(`/api/portal/search?q=two-flat`)).body.groups.find((g: { kind: string }) => g.kind === "properties");
    expect(archived.items.map((i: { subtitle: string }) => i.subtitle)).toEqual(["2210 W Quillfeather St, Chicago 60647 · archived"]);
  });
});
