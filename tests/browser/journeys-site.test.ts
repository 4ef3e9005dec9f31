import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { applyAndSign, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { contextAs, VIEWPORTS } from "../support/journeys.ts";

// Journeys of issue 19 around what the site promises and the small things people notice, on a
// desktop and a 390 px phone.
const ctx = serverAndBrowser();

for (const { name: screen, viewport } of VIEWPORTS) {
  test(`a visitor follows the landing page's promises to the real features, and finds no figure the association cannot back (${screen})`, async () => {
    const context = await contextAs(ctx.browser, ctx.server.url, viewport);
    const page = await context.newPage();
    await page.goto(ctx.server.url);
    await shown(page.getByRole("heading", { level: 1 }).first());
    const html = await page.content();
    expect(html).not.toContain("98.5%");
    expect(html).not.toContain("24/7");
    // Every service is built now: eviction coordination leads to its page of the live demo (an owner's
    // own page once signed in), and nothing says "Coming soon".
    const services = page.locator("#services");
    expect(await services.getByRole("link", { name: "Eviction-process coordination" }).first().getAttribute("href")).toBe("/demo/portal/evictions");
    expect(await services.getByText("Coming soon").count()).toBe(0);
    expect(await services.getByRole("link", { name: "IRS-ready tax reports" }).first().getAttribute("href")).toBe("/demo/portal/reports/schedule-e");
    // Each promise leads to its feature.
    await page.getByRole("link", { name: "Read the legal updates" }).click();
    await page.waitForURL(/\/updates$/);
    await shown(page.getByRole("heading", { name: /Legal updates/i }).first());
    await page.goto(ctx.server.url);
    await page.getByRole("link", { name: "Visit the member forum" }).click();
    await page.waitForURL(/\/community$/);
    await page.goto(ctx.server.url);
    await page.getByRole("link", { name: "Browse the contractor directory" }).click();
    await page.waitForURL(/\/contractors$/);
    await context.close();
  });

  test(`a Basic member finds the portal's forms as fillable PDFs, an inviting empty skills network and tabs in even rows (${screen})`, async () => {
    const client = ctx.server.client();
    await applyAndSign(client, "Basic", { first_name: "Grace", last_name: "Obi" });
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, client);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/basic-portal`);
    await shown(page.getByRole("heading", { name: "Basic Member Portal" }));
    // The signed-in area's own header; the community's row on a wide screen, its sections menu on a phone.
    await shown(page.getByRole("banner"));
    await shown(viewport.width < 500 ? page.getByRole("button", { name: /^Sections:/ }) : page.getByRole("navigation", { name: "Member" }));

    // The four tabs sit in even rows: two and two on a phone, one row on a desktop.
    const tabs = page.getByRole("tablist", { name: "Member portal sections" }).getByRole("tab");
    const tops = await Promise.all((await tabs.all()).map(async (tab) => Math.round((await tab.boundingBox())!.y)));
    const rows = new Map<number, number>();
    for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
    expect([...rows.values()]).toEqual(viewport.width < 768 ? [2, 2] : [4]);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /Download Residential Lease Agreement Template/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("lease-agreement-template.pdf");
    const pdf = await PDFDocument.load(await readFile((await file.path())!));
    expect(pdf.getForm().getFields().length).toBeGreaterThan(20);
    await page.getByRole("alertdialog").getByRole("button").first().click();

    // With nobody listed yet, the skills network asks the member to be the first.
    await page.getByRole("tab", { name: "Skills Network" }).click();
    await shown(page.getByText("No member is listed in the skills network yet."));
    await page.getByRole("button", { name: "Be the First to List Your Skills" }).click();
    await shown(page.getByRole("dialog", { name: "Your Skills" }));
    await context.close();
  });

  test(`an admin's test clock fits a phone, and a member's billing portal opens in the same tab (${screen})`, async () => {
    const owner = ctx.server.client();
    await paidOwner(owner, "Standard", { first_name: "Hugo", last_name: `Lindgren${screen.length}` });
    const admin = ctx.server.client();
    await signInAsAdmin(ctx.server.services, admin);
    const adminContext = await contextAs(ctx.browser, ctx.server.url, viewport, admin);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${ctx.server.url}/admin`);
    await adminPage.getByRole("tab", { name: "Payments" }).click();
    await shown(adminPage.getByRole("region", { name: "Test clock (TEST MODE)" }).getByRole("table"));
    // The page itself never scrolls sideways.
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await adminContext.close();

    // No new window (which a pop-up blocker, or the opener isolation, would report as blocked).
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, owner);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/portal`);
    await page.getByRole("button", { name: "Manage Subscription & Billing" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Open Billing Portal" }).click();
    await page.waitForURL(/\/test-billing\?session=/);
    await shown(page.getByRole("heading", { name: "Billing portal" }));
    expect(context.pages()).toHaveLength(1);
    expect(await page.getByText(/blocked/i).count()).toBe(0);
    await context.close();
  });
}
