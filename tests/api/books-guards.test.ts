import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { ledgerEntries } from "../../src/server/db/schema.ts";
import { paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// The ledger's promises that small bugs broke without any test noticing (an outside check put
// them back one at a time): posting writes a newly due rent once however many reads race it; a void
// is dated like what it cancels; a daily fee still growing is shown; voiding a rent voids its late
// fee; a percent fee is a percent of the period's (prorated) rent; a deleted expense leaves the
// reports. Figures are worked out here from PORTAL.md 3 and 6.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Thursday November 26, 2026, noon in Chicago.
  t.clock.set(new Date("2026-11-26T18:00:00Z"));
});
afterAll(() => t.close());

let seq = 0;
async function owner(level: "Standard" | "Premium" = "Standard") {
  const client = t.client();
  await paidOwner(client, level);
  const property = await client.post("/api/portal/properties", { address: { line1: `${6000 + ++seq} N Broadway`, city: "Chicago", zip: "60660" }, property_type: "single_family" });
  return { client, unitId: property.body.units[0].id as string, propertyId: property.body.id as string };
}
const lease = async (client: ApiClient, unitId: string, body: Record<string, unknown>) => {
  const res = await client.post("/api/portal/leases", { unit_id: unitId, rent_cents: 100_000, due_day: 1, deposit_cents: 0, tenants: [{ first_name: "G", last_name: "Uard" }], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
type Entry = { id: string; kind: string; date: string; period: string | null; amount_cents: number; voided_by: string | null; voids: string | null; description: string };
const ledger = async (client: ApiClient, id: string) => (await client.get(`/api/portal/leases/${id}/ledger`)).body as { balance_cents: number; entries: Entry[]; accruing_late_fees: { period: string; amount_cents: number; days_late: number; first_late_day: string }[] };

describe("posting, as reads race it", () => {
  test("a rent that comes due is written once when eight reads of the ledger ask at the same moment", async () => {
    const { client, unitId } = await owner();
    const id = await lease(client, unitId, { start_date: "2026-11-01", late_fee: null });
    t.clock.set(new Date("2026-12-01T18:00:00Z"));
    try {
      const reads = await Promise.all(Array.from({ length: 8 }, () => client.get(`/api/portal/leases/${id}/ledger`)));
      // Every read answers (a second insert of the same rent is skipped, never an error)...
      expect(reads.map((r) => r.status)).toEqual(Array(8).fill(200));
      const december = await t.services.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.leaseId, id), eq(ledgerEntries.kind, "rent"), eq(ledgerEntries.period, "2026-12")));
      // ...and the rent is on the books once.
      expect(december).toHaveLength(1);
    } finally {
      t.clock.set(new Date("2026-11-26T18:00:00Z"));
    }
  });
});

describe("voids and late fees", () => {
  test("a void is dated like the entry it cancels, so that entry's month nets to zero", async () => {
    const { client, unitId } = await owner();
    const id = await lease(client, unitId, { start_date: "2026-09-01", late_fee: null });
    const paid = await client.post(`/api/portal/leases/${id}/payments`, { amount_cents: 100_000, paid_on: "2026-09-03", method: "check" });
    const voided = await client.post(`/api/portal/ledger/${paid.body.entry.id}/void`, { reason: "Entered twice" });
    expect(voided.body.entry).toMatchObject({ kind: "void", date: "2026-09-03", amount_cents: 100_000 });
    const september = (await client.get("/api/portal/payments?month=2026-09")).body.rows[0];
    expect(september.paid_cents).toBe(0);
  });

  test("voiding a rent charge voids its late fee", async () => {
    const { client, unitId } = await owner();
    const id = await lease(client, unitId, { start_date: "2026-10-01", late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 } });
    const before = await ledger(client, id);
    const october = before.entries.find((e) => e.kind === "rent" && e.period === "2026-10")!;
    const fee = before.entries.find((e) => e.kind === "late_fee" && e.period === "2026-10")!;
    expect(fee.amount_cents).toBe(5_000);
    await client.post(`/api/portal/ledger/${october.id}/void`, { reason: "Rent waived for the repair" });
    const after = await ledger(client, id);
    expect(after.entries.find((e) => e.id === fee.id)!.voided_by).not.toBeNull();
    expect(after.entries.find((e) => e.voids === fee.id)!.description).toContain("rent charge was voided");
  });

  test("a daily fee still growing is shown on the ledger with its days late, not posted until final", async () => {
    const { client, unitId } = await owner();
    // $25 plus $5 a day up to $200, grace 5: November's first late day is the 7th; on the 26th it is 20 days late.
    const id = await lease(client, unitId, { start_date: "2026-11-01", late_fee: { grace_days: 5, kind: "fixed", amount_cents: 2_500, daily_cents: 500, max_cents: 20_000 } });
    const book = await ledger(client, id);
    expect(book.accruing_late_fees).toEqual([{ period: "2026-11", amount_cents: 2_500 + 20 * 500, days_late: 20, first_late_day: "2026-11-07" }]);
    expect(book.entries.filter((e) => e.kind === "late_fee")).toEqual([]);
  });

  test("a bounced check: the daily fee it had made final grows again, is shown growing, and is posted at its cap", async () => {
    const { client, unitId } = await owner();
    // $25 plus $5 a day up to $200, grace 5: November's first late day is the 7th.
    const id = await lease(client, unitId, { start_date: "2026-11-01", late_fee: { grace_days: 5, kind: "fixed", amount_cents: 2_500, daily_cents: 500, max_cents: 20_000 } });
    const check = await client.post(`/api/portal/leases/${id}/payments`, { amount_cents: 100_000, paid_on: "2026-11-09", method: "check", reference: "1043" });
    // Paid on the 9th: late the 7th, 8th and 9th, $25 + 3 x $5 = $40, final.
    const paid = await ledger(client, id);
    expect(paid.entries.filter((e) => e.kind === "late_fee").map((e) => e.amount_cents)).toEqual([4_000]);
    expect(paid.accruing_late_fees).toEqual([]);
    // The check bounces: the payment is voided, the rent is unpaid since the 7th, and on the 26th
    // the fee is 20 days late, $125, growing: the $40 is voided and the $125 shown, not posted.
    await client.post(`/api/portal/ledger/${check.body.entry.id}/void`, { reason: "Check 1043 returned unpaid" });
    const bounced = await ledger(client, id);
    const fees = bounced.entries.filter((e) => e.kind === "late_fee");
    expect(fees.map((e) => [e.amount_cents, e.voided_by !== null])).toEqual([[4_000, true]]);
    expect(bounced.accruing_late_fees).toEqual([{ period: "2026-11", amount_cents: 12_500, days_late: 20, first_late_day: "2026-11-07" }]);
    try {
      // December 11 is the 35th day late: $25 + $175 = $200, the cap. The next read posts it (the
      // daily posting, nothing recorded since), and shows nothing growing for November.
      t.clock.set(new Date("2026-12-11T18:00:00Z"));
      const capped = await ledger(client, id);
      const standingFees = capped.entries.filter((e) => e.kind === "late_fee" && e.period === "2026-11" && e.voided_by === null);
      expect(standingFees.map((e) => e.amount_cents)).toEqual([20_000]);
      expect(capped.accruing_late_fees.filter((f) => f.period === "2026-11")).toEqual([]);
    } finally {
      t.clock.set(new Date("2026-11-26T18:00:00Z"));
    }
  });

  test("a percent fee is a percent of the period's rent: a first month prorated to 16 of 30 days", async () => {
    const { client, unitId } = await owner();
    // September 15-30 is 16 of 30 days: $1,000 x 16/30 = $533.33; 5% of it is $26.67 (half up), not 5% of $1,000.
    const id = await lease(client, unitId, { start_date: "2026-09-15", late_fee: { grace_days: 5, kind: "percent", percent: 5 } });
    const book = await ledger(client, id);
    expect(book.entries.find((e) => e.kind === "rent" && e.period === "2026-09")!.amount_cents).toBe(53_333);
    expect(book.entries.find((e) => e.kind === "late_fee" && e.period === "2026-09")!.amount_cents).toBe(2_667);
    expect(book.entries.find((e) => e.kind === "late_fee" && e.period === "2026-10")!.amount_cents).toBe(5_000);
  });
});

describe("the reports", () => {
  test("a deleted expense leaves the monthly statement and Schedule E", async () => {
    const { client, propertyId } = await owner("Premium");
    const kept = await client.post("/api/portal/expenses", { property_id: propertyId, date: "2026-10-05", amount_cents: 12_000, payee: "Ace Hardware", category: "repairs" });
    const gone = await client.post("/api/portal/expenses", { property_id: propertyId, date: "2026-10-06", amount_cents: 99_900, payee: "Typo Plumbing", category: "repairs" });
    expect(kept.status).toBe(201);
    expect((await client.delete(`/api/portal/expenses/${gone.body.id}`)).status).toBeLessThan(300);
    const statement = (await client.get("/api/portal/reports/monthly?month=2026-10")).body.portfolio;
    expect(statement.operating_expenses).toEqual([{ key: "repairs", label: "Repairs", amount_cents: 12_000 }]);
    const scheduleE = (await client.get("/api/portal/reports/schedule-e?year=2026")).body;
    expect(scheduleE.properties[0].lines["14"]).toBe(12_000);
  });
});
