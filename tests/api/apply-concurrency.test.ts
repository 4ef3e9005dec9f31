import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import { applications, emailOutbox, sessions } from "../../src/server/db/schema.ts";
import { APPLY_CONNECTION_NAME } from "../../src/server/domain/applications.ts";
import { AppError } from "../../src/server/errors.ts";
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

  test("a browser's corrections among others change its one application; a member's email is answered like any other", async () => {
    const member = await applyAndSign(t.client());
    const browser = t.client();
    const repeated = applicationPayload();
    const first = await browser.post("/api/membership/apply", repeated, { "x-forwarded-for": freshIp() });
    expect(first.status).toBe(201);
    const correct = (payload: Record<string, unknown>) => browser.post("/api/membership/apply", payload, { "x-forwarded-for": freshIp() });
    const others = Array.from({ length: 10 }, () => applicationPayload());
    const requests = [
      ...others.slice(0, 5).map((p) => applyFrom(p)),
      correct({ ...repeated, first_name: "Second" }),
      applyFrom({ ...applicationPayload(), email: member.email }),
      ...others.slice(5).map((p) => applyFrom(p)),
      correct({ ...repeated, first_name: "Third" }),
    ];
    const results = await Promise.all(requests);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.slice(7, 12).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    // The member's email gets the answer any new email gets: an application of its own.
    expect(results[6]!.status).toBe(201);
    expect(Object.keys(results[6]!.body).sort()).toEqual(Object.keys(results[0]!.body).sort());
    expect(results[6]!.body.message).toBe(results[0]!.body.message);
    const corrections = [results[5]!, results[12]!];
    expect(corrections.map((r) => r.status)).toEqual([200, 200]);
    expect(corrections.map((r) => r.body.application_id)).toEqual([first.body.application_id, first.body.application_id]);

    const stored = await t.services.db.select().from(applications).where(eq(applications.email, repeated.email));
    expect(stored).toHaveLength(1);
    // Written in arrival order: the last submission's details are the ones kept.
    expect(stored[0]!.firstName).toBe("Third");
    const mail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, repeated.email));
    expect(mail).toHaveLength(1);
    const memberMail = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    expect(memberMail.map((m) => m.template)).toContain("already_a_member");
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

describe.skipIf(!process.env.DATABASE_URL)("the applies' own connection (PostgreSQL only: the embedded database runs in the server's process and has no connection of its own)", () => {
  const backends = async () =>
    (await t.services.db.execute(sql`
      select pid from pg_stat_activity where application_name = ${APPLY_CONNECTION_NAME} and datname = current_database()`)) as unknown as { pid: number }[];

  test("carries the batches beside the pool and, when PostgreSQL ends it, is opened again without a 500", async () => {
    expect((await applyFrom(applicationPayload())).status).toBe(201);
    const [writer, ...more] = await backends();
    expect(writer).toBeDefined();
    expect(more).toHaveLength(0);

    await t.services.db.execute(sql`select pg_terminate_backend(${writer!.pid})`);
    // Applies sent while the driver learns of it may be refused, but only as 503 to retry; then all go through.
    let statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(Array.from({ length: 8 }, () => applyFrom(applicationPayload())));
      for (const r of results.filter((r) => r.status !== 201)) {
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toBe("5");
        expect(typeof r.body.detail).toBe("string");
      }
      statuses = results.map((r) => r.status);
      if (statuses.every((s) => s === 201)) break;
    }
    expect(statuses).toEqual(statuses.map(() => 201));
    const [again] = await backends();
    expect(again!.pid).not.toBe(writer!.pid);
  });

  test("a statement with no answer is given up with a 503 after 4 s, and the next one gets a new connection", async () => {
    const run = t.services.database.dedicatedRunner("dedicated-timeout-test");
    const [first] = await run(sql`select pg_backend_pid() as pid`);
    const started = performance.now();
    const stuck = await run(sql`select pg_sleep(8)`).then(() => null, (error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(stuck).toBeInstanceOf(AppError);
    expect((stuck as AppError).status).toBe(503);
    const [next] = await run(sql`select pg_backend_pid() as pid`);
    expect(next!.pid).not.toBe(first!.pid);
  });
});
