import { expect, setDefaultTimeout, test } from "bun:test";
import { serverAndBrowser, shown } from "../support/browser.ts";

// The API reference page (/api/docs): Swagger UI served by the app itself from its npm package,
// under the site's CSP (scripts of its own origin only), reading /api/openapi.json.
//
// Swagger UI resolves an OpenAPI 3.1 document (about 500 KB, 350 operations) with its ApiDOM
// traversal before it draws anything: about 12 s on a quiet 2-core machine, more under the
// suite's load (swagger-api/swagger-ui#10748 reports 3.1 documents rendering slowly where the
// same 3.0 document is fast). The first heading gets a budget that load cannot exhaust.
const RENDERED_MS = 60_000;

setDefaultTimeout(120_000);

const ctx = serverAndBrowser();

test("the reference page renders the OpenAPI document: tags, paths and an operation's schema", async () => {
  const page = await ctx.browser.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  page.on("requestfailed", (request) => refused.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) refused.push(`${response.url()}: ${response.status()}`);
  });
  // A deep link opens the owner portal's tag at the operation that adds a lease.
  const answer = await page.goto(`${ctx.server.url}/api/docs#/Owner%20portal/postApiPortalLeases`);
  expect(answer!.status()).toBe(200);
  expect(answer!.headers()["content-security-policy"]).toContain("script-src 'self'");

  await shown(page.getByRole("heading", { name: /Illinois Landlord Association API/ }), RENDERED_MS);
  const addLease = page.locator("#operations-Owner_portal-postApiPortalLeases");
  await shown(addLease.locator(".opblock-summary-path", { hasText: /^\/api\/portal\/leases$/ }));
  // Its request body, from the schema the route validates with.
  await shown(addLease.getByText("rent_cents").first());
  await shown(page.locator(".opblock-summary-path", { hasText: /^\/api\/portal\/units\/\{id\}$/ }));
  expect(refused).toEqual([]);
  await page.close();
});
