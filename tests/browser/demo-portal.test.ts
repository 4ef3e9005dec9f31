import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { FrameLocator, Page } from "playwright-core";
import { openPortalSection, serverAndBrowser, shown } from "../support/browser.ts";

// The live demo in Chromium (PORTAL.md 1), on a default install (DEMO_URL unset): from /demo and
// the landing page into the framed owner portal on the sample books, with no sign-in, through the
// dashboard, the late tenant's ledger, a monthly statement and Schedule E; no button that would
// change the books; and the same on a 390 px phone, where the demo's sections are the member
// area's sections menu instead of a row of tabs cut off at the screen's edge.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser(() => ({}), { sampleBooks: true });

/** The server makes the sample books at start-up; the demo shows once they exist. */
async function sampleBooksReady() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${ctx.server.url}/api/site/demo-status?fresh=1`)).json()) as { embeddable: boolean };
    if (status.embeddable) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The sample books were not made in time.");
}

/** Buttons and links that would change the books: none may be there in the demo. */
const WRITE_ACTIONS = /^(Add|New|Record|Edit|Delete|Void|End|Save|Invite|Import|Move|Assign|Connect|Archive|Buy)\b/;

async function writeActions(where: Page | FrameLocator): Promise<string[]> {
  const names: string[] = [];
  for (const role of ["button", "link"] as const) {
    for (const el of await where.getByRole(role).all()) {
      const name = ((await el.getAttribute("aria-label")) ?? (await el.innerText())).trim();
      if (WRITE_ACTIONS.test(name) && (await el.isVisible())) names.push(name);
    }
  }
  return names;
}

async function journey(where: Page | FrameLocator, page: Page) {
  // The dashboard: the banner, two properties, the late tenant.
  await shown(where.getByText("Demo: sample data, read-only."), 20_000);
  expect(await where.getByRole("link", { name: "Apply for membership" }).getAttribute("href")).toBe("/#apply");
  await shown(where.getByRole("term").filter({ hasText: "Properties" }));
  await shown(where.getByText("3 units"));
  const late = where.getByRole("link", { name: /Devon Carter, Logan Square two-flat unit 2/ });
  await shown(late);
  expect(await writeActions(where)).toEqual([]);

  // The late tenant's ledger: rent each month and the late fees Chicago's RLTO allows.
  await late.first().click();
  await shown(where.getByRole("heading", { name: /Devon Carter/ }).or(where.getByText("Devon Carter").first()));
  await shown(where.getByText("Late fee").first().or(where.getByText(/late fee/i).first()));
  expect(await writeActions(where)).toEqual([]);

  // A monthly statement, with its PDF.
  // Its tabs on a wide screen, the sections menu on a phone.
  await openPortalSection(where, "Reports", "Owner portal");
  await shown(where.getByRole("heading", { name: "Monthly owner statement" }));
  const pdf = where.getByRole("link", { name: "Download PDF" });
  expect(await pdf.getAttribute("href")).toMatch(/^\/api\/demo\/portal\/reports\/monthly\?month=\d{4}-\d{2}&format=pdf$/);
  const statementPdf = await page.request.get(ctx.server.url + (await pdf.getAttribute("href"))!);
  expect(statementPdf.status()).toBe(200);
  expect(statementPdf.headers()["content-type"]).toContain("application/pdf");
  expect(await writeActions(where)).toEqual([]);

  // Schedule E for last year: both properties, with its PDF.
  await where.getByRole("link", { name: "Schedule E" }).click();
  const lastYear = new Date().getFullYear() - 1;
  await shown(where.getByRole("heading", { name: `Schedule E for ${lastYear}` }));
  await shown(where.getByText(/3421 S Oak Park Ave/).first());
  const schedulePdf = await page.request.get(ctx.server.url + (await where.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
  expect(schedulePdf.status()).toBe(200);
  expect(schedulePdf.headers()["content-type"]).toContain("application/pdf");
  expect(await writeActions(where)).toEqual([]);
}

describe("the live demo", () => {
  test("/demo frames the owner portal on sample books: dashboard, late tenant's ledger, statement, Schedule E; no sign-in, no write", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(ctx.server.url + "/demo");
    const iframe = page.locator('iframe[title="Interactive demo of the member portal"]');
    await shown(iframe, 10_000);
    expect(await iframe.getAttribute("src")).toBe("/demo/portal");
    await journey(page.frameLocator('iframe[title="Interactive demo of the member portal"]'), page);
    // Past the 3-second window the demo stays; no fallback.
    expect(await page.getByRole("alert").filter({ hasText: "The demo is unavailable right now" }).count()).toBe(0);
    expect((await page.context().cookies()).filter((c) => c.name.startsWith("lpa_"))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the landing page frames the same demo", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.server.url + "/");
    await page.getByRole("heading", { name: "Live interactive demo" }).scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe[title="Interactive demo of the member portal"]');
    await shown(frame.getByText("Demo: sample data, read-only."), 20_000);
    await shown(frame.getByRole("link", { name: /Devon Carter/ }));
    await page.close();
  });

  test("a signed-out visitor who follows the landing page's promises of the owner portal lands on the same page of the demo, not a sign-in wall", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const lastYear = new Date().getFullYear() - 1;
    const promises = [
      { link: page.getByRole("link", { name: "See the owner reports" }), path: "/demo/portal/reports/monthly", heading: "Monthly owner statement" },
      { link: page.locator("#services").getByRole("link", { name: "IRS-ready tax reports" }).first(), path: "/demo/portal/reports/schedule-e", heading: `Schedule E for ${lastYear}` },
      { link: page.locator("#services").getByRole("link", { name: "Eviction-process coordination" }).first(), path: "/demo/portal/evictions", heading: "Eviction cases" },
    ];
    for (const { link, path, heading } of promises) {
      await page.goto(ctx.server.url + "/");
      expect(await link.getAttribute("href")).toBe(path);
      await link.click();
      await page.waitForURL(new RegExp(`${path}$`));
      await shown(page.getByText("Demo: sample data, read-only."));
      await shown(page.getByRole("heading", { name: heading }));
      expect(await page.getByRole("heading", { name: /sign in/i }).count()).toBe(0);
    }
    await page.close();
  });

  test("the demo, labelled Premium, shows the Evictions and Premium Services tabs and online rent working, on the sample books", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.server.url + "/demo/portal");
    await shown(page.getByText("Premium Member Portal (sample owner)"));
    const tabs = page.getByRole("navigation", { name: "Owner portal" });
    // Online rent: payouts connected, and Maria's rent paid online on the dashboard.
    await shown(page.getByRole("region", { name: "Recent payments" }).getByText(/paid online/).first());
    await tabs.getByRole("link", { name: "Online Rent" }).click();
    await shown(page.getByText("Connected.", { exact: false }));
    expect(await writeActions(page)).toEqual([]);

    // Evictions: Devon's case, its served 5-day notice and the notice's PDF.
    await tabs.getByRole("link", { name: "Evictions" }).click();
    await shown(page.getByRole("heading", { name: "Eviction cases" }));
    await page.getByRole("list", { name: "Eviction cases" }).getByRole("link").first().click();
    await shown(page.getByRole("heading", { name: /Eviction case:/ }));
    await shown(page.getByText("Paid: staff coordinate"));
    const pdf = page.getByRole("link", { name: /Download the .*PDF/ }).first();
    const href = (await pdf.getAttribute("href"))!;
    expect(href).toMatch(/^\/api\/demo\/portal\/evictions\//);
    const file = await page.request.get(ctx.server.url + href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    expect(await writeActions(page)).toEqual([]);

    // Premium Services: staff access granted, and what the staff did in the books.
    await tabs.getByRole("link", { name: "Premium Services" }).click();
    await shown(page.getByRole("heading", { name: "Premium services" }));
    const who = page.getByRole("table", { name: "Who did what in your books" });
    await shown(who.getByRole("row").filter({ hasText: "Recorded a rent payment" }).filter({ hasText: "Sample bookkeeper" }).first());
    expect(await page.getByRole("button", { name: /Revoke|Grant/ }).count()).toBe(0);
    expect(await writeActions(page)).toEqual([]);
    await page.close();
  });

  test("an owner who may open the portal follows the same link to their own page", async () => {
    const { paidOwner } = await import("../support/fixtures.ts");
    const client = ctx.server.client();
    await paidOwner(client, "Standard");
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
    const page = await context.newPage();
    await page.goto(ctx.server.url + "/");
    await page.getByRole("link", { name: "See the owner reports" }).click();
    await page.waitForURL(/\/portal\/reports\/monthly$/);
    expect(new URL(page.url()).pathname).toBe("/portal/reports/monthly");
    await shown(page.getByRole("heading", { name: "Monthly owner statement" }));
    await context.close();
  });

  test("on a 390 px phone, opened on its own", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(ctx.server.url + "/demo/portal");
    await journey(page, page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.close();
  });

  test("on a 390 px phone every section of the demo is in the sections menu, not a tab row cut off at the screen's edge, and opens from there", async () => {
    await sampleBooksReady();
    const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(ctx.server.url + "/demo/portal");
    await shown(page.getByText("Premium Member Portal (sample owner)"));
    const menu = page.getByRole("button", { name: "Sections: Dashboard" });
    await shown(menu);
    expect(await page.getByRole("navigation", { name: "Owner portal" }).count()).toBe(0);
    expect(await sideways()).toBeLessThanOrEqual(0);

    // The menu lists every section the demo has (importing only writes, so it has no Import).
    await menu.click();
    const demoSections = ["Dashboard", "Properties", "Leases & Ledgers", "Rent Roll", "Compliance", "Maintenance", "Online Rent", "Expenses", "Reports", "Evictions", "Premium Services"];
    await shown(page.getByRole("menu"));
    expect(await page.getByRole("menu").getByRole("menuitem").allTextContents()).toEqual(demoSections);
    expect(await sideways()).toBeLessThanOrEqual(0);

    // Choosing the last of them, the one furthest off a tab row, opens it and names it on the button.
    await page.getByRole("menuitem", { name: "Premium Services", exact: true }).click();
    await page.waitForURL(/\/demo\/portal\/services$/);
    await shown(page.getByRole("heading", { name: "Premium services" }));
    await shown(page.getByRole("button", { name: "Sections: Premium Services" }));
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.close();
  });
});

