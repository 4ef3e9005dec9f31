import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { adminUsers, emailOutbox, members } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { PAGE_ROUTES } from "../../src/shared/routes.ts";
import { applicationPayload, applyAndSign } from "../support/fixtures.ts";
import { createApp } from "../../src/server/http/app.ts";
import { createTestApp, TEST_ORIGIN, WEB_DIST, type TestApp } from "../support/harness.ts";
import { keepSampleBooks } from "../../src/server/domain/portal/sample-books.ts";
import { restRoutes, trpcProcedures } from "../support/surface.ts";

// Property-based fuzzing of every JSON endpoint (REST routes read from the app, tRPC procedures
// read from the router) with random and hostile input, as an anonymous caller, a member and an
// admin: never a 5xx, and every refusal in SPEC.md's error body. Then stored scripts: whatever
// hostile text the API accepts, no page and no email shows it unescaped.

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const SCRIPT = `<script>alert("xss")</script>`;
const IMG = `<img src=x onerror=alert(1)>`;

let t: TestApp;
let memberEmail: string;
let memberId: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await applyAndSign(t.client(), "Basic");
  memberEmail = signed.email;
  memberId = (await t.services.db.select({ id: members.id }).from(members).where(eq(members.email, memberEmail)))[0]!.id;
  adminId = (await t.services.db.select({ id: adminUsers.id }).from(adminUsers).limit(1))[0]!.id;
  // The live demo's routes read the sample books, which the server makes at start-up.
  await keepSampleBooks(t.services);
});
afterAll(() => t.close());

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    SCRIPT,
    IMG,
    "' or 1=1 --",
    "%_\\",
    "\u0000",
    "\ud800",
    "../../../etc/passwd",
    "__proto__",
    "constructor",
    "x".repeat(5000),
    "=HYPERLINK(\"http://evil\")",
    "Robert'); DROP TABLE members;--",
    "NaN",
    "-1",
    "1e309",
    "00000000-0000-4000-8000-000000000000",
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}),
);
/** A plausible body with hostile values in some fields, or something else entirely. */
const hostileBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "email", "username", "password", "first_name", "last_name", "phone", "membership_level", "specialty_skills",
      "member_email", "reason", "is_active", "consent", "signature_name", "token", "name", "message", "skills", "bio",
      "target_membership_level", "current_membership_level", "billing_frequency", "__proto__", "session_id", "id",
    ),
    hostileValue,
  ),
  fc.record({ ...Object.fromEntries(Object.entries(applicationPayload()).map(([k, v]) => [k, fc.oneof(fc.constant(v), hostileValue)])) }),
  hostileValue,
);
const rawBody = fc.oneof(
  hostileBody.map((b) => JSON.stringify(b) ?? "null"),
  fc.constantFrom("{not json", "", "[", '{"a":', "\u0000", "null", '{"__proto__":{"admin":true}}'),
);
const caller = fc.constantFrom("anonymous", "member", "admin") as fc.Arbitrary<"anonymous" | "member" | "admin">;

async function headersFor(who: "anonymous" | "member" | "admin"): Promise<Record<string, string>> {
  if (who === "anonymous") return {};
  const session =
    who === "admin"
      ? await createSession(t.services.db, { kind: "admin", adminId }, t.services.now())
      : await createSession(t.services.db, { kind: "member", memberId }, t.services.now());
  return { cookie: `lpa_${who}=${session.token}` };
}

/** The parameter as a path segment; a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
function pathSegment(value: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    encoded = "%ED%A0%80";
  }
  return encoded.slice(0, 2000) || "x";
}

function isErrorBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === "string") return detail.length > 0;
  return Array.isArray(detail) && detail.every((d) => d && typeof d.msg === "string" && Array.isArray(d.loc));
}

function isTrpcError(body: unknown): boolean {
  const error = (body as { error?: { message?: unknown; data?: { httpStatus?: unknown } } } | null)?.error;
  return typeof error?.message === "string" && typeof error.data?.httpStatus === "number";
}

// Destructive admin calls on a random id are fine; the cleanup call is skipped so fixtures stay.
const SKIP = new Set(["POST /api/admin/cleanup-test-data", "POST /api/auth/logout", "POST /api/auth/admin/logout"]);

describe("fuzzing every JSON endpoint", () => {
  test("REST: random and hostile bodies, queries and path parameters never answer 5xx, and errors keep SPEC.md's shape", async () => {
    const routes = restRoutes(t.app).filter((r) => !SKIP.has(r));
    const failures: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      await fc.assert(
        fc.asyncProperty(rawBody, hostileString, fc.dictionary(fc.constantFrom("q", "limit", "offset", "filter", "email", "name"), hostileString), caller, async (body, param, query, who) => {
          const path = pattern.replace(/:\w+/g, () => pathSegment(param));
          const qs = new URLSearchParams(query).toString();
          const res = await t.app.request(`${path}${qs ? `?${qs}` : ""}`, {
            method,
            headers: { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": `10.7.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`, ...(await headersFor(who)) },
            body: method === "GET" || method === "DELETE" ? undefined : body,
          });
          const text = await res.text();
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          const ok = res.status < 500 || (res.status === 501 && isErrorBody(json));
          const shaped = res.status < 400 || isErrorBody(json);
          if (!ok || !shaped) failures.push(`${route} as ${who} -> ${res.status} ${text.slice(0, 200)} (body ${body.slice(0, 100)}, param ${param.slice(0, 40)})`);
          return ok && shaped;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch((error: unknown) => {
        // A counterexample is already in `failures`; anything else (a thrown request) is one too.
        if (!failures.some((f) => f.startsWith(route))) failures.push(`${route}: ${String(error).slice(0, 300)}`);
      });
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test("tRPC: random and hostile input to every procedure never answers 5xx, and errors carry a message", async () => {
    const failures: string[] = [];
    for (const { path, type } of trpcProcedures()) {
      if (/cleanupTestData|signOut|adminAuth\.logout/.test(path)) continue;
      await fc.assert(
        fc.asyncProperty(hostileBody, caller, async (input, who) => {
          const headers = { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": "10.6.0.1", ...(await headersFor(who)) };
          const res =
            type === "query"
              ? await t.app.request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input) ?? "null")}`, { headers })
              : await t.app.request(`/trpc/${path}`, { method: "POST", headers, body: JSON.stringify(input) ?? "null" });
          const text = await res.text();
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          const ok = res.status < 500 || res.status === 501;
          const shaped = res.status < 400 || isTrpcError(json);
          if (!ok || !shaped) failures.push(`${path} as ${who} -> ${res.status} ${text.slice(0, 200)} (input ${JSON.stringify(input)?.slice(0, 100)})`);
          return ok && shaped;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch((error: unknown) => {
        if (!failures.some((f) => f.startsWith(path))) failures.push(`${path}: ${String(error).slice(0, 300)}`);
      });
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("stored scripts", () => {
  test("hostile text that the API stores appears escaped in every email and never in a page", async () => {
    // Store script text wherever the public API takes free text.
    const client = t.client();
    const applied = await client.post("/api/membership/apply", applicationPayload({ first_name: SCRIPT, last_name: IMG, message: SCRIPT, other_specialty: IMG }), { "x-forwarded-for": "10.5.0.1" });
    expect(applied.status).toBe(201);
    const signed = await client.post(`/api/membership/contract-signed/${applied.body.application_id}`, { consent: true, signature_name: `${SCRIPT} ${IMG}` });
    expect(signed.status).toBe(200);
    const member = t.client();
    member.cookies.set("lpa_member", (await createSession(t.services.db, { kind: "member", memberId }, t.services.now())).token);
    const profile = await member.put("/api/portal/skills/profile", { skills_listed: true, specialty_skills: ["Plumbing"], other_specialty: IMG, skills_bio: SCRIPT });
    expect(profile.status, JSON.stringify(profile.body)).toBeLessThan(300);

    const mails = await t.services.db.select({ html: emailOutbox.html, subject: emailOutbox.subject }).from(emailOutbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain("<img src=x");
    }

    // Pages are the built app: the server never writes stored data into HTML, and JSON answers
    // are never served as HTML.
    const site = createApp(t.services, { webDist: WEB_DIST });
    expect((await site.request("/")).status).toBe(200);
    for (const route of PAGE_ROUTES) {
      const res = await site.request(route);
      const text = await res.text();
      expect(text).not.toContain(SCRIPT);
      expect(text).not.toContain(IMG);
    }
    const admin = t.client();
    admin.cookies.set("lpa_admin", (await createSession(t.services.db, { kind: "admin", adminId }, t.services.now())).token);
    for (const path of ["/api/admin/applications?limit=200", "/api/admin/members?limit=200", "/api/portal/skills/members?skill=Plumbing"]) {
      const res = await (path.startsWith("/api/admin") ? admin : member).get(path);
      expect(res.headers.get("content-type") ?? "").toContain("application/json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const csv = await admin.get("/api/admin/members/export.csv");
    expect(csv.status).toBe(200);
    expect(String(csv.body)).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
