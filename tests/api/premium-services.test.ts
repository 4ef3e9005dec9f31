import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chicagoToday } from "../../src/shared/calendar.ts";
import { adminAuditLog, emailOutbox, expenseChanges, ledgerEntries, supportTickets } from "../../src/server/db/schema.ts";
import { trpcCall } from "../support/billing.ts";
import { latestEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { PNG_BYTES } from "../support/files.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

// Premium services (PORTAL.md 7.1, 7.4): staff access the owner controls, staff in the books under
// the grant (each read and write audited and shown to the owner), and priority support tickets,
// through the REST paths and the admin procedures, on the real database.

let t: TestApp;
let staff: ApiClient;
let adminName: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = t.client();
  adminName = (await signInAsAdmin(t.services, staff)).fullName;
});
afterAll(() => t.close());

const today = () => chicagoToday(t.services.now());

async function owner(level: "Standard" | "Premium" = "Premium") {
  const client = t.client();
  const signed = await paidOwner(client, level);
  const me = await client.get("/api/auth/me");
  return { client, ...signed, id: (me.body.id ?? me.body.member?.id) as string };
}

async function withBooks(level: "Standard" | "Premium" = "Premium") {
  const o = await owner(level);
  const property = await o.client.post("/api/portal/properties", {
    address: { line1: `${1000 + Math.floor(Math.random() * 8000)} W Grant St`, city: "Chicago", zip: "60622" },
    property_type: "multi_family",
    units: [{ label: "1" }],
  });
  expect(property.status).toBe(201);
  const unitId = property.body.units[0].id as string;
  const expense = await o.client.post("/api/portal/expenses", { property_id: property.body.id, date: today(), amount_cents: 12_300, payee: "Home Depot", category: null });
  expect(expense.status).toBe(201);
  return { ...o, propertyId: property.body.id as string, unitId, expenseId: expense.body.id as string };
}

const books = (ownerId: string, uncategorised?: boolean) => trpcCall(staff, "query", "admin.ownerBooks.books", { owner_id: ownerId, uncategorised });

describe("staff access the owner controls", () => {
  test("without a grant an admin sees nothing of the books, and the refusal names the grant", async () => {
    const o = await withBooks();
    const refused = await books(o.id);
    expect(refused.status).toBe(403);
    expect(refused.error.message).toMatch(/has not granted staff access/);
    const added = await trpcCall(staff, "mutation", "admin.ownerBooks.addExpense", { owner_id: o.id, expense: { property_id: o.propertyId, date: today(), amount_cents: 100, payee: "X" } });
    expect(added.status).toBe(403);
    // The owner's own routes answer an admin session 403 too (aggregate figures only).
    const direct = await staff.get("/api/portal/expenses");
    expect(direct.status).toBe(403);
    expect(direct.body.detail).toMatch(/grants staff access/);
    // The owner is not listed in the staff workspace.
    const owners = await trpcCall(staff, "query", "admin.ownerBooks.owners");
    expect(owners.data.map((r: { id: string }) => r.id)).not.toContain(o.id);
    const unknown = await books("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
  });

  test("with a grant staff read, categorise and add; each is audited and the owner sees who did what; revoking cuts access at once", async () => {
    const o = await withBooks();
    const granted = await o.client.put("/api/portal/staff-access");
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ granted: true });
    expect(granted.body.activity[0]).toMatchObject({ action: "staff_access_granted", by_staff: false });

    const owners = await trpcCall(staff, "query", "admin.ownerBooks.owners");
    expect(owners.data.find((r: { id: string }) => r.id === o.id)).toMatchObject({ uncategorised_count: 1 });

    const read = await books(o.id, true);
    expect(read.status).toBe(200);
    expect(read.data.expenses.map((e: { id: string }) => e.id)).toEqual([o.expenseId]);

    const categorised = await trpcCall(staff, "mutation", "admin.ownerBooks.updateExpense", { owner_id: o.id, id: o.expenseId, patch: { category: "repairs" } });
    expect(categorised.status).toBe(200);
    expect(categorised.data).toMatchObject({ category: "repairs", schedule_e_line: "14" });
    const added = await trpcCall(staff, "mutation", "admin.ownerBooks.addExpense", {
      owner_id: o.id,
      expense: { property_id: o.propertyId, date: today(), amount_cents: 4_500, payee: "ComEd", category: "utilities" },
    });
    expect(added.status).toBe(200);

    // The expense's own history names the staff member.
    const [change] = await t.services.db.select().from(expenseChanges).where(and(eq(expenseChanges.expenseId, o.expenseId), eq(expenseChanges.action, "updated")));
    expect(change!.actorName).toBe(`${adminName} (association staff)`);
    // The audit log has each read and write, against the owner.
    const audit = await t.services.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, "member"), eq(adminAuditLog.targetId, o.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["staff_access_granted", "staff_expense_created", "staff_expense_updated", "staff_expenses_viewed"].sort());

    // The owner sees them, newest first, with the staff member's name.
    const status = await o.client.get("/api/portal/staff-access");
    expect(status.body.activity.map((a: { action: string }) => a.action)).toEqual(["staff_expense_created", "staff_expense_updated", "staff_expenses_viewed", "staff_access_granted"]);
    expect(status.body.activity[0]).toMatchObject({ who: adminName, by_staff: true, label: "Added an expense" });
    expect(status.body.activity[0].details).toMatchObject({ expense_id: added.data.id });
    // The same through tRPC.
    expect((await trpcCall(o.client, "query", "member.owner.services.staffAccess")).data.activity).toHaveLength(4);

    const revoked = await o.client.delete("/api/portal/staff-access");
    expect(revoked.body).toMatchObject({ granted: false });
    expect(revoked.body.activity[0]).toMatchObject({ action: "staff_access_revoked", label: "Revoked staff access" });
    expect((await books(o.id)).status).toBe(403);
    expect((await trpcCall(staff, "mutation", "admin.ownerBooks.updateExpense", { owner_id: o.id, id: o.expenseId, patch: { category: "supplies" } })).status).toBe(403);
    // Revoking twice is harmless and audited once.
    await o.client.delete("/api/portal/staff-access");
    const revocations = await t.services.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, o.id), eq(adminAuditLog.action, "staff_access_revoked")));
    expect(revocations).toHaveLength(1);
  });

  test("one owner's grant opens only that owner's books, and no owner sees another's audit", async () => {
    const a = await withBooks();
    const b = await withBooks();
    await a.client.put("/api/portal/staff-access");
    expect((await books(a.id)).status).toBe(200);
    expect((await books(b.id)).status).toBe(403);
    // Staff cannot reach owner B's expense through owner A's grant.
    const across = await trpcCall(staff, "mutation", "admin.ownerBooks.updateExpense", { owner_id: a.id, id: b.expenseId, patch: { category: "repairs" } });
    expect(across.status).toBe(404);
    const seenByB = await b.client.get("/api/portal/staff-access");
    expect(seenByB.body).toMatchObject({ granted: false, activity: [] });
  });
});

describe("bookkeeping support in the rent ledgers", () => {
  async function withLease() {
    const o = await withBooks();
    const lease = await o.client.post("/api/portal/leases", {
      unit_id: o.unitId,
      start_date: today().slice(0, 8) + "01",
      end_date: null,
      rent_cents: 150_000,
      due_day: 1,
      deposit_cents: 0,
      late_fee: null,
      tenants: [{ first_name: "Rosa", last_name: "Diaz", email: `rosa.${crypto.randomUUID().slice(0, 8)}@tenants.example.org` }],
    });
    expect(lease.status).toBe(201);
    return { ...o, leaseId: lease.body.id as string };
  }
  const ledger = (ownerId: string, leaseId: string) => trpcCall(staff, "query", "admin.ownerBooks.ledger", { owner_id: ownerId, lease_id: leaseId });
  const pay = (ownerId: string, leaseId: string, amount = 150_000) =>
    trpcCall(staff, "mutation", "admin.ownerBooks.recordPayment", { owner_id: ownerId, lease_id: leaseId, payment: { amount_cents: amount, paid_on: today(), method: "check", reference: "Check 311" } });

  test("with the owner's grant staff read the ledgers and record payments and charges; each is audited with the entry and shown to the owner", async () => {
    const o = await withLease();
    // Without the grant: nothing, and nothing written.
    expect((await ledger(o.id, o.leaseId)).status).toBe(403);
    expect((await pay(o.id, o.leaseId)).status).toBe(403);
    expect(await t.services.db.$count(ledgerEntries, and(eq(ledgerEntries.leaseId, o.leaseId), eq(ledgerEntries.kind, "payment")))).toBe(0);

    await o.client.put("/api/portal/staff-access");
    const read = await books(o.id);
    expect(read.data.leases.map((l: { id: string }) => l.id)).toEqual([o.leaseId]);
    const before = await ledger(o.id, o.leaseId);
    expect(before.status).toBe(200);
    expect(before.data.balance_cents).toBe(150_000);

    const paid = await pay(o.id, o.leaseId);
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ balance_cents: 0, receipts_sent: 1 });
    expect(paid.data.entry).toMatchObject({ kind: "payment", source: "staff", amount_cents: -150_000 });
    const charged = await trpcCall(staff, "mutation", "admin.ownerBooks.recordCharge", {
      owner_id: o.id,
      lease_id: o.leaseId,
      charge: { kind: "fee", amount_cents: 2_500, date: today(), description: "Key replacement" },
    });
    expect(charged.status).toBe(200);
    expect(charged.data.balance_cents).toBe(2_500);
    const voided = await trpcCall(staff, "mutation", "admin.ownerBooks.voidEntry", { owner_id: o.id, entry_id: charged.data.entry.id, reason: "Entered twice" });
    expect(voided.status).toBe(200);
    expect(voided.data.balance_cents).toBe(0);

    // The owner's own ledger has the entries, marked as staff's; the audit names each, against the owner.
    const own = await o.client.get(`/api/portal/leases/${o.leaseId}/ledger`);
    expect(own.body.entries.filter((e: { source: string }) => e.source === "staff").map((e: { kind: string }) => e.kind).sort()).toEqual(["fee", "payment", "void"]);
    const status = await o.client.get("/api/portal/staff-access");
    const actions = status.body.activity.map((a: { action: string }) => a.action);
    expect(actions.slice(0, 4)).toEqual(["staff_entry_voided", "staff_charge_recorded", "staff_payment_recorded", "staff_ledger_viewed"]);
    expect(status.body.activity[2]).toMatchObject({ who: adminName, by_staff: true, label: "Recorded a rent payment" });
    expect(status.body.activity[2].details).toMatchObject({ lease_id: o.leaseId, entry_id: paid.data.entry.id, amount_cents: 150_000 });

    // Revoking cuts the ledgers off at once.
    await o.client.delete("/api/portal/staff-access");
    expect((await ledger(o.id, o.leaseId)).status).toBe(403);
    expect((await pay(o.id, o.leaseId)).status).toBe(403);
  });

  test("a refused entry writes no audit row; another owner's lease is not found through this owner's grant", async () => {
    const a = await withLease();
    const b = await withLease();
    await a.client.put("/api/portal/staff-access");
    await b.client.put("/api/portal/staff-access");
    const future = await trpcCall(staff, "mutation", "admin.ownerBooks.recordPayment", {
      owner_id: a.id,
      lease_id: a.leaseId,
      payment: { amount_cents: 100, paid_on: "2099-01-01", method: "cash" },
    });
    expect(future.status).toBe(422);
    expect((await pay(a.id, b.leaseId)).status).toBe(404);
    expect((await ledger(a.id, b.leaseId)).status).toBe(404);
    const recorded = await t.services.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, a.id), eq(adminAuditLog.action, "staff_payment_recorded")));
    expect(recorded).toHaveLength(0);
  });
});

describe("priority support tickets", () => {
  test("a Premium ticket is due in 4 business hours, a Standard one in 2 business days; staff are emailed", async () => {
    const premium = await owner("Premium");
    const standard = await owner("Standard");
    // Opened Monday November 16, 2026 at 10:00 in Chicago (16:00 UTC, Central Standard Time).
    t.clock.set(new Date("2026-11-16T16:00:00Z"));
    try {
      const p = await premium.client.post("/api/portal/support/tickets", { subject: "Lease question", body: "Can I add a pet addendum?" });
      expect(p.status).toBe(201);
      expect(p.body).toMatchObject({ level: "Premium", status: "open", response_state: "awaiting_first_response", breached: false });
      // 4 business hours: 14:00 the same Monday.
      expect(p.body.first_response_due_at).toStartWith("2026-11-16T20:00:");
      expect(Date.parse(p.body.first_response_due_at) - Date.parse(p.body.created_at)).toBe(4 * 3_600_000);
      const s = await trpcCall(standard.client, "mutation", "member.owner.services.tickets.open", { subject: "Deposit interest", body: "How much do I owe?" });
      expect(s.status).toBe(200);
      // 2 business days (16 business hours, 9:00-17:00): 7 on Monday, 8 on Tuesday, 1 on Wednesday: 10:00 Wednesday the 18th.
      expect(s.data.first_response_due_at).toStartWith("2026-11-18T16:00:");
      expect(Date.parse(s.data.first_response_due_at) - Date.parse(s.data.created_at)).toBe(48 * 3_600_000);
    } finally {
      t.clock.set(new Date());
    }
    const mail = await latestEmail(t.services, t.services.config.SUPPORT_EMAIL, "support_ticket_staff");
    expect(mail.subject).toContain("Deposit interest");

    expect((await premium.client.post("/api/portal/support/tickets", { subject: "", body: "x" })).status).toBe(422);
  });

  test("the staff queue sorts by target and flags breaches; staff reply and close, and the owner is emailed and sees the reply", async () => {
    const o = await owner("Premium");
    const late = await o.client.post("/api/portal/support/tickets", { subject: "Late one", body: "Nobody answered" });
    const fresh = await o.client.post("/api/portal/support/tickets", { subject: "Fresh one", body: "Just asked" });
    // The late one was opened long ago: its target has passed.
    await t.services.db.update(supportTickets).set({ firstResponseDueAt: new Date(t.services.now().getTime() - 3_600_000) }).where(eq(supportTickets.id, late.body.id));
    const queue = await trpcCall(staff, "query", "admin.support.queue");
    const mine = queue.data.filter((q: { owner: { id: string } }) => q.owner.id === o.id);
    expect(mine.map((q: { subject: string }) => q.subject)).toEqual(["Late one", "Fresh one"]);
    expect(mine[0]).toMatchObject({ breached: true, response_state: "awaiting_first_response" });
    expect(mine[1]).toMatchObject({ breached: false });
    const dues = queue.data.map((q: { first_response_due_at: string }) => q.first_response_due_at);
    expect(dues).toEqual([...dues].sort());

    const replied = await trpcCall(staff, "mutation", "admin.support.reply", { id: fresh.body.id, body: "Here is the answer." });
    expect(replied.status).toBe(200);
    expect(replied.data).toMatchObject({ status: "answered", response_state: "answered", breached: false });
    const email = await latestEmail(t.services, o.email, "support_ticket_owner");
    expect(email.text).toContain("Here is the answer.");
    const seen = await o.client.get(`/api/portal/support/tickets/${fresh.body.id}`);
    expect(seen.body.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["owner", "Just asked"],
      ["staff", "Here is the answer."],
    ]);
    expect(seen.body.messages[1].author_name).toBe(adminName);

    // The owner answers back (with a file): the ticket waits for staff again, and staff are emailed.
    const again = await o.client.post(`/api/portal/support/tickets/${fresh.body.id}/messages`, { body: "Thanks, one more thing" });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: "open", response_state: "awaiting_staff" });
    const withFile = await o.client.upload(`/api/portal/support/tickets/${fresh.body.id}/files`, { name: "lease.png", bytes: PNG_BYTES }, { body: "The lease page" });
    expect(withFile.status).toBe(201);
    const last = withFile.body.messages.at(-1);
    expect(last.files[0]).toMatchObject({ name: "lease.png", content_type: "image/png" });
    expect((await o.client.get(`/api/portal/files/${last.files[0].id}`)).status).toBe(200);
    // Staff download what the owner sent (audited); an admin's REST path, not the owner's.
    const download = await staff.get(`/api/admin/services/files/${last.files[0].id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("lease.png");
    expect((await staff.get("/api/admin/services/files/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await o.client.get(`/api/admin/services/files/${last.files[0].id}`)).status).toBe(403);

    const closed = await trpcCall(staff, "mutation", "admin.support.close", { id: fresh.body.id });
    expect(closed.data).toMatchObject({ status: "closed", response_state: "closed" });
    expect((await latestEmail(t.services, o.email, "support_ticket_owner")).subject).toContain("closed");
    expect((await o.client.post(`/api/portal/support/tickets/${fresh.body.id}/messages`, { body: "Hello?" })).status).toBe(409);
    // The reply and the close are in the owner's "who did what".
    const activity = (await o.client.get("/api/portal/staff-access")).body.activity.map((a: { action: string }) => a.action);
    expect(activity).toEqual(["support_closed", "support_file_opened", "support_replied"]);
  });

  test("owner B sees nothing of owner A's tickets; a downgraded owner reads but opens none", async () => {
    const a = await owner("Standard");
    const b = await owner("Standard");
    const ticket = await a.client.post("/api/portal/support/tickets", { subject: "Private", body: "Only mine" });
    expect((await b.client.get(`/api/portal/support/tickets/${ticket.body.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/portal/support/tickets/${ticket.body.id}/messages`, { body: "Hi" })).status).toBe(404);
    expect((await b.client.get("/api/portal/support/tickets")).body.tickets).toEqual([]);
    expect((await trpcCall(b.client, "query", "member.owner.services.tickets.get", { id: ticket.body.id })).status).toBe(404);

    // A has books, then drops to Basic: the ticket stays readable, a new one needs a paid level.
    await a.client.post("/api/portal/properties", { address: { line1: "1 N Downgrade Ave", city: "Chicago", zip: "60601" }, property_type: "single_family", units: [{ label: "1" }] });
    const { members } = await import("../../src/server/db/schema.ts");
    await t.services.db.update(members).set({ membershipLevel: "Basic" }).where(eq(members.email, a.email));
    expect((await a.client.get(`/api/portal/support/tickets/${ticket.body.id}`)).status).toBe(200);
    // The export carries the tickets with their conversations, and what staff did.
    const exported = await a.client.get("/api/portal/export");
    expect(exported.body.support_tickets).toMatchObject([{ id: ticket.body.id, messages: [{ body: "Only mine" }] }]);
    expect(exported.body).toMatchObject({ staff_access: { granted: false }, bookkeeping_requests: [] });
    const refused = await a.client.post("/api/portal/support/tickets", { subject: "New", body: "Again" });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/read-only/);
    const emails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, b.email));
    expect(emails.some((m) => m.template.startsWith("support_"))).toBe(false);
  });
});

describe("bookkeeping support", () => {
  test("a Premium owner asks for help (after granting access); staff work the queue and mark it done; the owner is emailed", async () => {
    const o = await withBooks("Premium");
    const withoutGrant = await o.client.post("/api/portal/bookkeeping/requests", { note: "Please categorise March" });
    expect(withoutGrant.status).toBe(409);
    expect(withoutGrant.body.detail).toMatch(/Grant staff access/);
    await o.client.put("/api/portal/staff-access");
    const filed = await o.client.post("/api/portal/bookkeeping/requests", { note: "Please categorise March" });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ status: "open", note: "Please categorise March", month: today().slice(0, 7) });
    expect((await latestEmail(t.services, t.services.config.SUPPORT_EMAIL, "bookkeeping_request_staff")).text).toContain("Please categorise March");
    const withFile = await o.client.upload(`/api/portal/bookkeeping/requests/${filed.body.id}/files`, { name: "statement.png", bytes: PNG_BYTES });
    expect(withFile.status).toBe(201);
    expect(withFile.body.files).toHaveLength(1);
    expect((await staff.get(`/api/admin/services/files/${withFile.body.files[0].id}`)).status).toBe(200);
    // A file of the books the owner did not send staff (a receipt) is not theirs to download.
    const receipt = await o.client.upload(`/api/portal/expenses/${o.expenseId}/receipt`, { name: "receipt.png", bytes: PNG_BYTES });
    expect((await staff.get(`/api/admin/services/files/${receipt.body.receipt.id}`)).status).toBe(404);

    const queue = await trpcCall(staff, "query", "admin.bookkeeping.queue");
    expect(queue.data.find((r: { id: string }) => r.id === filed.body.id)).toMatchObject({ staff_access: true, file_count: 1, owner: { id: o.id } });
    // Staff work the uncategorised expenses, then mark the request done.
    const work = await books(o.id, true);
    expect(work.data.expenses).toHaveLength(1);
    await trpcCall(staff, "mutation", "admin.ownerBooks.updateExpense", { owner_id: o.id, id: o.expenseId, patch: { category: "supplies" } });
    expect((await books(o.id, true)).data.expenses).toHaveLength(0);
    const done = await trpcCall(staff, "mutation", "admin.bookkeeping.complete", { id: filed.body.id, note: "All categorised." });
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ status: "done", done_by: adminName, staff_note: "All categorised." });
    const mail = await latestEmail(t.services, o.email, "bookkeeping_request_done");
    expect(mail.text).toContain("All categorised.");
    expect((await trpcCall(staff, "mutation", "admin.bookkeeping.complete", { id: filed.body.id, note: "" })).status).toBe(409);
    const listed = await trpcCall(o.client, "query", "member.owner.services.bookkeeping.list");
    expect(listed.data).toMatchObject({ access: "premium", staff_access: true, requests: [{ id: filed.body.id, status: "done" }] });
    expect((await o.client.get("/api/portal/staff-access")).body.activity[0]).toMatchObject({ action: "bookkeeping_done", who: adminName });
    expect((await o.client.get("/api/portal/staff-access")).body.activity.map((a: { action: string }) => a.action)).toContain("support_file_opened");

    // Owner B sees nothing of it; staff cannot complete a request of an owner who revoked the grant.
    const b = await owner("Premium");
    expect((await b.client.get(`/api/portal/bookkeeping/requests/${filed.body.id}`)).status).toBe(404);
    expect((await b.client.get("/api/portal/bookkeeping/requests")).body.requests).toEqual([]);
    const second = await o.client.post("/api/portal/bookkeeping/requests", { note: "April too" });
    await o.client.delete("/api/portal/staff-access");
    const refused = await trpcCall(staff, "mutation", "admin.bookkeeping.complete", { id: second.body.id, note: "" });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toMatch(/has not granted staff access/);
  });

  test("a Standard owner buys this month of bookkeeping support through checkout (paid once per event), then asks for help", async () => {
    const o = await withBooks("Standard");
    await o.client.put("/api/portal/staff-access");
    const refused = await o.client.post("/api/portal/bookkeeping/requests", { note: "Help" });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("$100 per month");

    const month = today().slice(0, 7);
    const started = await o.client.post("/api/portal/purchases", { item: "bookkeeping" });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ item: "bookkeeping", reference: month, year: null, amount_cents: 10_000, status: "initiated" });
    const sessionId = new URL(started.body.checkout_url).searchParams.get("session_id")!;
    const page = await trpcCall(o.client, "query", "public.testProvider.rentCheckout", { session_id: sessionId });
    expect(page.data.description).toContain("Bookkeeping support");
    // The browser's return unlocks nothing; the provider's event does, once.
    expect((await o.client.post("/api/portal/bookkeeping/requests", { note: "Help" })).status).toBe(403);
    const paid = await trpcCall(o.client, "mutation", "public.testProvider.payRent", { session_id: sessionId, method: "card", card_number: "4242 4242 4242 4242" });
    expect(paid.status).toBe(200);
    await trpcCall(o.client, "mutation", "public.testProvider.payRent", { session_id: sessionId, method: "card", card_number: "4242 4242 4242 4242" });
    const receipts = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, o.email), eq(emailOutbox.template, "purchase_receipt")));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Bookkeeping support");

    const filed = await o.client.post("/api/portal/bookkeeping/requests", { note: "Help" });
    expect(filed.status).toBe(201);
    expect((await o.client.get("/api/portal/bookkeeping/requests")).body).toMatchObject({ access: "purchased" });
    expect((await o.client.get("/api/portal/purchases")).body.purchases).toMatchObject([{ item: "bookkeeping", reference: month, status: "paid" }]);
    // The same month twice is refused; a month gone by cannot be bought; Premium has it included.
    expect((await o.client.post("/api/portal/purchases", { item: "bookkeeping", reference: month })).status).toBe(409);
    expect((await o.client.post("/api/portal/purchases", { item: "bookkeeping", reference: "2020-01" })).status).toBe(422);
    expect((await o.client.post("/api/portal/purchases", { item: "bookkeeping", reference: "March" })).status).toBe(422);
    const premium = await owner("Premium");
    expect((await premium.client.post("/api/portal/purchases", { item: "bookkeeping" })).status).toBe(409);
  });
});
