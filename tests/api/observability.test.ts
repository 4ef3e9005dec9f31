import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../src/server/http/app.ts";
import { createLogger, scrub } from "../../src/server/log.ts";
import { startBillingWorker } from "../../src/server/domain/billing-worker.ts";
import { applicationPayload, applyAndSign } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

// Seeing what the server does (docs/operations.md): one JSON log line per request with its id,
// route, status and duration, and nothing personal or secret in any line; readiness apart from
// liveness; the Prometheus metrics behind their token.

const METRICS_TOKEN = "metrics-token-for-the-tests-0123";
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const log = createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ METRICS_TOKEN }, { log });
});
afterAll(() => t.close());

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request logs", () => {
  test("one JSON line per request: its id (echoed in X-Request-Id), method, route pattern, status and duration", async () => {
    lines.length = 0;
    const member = t.client();
    const { applicationId } = await applyAndSign(member);
    const res = await member.get(`/api/membership/application/${applicationId}`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = records().find((r) => r.request_id === id);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/api/membership/application/:id", status: 200 });
    expect(typeof line!.duration_ms).toBe("number");
    expect(typeof line!.time).toBe("string");
    // The route is the pattern, never the address: no id in any line.
    expect(lines.join("\n")).not.toContain(applicationId);
  });

  test("the proxy's request id is kept; one that is not an id is replaced", async () => {
    const kept = await t.client().get("/api/health", { "x-request-id": "proxy-7f3a9c" });
    expect(kept.headers.get("x-request-id")).toBe("proxy-7f3a9c");
    expect(records().some((r) => r.request_id === "proxy-7f3a9c" && r.route === "/api/health")).toBe(true);
    const replaced = await t.client().get("/api/health", { "x-request-id": "<script>alert(1)</script>" });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("no body, password, token, cookie, Authorization header, query string or email address reaches a line", async () => {
    lines.length = 0;
    const secrets: string[] = [];
    const payload = applicationPayload({ first_name: "Wilhelmina", last_name: "Quarrington" });
    secrets.push(payload.email, "Wilhelmina", "Quarrington", payload.phone);
    const applicant = t.client();
    const applied = await applicant.post("/api/membership/apply", payload);
    expect(applied.status).toBe(201);
    secrets.push(applied.body.access_token, ...applicant.cookies.values());

    const wrong = await t.client().post("/api/auth/login", { username: payload.email, password: "a-wrong-password-42" });
    expect(wrong.status).toBe(401);
    secrets.push("a-wrong-password-42");

    const admin = t.client();
    const signedIn = await admin.post("/api/auth/admin/login", { username: "admin@association.test", password: "correct-horse-battery" });
    expect(signedIn.status).toBe(200);
    secrets.push("correct-horse-battery", signedIn.body.access_token, ...admin.cookies.values());
    const api = t.client();
    api.bearer = signedIn.body.access_token;
    expect((await api.get(`/api/admin/members/search?q=${encodeURIComponent(payload.email)}`)).status).toBe(200);

    const linkToken = "made-up-link-token-9f8e7d6c5b4a";
    await t.client().get(`/email/unsubscribe?token=${linkToken}`);
    await t.client().post("/api/auth/sign-in-link/confirm", { token: linkToken });
    secrets.push(linkToken);
    await t.client().get(`/api/membership/application/${crypto.randomUUID()}`, { cookie: "lpa_member=cookie-value-1234567890abcdef" });
    secrets.push("cookie-value-1234567890abcdef");

    expect(lines.length).toBeGreaterThanOrEqual(7);
    const text = lines.join("\n");
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain("authorization");
    expect(text).not.toContain("?");
    expect(text).not.toMatch(/@[a-z0-9.-]+\.[a-z]{2,}/i);
  });

  test("an error's message and stack are logged with addresses and tokens masked", () => {
    const errors: string[] = [];
    const log = createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void errors.push(line) });
    log.error({ err: new Error("no member jane.doe@example.org for /account/link?token=abc123secret") }, "unhandled error");
    expect(errors[0]).toContain("[email]");
    expect(errors[0]).not.toContain("jane.doe@example.org");
    expect(errors[0]).not.toContain("abc123secret");
    expect(scrub("Authorization: Bearer tok.en-123")).toBe("Authorization: Bearer [redacted]");
  });
});

describe("health, readiness and metrics", () => {
  test("liveness and readiness answer apart; a draining server is alive and not ready", async () => {
    expect((await t.client().get("/api/health")).body).toEqual({ status: "ok" });
    expect((await t.client().get("/api/ready")).body).toEqual({ status: "ready" });
    const draining = createApp(t.services, { lifecycle: { draining: true } });
    expect((await draining.request("/api/health")).status).toBe(200);
    const ready = await draining.request("/api/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "not ready", detail: "The server is shutting down." });
  });

  test("the metrics need their token, and count requests by route pattern, the pool, the outbox and the jobs", async () => {
    expect((await t.client().get("/api/metrics")).status).toBe(401);
    expect((await t.client().get("/api/metrics", { authorization: "Bearer not-the-token" })).status).toBe(401);

    const member = t.client();
    const { applicationId } = await applyAndSign(member);
    await member.get(`/api/membership/application/${applicationId}`);
    const billing = startBillingWorker(t.services);
    await billing.sweep();
    await billing.stop();

    const res = await t.client().request("GET", "/api/metrics", undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = res.body as string;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/membership\/application\/:id",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/membership\/apply",status="201"\} \d+/);
    expect(text).not.toContain(applicationId);
    expect(text).toMatch(/^db_pool_size \d+$/m);
    expect(text).toMatch(/^db_pool_connections_busy \d+$/m);
    expect(Number(/^outbox_messages\{status="pending"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^outbox_oldest_pending_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^job_runs_total\{job="billing",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^job_last_success_timestamp_seconds\{job="billing"\} [\d.e+]+$/m);
  });

  test("without METRICS_TOKEN the metrics path does not exist", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.client().get("/api/metrics", { authorization: "Bearer anything-at-all-0123456789" });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("No API route GET /api/metrics.");
    } finally {
      await plain.close();
    }
  });
});
