import { expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { PAID_LEVELS, priceTable } from "../../src/shared/membership.ts";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { applyAndSign, paidOwner } from "../support/fixtures.ts";

// The owner portal's words agree with the data and the price table (issue 31 item 7): the level a
// Basic member needs, a count in the singular, a voided entry in words of its own, a payment
// confirmed, a purchase named by what it is for, a new case's stage as it is.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

async function pageOf(client: { cookies: Map<string, string> }) {
  const context = await ctx.browser.newContext();
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
  return { context, page: await context.newPage() };
}

test("a Basic member is told the owner portal needs the cheapest paid level of the price table", async () => {
  const cheapest = [...PAID_LEVELS].sort((a, b) => priceTable[a].monthlyCents - priceTable[b].monthlyCents)[0]!;
  expect(cheapest).toBe("Standard");
  const basic = ctx.server.client();
  await applyAndSign(basic, "Basic");
  const { context, page } = await pageOf(basic);
  await page.goto(`${ctx.server.url}/portal`);
  await shown(page.getByRole("heading", { name: `${cheapest} Membership Required` }));
  expect(await page.getByText("Premium Portal Access Required").count()).toBe(0);
  await context.close();
});

test("one expense totals as one expense; a ledger row says its kind once, and a voided entry reads apart from its description; a recorded payment, charge, void and expense are confirmed; a purchase and a new case say what they are", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const property = (await owner.post("/api/portal/properties", { name: "1842 W Cermak Rd", address: { line1: "1842 W Cermak Rd", city: "Chicago", zip: "60608" }, property_type: "multi_family", units: [{ label: "2" }] })).body;
  const today = chicagoToday(ctx.server.services.now());
  const lease = (await owner.post("/api/portal/leases", { unit_id: property.units[0].id, start_date: `${plusMonths(periodOf(today), -1)}-01`, rent_cents: 130_000, deposit_cents: 130_000, due_day: 1, tenants: [{ first_name: "Rosa", last_name: "Diaz" }] })).body;
  expect((await owner.post("/api/portal/expenses", { property_id: property.id, date: today, amount_cents: 8_641, payee: "Ace Hardware", category: "repairs" })).status).toBe(201);
  const ledger = (await owner.get(`/api/portal/leases/${lease.id}/ledger`)).body;
  const rent = ledger.entries.find((e: { kind: string }) => e.kind === "rent");
  expect((await owner.post(`/api/portal/ledger/${rent.id}/void`, { reason: "Entered twice" })).status).toBe(201);
  const opened = await owner.post("/api/portal/evictions", { lease_id: lease.id, ground: "unpaid_rent", jurisdiction: "chicago" });
  expect(opened.status).toBe(201);
  // A case opens before any notice exists: its stage says so.
  expect(opened.body.stage_label).toBe("Opened: no notice yet");
  expect((await owner.post("/api/portal/purchases", { item: "eviction_case", reference: opened.body.id })).status).toBe(200);

  const { context, page } = await pageOf(owner);
  await page.goto(`${ctx.server.url}/portal/expenses`);
  await shown(page.getByRole("rowheader", { name: "Total (1 expense)" }));

  await page.goto(`${ctx.server.url}/portal/leases/${lease.id}`);
  const table = page.getByRole("table", { name: /Ledger of Rosa Diaz/ });
  await shown(table.getByText("(voided)"));
  const entryText = await table.getByRole("row").filter({ hasText: "(voided)" }).first().getByRole("cell").nth(1).textContent();
  expect(entryText).toMatch(/\S \(voided\)/);
  // Each row says its kind once: "Security deposit", not "Security deposit · Security deposit";
  // "Rent for …", not "Rent · Rent for …".
  const entryCells = (await table.getByRole("row").evaluateAll((rows) => rows.map((r) => r.querySelectorAll("td")[1]?.textContent ?? ""))).filter(Boolean);
  expect(entryCells).toContain("Security deposit");
  expect(entryCells.some((t) => /^Rent for \w+ \d{4}/.test(t))).toBe(true);
  for (const text of entryCells) expect(text).not.toMatch(/^(Rent|Security deposit|Payment|Void) · \1/i);

  await page.getByRole("button", { name: "Record a payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record a payment" });
  await payment.getByLabel("Amount ($)").fill("500");
  await payment.getByRole("button", { name: "Record Payment" }).click();
  await shown(page.getByRole("status").filter({ hasText: /Payment of \$500\.00 on .* recorded\. Balance now/ }));

  // A charge added and an entry voided are confirmed in words too, with the balance after them.
  await page.getByRole("button", { name: "Add a charge or credit" }).click();
  const charge = page.getByRole("dialog", { name: "Add a charge or credit" });
  await charge.getByLabel("Amount ($)").fill("35");
  await charge.getByLabel("Description").fill("Key replacement");
  await charge.getByRole("button", { name: "Add to Ledger" }).click();
  await shown(page.getByRole("status").filter({ hasText: /^Fee of \$35\.00 on .* recorded\. Balance now \$/ }));
  await table.getByRole("button", { name: /^Void Fee of / }).click();
  await page.getByRole("dialog", { name: "Void this entry" }).getByLabel("Why is it voided").fill("Key was found");
  await page.getByRole("dialog", { name: "Void this entry" }).getByRole("button", { name: "Void Entry" }).click();
  await shown(page.getByRole("status").filter({ hasText: /^Fee of .* voided\. Balance now \$/ }));

  // So is an expense recorded on its page, and one deleted.
  await page.goto(`${ctx.server.url}/portal/expenses`);
  await page.getByRole("button", { name: "Record an Expense" }).click();
  const expense = page.getByRole("dialog", { name: "Record an expense" });
  await expense.getByLabel("Amount ($)").fill("42.10");
  await expense.getByLabel("Payee").fill("Home Depot");
  await expense.getByRole("button", { name: "Save Expense" }).click();
  await shown(page.getByRole("status").filter({ hasText: /^Home Depot, \$42\.10 on .*: recorded\.$/ }));
  await page.getByRole("button", { name: /^Delete Home Depot of / }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Expense" }).click();
  await shown(page.getByRole("status").filter({ hasText: /^Home Depot, \$42\.10 on .*: deleted\.$/ }));

  await page.goto(`${ctx.server.url}/portal/services`);
  const purchases = page.getByRole("table", { name: "Your purchases" });
  await shown(purchases.getByText("1842 W Cermak Rd, unit 2, Chicago, IL 60608 (Rosa Diaz)"));
  expect(await purchases.getByText(opened.body.id).count()).toBe(0);

  await page.goto(`${ctx.server.url}/portal/evictions/${opened.body.id}`);
  await shown(page.getByText("Opened: no notice yet").first());
  expect((await owner.post(`/api/portal/evictions/${opened.body.id}/notices`, { kind: "5_day" })).status).toBe(201);
  expect((await owner.get(`/api/portal/evictions/${opened.body.id}`)).body.stage_label).toBe("Notice prepared");
  await context.close();
});

test("a rent roll of one lease imports in the singular and says where each lease's books begin; the rent roll totals one lease", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Standard");
  const csv = [
    "Property address,City,State,ZIP,Property type,Unit,Tenant first name,Tenant last name,Tenant email,Tenant phone,Monthly rent,Due day,Lease start,Lease end,Deposit",
    "2417 S Oakley Ave,Chicago,IL,60608,Single-family,House,Lena,Novak,,,1400.00,1,2025-05-01,,1400.00",
  ].join("\n");
  const { context, page } = await pageOf(owner);
  await page.goto(`${ctx.server.url}/portal/import`);
  await page.getByLabel("Spreadsheet (CSV)").setInputFiles({ name: "one-lease.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview Import" }).click();
  await page.getByRole("button", { name: "Import 1 Lease" }).click();
  const done = page.getByRole("status").filter({ hasText: "Imported one-lease.csv." });
  await shown(done);
  const words = (await done.textContent())!.replace(/\s+/g, " ");
  expect(words).toContain("1 new property, 1 new unit, 1 lease with 1 tenant.");
  // Decision 0068: the books begin at the import; nothing before it is posted.
  expect(words).toContain("Each lease's books begin on the file's balance date, or today");
  expect(words).not.toContain("Past months of rent are on their ledgers");
  await page.goto(`${ctx.server.url}/portal/rent-roll`);
  await shown(page.getByText("Totals (1 lease)"));
  await context.close();
});
