import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { adminAuditLog, emailOutbox, members } from "../../src/server/db/schema.ts";
import { hidden, serverAndBrowser, shown } from "../support/browser.ts";
import { applyAndSign, latestEmail, paidOwner, signInAsAdmin } from "../support/fixtures.ts";
import { contextAs, VIEWPORTS } from "../support/journeys.ts";

// Journeys of issue 19 around paying: a signer who left the checkout, an admin who sends them the
// link, a plan change shown before it is made, and a cancellation taken back. Desktop and 390 px.
const ctx = serverAndBrowser();

async function memberRow(email: string) {
  const [row] = await ctx.server.services.db.select().from(members).where(eq(members.email, email));
  return row!;
}

async function openSubscription(page: Page) {
  await page.getByRole("button", { name: "Manage Subscription & Billing" }).click();
  const dialog = page.getByRole("dialog");
  await shown(dialog.getByRole("heading", { name: "Subscription & Billing" }));
  return dialog;
}

for (const { name: screen, viewport } of VIEWPORTS) {
  test(`a signer who left the checkout finds how to pay, pays and lands in the owner portal (${screen})`, async () => {
    const client = ctx.server.client();
    // Each run its own name: the portal username suggested from it must be free.
    const signed = await applyAndSign(client, "Premium", { first_name: "Nadia", last_name: screen === "desktop" ? "Haddad" : "Haddadin" });
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, client);
    const page = await context.newPage();

    // Coming back later, the member area says what is missing instead of calling them Premium.
    await page.goto(`${ctx.server.url}/basic-portal`);
    const card = page.getByRole("region", { name: "Complete your payment" });
    await shown(card.getByText(/first payment of \$100\/month was not made/));
    await shown(page.getByText("Premium: payment not completed"));
    expect(await page.getByText("Premium Membership", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Upgrade to Standard/ }).count()).toBe(0);
    // The subscription dialog says the same, with the amount due and the way to pay.
    const dialog = await openSubscription(page);
    await shown(dialog.getByText("Awaiting first payment"));
    await shown(dialog.getByText("100.00 USD"));
    await shown(dialog.getByRole("button", { name: "Complete Your Payment" }));
    await dialog.getByRole("button", { name: "Close" }).last().click();
    // The owner portal, asked for from the Portal Login menu, says so too.
    await page.goto(ctx.server.url);
    await page.getByRole("button", { name: "Portal Login" }).click();
    await page.getByRole("menuitem", { name: /Owner Portal/ }).click();
    await page.waitForURL(/\/portal$/);
    await shown(page.getByRole("heading", { name: "Complete your payment to open the owner portal" }));

    await page.getByRole("region", { name: "Complete your payment" }).getByRole("button", { name: "Complete Your Payment" }).click();
    await page.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 8000 });
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await page.waitForURL(/\/payment-success\?session_id=/, { timeout: 8000 });
    await shown(page.getByRole("heading", { name: "Payment Successful!" }));
    // The portal account step first, then into the app: the portal that was paid for.
    await page.getByLabel("Password").fill("a very good password");
    await page.getByRole("button", { name: "Email Me a Code" }).click();
    await shown(page.getByText(`We emailed a 6-digit code to ${signed.email}`));
    const code = (await latestEmail(ctx.server.services, signed.email, "email_code")).subject.match(/\b(\d{6})\b/)![1]!;
    await page.getByLabel("Code from your email").fill(code);
    await page.getByRole("button", { name: "Create Portal Account" }).click();
    await shown(page.getByText("Taking you to your Premium portal in 5 seconds..."));
    await page.waitForURL(/\/portal$/, { timeout: 9000 });
    await shown(page.getByRole("heading", { name: "Premium Member Portal" }));
    expect(await page.getByRole("region", { name: "Complete your payment" }).count()).toBe(0);
    expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Premium", status: "active" });
    await context.close();
  });

  test(`an admin sees a signer who has not paid as such and sends them a payment link (${screen})`, async () => {
    const signed = await applyAndSign(ctx.server.client(), "Standard", { first_name: "Priya", last_name: `Raman${screen.length}` });
    const admin = ctx.server.client();
    await signInAsAdmin(ctx.server.services, admin);
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, admin);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin`);
    await shown(page.getByText("Signed, Unpaid (Standard or Premium)"));
    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByLabel("Search members").fill(signed.email);
    await page.getByLabel("Search members").press("Enter");
    const row = page.getByRole("row").filter({ hasText: signed.email });
    await shown(row.getByText("Signed, unpaid"));
    await row.getByRole("button", { name: `Send payment link to ${signed.payload.first_name} ${signed.payload.last_name}` }).click();
    const ask = page.getByRole("alertdialog");
    await shown(ask.getByText(`Email ${signed.email} a link to sign in and complete the payment?`));
    await ask.getByRole("button", { name: "Send Payment Link" }).click();
    await shown(page.getByText(`A payment link was emailed to ${signed.email}.`));
    const member = await memberRow(signed.email);
    const mail = await latestEmail(ctx.server.services, signed.email, "payment_reminder");
    expect(mail.text).toContain("/account/link?token=");
    expect(await ctx.server.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, member.id))).toHaveLength(1);

    // Deactivating asks first, and deleting names the member; both are cancelled here.
    await row.getByRole("button", { name: /^Deactivate / }).click();
    await shown(page.getByRole("alertdialog").getByText(/will be signed out everywhere/));
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await row.getByRole("button", { name: /^Delete / }).click();
    await shown(page.getByRole("alertdialog").getByText(`Are you sure you want to delete ${signed.payload.first_name} ${signed.payload.last_name} (${signed.email}) and all their data?`));
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    expect(await memberRow(signed.email)).toMatchObject({ isActive: true, deletedAt: null });

    // The audit log names the member, not an id.
    await page.getByRole("tab", { name: "Audit Log" }).click();
    const entry = page.getByRole("row").filter({ hasText: "Sent payment link" }).first();
    await shown(entry.getByText(signed.email, { exact: false }));
    await context.close();
  });

  test(`a Standard member sees the price of Premium before changing, changes, and goes back to Standard (${screen})`, async () => {
    const client = ctx.server.client();
    const owner = await paidOwner(client, "Standard");
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, client);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/portal`);
    let dialog = await openSubscription(page);
    await dialog.getByRole("button", { name: "Upgrade to Premium" }).click();
    const change = dialog.getByRole("region", { name: "Change to Premium" });
    await shown(change.getByText(/Change from Standard to Premium \(\$100\/month\)\. \d+\.\d\d USD is charged to your card now/));
    await shown(change.getByText(/Your next bill is 100\.00 USD on /));
    // Nothing has changed before the confirmation.
    expect(await memberRow(owner.email)).toMatchObject({ membershipLevel: "Standard" });
    await change.getByRole("button", { name: "Confirm Change to Premium" }).click();
    await page.waitForURL(/\/upgrade-success\?session_id=chg_/, { timeout: 8000 });
    await shown(page.getByRole("heading", { name: "Upgrade Successful!" }));
    await page.getByRole("link", { name: "Access Your Portal" }).click();
    await page.waitForURL(/\/portal$/);
    await shown(page.getByRole("heading", { name: "Premium Member Portal" }));

    dialog = await openSubscription(page);
    await dialog.getByRole("button", { name: "Switch to Standard" }).click();
    const back = dialog.getByRole("region", { name: "Change to Standard" });
    await shown(back.getByText(/is credited toward your next bills/));
    await back.getByRole("button", { name: "Confirm Change to Standard" }).click();
    await page.waitForURL(/\/upgrade-success\?session_id=chg_/, { timeout: 8000 });
    await shown(page.getByText("Standard Member", { exact: true }));
    expect(await memberRow(owner.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });
    await context.close();
  });

  test(`a member who cancelled sees when it ends, reaches the invoices and resumes (${screen})`, async () => {
    const client = ctx.server.client();
    const owner = await paidOwner(client, "Standard");
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, client);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/portal`);
    let dialog = await openSubscription(page);
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
    await shown(dialog.getByText(/Subscription cancelled successfully!/));
    await dialog.getByRole("button", { name: "Close" }).last().click();
    // Beside the level in the header.
    await shown(page.getByText(/^Cancels on [A-Z][a-z]+ \d+, \d{4}$/));

    // The invoices stay in reach: the billing portal opens in this tab.
    dialog = await openSubscription(page);
    await shown(dialog.getByRole("button", { name: "Resume Subscription" }));
    await dialog.getByRole("button", { name: "Invoices & Billing Portal" }).click();
    await page.waitForURL(/\/test-billing\?session=/);
    await shown(page.getByRole("heading", { name: "Invoices" }));
    await shown(page.getByText("50.00 USD").first());
    expect(context.pages()).toHaveLength(1);
    await page.goBack();

    dialog = await openSubscription(page);
    await dialog.getByRole("button", { name: "Resume Subscription" }).click();
    await shown(dialog.getByText(/Subscription resumed\. Your Standard membership continues and renews on /));
    await shown(dialog.getByRole("button", { name: "Cancel Subscription" }));
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await hidden(page.getByText(/^Cancels on /));
    const resumedEmails = await ctx.server.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email));
    expect(resumedEmails.map((m) => m.template)).toContain("subscription_resumed");
    await context.close();
  });
}
