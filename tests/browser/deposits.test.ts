import { expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday, dateLabel, periodOf, plusDays, plusMonths } from "../../src/shared/calendar.ts";
import { seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { paidOwner } from "../support/fixtures.ts";

// A Chicago deposit at move-out, in Chromium (PORTAL.md 3b): the compliance calendar shows the
// itemized statement due 30 days after the tenant vacated and the deposit 45 days after
// (Chicago Municipal Code 5-12-080(d)); the owner makes the statement; the lines turn done.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

test("a Chicago lease with a deposit, moved out: the 30- and 45-day deadlines, the itemized statement and the return, the lines done", async () => {
  const api = ctx.server.client();
  await paidOwner(api, "Standard", { first_name: "Marta", last_name: "Lindqvist" });
  const property = await api.post("/api/portal/properties", {
    address: { line1: "2418 W Cortland St", city: "Chicago", zip: "60647" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
    jurisdiction: "chicago",
    owner_occupied: false,
    owner_occupied_confirmed: true,
  });
  const today = chicagoToday(new Date());
  const start = `${plusMonths(periodOf(today), -8)}-01`;
  const lease = await api.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: start,
    rent_cents: 140_000,
    due_day: 1,
    deposit_cents: 140_000,
    tenants: [{ first_name: "Rosa", last_name: "Vega", email: `rosa.${Date.now()}@tenants.example.net` }],
  });
  // The deposit and every month's rent paid on the 1st.
  await api.post(`/api/portal/leases/${lease.body.id}/payments`, { amount_cents: 140_000, paid_on: start, method: "check", send_receipt: false });
  for (let m = 8; m >= 0; m--) await api.post(`/api/portal/leases/${lease.body.id}/payments`, { amount_cents: 140_000, paid_on: `${plusMonths(periodOf(today), -m)}-01`, method: "check", send_receipt: false });

  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(`${ctx.server.url}/portal/leases/${lease.body.id}`);
  const deposit = page.getByRole("region", { name: "Security deposit" });
  await shown(deposit, 20_000);
  await shown(deposit.getByText("$1,400.00"));
  const vacated = plusDays(today, -3);
  await deposit.getByLabel("Day the tenant vacated").fill(vacated);
  await deposit.getByLabel("Forwarding address").fill("900 N Lake Shore Dr, Chicago, IL 60611");
  await deposit.getByRole("button", { name: "Record the Move-Out" }).click();
  // 5-12-080(d): the statement within 30 days after the tenant vacates, the deposit within 45.
  await shown(deposit.getByText(dateLabel(plusDays(vacated, 30))));
  await shown(deposit.getByText(dateLabel(plusDays(vacated, 45))));

  await page.getByRole("link", { name: "Compliance" }).first().click();
  await shown(page.getByRole("heading", { name: "Compliance calendar" }));
  const deadlines = page.getByRole("list", { name: "Deadlines" });
  const statementLine = deadlines.getByRole("listitem").filter({ hasText: "Send the itemized statement" });
  await shown(statementLine.getByText(`by ${dateLabel(plusDays(vacated, 30))}`));
  const returnLine = deadlines.getByRole("listitem").filter({ hasText: "Return the deposit" });
  await shown(returnLine.getByText(`by ${dateLabel(plusDays(vacated, 45))}`));
  expect(await statementLine.getByText("Chicago Municipal Code 5-12-080(d)", { exact: false }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  await statementLine.getByRole("link", { name: "Do it now" }).click();
  const section = page.getByRole("region", { name: "Security deposit" });
  await shown(section.getByRole("button", { name: "Add a Deduction" }));
  await section.getByRole("button", { name: "Add a Deduction" }).click();
  await section.getByLabel("Deduction 1").selectOption("damage");
  await section.getByLabel("What").fill("Broken bedroom window");
  await section.getByLabel("Amount ($)").fill("250.00");
  await section.getByRole("button", { name: "Make and Send the Itemized Statement" }).click();
  await shown(section.getByText(/kept \$250\.00, returned \$1,150\.00/));
  await shown(section.getByRole("link", { name: "Download the statement" }));

  await page.getByRole("link", { name: "Compliance" }).first().click();
  const done = page.getByRole("list", { name: "Done" });
  await shown(done.getByRole("listitem").filter({ hasText: "Send the itemized statement" }).getByText("Done"));
  await shown(done.getByRole("listitem").filter({ hasText: "Return the deposit" }).getByText("Done"));
  expect(errors).toEqual([]);
  await context.close();
});
