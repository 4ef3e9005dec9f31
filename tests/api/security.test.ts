import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../src/server/http/app.ts";
import { applicationPayload, applyAndSign } from "../support/fixtures.ts";
import { createTestApp, startTestServer, TEST_ORIGIN, WEB_DIST, type TestApp } from "../support/harness.ts";

// The site's defences in one place: Content Security Policy, session cookies, CSRF on
// cookie-authenticated writes, and the rate limits on sign-in, sign-in links, password resets
// and applying (also when a client forges X-Forwarded-For).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scriptSrc = (csp: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";

describe("headers", () => {
  test("every API answer and every page carries a CSP whose scripts are 'self' only, with no inline scripts", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    for (const path of ["/api/health", "/", "/basic-portal", "/admin", "/no-such-page"]) {
      const res = await site.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(scriptSrc(csp), path).toBe("script-src 'self'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // The built pages need no inline script to run.
    const html = await (await site.request("/")).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
  });
});

describe("session cookies", () => {
  test("are HttpOnly and SameSite=Lax, and not Secure over plain http in development", async () => {
    const res = await t.client().post("/api/membership/apply", applicationPayload());
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lpa_applicant="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  test("are Secure in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://members.example.org" });
    try {
      const res = await prod.client().post("/api/membership/apply", applicationPayload(), { origin: "https://members.example.org" });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lpa_applicant="))!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await prod.close();
    }
  });
});

describe("CSRF", () => {
  test("a cookie-authenticated write from another origin is refused, from our origin it passes", async () => {
    const member = t.client();
    await applyAndSign(member, "Basic");
    const put = (headers: Record<string, string>) =>
      member.put("/api/portal/skills/profile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, headers);
    expect((await put({ origin: "https://evil.example.net" })).status).toBe(403);
    expect((await put({ origin: "null" })).status).toBe(403);
    // No Origin header: the browser's Sec-Fetch-Site decides.
    const noOrigin = (site: string) =>
      member.request("PUT", "/api/portal/skills/profile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, { origin: "", "sec-fetch-site": site });
    expect((await noOrigin("cross-site")).status).toBe(403);
    expect((await noOrigin("same-site")).status).toBe(403);
    expect((await put({ origin: TEST_ORIGIN })).status).toBe(200);
    // tRPC writes are guarded the same way.
    const trpc = await member.request("POST", "/trpc/member.skills.updateProfile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, { origin: "https://evil.example.net" });
    expect(trpc.status).toBe(403);
  });
});

describe("rate limits", () => {
  const ip = () => `10.4.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
  async function untilLimited(send: (i: number) => Promise<{ status: number; headers: Headers; body: any }>, max: number) {
    for (let i = 0; i < max; i++) {
      const res = await send(i);
      if (res.status === 429) return { attempts: i + 1, res };
      expect(res.status).toBeLessThan(500);
    }
    return { attempts: max, res: null };
  }
  const expectLimited = (result: Awaited<ReturnType<typeof untilLimited>>, allowed: number) => {
    expect(result.res?.status).toBe(429);
    expect(result.attempts).toBe(allowed + 1);
    expect(Number(result.res!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(typeof result.res!.body.detail).toBe("string");
  };

  test("sign-in with a password: 20 tries per address", async () => {
    const from = ip();
    const result = await untilLimited(
      (i) => t.client().post("/api/auth/login", { username: `nobody${i}@members.example.org`, password: "wrong-password" }, { "x-forwarded-for": from }),
      40,
    );
    expectLimited(result, 20);
  });

  test("sign-in links: 4 per email address", async () => {
    const result = await untilLimited(
      () => t.client().post("/api/auth/sign-in-link", { email: "one.person@members.example.org" }, { "x-forwarded-for": ip() }),
      20,
    );
    expectLimited(result, 4);
  });

  test("password reset links: 10 per address", async () => {
    const from = ip();
    const result = await untilLimited(
      (i) => t.client().post("/api/auth/password-link", { email: `reset${i}@members.example.org` }, { "x-forwarded-for": from }),
      30,
    );
    expectLimited(result, 10);
  });

  test("applying: 20 applications per address an hour", async () => {
    const from = ip();
    const result = await untilLimited((_i) => t.client().post("/api/membership/apply", applicationPayload(), { "x-forwarded-for": from }), 40);
    expectLimited(result, 20);
    // Another address is not affected.
    expect((await t.client().post("/api/membership/apply", applicationPayload(), { "x-forwarded-for": ip() })).status).toBe(201);
  });

  test("a forged X-Forwarded-For does not escape the limit unless the server is told it sits behind a proxy", async () => {
    const server = await startTestServer({ TRUST_PROXY: "false" });
    try {
      const client = server.client();
      const result = await untilLimited(() => client.post("/api/membership/apply", applicationPayload(), { "x-forwarded-for": ip() }), 40);
      expectLimited(result, 20);
    } finally {
      await server.stop();
    }
  });
});
