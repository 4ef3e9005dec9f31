import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailOutbox, strategySessionRequests } from "../../src/server/db/schema.ts";
import { allowsFraming } from "../../src/server/domain/demo-embed.ts";
import { createCaller } from "../../src/server/trpc/root.ts";
import { skills } from "../../src/shared/content.ts";
import { breakEvenRows, COMPARISON_RENTS, faqs } from "../../src/shared/landing-details.ts";
import { priceTable, SPECIALTY_SKILLS } from "../../src/shared/membership.ts";
import { startDemoHost, type DemoHost } from "../support/demo-host.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
let demo: DemoHost;
beforeAll(async () => {
  demo = startDemoHost("up");
  t = await createTestApp({ DEMO_URL: demo.url });
});
afterAll(async () => {
  demo?.stop();
  await t?.close();
});

const request = (overrides: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: `grace.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@owners.example.org`,
  phone: "(312) 555-0199",
  preferred_time: "Weekday mornings",
  message: "Two duplexes in Evanston; is Premium worth it?",
  ...overrides,
});

describe("the strategy-session request (demo page)", () => {
  test("is stored and emailed to support through the outbox, in one go", async () => {
    const payload = request();
    const res = await t.client().post("/api/site/strategy-sessions", payload, { "x-forwarded-for": "203.0.113.1" });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.services.db.select().from(strategySessionRequests).where(eq(strategySessionRequests.id, res.body.id));
    expect(row).toMatchObject({ name: "Grace Hopper", email: payload.email, phone: "(312) 555-0199", preferredTime: "Weekday mornings" });

    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "strategy_session_requested"));
    const mail = mails.find((m) => m.text.includes(payload.email));
    expect(mail?.toAddress).toBe("support@association.test");
    expect(mail?.subject).toBe("Strategy session request from Grace Hopper");
    expect(mail?.text).toContain("Preferred time: Weekday mornings");
    expect(mail?.html).toContain("Two duplexes in Evanston");
  });

  test("the tRPC procedure calls the same rule", async () => {
    const payload = request({ phone: "", preferred_time: "", message: "" });
    const caller = createCaller({ services: t.services, auth: { applicant: null, member: null, admin: null, tenant: null, viaCookie: false, tokens: {} }, meta: { ip: "203.0.113.2", userAgent: null }, resHeaders: new Headers() });
    const result = await caller.public.landing.requestStrategySession(payload);
    const [row] = await t.services.db.select().from(strategySessionRequests).where(eq(strategySessionRequests.id, result.id));
    expect(row?.email).toBe(payload.email);
    expect(row?.phone).toBe("");
  });

  test("bad input is a 422 naming each field, and nothing is stored", async () => {
    const before = (await t.services.db.select().from(strategySessionRequests)).length;
    const res = await t.client().post("/api/site/strategy-sessions", { name: "G", email: "not-an-email", phone: "12345" });
    expect(res.status).toBe(422);
    const locs = (res.body.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.name", "body.email", "body.phone"]));
    expect((await t.services.db.select().from(strategySessionRequests)).length).toBe(before);
  });

  test("malformed JSON is a 400, not a 500", async () => {
    const res = await t.client().post("/api/site/strategy-sessions", "{nope", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(typeof res.body.detail).toBe("string");
  });

  test("one address cannot flood support: the sixth request in an hour is refused with 429", async () => {
    const ip = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 5; i++) expect((await t.client().post("/api/site/strategy-sessions", request(), ip)).status).toBe(201);
    const refused = await t.client().post("/api/site/strategy-sessions", request(), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});

describe("the demo embed check", () => {
  test("a demo that answers and allows framing is embeddable", async () => {
    demo.mode = "up";
    const res = await t.client().get("/api/site/demo-status?fresh=1");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ embeddable: true, reason: "ok" });
  });

  test("a demo that refuses framing, errors or cannot be reached is not", async () => {
    demo.mode = "refuses-framing";
    expect((await t.client().get("/api/site/demo-status?fresh=1")).body).toMatchObject({ embeddable: false, reason: "refuses_framing" });
    demo.mode = "down";
    expect((await t.client().get("/api/site/demo-status?fresh=1")).body).toMatchObject({ embeddable: false, reason: "error_status" });
    // Nothing listens on port 9 (discard) here: the connection is refused.
    const config = t.services.config as { DEMO_URL: string };
    const configured = config.DEMO_URL;
    config.DEMO_URL = "http://127.0.0.1:9/demo";
    try {
      expect((await t.client().get("/api/site/demo-status")).body).toMatchObject({ embeddable: false, reason: "unreachable" });
    } finally {
      config.DEMO_URL = configured;
    }
  });

  test("answers are cached for a minute unless Retry asks for a fresh check", async () => {
    demo.mode = "up";
    await t.client().get("/api/site/demo-status?fresh=1");
    const seen = demo.requests;
    await t.client().get("/api/site/demo-status");
    expect(demo.requests).toBe(seen);
    await t.client().get("/api/site/demo-status?fresh=true");
    expect(demo.requests).toBe(seen + 1);
  });

  test("frame-ancestors and X-Frame-Options are read for our origin", () => {
    const ours = "https://association.example";
    const demoOrigin = "https://demo.example";
    const h = (entries: Record<string, string>) => new Headers(entries);
    expect(allowsFraming(h({}), ours, demoOrigin)).toBe(true);
    expect(allowsFraming(h({ "x-frame-options": "SAMEORIGIN" }), ours, demoOrigin)).toBe(false);
    expect(allowsFraming(h({ "content-security-policy": "default-src 'self'; frame-ancestors 'self'" }), ours, demoOrigin)).toBe(false);
    expect(allowsFraming(h({ "content-security-policy": `frame-ancestors 'self' ${ours}` }), ours, demoOrigin)).toBe(true);
    expect(allowsFraming(h({ "content-security-policy": "frame-ancestors *" }), ours, demoOrigin)).toBe(true);
  });

  test("a bad query is a 422", async () => {
    expect((await t.client().get("/api/site/demo-status?fresh=maybe")).status).toBe(422);
  });
});

describe("the static content module", () => {
  test("break-even rows are rent x 8% and x 12% against the price table's flat fees", () => {
    const rows = breakEvenRows();
    expect(rows.map((r) => r.rentAmount)).toEqual([...COMPARISON_RENTS]);
    for (const row of rows) {
      expect(row.traditional8).toBe(Math.round(row.rentAmount * 100 * 0.08));
      expect(row.traditional12).toBe(Math.round(row.rentAmount * 100 * 0.12));
      expect(row.lpaStandard).toBe(priceTable.Standard.monthlyCents);
      expect(row.lpaPremium).toBe(priceTable.Premium.monthlyCents);
    }
    expect(rows.find((r) => r.rentAmount === 1500)).toMatchObject({ traditional8: 12000, traditional12: 18000 });
  });

  test("the skills list covers every specialty skill with SPEC.md's member counts", () => {
    expect(skills.map((s) => s.name)).toEqual([...SPECIALTY_SKILLS]);
    expect(Object.fromEntries(skills.map((s) => [s.name, s.memberCount]))).toMatchObject({ "General Contractor": 12, "Cleaning Services": 18, "Property Inspection": 3 });
  });

  test("the FAQ on who sees an owner's books says what access allows: the tenant their own, staff under the owner's grant", () => {
    // Staff read an owner's books only under the owner's grant (staff-access.ts, STAFF_NEED_GRANT),
    // which the owner revokes at any time; an ordered case or service job is shared with staff.
    const answer = faqs.find((f) => f.question === "Who can see my properties and tenants?")!.answer;
    expect(answer).not.toMatch(/^Only you/);
    expect(answer).toContain("grant them access to your books");
    expect(answer).toContain("revoke it at any time");
    expect(answer).toContain("Each tenant sees only their own lease");
  });

  test("FAQ prices agree with the price table", () => {
    const price = faqs.find((f) => f.question === "How much does membership cost?")!.answer;
    expect(price).toContain(`$${priceTable.Standard.monthlyCents / 100} per month`);
    expect(price).toContain(`$${priceTable.Premium.monthlyCents / 100} per month`);
  });
});
