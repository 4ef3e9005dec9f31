import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness.ts";

// When PostgreSQL cannot be reached (a restart, a failover), a request is answered 503 with
// Retry-After and SPEC.md's error body, never a 500. Here the server's connections are ended
// under it, which the driver reports as it would a lost server.

describe.skipIf(!process.env.DATABASE_URL)("a database that cannot be reached (PostgreSQL only: the embedded database runs in the server's process and cannot go away)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.database.close();
  });
  afterAll(() => t.close());

  test("REST answers 503 with Retry-After and a detail", async () => {
    const res = await t.client().post("/api/auth/login", { username: "someone@example.org", password: "a-password-of-some-length" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.body).toEqual({ detail: "The membership database is not answering. Please try again in a moment." });
  });

  test("tRPC answers SERVICE_UNAVAILABLE (503)", async () => {
    const res = await t.client().post("/trpc/public.landing.requestStrategySession", {
      name: "Ada Lovelace",
      email: "ada@example.org",
      phone: "",
      preferred_time: "",
      message: "",
    });
    expect(res.status).toBe(503);
    expect(res.body.error.data.code).toBe("SERVICE_UNAVAILABLE");
  });
});
