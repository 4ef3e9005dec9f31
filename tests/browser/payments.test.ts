import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { members, subscriptions } from "../../src/server/db/schema.ts";
import { CARD_DECLINED_MESSAGE } from "../../src/shared/billing.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { applyAndSign, latestEmail, signInAsAdmin } from "../support/fixtures.ts";
import type { ApiClient } from "../support/harness.ts";

const ctx = serverAndBrowser();

async function memberRow(email: string) {
  const [row] = await ctx.server.services.db.select().from(members).where(eq(members.email, email));
  return row!;
}

/** A browser context signed in as the member the API client became. */
async function contextFor(client: ApiClient): Promise<BrowserContext> {
  const context = await ctx.browser.newContext();
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
  return context;
}

test("a new visitor applies for Standard, signs, pays with the test card and sees 50.00 USD Completed", async () => {
  const context = await ctx.browser.newContext();
  const page = await context.newPage();
  const email = `olivia.brandt.${Date.now()}@members.example.org`;
  await page.goto(ctx.server.url);
  await page.getByRole("button", { name: "Apply for Membership" }).click();
  await page.getByLabel("First Name").fill("Olivia");
  await page.getByLabel("Last Name").fill("Brandt");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(312) 555-0199");
  await page.getByLabel("Membership Level", { exact: true }).selectOption("Standard");
  await page.getByLabel("Management Status", { exact: true }).selectOption("Self-managed");
  await page.getByRole("checkbox", { name: /terms/ }).check();
  await page.getByRole("checkbox", { name: /acknowledge/ }).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
  await page.getByLabel("Type your full name to sign").fill("Olivia Brandt");
  await page.getByRole("checkbox", { name: /electronic signature/ }).check();
  await page.getByRole("button", { name: "Sign Agreement" }).click();
  await shown(page.getByRole("heading", { name: "Agreement signed" }));
  await shown(page.getByText(/renews automatically every month at \$50\/month/));

  // Two seconds later the browser is at the test provider's checkout.
  await page.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 8000 });
  await shown(page.getByText("TEST MODE", { exact: false }));
  await shown(page.getByRole("heading", { name: "Standard Membership" }));
  await shown(page.getByText(/Renewal terms:/));
  expect(await page.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $50.00" }).click();

  await page.waitForURL(/\/payment-success\?session_id=cs_test_/, { timeout: 8000 });
  await shown(page.getByRole("heading", { name: "Payment Successful!" }));
  await shown(page.getByText("50.00 USD"));
  await shown(page.getByText("USD", { exact: true }));
  await shown(page.getByText("Completed", { exact: true }));
  await shown(page.getByRole("link", { name: "Go to Portal Now" }));

  // The portal account step comes before any automatic redirect; the suggestion is letters only.
  await shown(page.getByRole("heading", { name: "Create your portal account" }));
  expect(await page.getByLabel("Username").inputValue()).toBe("oliviabrandt");
  // No countdown (and so no redirect timer) until the account exists.
  expect(await page.getByText(/Taking you to your Standard portal/).count()).toBe(0);
  await page.getByLabel("Password").fill("a very good password");
  // The address is proved with an emailed code before the password is kept.
  await page.getByRole("button", { name: "Email Me a Code" }).click();
  await shown(page.getByText(`We emailed a 6-digit code to ${email}`));
  const code = (await latestEmail(ctx.server.services, email, "email_code")).subject.match(/\b(\d{6})\b/)![1]!;
  await page.getByLabel("Code from your email").fill(code);
  await page.getByRole("button", { name: "Create Portal Account" }).click();
  await shown(page.getByText(/Taking you to your Standard portal/));
  await page.getByRole("button", { name: "Stay on this page" }).click();

  const member = await memberRow(email);
  expect(member).toMatchObject({ membershipLevel: "Standard", status: "active", username: "oliviabrandt" });
  expect(member.passwordHash).toStartWith("$argon2id$");
  await context.close();
});

test("the declined card shows its message and no subscription; Try Payment Again returns to checkout", async () => {
  const client = ctx.server.client();
  const signed = await applyAndSign(client, "Premium");
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
  const context = await contextFor(client);
  const page = await context.newPage();
  await page.goto(new URL(initiated.body.checkout_url, ctx.server.url).toString());
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $100.00" }).click();
  await shown(page.getByRole("alert").filter({ hasText: CARD_DECLINED_MESSAGE }));
  expect(page.url()).toContain("/test-checkout");
  const member = await memberRow(signed.email);
  expect(member.status).toBe("awaiting_payment");
  expect(await ctx.server.services.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id))).toHaveLength(0);

  // The way back goes to the cancel URL; Try Payment Again starts a new checkout.
  await page.getByRole("link", { name: "Cancel and return" }).click();
  await page.waitForURL(/\/payment-cancelled$/);
  await shown(page.getByText("Approved & Contract Signed"));
  await shown(page.getByText("Awaiting Payment"));
  await page.getByRole("button", { name: "Try Payment Again" }).click();
  await page.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 8000 });
  await shown(page.getByRole("button", { name: "Pay $100.00" }));
  await context.close();
});

test("a Basic member upgrades to Premium from the portal", async () => {
  const client = ctx.server.client();
  const signed = await applyAndSign(client, "Basic");
  const context = await contextFor(client);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/basic-portal`);
  await page.getByRole("button", { name: /Upgrade to Premium/ }).click();
  await page.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 8000 });
  await page.getByRole("button", { name: "Pay $100.00" }).click();
  await page.waitForURL(/\/upgrade-success\?session_id=cs_test_/, { timeout: 8000 });
  await shown(page.getByRole("heading", { name: "Upgrade Successful!" }));
  await shown(page.getByText("Premium Member"));
  await shown(page.getByText("$100/month"));
  expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Premium", status: "active" });

  // Without a session id the completion is skipped and the failure view shows.
  await page.goto(`${ctx.server.url}/upgrade-success`);
  await shown(page.getByRole("heading", { name: "Upgrade Failed" }));
  await shown(page.getByRole("link", { name: "Return to Portal" }));
  await context.close();
});

test("a paid member cancels, keeps access until the period end, then is Basic", async () => {
  const client = ctx.server.client();
  const signed = await applyAndSign(client, "Standard");
  const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, {});
  await trpcCall(client, "mutation", "public.testProvider.pay", { session_id: sessionIdOf(initiated.body.checkout_url), card_number: "4242424242424242" });
  const context = await contextFor(client);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/basic-portal`);
  await page.getByRole("button", { name: "Manage Subscription & Billing" }).click();
  const dialog = page.getByRole("dialog");
  await shown(dialog.getByText("Standard", { exact: true }));
  await shown(dialog.getByText("Active", { exact: true }));
  await shown(dialog.getByText("50.00 USD"));
  await shown(dialog.getByText(/stays active until .*then returns to Basic/));
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await dialog.getByLabel("Reason for cancelling (optional)").fill("Selling my last rental");
  await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
  await shown(dialog.getByText(/Subscription cancelled successfully!/));
  await shown(dialog.getByText(/Cancels on /));
  expect(await dialog.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
  expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Standard", status: "active" });

  // An admin moves the test clock past the period end from the admin area's Payments tab.
  const adminContext = await ctx.browser.newContext();
  const adminClient = ctx.server.client();
  await signInAsAdmin(ctx.server.services, adminClient);
  await adminContext.addCookies([...adminClient.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${ctx.server.url}/admin`);
  await adminPage.getByRole("tab", { name: "Payments" }).click();
  const clock = adminPage.getByRole("region", { name: "Test clock (TEST MODE)" });
  await shown(clock.getByRole("cell", { name: signed.email }));
  await clock.getByRole("button", { name: "Advance 7 days" }).click();
  await shown(clock.getByText(/7 days ahead/));
  expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Standard" });
  await clock.getByRole("button", { name: "Advance 1 month" }).click();
  await shown(clock.getByText(/38 days ahead/));
  await adminContext.close();
  expect(await memberRow(signed.email)).toMatchObject({ membershipLevel: "Basic", status: "active" });
  await page.reload();
  await page.getByRole("button", { name: "Manage Subscription & Billing" }).click();
  await shown(page.getByRole("dialog").getByText("Free (Basic)"));
  await context.close();
});
