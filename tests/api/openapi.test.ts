import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { z } from "zod";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { documentedOperations } from "../../src/server/http/openapi.ts";
import type { Answer } from "../../src/server/http/openapi-operations.ts";
import { applyAndSign, linkTokenFromEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { ApiClient, createTestApp, TEST_ORIGIN, type TestApp } from "../support/harness.ts";
import { restRoutes } from "../support/surface.ts";

// The API reference (docs/decisions/0061): /api/openapi.json documents every REST route the app
// registers, and the answers of representative calls (an applicant, a member, an owner, a tenant,
// an administrator) match the schemas it documents for them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: "metrics-token-for-the-tests-0123" });
});
afterAll(() => t.close());

const operations = documentedOperations();
const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]\w*)/g, "{$1}");

describe("the OpenAPI document", () => {
  test("every REST route under /api is documented, and every documented operation is a route", () => {
    const routes = restRoutes(t.app).sort();
    expect(routes.filter((route) => !operations.has(route))).toEqual([]);
    expect([...operations.keys()].filter((key) => !routes.includes(key))).toEqual([]);
  });

  test("/api/openapi.json is OpenAPI 3.1 with every route's path and method, its schemas and the error body", async () => {
    const res = await t.client().get("/api/openapi.json");
    expect(res.status).toBe(200);
    const document = res.body as { openapi: string; paths: Record<string, Record<string, any>>; tags: { name: string }[] };
    expect(document.openapi).toBe("3.1.0");
    const missing = restRoutes(t.app).filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // The request's schema is the one the route validates with: the lease's body names its fields.
    const addLease = document.paths["/api/portal/leases"]!.post;
    expect(Object.keys(addLease.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["unit_id", "start_date", "rent_cents", "due_day", "tenants"]),
    );
    expect(addLease.tags).toEqual(["Owner portal"]);
    expect(document.paths["/api/portal/leases/{id}"]!.get.parameters).toContainEqual(expect.objectContaining({ in: "path", name: "id", required: true }));
    expect(document.paths["/api/portal/leases"]!.get.parameters).toContainEqual(expect.objectContaining({ in: "query", name: "state" }));
    expect(document.paths["/api/portal/expenses/{id}/receipt"]!.post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(Object.keys(document.paths["/api/portal/reports/schedule-e"]!.get.responses["200"].content)).toEqual(["application/json", "application/pdf", "text/csv"]);
    expect(document.paths["/api/membership/apply"]!.post.responses["4XX"].content["application/json"].schema.properties).toHaveProperty("detail");
    expect(document.paths["/api/demo/portal/leases"]!.post.responses).toHaveProperty("403");
    for (const tag of ["Membership", "Owner portal", "Tenant portal", "Admin", "Operations"]) expect(document.tags.map((t) => t.name)).toContain(tag);
  });

  test("?version=3.0 is the same document in OpenAPI 3.0.3: every path and operation, no 3.1-only schema words", async () => {
    const v31 = (await t.client().get("/api/openapi.json")).body as { paths: Record<string, Record<string, any>> };
    const res = await t.client().get("/api/openapi.json?version=3.0");
    expect(res.status).toBe(200);
    const v30 = res.body as { openapi: string; paths: Record<string, Record<string, any>>; info: { title: string } };
    expect(v30.openapi).toBe("3.0.3");
    expect(v30.info.title).toBe("Illinois Landlord Association API");
    expect(Object.keys(v30.paths).sort()).toEqual(Object.keys(v31.paths).sort());
    for (const path of Object.keys(v31.paths)) expect(Object.keys(v30.paths[path]!).sort(), path).toEqual(Object.keys(v31.paths[path]!).sort());
    // 3.0 has no type lists, no {type: "null"}, no const and no numeric exclusive bounds.
    const words: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`));
      if (node === null || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (Array.isArray(o.type) || o.type === "null") words.push(`${at}: type ${JSON.stringify(o.type)}`);
      if ("const" in o && typeof o.const !== "object") words.push(`${at}: const`);
      if (typeof o.exclusiveMinimum === "number" || typeof o.exclusiveMaximum === "number") words.push(`${at}: numeric exclusive bound`);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}.${k}`);
    };
    walk(v30.paths, "paths");
    expect(words).toEqual([]);
    // What a type list said is kept: the lease's body names its fields, and what may be null says so.
    const addLease = v30.paths["/api/portal/leases"]!.post.requestBody.content["application/json"].schema;
    expect(Object.keys(addLease.properties)).toEqual(Object.keys(v31.paths["/api/portal/leases"]!.post.requestBody.content["application/json"].schema.properties));
    const lateFee = (schema: any) => schema.properties.late_fee;
    expect(JSON.stringify(lateFee(addLease))).toContain('"nullable":true');
    // The error body's `loc` holds strings or numbers: a list of types becomes anyOf.
    const loc = v30.paths["/api/membership/apply"]!.post.responses["4XX"].content["application/json"].schema.properties.detail.anyOf[1].items.properties.loc.items;
    expect(loc).toEqual({ anyOf: [{ type: "string" }, { type: "number" }] });
  });

  test("a version it does not publish is a 422 naming the field", async () => {
    const res = await t.client().get("/api/openapi.json?version=2.0");
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain("version");
  });
});

/** The documented operation of a concrete request: the route pattern it matches, the most specific first. */
const patterns = [...operations.keys()]
  .map((key) => {
    const [method, path] = key.split(" ") as [string, string];
    return { key, method, params: (path.match(/:/g) ?? []).length, re: new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`) };
  })
  .sort((a, b) => a.params - b.params);
const keyOf = (method: string, path: string) => patterns.find((p) => p.method === method && p.re.test(new URL(path, TEST_ORIGIN).pathname))?.key;

const CONTENT_TYPES: Record<Exclude<Answer, z.ZodType>, RegExp> = {
  pdf: /^application\/pdf/,
  csv: /^text\/csv/,
  calendar: /^text\/calendar/,
  file: /./,
  image: /^image\/webp$/,
  "json-file": /^application\/json/,
};

/** Every answer a client of this kind gets is checked against the schema documented for it. */
const checked = new Set<string>();
const mismatches: string[] = [];
function checkingClient() {
  return new ApiClient(async (path, init) => {
    const response = await t.app.request(path, init);
    const method = (init.method ?? "GET").toUpperCase();
    const key = keyOf(method, path);
    if (!key) {
      if (path.startsWith("/api/")) mismatches.push(`${method} ${path}: no documented operation`);
      return response;
    }
    const answer = operations.get(key)!.answers[response.status];
    if (response.status >= 300) return response;
    checked.add(key);
    if (!answer) {
      mismatches.push(`${key}: ${response.status} is not a documented answer`);
      return response;
    }
    const type = response.headers.get("content-type") ?? "";
    if (typeof answer === "string") {
      if (!CONTENT_TYPES[answer].test(type) && !(key.endsWith("/pdf") || type.startsWith("application/json"))) mismatches.push(`${key}: ${type} is not ${answer}`);
      return response;
    }
    // A route that also answers a file by `format` answers JSON without it.
    if (!type.startsWith("application/json")) {
      if (!operations.get(key)!.alsoAs?.some((other) => CONTENT_TYPES[other].test(type))) mismatches.push(`${key}: ${type} is not JSON`);
      return response;
    }
    const parsed = answer.safeParse(await response.clone().json());
    if (!parsed.success) mismatches.push(`${key}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    return response;
  });
}

const monthStart = (months: number) => `${plusMonths(periodOf(chicagoToday(t.services.now())), -months)}-01`;

describe("the answers match their documented schemas", () => {
  test("an applicant, a member, an owner, a tenant and an administrator get the answers the document describes", async () => {
    // An applicant who becomes a Basic member.
    const member = checkingClient();
    const signed = await applyAndSign(member, "Basic");
    const email = encodeURIComponent(signed.email);
    for (const path of [
      `/api/membership/application/${signed.applicationId}`,
      "/api/auth/me",
      `/api/portal/member-info/${email}`,
      "/api/portal/documents",
      "/api/portal/documents/categories",
      "/api/portal/skills",
      "/api/portal/skills/profile",
      `/api/subscriptions/status/${email}`,
      "/api/contracts/mine",
      "/api/community/categories",
      "/api/community/topics",
      "/api/notifications",
      "/api/email-preferences",
      "/api/updates",
      "/api/webinars",
      "/api/contractors",
      "/api/contractors/me",
      "/api/site/demo-status",
      "/api/health",
      "/api/ready",
      "/api/openapi.json",
      "/api/docs",
    ]) {
      expect((await member.get(path)).status, path).toBe(200);
    }
    const [document] = (await member.get("/api/portal/documents")).body;
    expect((await member.download(`/api/portal/documents/${document.id}/download`)).status).toBe(200);

    // A Premium owner with a property, a lease, a payment, an expense and the reports.
    const owner = checkingClient();
    await paidOwner(owner, "Premium");
    const property = await owner.post("/api/portal/properties", {
      address: { line1: "2817 N Albany Ave", city: "Chicago", zip: "60618" },
      property_type: "multi_family",
      units: [{ label: "1" }, { label: "2" }],
    });
    expect(property.status).toBe(201);
    const tenantEmail = `tess.${Date.now()}@tenants.example.net`;
    const lease = await owner.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: monthStart(2),
      rent_cents: 120_000,
      due_day: 1,
      late_fee: { grace_days: 5, kind: "fixed", amount_cents: 5_000 },
      tenants: [{ first_name: "Tess", last_name: "Renter", email: tenantEmail }],
    });
    expect(lease.status).toBe(201);
    const leaseId = lease.body.id;
    expect((await owner.post(`/api/portal/leases/${leaseId}/payments`, { amount_cents: 120_000, paid_on: monthStart(1), method: "check" })).status).toBe(201);
    expect((await owner.post("/api/portal/expenses", { property_id: property.body.id, date: monthStart(1), amount_cents: 4_200, payee: "Ace Hardware", category: "repairs" })).status).toBe(201);
    const month = periodOf(monthStart(1) as never);
    for (const path of [
      "/api/portal/access",
      "/api/portal/dashboard",
      "/api/portal/properties",
      `/api/portal/properties/${property.body.id}`,
      "/api/portal/leases",
      `/api/portal/leases/${leaseId}`,
      `/api/portal/leases/${leaseId}/ledger`,
      `/api/portal/payments?month=${month}`,
      `/api/portal/payments?month=${month}&format=csv`,
      "/api/portal/maintenance",
      "/api/portal/payouts",
      "/api/portal/expense-categories",
      "/api/portal/expenses",
      `/api/portal/reports/monthly?month=${month}`,
      `/api/portal/reports/monthly?month=${month}&format=pdf`,
      "/api/portal/reports/statements",
      `/api/portal/reports/schedule-e?year=${new Date().getUTCFullYear() - 1}`,
      "/api/portal/purchases",
      "/api/portal/evictions",
      "/api/portal/service-jobs",
      "/api/portal/staff-access",
      "/api/portal/support/tickets",
      "/api/portal/bookkeeping/requests",
      "/api/portal/export",
    ]) {
      const res = path.includes("format=") || path.endsWith("/export") ? await owner.download(path) : await owner.get(path);
      expect(res.status, path).toBe(200);
    }

    // The tenant of that lease, invited by the owner.
    const tenantId = lease.body.tenants[0].id;
    expect((await owner.post(`/api/portal/leases/${leaseId}/tenants/${tenantId}/invite`)).status).toBe(200);
    const tenant = checkingClient();
    const token = await linkTokenFromEmail(t.services, tenantEmail, "tenant_invite");
    expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token })).status).toBe(200);
    for (const path of ["/api/tenant/me", `/api/tenant/leases/${leaseId}/ledger`, "/api/tenant/maintenance"]) {
      expect((await tenant.get(path)).status, path).toBe(200);
    }
    const request = await tenant.post("/api/tenant/maintenance", { lease_id: leaseId, title: "Drip", description: "The kitchen tap drips.", category: "plumbing" });
    expect(request.status).toBe(201);
    expect((await owner.get(`/api/portal/maintenance/${request.body.id}`)).status).toBe(200);

    // An administrator.
    const admin = checkingClient();
    await signInAsAdmin(t.services, admin);
    for (const path of [
      "/api/auth/admin/me",
      "/api/admin/dashboard/stats",
      "/api/admin/dashboard/charts",
      "/api/admin/members",
      `/api/admin/members/search?q=${email}`,
      "/api/admin/applications",
      "/api/admin/contracts",
      "/api/admin/payments",
      "/api/admin/contractors",
      "/api/admin/data/overview",
      "/api/admin/audit-log",
      "/api/admin/outbox",
      "/api/admin/evictions",
      "/api/admin/service-jobs",
      "/api/admin/updates",
      "/api/admin/webinars",
      "/api/admin/community/flags",
      "/api/admin/contractor-directory",
    ]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    const [listed] = (await admin.get(`/api/admin/members/search?q=${email}`)).body;
    expect((await admin.get(`/api/admin/members/${listed.id}`)).status).toBe(200);
    expect((await admin.download("/api/admin/export-data")).status).toBe(200);
    expect((await admin.download("/api/admin/members/export.csv")).status).toBe(200);

    expect(mismatches).toEqual([]);
    expect(checked.size).toBeGreaterThan(70);
  }, 120_000);
});
