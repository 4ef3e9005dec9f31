import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { EXPENSE_CATEGORY_KEYS } from "../../src/shared/books.ts";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { emailOutbox, expenseChanges, members, ownerStatements } from "../../src/server/db/schema.ts";
import { closeMonthlyStatements } from "../../src/server/domain/portal/reports.ts";
import { resolveAttachments } from "../../src/server/mail/attachments.ts";
import { createServices } from "../../src/server/services.ts";
import { trpcCall } from "../support/billing.ts";
import { paidOwner } from "../support/fixtures.ts";
import { PNG_BYTES, REFUSED_FILES } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfPages, pdfText } from "../support/pdf-text.ts";

// Expenses, the bank import, the monthly owner statement, Schedule E and the a-la-carte purchase
// through the REST paths (PORTAL.md 6, 7.5, 8), on the real database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(join(import.meta.dir, "../fixtures/imports", name), "utf8");
const today = () => chicagoToday(t.services.now());
const thisYear = () => Number(today().slice(0, 4));

async function owner(level: "Standard" | "Premium" = "Standard") {
  const client = t.client();
  const signed = await paidOwner(client, level);
  return { client, ...signed };
}

async function property(client: ApiClient, line1 = `${1000 + Math.floor(Math.random() * 8000)} S Loomis St`, extra: Record<string, unknown> = {}) {
  const res = await client.post("/api/portal/properties", {
    address: { line1, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; units: { id: string; label: string }[] };
}

const expense = (propertyId: string, overrides: Record<string, unknown> = {}) => ({
  property_id: propertyId,
  date: today(),
  amount_cents: 8_641,
  payee: "Ace Hardware",
  memo: "Faucet cartridge",
  category: "repairs",
  ...overrides,
});

describe("expenses", () => {
  test("the categories carry their Schedule E lines and groups, from one table", async () => {
    const { client } = await owner();
    const res = await client.get("/api/portal/expense-categories");
    expect(res.status).toBe(200);
    expect(res.body.map((c: { key: string }) => c.key)).toEqual(EXPENSE_CATEGORY_KEYS);
    const byKey = Object.fromEntries(res.body.map((c: { key: string }) => [c.key, c]));
    expect(byKey.advertising).toMatchObject({ schedule_e_line: "5", deductible: true });
    expect(byKey.mortgage_interest).toMatchObject({ schedule_e_line: "12", group: "financing" });
    expect(byKey.hoa_dues).toMatchObject({ schedule_e_line: "19" });
    expect(byKey.capital_improvement).toMatchObject({ schedule_e_line: null, deductible: false, group: "capital" });
    expect(byKey.security_deposit_refund).toMatchObject({ schedule_e_line: null, group: "deposit" });
    expect((await t.client().get("/api/portal/expense-categories")).status).toBe(401);
  });

  test("recorded with a unit, receipt and maintenance request; edits and deletes keep their history; another owner sees nothing", async () => {
    const a = await owner();
    const home = await property(a.client);
    const request = await a.client.post("/api/portal/maintenance", { property_id: home.id, unit_id: home.units[0]!.id, title: "Leaking faucet", description: "Kitchen", category: "plumbing" });
    const created = await a.client.post("/api/portal/expenses", expense(home.id, { unit_id: home.units[0]!.id, maintenance_request_id: request.body.id }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount_cents: 8_641, category: "repairs", schedule_e_line: "14", unit: { label: "1" }, maintenance_request: { id: request.body.id, title: "Leaking faucet" }, receipt: null });
    const id = created.body.id as string;

    // The request shows what it cost.
    const onRequest = await a.client.get(`/api/portal/maintenance/${request.body.id}`);
    expect(onRequest.body.expenses.map((e: { id: string }) => e.id)).toEqual([id]);

    // A receipt: type from the content, 10 MB, a download only for the owner.
    expect((await a.client.upload(`/api/portal/expenses/${id}/receipt`, REFUSED_FILES.html)).status).toBe(415);
    const receipt = await a.client.upload(`/api/portal/expenses/${id}/receipt`, { name: "receipt.png", bytes: PNG_BYTES });
    expect(receipt.status).toBe(201);
    expect(receipt.body.receipt).toMatchObject({ name: "receipt.png", content_type: "image/png" });
    const file = await a.client.download(`/api/portal/files/${receipt.body.receipt.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");

    const edited = await a.client.patch(`/api/portal/expenses/${id}`, { amount_cents: 9_000, category: "supplies" });
    expect(edited.body).toMatchObject({ amount_cents: 9_000, category: "supplies", schedule_e_line: "15" });
    const b = await owner();
    for (const res of [
      await b.client.get(`/api/portal/expenses/${id}`),
      await b.client.patch(`/api/portal/expenses/${id}`, { amount_cents: 1 }),
      await b.client.delete(`/api/portal/expenses/${id}`),
      await b.client.upload(`/api/portal/expenses/${id}/receipt`, { name: "r.png", bytes: PNG_BYTES }),
      await b.client.post("/api/portal/expenses", expense(home.id)),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await b.client.get("/api/portal/expenses")).body.count).toBe(0);

    expect((await a.client.delete(`/api/portal/expenses/${id}`)).status).toBe(200);
    expect((await a.client.get(`/api/portal/expenses/${id}`)).status).toBe(404);
    expect((await a.client.get("/api/portal/expenses")).body.count).toBe(0);
    const history = await t.services.db.select().from(expenseChanges).where(eq(expenseChanges.expenseId, id));
    expect(history.map((h) => h.action).sort()).toEqual(["created", "deleted", "receipt_added", "updated"]);
    const update = history.find((h) => h.action === "updated")!;
    expect(update.changes).toEqual({ amount_cents: { from: 8_641, to: 9_000 }, category: { from: "repairs", to: "supplies" } });
    expect(update.actorName).toContain("(owner)");
    // The history is append-only in the database itself.
    let refused = false;
    try {
      await t.services.db.delete(expenseChanges).where(eq(expenseChanges.expenseId, id));
    } catch {
      refused = true;
    }
    expect(refused).toBe(true);
  });

  test("bad input is a clear 4xx: zero, future, unknown category, a unit or request of another property", async () => {
    const { client } = await owner();
    const home = await property(client);
    const other = await property(client);
    const request = await client.post("/api/portal/maintenance", { property_id: other.id, title: "Broken window", description: "Back door", category: "structural" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount_cents: 0 }, 422, "amount_cents"],
      [{ date: `${thisYear() + 1}-01-01` }, 422, "date"],
      [{ category: "pizza" }, 422, "category"],
      [{ unit_id: other.units[0]!.id }, 422, "unit_id"],
      [{ maintenance_request_id: request.body.id }, 422, "maintenance_request_id"],
      [{ payee: "" }, 422, "payee"],
    ];
    for (const [change, status, field] of cases) {
      const res = await client.post("/api/portal/expenses", expense(home.id, change));
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body.detail)).toContain(field);
    }
    expect((await client.post("/api/portal/expenses", "{not json")).status).toBe(400);
    // A refund from a vendor is negative; an expense may wait for its category.
    const refund = await client.post("/api/portal/expenses", expense(home.id, { amount_cents: -2_250, payee: "Home Depot return", category: null }));
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ amount_cents: -2_250, category: null, category_label: "Not categorized" });
    expect((await client.get("/api/portal/expenses?category=uncategorized")).body.count).toBe(1);
  });
});

describe("bank import", () => {
  test("a Chase checking export: columns from the header, money in skipped, suggestions from the payee's earlier categories, all or nothing", async () => {
    const { client } = await owner();
    const home = await property(client);
    // An earlier expense teaches the payee's category.
    await client.post("/api/portal/expenses", expense(home.id, { payee: "ComEd", category: "utilities", date: "2024-12-05" }));
    await client.post("/api/portal/expenses", expense(home.id, { payee: "ACE HARDWARE", category: "repairs", date: "2024-12-06" }));
    const csv = fixture("bank-checking-chase-style.csv");
    const preview = await client.post("/api/portal/expenses/import", { csv, property_id: home.id });
    expect(preview.status).toBe(200);
    expect(preview.body.confirmed).toBe(false);
    expect(preview.body.mapping).toMatchObject({ has_header: true, header_row: 0, date: 1, description: 2, amount: 3 });
    const rows = preview.body.rows as { line: number; payee: string; amount_cents: number; status: string; suggested_category: string | null; include: boolean }[];
    expect(rows).toHaveLength(12);
    const ace = rows.find((r) => r.payee.startsWith("ACE HARDWARE"))!;
    expect(ace).toMatchObject({ date: "2025-01-03", amount_cents: 8_641, status: "import", suggested_category: "repairs", include: true });
    expect(rows.find((r) => r.payee.startsWith("COMED"))!.suggested_category).toBe("utilities");
    expect(rows.filter((r) => r.status === "money_in").map((r) => r.amount_cents)).toEqual([-120_000, -120_000]);
    expect(preview.body.summary).toMatchObject({ rows: 12, to_import: 10, money_in: 2, duplicates: 0, errors: 0 });
    // Nothing written by the preview.
    expect((await client.get("/api/portal/expenses")).body.count).toBe(2);

    // Without a property nothing is written; with it, the ten rows in one go, the check categorised by hand.
    const noProperty = await client.post("/api/portal/expenses/import", { csv, confirm: true });
    expect(noProperty.status).toBe(422);
    const check = rows.find((r) => r.payee === "CHECK 1043")!;
    const done = await client.post("/api/portal/expenses/import", { csv, property_id: home.id, confirm: true, rows: [{ line: check.line, category: "repairs" }] });
    expect(done.status).toBe(200);
    expect(done.body.imported).toHaveLength(10);
    const listed = (await client.get("/api/portal/expenses")).body;
    expect(listed.count).toBe(12);
    expect(listed.expenses.find((e: { payee: string }) => e.payee === "CHECK 1043")).toMatchObject({ category: "repairs", source: "import" });
    expect(listed.expenses.find((e: { payee: string }) => e.payee === "COOK COUNTY TREASURER")).toMatchObject({ amount_cents: 380_000, category: null });

    // The same file again: every row is a duplicate of what was imported.
    const again = await client.post("/api/portal/expenses/import", { csv, property_id: home.id });
    expect(again.body.summary).toMatchObject({ duplicates: 10, to_import: 0 });
    expect((await client.post("/api/portal/expenses/import", { csv, property_id: home.id, confirm: true })).status).toBe(422);
  });

  test("duplicates in the file (the same row twice, and a payee differing only in case) are flagged and skipped unless confirmed", async () => {
    const { client } = await owner();
    const home = await property(client);
    const csv = fixture("bank-duplicates.csv");
    const preview = await client.post("/api/portal/expenses/import", { csv, property_id: home.id });
    const rows = preview.body.rows as { line: number; status: string; duplicate_of: { line: number | null } | null }[];
    expect(rows.map((r) => r.status)).toEqual(["import", "duplicate", "duplicate", "import"]);
    expect(rows[1]!.duplicate_of).toMatchObject({ line: 2 });
    expect(rows[2]!.duplicate_of).toMatchObject({ line: 2 });
    const written = await client.post("/api/portal/expenses/import", { csv, property_id: home.id, confirm: true, rows: [{ line: rows[2]!.line, include: true }] });
    expect(written.body.imported).toHaveLength(3);
  });

  test("a card export (purchases negative, a return), a Bank of America export with its summary block, and a Wells Fargo file without a header", async () => {
    const { client } = await owner();
    const home = await property(client);
    const card = (await client.post("/api/portal/expenses/import", { csv: fixture("card-chase-style.csv"), property_id: home.id })).body;
    expect(card.mapping).toMatchObject({ date: 0, description: 2, amount: 5 });
    expect(card.rows.map((r: { amount_cents: number; status: string }) => [r.amount_cents, r.status])).toEqual([
      [2_999, "import"],
      [6_418, "import"],
      [5_800, "import"],
      [-2_250, "money_in"],
      [4_102, "import"],
    ]);
    // The return counts when the owner includes it: a negative expense.
    const line = card.rows[3].line;
    const withReturn = await client.post("/api/portal/expenses/import", { csv: fixture("card-chase-style.csv"), property_id: home.id, confirm: true, rows: [{ line, include: true, category: "supplies" }] });
    expect(withReturn.body.imported.map((e: { amount_cents: number }) => e.amount_cents)).toContain(-2_250);

    const bofa = (await client.post("/api/portal/expenses/import", { csv: fixture("bank-bofa-style.csv"), property_id: home.id })).body;
    expect(bofa.mapping).toMatchObject({ has_header: true, header_row: 5, date: 0, description: 1, amount: 2 });
    expect(bofa.rows[0]).toMatchObject({ status: "not_a_transaction", payee: "Beginning balance as of 01/01/2025" });
    expect(bofa.summary).toMatchObject({ rows: 7, to_import: 4, money_in: 2, not_transactions: 1 });
    expect(bofa.rows.find((r: { payee: string }) => r.payee === "WELLS FARGO HOME MTG").amount_cents).toBe(142_661);

    const wells = (await client.post("/api/portal/expenses/import", { csv: fixture("bank-no-header-wells-style.csv"), property_id: home.id })).body;
    expect(wells.mapping).toMatchObject({ has_header: false, header_row: null, date: 0, amount: 1, description: 4 });
    expect(wells.rows.map((r: { payee: string; amount_cents: number }) => `${r.payee} ${r.amount_cents}`)).toEqual([
      "ACE HARDWARE 1234 CHICAGO IL 8641",
      "ZELLE FROM WALKER IMANI -120000",
      "CHECK # 1043 45000",
      "STATE FARM RO 27 SFPP 120000",
    ]);
    // The owner may map by hand: a wrong mapping reads nothing but errors, and confirming then writes nothing.
    const wrong = await client.post("/api/portal/expenses/import", {
      csv: fixture("bank-no-header-wells-style.csv"),
      property_id: home.id,
      mapping: { has_header: false, date: 4, description: 0, amount: 1, outflow_sign: "negative", date_format: "MDY" },
    });
    expect(wrong.body.summary.errors).toBe(4);
    const before = (await client.get("/api/portal/expenses")).body.count;
    const refused = await client.post("/api/portal/expenses/import", {
      csv: fixture("bank-no-header-wells-style.csv"),
      property_id: home.id,
      confirm: true,
      mapping: { has_header: false, date: 4, description: 0, amount: 1 },
    });
    expect(refused.status).toBe(422);
    expect((await client.get("/api/portal/expenses")).body.count).toBe(before);
    const outOfRange = await client.post("/api/portal/expenses/import", { csv: fixture("bank-no-header-wells-style.csv"), mapping: { has_header: false, date: 0, description: 9, amount: 1 } });
    expect(outOfRange.status).toBe(422);
    expect((await client.post("/api/portal/expenses/import", { csv: "just,some\nwords,here\n" })).status).toBe(422);
  });
});

describe("monthly owner statement", () => {
  test("cash basis for a month: rent and a late fee received, expenses by category, NOI, outstanding rent and deposits held; JSON, PDF and CSV", async () => {
    const { client } = await owner();
    const home = await property(client, "2201 W Cermak Rd");
    const month = plusMonths(periodOf(today()), -1);
    // A lease from last month: rent 1,200 due on the 1st, deposit 1,200, a $50 late fee after 5 days.
    const lease = await client.post("/api/portal/leases", {
      unit_id: home.units[0]!.id,
      start_date: `${month}-01`,
      end_date: null,
      rent_cents: 120_000,
      due_day: 1,
      deposit_cents: 120_000,
      late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
      tenants: [{ first_name: "Imani", last_name: "Walker" }],
    });
    expect(lease.status).toBe(201);
    await client.post(`/api/portal/leases/${lease.body.id}/charges`, { kind: "deposit", amount_cents: 120_000, date: `${month}-01`, description: "Security deposit" });
    // Paid on the 10th: late. The payment covers the deposit and rent (oldest first), part of the fee.
    await client.post(`/api/portal/leases/${lease.body.id}/payments`, { amount_cents: 242_000, paid_on: `${month}-10`, method: "check" });
    await client.post("/api/portal/expenses", expense(home.id, { date: `${month}-12`, amount_cents: 14_217, payee: "ComEd", category: "utilities" }));
    await client.post("/api/portal/expenses", expense(home.id, { date: `${month}-20`, amount_cents: 213_044, payee: "Chase mortgage", category: "mortgage_interest" }));
    await client.post("/api/portal/expenses", expense(home.id, { date: `${month}-21`, amount_cents: 50_000, payee: "Owner", category: "owner_draw" }));

    const res = await client.get(`/api/portal/reports/monthly?month=${month}`);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({ month, basis: "cash" });
    // Received 2,420.00: 1,200 deposit (held, not income), 1,200 rent, 20.00 of the 50.00 late fee.
    expect(s.portfolio.income).toEqual([
      { key: "rent", label: "Rent", amount_cents: 120_000 },
      { key: "late_fee", label: "Late fees", amount_cents: 2_000 },
    ]);
    expect(s.portfolio).toMatchObject({
      income_total_cents: 122_000,
      operating_expenses_total_cents: 14_217,
      net_operating_income_cents: 107_783,
      cash_flow_cents: 107_783 - 213_044,
      rent_outstanding_cents: 3_000,
      deposits: { received_cents: 120_000, kept_cents: 0, returned_cents: 0, held_cents: 120_000 },
    });
    expect(s.portfolio.owner_transfers).toEqual([{ key: "owner_draw", label: "Owner draw", amount_cents: 50_000 }]);
    expect(s.properties).toHaveLength(1);
    expect(s.properties[0].property.display_name).toBe("2201 W Cermak Rd");

    const pdf = await client.download(`/api/portal/reports/monthly?month=${month}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="owner-statement-${month}.pdf"`);
    const text = await pdfText(pdf.body);
    expect(text).toContain("Illinois Landlord & Property Owners Association");
    expect(text).toContain("Owner Statement");
    expect(text).toContain("Net operating income $1,077.83");
    expect(text).toContain("Security deposits held at month end $1,200.00");
    expect(text).toContain("Cash basis");
    expect(text).toMatch(/Page 1 of \d/);
    const csv = await client.request("GET", `/api/portal/reports/monthly?month=${month}&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.body).toContain(`${month},All properties,Net operating income,Net operating income,1077.83`);

    expect((await client.get(`/api/portal/reports/monthly?month=${thisYear() + 1}-01`)).status).toBe(422);
    expect((await client.get("/api/portal/reports/monthly?month=2025-13")).status).toBe(422);
    // Another owner's statement has none of this.
    const b = await owner();
    expect((await b.client.get(`/api/portal/reports/monthly?month=${month}`)).body.portfolio.income_total_cents).toBe(0);
  });

  test("kept on the 1st and emailed with its PDF once to owners who asked, even with two server processes at once", async () => {
    const start = t.services.now();
    const second = t.services.config.DATABASE_URL ? await openDatabase({ databaseUrl: t.services.config.DATABASE_URL, dataDir: t.services.config.DATA_DIR, poolSize: 2 }) : null;
    try {
      const a = await owner();
      const home = await property(a.client);
      await a.client.post("/api/portal/expenses", expense(home.id, { date: today(), amount_cents: 10_000 }));
      const quiet = await owner();
      await property(quiet.client);
      expect((await a.client.put("/api/portal/reports/settings", { monthly_email: true })).body.monthly_email).toBe(true);
      expect((await a.client.put("/api/portal/reports/settings", { monthly_email: "yes" })).status).toBe(422);
      const month = periodOf(today());
      // The 1st of next month, 6:00 in Chicago.
      const next = plusMonths(month, 1);
      t.clock.set(new Date(`${next}-01T12:00:00Z`));
      const other = second ? createServices(t.services.config, second, t.clock.now) : t.services;
      const results = await Promise.all([closeMonthlyStatements(t.services, `${next}-01`), closeMonthlyStatements(other, `${next}-01`), closeMonthlyStatements(other, `${next}-01`)]);
      expect(results.reduce((s, r) => s + r.emailed, 0)).toBeGreaterThanOrEqual(1);
      await closeMonthlyStatements(t.services, `${next}-02`);
      const mails = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, a.email), eq(emailOutbox.template, "owner_statement")));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("Your owner statement for");
      const [attachment] = await resolveAttachments(t.services.db, mails[0]!.attachments);
      expect(attachment!.filename).toBe(`owner-statement-${month}.pdf`);
      const pages = await pdfPages(Uint8Array.from(Buffer.from(attachment!.content, "base64")));
      expect(pages[0]).toContain("Owner Statement");
      const [quietMember] = await t.services.db.select().from(members).where(eq(members.email, quiet.email));
      expect(await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, quiet.email), eq(emailOutbox.template, "owner_statement")))).toHaveLength(0);
      expect(await t.services.db.select().from(ownerStatements).where(eq(ownerStatements.ownerId, quietMember!.id))).toHaveLength(1);

      // The portal keeps it: listed, and readable as it was closed even after the books change.
      const kept = (await a.client.get("/api/portal/reports/statements")).body;
      expect(kept.statements.map((s: { month: string; emailed: boolean }) => [s.month, s.emailed])).toEqual([[month, true]]);
      await a.client.post("/api/portal/expenses", expense(home.id, { date: `${month}-02`, amount_cents: 5_000 }));
      const id = kept.statements[0].id;
      const closed = await a.client.get(`/api/portal/reports/statements/${id}`);
      expect(closed.body.portfolio.operating_expenses_total_cents).toBe(10_000);
      expect((await a.client.download(`/api/portal/reports/statements/${id}?format=pdf`)).headers.get("content-type")).toBe("application/pdf");
      expect((await quiet.client.get(`/api/portal/reports/statements/${id}`)).status).toBe(404);
    } finally {
      t.clock.set(start);
      await second?.close();
    }
  });
});

describe("Schedule E and the a-la-carte purchase", () => {
  test("Standard is refused with Premium and the $200 option named; buying a year in TEST MODE unlocks that year only", async () => {
    const { client, email } = await owner("Standard");
    await property(client);
    const year = thisYear() - 1;
    const refused = await client.get(`/api/portal/reports/schedule-e?year=${year}`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("Premium");
    expect(refused.body.detail).toContain("$200");
    expect((await client.get(`/api/portal/reports/schedule-e?year=${year}&format=pdf`)).status).toBe(403);

    const started = await client.post("/api/portal/purchases", { item: "tax_report", year });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ item: "tax_report", year, amount_cents: 20_000, status: "initiated" });
    expect(started.body.checkout_url).toContain("/test-rent-checkout?session_id=");
    // Asking again offers the same open checkout, not a second payment.
    expect((await client.post("/api/portal/purchases", { item: "tax_report", year })).body.checkout_url).toBe(started.body.checkout_url);
    // The browser's return unlocks nothing: only the provider's event does.
    expect((await client.get(`/api/portal/reports/schedule-e?year=${year}`)).status).toBe(403);
    const sessionId = new URL(started.body.checkout_url).searchParams.get("session_id")!;
    const page = await trpcCall(client, "query", "public.testProvider.rentCheckout", { session_id: sessionId });
    expect(page.body.result.data).toMatchObject({ amount_cents: 20_000, description: `Schedule E report, tax year ${year}` });
    const declined = await trpcCall(client, "mutation", "public.testProvider.payRent", { session_id: sessionId, method: "card", card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(400);
    expect(JSON.stringify(declined.body)).toContain("declined");
    const paid = await trpcCall(client, "mutation", "public.testProvider.payRent", { session_id: sessionId, method: "card", card_number: "4242 4242 4242 4242" });
    expect(paid.status).toBe(200);

    const report = await client.get(`/api/portal/reports/schedule-e?year=${year}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ year, basis: "cash", access: "purchased" });
    expect((await client.get(`/api/portal/reports/schedule-e?year=${year - 1}`)).status).toBe(403);
    const list = (await client.get("/api/portal/purchases")).body;
    expect(list.purchases).toMatchObject([{ item: "tax_report", year, status: "paid", amount_cents: 20_000 }]);
    expect(list.prices.find((p: { item: string }) => p.item === "eviction_case")).toMatchObject({ amount_cents: 40_000, available: false });
    const receipt = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "purchase_receipt")));
    expect(receipt).toHaveLength(1);

    expect((await client.post("/api/portal/purchases", { item: "tax_report", year })).status).toBe(409);
    expect((await client.post("/api/portal/purchases", { item: "tax_report", year: thisYear() + 1 })).status).toBe(422);
    expect((await client.post("/api/portal/purchases", { item: "tax_report" })).status).toBe(422);
    expect((await client.post("/api/portal/purchases", { item: "eviction_case", year })).status).toBe(422);
    expect((await client.post("/api/portal/purchases", { item: "pizza" })).status).toBe(422);
  });

  test("Premium has every year without buying; buying is refused as included", async () => {
    const { client } = await owner("Premium");
    await property(client, "5 Matrix Ct", { placed_in_service: "2020-01-15", building_basis_cents: 27_500_000 });
    const report = await client.get(`/api/portal/reports/schedule-e?year=${thisYear() - 1}`);
    expect(report.status).toBe(200);
    expect(report.body.access).toBe("premium");
    expect(report.body.properties[0]).toMatchObject({ column: "A", line_1b: 2 });
    expect((await client.post("/api/portal/purchases", { item: "tax_report", year: thisYear() - 1 })).status).toBe(409);
    expect((await client.get(`/api/portal/reports/schedule-e?year=${thisYear() + 1}`)).status).toBe(422);
    expect((await client.get("/api/portal/reports/schedule-e?year=abc")).status).toBe(422);
  });
});
