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
import { paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { photoBytes, PNG_BYTES, REFUSED_FILES, thumbnailSize } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp, middleOfThisMonth } from "../support/harness.ts";
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
    const receipt = await a.client.upload(`/api/portal/expenses/${id}/receipt`, { name: "receipt.png", bytes: await photoBytes(1600, 1200) });
    expect(receipt.status).toBe(201);
    expect(receipt.body.receipt).toMatchObject({ name: "receipt.png", content_type: "image/png" });
    const file = await a.client.download(`/api/portal/files/${receipt.body.receipt.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    // A photographed receipt shows as a thumbnail, made from the photo by the same route's check.
    expect(await thumbnailSize(await a.client.download(`/api/portal/files/${receipt.body.receipt.id}/thumbnail`))).toEqual({ width: 256, height: 192, format: "webp" });

    const edited = await a.client.patch(`/api/portal/expenses/${id}`, { amount_cents: 9_000, category: "supplies" });
    expect(edited.body).toMatchObject({ amount_cents: 9_000, category: "supplies", schedule_e_line: "15" });
    const b = await owner();
    for (const res of [
      await b.client.get(`/api/portal/expenses/${id}`),
      await b.client.get(`/api/portal/files/${receipt.body.receipt.id}/thumbnail`),
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
    // The history is append-only in the database itself: its trigger refuses, naming why (restrict_violation).
    const refusal = async (write: () => Promise<unknown>) => {
      try {
        await write();
        return null;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string });
        return { code: cause.code, message: cause.message };
      }
    };
    const deleted = await refusal(() => t.services.db.delete(expenseChanges).where(eq(expenseChanges.expenseId, id)));
    expect(deleted).toEqual({ code: "23001", message: "an expense's history is never changed or deleted" });
    const changed = await refusal(() => t.services.db.update(expenseChanges).set({ actorName: "someone else" }).where(eq(expenseChanges.expenseId, id)));
    expect(changed).toEqual({ code: "23001", message: "an expense's history is never changed or deleted" });
    expect(await t.services.db.$count(expenseChanges, eq(expenseChanges.expenseId, id))).toBe(4);
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

  test("a row whose payee differs from an expense's only in signs and spacing, on the same date and amount, is flagged as its likely duplicate and skipped", async () => {
    const { client } = await owner();
    const home = await property(client);
    for (const [payee, amount_cents, date] of [["ACE HARDWARE #1234", 8_641, "2026-03-02"], ["CHECK # 1043", 120_000, "2026-03-04"]] as const) {
      expect((await client.post("/api/portal/expenses", { property_id: home.id, date, amount_cents, payee, category: "repairs" })).status).toBe(201);
    }
    const csv = ["Date,Description,Amount", "03/02/2026,ACE HARDWARE 1234,-86.41", "03/04/2026,CHECK 1043,-1200.00", "03/06/2026,ACE HARDWARE 1234,-12.00"].join("\n");
    const preview = (await client.post("/api/portal/expenses/import", { csv, property_id: home.id })).body;
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(["duplicate", "duplicate", "import"]);
    expect(preview.rows[0].duplicate_of).toMatchObject({ likely: true, payee: "ACE HARDWARE #1234", line: null });
    expect(preview.rows[1].duplicate_of).toMatchObject({ likely: true, payee: "CHECK # 1043" });
    expect(preview.summary).toMatchObject({ duplicates: 2, to_import: 1 });
    const done = await client.post("/api/portal/expenses/import", { csv, property_id: home.id, confirm: true });
    expect(done.body.imported.map((e: { payee: string; amount_cents: number }) => [e.payee, e.amount_cents])).toEqual([["ACE HARDWARE 1234", 1_200]]);
  });

  test("the owner categorises every row of a payee at once; a row's own choice still wins", async () => {
    const { client } = await owner();
    const home = await property(client);
    const csv = ["Date,Description,Amount", "03/02/2026,HOME DEPOT 1902,-40.00", "03/09/2026,HOME DEPOT 1902,-25.50", "03/16/2026,HOME DEPOT #1902,-9.99", "03/20/2026,COMED,-88.00"].join("\n");
    const preview = (await client.post("/api/portal/expenses/import", { csv, property_id: home.id })).body;
    expect(preview.rows.map((r: { payee_key: string }) => r.payee_key)).toEqual(["HOME DEPOT", "HOME DEPOT", "HOME DEPOT", "COMED"]);
    const choice = { payees: [{ payee_key: "HOME DEPOT", category: "supplies" }], rows: [{ line: 4, category: "repairs" }] };
    const again = (await client.post("/api/portal/expenses/import", { csv, property_id: home.id, ...choice })).body;
    expect(again.rows.map((r: { category: string | null }) => r.category)).toEqual(["supplies", "supplies", "repairs", null]);
    const done = await client.post("/api/portal/expenses/import", { csv, property_id: home.id, confirm: true, ...choice });
    expect(done.status).toBe(200);
    expect(done.body.imported.map((e: { category: string | null }) => e.category)).toEqual(["supplies", "supplies", "repairs", null]);
    const bad = await client.post("/api/portal/expenses/import", { csv, property_id: home.id, payees: [{ payee_key: "HOME DEPOT", category: "groceries" }] });
    expect(bad.status).toBe(422);
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
    // The deposit on the lease is a charge on its first day (PORTAL.md 3a), beside the month's rent.
    const opened = await client.get(`/api/portal/leases/${lease.body.id}/ledger`);
    expect(opened.body.entries.filter((e: { kind: string }) => e.kind === "deposit").map((e: { date: string; amount_cents: number }) => [e.date, e.amount_cents])).toEqual([[`${month}-01`, 120_000]]);
    // Paid on the 10th: late. The payment pays rent, then the deposit, then part of the fee.
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
      // The 30.00 left of the late fee is owed as a fee, not as rent (PORTAL.md 6).
      rent_outstanding_cents: 0,
      fees_outstanding_cents: 3_000,
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
    // From the 15th the next 1st is within a session's 30 days, whatever day the suite runs.
    t.clock.set(middleOfThisMonth());
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
    expect(list.prices.find((p: { item: string }) => p.item === "eviction_case")).toMatchObject({ amount_cents: 40_000, available: true });
    const receipt = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "purchase_receipt")));
    expect(receipt).toHaveLength(1);

    // Admins see it under Payments.
    const admin = t.client();
    await signInAsAdmin(t.services, admin);
    const seen = await trpcCall(admin, "query", "admin.payments.purchases", undefined);
    expect(seen.body.result.data.find((p: { member: { email: string } }) => p.member.email === email)).toMatchObject({ item: "tax_report", year, status: "paid" });

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

describe("Schedule E, golden figures", () => {
  test("three properties, a year of rent, late fees, a kept deposit and an expense in every category give the lines worked out by hand", async () => {
    const start = t.services.now();
    const { client } = await owner("Premium");
    t.clock.set(new Date("2026-02-15T18:00:00Z"));
    try {
      const ok = async (res: Promise<{ status: number; body: any }>) => {
        const r = await res;
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
        return r.body;
      };
      const pay = (leaseId: string, paid_on: string, amount_cents: number) => ok(client.post(`/api/portal/leases/${leaseId}/payments`, { amount_cents, paid_on, method: "check" }));
      const spend = (propertyId: string, date: string, amount_cents: number, category: string | null, payee: string, memo: string | null = null) =>
        ok(client.post("/api/portal/expenses", { property_id: propertyId, date, amount_cents, category, payee, memo }));
      const months = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2025-${String(from + i).padStart(2, "0")}`);

      // A: a two-flat, building basis $275,000 placed in service January 2020 (Table A-6).
      const a = await ok(client.post("/api/portal/properties", { name: "Loomis two-flat", address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" }, property_type: "multi_family", placed_in_service: "2020-01-15", building_basis_cents: 27_500_000, units: [{ label: "1" }, { label: "2" }] }));
      // Unit 1: $1,200 due on the 1st all of 2025, $50 late after 5 days' grace; March paid on the 10th with the fee.
      const a1 = await ok(client.post("/api/portal/leases", { unit_id: a.units[0].id, start_date: "2025-01-01", end_date: "2025-12-31", rent_cents: 120_000, due_day: 1, late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 }, tenants: [{ first_name: "Imani", last_name: "Walker" }] }));
      for (const m of months(1, 12)) await (m === "2025-03" ? pay(a1.id, "2025-03-10", 125_000) : pay(a1.id, `${m}-01`, 120_000));
      // Unit 2: $1,000 from July, month to month, paid on the 1st, and January 2026's rent paid ahead on December 28.
      const a2 = await ok(client.post("/api/portal/leases", { unit_id: a.units[1].id, start_date: "2025-07-01", end_date: null, rent_cents: 100_000, due_day: 1, tenants: [{ first_name: "Rafael", last_name: "Ortiz" }] }));
      for (const m of months(7, 12)) await pay(a2.id, `${m}-01`, 100_000);
      await pay(a2.id, "2025-12-28", 100_000);

      // B: a bungalow placed in service in December 2025, basis $100,000 (0.152% the first year).
      const b = await ok(client.post("/api/portal/properties", { name: "Berwyn bungalow", address: { line1: "6512 W 31st St", city: "Berwyn", zip: "60402" }, property_type: "single_family", placed_in_service: "2025-12-10", building_basis_cents: 10_000_000 }));
      // $1,500 from March 15 to November 30 under Chicago's RLTO late fee ($10 + 5% of $1,000 = $60);
      // March prorated 17/31 = $822.58; June paid on the 20th with its fee; the $1,500 deposit paid
      // in July (after the late June: the ledger counts money paid as rent first); November never
      // paid, so the owner keeps the deposit for it on December 5.
      const bl = await ok(client.post("/api/portal/leases", { unit_id: b.units[0].id, start_date: "2025-03-15", end_date: "2025-11-30", rent_cents: 150_000, due_day: 1, late_fee: { grace_days: 5, kind: "chicago_rlto" }, tenants: [{ first_name: "Dana", last_name: "Kowalski" }] }));
      await pay(bl.id, "2025-03-15", 82_258);
      for (const m of months(4, 10)) await (m === "2025-06" ? pay(bl.id, "2025-06-20", 156_000) : pay(bl.id, `${m}-01`, 150_000));
      await ok(client.post(`/api/portal/leases/${bl.id}/charges`, { kind: "deposit", amount_cents: 150_000, date: "2025-07-15", description: "Security deposit" }));
      await pay(bl.id, "2025-07-15", 150_000);
      expect((await client.post(`/api/portal/leases/${bl.id}/charges`, { kind: "deposit_applied", amount_cents: 150_001, date: "2025-12-05", description: "Too much" })).status).toBe(422);
      await ok(client.post(`/api/portal/leases/${bl.id}/charges`, { kind: "deposit_applied", amount_cents: 150_000, date: "2025-12-05", description: "Deposit kept for November rent" }));

      // C: a storefront placed in service July 2023, basis $390,000 (Table A-7a, year 3: 2.564%).
      const c = await ok(client.post("/api/portal/properties", { name: "Cermak storefront", address: { line1: "2201 W Cermak Rd", city: "Chicago", zip: "60608" }, property_type: "commercial", placed_in_service: "2023-07-20", building_basis_cents: 39_000_000 }));
      const cl = await ok(client.post("/api/portal/leases", { unit_id: c.units[0].id, start_date: "2025-01-01", end_date: "2025-12-31", rent_cents: 200_000, due_day: 1, tenants: [{ first_name: "Lupe", last_name: "Reyes" }] }));
      await ok(client.post(`/api/portal/leases/${cl.id}/charges`, { kind: "deposit", amount_cents: 200_000, date: "2025-01-01", description: "Security deposit" }));
      for (const m of months(1, 12)) await pay(cl.id, `${m}-01`, m === "2025-01" ? 400_000 : 200_000);

      // Every category once (A), a few more (B, C), one uncategorised, and one outside the year.
      const aExpenses: [string, number, string | null][] = [
        ["advertising", 10_000, null], ["auto_travel", 20_000, null], ["cleaning_maintenance", 30_000, null], ["commissions", 40_000, null],
        ["insurance", 120_000, null], ["legal_professional", 50_000, null], ["management_fees", 60_000, null], ["mortgage_interest", 800_000, null],
        ["other_interest", 15_000, null], ["repairs", 90_000, null], ["supplies", 25_000, null], ["property_taxes", 380_000, null], ["utilities", 100_000, null],
        ["hoa_dues", 24_000, null], ["bank_fees", 2_400, null], ["software", 12_000, null], ["other", 35_000, "Snow plowing"],
        ["capital_improvement", 500_000, null], ["mortgage_principal", 400_000, null], ["owner_draw", 200_000, null], ["owner_contribution", 100_000, null],
      ];
      for (const [category, cents, memo] of aExpenses) await spend(a.id, "2025-06-15", cents, category, `Payee ${category}`, memo);
      await spend(a.id, "2026-01-05", 99_999, "repairs", "Next year's plumber");
      await spend(b.id, "2025-08-01", 123_456, "repairs", "Ace Plumbing LLC");
      await spend(b.id, "2025-04-01", 80_000, "insurance", "State Farm");
      await spend(b.id, "2025-06-01", 250_000, "property_taxes", "Cook County Treasurer");
      await spend(c.id, "2025-03-01", 60_000, "utilities", "ComEd");
      await spend(c.id, "2025-03-01", 240_000, "management_fees", "Loop Property Managers");
      await spend(c.id, "2025-09-09", 7_500, null, "Mystery vendor");
      await spend(c.id, "2025-10-01", 1_200_000, "capital_improvement", "New roof");
      await spend(c.id, "2025-12-31", 200_000, "security_deposit_refund", "Lupe Reyes");

      const res = await client.get("/api/portal/reports/schedule-e?year=2025");
      expect(res.status).toBe(200);
      const [A, B, C] = res.body.properties;
      expect([A.column, B.column, C.column]).toEqual(["A", "B", "C"]);
      expect([A.line_1a, B.line_1b, C.line_1b, A.line_1b]).toEqual(["1834 S Loomis St, Chicago, IL 60608", 1, 4, 2]);
      // Line 2: A 365 (unit 1 all year); B March 15-November 30 = 17+30+31+30+31+31+30+31+30 = 261; C 365.
      expect([A.line_2, B.line_2.fair_rental_days, C.line_2.fair_rental_days]).toEqual([{ fair_rental_days: 365, personal_use_days: 0, qjv: false }, 261, 365]);
      // Line 3. A: unit 1 12 x 1,200 + the $50 fee = 14,450.00; unit 2 6 x 1,000 + January 2026 paid
      // on December 28 (rent in advance is income when received) = 7,000.00; A = 21,450.00.
      // B: 822.58 + 7 x 1,500 (April-October) + the $60 June fee + the $1,500 deposit kept = 12,882.58
      // (the deposit paid in July is held, not income). C: 12 x 2,000 = 24,000.00 (its deposit is held, then returned).
      expect([A.lines["3"], B.lines["3"], C.lines["3"]]).toEqual([2_145_000, 1_288_258, 2_400_000]);
      // A's expense lines: one category each, line 19 = HOA 240 + bank fees 24 + software 120 + snow plowing 350 = 734.00;
      // line 18 = 275,000 x 3.636% (recovery year 6) = 9,999.00. The 2026 plumber is not in 2025.
      expect(A.lines).toEqual({
        "3": 2_145_000, "4": 0, "5": 10_000, "6": 20_000, "7": 30_000, "8": 40_000, "9": 120_000, "10": 50_000, "11": 60_000, "12": 800_000,
        "13": 15_000, "14": 90_000, "15": 25_000, "16": 380_000, "17": 100_000, "18": 999_900, "19": 73_400,
        // 100+200+300+400+1,200+500+600+8,000+150+900+250+3,800+1,000+9,999+734 = 28,133.00; 21,450 - 28,133 = (6,683.00).
        "20": 2_813_300, "21": -668_300,
      });
      expect(A.other_items).toEqual([
        { description: "Bank fees", amount_cents: 2_400 },
        { description: "HOA dues", amount_cents: 24_000 },
        { description: "Snow plowing", amount_cents: 35_000 },
        { description: "Software and subscriptions", amount_cents: 12_000 },
      ]);
      // B: repairs 1,234.56, insurance 800, taxes 2,500, depreciation 100,000 x 0.152% = 152.00: 4,686.56; 12,882.58 - 4,686.56 = 8,196.02.
      expect([B.lines["14"], B.lines["9"], B.lines["16"], B.lines["18"], B.lines["20"], B.lines["21"]]).toEqual([123_456, 80_000, 250_000, 15_200, 468_656, 819_602]);
      // C: utilities 600, management 2,400, depreciation 390,000 x 2.564% = 9,999.60: 12,999.60; 24,000 - 12,999.60 = 11,000.40.
      expect([C.lines["17"], C.lines["11"], C.lines["18"], C.lines["20"], C.lines["21"]]).toEqual([60_000, 240_000, 999_960, 1_299_960, 1_100_040]);
      expect(C.depreciation).toMatchObject({ recovery_class: "nonresidential_39", recovery_year: 3, percent: "2.564", prior_years_cents: 459_030 + 999_960 });
      // Totals: 23a 21,450 + 12,882.58 + 24,000 = 58,332.58; 23c 8,000; 23d 9,999 + 152 + 9,999.60 = 20,150.60;
      // 23e 28,133 + 4,686.56 + 12,999.60 = 45,819.16; 24 8,196.02 + 11,000.40 = 19,196.42; 25 (6,683.00); 26 12,513.42.
      expect(Object.fromEntries(["23a", "23b", "23c", "23d", "23e", "24", "25", "26"].map((k) => [k, res.body.lines[k]]))).toEqual({
        "23a": 5_833_258, "23b": 0, "23c": 800_000, "23d": 2_015_060, "23e": 4_581_916, "24": 1_919_642, "25": -668_300, "26": 1_251_342,
      });
      expect(res.body.uncategorized).toEqual([expect.objectContaining({ payee: "Mystery vendor", amount_cents: 7_500, property: "Cermak storefront" })]);
      expect(res.body.not_deductible).toEqual([
        { category: "capital_improvement", label: "Capital improvement", amount_cents: 1_700_000 },
        { category: "mortgage_principal", label: "Mortgage principal", amount_cents: 400_000 },
        { category: "owner_draw", label: "Owner draw", amount_cents: 200_000 },
        { category: "owner_contribution", label: "Owner contribution", amount_cents: 100_000 },
        { category: "security_deposit_refund", label: "Security deposit refund", amount_cents: 200_000 },
      ]);
      expect(res.body.notes.join(" ")).toContain("Cash basis");

      // The PDF shows the line numbers and amounts laid out like Part I.
      const pdf = await client.download("/api/portal/reports/schedule-e?year=2025&format=pdf");
      expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="schedule-e-2025.pdf"');
      const text = await pdfText(pdf.body);
      expect(text).toContain("Schedule E (Form 1040) Part I");
      expect(text).toContain("Tax year 2025");
      expect(text).toContain("Cash basis");
      expect(text).toContain("3 Rents received $21,450.00 $12,882.58 $24,000.00");
      expect(text).toContain("12 Mortgage interest paid to banks, etc. $8,000.00 $0.00 $0.00");
      expect(text).toContain("18 Depreciation expense or depletion $9,999.00 $152.00 $9,999.60");
      expect(text).toContain("20 Total expenses. Add lines 5 through 19 $28,133.00 $4,686.56 $12,999.60");
      expect(text).toContain("21 Income or (loss). Line 3 (and 4) less line 20 ($6,683.00) $8,196.02 $11,000.40");
      expect(text).toContain("23a Total of all amounts reported on line 3 for all rental properties $58,332.58");
      expect(text).toContain("26 Total rental real estate and royalty income or (loss). Combine lines 24 and 25 $12,513.42");
      expect(text).toContain("Line 19, Other (list)");
      expect(text).toContain("Snow plowing $350.00");
      expect(text).toContain("Mystery vendor");

      // The CSV: every transaction behind every line.
      const csv = String((await client.request("GET", "/api/portal/reports/schedule-e?year=2025&format=csv")).body);
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe("Date,Property,Column,Payee or payer,Category,Schedule E line,Amount");
      expect(lines).toContain("2025-12-28,Loomis two-flat,A,Unit 2 (Rafael Ortiz),Rent,3,1000.00");
      expect(lines).toContain("2025-12-05,Berwyn bungalow,B,Unit House (Dana Kowalski),Security deposits kept,3,1500.00");
      expect(lines).toContain("2025-06-20,Berwyn bungalow,B,Unit House (Dana Kowalski),Late fees,3,60.00");
      expect(lines).toContain("2025-09-09,Cermak storefront,C,Mystery vendor,Not categorized,uncategorized,75.00");
      expect(lines).toContain("2025-12-31,Cermak storefront,C,Depreciation,\"Building, recovery year 3 at 2.564%\",18,9999.60");
      const line3 = lines.filter((l) => l.split(",").at(-2) === "3").reduce((s, l) => s + Math.round(Number(l.split(",").at(-1)) * 100), 0);
      expect(line3).toBe(5_833_258);
    } finally {
      t.clock.set(start);
    }
  });
});
