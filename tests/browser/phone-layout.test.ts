import { afterAll, describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { latestEmail, paidOwner } from "../support/fixtures.ts";
import { openPortalSection, seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";

// The signed-in areas on a phone (issue 31, item 6): a 390 x 844 screen showed the test banner, the
// site's marketing header, the community row, the portal's title, billing, sign-out and twelve tabs
// in four rows before the first figure, about 550 px down. Signed-in members and tenants get an app
// header (no section links, Portal Login or Apply button), and the portal's sections one menu.

const ctx = serverAndBrowser();
const PHONE = { width: 390, height: 844 };
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function pageFor(cookie: { name: string; value: string }, viewport = PHONE): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500, bypassCSP: true });
  contexts.push(context);
  await context.addCookies([{ ...cookie, url: ctx.server.url }]);
  return context.newPage();
}

async function ownerWithTenant() {
  const api = ctx.server.client();
  await paidOwner(api, "Standard");
  const property = await api.post("/api/portal/properties", {
    address: { line1: "2417 W Cortland St", city: "Chicago", zip: "60647" },
    property_type: "single_family",
  });
  const email = `phone.${Date.now()}@tenants.example.net`;
  const lease = await api.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: "2026-01-01",
    rent_cents: 150_000,
    due_day: 1,
    late_fee: null,
    tenants: [{ first_name: "Pia", last_name: "Phone", email }],
  });
  expect(lease.status).toBe(201);
  return { api, email, leaseId: lease.body.id as string, tenantId: lease.body.tenants[0].id as string };
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const top = async (page: Page, locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;

describe("the owner portal on a phone", () => {
  test("an app header without the public site's links, the sections in one menu, the first figure in the top half of the screen", async () => {
    const { api } = await ownerWithTenant();
    const page = await pageFor({ name: "lpa_member", value: api.cookies.get("lpa_member")! });
    await page.goto(`${ctx.server.url}/portal`);
    await shown(page.getByRole("heading", { level: 1, name: "Standard Member Portal" }));
    const header = page.getByRole("banner");
    expect(await header.getByRole("button", { name: "Apply for Membership" }).count()).toBe(0);
    expect(await header.getByRole("button", { name: "Portal Login" }).count()).toBe(0);
    expect(await header.getByRole("link", { name: "Testimonials" }).count()).toBe(0);
    await shown(header.getByRole("button", { name: "Sign Out" }));

    // The first figure (the dashboard's Properties count) is in the top half of the screen.
    const firstFigure = page.getByRole("term").filter({ hasText: "Properties" });
    await shown(firstFigure);
    expect(await top(page, firstFigure)).toBeLessThan(PHONE.height / 2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The books' search box shows its whole hint ("Tenant, address, amount, check no."), not cut off.
    const hint = await page.getByRole("searchbox", { name: "Search your books" }).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(hint.text).toBeLessThanOrEqual(hint.room);

    // One menu holds every section of the portal and the community's.
    const menu = page.getByRole("button", { name: "Sections: Dashboard" });
    await menu.click();
    const items = page.getByRole("menuitem");
    const names = await items.allTextContents();
    for (const name of ["Dashboard", "Properties", "Leases & Ledgers", "Rent Roll", "Compliance", "Maintenance", "Online Rent", "Expenses", "Reports", "Evictions", "Import", "Premium Services", "Member Resources", "Forum", "Legal updates", "Webinars", "Contractors", "Notifications", "Email preferences"]) {
      expect(names).toContain(name);
    }
    await page.keyboard.press("Escape");
    await openPortalSection(page, "Expenses");
    await page.waitForURL(/\/portal\/expenses$/);
    await shown(page.getByRole("button", { name: "Sections: Expenses" }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("on a wide screen the sections are tabs and the community its own row, with no menu", async () => {
    const { api } = await ownerWithTenant();
    const page = await pageFor({ name: "lpa_member", value: api.cookies.get("lpa_member")! }, { width: 1280, height: 900 });
    await page.goto(`${ctx.server.url}/portal`);
    await shown(page.getByRole("navigation", { name: "Member area" }).getByRole("link", { name: "Rent Roll" }));
    await shown(page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Forum" }));
    expect(await page.getByRole("button", { name: /^Sections:/ }).count()).toBe(0);
    await openPortalSection(page, "Rent Roll");
    await page.waitForURL(/\/portal\/rent-roll$/);
    // The community's pages keep a signed-in member's header: no Portal Login or Apply button, a way out.
    await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Forum" }).click();
    await shown(page.getByRole("heading", { name: "Member forum", level: 1 }));
    const header = page.getByRole("banner");
    await shown(header.getByRole("button", { name: "Sign Out" }));
    expect(await header.getByRole("button", { name: "Apply for Membership" }).count()).toBe(0);
    expect(await header.getByRole("button", { name: "Portal Login" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Admin" }).count()).toBe(0);
  });
});

describe("the tenant portal on a phone", () => {
  test("an app header, three tabs in one row, and the tenant's home in the top half of the screen", async () => {
    const { api, email, leaseId, tenantId } = await ownerWithTenant();
    expect((await api.post(`/api/portal/leases/${leaseId}/tenants/${tenantId}/invite`)).status).toBeLessThan(300);
    const invitation = await latestEmail(ctx.server.services, email, "tenant_invite");
    const link = invitation.text.match(/https?:\/\/\S+\/tenant\/link\?token=[a-z2-7]{32}/)![0];
    const context = await ctx.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/tenant$/);
    await shown(page.getByRole("heading", { level: 1, name: "Tenant Portal" }));
    const header = page.getByRole("banner");
    expect(await header.getByRole("button", { name: "Apply for Membership" }).count()).toBe(0);
    expect(await header.getByRole("button", { name: "Portal Login" }).count()).toBe(0);
    const tabs = page.getByRole("navigation", { name: "Tenant portal" }).getByRole("link");
    await shown(tabs);
    expect(await tabs.count()).toBe(3);
    const tops = await Promise.all((await tabs.all()).map((tab) => top(page, tab)));
    expect(new Set(tops).size).toBe(1);
    const home = page.getByRole("region", { name: "2417 W Cortland St" });
    await shown(home);
    expect(await top(page, home)).toBeLessThan(PHONE.height / 2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
