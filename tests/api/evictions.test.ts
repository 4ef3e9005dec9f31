import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chicagoToday, plusDays, plusMonths } from "../../src/shared/calendar.ts";
import { emailOutbox, evictionEvents, members } from "../../src/server/db/schema.ts";
import { FULL_PAYMENT_SENTENCE } from "../../src/server/documents/notice-pdf.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { applyAndSign, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { photoBytes, PNG_BYTES, pdfBytes, thumbnailSize } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

// Eviction coordination and the process server (PORTAL.md 7.2, 7.3, 8) through the REST paths, on
// the real database: the owner opens a case for a late lease and serves its notice, staff
// coordinate it once paid, and a service job runs to its affidavit.

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  // Tuesday November 24, 2026, noon in Chicago: the dates below are worked out from this day.
  t.clock.set(new Date("2026-11-24T18:00:00Z"));
  admin = t.client();
  await signInAsAdmin(t.services, admin);
});
afterAll(() => t.close());

const today = () => chicagoToday(t.services.now());

async function owner(level: "Standard" | "Premium" = "Premium") {
  const client = t.client();
  const signed = await paidOwner(client, level);
  return { client, ...signed };
}

/** A lease three months in with no rent paid but one partial payment, and a fixed late-fee policy: a late lease. */
async function lateLease(client: ApiClient) {
  const property = await client.post("/api/portal/properties", {
    address: { line1: `${1000 + Math.floor(Math.random() * 8000)} W Cermak Rd`, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "2" }],
  });
  expect(property.status).toBe(201);
  const start = `${plusMonths(today().slice(0, 7), -3)}-01`;
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: start,
    rent_cents: 150_000,
    due_day: 1,
    late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
    tenants: [
      { first_name: "Rosa", last_name: "Diaz", email: `rosa.${Date.now()}${Math.random().toString(36).slice(2, 6)}@tenants.example.net` },
      { first_name: "Marco", last_name: "Diaz" },
    ],
  });
  expect(lease.status).toBe(201);
  expect((await client.post(`/api/portal/leases/${lease.body.id}/payments`, { amount_cents: 40_000, paid_on: start, method: "check" })).status).toBe(201);
  const ledger = (await client.get(`/api/portal/leases/${lease.body.id}/ledger`)).body;
  const rent = ledger.entries.filter((e: { kind: string; date: string }) => e.kind === "rent" && e.date <= today()).reduce((s: number, e: { amount_cents: number }) => s + e.amount_cents, 0);
  const fees = ledger.entries.filter((e: { kind: string }) => e.kind === "late_fee").length;
  return { leaseId: lease.body.id as string, rentDue: rent - 40_000, lateFees: fees, balance: ledger.balance_cents as number };
}

/** A lease of a unit of a new property from `start` (month-to-month unless `end` is given), rent paid through today. */
async function leaseFrom(client: ApiClient, start: string, options: { city?: string; zip?: string; end?: string } = {}) {
  const property = await client.post("/api/portal/properties", {
    address: { line1: `${1000 + Math.floor(Math.random() * 8000)} W Armitage Ave`, city: options.city ?? "Chicago", zip: options.zip ?? "60647" },
    property_type: "multi_family",
    units: [{ label: "1" }],
  });
  expect(property.status).toBe(201);
  const lease = await client.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: start,
    end_date: options.end ?? null,
    rent_cents: 120_000,
    due_day: 1,
    tenants: [{ first_name: "Imani", last_name: "Walker" }],
  });
  expect(lease.status).toBe(201);
  return lease.body.id as string;
}

async function openCase(client: ApiClient, leaseId: string, body: Record<string, unknown> = {}) {
  return client.post("/api/portal/evictions", { lease_id: leaseId, ground: "unpaid_rent", jurisdiction: "chicago", ...body });
}

/** Pays a purchase's checkout with the test card (the test provider's event marks it paid). */
async function pay(client: ApiClient, checkoutUrl: string) {
  const paid = await trpcCall(client, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(checkoutUrl), method: "card", card_number: "4242 4242 4242 4242" });
  expect(paid.status).toBe(200);
}

async function emailsTo(email: string, template: string) {
  return t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
}

describe("eviction cases and notices", () => {
  test("a Premium owner opens a case for a late lease; the 5-day notice demands the unpaid rent only, with its dates", async () => {
    const { client, email } = await owner("Premium");
    const late = await lateLease(client);
    expect(late.lateFees).toBeGreaterThan(0);
    expect(late.balance).toBeGreaterThan(late.rentDue);

    const opened = await openCase(client, late.leaseId);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ stage: "notice_prepared", ground: "unpaid_rent", jurisdiction: "chicago", open: true, paid: false, price_cents: 10_000 });
    expect(opened.body.parties.map((p: { first_name: string }) => p.first_name)).toEqual(["Rosa", "Marco"]);
    expect(opened.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(["opened"]);
    // One open case per lease.
    expect((await openCase(client, late.leaseId)).status).toBe(409);

    const notice = await client.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day", served_on: today(), service_method: "personal", served_by: "Jon Ortiz" });
    expect(notice.status).toBe(201);
    // Served Tuesday November 24, 2026: the 5th day is Sunday the 29th, so the period ends Monday the 30th (5 ILCS 70/1.11).
    expect(notice.body).toMatchObject({
      kind: "5_day",
      amount_demanded_cents: late.rentDue,
      served_on: "2026-11-24",
      service_method: "personal",
      served_by: "Jon Ortiz",
      expires_on: "2026-11-30",
      earliest_filing_on: "2026-12-01",
      terminates_on: null,
      dates_label: "verify with counsel",
    });
    expect(notice.body.case.stage).toBe("notice_served");

    const pdf = await client.request("GET", `/api/portal/evictions/${opened.body.id}/notices/${notice.body.id}/pdf`, undefined, {}, { bytes: true });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(pdf.body);
    const dollars = `$${(late.rentDue / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`the sum of ${dollars}, being rent`);
    expect(text.match(/\$[\d,]+\.\d\d/g)).toEqual([dollars]);
    expect(text).toContain(FULL_PAYMENT_SENTENCE);
    expect(text).toContain("To: Rosa Diaz, Marco Diaz and all others in possession");

    const view = (await client.get(`/api/portal/evictions/${opened.body.id}`)).body;
    expect(view.timeline.map((e: { kind: string }) => e.kind)).toEqual(["opened", "notice", "service", "stage"]);
    expect(view.notices).toHaveLength(1);
    expect((await client.get("/api/portal/evictions")).body.map((c: { id: string }) => c.id)).toEqual([opened.body.id]);
    expect((await emailsTo(email, "eviction_case_update")).length).toBeGreaterThanOrEqual(2);
  });

  test("bad service: a future date, posting without its confirmation, a method not in the law, the wrong notice for the ground", async () => {
    const { client } = await owner("Premium");
    const late = await lateLease(client);
    const id = (await openCase(client, late.leaseId)).body.id;
    const notices = `/api/portal/evictions/${id}/notices`;
    const future = await client.post(notices, { kind: "5_day", served_on: plusDays(today(), 1), service_method: "personal", served_by: "Jon" });
    expect(future.status).toBe(422);
    expect(JSON.stringify(future.body.detail)).toContain("future");
    const posting = await client.post(notices, { kind: "5_day", served_on: today(), service_method: "posting", served_by: "Jon" });
    expect(posting.status).toBe(422);
    expect(JSON.stringify(posting.body.detail)).toContain("no one is in possession");
    expect((await client.post(notices, { kind: "5_day", served_on: today(), service_method: "email", served_by: "Jon" })).status).toBe(422);
    expect((await client.post(notices, { kind: "5_day", served_on: today() })).status).toBe(422);
    expect((await client.post(notices, { kind: "30_day" })).status).toBe(422);
    // Prepared first, served later: posting confirmed that no one is in possession.
    const prepared = await client.post(notices, { kind: "5_day" });
    expect(prepared.status).toBe(201);
    expect(prepared.body).toMatchObject({ served: false, amount_demanded_cents: late.rentDue });
    const served = await client.post(`${notices}/${prepared.body.id}/service`, { served_on: today(), service_method: "posting", served_by: "Jon", posting_confirmed: true });
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ served: true, service_method: "posting" });
    expect((await client.post(`${notices}/${prepared.body.id}/service`, { served_on: today(), service_method: "personal", served_by: "Jon" })).status).toBe(409);
  });

  test("the earliest filing day is the next day the clerk is open: a 5-day notice expiring the day before Thanksgiving", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    // Served Friday November 20, 2026: the 5th day is Wednesday the 25th; Thursday the 26th is Thanksgiving (205 ILCS 630/17).
    const notice = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-20", service_method: "personal", served_by: "Jon" });
    expect(notice.status).toBe(201);
    expect(notice.body).toMatchObject({ expires_on: "2026-11-25", earliest_filing_on: "2026-11-27", filing_rolled_past: [{ date: "2026-11-26", reason: "Thanksgiving Day" }] });
  });

  test("a lease-violation case takes a 10-day notice naming the breach", async () => {
    const { client } = await owner("Premium");
    const late = await lateLease(client);
    const id = (await openCase(client, late.leaseId, { ground: "lease_violation", jurisdiction: "suburban_cook" })).body.id;
    expect((await client.post(`/api/portal/evictions/${id}/notices`, { kind: "10_day" })).status).toBe(422);
    const notice = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "10_day", breach: "a dog in breach of paragraph 12" });
    expect(notice.status).toBe(201);
    // Dated Tuesday November 24, 2026: the 10th day is Friday December 4.
    expect(notice.body).toMatchObject({ amount_demanded_cents: 0, expires_on: "2026-12-04" });
  });

  test("a 60-day notice ends a year-to-year tenancy at the end of its year, and only when served in the window (735 ILCS 5/9-205)", async () => {
    const { client } = await owner("Premium");
    // A tenancy from January 1, 2024: its years end December 31; the window for 2026 is July 2 - November 1.
    const id = (await openCase(client, await leaseFrom(client, "2024-01-01"), { ground: "year_to_year_end", jurisdiction: "illinois_other" })).body.id;
    const notices = `/api/portal/evictions/${id}/notices`;
    const early = await client.post(notices, { kind: "60_day", served_on: "2026-05-05", service_method: "personal", served_by: "Jon" });
    expect(early.status).toBe(422);
    expect(early.body.detail[0]).toMatchObject({ loc: ["body", "served_on"] });
    expect(early.body.detail[0].msg).toContain("serve it from 2026-07-02 through 2026-11-01");
    const late = await client.post(notices, { kind: "60_day", served_on: "2025-11-02", service_method: "personal", served_by: "Jon" });
    expect(late.status).toBe(422);
    expect(late.body.detail[0].msg).toContain("ends no tenancy year");
    const good = await client.post(notices, { kind: "60_day", served_on: "2026-08-14", service_method: "personal", served_by: "Jon" });
    expect(good.status).toBe(201);
    // Filing: January 1, 2027 is New Year's Day (a Friday), then a weekend: Monday January 4.
    expect(good.body).toMatchObject({ terminates_on: "2026-12-31", expires_on: "2026-12-31", earliest_filing_on: "2027-01-04", service_window: { from: "2026-07-02", to: "2026-11-01" }, notice_days: 60 });
    expect(good.body.rule).toContain("735 ILCS 5/9-205");
    const pdf = await client.request("GET", `/api/portal/evictions/${id}/notices/${good.body.id}/pdf`, undefined, {}, { bytes: true });
    expect(await pdfText(pdf.body)).toContain("Your tenancy will end on December 31, 2026");
  });

  test("a 30-day notice ends a month-to-month tenancy on its 30th day, past a holiday, with the period-end reading noted", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, await leaseFrom(client, "2026-09-01", { city: "Springfield", zip: "62701" }), { ground: "month_to_month_end", jurisdiction: "illinois_other" })).body.id;
    // Served Tuesday October 27, 2026: the 30th day is Thanksgiving (November 26), so it ends Friday November 27.
    const notice = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "30_day", served_on: "2026-10-27", service_method: "personal", served_by: "Jon" });
    expect(notice.status).toBe(201);
    expect(notice.body).toMatchObject({ terminates_on: "2026-11-27", expires_on: "2026-11-27", notice_days: 30 });
    expect(notice.body.notes.join(" ")).toContain("2026-11-30");
  });

  test("Chicago's Fair Notice: a month-to-month tenant since 2024-01-01 served 2026-10-27 is owed 60 days, to Monday 2026-12-28", async () => {
    const { client } = await owner("Premium");
    // No jurisdiction in the body: the case takes the property's (Chicago, from the city).
    const opened = await openCase(client, await leaseFrom(client, "2024-01-01"), { ground: "month_to_month_end", jurisdiction: undefined });
    expect(opened.status).toBe(201);
    expect(opened.body.jurisdiction).toBe("chicago");
    expect(opened.body.property_rules).toMatchObject({ rules: "chicago_rlto", jurisdiction: "chicago" });
    expect(opened.body.property_rules.warnings.join(" ")).toContain("The app cannot know whether you live in this building");
    // 2 years 9 months in the unit: 60 days (Municipal Code 5-12-130(j)). The 60th day, December 26, is a Saturday.
    const notice = await client.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "30_day", served_on: "2026-10-27", service_method: "personal", served_by: "Jon" });
    expect(notice.status).toBe(201);
    expect(notice.body).toMatchObject({ terminates_on: "2026-12-28", notice_days: 60 });
    expect(notice.body.notes[0]).toContain("5-12-130(j)");
  });

  test("Chicago's Fair Notice counts the tenancy through a renewal: a tenant in the unit since 2023 is owed 120 days", async () => {
    const { client } = await owner("Premium");
    const property = await client.post("/api/portal/properties", { address: { line1: "2150 N Damen Ave", city: "Chicago", zip: "60647" }, property_type: "multi_family", units: [{ label: "3" }] });
    const unitId = property.body.units[0].id;
    const tenant = [{ first_name: "Ana", last_name: "Reyes", email: "ana.reyes@tenants.example.net" }];
    const first = await client.post("/api/portal/leases", { unit_id: unitId, start_date: "2023-01-01", end_date: "2023-12-31", rent_cents: 110_000, due_day: 1, tenants: tenant });
    expect(first.status).toBe(201);
    const renewed = await client.post("/api/portal/leases", { unit_id: unitId, start_date: "2024-01-01", rent_cents: 115_000, due_day: 1, tenants: tenant });
    expect(renewed.status).toBe(201);
    const id = (await openCase(client, renewed.body.id, { ground: "month_to_month_end", jurisdiction: "chicago" })).body.id;
    // In the unit since 2023-01-01: 3 years 9 months on 2026-10-27, so 120 days: Wednesday 2027-02-24.
    const notice = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "30_day", served_on: "2026-10-27", service_method: "personal", served_by: "Jon" });
    expect(notice.body).toMatchObject({ terminates_on: "2027-02-24", notice_days: 120 });
  });

  test("another owner's case and lease answer 404; a Basic member 403; a downgraded owner reads but cannot open", async () => {
    const a = await owner("Standard");
    const late = await lateLease(a.client);
    const id = (await openCase(a.client, late.leaseId)).body.id;
    const notice = (await a.client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day" })).body.id;
    const b = await owner("Premium");
    expect((await b.client.get(`/api/portal/evictions/${id}`)).status).toBe(404);
    expect((await b.client.get(`/api/portal/evictions/${id}/notices/${notice}/pdf`)).status).toBe(404);
    expect((await b.client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day" })).status).toBe(404);
    expect((await openCase(b.client, late.leaseId)).status).toBe(404);
    expect((await b.client.get("/api/portal/evictions")).body).toEqual([]);
    expect((await b.client.get("/api/portal/evictions/not-an-id")).status).toBe(404);

    const basic = t.client();
    await applyAndSign(basic, "Basic");
    expect((await basic.get("/api/portal/evictions")).status).toBe(403);
    expect((await openCase(basic, late.leaseId)).status).toBe(403);
    expect((await t.client().get("/api/portal/evictions")).status).toBe(401);

    const second = await lateLease(a.client);
    await t.services.db.update(members).set({ membershipLevel: "Basic" }).where(eq(members.email, a.email));
    expect((await a.client.get(`/api/portal/evictions/${id}`)).status).toBe(200);
    const refused = await openCase(a.client, second.leaseId);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("read-only");
  });

  test("Standard pays $400 and Premium $100 through the test provider; staff coordinate once paid, every move on the timeline and emailed", async () => {
    const std = await owner("Standard");
    const stdCase = (await openCase(std.client, (await lateLease(std.client)).leaseId)).body;
    expect(stdCase).toMatchObject({ paid: false, price_cents: 40_000 });
    // Before payment staff cannot coordinate.
    const early = await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to: "notice_served", note: "" });
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain("Pay to start coordination");
    expect((await std.client.post("/api/portal/purchases", { item: "eviction_case" })).status).toBe(422);
    expect((await std.client.post("/api/portal/purchases", { item: "eviction_case", reference: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    const checkout = await std.client.post("/api/portal/purchases", { item: "eviction_case", reference: stdCase.id });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ item: "eviction_case", reference: stdCase.id, amount_cents: 40_000, status: "initiated" });
    await pay(std.client, checkout.body.checkout_url);
    const paidCase = (await std.client.get(`/api/portal/evictions/${stdCase.id}`)).body;
    expect(paidCase.paid).toBe(true);
    expect(paidCase.timeline.filter((e: { kind: string }) => e.kind === "paid")).toHaveLength(1);
    expect((await std.client.post("/api/portal/purchases", { item: "eviction_case", reference: stdCase.id })).status).toBe(409);
    expect(await emailsTo(std.email, "purchase_receipt")).toHaveLength(1);

    const prem = await owner("Premium");
    const premCase = (await openCase(prem.client, (await lateLease(prem.client)).leaseId)).body;
    const premCheckout = await prem.client.post("/api/portal/purchases", { item: "eviction_case", reference: premCase.id });
    expect(premCheckout.body.amount_cents).toBe(10_000);
    // Another owner cannot buy for this case.
    expect((await std.client.post("/api/portal/purchases", { item: "eviction_case", reference: premCase.id })).status).toBe(404);

    // The notice was served Tuesday November 10: its 5th day was Sunday the 15th, so it expired Monday the 16th; filing from the 17th.
    const served = await std.client.post(`/api/portal/evictions/${stdCase.id}/notices`, { kind: "5_day", served_on: "2026-11-10", service_method: "personal", served_by: "Jon Ortiz" });
    expect(served.body).toMatchObject({ expires_on: "2026-11-16", earliest_filing_on: "2026-11-17" });
    // Staff move the Standard case through the table; a move outside it is 409.
    const queue = (await admin.get("/api/admin/evictions")).body;
    expect(queue.find((c: { id: string }) => c.id === stdCase.id)).toMatchObject({ paid: true, owner_name: expect.any(String) });
    const before = (await emailsTo(std.email, "eviction_case_update")).length;
    const path = ["notice_expired", "filed", "hearing_scheduled"];
    for (const to of path) {
      const moved = await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to, note: `to ${to}` });
      expect(moved.status, to).toBe(200);
      expect(moved.body.stage).toBe(to);
    }
    expect((await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to: "enforced", note: "" })).status).toBe(409);
    expect((await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to: "nowhere", note: "" })).status).toBe(422);
    const entered = "2026-11-14"; // ten days before the test's day
    const court = await admin.patch(`/api/admin/evictions/${stdCase.id}/court`, { case_number: "2026-M1-701234", courtroom: "1302", order_entered_on: entered, enforcement_on: `${today().slice(0, 4)}-12-20` });
    expect(court.status).toBe(200);
    // 735 ILCS 5/9-117: an eviction order may not be enforced more than 120 days after it is
    // entered. From November 14, 2026: 16 days of November, 31, 31 and 28 to the end of February,
    // and 14 of March make 120: March 14, 2027.
    expect(court.body.court).toMatchObject({ case_number: "2026-M1-701234", order_enforceable_through: "2027-03-14", in_winter_moratorium: true });
    expect(court.body.court.warnings.join(" ")).toContain("winter moratorium");
    expect((await admin.post(`/api/admin/evictions/${stdCase.id}/notes`, { body: "Hearing set, bring the ledger" })).status).toBe(201);
    const doc = await admin.upload(`/api/admin/evictions/${stdCase.id}/documents`, { name: "summons.pdf", bytes: await pdfBytes("Summons") });
    expect(doc.status).toBe(201);

    const seen = (await std.client.get(`/api/portal/evictions/${stdCase.id}`)).body;
    const moves = seen.timeline.filter((e: { kind: string; actor: string }) => e.kind === "stage" && e.actor === "staff");
    expect(moves.map((e: { to_stage: string }) => e.to_stage)).toEqual(path);
    expect(seen.timeline.map((e: { kind: string }) => e.kind)).toContain("court_facts");
    expect(seen.documents.map((d: { name: string }) => d.name)).toEqual(["summons.pdf"]);
    // The owner downloads staff's document; the other owner cannot.
    expect((await std.client.get(`/api/portal/files/${seen.documents[0].id}`)).status).toBe(200);
    expect((await prem.client.get(`/api/portal/files/${seen.documents[0].id}`)).status).toBe(404);
    // A photo on the case shows as a thumbnail to the owner and staff, through the same checks; a PDF has none.
    const picture = await std.client.upload(`/api/portal/evictions/${stdCase.id}/documents`, { name: "door-posting.png", bytes: await photoBytes(1024, 768) });
    const pictureId = picture.body.documents.find((d: { name: string }) => d.name === "door-posting.png").id;
    expect(await thumbnailSize(await std.client.download(`/api/portal/files/${pictureId}/thumbnail`))).toEqual({ width: 256, height: 192, format: "webp" });
    expect(await thumbnailSize(await admin.download(`/api/admin/premium-files/${pictureId}/thumbnail`))).toEqual({ width: 256, height: 192, format: "webp" });
    expect((await prem.client.get(`/api/portal/files/${pictureId}/thumbnail`)).status).toBe(404);
    expect((await std.client.get(`/api/admin/premium-files/${pictureId}/thumbnail`)).status).toBe(403);
    expect((await admin.get(`/api/admin/premium-files/${seen.documents[0].id}/thumbnail`)).status).toBe(404);
    // Three moves, the court facts, the note and the document: six emails.
    expect((await emailsTo(std.email, "eviction_case_update")).length - before).toBe(6);

    // The timeline is only added to.
    const change = async () => {
      await t.services.db.update(evictionEvents).set({ note: "changed" }).where(eq(evictionEvents.caseId, stdCase.id));
    };
    await expect(change()).rejects.toThrow();

    // A case that ended takes nothing more.
    expect((await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to: "settled", note: "Agreed move-out" })).status).toBe(200);
    expect((await admin.post(`/api/admin/evictions/${stdCase.id}/transitions`, { to: "closed", note: "" })).status).toBe(409);
    expect((await std.client.post(`/api/portal/evictions/${stdCase.id}/notices`, { kind: "5_day" })).status).toBe(409);
    expect((await std.client.post(`/api/portal/evictions/${stdCase.id}/notes`, { body: "one more" })).status).toBe(409);
    // A settled case frees the lease for a new one.
    expect((await openCase(std.client, seen.lease_id)).status).toBe(201);
    // Members are not staff.
    expect((await std.client.get("/api/admin/evictions")).status).toBe(403);
  });
});

describe("the notice's own date and its copies", () => {
  test("a notice prepared November 24 cannot be recorded as served November 22; dated the day it was served when recorded at once", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    const prepared = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day" });
    expect(prepared.body.dated_on).toBe("2026-11-24");
    const early = await client.post(`/api/portal/evictions/${id}/notices/${prepared.body.id}/service`, { served_on: "2026-11-22", service_method: "personal", served_by: "Jon" });
    expect(early.status).toBe(422);
    expect(early.body.detail).toEqual([
      { loc: ["body", "served_on"], msg: "This notice is dated 2026-11-24: it cannot have been served on 2026-11-22, before its own date. Prepare a new notice dated the day it was served." },
    ]);
    // Recorded served at once on November 20, a notice is dated that day.
    const atOnce = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-20", service_method: "personal", served_by: "Jon" });
    expect(atOnce.body).toMatchObject({ dated_on: "2026-11-20", served_on: "2026-11-20" });
    const pdf = await client.request("GET", `/api/portal/evictions/${id}/notices/${atOnce.body.id}/pdf`, undefined, {}, { bytes: true });
    expect(await pdfText(pdf.body)).toContain("Dated: November 20, 2026");
  });

  test("a 5-day notice demands the rent unpaid on the day it was served, not rent that came due after (735 ILCS 5/9-209)", async () => {
    const { client } = await owner("Premium");
    const late = await lateLease(client);
    const id = (await openCase(client, late.leaseId)).body.id;
    // Prepared Friday November 27; December's rent comes due on December 1.
    t.clock.set(new Date("2026-11-27T18:00:00Z"));
    try {
      const prepared = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day" });
      expect(prepared.body.amount_demanded_cents).toBe(late.rentDue);
      t.clock.set(new Date("2026-12-03T18:00:00Z"));
      // Its service on November 27 is recorded on December 3: the demand is what was unpaid on the 27th.
      const served = await client.post(`/api/portal/evictions/${id}/notices/${prepared.body.id}/service`, { served_on: "2026-11-27", service_method: "personal", served_by: "Jon" });
      expect(served.status, JSON.stringify(served.body)).toBe(200);
      expect(served.body.amount_demanded_cents).toBe(late.rentDue);
      // Recorded at once with a past service day, likewise.
      const atOnce = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-30", service_method: "personal", served_by: "Jon" });
      expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(201);
      expect(atOnce.body.amount_demanded_cents).toBe(late.rentDue);
      // Served today, December's $1,500.00 is unpaid too.
      const now = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-12-03", service_method: "personal", served_by: "Jon" });
      expect(now.body.amount_demanded_cents).toBe(late.rentDue + 150_000);
    } finally {
      t.clock.set(new Date("2026-11-24T18:00:00Z"));
    }
  });

  test("a 30-day notice printed before its service says when the tenancy ends: served later, that day would come too soon, so it is refused", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, await leaseFrom(client, "2026-09-01", { city: "Springfield", zip: "62701" }), { ground: "month_to_month_end" })).body.id;
    t.clock.set(new Date("2026-11-02T18:00:00Z"));
    // Prepared Monday November 2: the 30th day is Wednesday December 2.
    const prepared = (await client.post(`/api/portal/evictions/${id}/notices`, { kind: "30_day" })).body;
    expect(prepared).toMatchObject({ dated_on: "2026-11-02", terminates_on: "2026-12-02" });
    t.clock.set(new Date("2026-11-24T18:00:00Z"));
    const late = await client.post(`/api/portal/evictions/${id}/notices/${prepared.id}/service`, { served_on: "2026-11-04", service_method: "personal", served_by: "Jon" });
    expect(late.status).toBe(422);
    expect(late.body.detail[0].msg).toBe("This notice, dated 2026-11-02, says the tenancy ends 2026-12-02; served on 2026-11-04 it would have to say 2026-12-04. Prepare a new notice dated the day it is served.");
    expect((await client.post(`/api/portal/evictions/${id}/notices/${prepared.id}/service`, { served_on: "2026-11-02", service_method: "personal", served_by: "Jon" })).status).toBe(200);
  });

  test("the tenant's copy is the notice alone; the owner's copy (?copy=owner) adds the app's dates, for the owner and staff", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    const notice = (await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-24", service_method: "personal", served_by: "Jon Ortiz" })).body;
    const get = async (who: ApiClient, path: string) => {
      const res = await who.request("GET", path, undefined, {}, { bytes: true });
      expect(res.status).toBe(200);
      return { text: await pdfText(res.body), disposition: res.headers.get("content-disposition") };
    };
    const tenant = await get(client, notice.pdf_path);
    expect(tenant.text).not.toContain("Dates computed by the app");
    expect(tenant.text).toContain("Dated: November 24, 2026");
    expect(tenant.disposition).toContain("5-day-notice-2026-11-24.pdf");
    const ownerCopy = await get(client, notice.owner_pdf_path);
    expect(ownerCopy.text).toContain("Dates computed by the app (verify with counsel; not part of the notice)");
    expect(ownerCopy.text).toContain("the notice period ends November 30, 2026; the earliest filing day is December 1, 2026");
    expect(ownerCopy.disposition).toContain("owner-copy");
    const staffCopy = await get(admin, `/api/admin/evictions/${id}/notices/${notice.id}/pdf?copy=owner`);
    expect(staffCopy.text).toContain("verify with counsel");
    expect((await client.get(`${notice.pdf_path}?copy=landlord`)).status).toBe(422);
  });
});

describe("moves that depend on a date, and cases opened by mistake", () => {
  /**
   * Sets the clock to noon in Chicago on `day`, runs `body` with a member of staff signed in that
   * day (a staff session lasts 12 hours), and puts the clock back on November 24, 2026.
   */
  async function on<T>(day: string, body: (staff: ApiClient) => Promise<T>): Promise<T> {
    t.clock.set(new Date(`${day}T18:00:00Z`));
    try {
      const staff = t.client();
      await signInAsAdmin(t.services, staff);
      return await body(staff);
    } finally {
      t.clock.set(new Date("2026-11-24T18:00:00Z"));
    }
  }

  test("a notice whose period ends November 30 cannot be marked expired on November 26, by staff or the owner; from December 1 it can, and the case filed", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    // Served Tuesday November 24, 2026: the period ends Monday November 30; filing from Tuesday December 1.
    const notice = await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-24", service_method: "personal", served_by: "Jon" });
    expect(notice.body).toMatchObject({ expires_on: "2026-11-30", earliest_filing_on: "2026-12-01" });
    expect(notice.body.case.allowed_moves).not.toContain("notice_expired");
    expect(notice.body.case.moves_not_yet).toEqual([{ to: "notice_expired", reason: expect.stringContaining("The notice period ends 2026-11-30") }]);

    // The owner of an unpaid case records its moves, and is refused alike.
    const ownerEarly = await on("2026-11-26", () => client.post(`/api/portal/evictions/${id}/transitions`, { to: "notice_expired", note: "" }));
    expect(ownerEarly.status).toBe(409);
    expect(ownerEarly.body.detail).toBe("The notice period ends 2026-11-30: the case can move to notice expired from 2026-12-01, not before (verify with counsel).");

    const checkout = await client.post("/api/portal/purchases", { item: "eviction_case", reference: id });
    await pay(client, checkout.body.checkout_url);
    const staffEarly = await on("2026-11-26", (staff) => staff.post(`/api/admin/evictions/${id}/transitions`, { to: "notice_expired", note: "" }));
    expect(staffEarly.status).toBe(409);
    expect(staffEarly.body.detail).toContain("2026-11-30");
    // On the last day of the period it is still too early.
    expect((await on("2026-11-30", (staff) => staff.post(`/api/admin/evictions/${id}/transitions`, { to: "notice_expired", note: "" }))).status).toBe(409);
    // Once paid, the owner asks staff.
    const ownerPaid = await client.post(`/api/portal/evictions/${id}/transitions`, { to: "closed", note: "" });
    expect(ownerPaid.status).toBe(409);
    expect(ownerPaid.body.detail).toContain("Staff coordinate this case");

    await on("2026-12-01", async (staff) => {
      const expired = await staff.post(`/api/admin/evictions/${id}/transitions`, { to: "notice_expired", note: "" });
      expect(expired.status).toBe(200);
      expect(expired.body.allowed_moves).toContain("filed");
      // The filing date the court records cannot be before the earliest filing day either.
      const early = await staff.patch(`/api/admin/evictions/${id}/court`, { filed_on: "2026-11-30" });
      expect(early.status).toBe(409);
      expect(early.body.detail).toContain("the earliest filing day is 2026-12-01");
      expect((await staff.post(`/api/admin/evictions/${id}/transitions`, { to: "filed", note: "Filed at Daley Center" })).status).toBe(200);
      expect((await staff.patch(`/api/admin/evictions/${id}/court`, { filed_on: "2026-12-01", case_number: "2026-M1-712345" })).status).toBe(200);
    });
  });

  test("the filing move waits for the clerk: expired on a Friday, the case is filed from Monday", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    // Served Friday November 20: the 5th day is Wednesday November 25; Thanksgiving is closed, so filing from Friday the 27th.
    await client.post(`/api/portal/evictions/${id}/notices`, { kind: "5_day", served_on: "2026-11-20", service_method: "personal", served_by: "Jon" });
    await on("2026-11-26", async () => {
      expect((await client.post(`/api/portal/evictions/${id}/transitions`, { to: "notice_expired", note: "" })).status).toBe(200);
      const filed = await client.post(`/api/portal/evictions/${id}/transitions`, { to: "filed", note: "" });
      expect(filed.status).toBe(409);
      expect(filed.body.detail).toBe("The earliest filing day is 2026-11-27: the case cannot be filed before it (verify with counsel).");
    });
    expect((await on("2026-11-27", () => client.post(`/api/portal/evictions/${id}/transitions`, { to: "filed", note: "" }))).status).toBe(200);
  });

  test("no notice served, no notice-dependent move; staff cannot skip the service record", async () => {
    const { client } = await owner("Premium");
    const id = (await openCase(client, (await lateLease(client)).leaseId)).body.id;
    const refused = await client.post(`/api/portal/evictions/${id}/transitions`, { to: "notice_served", note: "" });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("No notice's service is recorded");
  });

  test("a case opened by mistake and never paid: staff may close it, the owner may withdraw it, and the lease takes a new case", async () => {
    const a = await owner("Standard");
    const leaseId = (await lateLease(a.client)).leaseId;
    const first = (await openCase(a.client, leaseId)).body;
    expect((await openCase(a.client, leaseId)).status).toBe(409);
    // Staff close an unpaid case (nothing else of it is theirs to do before it is paid).
    expect((await admin.post(`/api/admin/evictions/${first.id}/transitions`, { to: "notice_expired", note: "" })).status).toBe(409);
    const closed = await admin.post(`/api/admin/evictions/${first.id}/transitions`, { to: "closed", note: "Opened by mistake" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ stage: "closed", open: false, paid: false });

    const second = (await openCase(a.client, leaseId)).body;
    expect(second.open).toBe(true);
    // Another owner cannot touch it.
    const b = await owner("Premium");
    expect((await b.client.post(`/api/portal/evictions/${second.id}/transitions`, { to: "closed", note: "" })).status).toBe(404);
    const withdrawn = await a.client.post(`/api/portal/evictions/${second.id}/transitions`, { to: "closed", note: "" });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.stage).toBe("closed");
    expect(withdrawn.body.timeline.at(-1)).toMatchObject({ kind: "stage", to_stage: "closed", actor: "owner", note: "Withdrawn by the owner" });
    // A withdrawn case takes nothing more, and cannot be bought.
    expect((await a.client.post(`/api/portal/evictions/${second.id}/transitions`, { to: "closed", note: "" })).status).toBe(409);
    expect((await a.client.post("/api/portal/purchases", { item: "eviction_case", reference: second.id })).status).toBe(409);
    expect((await openCase(a.client, leaseId)).status).toBe(201);
    expect((await emailsTo(a.email, "eviction_case_update")).some((m) => m.subject.includes("You withdrew your eviction case"))).toBe(true);
  });
});

describe("the process server", () => {
  test("a job runs from received to its affidavit; the owner sees every attempt and downloads the affidavit, another owner cannot", async () => {
    const a = await owner("Premium");
    const caseId = (await openCase(a.client, (await lateLease(a.client)).leaseId)).body.id;
    const noticeId = (await a.client.post(`/api/portal/evictions/${caseId}/notices`, { kind: "5_day" })).body.id;
    const created = await a.client.post("/api/portal/service-jobs", {
      eviction_case_id: caseId,
      notice_id: noticeId,
      person_name: "Rosa Diaz",
      person_description: "About 40, short dark hair; works evenings",
      addresses: ["1842 W Cermak Rd, unit 2, Chicago, IL 60608", "2200 S Halsted St, Chicago, IL 60608"],
      due_on: plusDays(today(), 5),
      rush: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "received", rush: true, notice_pdf_path: `/api/portal/evictions/${caseId}/notices/${noticeId}/pdf` });
    const id = created.body.id as string;
    expect((await a.client.upload(`/api/portal/service-jobs/${id}/documents`, { name: "photo.png", bytes: PNG_BYTES })).status).toBe(201);

    const job = `/api/admin/service-jobs/${id}`;
    expect((await admin.get("/api/admin/service-jobs")).body.map((j: { id: string }) => j.id)).toContain(id);
    expect((await admin.post(`${job}/transitions`, { to: "assigned" })).status).toBe(422);
    expect((await admin.post(`${job}/transitions`, { to: "served" })).status).toBe(409);
    expect((await admin.post(`${job}/transitions`, { to: "assigned", server_name: "Jon Ortiz, licensed process server" })).status).toBe(200);
    const at = (minutesAgo: number) => new Date(t.services.now().getTime() - minutesAgo * 60_000).toISOString();
    expect((await admin.post(`${job}/attempts`, { attempted_at: at(-60), address: "1842 W Cermak Rd", outcome: "not_served" })).status).toBe(422);
    const miss = await admin.post(`${job}/attempts`, { attempted_at: at(120), address: "1842 W Cermak Rd", outcome: "not_served", note: "No answer" });
    expect(miss.status).toBe(201);
    expect(miss.body.state).toBe("attempting");
    // The affidavit follows service.
    expect((await admin.upload(`${job}/affidavit`, { name: "affidavit.pdf", bytes: await pdfBytes("Affidavit") })).status).toBe(409);
    const hit = await admin.post(`${job}/attempts`, { attempted_at: at(30), address: "2200 S Halsted St", outcome: "served_personally", note: "At work" });
    expect(hit.body.state).toBe("served");
    expect((await admin.upload(`${job}/affidavit`, { name: "affidavit.png", bytes: PNG_BYTES })).status).toBe(415);
    const affidavit = await admin.upload(`${job}/affidavit`, { name: "affidavit.pdf", bytes: await pdfBytes("Affidavit of service") });
    expect(affidavit.status).toBe(201);
    expect(affidavit.body.state).toBe("affidavit_filed");

    const seen = (await a.client.get(`/api/portal/service-jobs/${id}`)).body;
    expect(seen.attempts.map((x: { outcome: string; address: string }) => [x.outcome, x.address])).toEqual([
      ["not_served", "1842 W Cermak Rd"],
      ["served_personally", "2200 S Halsted St"],
    ]);
    expect(seen.server_name).toBe("Jon Ortiz, licensed process server");
    const download = await a.client.request("GET", seen.affidavit_path, undefined, {}, { bytes: true });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(await pdfText(download.body)).toContain("Affidavit of service");
    expect((await admin.get(`/api/admin/premium-files/${seen.affidavit_file_id}`)).status).toBe(200);
    expect((await a.client.get("/api/portal/service-jobs")).body.map((j: { id: string }) => j.id)).toEqual([id]);
    expect((await emailsTo(a.email, "service_job_update")).length).toBeGreaterThanOrEqual(5);
    // The case shows its job.
    expect((await a.client.get(`/api/portal/evictions/${caseId}`)).body.service_jobs).toMatchObject([{ id, state: "affidavit_filed" }]);

    // The owner's export carries the case and the job with their timelines.
    const exported = (await a.client.get("/api/portal/export")).body;
    expect(exported.eviction_cases.map((c: { id: string }) => c.id)).toEqual([caseId]);
    expect(exported.service_jobs[0]).toMatchObject({ id, state: "affidavit_filed", attempts: [{ outcome: "not_served" }, { outcome: "served_personally" }] });

    const b = await owner("Premium");
    expect((await b.client.get(seen.affidavit_path)).status).toBe(404);
    expect((await b.client.get("/api/portal/export")).body.eviction_cases).toEqual([]);
    expect((await b.client.get(`/api/portal/service-jobs/${id}`)).status).toBe(404);
    expect((await b.client.post("/api/portal/service-jobs", { eviction_case_id: caseId, person_name: "X", addresses: ["Y"], due_on: today() })).status).toBe(404);
  });

  test("a Standard owner uses the process server for a paid case only", async () => {
    const s = await owner("Standard");
    const job = { person_name: "Rosa Diaz", addresses: ["1842 W Cermak Rd"], due_on: plusDays(today(), 3) };
    const alone = await s.client.post("/api/portal/service-jobs", job);
    expect(alone.status).toBe(403);
    expect(alone.body.detail).toContain("Premium");
    const caseId = (await openCase(s.client, (await lateLease(s.client)).leaseId)).body.id;
    expect((await s.client.post("/api/portal/service-jobs", { ...job, eviction_case_id: caseId })).status).toBe(403);
    const checkout = await s.client.post("/api/portal/purchases", { item: "eviction_case", reference: caseId });
    await pay(s.client, checkout.body.checkout_url);
    expect((await s.client.post("/api/portal/service-jobs", { ...job, eviction_case_id: caseId })).status).toBe(201);
    // Without a case, the person and an address are needed (the plan is checked first).
    expect((await s.client.post("/api/portal/service-jobs", { ...job, addresses: [] })).status).toBe(403);
  });

  test("the process server's job for a case is filled from the case: its parties and its premises", async () => {
    const a = await owner("Premium");
    const opened = (await openCase(a.client, (await lateLease(a.client)).leaseId)).body;
    expect(opened.service_job_defaults).toEqual({ person_name: "Rosa Diaz and Marco Diaz", person_description: "", addresses: [opened.place] });
    const job = await a.client.post("/api/portal/service-jobs", { eviction_case_id: opened.id, due_on: plusDays(today(), 3) });
    expect(job.status).toBe(201);
    expect(job.body).toMatchObject({ person_name: "Rosa Diaz and Marco Diaz", addresses: [opened.place] });
    // The owner may name someone else; without a case, someone must be named.
    const other = await a.client.post("/api/portal/service-jobs", { eviction_case_id: opened.id, person_name: "Marco Diaz", addresses: ["2200 S Halsted St"], due_on: plusDays(today(), 3) });
    expect(other.body).toMatchObject({ person_name: "Marco Diaz", addresses: ["2200 S Halsted St"] });
    const bare = await a.client.post("/api/portal/service-jobs", { due_on: plusDays(today(), 3) });
    expect(bare.status).toBe(422);
    expect(bare.body.detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual(["person_name", "addresses"]);
  });
});
