import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { applications, contracts } from "../../src/server/db/schema.ts";
import { serverAndBrowser, shown, until } from "../support/browser.ts";
import { apply } from "../support/fixtures.ts";
import { applyOnLandingPage, contextAs, signAgreementOnScreen, VIEWPORTS } from "../support/journeys.ts";

// Journeys of issue 19 around applying and signing, each walked on a desktop and a 390 px phone.
const ctx = serverAndBrowser();
let n = 0;
const emailFor = (name: string) => `${name}.${Date.now().toString(36)}${++n}@members.example.org`;

for (const { name: screen, viewport } of VIEWPORTS) {
  test(`an applicant who comes back later signs and reaches the portal (${screen})`, async () => {
    const context = await contextAs(ctx.browser, ctx.server.url, viewport);
    const first = await context.newPage();
    const email = emailFor("amara.okafor");
    await first.goto(ctx.server.url);
    await applyOnLandingPage(first, { first: "Amara", last: "Okafor", email, level: "Basic" });
    // The tab is closed before signing.
    await first.close();

    // Later, in the same browser, the top of the home page says an application waits for a signature.
    const later = await context.newPage();
    await later.goto(ctx.server.url);
    const note = later.getByRole("region", { name: "Your application" });
    await shown(note.getByText(/Basic membership application is approved and waiting for your signature/));
    await note.getByRole("link", { name: "Continue to sign" }).click();
    await shown(later.getByRole("heading", { name: "Application Submitted Successfully!" }));

    // The Sign button says why it is not available yet, and a signature that is not the applicant's name is refused.
    const sign = later.getByRole("button", { name: "Sign Agreement" });
    await shown(later.getByText("Type your full name and tick the consent box to sign."));
    await later.getByLabel("Type your full name to sign").fill("A. Okafor");
    await shown(later.getByText(/Type your name exactly as it is on your application, "Amara Okafor"/).first());
    await later.getByRole("checkbox", { name: /electronic signature/ }).check();
    await until(sign, (b) => b.isDisabled());
    // Case and spacing are forgiven.
    await later.getByLabel("Type your full name to sign").fill("  amara   OKAFOR ");
    await until(sign, (b) => b.isEnabled());
    await sign.click();
    await shown(later.getByRole("heading", { name: "Agreement signed" }));
    await later.waitForURL(/\/basic-portal$/, { timeout: 8000 });
    await shown(later.getByRole("heading", { name: /Welcome, Amara Okafor/ }));
    // The note about the waiting application is gone.
    expect(await later.getByRole("region", { name: "Your application" }).count()).toBe(0);
    await later.goto(ctx.server.url);
    await shown(later.getByRole("heading", { level: 1 }).first());
    expect(await later.getByRole("region", { name: "Your application" }).count()).toBe(0);
    await context.close();
  });

  test(`a Standard applicant who comes back later signs and is sent to payment (${screen})`, async () => {
    const context = await contextAs(ctx.browser, ctx.server.url, viewport);
    const first = await context.newPage();
    await first.goto(ctx.server.url);
    await applyOnLandingPage(first, { first: "Jonas", last: "Lindqvist", email: emailFor("jonas"), level: "Standard" });
    await first.close();

    const later = await context.newPage();
    await later.goto(`${ctx.server.url}/faq`);
    const note = later.getByRole("region", { name: "Your application" });
    await note.getByRole("link", { name: "Continue to sign" }).click();
    await shown(later.getByRole("heading", { name: "Application Submitted Successfully!" }));
    await signAgreementOnScreen(later, "Jonas Lindqvist");
    await later.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 10_000 });
    await shown(later.getByRole("button", { name: "Pay $50.00" }));
    await context.close();
  });

  test(`an applicant corrects the name and level and signs the corrected agreement at once (${screen})`, async () => {
    const applicant = ctx.server.client();
    const { applicationId } = await apply(applicant, { first_name: "Jon", last_name: "Smith", membership_level: "Basic" });
    const context = await contextAs(ctx.browser, ctx.server.url, viewport, applicant);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/#apply`);
    await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
    await page.getByRole("button", { name: "Correct my application" }).click();
    // The form opens with the application as it is.
    expect(await page.getByLabel("First Name").inputValue()).toBe("Jon");
    expect(await page.getByLabel("Membership Level", { exact: true }).inputValue()).toBe("Basic");
    await page.getByLabel("First Name").fill("John");
    await page.getByLabel("Membership Level", { exact: true }).selectOption("Premium");
    await page.getByRole("button", { name: "Submit Application" }).click();

    // The summary and the agreement show the correction, not the cached application.
    const summary = page.getByRole("region", { name: "Application summary" });
    await shown(summary.getByText("John Smith", { exact: true }));
    await shown(summary.getByText("Premium ($100/month)"));
    await page.getByRole("button", { name: /Article 1\. Parties and Purpose/ }).click();
    await shown(page.getByText(/and John Smith \(the "Member"\)/));
    await shown(page.getByText("Member: John Smith (Premium), who signs this agreement electronically below.", { exact: true }));
    expect(await page.getByText(/Signed electronically by/).count()).toBe(0);
    // The first signing attempt succeeds.
    await signAgreementOnScreen(page, "John Smith");
    await page.waitForURL(/\/test-checkout\?session_id=cs_test_/, { timeout: 10_000 });
    const [contract] = await ctx.server.services.db.select().from(contracts).where(eq(contracts.applicationId, applicationId));
    expect(contract).toMatchObject({ memberName: "John Smith", membershipLevel: "Premium", signatureName: "John Smith" });
    const [row] = await ctx.server.services.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row!.status).toBe("awaiting_payment");
    await context.close();
  });
}
