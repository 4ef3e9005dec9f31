import { expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { latestEmail, paidOwner } from "../support/fixtures.ts";
import { pdfBytes } from "../support/files.ts";

// A Chicago lease signed online in Chromium (PORTAL.md 8a): the owner sends the association's lease
// with the City's two summaries (Municipal Code 5-12-170), the tenant reads and signs it in the
// tenant portal, the owner countersigns and downloads the signed PDF; then renews it, and the Fair
// Notice check (5-12-130(j)) is said before the renewal is made.

setDefaultTimeout(180_000);
const ctx = serverAndBrowser();

async function browserFor(cookie: { name: string; value: string }) {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, acceptDownloads: true });
  await context.addCookies([{ ...cookie, url: ctx.server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

test("owner sends, tenant signs, owner countersigns and downloads the signed lease; a renewal says when Fair Notice runs out; the search box finds the tenant", async () => {
  const api = ctx.server.client();
  await paidOwner(api, "Standard", { first_name: "Nadia", last_name: "Okafor" });
  const property = await api.post("/api/portal/properties", {
    address: { line1: "1410 W Belmont Ave", city: "Chicago", zip: "60657" },
    property_type: "multi_family",
    units: [{ label: "2R" }, { label: "1F" }],
    jurisdiction: "chicago",
    owner_occupied: false,
    owner_occupied_confirmed: true,
  });
  const email = `sam.${Date.now()}@tenants.example.net`;
  const lease = await api.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: "2025-06-01",
    end_date: "2027-05-31",
    rent_cents: 165_000,
    due_day: 1,
    deposit_cents: 0,
    tenants: [{ first_name: "Sam", last_name: "Reyes", email }],
  });
  const leaseId = lease.body.id as string;
  const dir = mkdtempSync(join(tmpdir(), "lease-"));
  const summary = join(dir, "rlto-summary.pdf");
  const rates = join(dir, "interest-rate-summary.pdf");
  writeFileSync(summary, await pdfBytes("RLTO SUMMARY"));
  writeFileSync(rates, await pdfBytes("INTEREST RATE SUMMARY"));

  const owner = await browserFor({ name: "lpa_member", value: api.cookies.get("lpa_member")! });
  await owner.page.goto(`${ctx.server.url}/portal/leases/${leaseId}`);
  const signing = owner.page.getByRole("region", { name: "Lease signed online" });
  await shown(signing, 20_000);
  await signing.getByRole("button", { name: "Send the Lease for Signature" }).click();
  await signing.getByLabel("Your address for notices and demands").fill("PO Box 5120, Chicago, IL 60680");
  await signing.getByLabel("Additional terms (utilities, pets, parking), optional").fill("Tenant pays electricity.");
  await signing.getByLabel("The City's RLTO summary (PDF)").setInputFiles(summary);
  await signing.getByLabel("The City's security deposit interest rate summary (PDF)").setInputFiles(rates);
  await signing.getByRole("button", { name: "Send to the Tenants" }).click();
  await shown(signing.getByText("Waiting for the tenants' signatures", { exact: false }));
  await shown(signing.getByText("Sam Reyes: not signed yet"));
  expect(await seriousViolations(owner.page)).toEqual([]);

  // Sam was never invited: the invitation says the lease waits; its link signs him in.
  const token = (await latestEmail(ctx.server.services, email, "tenant_invite")).text.match(/token=([a-z2-7]{32})/)![1]!;
  const tenantApi = ctx.server.client();
  await tenantApi.post("/api/tenant/sign-in-link/confirm", { token });
  const tenant = await browserFor({ name: "lpa_tenant", value: tenantApi.cookies.get("lpa_tenant")! });
  await tenant.page.goto(`${ctx.server.url}/tenant`);
  const toSign = tenant.page.getByRole("region", { name: "Your lease to sign" });
  await shown(toSign, 20_000);
  const text = toSign.getByRole("region", { name: "The lease text" });
  await shown(text.getByText("PO Box 5120, Chicago, IL 60680", { exact: false }));
  await shown(text.getByText("Tenant pays electricity.", { exact: false }));
  expect(await seriousViolations(tenant.page)).toEqual([]);
  // Signing needs the consent ticked.
  await toSign.getByLabel("Type your full name as your signature").fill("Sam Reyes");
  expect(await toSign.getByRole("button", { name: "Sign the Lease" }).isDisabled()).toBe(true);
  await toSign.getByRole("checkbox").check();
  await toSign.getByRole("button", { name: "Sign the Lease" }).click();
  await shown(tenant.page.getByRole("region", { name: "Your signed leases" }));
  await shown(tenant.page.getByText("you signed; waiting for the others", { exact: false }));

  // The owner countersigns and downloads the signed lease.
  await owner.page.reload();
  await shown(signing.getByText("Signed by every tenant", { exact: false }), 20_000);
  await signing.getByLabel("Type your full name as your signature").fill("Nadia Okafor");
  await signing.getByRole("checkbox").check();
  await signing.getByRole("button", { name: "Countersign the Lease" }).click();
  await shown(signing.getByText("Signed by everyone", { exact: false }));
  const [download] = await Promise.all([owner.page.waitForEvent("download"), signing.getByRole("link", { name: "Download the signed lease" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  // The summaries' line of the compliance calendar is done.
  const calendar = await api.get("/api/portal/compliance");
  expect(calendar.body.items.find((i: { kind: string; lease_id: string }) => i.kind === "rlto_summary" && i.lease_id === leaseId)).toMatchObject({ status: "done" });

  // Renew with a higher rent: the dialog says Fair Notice before the renewal is made.
  await owner.page.getByRole("button", { name: "Renew the lease" }).click();
  const dialog = owner.page.getByRole("dialog", { name: "Renew the lease" });
  await shown(dialog);
  await dialog.getByLabel("Monthly rent ($)").fill("1,750.00");
  await shown(dialog.getByText("Rent rises by $100.00 a month", { exact: false }));
  await shown(dialog.getByText("Chicago Municipal Code 5-12-130(j)", { exact: false }));
  expect(await seriousViolations(owner.page)).toEqual([]);
  await dialog.getByRole("button", { name: "Renew the Lease" }).click();
  await owner.page.waitForURL((url) => url.pathname.startsWith("/portal/leases/") && !url.pathname.includes(leaseId));
  await shown(owner.page.getByRole("region", { name: "Lease signed online" }).getByRole("button", { name: "Send the Lease for Signature" }), 20_000);
  expect(owner.page.url()).not.toContain(leaseId);

  // The search box finds the tenant, and the result opens a lease of theirs.
  const search = owner.page.getByRole("search", { name: "Your books" });
  await search.getByLabel("Search your books").fill("reyes");
  await search.getByRole("button", { name: "Search" }).click();
  const tenants = owner.page.getByRole("region", { name: "Tenants" });
  await shown(tenants.getByRole("link", { name: "Sam Reyes" }).first());
  expect(await seriousViolations(owner.page)).toEqual([]);
  await tenants.getByRole("link", { name: "Sam Reyes" }).first().click();
  await shown(owner.page.getByRole("region", { name: "Lease signed online" }), 20_000);
  expect([...owner.errors, ...tenant.errors]).toEqual([]);
  await owner.context.close();
  await tenant.context.close();
});
