import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import { applications, emailOutbox, sessions } from "../../src/server/db/schema.ts";
import { applicationPayload, applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

// Applies that arrive together are written together (a group commit, src/server/db/group-commit.ts).
// Each must still end exactly as if it had been alone: its own application, email and session,
// its own place in the rate limit, its own error.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const freshIp = () => `198.51.${100 + Math.floor(address / 250)}.${(address++ % 250) + 1}`;

const applyFrom = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.client().post("/api/membership/apply", payload, { "x-forwarded-for": ip });

describe("simultaneous applications", () => {
  test("each gets its own application, email and working applicant session, and they commit in shared transactions", async () => {
    const payloads = Array.from({ length: 60 }, (_, i) => applicationPayload({ first_name: `Concurrent${i}` }));
    const results = await Promise.all(payloads.map((p) => applyFrom(p)));
    expect(results.map((r) => r.status)).toEqual(payloads.map(() => 201));

    const ids = results.map((r) => r.body.application_id as string);
    expect(new Set(ids).size).toBe(60);
    const stored = await t.services.db.select().from(applications).where(inArray(applications.id, ids));
    const byId = new Map(stored.map((a) => [a.id, a]));
    payloads.forEach((p, i) => {
      const row = byId.get(ids[i]!)!;
      expect(row.email).toBe(p.email);
      expect(row.firstName).toBe(`Concurrent${i}`);
    });

    const mail = await t.services.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, payloads.map((p) => p.email)));
    expect(mail).toHaveLength(60);
    for (const m of mail) expect(m.html).toContain(`Thank you, Concurrent${payloads.findIndex((p) => p.email === m.toAddress)}<`);

    // Every answer's token opens its own application, and only that one.
    for (const [i, r] of results.entries()) {
      const own = await t.client().get(`/api/membership/application/${ids[i]}`, { authorization: `Bearer ${r.body.access_token}` });
      expect(own.status).toBe(200);
      expect(own.body.first_name).toBe(`Concurrent${i}`);
    }
    const other = await t.client().get(`/api/membership/application/${ids[1]}`, { authorization: `Bearer ${results[0]!.body.access_token}` });
    expect(other.status).toBe(403);

    // The sessions were written in fewer transactions than there were applications.
    const [{ n }] = (await t.services.db
      .select({ n: sql<number>`count(distinct ${sessions.createdAt})`.mapWith(Number) })
      .from(sessions)
      .where(inArray(sessions.applicationId, ids))) as [{ n: number }];
    expect(n).toBeLessThan(60);
  });

  test("the rate limit counts every attempt from one address, even those written in one statement", async () => {
    const from = freshIp();
    const results = await Promise.all(Array.from({ length: 30 }, () => applyFrom(applicationPayload(), from)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const r of results.filter((r) => r.status === 429)) {
      expect(typeof r.body.detail).toBe("string");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // The refused ones left nothing behind.
    const [{ n }] = (await t.services.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(applications)
      .where(eq(applications.ipAddress, from))) as [{ n: number }];
    expect(n).toBe(20);
  });

  test("one email several times among others ends in one application; an existing member's email is refused alone", async () => {
    const member = await applyAndSign(t.client());
    const repeated = applicationPayload();
    const others = Array.from({ length: 10 }, () => applicationPayload());
    const requests = [
      ...others.slice(0, 5).map((p) => applyFrom(p)),
      applyFrom(repeated),
      applyFrom({ ...applicationPayload(), email: member.email }),
      applyFrom({ ...repeated, first_name: "Second" }),
      ...others.slice(5).map((p) => applyFrom(p)),
      applyFrom({ ...repeated, first_name: "Third" }),
    ];
    const results = await Promise.all(requests);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.slice(8, 13).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results[6]!.status).toBe(409);
    const repeats = [results[5]!, results[7]!, results[13]!];
    expect(repeats.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(repeats.map((r) => r.body.application_id)).size).toBe(1);

    const stored = await t.services.db.select().from(applications).where(eq(applications.email, repeated.email));
    expect(stored).toHaveLength(1);
    // Written in arrival order: the last submission's details are the ones kept.
    expect(stored[0]!.firstName).toBe("Third");
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, repeated.email));
    expect(mail).toHaveLength(1);
  });

  test("a value the database refuses fails only its own request", async () => {
    const good = Array.from({ length: 12 }, () => applicationPayload());
    const bad = applicationPayload({ first_name: "Nul\u0000Character" });
    const results = await Promise.all([...good.slice(0, 6), bad, ...good.slice(6)].map((p) => applyFrom(p)));
    const badResult = results[6]!;
    expect(badResult.status).toBe(400);
    expect(typeof badResult.body.detail).toBe("string");
    const goodResults = [...results.slice(0, 6), ...results.slice(7)];
    expect(goodResults.map((r) => r.status)).toEqual(good.map(() => 201));
    const stored = await t.services.db.select().from(applications).where(eq(applications.email, bad.email));
    expect(stored).toHaveLength(0);
  });
});
