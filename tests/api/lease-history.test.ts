import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chicagoToday, periodOf, plusMonths, plusYearsOf } from "../../src/shared/calendar.ts";
import { paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// No single request may hold the server (issue: a lease since 1950 with a late fee took 21-32 s
// and every other request waited). A lease's books start at most 50 years back; posting and the
// ledger rules are linear in the lease's entries, so the oldest lease allowed posts at once. Its
// timing lives in the bench (`BENCH_ONLY=history`); here, what it posts and what is refused.

let t: TestApp;
let owner: ApiClient;
let unitId: string;
let otherUnitId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  await paidOwner(owner);
  const property = await owner.post("/api/portal/properties", {
    address: { line1: "5200 S Dorchester Ave", city: "Chicago", zip: "60615" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }, { label: "3" }],
  });
  unitId = property.body.units[0].id;
  otherUnitId = property.body.units[1].id;
});
afterAll(() => t.close());

const lease = (start_date: string, unit = unitId) => ({
  unit_id: unit,
  start_date,
  rent_cents: 100_000,
  due_day: 1,
  deposit_cents: 0,
  late_fee: { grace_days: 5, kind: "fixed", amount_cents: 2_500, daily_cents: 500, max_cents: 7_500 },
  tenants: [{ first_name: "Ruth", last_name: "Long" }],
});

describe("a lease's books reach 50 years back at most", () => {
  test("a lease starting a day too early answers 422 naming the earliest start, and writes nothing", async () => {
    const today = chicagoToday(t.services.now());
    const earliest = plusYearsOf(today, -50);
    const day = new Date(`${earliest}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    const res = await owner.post("/api/portal/leases", lease(day.toISOString().slice(0, 10)));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["body", "start_date"]);
    expect(res.body.detail[0].msg).toContain("50 years back");
    expect((await owner.get("/api/portal/leases")).body).toHaveLength(0);
  });

  test("dates outside 1900-2199 are refused by every schema that takes one", async () => {
    for (const start of ["0001-01-01", "1899-12-31", "2200-01-01"]) {
      const res = await owner.post("/api/portal/leases", lease(start));
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(["body", "start_date"]);
    }
    expect((await owner.get("/api/portal/payments?month=0001-01")).status).toBe(422);
  });

  test("the oldest lease allowed posts each of its months once, with its late fees, in one request", async () => {
    const today = chicagoToday(t.services.now());
    // The first of the month after the earliest day allowed.
    const start = `${plusMonths(periodOf(plusYearsOf(today, -50)), 1)}-01`;
    const created = await owner.post("/api/portal/leases", lease(start, otherUnitId));
    expect(created.status).toBe(201);
    const ledger = await owner.get(`/api/portal/leases/${created.body.id}/ledger`);
    const rents = ledger.body.entries.filter((e: { kind: string }) => e.kind === "rent");
    const months = (Number(today.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + (Number(today.slice(5, 7)) - Number(start.slice(5, 7))) + 1;
    expect(rents).toHaveLength(months);
    expect(new Set(rents.map((e: { period: string }) => e.period)).size).toBe(months);
    // Nothing was paid: every month whose grace has passed carries one late fee at the cap.
    const fees = ledger.body.entries.filter((e: { kind: string }) => e.kind === "late_fee");
    expect(fees.length).toBeGreaterThanOrEqual(months - 2);
    for (const fee of fees) expect(fee.amount_cents).toBe(7_500);
    // Reading it again posts nothing more.
    const again = await owner.get(`/api/portal/leases/${created.body.id}/ledger`);
    expect(again.body.entries).toHaveLength(ledger.body.entries.length);
  });
});
