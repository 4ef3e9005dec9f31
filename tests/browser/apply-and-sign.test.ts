import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { contracts, members } from "../../src/server/db/schema.ts";
import { serverAndBrowser, shown, until } from "../support/browser.ts";
import { apply, latestEmail } from "../support/fixtures.ts";

const ctx = serverAndBrowser();

test("a new visitor applies for Basic, signs and lands on the Basic portal seeing their name", async () => {
  const page = await ctx.browser.newPage();
  const email = `lena.kowalski.${Date.now()}@members.example.org`;
  await page.goto(ctx.server.url);
  await page.getByRole("button", { name: "Apply for Membership" }).click();

  // An incomplete form is refused with SPEC.md's words and a hint at the field.
  await page.getByLabel("First Name").fill("L");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await shown(page.getByText("Please complete all required fields and agree to the terms."));
  await shown(page.getByText("First name must be at least 2 characters"));

  await page.getByLabel("First Name").fill("Lena");
  await page.getByLabel("Last Name").fill("Kowalski");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(773) 555-0142");
  await page.getByLabel("Membership Level").selectOption("Basic");
  await page.getByLabel("Management Status").selectOption("Self-managed");
  // Contractor-only fields stay hidden for an owner.
  expect(await page.getByLabel("License Status").count()).toBe(0);
  await page.getByRole("checkbox", { name: /terms/ }).check();
  await page.getByRole("checkbox", { name: /acknowledge/ }).check();
  await page.getByRole("button", { name: "Submit Application" }).click();

  await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
  await shown(page.getByText("Auto-Approved"));
  await page.getByRole("button", { name: /Article 4\. Membership Fees/ }).click();
  await shown(page.getByText(/Basic: free/));

  const sign = page.getByRole("button", { name: "Sign Agreement" });
  await until(sign, (b) => b.isDisabled());
  await page.getByLabel("Type your full name to sign").fill("Lena Kowalski");
  await until(sign, (b) => b.isDisabled());
  await page.getByRole("checkbox", { name: /electronic signature/ }).check();
  await until(sign, (b) => b.isEnabled());
  await sign.click();

  await shown(page.getByRole("heading", { name: "Agreement signed" }));
  await page.waitForURL(/\/basic-portal$/, { timeout: 5000 });
  await shown(page.getByRole("heading", { name: /Welcome, Lena Kowalski/ }));
  await shown(page.getByText("Basic Membership", { exact: true }));
  await shown(page.getByText(email));

  const [member] = await ctx.server.services.db.select().from(members).where(eq(members.email, email));
  expect(member!.status).toBe("active");
  const signed = await ctx.server.services.db.select().from(contracts).where(eq(contracts.memberId, member!.id));
  expect(signed).toHaveLength(1);
  expect(signed[0]!.signatureName).toBe("Lena Kowalski");
  expect(signed[0]!.userAgent).toContain("Chrome");
  await page.close();
});

test("a contractor sees the license and skills fields and must choose a license", async () => {
  const page = await ctx.browser.newPage();
  await page.goto(ctx.server.url);
  // The form is loaded on demand (the landing page's first load stays small).
  await page.getByRole("button", { name: "Apply for Membership" }).click();
  await page.getByLabel("Management Status").selectOption("Contractor");
  await shown(page.getByLabel("License Status"));
  await shown(page.getByRole("group", { name: "Specialty Skills" }));
  await page.getByRole("checkbox", { name: "Plumbing" }).check();
  await page.getByLabel("First Name").fill("Dan");
  await page.getByLabel("Last Name").fill("Okafor");
  await page.getByLabel("Email").fill(`dan.${Date.now()}@trades.example.org`);
  await page.getByLabel("Phone").fill("312.555.0123");
  await page.getByLabel("Membership Level").selectOption("Basic");
  await page.getByRole("checkbox", { name: /terms/ }).check();
  await page.getByRole("checkbox", { name: /acknowledge/ }).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await shown(page.getByText("Contractors must choose a license status"));
  await page.getByLabel("License Status").selectOption("Licensed");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
  await page.close();
});

test("without a session the portal asks to sign in and shows nobody's data", async () => {
  const page = await ctx.browser.newPage();
  await page.goto(`${ctx.server.url}/basic-portal`);
  await shown(page.getByRole("heading", { name: /Sign in/ }));
  expect(await page.getByText("Basic Membership", { exact: true }).count()).toBe(0);
  await page.close();
});

test("an applicant opens the link from the application email on another device, signs there and reaches the portal", async () => {
  // The application is made on a laptop (through the API); the email's link is opened on a phone.
  const laptop = ctx.server.client();
  const { payload, applicationId } = await apply(laptop, { first_name: "Tomasz", last_name: "Nowak" });
  const received = await latestEmail(ctx.server.services, payload.email, "application_received");
  // The email links to the agreement instead of pointing at an agreement "below" that is not in it.
  expect(received.text).not.toContain("agreement below");
  const link = received.text.match(/https?:\/\/\S+\/apply\/continue\?token=[a-z2-7]{32}/)![0];

  const phone = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(link);
  await shown(page.getByRole("heading", { name: "Continue your application" }));
  await page.getByRole("button", { name: "Continue My Application" }).click();
  await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
  await page.getByLabel("Type your full name to sign").fill("Tomasz Nowak");
  await page.getByRole("checkbox", { name: /electronic signature/ }).check();
  await page.getByRole("button", { name: "Sign Agreement" }).click();
  await shown(page.getByRole("heading", { name: "Agreement signed" }));
  await page.waitForURL(/\/basic-portal$/, { timeout: 5000 });
  await shown(page.getByRole("heading", { name: /Welcome, Tomasz Nowak/ }));

  const [contract] = await ctx.server.services.db.select().from(contracts).where(eq(contracts.applicationId, applicationId));
  expect(contract!.signatureName).toBe("Tomasz Nowak");
  // The link works once: opened again it says so and offers the way back.
  const again = await phone.newPage();
  await again.goto(link);
  await again.getByRole("button", { name: "Continue My Application" }).click();
  await shown(again.getByRole("alert").filter({ hasText: "expired or has already been used" }));
  await phone.close();
});
