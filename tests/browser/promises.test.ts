import { expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import { alaCarteLabel, alaCarteTerms, premiumTerms, SUPPORT_FIRST_REPLY } from "../../src/shared/membership.ts";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { applyAndSign, latestEmail, linkTokenFromEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import type { ApiClient } from "../support/harness.ts";
import { contextAs, VIEWPORTS } from "../support/journeys.ts";

// What the product promises and what it delivers (issue 31), as a visitor and a member read it in
// Chromium: the screens' words agree with the one price table, and each promise leads somewhere real.
const ctx = serverAndBrowser();

/** What a table row's cells say (to a screen reader too), the row named by its header cell. */
async function cells(table: Locator, rowName: string): Promise<string[]> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: rowName, exact: true }) });
  return (await row.getByRole("cell").allTextContents()).map((c) => c.replace("—", "").trim());
}

test("the landing page prices every service sold by the item as the price table does, and calls none of them included where it costs money", async () => {
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[0].viewport);
  const page = await context.newPage();
  await page.goto(ctx.server.url);
  await shown(page.getByRole("heading", { level: 1 }).first());

  // The services table: Basic, Standard, Premium.
  const services = page.getByRole("table", { name: "Services by membership level" });
  expect(await cells(services, "Eviction-process coordination")).toEqual(["Not included", alaCarteLabel("eviction_case", "Standard"), alaCarteLabel("eviction_case", "Premium")]);
  expect(await cells(services, "Eviction-process coordination")).toEqual(["Not included", "$400 per case", "$100 per case"]);
  expect(await cells(services, "IRS-ready tax reports")).toEqual(["Not included", alaCarteLabel("tax_report", "Standard"), "Included"]);
  expect(await cells(services, "Bookkeeping support")).toEqual(["Not included", alaCarteLabel("bookkeeping", "Standard"), "Included"]);

  // The feature table: Basic, Standard, Premium, a traditional manager.
  const features = page.getByRole("table", { name: /Features of each membership level/ });
  expect(await cells(features, "Eviction-process coordination")).toEqual(["No", "$400 per case", "$100 per case", "No"]);
  expect(await cells(features, "Bookkeeping support")).toEqual(["No", alaCarteLabel("bookkeeping", "Standard"), "Yes", "Yes"]);
  expect(await cells(features, "IRS-ready tax reports")).toEqual(["No", alaCarteLabel("tax_report", "Standard"), "Yes", "No"]);

  // The price box and the fees table name each price of the table, and no bundle that does not exist.
  const comparison = page.locator("#comparison");
  for (const term of alaCarteTerms) {
    const premium = term.premium === "included" ? "included in Premium" : `${term.premium} with Premium`;
    await shown(comparison.getByText(`${term.label}: ${term.standard} on Standard, ${premium}`));
  }
  await shown(comparison.getByText("Coordination $100 per case with Premium ($400 per case on Standard)"));

  // The Premium plan lists what it delivers, each line from the table.
  const premiumPlan = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Premium", exact: true }) });
  for (const line of Object.values(premiumTerms)) await shown(premiumPlan.getByText(line, { exact: true }));

  const text = await page.locator("main").textContent();
  expect(["bundled", "by phone", "keeps your books", "Coordination included", "$75/month"].filter((words) => text!.includes(words))).toEqual([]);
  await context.close();
});

test("a Premium owner's services page says what the membership delivers at the table's prices", async () => {
  const client = ctx.server.client();
  await paidOwner(client, "Premium");
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[0].viewport, client);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/portal/services`);
  const included = page.getByRole("region", { name: "What your membership includes" });
  await shown(included.getByText(`Support tickets: a first reply within ${SUPPORT_FIRST_REPLY.Premium.words}`, { exact: false }));
  await shown(included.getByText(`Eviction coordination: ${alaCarteLabel("eviction_case", "Premium")}.`));
  await shown(included.getByText(/record rent payments and charges in your ledgers/));
  await context.close();
});

/** A Standard owner with payouts connected and one lease whose tenant has joined the tenant portal. */
async function ownerWithOnlineRent() {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const property = await owner.post("/api/portal/properties", {
    address: { line1: "4410 N Malden St", city: "Chicago", zip: "60640" },
    property_type: "single_family",
    units: [{ label: "House" }],
  });
  const today = new Date().toISOString().slice(0, 8) + "01";
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: today,
    end_date: null,
    rent_cents: 125_000,
    due_day: 1,
    deposit_cents: 0,
    late_fee: null,
    tenants: [{ first_name: "Nadia", last_name: "Haddad", email: `nadia.${crypto.randomUUID().slice(0, 8)}@tenants.example.org` }],
  });
  const started = await owner.post("/api/portal/payouts");
  await trpcCall(owner, "mutation", "public.testProvider.completeOnboarding", { account: new URL(started.body.onboarding_url).searchParams.get("account") });
  const tenantId = lease.body.tenants[0].id as string;
  await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${tenantId}/invite`);
  const tenant = ctx.server.client();
  await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(ctx.server.services, lease.body.tenants[0].email, "tenant_invite") });
  return { owner, tenant, leaseId: lease.body.id as string };
}

async function payOnline(tenant: ApiClient, leaseId: string, cents: number) {
  const checkout = await tenant.post(`/api/tenant/leases/${leaseId}/pay`, { amount_cents: cents });
  expect(checkout.status).toBe(200);
  const paid = await trpcCall(tenant, "mutation", "public.testProvider.payRent", { session_id: sessionIdOf(checkout.body.checkout_url), method: "card", card_number: "4242 4242 4242 4242" });
  expect(paid.status).toBe(200);
}

test("a payment the tenant makes online shows in the owner's recent payments when the owner comes back to the dashboard", async () => {
  const { owner, tenant, leaseId } = await ownerWithOnlineRent();
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[0].viewport, owner);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/portal`);
  const recent = page.getByRole("region", { name: "Recent payments" });
  await shown(recent.getByText("No payments recorded yet."));

  // The tenant pays while the owner looks at something else; the owner comes back to the dashboard.
  await recent.getByRole("link", { name: "Rent roll" }).click();
  await page.waitForURL(/\/portal\/rent-roll/);
  // The rent roll is on screen (its code loads on first use; until then the router keeps the
  // dashboard shown, and going back would not be coming back to it).
  await shown(page.getByRole("table", { name: /^Rent roll for / }));
  await payOnline(tenant, leaseId, 125_000);
  // The provider's event may be applied by the background worker a moment after the payment answers.
  const deadline = Date.now() + 15_000;
  while (!(await owner.get("/api/portal/dashboard")).body.recent_payments.some((p: { online: boolean }) => p.online)) {
    if (Date.now() > deadline) throw new Error("The online payment never reached the ledger.");
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.goBack();
  await page.waitForURL(/\/portal$/);
  // Within the cache's freshness (30 s), only a dashboard read again as it is shown has the payment.
  await shown(recent.getByText(/paid online/));
  await shown(recent.getByText("$1,250.00"));
  await context.close();
});

test("the test checkout asks for the expiry date and CVC its words mention, and refuses an expired card before paying", async () => {
  const client = ctx.server.client();
  const signed = await applyAndSign(client, "Standard");
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[1].viewport, client);
  const page = await context.newPage();
  await page.goto(new URL(initiated.body.checkout_url, ctx.server.url).toString());
  await shown(page.getByText("Any expiry date that has not passed and any 3-digit CVC."));
  const expiry = page.getByLabel("Expiry date (MM/YY)");
  const cvc = page.getByLabel("CVC");
  await shown(expiry);
  await shown(cvc);

  await expiry.fill("01/20");
  await page.getByRole("button", { name: "Pay $50.00" }).click();
  await shown(page.getByRole("alert").filter({ hasText: "This card has expired: enter an expiry date that has not passed." }));
  expect(await expiry.getAttribute("aria-invalid")).toBe("true");
  await expiry.fill("13/30");
  await page.getByRole("button", { name: "Pay $50.00" }).click();
  await shown(page.getByRole("alert").filter({ hasText: "Enter the expiry date as MM/YY, like 12/29." }));
  const future = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
  await expiry.fill(future);
  await cvc.fill("12");
  await page.getByRole("button", { name: "Pay $50.00" }).click();
  await shown(page.getByRole("alert").filter({ hasText: "Enter the 3 or 4 digits of the CVC." }));
  expect(page.url()).toContain("/test-checkout");
  // Nothing was paid while the card was wrong.
  expect((await client.get("/api/auth/me")).body.status).toBe("awaiting_payment");

  await cvc.fill("737");
  await page.getByRole("button", { name: "Pay $50.00" }).click();
  await shown(page.getByRole("heading", { name: "Payment Successful!" }));
  await context.close();
});

test("a Verified plumber of the directory who serves the property's ZIP code is offered on a plumbing request, and the owner assigns them", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const property = await owner.post("/api/portal/properties", {
    address: { line1: "2210 W Cortland St", city: "Chicago", zip: "60647" },
    property_type: "single_family",
    units: [{ label: "House" }],
  });
  const request = await owner.post("/api/portal/maintenance", { property_id: property.body.id, title: "Basement drain backs up", description: "After every rain", category: "plumbing", priority: "high" });
  const plumber = ctx.server.client();
  const signed = await applyAndSign(plumber, "Basic", { property_management_status: "Contractor", license_status: "Licensed", specialty_skills: ["Plumbing"] });
  const listing = await plumber.put("/api/contractors/me", { business_name: "Logan Square Plumbing", trades: ["Plumbing"], zips: ["60647"], counties: ["Cook"] });
  const staff = ctx.server.client();
  await signInAsAdmin(ctx.server.services, staff);
  expect((await staff.post(`/api/admin/contractors/${listing.body.id}/verification`, { status: "approved", note: "IDPH licence checked" })).status).toBe(200);

  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[1].viewport, owner);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/portal/maintenance/${request.body.id}`);
  const assign = page.getByRole("region", { name: "Assign a contractor from the directory" });
  const choice = assign.getByLabel("Verified Plumbing contractors serving 60647");
  await shown(choice);
  await choice.selectOption({ label: "Logan Square Plumbing" });
  await assign.getByRole("button", { name: "Assign and email the job" }).click();
  await shown(assign.getByRole("status").filter({ hasText: "The job was emailed." }));
  await shown(page.getByText("Logan Square Plumbing").first());
  expect((await latestEmail(ctx.server.services, signed.email, "maintenance_job")).text).toContain("Basement drain backs up");
  await context.close();
});

test("a Standard owner who clicks to buy a Schedule E report is told first that Premium includes it and what upgrading costs, and may step back", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[0].viewport, owner);
  const page = await context.newPage();
  const year = new Date().getFullYear() - 1;
  await page.goto(`${ctx.server.url}/portal/reports/schedule-e?year=${year}`);
  await page.getByRole("button", { name: `Buy the ${year} Schedule E Report` }).click();
  const warning = page.getByRole("alertdialog", { name: `Before you buy the ${year} Schedule E report` });
  await shown(warning);
  await shown(warning.getByText(/Premium includes the Schedule E report for every tax year\. Upgrading from Standard \(\$50\/month\) to Premium \(\$100\/month\) costs \$50 more a month/));
  await shown(warning.getByText(/not refunded or credited if you upgrade later/));
  await warning.getByRole("button", { name: "Not Now" }).click();
  expect(new URL(page.url()).pathname).toBe("/portal/reports/schedule-e");
  // No checkout was started.
  expect((await owner.get("/api/portal/purchases")).body.purchases).toEqual([]);
  await context.close();
});

test("a bank import flags a near-duplicate of a recorded expense, and the owner categorises every row of a payee at once", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const property = await owner.post("/api/portal/properties", { address: { line1: "1550 N Damen Ave", city: "Chicago", zip: "60622" }, property_type: "single_family", units: [{ label: "House" }] });
  await owner.post("/api/portal/expenses", { property_id: property.body.id, date: "2026-03-02", amount_cents: 8_641, payee: "ACE HARDWARE #1234", category: "repairs" });
  const csv = ["Date,Description,Amount", "03/02/2026,ACE HARDWARE 1234,-86.41", "03/09/2026,HOME DEPOT 1902,-40.00", "03/16/2026,HOME DEPOT 1902,-25.50", "03/20/2026,COMED,-88.00"].join("\n");
  const context = await contextAs(ctx.browser, ctx.server.url, VIEWPORTS[0].viewport, owner);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/portal/expenses/import`);
  await page.getByLabel("Bank or card export (CSV)").setInputFiles({ name: "march.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview Import" }).click();
  const rows = page.getByRole("list", { name: "Rows of the export" });
  await shown(rows.getByText("Likely duplicate of ACE HARDWARE #1234, already recorded"));
  await page.getByLabel("Category of every row of HOME DEPOT").selectOption("supplies");
  for (const line of [3, 4]) expect(await page.getByLabel(`Category of line ${line}`).inputValue()).toBe("supplies");
  expect(await page.getByLabel("Category of line 5").inputValue()).toBe("");
  await page.getByRole("button", { name: "Import 3 Expenses" }).click();
  await shown(page.getByText("Imported 3 expenses from march.csv."));
  const expenses = (await owner.get("/api/portal/expenses")).body.expenses as { payee: string; category: string | null }[];
  expect(expenses.filter((e) => e.payee === "HOME DEPOT 1902").map((e) => e.category)).toEqual(["supplies", "supplies"]);
  expect(expenses.filter((e) => e.payee.startsWith("ACE HARDWARE"))).toHaveLength(1);
  await context.close();
});

test("under the owner's grant, staff open a lease's ledger in the admin area and record a payment; the owner's ledger and \"who did what\" show it", async () => {
  const { adminUsers } = await import("../../src/server/db/schema.ts");
  const { createSession } = await import("../../src/server/domain/sessions.ts");
  const owner = ctx.server.client();
  await paidOwner(owner, "Premium", { first_name: "Ines", last_name: "Morales" });
  const property = await owner.post("/api/portal/properties", { address: { line1: "3300 W Fullerton Ave", city: "Chicago", zip: "60647" }, property_type: "single_family", units: [{ label: "House" }] });
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: new Date().toISOString().slice(0, 8) + "01",
    end_date: null,
    rent_cents: 180_000,
    due_day: 1,
    deposit_cents: 0,
    late_fee: null,
    tenants: [{ first_name: "Omar", last_name: "Haddad" }],
  });
  await owner.put("/api/portal/staff-access");

  const [admin] = await ctx.server.services.db.select().from(adminUsers).limit(1);
  const { token } = await createSession(ctx.server.services.db, { kind: "admin", adminId: admin!.id }, ctx.server.services.now());
  const staffContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staffContext.addCookies([{ name: "lpa_admin", value: token, url: ctx.server.url }]);
  const staff = await staffContext.newPage();
  await staff.goto(`${ctx.server.url}/admin`);
  await staff.getByRole("tab", { name: "Services" }).click();
  await staff.getByRole("button", { name: "Open books of Ines Morales" }).click();
  await staff.getByRole("button", { name: "Open the ledger of Omar Haddad" }).click();
  const ledger = staff.getByRole("region", { name: "Ledger of Omar Haddad" });
  await shown(ledger.getByText("Ledger of Omar Haddad: balance $1,800.00"));
  await ledger.getByRole("button", { name: "Record a Payment" }).click();
  const dialog = staff.getByRole("dialog", { name: "Record a payment" });
  await dialog.getByLabel("Amount ($)").fill("1,800.00");
  await dialog.getByLabel("Check or reference number (optional)").fill("Check 502");
  await dialog.getByRole("button", { name: "Record Payment" }).click();
  await shown(ledger.getByText("Ledger of Omar Haddad: balance $0.00"));
  await shown(ledger.getByText(/Payment received \(Check 502\) \(recorded by staff\)/));
  await staffContext.close();

  const ownLedger = (await owner.get(`/api/portal/leases/${lease.body.id}/ledger`)).body;
  expect(ownLedger.balance_cents).toBe(0);
  expect(ownLedger.entries.find((e: { kind: string }) => e.kind === "payment")).toMatchObject({ source: "staff", reference: "Check 502" });
  const activity = (await owner.get("/api/portal/staff-access")).body.activity as { label: string; who: string }[];
  expect(activity.find((a) => a.label === "Recorded a rent payment")).toMatchObject({ who: admin!.fullName });
});
