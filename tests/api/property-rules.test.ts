import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { trpcCall } from "../support/billing.ts";

// A property's jurisdiction and owner occupancy, and the rule set they decide (PORTAL.md 2, 3b;
// DECISIONS.md 28), through GET|POST|PATCH /api/portal/properties and the tRPC procedure the
// property form uses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2026-11-24T18:00:00Z"));
});
afterAll(() => t.close());

async function owner() {
  const client = t.client();
  await paidOwner(client, "Standard");
  return client;
}

async function addProperty(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post("/api/portal/properties", { property_type: "multi_family", units: [{ label: "1" }, { label: "2" }], ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe("a property's rules", () => {
  test("a Chicago two-flat: the RLTO, guessed from the city, and the app says what it cannot know until the owner confirms", async () => {
    const client = await owner();
    const created = await addProperty(client, { address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" } });
    expect(created).toMatchObject({ owner_occupied: false, owner_occupied_confirmed: false, jurisdiction: "chicago", jurisdiction_confirmed: false, rules: "chicago_rlto" });
    expect(created.rules_warnings.join(" ")).toContain("The app cannot know whether you live in this building");

    // The owner lives there: outside the RLTO (Municipal Code 5-12-020(a)); Fair Notice still applies.
    const lives = await client.patch(`/api/portal/properties/${created.id}`, { owner_occupied: true, jurisdiction: "chicago" });
    expect(lives.status).toBe(200);
    expect(lives.body).toMatchObject({ owner_occupied: true, owner_occupied_confirmed: true, jurisdiction_confirmed: true, rules: "illinois" });
    expect(lives.body.rules_reason).toContain("5-12-020(a)");
    expect(lives.body.rules_warnings[0]).toContain("5-12-130(j)");
    // Lists and reads answer the same.
    expect((await client.get(`/api/portal/properties/${created.id}`)).body).toMatchObject({ rules: "illinois", owner_occupied: true });
    expect((await client.get("/api/portal/properties")).body.find((p: { id: string }) => p.id === created.id)).toMatchObject({ rules: "illinois" });

    // Does not live there (confirmed): the RLTO and no warning left.
    const not = await client.patch(`/api/portal/properties/${created.id}`, { owner_occupied: false });
    expect(not.body).toMatchObject({ owner_occupied: false, owner_occupied_confirmed: true, rules: "chicago_rlto", rules_warnings: [] });
    // null goes back to the app's guess.
    expect((await client.patch(`/api/portal/properties/${created.id}`, { jurisdiction: null })).body.jurisdiction_confirmed).toBe(false);
  });

  test("suburban Cook County by the list of its municipalities; confirmed on creation; bad values are 422", async () => {
    const client = await owner();
    const berwyn = await addProperty(client, { address: { line1: "6520 W 26th St", city: "Berwyn", zip: "60402" }, owner_occupied: false, jurisdiction: "suburban_cook" });
    expect(berwyn).toMatchObject({ jurisdiction: "suburban_cook", jurisdiction_confirmed: true, owner_occupied_confirmed: true, rules: "cook_county", rules_warnings: [] });
    const springfield = await addProperty(client, { address: { line1: "1 Old State Capitol Plz", city: "Springfield", zip: "62701" } });
    expect(springfield).toMatchObject({ jurisdiction: "illinois_other", rules: "illinois" });
    const bad = await client.post("/api/portal/properties", { address: { line1: "1 Main St", city: "Chicago", zip: "60601" }, property_type: "multi_family", jurisdiction: "gotham" });
    expect(bad.status).toBe(422);
    expect((await client.patch(`/api/portal/properties/${berwyn.id}`, { owner_occupied: "yes" })).status).toBe(422);
  });

  test("tRPC answers the same fields as REST", async () => {
    const client = await owner();
    const created = await addProperty(client, { address: { line1: "2 N State St", city: "Chicago", zip: "60602" } });
    const got = await trpcCall(client, "query", "member.owner.properties.get", { id: created.id });
    expect(got.status).toBe(200);
    expect(got.data).toMatchObject({ jurisdiction: "chicago", rules: "chicago_rlto", owner_occupied_confirmed: false });
  });

  test("late fees: the Cook County preset charges $10 plus 5% over $1,000; a lease whose policy exceeds its property's cap says so", async () => {
    const client = await owner();
    const berwyn = await addProperty(client, { address: { line1: "6520 W 26th St", city: "Berwyn", zip: "60402" }, owner_occupied: false, jurisdiction: "suburban_cook" });
    const start = "2026-08-01";
    const preset = await client.post("/api/portal/leases", {
      unit_id: berwyn.units[0].id,
      start_date: start,
      rent_cents: 150_000,
      due_day: 1,
      late_fee: { grace_days: 5, kind: "cook_county" },
      tenants: [{ first_name: "Lena", last_name: "Park" }],
    });
    expect(preset.status).toBe(201);
    expect(preset.body.late_fee_warnings).toEqual([]);
    // Nothing paid since August: each month's fee is $10 + 5% of $500 = $35 (Cook County Code Sec. 42-804).
    const ledger = (await client.get(`/api/portal/leases/${preset.body.id}/ledger`)).body;
    const fees = ledger.entries.filter((e: { kind: string }) => e.kind === "late_fee").map((e: { amount_cents: number }) => e.amount_cents);
    expect(fees.length).toBeGreaterThan(0);
    expect(new Set(fees)).toEqual(new Set([3_500]));

    // The Chicago preset in suburban Cook can reach $60 on $1,500: over the county's $35.
    const over = await client.post("/api/portal/leases", {
      unit_id: berwyn.units[1].id,
      start_date: start,
      rent_cents: 150_000,
      due_day: 1,
      late_fee: { grace_days: 5, kind: "chicago_rlto" },
      tenants: [{ first_name: "Omar", last_name: "Haddad" }],
    });
    expect(over.body.late_fee_warnings[0]).toContain("more than the $35.00 that the Cook County Residential Tenant Landlord Ordinance allows");
    expect((await client.get(`/api/portal/leases/${over.body.id}`)).body.late_fee_warnings).toHaveLength(1);

    // In Chicago, $75 on $1,200 of rent is over the RLTO's $45; once the owner says they live in the two-flat, the RLTO's cap no longer applies.
    const chicago = await addProperty(client, { address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" } });
    const fixed = await client.post("/api/portal/leases", {
      unit_id: chicago.units[0].id,
      start_date: start,
      rent_cents: 120_000,
      due_day: 1,
      late_fee: { grace_days: 5, kind: "fixed", amount_cents: 7_500 },
      tenants: [{ first_name: "Rosa", last_name: "Diaz" }],
    });
    expect(fixed.body.late_fee_warnings[0]).toContain("Chicago Municipal Code 5-12-140(h)");
    await client.patch(`/api/portal/properties/${chicago.id}`, { owner_occupied: true });
    expect((await client.get(`/api/portal/leases/${fixed.body.id}`)).body.late_fee_warnings).toEqual([]);
  });
});
