import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import type { Page } from "playwright-core";
import { openPortalSection, seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { applyAndSign, paidOwner } from "../support/fixtures.ts";

// The owner portal as an owner uses it, in Chromium, on a desktop and on a 390 px phone: a
// property with two units, a lease that started three months ago, its rent and late fees, a
// payment, and the dashboard and rent roll changing with it.

setDefaultTimeout(90_000);
const ctx = serverAndBrowser();

async function signedInOwner(viewport: { width: number; height: number }, options: { bypassCSP?: boolean } = {}) {
  const api = ctx.server.client();
  const signed = await paidOwner(api, "Standard", { first_name: "Olivia", last_name: "Brandt" });
  const context = await ctx.browser.newContext({ viewport, ...options });
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ...signed, api, context, page, errors };
}

/** The first day of the month `months` before this one, as the date input takes it. */
const monthStart = (months: number) => `${plusMonths(periodOf(chicagoToday(new Date())), -months)}-01`;

async function walkThrough(page: Page, phone: boolean) {
  await page.goto(`${ctx.server.url}/portal`);
  // The first page of a fresh browser loads the app and its first calls: room for a busy machine.
  await shown(page.getByRole("heading", { name: "Welcome to your owner portal" }), 20_000);
  await page.getByRole("link", { name: "Add your first property" }).click();

  const dialog = page.getByRole("dialog", { name: "Add a property" });
  await shown(dialog);
  await dialog.getByLabel("Name (optional)").fill("Pilsen two-flat");
  await dialog.getByLabel("Street address").fill("1834 S Loomis St");
  await dialog.getByLabel("ZIP").fill("60608");
  await dialog.getByLabel("Property type").selectOption("multi_family");
  await dialog.getByRole("button", { name: "Save Property" }).click();
  await shown(page.getByRole("heading", { name: "Pilsen two-flat" }));
  await shown(page.getByRole("heading", { name: "Unit 1" }));
  await shown(page.getByRole("heading", { name: "Unit 2" }));

  await page.getByRole("link", { name: "Add a lease for unit 1" }).click();
  await shown(page.getByRole("heading", { name: "Add a lease" }));
  await page.getByLabel("Lease start").fill(monthStart(3));
  await page.getByLabel("Monthly rent ($)").fill("1,200.00");
  await page.getByLabel("Security deposit ($)").fill("1200");
  await page.getByLabel("Late-fee policy").selectOption("chicago_rlto");
  await shown(page.getByText("On $1,200.00 rent that is $45.00 a month."));
  await page.getByLabel("Tenant 1 first name").fill("Tess");
  await page.getByLabel("Tenant 1 last name").fill("Renter");
  await page.getByLabel("Tenant 1 email (for receipts)").fill(`tess.${Date.now()}@tenants.example.net`);
  await page.getByRole("button", { name: "Save Lease" }).click();

  // The ledger shows every month since the start, and the late fees of the months past their grace.
  await shown(page.getByRole("heading", { name: "Ledger" }));
  const ledger = phone ? page.getByRole("list", { name: /^Ledger of Tess Renter/ }) : page.getByRole("table", { name: /^Ledger of Tess Renter/ });
  await shown(ledger);
  const rentRows = ledger.getByText(/^Rent for /);
  expect(await rentRows.count()).toBe(4);
  expect(await ledger.getByText(/^Late fee for /).count()).toBeGreaterThanOrEqual(3);
  const owedBefore = (await page.getByText(/ owed$/).first().textContent())!;

  await page.getByRole("button", { name: "Record a payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record a payment" });
  await payment.getByLabel("Amount ($)").fill("1200");
  await payment.getByLabel("Paid by").selectOption("check");
  await payment.getByLabel("Check or reference number (optional)").fill("1042");
  await payment.getByRole("button", { name: "Record Payment" }).click();
  await shown(ledger.getByText(/Payment received \(1042\)/));
  const owedAfter = (await page.getByText(/ owed$/).first().textContent())!;
  const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));
  expect(dollars(owedBefore) - dollars(owedAfter)).toBe(1200);

  // The dashboard: this month's collected rent and the late tenant.
  await openPortalSection(page, "Dashboard");
  await shown(page.getByText("Collected in", { exact: false }));
  await shown(page.getByRole("heading", { name: "Late rent" }));
  await shown(page.getByRole("link", { name: /Tess Renter, Pilsen two-flat unit 1/ }).first());
  await shown(page.getByText("$1,200.00", { exact: true }).first());

  // The rent roll of this month: the lease, paid in part.
  await openPortalSection(page, "Rent Roll");
  const roll = phone ? page.getByRole("list", { name: /^Rent roll for / }) : page.getByRole("table", { name: /^Rent roll for / });
  await shown(roll);
  await shown(roll.getByText("Partial"));
  await shown(roll.getByText(/Pilsen two-flat, unit 1/));
}

describe("an owner keeps the books of a two-flat", () => {
  test("on a desktop: property, lease from three months ago, rent and late fees, a payment, the dashboard and the rent roll", async () => {
    const { page, context, errors } = await signedInOwner({ width: 1280, height: 900 });
    await walkThrough(page, false);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("on a 390 px phone: the same, with lists instead of tables and nothing wider than the screen", async () => {
    const { page, context, errors } = await signedInOwner({ width: 390, height: 844 });
    await walkThrough(page, true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("who gets in", () => {
  test("the Portal Login menu takes a paid member to the owner portal; a visitor is asked to sign in; a Basic member sees the upgrade", async () => {
    const { page, context } = await signedInOwner({ width: 1280, height: 900 });
    await page.goto(ctx.server.url);
    await page.getByRole("button", { name: "Portal Login" }).click();
    await page.getByRole("menuitem", { name: /Owner Portal/ }).click();
    await page.waitForURL(/\/portal$/);
    await shown(page.getByRole("heading", { name: "Welcome to your owner portal" }));
    await context.close();

    const visitor = await ctx.browser.newPage();
    await visitor.goto(`${ctx.server.url}/portal/leases`);
    await shown(visitor.getByRole("heading", { name: "Sign in to your owner portal" }));
    await visitor.close();

    const api = ctx.server.client();
    await applyAndSign(api, "Basic");
    const basic = await ctx.browser.newContext();
    await basic.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
    const page2 = await basic.newPage();
    await page2.goto(`${ctx.server.url}/portal`);
    await shown(page2.getByRole("heading", { name: "Standard Membership Required" }));
    await shown(page2.getByRole("link", { name: "Upgrade from My Portal" }));
    await basic.close();
  });

  test("axe-core finds no serious or critical violation on the dashboard, a property, a ledger, the rent roll and the import", async () => {
    const { page, context, api } = await signedInOwner({ width: 1280, height: 900 }, { bypassCSP: true });
    await page.goto(`${ctx.server.url}/portal`);
    await shown(page.getByRole("heading", { name: "Welcome to your owner portal" }));
    expect(await seriousViolations(page)).toEqual([]);
    // A member's footer leaves out the landing page's sales sections and the staff's sign-in.
    const footer = page.getByRole("navigation", { name: "Footer" });
    await shown(footer.getByRole("link", { name: "Member forum" }));
    for (const name of ["Membership", "Testimonials", "Portal demo", "Admin"]) expect(await footer.getByRole("link", { name, exact: true }).count(), name).toBe(0);
    const property = (
      await api.post("/api/portal/properties", { address: { line1: "3421 S Clarence Ave", city: "Berwyn", zip: "60402" }, property_type: "single_family" })
    ).body;
    const lease = (
      await api.post("/api/portal/leases", {
        unit_id: property.units[0].id,
        start_date: monthStart(2),
        rent_cents: 150_000,
        due_day: 5,
        late_fee: { grace_days: 5, kind: "chicago_rlto" },
        tenants: [{ first_name: "Lena", last_name: "Park" }],
      })
    ).body;
    const pages: [string, () => Promise<unknown>][] = [
      ["/portal", () => shown(page.getByRole("heading", { name: "Rent due and collected" }))],
      [`/portal/properties/${property.id}`, () => shown(page.getByRole("heading", { name: "Unit House" }))],
      [`/portal/leases/${lease.id}`, () => shown(page.getByRole("table", { name: /^Ledger of Lena Park/ }))],
      ["/portal/rent-roll", () => shown(page.getByRole("table", { name: /^Rent roll for / }))],
      ["/portal/import", () => shown(page.getByLabel("Spreadsheet (CSV)"))],
      ["/portal/leases/new", () => shown(page.getByLabel("Lease start"))],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${ctx.server.url}${path}`);
      await ready();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
