import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/http/app.ts";
import { applicationPayload, applyAndSign } from "../support/fixtures.ts";
import { ApiClient, createTestApp, startTestServer, TEST_ORIGIN, WEB_DIST, type TestApp } from "../support/harness.ts";

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
  test("every API answer and every page carries a CSP whose scripts are 'self' only", async () => {
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
  });

  test("no page the server sends carries an inline script: every built page, the app shell and the server-written ones", async () => {
    // The web build must be there: without it the pages below would be the bare fallback.
    const built = [...new Bun.Glob("**/*.html").scanSync(WEB_DIST)];
    expect(built).toContain("index.html");
    expect(built).toContain("app.html");
    const inline = /<script(?![^>]*\bsrc=)[^>]*>\s*\S/;
    for (const file of built) expect(await Bun.file(join(WEB_DIST, file)).text(), file).not.toMatch(inline);
    const site = createApp(t.services, { webDist: WEB_DIST });
    for (const path of ["/", "/faq", "/demo", "/thank-you", "/basic-portal", "/portal", "/admin", "/tenant", "/community", "/updates", "/updates/rss.xml", "/email/unsubscribe?token=x", "/no-such-page"]) {
      const res = await site.request(path);
      const body = await res.text();
      expect(res.status, path).toBeLessThan(500);
      expect(body, path).not.toMatch(inline);
      if ((res.headers.get("content-type") ?? "").includes("text/html")) expect(body, path).toMatch(/<script[^>]+src=|<main/);
    }
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
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://members.example.org", PAYMENTS_TEST_MODE: "true" });
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
    const noOriginWith = (headers: Record<string, string>) =>
      member.request("PUT", "/api/portal/skills/profile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, { origin: "", ...headers });
    expect((await noOrigin("cross-site")).status).toBe(403);
    expect((await noOrigin("same-site")).status).toBe(403);
    expect((await put({ origin: TEST_ORIGIN })).status).toBe(200);
    // Whole origins are compared: the same host over https is another origin than this http site.
    expect((await put({ origin: TEST_ORIGIN.replace("http://", "https://") })).status).toBe(403);
    // A cookie that authenticates needs an Origin even when an Authorization header rides along.
    expect((await noOriginWith({ authorization: "Bearer " + "a".repeat(32), "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await noOriginWith({ authorization: "Bearer junk" })).status).toBe(403);
    expect((await noOrigin("same-origin")).status).toBe(200);
    // tRPC writes are guarded the same way.
    const trpc = await member.request("POST", "/trpc/member.skills.updateProfile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, { origin: "https://evil.example.net" });
    expect(trpc.status).toBe(403);
  });

  test("a request authenticated by its bearer token alone needs no Origin", async () => {
    const browser = t.client();
    const { signed } = await applyAndSign(browser, "Basic");
    const api = new ApiClient((path, init) => t.app.request(path, init), "");
    api.bearer = signed.body.access_token;
    const res = await api.request("PUT", "/api/portal/skills/profile", { skills_listed: false, specialty_skills: [], skills_bio: "" }, { origin: "" });
    expect(res.status).toBe(200);
  });
});

describe("answers that hold someone's data", () => {
  test("API answers are never stored by a browser or proxy; a download keeps its own private rule", async () => {
    const member = t.client();
    await applyAndSign(member, "Basic");
    const me = await member.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect((await member.get("/trpc/public.site.whoami")).headers.get("cache-control")).toBe("no-store");
    expect((await member.get("/api/auth/nothing-here")).headers.get("cache-control")).toBe("no-store");
    const [doc] = (await member.get("/api/portal/documents")).body as { id: string }[];
    expect((await member.get(`/api/portal/documents/${doc!.id}/download`)).headers.get("cache-control")).toBe("private, no-store");
  });

  test("every answer names what the page may use: no camera, microphone, location or payment request", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    for (const path of ["/api/health", "/", "/trpc/public.site.config"]) {
      const policy = (await site.request(path)).headers.get("permissions-policy") ?? "";
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(policy, path).toContain(feature);
    }
  });

  test("HSTS goes with an https PUBLIC_URL, not with NODE_ENV", async () => {
    const config = t.services.config as { PUBLIC_URL: string; NODE_ENV: string; isProduction: boolean };
    const saved = { ...config };
    try {
      Object.assign(config, { PUBLIC_URL: "https://members.example.org" });
      expect((await createApp(t.services).request("/api/health")).headers.get("strict-transport-security")).toContain("max-age=31536000");
      Object.assign(config, { PUBLIC_URL: "http://localhost:3000", NODE_ENV: "production", isProduction: true });
      expect((await createApp(t.services).request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    } finally {
      Object.assign(config, saved);
    }
  });
});

describe("requests the server must not choke on", () => {
  test("a tRPC batch carries at most 20 calls", async () => {
    const batch = (n: number) => `/trpc/${Array.from({ length: n }, () => "public.site.config").join(",")}?batch=1&input=${encodeURIComponent("{}")}`;
    const twenty = await t.client().get(batch(20));
    expect(twenty.status).toBe(200);
    expect(twenty.body).toHaveLength(20);
    const more = await t.client().get(batch(21));
    expect(more.status).toBe(400);
    const many = await t.client().get(batch(600));
    expect(many.status).toBe(400);
  });

  test("checking signed agreements is limited to 30 per address in 10 minutes", async () => {
    const from = "10.9.9.9";
    const sha256 = "ab".repeat(32);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const via = i % 2 === 0 ? "/api/contracts/verify" : "/trpc/public.contracts.verify";
      statuses.push((await t.client().post(via, { sha256 }, { "x-forwarded-for": from })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await t.client().post("/api/contracts/verify", { sha256 }, { "x-forwarded-for": "10.9.9.10" })).status).toBe(200);
  });

  test("every request body is capped, pages and tRPC included", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    const big = "x".repeat(1024 * 1024 + 10);
    for (const path of ["/", "/basic-portal", "/trpc/public.landing.requestStrategySession", "/api/membership/apply"]) {
      const res = await site.request(path, { method: "POST", body: big, headers: { origin: TEST_ORIGIN, "content-type": "application/json" } });
      expect(res.status, path).toBe(413);
      expect(((await res.json()) as { detail: string }).detail).toContain("1 MB");
    }
  });

  test("paths that do not decode answer 400, never 500", async () => {
    const site = createApp(t.services, { webDist: WEB_DIST });
    for (const path of ["/%", "/%E0%A4%A", "/assets/%ff", "/trpc/%", "/api/%", "/admin/%zz"]) {
      const res = await site.request(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe("The address is not valid.");
    }
    // Only the path is checked: encoded paths that decode, and a stray % in the query, pass.
    expect((await site.request("/api/health?note=100%")).status).toBe(200);
    expect((await site.request("/api/%68ealth")).status).toBe(200);
    expect((await site.request("http://localhost:3000/api/health#%")).status).toBe(200);
  });

  test("static files come from the build folder itself, never from a sibling whose name starts the same", async () => {
    const root = mkdtempSync(join(tmpdir(), "web-"));
    try {
      mkdirSync(join(root, "dist", "assets"), { recursive: true });
      mkdirSync(join(root, "dist-private"));
      writeFileSync(join(root, "dist", "index.html"), "<!doctype html><html><head></head><body><div id=root></div></body></html>");
      writeFileSync(join(root, "dist", "assets", "app.js"), "console.log(1)");
      writeFileSync(join(root, "dist-private", "secret.txt"), "the secret");
      const site = createApp(t.services, { webDist: join(root, "dist") });
      expect((await site.request("/assets/app.js")).status).toBe(200);
      for (const path of ["/..%2fdist-private%2fsecret.txt", "/%2e%2e/dist-private/secret.txt", "/assets/..%2f..%2fdist-private%2fsecret.txt"]) {
        const res = await site.request(path);
        expect(await res.text(), path).not.toContain("the secret");
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("production settings", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "true", PUBLIC_URL: "http://localhost:3000" });
  });
  afterAll(() => prod.close());

  test("with test payments asked for, every page says TEST MODE; with Stripe keys none does", async () => {
    const site = createApp(prod.services, { webDist: WEB_DIST });
    const page = (path: string) => site.request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } });
    // The community's server-written pages too: the updates and the unsubscribe page.
    for (const path of ["/", "/basic-portal", "/faq", "/payment-success", "/no-such-page", "/portal", "/community", "/updates", "/updates/no-such-post", "/email/unsubscribe?token=x"]) {
      const html = await (await page(path)).text();
      expect(html, path).toContain("TEST MODE: payments are simulated");
    }
    const config = prod.services.config as { STRIPE_SECRET_KEY?: string };
    config.STRIPE_SECRET_KEY = "sk_live_abc";
    try {
      expect(await (await page("/")).text()).not.toContain("TEST MODE");
    } finally {
      config.STRIPE_SECRET_KEY = undefined;
    }
  });

  test("a page asked for on another host goes to PUBLIC_URL's, so the session cookie is the one it set", async () => {
    const site = createApp(prod.services, { webDist: WEB_DIST });
    const res = await site.request("http://127.0.0.1:3000/payment-success?session_id=cs_test_1", { headers: { host: "127.0.0.1:3000" } });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("http://localhost:3000/payment-success?session_id=cs_test_1");
    // The API and health answer wherever they are asked.
    expect((await site.request("http://127.0.0.1:3000/api/health", { headers: { host: "127.0.0.1:3000" } })).status).toBe(200);
    expect((await site.request("http://localhost:3000/payment-success", { headers: { host: "localhost:3000" } })).status).toBe(200);
    // The community's pages, the server-written ones included, go to the same host.
    for (const path of ["/community/search?q=rlto", "/updates", "/updates/a-post", "/email/unsubscribe?token=abc"]) {
      const moved = await site.request(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000" } });
      expect(moved.status, path).toBe(308);
      expect(moved.headers.get("location"), path).toBe(`http://localhost:3000${path}`);
    }
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
    // The window is an hour: just before it ends the address is still refused, after it applies again.
    t.clock.advance(59 * 60 * 1000);
    expect((await t.client().post("/api/membership/apply", applicationPayload(), { "x-forwarded-for": from })).status).toBe(429);
    t.clock.advance(61 * 1000);
    expect((await t.client().post("/api/membership/apply", applicationPayload(), { "x-forwarded-for": from })).status).toBe(201);
  });

  test("strategy sessions: 3 requests per email a day, whatever the address; 5 per address an hour", async () => {
    const email = `planner.${Date.now().toString(36)}@owners.example.org`;
    const body = { name: "Grace Hopper", email, phone: "(312) 555-0199", preferred_time: "", message: "" };
    const byEmail = await untilLimited(() => t.client().post("/api/site/strategy-sessions", body, { "x-forwarded-for": ip() }), 10);
    expectLimited(byEmail, 3);
    t.clock.advance(23 * 60 * 60 * 1000);
    expect((await t.client().post("/api/site/strategy-sessions", body, { "x-forwarded-for": ip() })).status).toBe(429);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await t.client().post("/api/site/strategy-sessions", body, { "x-forwarded-for": ip() })).status).toBe(201);

    const from = ip();
    const byAddress = await untilLimited(
      (i) => t.client().post("/api/site/strategy-sessions", { ...body, email: `planner${i}.${Date.now().toString(36)}@owners.example.org` }, { "x-forwarded-for": from }),
      10,
    );
    expectLimited(byAddress, 5);
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
