import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

// Line 18 of Schedule E through GET /api/portal/reports/schedule-e (PORTAL.md 6): the recovery
// class of each property type and date placed in service, by IRS Publication 946's tables.

let t: TestApp;
let client: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2026-11-24T18:00:00Z"));
  client = t.client();
  await paidOwner(client, "Premium");
});
afterAll(() => t.close());

async function property(body: Record<string, unknown>) {
  const res = await client.post("/api/portal/properties", { units: [{ label: "1" }], ...body });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("line 18 by property type and date placed in service", () => {
  test("a store from 1992-03-10 is 31.5-year property, fully depreciated by 2023; a pre-1987 building asks for the owner's figure; a vacation home is residential", async () => {
    const store = await property({ name: "Old Store", address: { line1: "4010 W Madison St", city: "Chicago", zip: "60624" }, property_type: "commercial", placed_in_service: "1992-03-10", building_basis_cents: 27_500_000 });
    const flat = await property({ name: "Brick Six-Flat", address: { line1: "2900 N Sheffield Ave", city: "Chicago", zip: "60657" }, property_type: "multi_family", placed_in_service: "1984-05-01", building_basis_cents: 30_000_000 });
    const cottage = await property({ name: "Dunes Cottage", address: { line1: "12 Lakeview Dr", city: "Galena", zip: "61036" }, property_type: "vacation", placed_in_service: "2015-06-01", building_basis_cents: 20_000_000 });

    // The store's insurance paid in 2025 gives it a column: fully depreciated and with no rent it
    // would have nothing to report that year, and no column (decision 0088).
    expect((await client.post("/api/portal/expenses", { property_id: store, date: "2025-05-01", amount_cents: 90_000, payee: "State Farm", category: "insurance" })).status).toBe(201);
    const report = await client.get("/api/portal/reports/schedule-e?year=2025");
    expect(report.status).toBe(200);
    const column = (id: string) => report.body.properties.find((c: { property: { id: string } }) => c.property.id === id);
    // Table A-7, March column: year 34 in 2025, nothing left (39 years would have given 2.564% = $7,051).
    expect(column(store)).toMatchObject({ line_18: "computed", lines: { "18": 0 }, depreciation: { recovery_class: "nonresidential_31_5", recovery_year: 34, remaining_basis_cents: 0 } });
    expect(column(flat)).toMatchObject({ line_18: "owner_figure_needed", lines: { "18": 0 }, depreciation: null });
    expect(column(flat).notes[0]).toContain("Line 18 needs your figure");
    expect(report.body.notes.join(" ")).toContain("Line 18 needs your figure for Brick Six-Flat");
    // June 2015, Table A-6: 2025 is recovery year 11 (odd), 3.637% for months 7-12, 3.636% for June: $7,272.00.
    expect(column(cottage)).toMatchObject({ line_18: "computed", lines: { "18": 727_200 }, depreciation: { recovery_class: "residential_27_5", percent: "3.636" } });
    expect(column(cottage).class_rule).toContain("unless it is used on a transient basis");

    const pdf = await client.request("GET", "/api/portal/reports/schedule-e?year=2025&format=pdf", undefined, {}, { bytes: true });
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain("your figure");
    expect(text).toContain("Line 18 needs your figure (placed in service before 1987)");
    expect(text).toContain("Pub. 946 Table A-7)");
    expect(text).toContain("A vacation home rented to tenants is residential rental property");

    // 2023: the store's last year, 2.249% = $6,184.75.
    const y2023 = await client.get("/api/portal/reports/schedule-e?year=2023");
    expect(y2023.body.properties.find((c: { property: { id: string } }) => c.property.id === store).lines["18"]).toBe(618_475);
  });
});
