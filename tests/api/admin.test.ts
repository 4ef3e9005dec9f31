import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZES, countOf } from "../../src/shared/admin.ts";
import { adminAuditLog, applications, contracts, emailOutbox, members, payments, sessions, subscriptions } from "../../src/server/db/schema.ts";
import { verifyPassword } from "../../src/server/domain/admins.ts";
import { FIGURES_FRESH_MS, FIGURES_STALE_MS } from "../../src/server/domain/admin/figures.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { apply, applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  const login = await admin.post("/api/auth/admin/login", { username: "admin", password: "correct-horse-battery" });
  expect(login.status).toBe(200);
});
afterAll(() => t.close());

const FAKE_ID = "00000000-0000-4000-8000-000000000000";
/** Every /api/admin call, as [method, path]. */
const ADMIN_CALLS: [string, string][] = [
  ["GET", "/api/admin/dashboard/stats"],
  ["GET", "/api/admin/dashboard/charts"],
  ["GET", "/api/admin/members"],
  ["GET", "/api/admin/members/search?email=a&limit=50"],
  ["GET", "/api/admin/members/export.csv"],
  ["GET", `/api/admin/members/${FAKE_ID}`],
  ["PUT", `/api/admin/members/${FAKE_ID}`],
  ["DELETE", `/api/admin/members/${FAKE_ID}`],
  ["POST", `/api/admin/members/${FAKE_ID}/reset-password`],
  ["GET", "/api/admin/contractors"],
  ["GET", "/api/admin/applications"],
  ["GET", "/api/admin/applications/search?limit=20"],
  ["GET", "/api/admin/contracts?limit=20"],
  ["GET", `/api/admin/contracts/${FAKE_ID}`],
  ["POST", `/api/admin/contracts/${FAKE_ID}/resend-email`],
  ["GET", "/api/admin/payments?limit=50"],
  ["GET", "/api/admin/data/overview"],
  ["GET", "/api/admin/export-data"],
  ["POST", "/api/admin/cleanup-test-data"],
  ["GET", "/api/admin/audit-log"],
  ["GET", "/api/admin/outbox"],
  ["GET", `/api/admin/outbox/${FAKE_ID}`],
];

const send = (client: ApiClient, method: string, path: string) =>
  client.request(method, path, method === "PUT" ? { is_active: false } : method === "POST" ? {} : undefined);

const memberByEmail = async (email: string) => (await t.services.db.select().from(members).where(eq(members.email, email)))[0]!;
/** A paying member, through the real flow: apply, sign, pay with the test provider's card. */
async function paidMember(level: "Standard" | "Premium", overrides: Record<string, unknown> = {}) {
  const client = t.client();
  const signed = await applyAndSign(client, level, overrides);
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  expect(initiated.status).toBe(200);
  const sessionId = sessionIdOf(initiated.body.checkout_url);
  const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionId, card_number: "4242424242424242" });
  expect(paid.status).toBe(200);
  return { ...signed, client, sessionId, member: await memberByEmail(signed.email) };
}

const auditActions = async (targetId: string) =>
  (await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId))).map((r) => r.action);

describe("only administrators reach /api/admin", () => {
  test("without a session every call answers 401 and changes nothing", async () => {
    const before = await t.services.db.select({ n: count() }).from(adminAuditLog);
    for (const [method, path] of ADMIN_CALLS) {
      const res = await send(t.client(), method, path);
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(typeof res.body.detail).toBe("string");
    }
    expect(await t.services.db.select({ n: count() }).from(adminAuditLog)).toEqual(before);
  });

  test("a forged bearer token or cookie answers 401", async () => {
    for (const [method, path] of ADMIN_CALLS) {
      const bearer = t.client();
      bearer.bearer = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
      expect((await send(bearer, method, path)).status).toBe(401);
      const cookie = t.client();
      cookie.cookies.set("lpa_admin", "not-a-real-token'; drop table members; --");
      expect((await send(cookie, method, path)).status).toBe(401);
    }
  });

  test("an expired admin session answers 401", async () => {
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.kind, "admin")).limit(1);
    const { token } = await createSession(t.services.db, { kind: "admin", adminId: row!.adminId! }, new Date(t.services.now().getTime() - 13 * 60 * 60 * 1000));
    const expired = t.client();
    expired.bearer = token;
    for (const [method, path] of ADMIN_CALLS) expect((await send(expired, method, path)).status).toBe(401);
  });

  test("a member session, by cookie or bearer, answers 403", async () => {
    const member = t.client();
    const signed = await applyAndSign(member);
    const bearer = t.client();
    bearer.bearer = signed.signed.body.access_token;
    for (const [method, path] of ADMIN_CALLS) {
      expect([path, (await send(member, method, path)).status]).toEqual([path, 403]);
      expect([path, (await send(bearer, method, path)).status]).toEqual([path, 403]);
    }
  });
});

describe("admin sign-in", () => {
  test("username or email with the password answers access_token and admin_user and sets the admin cookie", async () => {
    for (const username of ["admin", "ADMIN@association.test"]) {
      const client = t.client();
      const res = await client.post("/api/auth/admin/login", { username, password: "correct-horse-battery" });
      expect(res.status).toBe(200);
      expect(res.body.access_token).toMatch(/^[a-z2-7]{32}$/);
      expect(res.body.admin_user.full_name).toBe("Association Administrator");
      expect(res.headers.getSetCookie().join(";")).toMatch(/lpa_admin=.*HttpOnly/i);
      expect((await client.get("/api/admin/dashboard/stats")).status).toBe(200);
      const api = t.client();
      api.bearer = res.body.access_token;
      expect((await api.get("/api/admin/dashboard/stats")).status).toBe(200);
    }
  });

  test("a wrong password or unknown name answers 401 with a detail", async () => {
    for (const body of [{ username: "admin", password: "wrong" }, { username: "nobody", password: "correct-horse-battery" }]) {
      const res = await t.client().post("/api/auth/admin/login", body);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Incorrect username or password.");
    }
  });

  test("missing fields answer 422", async () => {
    const res = await t.client().post("/api/auth/admin/login", { username: "" });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: { loc: string[] }) => d.loc.join("."));
    expect(locs).toContain("body.username");
    expect(locs).toContain("body.password");
  });

  test("repeated failures are rate-limited, even with the right password afterwards", async () => {
    const { createAdmin } = await import("../../src/server/domain/admins.ts");
    await createAdmin(t.services.db, { email: "second.admin@association.test", username: "second", password: "another-long-password" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.client().post("/api/auth/admin/login", { username: "second", password: "guess" })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await t.client().post("/api/auth/admin/login", { username: "second", password: "another-long-password" });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // The window passes and the right password works again.
    t.clock.advance(16 * 60 * 1000);
    expect((await t.client().post("/api/auth/admin/login", { username: "second", password: "another-long-password" })).status).toBe(200);
    t.clock.advance(-16 * 60 * 1000);
  });

  test("logout ends the session on the server", async () => {
    const client = t.client();
    const res = await client.post("/api/auth/admin/login", { username: "admin", password: "correct-horse-battery" });
    const token = res.body.access_token as string;
    expect((await client.post("/api/auth/admin/logout")).status).toBe(200);
    const api = t.client();
    api.bearer = token;
    expect((await api.get("/api/admin/dashboard/stats")).status).toBe(401);
    expect((await client.get("/api/admin/dashboard/stats")).status).toBe(401);
  });

  test("an admin session is not a member session, and a member session is not an admin session", async () => {
    const asMember = await admin.get("/trpc/member.account.me");
    expect(asMember.status).toBe(401);
    const member = t.client();
    await applyAndSign(member);
    expect((await member.get("/trpc/admin.dashboard.stats")).status).toBe(403);
    expect((await member.get("/api/auth/admin/me")).status).toBe(403);
  });
});

describe("dashboard", () => {
  /** Past the time stale figures may still be served: the next answer is computed anew. */
  const outwaitFigures = () => t.clock.advance(FIGURES_STALE_MS + 1000);

  test("stats count members by level, applications and recent sign-ups", async () => {
    outwaitFigures();
    const before = (await admin.get("/api/admin/dashboard/stats")).body;
    await applyAndSign(t.client(), "Basic");
    await applyAndSign(t.client(), "Standard");
    await apply(t.client(), { membership_level: "Premium" });
    outwaitFigures();
    const after = (await admin.get("/api/admin/dashboard/stats")).body;
    expect(after.total_members - before.total_members).toBe(2);
    expect(after.basic_members - before.basic_members).toBe(1);
    // The Standard signer has not paid: counted as signed, unpaid, not as a Standard member.
    expect(after.standard_members - before.standard_members).toBe(0);
    expect(after.signed_unpaid_members - before.signed_unpaid_members).toBe(1);
    expect(after.premium_members - before.premium_members).toBe(0);
    expect(after.active_members - before.active_members).toBe(1); // the Standard member awaits payment
    expect(after.total_applications - before.total_applications).toBe(3);
    expect(after.pending_applications - before.pending_applications).toBe(1);
    expect(after.recent_signups - before.recent_signups).toBe(2);
  });

  test("charts: 12 weeks of sign-ups, members by level and 12 months of recurring revenue", async () => {
    outwaitFigures();
    const before = (await admin.get("/api/admin/dashboard/charts")).body.mrr_by_month.at(-1).mrr_cents;
    await paidMember("Premium");
    outwaitFigures();
    const res = await admin.get("/api/admin/dashboard/charts");
    expect(res.status).toBe(200);
    expect(res.body.signups_per_week).toHaveLength(12);
    expect(res.body.signups_per_week.at(-1).signups).toBeGreaterThan(0);
    expect(res.body.members_by_level.map((l: { level: string }) => l.level)).toEqual(["Basic", "Standard", "Premium"]);
    expect(res.body.mrr_by_month).toHaveLength(12);
    expect(res.body.mrr_by_month.at(-1).mrr_cents - before).toBe(10000);
    expect(res.body.mrr_by_month.at(0).mrr_cents).toBe(0);
  });
});

describe("dashboard figures under load", () => {
  test("are served from memory for 30 seconds, then refreshed in the background, and say when they were computed", async () => {
    t.clock.advance(FIGURES_STALE_MS + 1000);
    const askedAt = t.clock.now().getTime();
    const first = (await admin.get("/api/admin/dashboard/stats")).body;
    expect(Math.abs(Date.parse(first.as_of) - askedAt)).toBeLessThan(1000);
    await applyAndSign(t.client(), "Basic");
    // Within 30 s: the same figures, computed no later than asked for.
    t.clock.advance(FIGURES_FRESH_MS - 1000);
    const cached = (await admin.get("/api/admin/dashboard/stats")).body;
    expect(cached).toEqual(first);
    // Stale: served at once, while new figures are computed for the next caller.
    t.clock.advance(2000);
    const stale = (await admin.get("/api/admin/dashboard/stats")).body;
    expect(stale.total_members).toBe(first.total_members);
    const deadline = Date.now() + 5000;
    let fresh = stale;
    while (fresh.total_members === first.total_members && Date.now() < deadline) {
      await Bun.sleep(20);
      fresh = (await admin.get("/api/admin/dashboard/stats")).body;
    }
    expect(fresh.total_members).toBe(first.total_members + 1);
    expect(Date.parse(fresh.as_of)).toBeGreaterThan(Date.parse(first.as_of));
  });

  test("an admin's own change shows at once", async () => {
    t.clock.advance(FIGURES_STALE_MS + 1000);
    const before = (await admin.get("/api/admin/dashboard/stats")).body;
    const kept = await applyAndSign(t.client(), "Basic");
    const victim = await applyAndSign(t.client(), "Basic");
    expect(kept.email).not.toBe(victim.email);
    expect((await admin.get("/api/admin/dashboard/stats")).body.total_members).toBe(before.total_members);
    const [row] = await t.services.db.select().from(members).where(eq(members.email, victim.email));
    expect((await admin.delete(`/api/admin/members/${row!.id}`)).status).toBe(200);
    // Computed anew after the delete: the member kept counts, the deleted one does not.
    expect((await admin.get("/api/admin/dashboard/stats")).body.total_members).toBe(before.total_members + 1);
  });
});

describe("members", () => {
  test("the first page holds 20, further pages continue, the total is in X-Total-Count", async () => {
    for (let i = 0; i < 3; i++) await applyAndSign(t.client());
    const first = await admin.get("/api/admin/members");
    const total = Number(first.headers.get("x-total-count"));
    expect(first.body.length).toBe(Math.min(total, ADMIN_PAGE_SIZES.members));
    const a = await admin.get("/api/admin/members?limit=2&offset=0");
    const b = await admin.get("/api/admin/members?limit=2&offset=2");
    expect(a.body).toHaveLength(2);
    expect(b.body).toHaveLength(2);
    expect(new Set([...a.body, ...b.body].map((m: { id: string }) => m.id)).size).toBe(4);
    expect((await admin.get("/api/admin/members?limit=0")).status).toBe(422);
    expect((await admin.get("/api/admin/members?limit=abc")).status).toBe(422);
  });

  test("search by email or name finds the member, case-insensitively", async () => {
    const { email } = await applyAndSign(t.client(), "Basic", { first_name: "Zenobia", last_name: "Quartermaine" });
    const byEmail = await admin.get(`/api/admin/members/search?email=${encodeURIComponent(email.toUpperCase())}&limit=50`);
    expect(byEmail.body.map((m: { email: string }) => m.email)).toEqual([email]);
    const byName = await admin.get("/api/admin/members/search?name=zenobia%20QUARTER&limit=50");
    expect(byName.body.map((m: { email: string }) => m.email)).toEqual([email]);
    const byQ = await admin.get("/api/admin/members?q=quartermaine");
    expect(byQ.body.map((m: { email: string }) => m.email)).toEqual([email]);
    const row = byEmail.body[0];
    expect(row.full_name).toBe("Zenobia Quartermaine");
    expect(row.license_status).toBe("not specified");
    expect(row.is_active).toBe(true);
  });

  test("search with injection-looking input is harmless", async () => {
    const total = Number((await admin.get("/api/admin/members")).headers.get("x-total-count"));
    for (const evil of ["' OR '1'='1", "%", "_", "\\", "'; drop table members; --", "\" or 1=1 --", "%' union select * from admin_users --"]) {
      for (const param of ["email", "name", "q"]) {
        const res = await admin.get(`/api/admin/members/search?${param}=${encodeURIComponent(evil)}&limit=50`);
        expect([evil, param, res.status, res.body.length]).toEqual([evil, param, 200, 0]);
      }
      const apps = await admin.get(`/api/admin/applications/search?q=${encodeURIComponent(evil)}`);
      expect(apps.status).toBe(200);
      expect(apps.body).toHaveLength(0);
    }
    expect(Number((await admin.get("/api/admin/members")).headers.get("x-total-count"))).toBe(total);
  });

  test("deactivate ends the member's sessions; activate lets them back; both are audited", async () => {
    const member = t.client();
    const { email } = await applyAndSign(member);
    const { id } = await memberByEmail(email);
    const off = await admin.put(`/api/admin/members/${id}`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await member.get(`/api/portal/member-info/${encodeURIComponent(email)}`)).status).toBe(401);
    const on = await admin.put(`/api/admin/members/${id}`, { is_active: true });
    expect(on.body.is_active).toBe(true);
    expect((await memberByEmail(email)).isActive).toBe(true);
    const audit = await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit.map((a) => a.action)).toEqual(["member_deactivated", "member_activated"]);
    expect(audit[0]!.adminName).toBe("Association Administrator");
  });

  test("bad input answers 4xx, never 5xx", async () => {
    expect((await admin.put(`/api/admin/members/${FAKE_ID}`, { is_active: true })).status).toBe(404);
    expect((await admin.put(`/api/admin/members/not-a-uuid`, { is_active: true })).status).toBe(404);
    const { email } = await applyAndSign(t.client());
    const { id } = await memberByEmail(email);
    expect((await admin.put(`/api/admin/members/${id}`, { is_active: "yes" })).status).toBe(422);
    expect((await admin.put(`/api/admin/members/${id}`, "{oops", { "content-type": "application/json" })).status).toBe(400);
    expect((await admin.delete(`/api/admin/members/x'or'1`)).status).toBe(404);
  });

  test("reset password shows a temporary password once; the member must change it", async () => {
    const member = t.client();
    const { email } = await applyAndSign(member);
    const { id } = await memberByEmail(email);
    const res = await admin.post(`/api/admin/members/${id}/reset-password`);
    expect(res.status).toBe(200);
    const temporary = res.body.temporary_password as string;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    const row = await memberByEmail(email);
    expect(row.mustChangePassword).toBe(true);
    expect(await verifyPassword(temporary, row.passwordHash!)).toBe(true);
    // The member's old session is gone.
    expect((await member.get(`/api/portal/member-info/${encodeURIComponent(email)}`)).status).toBe(401);
    expect(await auditActions(id)).toEqual(["member_password_reset"]);
    const again = await admin.post(`/api/admin/members/${id}/reset-password`);
    expect(again.body.temporary_password).not.toBe(temporary);
  });

  test("delete removes personal data and keeps the signed contract tied to an anonymised member", async () => {
    const member = t.client();
    const { email, contractId, applicationId } = await applyAndSign(member, "Basic");
    const { id } = await memberByEmail(email);
    const [signed] = await t.services.db.select().from(contracts).where(eq(contracts.id, contractId));
    const res = await admin.delete(`/api/admin/members/${id}`);
    expect(res.status).toBe(200);
    // DECISIONS.md 15: the contract stays exactly as signed, name, email and signature included.
    const [kept] = await t.services.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(kept).toEqual(signed!);
    expect(kept!.memberEmail).toBe(email);
    const [row] = await t.services.db.select().from(members).where(eq(members.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).not.toContain(email);
    expect(row!.firstName).toBe("Deleted");
    expect(row!.phone).toBe("");
    expect(row!.passwordHash).toBeNull();
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(contract!.memberId).toBe(id);
    const [application] = await t.services.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(application!.email).not.toBe(email);
    expect(application!.phone).toBe("");
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail).toHaveLength(0);
    expect((await member.get(`/api/portal/member-info/${encodeURIComponent(email)}`)).status).toBe(401);
    expect((await admin.get(`/api/admin/members/search?email=${encodeURIComponent(email)}`)).body).toHaveLength(0);
    expect((await admin.get(`/api/admin/members/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/members/${id}`)).status).toBe(404);
    expect(await auditActions(id)).toEqual(["member_deleted"]);
    // The email is free again: the person may apply anew.
    expect((await t.client().post("/api/membership/apply", { ...(await import("../support/fixtures.ts")).applicationPayload({ email }) })).status).toBe(201);
  });

  test("deleting a paying member cancels their subscription first, so they are not charged again", async () => {
    const { member: { id } } = await paidMember("Premium");
    const [running] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, id));
    expect(running!.status).toBe("active");

    const res = await admin.delete(`/api/admin/members/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.subscription_cancelled).toBe(true);
    const [after] = await t.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, id));
    expect(after!.status).toBe("cancelled");
    const [row] = await t.services.db.select().from(members).where(eq(members.id, id));
    expect(row!.deletedAt).not.toBeNull();
    // The payment record stays, tied to the anonymised member.
    const kept = await t.services.db.select().from(payments).where(eq(payments.memberId, id));
    expect(kept.some((p) => p.paymentStatus === "completed")).toBe(true);
  });

  test("contractors lists only contractors, with license status and skills", async () => {
    const { email } = await applyAndSign(t.client(), "Basic", {
      property_management_status: "Contractor",
      license_status: "Licensed",
      specialty_skills: ["Roofing", "HVAC"],
    });
    const res = await admin.get("/api/admin/contractors?limit=200");
    expect(res.body.every((m: { property_management_status: string }) => m.property_management_status === "Contractor")).toBe(true);
    const row = res.body.find((m: { email: string }) => m.email === email);
    expect(row.license_status).toBe("Licensed");
    expect(row.specialty_skills).toEqual(["HVAC", "Roofing"]);
  });
});

describe("applications, contracts, payments", () => {
  test("applications list and search show status and whether a user account exists", async () => {
    const pending = await apply(t.client(), { first_name: "Ophelia", last_name: "Pendingham" });
    const res = await admin.get(`/api/admin/applications/search?q=pendingham&limit=20`);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].id).toBe(pending.applicationId);
    expect(res.body[0].status).toBe("pending");
    expect(res.body[0].has_user_account).toBe(false);
    const signed = await applyAndSign(t.client(), "Basic", { first_name: "Signe", last_name: "Accounted" });
    const row = (await admin.get(`/api/admin/applications?q=accounted`)).body[0];
    expect(row.id).toBe(signed.applicationId);
    expect(row.has_user_account).toBe(true);
    expect(row.status).toBe("active");
  });

  test("a contract is listed, viewed whole with its PDF link, and its email resent through the outbox", async () => {
    const { contractId, email } = await applyAndSign(t.client(), "Standard");
    const list = await admin.get("/api/admin/contracts?limit=20");
    const row = list.body.find((c: { id: string }) => c.id === contractId);
    expect(row.membership_level).toBe("STANDARD");
    expect(row.member_email).toBe(email);
    expect(typeof row.contract_version).toBe("string");
    const view = await admin.get(`/api/admin/contracts/${contractId}`);
    expect(view.status).toBe(200);
    expect(view.body.contract_text.length).toBeGreaterThan(1000);
    expect(view.body.member_email).toBe(email);
    expect(view.body.pdf_url).toBe(`/api/contracts/${contractId}/pdf`);
    expect(Date.parse(view.body.signed_at)).toBeGreaterThan(0);

    const before = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const resend = await admin.post(`/api/admin/contracts/${contractId}/resend-email`);
    expect(resend.status).toBe(200);
    const after = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(after.length).toBe(before.length + 1);
    const queued = after.find((m) => m.id === resend.body.outbox_id)!;
    expect(queued.status).toBe("pending");
    expect(queued.attachments[0]!.contentType).toBe("application/pdf");
    expect(await auditActions(contractId)).toEqual(["contract_email_resent"]);
    expect((await admin.get(`/api/admin/contracts/${FAKE_ID}`)).status).toBe(404);
    expect((await admin.post(`/api/admin/contracts/nope/resend-email`)).status).toBe(404);
  });

  test("payments list 50 at a time with the member and the whole session id", async () => {
    const { email, sessionId } = await paidMember("Standard");
    const res = await admin.get("/api/admin/payments?limit=50");
    expect(res.body.length).toBeLessThanOrEqual(50);
    const row = res.body.find((p: { session_id: string }) => p.session_id === sessionId);
    expect(row.session_id.length).toBeGreaterThan(20);
    expect(row.member_email).toBe(email);
    expect(row.amount).toBe(50);
    expect(row.amount_cents).toBe(5000);
    expect(row.payment_status).toBe("completed");
    expect(row.billing_frequency).toBe("monthly");
  });
});

describe("Enhanced Database Admin", () => {
  test("the filter is applied by the server with SPEC.md's test-data rule", async () => {
    const real = await applyAndSign(t.client(), "Basic", { email: `real.person.${Date.now()}@members.example.org` });
    const testByEmail = await applyAndSign(t.client(), "Basic", { email: `qa.test@acme-${Date.now()}.org` });
    const testByName = await applyAndSign(t.client(), "Basic", { first_name: "Demo", last_name: "User" });
    const testIds = (await admin.get("/api/admin/members?filter=test&limit=200")).body.map((m: { email: string }) => m.email);
    const realIds = (await admin.get("/api/admin/members?filter=real&limit=200")).body.map((m: { email: string }) => m.email);
    expect(testIds).toContain(testByEmail.email);
    expect(testIds).toContain(testByName.email);
    expect(testIds).not.toContain(real.email);
    expect(realIds).toContain(real.email);
    expect(realIds).not.toContain(testByEmail.email);
    const overview = (await admin.get("/api/admin/data/overview")).body;
    expect(overview.total_members).toBe(overview.real_members + overview.test_members);
    expect(overview.test_members).toBeGreaterThanOrEqual(2);
  });

  test("cleanup removes only what the test-data rule matches", async () => {
    const stamp = Date.now().toString(36);
    const realMembers = [
      await applyAndSign(t.client(), "Basic", { email: `contest@winners-${stamp}.org`.replace("contest@", "con.tester@") }),
      await applyAndSign(t.client(), "Basic", { email: `testimony.${stamp}@members.example.org`, first_name: "Testa", last_name: "Userman" }),
      await applyAndSign(t.client(), "Basic", { email: `latest.${stamp}@example.org` }),
    ];
    const testMembers = [
      await applyAndSign(t.client(), "Basic", { email: `test@acme-${stamp}.org` }),
      await applyAndSign(t.client(), "Standard", { email: `someone.${stamp}@EXAMPLE.COM` }),
      await applyAndSign(t.client(), "Basic", { first_name: "Sample", last_name: "User", email: `s.${stamp}@members.example.org` }),
      await applyAndSign(t.client(), "Basic", { first_name: "Ann", last_name: "Test Member", email: `ann.${stamp}@members.example.org` }),
    ];
    const testPending = await apply(t.client(), { email: `demo@pending-${stamp}.org` });
    const realPending = await apply(t.client(), { email: `demolition.${stamp}@members.example.org` });
    const overview = (await admin.get("/api/admin/data/overview")).body;

    const res = await admin.post("/api/admin/cleanup-test-data");
    expect(res.status).toBe(200);
    expect(res.body.deleted_members).toBe(overview.test_members);
    expect(res.body.deleted_applications).toBe(overview.test_applications);
    expect(res.body.deleted_members).toBeGreaterThanOrEqual(testMembers.length);
    expect(res.body.detail).toBe(`Removed ${countOf(res.body.deleted_members, "test member")} and ${countOf(res.body.deleted_applications, "test application")}.`);

    for (const m of realMembers) expect((await memberByEmail(m.email)).deletedAt).toBeNull();
    for (const m of testMembers) expect(await t.services.db.select().from(members).where(and(eq(members.email, m.email), isNull(members.deletedAt)))).toHaveLength(0);
    expect(await t.services.db.select().from(applications).where(eq(applications.id, testPending.applicationId))).toHaveLength(0);
    expect(await t.services.db.select().from(applications).where(eq(applications.id, realPending.applicationId))).toHaveLength(1);
    // Signed contracts of test members stay, as every deleted member's do.
    for (const m of testMembers) expect(await t.services.db.select().from(contracts).where(eq(contracts.id, m.contractId))).toHaveLength(1);
    const after = (await admin.get("/api/admin/data/overview")).body;
    expect(after.test_members).toBe(0);
    expect(after.test_applications).toBe(0);
    expect(after.real_members).toBe(overview.real_members);
    const again = await admin.post("/api/admin/cleanup-test-data");
    expect(again.body.deleted_members).toBe(0);
    const [audit] = await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "test_data_cleaned")).limit(1);
    expect(audit!.details).toMatchObject({ deleted_members: res.body.deleted_members });
  });

  test("the backup is a dated JSON file that contains every member and no password hash", async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await applyAndSign(t.client()));
    await admin.post(`/api/admin/members/${(await memberByEmail(created[0]!.email)).id}/reset-password`);
    const res = await admin.get("/api/admin/export-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="association-backup-\d{4}-\d{2}-\d{2}\.json"/);
    const backup = res.body;
    expect(backup.format).toBe("association-backup");
    // SPEC.md's name is "backup"; the file says what it is: an export, not a backup that restores.
    expect(backup.note).toContain("not a backup");
    expect(backup.note).toContain("npm run db:backup");
    const [{ n }] = (await t.services.db.select({ n: count() }).from(members)) as [{ n: number }];
    expect(backup.members).toHaveLength(Number(n));
    const emails = backup.members.map((m: { email: string }) => m.email);
    for (const c of created) expect(emails).toContain(c.email);
    expect(JSON.stringify(backup)).not.toContain("argon2");
    expect(backup.contracts.length).toBeGreaterThan(0);
    expect(backup.payments.length).toBeGreaterThan(0);
    expect(backup.subscriptions.length).toBeGreaterThan(0);
    const [audit] = await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "backup_exported"));
    expect(audit).toBeDefined();
  });

  test("the backup streams every member of a large association", async () => {
    // More than one read batch, inserted in bulk: this is about the export, not about signing.
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      email: `bulk.${i}.${Date.now()}@members.example.org`,
      firstName: "Bulk",
      lastName: `Member ${i}`,
      phone: "3125550100",
      membershipLevel: "Basic" as const,
      status: "active" as const,
      propertyManagementStatus: "Self-managed" as const,
    }));
    await t.services.db.insert(members).values(rows);
    const res = await admin.get("/api/admin/export-data");
    const [{ n }] = (await t.services.db.select({ n: count() }).from(members)) as [{ n: number }];
    expect(res.body.members).toHaveLength(Number(n));
    expect(new Set(res.body.members.map((m: { id: string }) => m.id)).size).toBe(Number(n));
  });

  test("the member list exports as CSV with formulas defused", async () => {
    const { email } = await applyAndSign(t.client(), "Basic", { first_name: "=HYPERLINK", last_name: "O'Brien, Jr" });
    const res = await admin.get("/api/admin/members/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/association-members-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (res.body as string).trim().split("\r\n");
    expect(lines[0]).toStartWith("id,first_name,last_name,email");
    const line = lines.find((l) => l.includes(email))!;
    expect(line).toContain(`'=HYPERLINK,"O'Brien, Jr"`);
    const [{ n }] = (await t.services.db.select({ n: count() }).from(members).where(isNull(members.deletedAt))) as [{ n: number }];
    expect(lines.length - 1).toBe(Number(n));
  });
});

describe("records", () => {
  test("the audit log lists who did what, when and from which IP, and cannot be edited", async () => {
    const client = t.client();
    const login = await client.post("/api/auth/admin/login", { username: "admin", password: "correct-horse-battery" }, { "x-forwarded-for": "203.0.113.7" });
    expect(login.status).toBe(200);
    const { email } = await applyAndSign(t.client());
    const { id } = await memberByEmail(email);
    await client.put(`/api/admin/members/${id}`, { is_active: false }, { "x-forwarded-for": "203.0.113.7" });
    const log = await admin.get("/api/admin/audit-log?limit=5");
    const entry = log.body.items.find((e: { target_id: string }) => e.target_id === id);
    expect(entry.action).toBe("member_deactivated");
    expect(entry.admin_name).toBe("Association Administrator");
    expect(entry.ip_address).toBe("203.0.113.7");
    expect(entry.target_label).toContain(email);
    expect(Date.parse(entry.created_at)).toBeGreaterThan(0);
    for (const method of ["PUT", "DELETE", "POST", "PATCH"]) {
      const res = await admin.request(method, `/api/admin/audit-log`, method === "DELETE" ? undefined : {});
      expect(res.status).toBe(404);
    }
    const page2 = await admin.get(`/api/admin/audit-log?limit=2&before=${log.body.items[1].id}`);
    expect(page2.body.items.every((e: { id: number }) => e.id < log.body.items[1].id)).toBe(true);
  });

  test("the outbox shows what the system queued and sent, with the message text", async () => {
    const { email } = await applyAndSign(t.client());
    const list = await admin.get(`/api/admin/outbox?q=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(list.body.map((m: { template: string }) => m.template).sort()).toEqual(["agreement_signed", "application_received"]);
    const message = await admin.get(`/api/admin/outbox/${list.body[0].id}`);
    expect(message.body.to).toBe(email);
    expect(message.body.text.length).toBeGreaterThan(20);
    expect((await admin.get(`/api/admin/outbox/${FAKE_ID}`)).status).toBe(404);
  });
});
