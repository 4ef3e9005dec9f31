import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminUsers, applications, members, sessions } from "../../src/server/db/schema.ts";
import { tenantAccounts } from "../../src/server/db/portal-schema.ts";
import { createSession, hashToken, SESSION_LIFETIME, validateSessionToken } from "../../src/server/domain/sessions.ts";
import { applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

// DECISIONS.md 5: who a session token stands for, and for how long, on the real database.
setDefaultTimeout(60_000);

let t: TestApp;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await applyAndSign(t.client());
  const [member] = await t.services.db.select({ id: members.id }).from(members).where(eq(members.email, signed.email));
  memberId = member!.id;
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const storedExpiry = async (token: string) =>
  (await t.services.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, hashToken(token))))[0]?.expiresAt ?? null;

describe("session lifetimes", () => {
  test("members and tenants last 30 days, applicants 7, admins 12 hours", () => {
    expect(SESSION_LIFETIME.member).toBe(30 * DAY);
    expect(SESSION_LIFETIME.tenant).toBe(30 * DAY);
    expect(SESSION_LIFETIME.applicant).toBe(7 * DAY);
    expect(SESSION_LIFETIME.admin).toBe(12 * HOUR);
  });

  test("a session is valid until its last millisecond and gone at its end, row and all", async () => {
    const now = new Date("2026-03-02T15:00:00Z");
    const { token, expiresAt } = await createSession(t.services.db, { kind: "member", memberId }, now);
    expect(expiresAt.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(await validateSessionToken(t.services.db, token, expiresAt)).toBeNull();
    expect(await storedExpiry(token)).toBeNull();
    // An applicant's does not slide, so its last millisecond can be asked and then its end.
    const [application] = await t.services.db.select({ id: applications.id }).from(applications).limit(1);
    const applicant = await createSession(t.services.db, { kind: "applicant", applicationId: application!.id }, now);
    expect((await validateSessionToken(t.services.db, applicant.token, at(applicant.expiresAt, -1)))?.kind).toBe("applicant");
    expect(await validateSessionToken(t.services.db, applicant.token, applicant.expiresAt)).toBeNull();
    expect(await storedExpiry(applicant.token)).toBeNull();
  });

  test("a member session used in its second half slides to a full lifetime; in its first half it stays", async () => {
    const now = new Date("2026-03-02T15:00:00Z");
    const { token, expiresAt } = await createSession(t.services.db, { kind: "member", memberId }, now);
    const early = at(now, 10 * DAY);
    const first = await validateSessionToken(t.services.db, token, early);
    expect(first?.session.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect((await storedExpiry(token))?.getTime()).toBe(expiresAt.getTime());

    const late = at(now, 20 * DAY);
    const slid = await validateSessionToken(t.services.db, token, late);
    expect(slid?.session.expiresAt.getTime()).toBe(late.getTime() + 30 * DAY);
    expect((await storedExpiry(token))?.getTime()).toBe(late.getTime() + 30 * DAY);

    // The half itself is still the first half; the millisecond after it is the second.
    const other = await createSession(t.services.db, { kind: "member", memberId }, now);
    const half = at(now, 15 * DAY);
    expect((await validateSessionToken(t.services.db, other.token, half))?.session.expiresAt.getTime()).toBe(other.expiresAt.getTime());
    const after = new Date(half.getTime() + 1);
    expect((await validateSessionToken(t.services.db, other.token, after))?.session.expiresAt.getTime()).toBe(after.getTime() + 30 * DAY);
  });

  test("applicant and admin sessions never slide", async () => {
    const now = new Date("2026-03-02T15:00:00Z");
    // Any application will do: the session only names it.
    const [application] = await t.services.db.select({ id: applications.id }).from(applications).limit(1);
    const applicant = await createSession(t.services.db, { kind: "applicant", applicationId: application!.id }, now);
    const late = at(now, 6 * DAY);
    expect((await validateSessionToken(t.services.db, applicant.token, late))?.session.expiresAt.getTime()).toBe(applicant.expiresAt.getTime());

    const [admin] = await t.services.db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
    const adminSession = await createSession(t.services.db, { kind: "admin", adminId: admin!.id }, now);
    const adminLate = at(now, 11 * HOUR);
    const seen = await validateSessionToken(t.services.db, adminSession.token, adminLate);
    expect(seen?.kind).toBe("admin");
    expect(seen?.session.expiresAt.getTime()).toBe(now.getTime() + 12 * HOUR);
    expect(await validateSessionToken(t.services.db, adminSession.token, at(now, 12 * HOUR))).toBeNull();
  });
});

describe("what a token stands for", () => {
  test("a token of the wrong shape is refused before the database is asked", async () => {
    const now = new Date();
    const { token } = await createSession(t.services.db, { kind: "member", memberId }, now);
    expect((await validateSessionToken(t.services.db, token, now))?.kind).toBe("member");
    for (const bad of [`x${token}`, `${token}x`, token.toUpperCase(), token.slice(1), ""]) {
      expect(await validateSessionToken(t.services.db, bad, now)).toBeNull();
    }
  });

  test("a deactivated or deleted member loses every session", async () => {
    const other = await applyAndSign(t.client());
    const [member] = await t.services.db.select({ id: members.id }).from(members).where(eq(members.email, other.email));
    const now = new Date();
    const { token } = await createSession(t.services.db, { kind: "member", memberId: member!.id }, now);
    expect((await validateSessionToken(t.services.db, token, now))?.kind).toBe("member");
    await t.services.db.update(members).set({ isActive: false }).where(eq(members.id, member!.id));
    expect(await validateSessionToken(t.services.db, token, now)).toBeNull();
    await t.services.db.update(members).set({ isActive: true, deletedAt: now }).where(eq(members.id, member!.id));
    expect(await validateSessionToken(t.services.db, token, now)).toBeNull();
    await t.services.db.update(members).set({ deletedAt: null }).where(eq(members.id, member!.id));
    expect((await validateSessionToken(t.services.db, token, now))?.kind).toBe("member");
  });

  test("a tenant session is the tenant's account, and slides like a member's", async () => {
    const [tenant] = await t.services.db
      .insert(tenantAccounts)
      .values({ email: `tenant.${crypto.randomUUID()}@example.com`, firstName: "Rosa", lastName: "Tenant" })
      .returning({ id: tenantAccounts.id });
    const now = new Date("2026-03-02T15:00:00Z");
    const { token } = await createSession(t.services.db, { kind: "tenant", tenantAccountId: tenant!.id }, now);
    const late = at(now, 20 * DAY);
    const seen = await validateSessionToken(t.services.db, token, late);
    expect(seen?.kind).toBe("tenant");
    expect(seen?.kind === "tenant" && seen.tenant.id).toBe(tenant!.id);
    expect(seen?.session.expiresAt.getTime()).toBe(late.getTime() + 30 * DAY);
    await t.services.db.delete(tenantAccounts).where(eq(tenantAccounts.id, tenant!.id)).catch(() => {});
  });

  test("a session whose owner is missing stands for no one", async () => {
    const now = new Date();
    const id = hashToken("a".repeat(32));
    await t.services.db.insert(sessions).values({ id, kind: "member", memberId: null, expiresAt: at(now, DAY) });
    expect(await validateSessionToken(t.services.db, "a".repeat(32), now)).toBeNull();
    const adminless = hashToken("b".repeat(32));
    await t.services.db.insert(sessions).values({ id: adminless, kind: "admin", adminId: null, expiresAt: at(now, DAY) });
    expect(await validateSessionToken(t.services.db, "b".repeat(32), now)).toBeNull();
    const tenantless = hashToken("c".repeat(32));
    await t.services.db.insert(sessions).values({ id: tenantless, kind: "tenant", tenantAccountId: null, expiresAt: at(now, DAY) });
    expect(await validateSessionToken(t.services.db, "c".repeat(32), now)).toBeNull();
  });
});
