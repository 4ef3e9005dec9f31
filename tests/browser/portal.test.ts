import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { hidden, serverAndBrowser, shown, until } from "../support/browser.ts";
import { applyAndSign, latestEmail } from "../support/fixtures.ts";

// Password hashing (Argon2id) and a real browser need more than bun's 5 s default.
setDefaultTimeout(60_000);

const ctx = serverAndBrowser();

/** A Basic member made through the API, and a browser context already signed in as them. */
async function signedInMember(first = "Nora", last = "Lindqvist", overrides: Record<string, unknown> = {}) {
  const api = ctx.server.client();
  const { email } = await applyAndSign(api, "Basic", { first_name: first, last_name: last, ...overrides });
  const context = await ctx.browser.newContext();
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  return { email, api, context, page: await context.newPage() };
}

async function latestToken(email: string, template: string): Promise<string> {
  const url = (await latestEmail(ctx.server.services, email, template)).text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)?.[0];
  if (!url) throw new Error(`no ${template} link for ${email}`);
  return url;
}

async function latestCode(email: string): Promise<string> {
  const code = (await latestEmail(ctx.server.services, email, "email_code")).subject.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

const welcome = (page: Page, name: string) => page.getByRole("heading", { name: `Welcome, ${name}!` });

async function openPortal(page: Page) {
  await page.goto(`${ctx.server.url}/basic-portal`);
  await shown(page.getByRole("tab", { name: "Documents & Forms", selected: true }));
}

describe("signing in again", () => {
  test("a member sets a password, signs out, signs back in by password and by emailed link on another device, and sees the same portal", async () => {
    const { email, context, page } = await signedInMember();
    await openPortal(page);
    await shown(welcome(page, "Nora Lindqvist"));

    await page.getByRole("tab", { name: "Account Info" }).click();
    await shown(page.getByText("Basic (FREE)"));
    await page.getByRole("link", { name: "Set a Password" }).click();
    // A first password needs the email proved: a code is emailed and typed in.
    await page.getByRole("button", { name: "Email Me a Code" }).click();
    await shown(page.getByText(`We emailed a 6-digit code to ${email}`));
    await page.getByLabel("Code from your email").fill(await latestCode(email));
    await page.getByLabel("New password", { exact: true }).fill("prairie-wind-2026");
    await page.getByLabel("Confirm new password").fill("prairie-wind-2026");
    await page.getByRole("button", { name: "Save Password" }).click();
    await shown(page.getByText("Your password is saved."));
    await page.getByRole("link", { name: "Back to Member Portal" }).click();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/sign-in$/, { waitUntil: "commit" });
    await page.goto(`${ctx.server.url}/basic-portal`);
    await shown(page.getByRole("heading", { name: "Sign in to your member portal" }));
    expect(await page.getByText(email).count()).toBe(0);

    await page.getByRole("link", { name: "Member Sign In" }).click();
    await page.getByLabel("Email or username").fill(email);
    await page.locator("input").and(page.getByLabel("Password", { exact: true })).fill("not-my-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await shown(page.getByRole("alert").filter({ hasText: "The email, username or password is not right." }));
    await page.locator("input").and(page.getByLabel("Password", { exact: true })).fill("prairie-wind-2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/basic-portal$/, { waitUntil: "commit" });
    await shown(welcome(page, "Nora Lindqvist"));
    await shown(page.getByText(`Signed in as ${email}`));
    await context.close();

    // Another device: no cookie, a sign-in link by email.
    const device = await ctx.browser.newContext();
    const phone = await device.newPage();
    await phone.goto(`${ctx.server.url}/sign-in`);
    await phone.getByRole("tab", { name: "Email Link" }).click();
    await phone.getByLabel("Email", { exact: true }).fill(email);
    await phone.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    await shown(phone.getByRole("status").filter({ hasText: "If that email belongs to a member" }));
    const link = await latestToken(email, "sign_in_link");
    expect(link.startsWith(ctx.server.url)).toBe(true);
    await phone.goto(link);
    // Opening the link alone signs nobody in (mail scanners follow links).
    await shown(phone.getByRole("heading", { name: "Sign in to your member portal" }));
    await phone.getByRole("button", { name: "Sign In" }).click();
    await phone.waitForURL(/\/basic-portal$/, { waitUntil: "commit" });
    await shown(welcome(phone, "Nora Lindqvist"));
    // The link works once.
    await phone.goto(link);
    await phone.getByRole("button", { name: "Sign In" }).click();
    await shown(phone.getByRole("alert").filter({ hasText: "expired or has already been used" }));
    await device.close();
  });
});

describe("the portal", () => {
  test("a document downloads as a real file with the busy label and the confirmation", async () => {
    const { context, page } = await signedInMember("Ayo", "Bankole");
    await openPortal(page);
    await shown(page.getByRole("heading", { name: "Legal Documents" }));
    await shown(page.getByRole("heading", { name: "Property Forms" }));
    await shown(page.getByRole("heading", { name: "Upgrade Benefits" }));
    await shown(page.getByRole("button", { name: "Upgrade to Standard" }));
    await shown(page.getByRole("button", { name: "Manage Subscription & Billing" }));

    // Slow the file down so the busy label can be seen.
    await page.route("**/api/portal/documents/*/download", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const downloadEvent = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Property Inspection Checklist" }).click();
    await shown(page.getByRole("button", { name: "Downloading Property Inspection Checklist" }));
    const download = await downloadEvent;
    // The checklist is a fillable PDF.
    expect(download.suggestedFilename()).toBe("property-inspection-checklist.pdf");
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(file.toString("latin1")).toContain("/AcroForm");
    const confirmation = page.getByRole("alertdialog", { name: "Downloaded: Property Inspection Checklist" });
    await shown(confirmation);
    await shown(confirmation.getByText("saved to your Downloads folder"));
    await confirmation.getByRole("button", { name: "OK" }).click();
    await hidden(confirmation);

    await page.getByRole("tab", { name: "Educational Resources" }).click();
    await shown(page.getByText("Schedule E Guide for Rental Properties"));
    await shown(page.getByRole("heading", { name: "Your Member Benefits" }));
    await shown(page.getByRole("heading", { name: "Recommended Next Steps" }));
    await context.close();
  });

  test("adding skills changes the real count, the profile shows them, and Connect sends an introduction", async () => {
    const plumber = await signedInMember("Dan", "Okafor");
    await plumber.api.put("/api/portal/skills/profile", { specialty_skills: ["Plumbing"], skills_bio: "Licensed plumber, Cicero.", skills_listed: true });
    await plumber.context.close();

    const { context, page, email } = await signedInMember("Greta", "Holm");
    await openPortal(page);
    await page.getByRole("tab", { name: "Skills Network" }).click();
    await shown(page.getByText("FREE with Basic Membership"));
    const snowRow = page.getByRole("listitem").filter({ has: page.getByText("Snow Removal", { exact: true }) });
    await shown(snowRow.getByText(/^\d+ members?$/));
    const before = Number((await snowRow.getByText(/^\d+ members?$/).textContent())!.split(" ")[0]);

    await page.getByRole("button", { name: "Add Your Skills" }).click();
    const dialog = page.getByRole("dialog", { name: "Your Skills" });
    await shown(dialog);
    await dialog.getByRole("checkbox", { name: "Snow Removal" }).check();
    await dialog.getByLabel("Short introduction").fill("Plow and salt for small buildings in Evanston.");
    await dialog.getByRole("checkbox", { name: /List me in the skills network/ }).check();
    await dialog.getByRole("button", { name: "Save Skills" }).click();
    await hidden(dialog);
    await shown(snowRow.getByText(`${before + 1} ${before + 1 === 1 ? "member" : "members"}`, { exact: true }));

    await page.getByRole("button", { name: "View Your Profile" }).click();
    const view = page.getByRole("dialog", { name: "Your Skills Profile" });
    await shown(view.getByText("Snow Removal"));
    await shown(view.getByText("Greta H."));
    await view.getByRole("button", { name: "Close" }).first().click();
    await hidden(view);

    await page.getByRole("button", { name: "Connect with Plumbing members" }).click();
    const connect = page.getByRole("dialog", { name: "Members offering Plumbing" });
    await shown(connect.getByText("Dan O."));
    await connect.getByRole("button", { name: "Contact Dan O." }).click();
    await connect.getByLabel("Message to Dan O.").fill("Slow drain in a Berwyn two-flat. Free on Saturday?");
    await connect.getByRole("button", { name: "Send Introduction" }).click();
    await shown(connect.getByRole("status").filter({ hasText: "Your introduction was sent to Dan O." }));
    const [intro] = await ctx.server.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, plumber.email), eq(emailOutbox.template, "skills_introduction")));
    expect(intro!.text).toContain("Slow drain in a Berwyn two-flat");
    expect(intro!.text).toContain(email);
    await context.close();
  });

  test("tabs and dialogs work from the keyboard", async () => {
    const { context, page } = await signedInMember("Kofi", "Mensah");
    await openPortal(page);
    await page.getByRole("tab", { name: "Documents & Forms" }).focus();
    await page.keyboard.press("ArrowRight");
    await shown(page.getByRole("tab", { name: "Skills Network", selected: true }));
    await shown(page.getByRole("heading", { name: "How the Skills Network Works" }));
    await page.keyboard.press("End");
    await shown(page.getByRole("tab", { name: "Account Info", selected: true }));
    await shown(page.getByRole("heading", { name: "Membership Details" }));
    await page.keyboard.press("Home");
    await shown(page.getByRole("tab", { name: "Documents & Forms", selected: true }));

    await page.getByRole("tab", { name: "Skills Network" }).click();
    const add = page.getByRole("button", { name: "Add Your Skills" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Your Skills" });
    await shown(dialog);
    // Focus moves into the dialog and stays there.
    await until(dialog, async (d) => d.evaluate((el) => el.contains(document.activeElement)));
    for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await hidden(dialog);
    await until(add, async (b) => b.evaluate((el) => el === document.activeElement));

    const connect = page.getByRole("button", { name: "Connect with Roofing members" });
    await connect.focus();
    await page.keyboard.press("Enter");
    const members = page.getByRole("dialog", { name: "Members offering Roofing" });
    await shown(members);
    await page.keyboard.press("Escape");
    await hidden(members);
    await until(connect, async (b) => b.evaluate((el) => el === document.activeElement));
    await context.close();
  });
});

describe("the Portal Login menu", () => {
  test("opens and closes on click and on an outside click; a Basic member gets the portal lock and the membership section", async () => {
    const { context, page } = await signedInMember("Lucia", "Ferraro");
    await page.goto(ctx.server.url, { waitUntil: "domcontentloaded" });
    const trigger = page.getByRole("button", { name: "Portal Login" });
    await trigger.click();
    await shown(page.getByRole("menuitem", { name: /Owner Portal/ }));
    await trigger.click();
    await hidden(page.getByRole("menu"));
    await trigger.click();
    await shown(page.getByRole("menu"));
    await page.mouse.click(5, 400);
    await hidden(page.getByRole("menu"));

    await trigger.click();
    await shown(page.getByRole("menuitem", { name: /Basic Member Portal/ }));
    let popups = 0;
    context.on("page", () => popups++);
    await page.getByRole("menuitem", { name: /Owner Portal/ }).click();
    const lock = page.getByRole("alertdialog", { name: "Standard Membership Required" });
    await shown(lock);
    await shown(lock.getByText(/\$50\/month.*\$100\/month/));
    await until(page.locator("body"), async () => page.url().endsWith("#membership"));
    await lock.getByRole("button", { name: "View Membership Options" }).click();
    await hidden(lock);
    expect(popups).toBe(0);
    await context.close();
  });

  test("a visitor reaches Member Sign In from the menu with the keyboard", async () => {
    const page = await ctx.browser.newPage();
    await page.goto(ctx.server.url, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Portal Login" }).focus();
    await page.keyboard.press("Enter");
    await shown(page.getByRole("menu"));
    await page.keyboard.press("Escape");
    await hidden(page.getByRole("menu"));
    // Escape returns focus to the menu button, so Enter opens the menu again.
    const trigger = page.getByRole("button", { name: "Portal Login" });
    await until(trigger, (b) => b.evaluate((el) => el === document.activeElement));
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: /Member Sign In/ }).click();
    await page.waitForURL(/\/sign-in$/, { waitUntil: "commit" });
    await shown(page.getByRole("heading", { name: "Member Sign In" }));
    await page.close();
  });
});

describe("the tenant portal", () => {
  test("Portal Login's Tenant Portal opens the tenant sign-in of this site, in place", async () => {
    const page = await ctx.browser.newPage();
    await page.goto(ctx.server.url, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Portal Login" }).click();
    await page.getByRole("menuitem", { name: /Tenant Portal/ }).click();
    await page.waitForURL(/\/tenant$/, { waitUntil: "commit" });
    await shown(page.getByRole("heading", { name: "Tenant Portal" }));
    await shown(page.getByRole("tab", { name: "Email Link" }));
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await page.close();
  });
});
