import { expect, setDefaultTimeout, test } from "bun:test";
import { serverAndBrowser, shown } from "../support/browser.ts";

// The API reference page (/api/docs): Swagger UI served by the app itself from its npm package,
// under the site's CSP (scripts of its own origin only), reading /api/openapi.json.
//
// The page reads the document in OpenAPI 3.0.3 (/api/openapi.json?version=3.0, decision 0091):
// Swagger UI draws it in a few seconds, where the 3.1 document took more than ten on a 2-core
// machine (swagger-api/swagger-ui#10748). The first heading still gets a budget that the suite's
// load cannot exhaust.
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
  expect(await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("openapi.json")))).toEqual([
    `${ctx.server.url}/api/openapi.json?version=3.0`,
  ]);
  await page.close();
});
