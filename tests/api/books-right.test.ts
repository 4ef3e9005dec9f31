import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { keepSampleBooks } from "../../src/server/domain/portal/sample-books.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { latestEmail, linkTokenFromEmail, paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// The books right in every case a landlord meets (PORTAL.md 3, 3a and 6), through the REST paths on
// the real database: the deposit paid with the first rent, the check that bounces, the daily fee of
// a payment recorded late, the tenant who was there before the books, and the payments the owner
// hears about. The figures are the audit's cases; where they come from law, the source is named.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Thursday November 26, 2026, noon in Chicago: the dates below are worked out from this day.
  t.clock.set(new Date("2026-11-26T18:00:00Z"));
});
afterAll(() => t.close());

type Entry = { id: string; kind: string; date: string; amount_cents: number; period: string | null; description: string; voided_by: string | null; voids: string | null };
let seq = 0;

async function owner(level: "Standard" | "Premium" = "Standard") {
  const client = t.client();
  const signed = await paidOwner(client, level);
  return { client, email: signed.email };
}

async function leaseFor(client: ApiClient, body: Record<string, unknown>) {
  const property = await client.post("/api/portal/properties", {
    address: { line1: `${3000 + ++seq} N Clark St`, city: "Chicago", zip: "60657" },
    property_type: "single_family",
  });
  expect(property.status).toBe(201);
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    rent_cents: 100_000,
    due_day: 1,
    deposit_cents: 0,
    late_fee: null,
    tenants: [{ first_name: "Lee", last_name: "Tenant", email: `lee.${Date.now()}.${seq}@tenants.example.net` }],
    ...body,
  });
  expect(lease.status, JSON.stringify(lease.body)).toBe(201);
  return lease.body as { id: string; tenants: { id: string; email: string }[]; balance_cents: number; books_from: string | null };
}

const ledger = async (client: ApiClient, id: string) => (await client.get(`/api/portal/leases/${id}/ledger`)).body as { balance_cents: number; entries: Entry[] };
const standing = (entries: Entry[]) => entries.filter((e) => e.kind !== "void" && !e.voided_by);
const pay = (client: ApiClient, id: string, amount_cents: number, paid_on: string, extra: Record<string, unknown> = {}) =>
  client.post(`/api/portal/leases/${id}/payments`, { amount_cents, paid_on, method: "check", ...extra });

describe("one rule for what the tenant's money paid (the 5-day notice demands rent only: 735 ILCS 5/9-209)", () => {
  test("July rent and the deposit paid in one $2,000 payment, August and September unpaid: a notice served September 10 demands $2,000", async () => {
    const { client } = await owner("Premium");
    const lease = await leaseFor(client, { start_date: "2026-07-01", deposit_cents: 100_000 });
    expect((await pay(client, lease.id, 200_000, "2026-07-01")).status).toBe(201);
    const opened = await client.post("/api/portal/evictions", { lease_id: lease.id, ground: "unpaid_rent", jurisdiction: "chicago" });
    expect(opened.status).toBe(201);
    const notice = await client.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day", served_on: "2026-09-10", service_method: "personal", served_by: "Jon Ortiz" });
    expect(notice.status, JSON.stringify(notice.body)).toBe(201);
    expect(notice.body.amount_demanded_cents).toBe(200_000);
  });

  test("with $300 of the deposit applied to rent, the same notice demands $1,700", async () => {
    const { client } = await owner("Premium");
    const lease = await leaseFor(client, { start_date: "2026-07-01", deposit_cents: 100_000 });
    await pay(client, lease.id, 200_000, "2026-07-01");
    const applied = await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "deposit_applied", amount_cents: 30_000, date: "2026-09-05", description: "Deposit applied to August rent" });
    expect(applied.status).toBe(201);
    const opened = await client.post("/api/portal/evictions", { lease_id: lease.id, ground: "unpaid_rent", jurisdiction: "chicago" });
    const notice = await client.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day", served_on: "2026-09-10", service_method: "personal", served_by: "Jon Ortiz" });
    expect(notice.body.amount_demanded_cents).toBe(170_000);
  });

  test("deposit charged and paid through the ledger, rent paid through October, November unpaid: the notice demands November, as the dashboard says", async () => {
    const { client } = await owner("Premium");
    const lease = await leaseFor(client, { start_date: "2026-07-01", deposit_cents: 130_000, rent_cents: 130_000 });
    await pay(client, lease.id, 130_000, "2026-07-01");
    for (const month of ["07", "08", "09", "10"]) await pay(client, lease.id, 130_000, `2026-${month}-02`);
    const dashboard = (await client.get("/api/portal/dashboard")).body;
    expect(dashboard.late.find((l: { lease_id: string }) => l.lease_id === lease.id)).toMatchObject({ unpaid_rent_cents: 130_000 });
    const opened = await client.post("/api/portal/evictions", { lease_id: lease.id, ground: "unpaid_rent", jurisdiction: "chicago" });
    const notice = await client.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day" });
    expect(notice.status, JSON.stringify(notice.body)).toBe(201);
    expect(notice.body.amount_demanded_cents).toBe(130_000);
    // The rent roll and the statement read the same rule: November unpaid, the deposit held.
    const roll = (await client.get("/api/portal/payments?month=2026-11")).body;
    expect(roll.rows.find((r: { lease_id: string }) => r.lease_id === lease.id)).toMatchObject({ status: "unpaid", balance_cents: 130_000 });
    const statement = (await client.get("/api/portal/reports/monthly?month=2026-10")).body;
    expect(statement.portfolio).toMatchObject({ rent_outstanding_cents: 0, fees_outstanding_cents: 0, deposits: { held_cents: 130_000 } });
  });
});

describe("deposits on the books (PORTAL.md 3a)", () => {
  test("the lease's deposit is a charge on its start date; returning it is neither income nor a refund, and ends the deposit held", async () => {
    const { client } = await owner();
    const lease = await leaseFor(client, { start_date: "2026-08-01", deposit_cents: 100_000 });
    const opened = await ledger(client, lease.id);
    expect(opened.entries.filter((e) => e.kind === "deposit").map((e) => [e.date, e.amount_cents])).toEqual([["2026-08-01", 100_000]]);
    await pay(client, lease.id, 200_000, "2026-08-01");
    for (const month of ["09", "10", "11"]) await pay(client, lease.id, 100_000, `2026-${month}-01`);
    expect((await ledger(client, lease.id)).balance_cents).toBe(0);
    const returned = await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "deposit_returned", amount_cents: 100_000, date: "2026-11-20", description: "Deposit returned at move-out" });
    expect(returned.status).toBe(201);
    // The tenant owes nothing after it; a refund would have made them owe $1,000.
    expect(returned.body.balance_cents).toBe(0);
    const november = (await client.get("/api/portal/reports/monthly?month=2026-11")).body.portfolio;
    expect(november.deposits).toMatchObject({ held_cents: 0, returned_cents: 100_000 });
    expect(november.income).toEqual([{ key: "rent", label: "Rent", amount_cents: 100_000 }]);
    const august = (await client.get("/api/portal/reports/monthly?month=2026-08")).body.portfolio;
    expect(august.income).toEqual([{ key: "rent", label: "Rent", amount_cents: 100_000 }]);
    expect(august.deposits).toMatchObject({ received_cents: 100_000, held_cents: 100_000 });
    // More than is held cannot be returned.
    const tooMuch = await client.post(`/api/portal/leases/${lease.id}/charges`, { kind: "deposit_returned", amount_cents: 1, date: "2026-11-21", description: "Again" });
    expect(tooMuch.status).toBe(422);
  });
});

describe("fees that follow the facts", () => {
  test("a check dated in the grace period voids the late fee; when it bounces, the fee is posted again and the returned-payment fee charged", async () => {
    const { client } = await owner();
    const lease = await leaseFor(client, {
      start_date: "2026-10-01",
      late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
      returned_payment_fee_cents: 2_500,
    });
    // October was posted with its fee before the check (dated the 4th, in the grace days) was recorded.
    await pay(client, lease.id, 100_000, "2026-10-01");
    const check = await pay(client, lease.id, 100_000, "2026-11-04", { reference: "1043" });
    const afterCheck = standing((await ledger(client, lease.id)).entries);
    expect(afterCheck.filter((e) => e.kind === "late_fee" && e.period === "2026-11")).toHaveLength(0);

    const bounced = await client.post(`/api/portal/ledger/${check.body.entry.id}/void`, { reason: "Check 1043 returned unpaid", returned_unpaid: true });
    expect(bounced.status).toBe(201);
    const after = (await ledger(client, lease.id)).entries;
    const fees = standing(after).filter((e) => e.kind === "late_fee" && e.period === "2026-11");
    expect(fees.map((e) => e.amount_cents)).toEqual([5_000]);
    // The earlier fee stays voided on the ledger: the new decision is a new entry.
    expect(after.filter((e) => e.kind === "late_fee" && e.period === "2026-11")).toHaveLength(2);
    expect(standing(after).filter((e) => e.kind === "fee").map((e) => e.amount_cents)).toEqual([2_500]);
    expect((await ledger(client, lease.id)).balance_cents).toBe(100_000 + 5_000 + 2_500);
    // A fee the owner voids by hand is waived: posting leaves it voided.
    await client.post(`/api/portal/ledger/${fees[0]!.id}/void`, { reason: "Waived, first time" });
    expect(standing((await ledger(client, lease.id)).entries).filter((e) => e.kind === "late_fee" && e.period === "2026-11")).toHaveLength(0);
  });

  test("a returned-payment fee above $25 is refused (810 ILCS 5/3-806 sets $25 for a dishonored check)", async () => {
    const { client } = await owner();
    const property = await client.post("/api/portal/properties", { address: { line1: `${4000 + ++seq} N Clark St`, city: "Chicago", zip: "60657" }, property_type: "single_family" });
    const refused = await client.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: "2026-10-01",
      rent_cents: 100_000,
      due_day: 1,
      returned_payment_fee_cents: 3_000,
      tenants: [{ first_name: "A", last_name: "B" }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "returned_payment_fee_cents"]);
    expect(refused.body.detail[0].msg).toContain("810 ILCS 5/3-806");
  });

  test("$25 plus $5 a day up to $75: March paid on the 10th but recorded after the fee was posted stands at $45; October paid on the 8th at $35", async () => {
    const { client } = await owner();
    const daily = { grace_days: 5, kind: "fixed", amount_cents: 2_500, daily_cents: 500, max_cents: 7_500 };
    const lease = await leaseFor(client, { start_date: "2026-03-01", late_fee: daily });
    // Every other month paid on the 1st; March and October recorded only now, after their $75 fees.
    for (const month of ["04", "05", "06", "07", "08", "09", "11"]) await pay(client, lease.id, 100_000, `2026-${month}-01`);
    const before = standing((await ledger(client, lease.id)).entries).filter((e) => e.kind === "late_fee");
    expect(before.filter((e) => e.period === "2026-03" || e.period === "2026-10").map((e) => e.amount_cents)).toEqual([7_500, 7_500]);
    await pay(client, lease.id, 100_000, "2026-03-10");
    await pay(client, lease.id, 100_000, "2026-10-08");
    const fees = standing((await ledger(client, lease.id)).entries).filter((e) => e.kind === "late_fee");
    // First late day March 7: through the 10th is 4 days, $25 + 4 x $5 = $45. October 7 to 8: 2 days, $35.
    expect(fees.find((e) => e.period === "2026-03")!.amount_cents).toBe(4_500);
    expect(fees.find((e) => e.period === "2026-10")!.amount_cents).toBe(3_500);
    expect(fees.find((e) => e.period === "2026-10")!.description).toContain("2 days late");
  });
});

describe("tenants who were there before the books (PORTAL.md 3a)", () => {
  test("an opening balance: nothing posted before it, the rent roll and statement of earlier months leave the lease out", async () => {
    const { client } = await owner();
    const lease = await leaseFor(client, {
      start_date: "2019-05-01",
      deposit_cents: 120_000,
      late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
      opening_balance: { as_of: "2026-10-01", balance_cents: 25_050, deposit_held_cents: 120_000 },
    });
    expect(lease.books_from).toBe("2026-10-01");
    const books = await ledger(client, lease.id);
    expect(books.entries.filter((e) => e.date < "2026-10-01")).toEqual([]);
    expect(books.entries.map((e) => e.kind).sort()).toEqual(["deposit_held", "late_fee", "late_fee", "opening_balance", "rent", "rent"].sort());
    expect(books.entries.filter((e) => e.kind === "deposit")).toEqual([]);
    expect(books.balance_cents).toBe(25_050 + 2 * 100_000 + 2 * 5_000);
    const september = (await client.get("/api/portal/payments?month=2026-09")).body;
    expect(september.rows.find((r: { lease_id: string }) => r.lease_id === lease.id)).toBeUndefined();
    const octoberStatement = (await client.get("/api/portal/reports/monthly?month=2026-10")).body.portfolio;
    expect(octoberStatement.deposits.held_cents).toBe(120_000);
    expect((await client.get("/api/portal/reports/monthly?month=2026-09")).body.portfolio.deposits.held_cents).toBe(0);
    // The books cannot start before the lease, or in the future.
    const early = await client.post("/api/portal/leases", {
      unit_id: (await client.get(`/api/portal/leases/${lease.id}`)).body.unit_id,
      start_date: "2030-01-01",
      rent_cents: 1,
      due_day: 1,
      tenants: [{ first_name: "A", last_name: "B" }],
      opening_balance: { as_of: "2029-12-01", balance_cents: 0 },
    });
    expect(early.status).toBe(422);
  });

  test("a rent-roll import with a balance-as-of column starts each lease's books on that day", async () => {
    const { client } = await owner();
    const csv = [
      "Address,City,Zip,Unit,First name,Last name,Rent,Due day,Start,Deposit,Balance due,Balance as of",
      "55 W Ortiz St,Chicago,60601,2,Rafael,Ortiz,1050.00,1,2025-03-16,1050.00,0,2026-11-01",
    ].join("\n");
    const done = await client.post("/api/portal/imports/rent-roll", { csv, confirm: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [lease] = (await client.get("/api/portal/leases?state=all")).body as { id: string; books_from: string; balance_cents: number }[];
    expect(lease!.books_from).toBe("2026-11-01");
    // The tenant is paid up: November's rent, due on the 1st, is what he owes, nothing older.
    expect(lease!.balance_cents).toBe(105_000);
    const october = (await client.get("/api/portal/payments?month=2026-10")).body;
    expect(october.rows).toEqual([]);
  });
});

describe("receipts and the payments the owner hears about", () => {
  test("a payment dated more than 30 days back sends no receipt unless asked; a recent one does", async () => {
    const { client } = await owner();
    const lease = await leaseFor(client, { start_date: "2026-06-01" });
    const email = lease.tenants[0]!.email;
    const old = await pay(client, lease.id, 100_000, "2026-06-01");
    expect(old.body.receipts_sent).toBe(0);
    const asked = await pay(client, lease.id, 100_000, "2026-07-01", { send_receipt: true });
    expect(asked.body.receipts_sent).toBe(1);
    const recent = await pay(client, lease.id, 100_000, "2026-11-20");
    expect(recent.body.receipts_sent).toBe(1);
    expect(await t.services.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "rent_receipt")))).toBe(2);
  });

  test("a tenant's online payment emails the owner and shows on the dashboard; the tenant's receipt says they paid online", async () => {
    const { client, email: ownerEmail } = await owner();
    const lease = await leaseFor(client, { start_date: "2026-11-01" });
    const started = await client.post("/api/portal/payouts");
    await trpcCall(client, "mutation", "public.testProvider.completeOnboarding", { account: new URL(started.body.onboarding_url).searchParams.get("account") });
    await client.post(`/api/portal/leases/${lease.id}/tenants/${lease.tenants[0]!.id}/invite`);
    const tenant = t.client();
    await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, lease.tenants[0]!.email, "tenant_invite") });
    const checkout = await tenant.post(`/api/tenant/leases/${lease.id}/pay`, { amount_cents: 100_000 });
    expect(checkout.status).toBe(200);
    const paid = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(checkout.body.checkout_url), method: "card", card_number: "4242 4242 4242 4242" });
    expect(paid.status).toBe(200);
    const toOwner = await latestEmail(t.services, ownerEmail, "owner_payment_received");
    expect(toOwner.subject).toContain("$1,000.00");
    expect(toOwner.text).toContain("Lee Tenant paid $1,000.00 online");
    expect(toOwner.text).toContain("The lease is paid up.");
    const receipt = await latestEmail(t.services, lease.tenants[0]!.email, "rent_receipt");
    expect(receipt.text).toContain("You paid $1,000.00 online");
    const dashboard = (await client.get("/api/portal/dashboard")).body;
    expect(dashboard.recent_payments[0]).toMatchObject({ lease_id: lease.id, amount_cents: 100_000, online: true });
  });

  test("the owner's export holds the maintenance requests with their comments and files", async () => {
    const { client } = await owner();
    const lease = await leaseFor(client, { start_date: "2026-11-01" });
    const propertyId = (await client.get(`/api/portal/leases/${lease.id}`)).body.property.id;
    const request = await client.post("/api/portal/maintenance", { property_id: propertyId, title: "Gutter", description: "Clogged", category: "other" });
    await client.post(`/api/portal/maintenance/${request.body.id}/comments`, { body: "Roofer booked for Friday" });
    const exported = (await client.get("/api/portal/export")).body;
    expect(exported.maintenance_requests).toHaveLength(1);
    expect(exported.maintenance_requests[0]).toMatchObject({ id: request.body.id, title: "Gutter" });
    expect(exported.maintenance_requests[0].timeline.map((e: { kind: string; note: string }) => [e.kind, e.note])).toContainEqual(["comment", "Roofer booked for Friday"]);
  });
});

test("the demo's sample tenant who is a month behind is a month behind on screen", async () => {
  await keepSampleBooks(t.services);
  const dashboard = (await t.client().get("/api/demo/portal/dashboard")).body;
  const devon = dashboard.late.find((l: { tenants: string[] }) => l.tenants.includes("Devon Carter"));
  // sample-books.ts: Devon pays one month's rent ($1,450) on the 12th of every month but the first.
  expect(devon.unpaid_rent_cents).toBe(145_000);
});
