import type { BrowserContext, Page } from "playwright-core";
import type { TestBrowser } from "./browser.ts";
import type { ApiClient } from "./harness.ts";
import { shown } from "./browser.ts";

/** The two screens every journey is walked on: a desktop window and a 390 px phone. */
export const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 860 } },
  { name: "390 px phone", viewport: { width: 390, height: 844 } },
] as const;

/** A browser context of one of the VIEWPORTS, holding the cookies of an API client (its sessions). */
export async function contextAs(
  browser: TestBrowser,
  baseUrl: string,
  viewport: { width: number; height: number },
  client?: ApiClient,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  if (client) await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
  return context;
}

/** Fills and sends the landing page's application form as a visitor would. */
export async function applyOnLandingPage(
  page: Page,
  person: { first: string; last: string; email: string; level: "Basic" | "Standard" | "Premium" },
): Promise<void> {
  await page.getByRole("button", { name: "Apply for Membership" }).first().click();
  await page.getByLabel("First Name").fill(person.first);
  await page.getByLabel("Last Name").fill(person.last);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone").fill("(312) 555-0188");
  await page.getByLabel("Membership Level", { exact: true }).selectOption(person.level);
  await page.getByLabel("Management Status", { exact: true }).selectOption("Self-managed");
  await page.getByRole("checkbox", { name: /terms/ }).check();
  await page.getByRole("checkbox", { name: /acknowledge/ }).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await shown(page.getByRole("heading", { name: "Application Submitted Successfully!" }));
}

/** Types the signature, ticks the consent and presses Sign Agreement. */
export async function signAgreementOnScreen(page: Page, signature: string): Promise<void> {
  await page.getByLabel("Type your full name to sign").fill(signature);
  await page.getByRole("checkbox", { name: /electronic signature/ }).check();
  await page.getByRole("button", { name: "Sign Agreement" }).click();
  await shown(page.getByRole("heading", { name: "Agreement signed" }));
}
