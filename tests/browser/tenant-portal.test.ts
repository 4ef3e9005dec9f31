import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { openPortalSection, opensPicture, seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { PNG_BYTES } from "../support/files.ts";
import { latestEmail, paidOwner } from "../support/fixtures.ts";

// The tenant portal as an owner and a tenant use it, in Chromium, on a desktop and on a 390 px
// phone: the owner invites the tenant and connects payouts (TEST MODE), the tenant opens the
// emailed link, sees the balance, pays by the test checkout, and the payment is in the owner's
// ledger; the tenant sends a request with a photo, the owner takes it to completed, and the
// tenant sees the timeline.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();
const monthStart = (months: number) => `${plusMonths(periodOf(chicagoToday(new Date())), -months)}-01`;

async function browserFor(cookie: { name: string; value: string } | null, viewport: { width: number; height: number }, bypassCSP = false) {
  const context = await ctx.browser.newContext({ viewport, bypassCSP });
  if (cookie) await context.addCookies([{ ...cookie, url: ctx.server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** An owner (signed in through the API) with a two-flat and a lease on unit 1 for Tess. */
async function ownerWithLease(tenantEmail: string) {
  const api = ctx.server.client();
  await paidOwner(api, "Standard", { first_name: "Olivia", last_name: "Brandt" });
  const property = await api.post("/api/portal/properties", {
    name: "Pilsen two-flat",
    address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
  });
  const lease = await api.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: monthStart(1),
    rent_cents: 120_000,
    due_day: 1,
    late_fee: null,
    tenants: [{ first_name: "Tess", last_name: "Renter", email: tenantEmail }],
  });
  expect(lease.status).toBe(201);
  return { api, leaseId: lease.body.id as string, cookie: { name: "lpa_member", value: api.cookies.get("lpa_member")! } };
}

const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

async function journey(viewport: { width: number; height: number }) {
  const phone = viewport.width < 500;
  const email = `tess.${Date.now()}@tenants.example.net`;
  const { leaseId, cookie } = await ownerWithLease(email);
  const owner = await browserFor(cookie, viewport);
  const contexts: BrowserContext[] = [owner.context];
  try {
    // The owner invites Tess from the lease.
    await owner.page.goto(`${ctx.server.url}/portal/leases/${leaseId}`);
    await shown(owner.page.getByRole("heading", { name: "Tenant portal" }));
    await owner.page.getByRole("button", { name: "Invite Tess" }).click();
    await shown(owner.page.getByText(`Invitation sent to ${email}.`));

    // The owner connects payouts: the TEST MODE onboarding, back to Online Rent.
    await openPortalSection(owner.page, "Online Rent");
    await owner.page.getByRole("button", { name: "Connect payouts" }).click();
    await owner.page.waitForURL(/\/test-connect\?account=/);
    await shown(owner.page.getByText("TEST MODE: no real card is charged"));
    await owner.page.getByRole("button", { name: "Finish onboarding" }).click();
    await owner.page.waitForURL(/\/portal\/payouts\?returned=1/);
    await shown(owner.page.getByText("Connected.", { exact: false }));

    // Tess opens the emailed link in her own browser.
    const invitation = await latestEmail(ctx.server.services, email, "tenant_invite");
    const link = invitation.text.match(/https?:\/\/\S+\/tenant\/link\?token=[a-z2-7]{32}/)![0];
    const tenant = await browserFor(null, viewport);
    contexts.push(tenant.context);
    await tenant.page.goto(link);
    await tenant.page.getByRole("button", { name: "Sign In" }).click();
    await tenant.page.waitForURL(/\/tenant$/);
    const home = tenant.page.getByRole("region", { name: "1834 S Loomis St, unit 1" });
    await shown(home);
    // Two months of rent (last month and this one), no late-fee policy.
    await shown(home.getByText("$2,400.00 due"));
    if (phone) await noOverflow(tenant.page);

    // She pays it all by the test card; the payment page waits for the confirmation.
    await expect(await home.getByLabel("Amount to pay ($)").inputValue()).toBe("2400.00");
    await home.getByRole("button", { name: "Pay rent online" }).click();
    await tenant.page.waitForURL(/\/test-rent-checkout\?session_id=/);
    await tenant.page.getByRole("button", { name: "Pay $2,400.00" }).click();
    await tenant.page.waitForURL(/\/tenant\/payments\//);
    await shown(tenant.page.getByRole("status").filter({ hasText: "Paid" }));
    await tenant.page.getByRole("link", { name: "See my ledger" }).click();
    await shown(tenant.page.getByText("Your balance is paid up."));
    await shown(tenant.page.getByText("Online payment by card"));

    // The owner sees it in the ledger.
    await owner.page.goto(`${ctx.server.url}/portal/leases/${leaseId}`);
    await shown(owner.page.getByText("Online payment by card").filter({ visible: true }));
    await shown(owner.page.getByText("Paid up"));

    // Tess sends a request with a photo.
    await tenant.page.getByRole("navigation", { name: "Tenant portal" }).getByRole("link", { name: "Maintenance" }).click();
    await tenant.page.getByRole("link", { name: "New request" }).click();
    await tenant.page.getByLabel("What is wrong?").fill("Kitchen sink leaks");
    await tenant.page.getByLabel("Describe the problem").fill("Water under the sink since Sunday.");
    await tenant.page.getByLabel("Category").selectOption("plumbing");
    await tenant.page.getByRole("radio", { name: /High/ }).check();
    await tenant.page.getByLabel("Someone may enter the home to fix this when no one is there").check();
    await tenant.page.getByLabel("Photo (optional)").setInputFiles({ name: "sink.png", mimeType: "image/png", buffer: Buffer.from(PNG_BYTES) });
    await tenant.page.getByRole("button", { name: "Send request" }).click();
    await shown(tenant.page.getByRole("heading", { name: "Kitchen sink leaks" }));
    const timeline = tenant.page.getByRole("list", { name: "Timeline" });
    // The photo shows as a thumbnail that opens the picture.
    expect(await opensPicture(tenant.page, timeline.getByRole("button", { name: "View sink.png" }), "sink.png")).toEqual({ thumbnail: 2, picture: 2 });
    if (phone) await noOverflow(tenant.page);

    // The owner takes it from submitted to completed, with notes.
    await openPortalSection(owner.page, "Maintenance");
    await owner.page.getByRole("link", { name: "Kitchen sink leaks" }).click();
    await shown(owner.page.getByRole("heading", { name: "Kitchen sink leaks" }));
    for (const [button, note] of [
      ["Acknowledge", "A plumber comes Tuesday morning."],
      ["Start work", ""],
      ["Mark completed", "New trap and supply line."],
    ] as const) {
      await owner.page.getByRole("button", { name: button, exact: true }).click();
      const dialog = owner.page.getByRole("dialog");
      await shown(dialog);
      if (note) await dialog.getByLabel("Note").fill(note);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await shown(owner.page.getByRole("button", { name: "Close", exact: true }));
    await shown(owner.page.getByRole("button", { name: "Reopen" }));
    if (phone) await noOverflow(owner.page);

    // Tess sees the whole timeline.
    await tenant.page.reload();
    await shown(timeline.getByText("Moved to completed"));
    await shown(timeline.getByText("A plumber comes Tuesday morning."));
    await shown(timeline.getByText("New trap and supply line."));
    expect(await timeline.getByRole("listitem").count()).toBe(5);
    expect(owner.errors).toEqual([]);
    expect(tenant.errors).toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
  }
}

describe("an owner and a tenant", () => {
  test("on a desktop: invite, sign in by the emailed link, pay in test mode, the ledger; a request with a photo taken to completed", async () => {
    await journey({ width: 1280, height: 900 });
  });

  test("on a 390 px phone: the same, nothing wider than the screen", async () => {
    await journey({ width: 390, height: 844 });
  });
});

describe("the tenant portal's pages", () => {
  test("a visitor gets the tenant sign-in; axe-core finds no serious or critical violation on the sign-in, the home, a request and the owner's maintenance list", async () => {
    const visitor = await browserFor(null, { width: 1280, height: 900 }, true);
    await visitor.page.goto(`${ctx.server.url}/tenant/leases/00000000-0000-4000-8000-000000000000`);
    await shown(visitor.page.getByRole("heading", { name: "Tenant Portal" }));
    expect(await seriousViolations(visitor.page)).toEqual([]);
    // At /tenant itself the home's figures are asked for with the session; signed out, the sign-in shows all the same.
    await visitor.page.goto(`${ctx.server.url}/tenant`);
    await shown(visitor.page.getByRole("button", { name: "Email Me a Sign-In Link" }));
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const email = `tia.${Date.now()}@tenants.example.net`;
    const { api, leaseId, cookie } = await ownerWithLease(email);
    const tenantId = (await api.get(`/api/portal/leases/${leaseId}`)).body.tenants[0].id;
    await api.post(`/api/portal/leases/${leaseId}/tenants/${tenantId}/invite`);
    const tenantApi = ctx.server.client();
    const token = (await latestEmail(ctx.server.services, email, "tenant_invite")).text.match(/token=([a-z2-7]{32})/)![1];
    await tenantApi.post("/api/tenant/sign-in-link/confirm", { token });
    const request = await tenantApi.post("/api/tenant/maintenance", { lease_id: leaseId, title: "No heat", description: "Radiators cold", category: "hvac", priority: "emergency" });

    const tenant = await browserFor({ name: "lpa_tenant", value: tenantApi.cookies.get("lpa_tenant")! }, { width: 1280, height: 900 }, true);
    const asked: string[] = [];
    tenant.page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/trpc/")) asked.push(url.pathname.slice("/trpc/".length));
    });
    await tenant.page.goto(`${ctx.server.url}/tenant`);
    await shown(tenant.page.getByText("How to pay"));
    // One round trip, not three after one another: who is signed in, the leases, and the leases to sign.
    expect(asked).toEqual(["public.tenantAuth.session,tenant.me,tenant.leaseSigning.list"]);
    await shown(tenant.page.getByText("Your landlord does not take rent online yet", { exact: false }));
    // A tenant is not a member: the footer says whom to ask, and offers none of the association's pages for members or staff.
    await shown(tenant.page.getByText("Questions about your rent, lease or a repair go to your landlord", { exact: false }));
    const footer = tenant.page.getByRole("navigation", { name: "Footer" });
    await shown(footer.getByRole("link", { name: "Verify a signed lease" }));
    expect(await footer.getByRole("link").count()).toBe(1);
    expect(await seriousViolations(tenant.page)).toEqual([]);
    await tenant.page.goto(`${ctx.server.url}/tenant/maintenance/${request.body.id}`);
    await shown(tenant.page.getByRole("heading", { name: "No heat" }));
    expect(await seriousViolations(tenant.page)).toEqual([]);
    await tenant.context.close();

    const owner = await browserFor(cookie, { width: 1280, height: 900 }, true);
    await owner.page.goto(`${ctx.server.url}/portal`);
    await shown(owner.page.getByRole("heading", { name: "An emergency maintenance request is open" }));
    await owner.page.goto(`${ctx.server.url}/portal/maintenance`);
    await shown(owner.page.getByRole("link", { name: "No heat" }));
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.context.close();
  });
});
