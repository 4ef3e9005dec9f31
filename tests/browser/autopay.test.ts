import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday, dateLabel, dayOf, firstDayOf, nextPeriod, periodOf, plusDays, plusMonths } from "../../src/shared/calendar.ts";
import { runAutopay } from "../../src/server/domain/portal/autopay.ts";
import { seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { latestEmail, paidOwner } from "../support/fixtures.ts";
import { trpcCall } from "../support/billing.ts";

// Autopay and receipts in Chromium (issue 30, items 3 and 4): the tenant turns autopay on through
// the TEST MODE setup page after reading the authorization, the owner sees who is on autopay, the
// due day's job charges the rent and it lands on both ledgers with its receipt, the owner emails
// the receipt again, and the tenant stops autopay.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

describe("autopay in the tenant portal", () => {
  test("turned on through the test provider's setup page; the due-day charge lands on the ledger with its receipt; stopped again", async () => {
    const today = chicagoToday(ctx.server.services.now());
    // Due tomorrow (or on the 1st, late in a month), so the charge comes a few days from now at most.
    const tomorrow = plusDays(today, 1);
    const dueDay = Number(tomorrow.slice(8)) <= 28 ? Number(tomorrow.slice(8)) : 1;
    const thisMonth = dayOf(periodOf(today), dueDay);
    const due = thisMonth > today ? thisMonth : dayOf(nextPeriod(periodOf(today)), dueDay);

    const api = ctx.server.client();
    await paidOwner(api, "Standard", { first_name: "Omar", last_name: "Autopay" });
    const property = await api.post("/api/portal/properties", { address: { line1: "2210 W Cermak Rd", city: "Chicago", zip: "60608" }, property_type: "single_family", units: [{ label: "1" }] });
    const email = `tess.${Date.now()}@tenants.example.net`;
    const lease = await api.post("/api/portal/leases", {
      unit_id: property.body.units[0].id,
      start_date: firstDayOf(plusMonths(periodOf(today), -1)),
      rent_cents: 120_000,
      due_day: dueDay,
      late_fee: null,
      tenants: [{ first_name: "Tess", last_name: "Renter", email }],
    });
    const leaseId = lease.body.id as string;
    // What is owed so far is paid by check: the due day's charge is that day's rent.
    const owed = (await api.get(`/api/portal/leases/${leaseId}/ledger`)).body.balance_cents;
    if (owed > 0) await api.post(`/api/portal/leases/${leaseId}/payments`, { amount_cents: owed, paid_on: today, method: "check", send_receipt: false });
    await api.post(`/api/portal/leases/${leaseId}/tenants/${lease.body.tenants[0].id}/invite`);
    const onboarding = await api.post("/api/portal/payouts");
    await trpcCall(api, "mutation", "public.testProvider.completeOnboarding", { account: new URL(onboarding.body.onboarding_url).searchParams.get("account") });

    const tenantContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const ownerContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const tenant = await tenantContext.newPage();
      const errors: string[] = [];
      tenant.on("pageerror", (e) => errors.push(e.message));
      const link = (await latestEmail(ctx.server.services, email, "tenant_invite")).text.match(/https?:\/\/\S+\/tenant\/link\?token=[a-z2-7]{32}/)![0];
      await tenant.goto(link);
      await tenant.getByRole("button", { name: "Sign In" }).click();
      await tenant.waitForURL(/\/tenant$/);
      const home = tenant.getByRole("region", { name: "2210 W Cermak Rd, unit 1" });
      await shown(home.getByRole("heading", { name: "Autopay" }));

      // The limit, and the authorization's words for it, before agreeing.
      const form = home.getByRole("form", { name: "Set up autopay" });
      await form.getByLabel("Most to charge at a time ($)").fill("1500.00");
      await shown(form.getByText("never more than $1,500.00 in one charge", { exact: false }));
      expect(await seriousViolations(tenant)).toEqual([]);
      await form.getByRole("button", { name: "Agree and set up autopay" }).click();
      await shown(form.getByText("Tick the box to agree to the authorization."));
      await form.getByLabel("I agree to this authorization and sign it electronically.").check();
      await form.getByRole("button", { name: "Agree and set up autopay" }).click();

      // The TEST MODE setup page saves the test card, and returns to the portal.
      await tenant.waitForURL(/\/test-autopay-setup\?session_id=/);
      await shown(tenant.getByText("TEST MODE: no real card is charged"));
      await tenant.getByRole("button", { name: "Save for autopay" }).click();
      await tenant.waitForURL(/\/tenant\/autopay\//);
      await shown(tenant.getByRole("status").filter({ hasText: "Autopay is on: Visa ending in 4242, up to $1,500.00 on each due day." }));
      await tenant.getByRole("link", { name: "Back to my home" }).click();
      await shown(home.getByText("Autopay is on: Visa ending in 4242, up to $1,500.00 on each due day."));

      // The owner sees who pays by autopay.
      await ownerContext.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
      const owner = await ownerContext.newPage();
      await owner.goto(`${ctx.server.url}/portal/leases/${leaseId}`);
      await shown(owner.getByText("On autopay: Visa ending in 4242, up to $1,500.00"));

      // The due day: the day's job charges the rent, and it lands on the ledger.
      ctx.server.clock.set(new Date(`${due}T15:00:00Z`));
      expect((await runAutopay(ctx.server.services, due)).charged).toBe(1);
      await tenant.getByRole("link", { name: "See my ledger" }).click();
      await shown(tenant.getByText("Autopay payment by card"));
      await shown(tenant.getByText("Your balance is paid up."));
      const receiptName = `Receipt of the payment of $1,200.00 on ${dateLabel(due)}`;
      const [download] = await Promise.all([tenant.waitForEvent("download"), tenant.getByRole("link", { name: receiptName }).click()]);
      expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}-R-[0-9A-F]{8}\.pdf$/);

      // The owner sees it too, and emails its receipt again.
      await owner.reload();
      await shown(owner.getByText("Autopay payment by card").filter({ visible: true }));
      await owner.getByRole("button", { name: `Email the receipt of the payment of $1,200.00 on ${dateLabel(due)} to the tenants` }).filter({ visible: true }).click();
      await shown(owner.getByRole("status").filter({ hasText: `Emailed to ${email}.` }));

      // The tenant stops autopay, after confirming.
      await tenant.goto(`${ctx.server.url}/tenant`);
      await shown(home.getByText("Last charge: $1,200.00", { exact: false }));
      await home.getByRole("button", { name: "Stop autopay" }).click();
      const dialog = tenant.getByRole("alertdialog");
      await shown(dialog.getByText("Stop autopay?"));
      await dialog.getByRole("button", { name: "Stop autopay" }).click();
      await shown(home.getByRole("button", { name: "Agree and set up autopay" }));
      await shown(home.getByText("Autopay is off since", { exact: false }));
      await owner.reload();
      await shown(owner.getByText("Autopay off (stopped)"));
      expect(errors).toEqual([]);
    } finally {
      await tenantContext.close();
      await ownerContext.close();
    }
  });
});
