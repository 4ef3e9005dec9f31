import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emailOutbox, strategySessionRequests } from "../../src/server/db/schema.ts";
import { faqs } from "../../src/shared/landing-details.ts";
import { priceTable } from "../../src/shared/membership.ts";
import { startDemoHost, type DemoHost } from "../support/demo-host.ts";
import { hidden, serverAndBrowser, shown, until } from "../support/browser.ts";

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const PUBLIC_PAGES = ["/", "/faq", "/demo", "/thank-you"] as const;

let demo: DemoHost;
beforeAll(() => {
  demo = startDemoHost("down");
});
afterAll(() => demo?.stop());
const ctx = serverAndBrowser(() => ({ DEMO_URL: demo.url }));

/** The demo host changes state; the server's cached view of it is refreshed as Retry would. */
async function setDemo(mode: DemoHost["mode"]) {
  demo.mode = mode;
  await fetch(`${ctx.server.url}/api/site/demo-status?fresh=1`);
}

/** Opens a public page and waits until React has taken over the pre-rendered HTML. */
async function open(path: string, viewport = { width: 1280, height: 800 }, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const page = await ctx.browser.newPage({ viewport, ...options });
  await page.goto(ctx.server.url + path);
  await page.waitForFunction((p) => document.documentElement.dataset.page === p, path);
  return page;
}

/** Whether the section's top edge sits just under the sticky header. */
const sectionInView = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
    return top !== undefined && top >= -2 && top < 120;
  }, id);

describe("pre-rendered HTML", () => {
  test("public pages carry their content, title, description and social card before any script runs", async () => {
    const home = await (await fetch(ctx.server.url + "/")).text();
    expect(home).toContain("Run your rentals with a flat membership, not a percentage of your rent.");
    for (const id of ["services", "membership", "comparison", "testimonials", "contact", "apply"]) expect(home).toContain(`id="${id}"`);
    expect(home).toContain("<title>Illinois Landlord &amp; Property Owners Association | Flat-rate membership for landlords</title>");
    expect(home).toContain('property="og:image"');
    expect(home).toContain('name="twitter:card"');

    const faq = await (await fetch(ctx.server.url + "/faq")).text();
    expect(faq).toContain("Frequently asked questions | Illinois Landlord");
    for (const f of faqs) expect(faq).toContain(f.question.replace(/'/g, "&#x27;"));

    const demoPage = await (await fetch(ctx.server.url + "/demo")).text();
    expect(demoPage).toContain("Book a Free 45-Minute Strategy Session");
    expect(await (await fetch(ctx.server.url + "/thank-you")).text()).toContain("Thank you for applying");
  });

  test("other pages still get the bare app shell, not the landing page", async () => {
    const res = await fetch(ctx.server.url + "/basic-portal");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("Run your rentals");
    expect((await fetch(ctx.server.url + "/no-such-page")).status).toBe(404);
  });

  test("the landing page's content shows with JavaScript turned off", async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(ctx.server.url + "/");
    await shown(page.getByRole("heading", { level: 1, name: /flat membership/ }));
    await shown(page.getByRole("heading", { name: "Membership plans" }));
    await context.close();
  });

  test("hydration takes over without errors, and the landing page loads no admin, portal or form code", async () => {
    const page = await ctx.browser.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    await page.goto(ctx.server.url + "/", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.page === "/");
    expect(errors).toEqual([]);
    expect(scripts.filter((s) => /Admin|Portal|ApplicationForm|ApplySection|Billing/i.test(s))).toEqual([]);
    await page.close();
  });
});

describe("the landing page", () => {
  test("every header link scrolls to its section", async () => {
    const page = await open("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, id] of [["Services", "services"], ["Membership", "membership"], ["Compare", "comparison"], ["Testimonials", "testimonials"], ["Contact", "contact"]] as const) {
      await nav.getByRole("link", { name: label }).click();
      await page.waitForFunction((h) => location.hash === h, `#${id}`);
      await until(page.locator(`#${id}`), () => sectionInView(page, id));
    }
    await page.close();
  });

  test("section links work from another page", async () => {
    const page = await open("/faq");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
    await page.waitForURL(/\/#testimonials$/);
    await until(page.locator("#testimonials"), () => sectionInView(page, "testimonials"));
    await page.close();
  });

  test("on a phone the section links sit in a menu that Escape closes", async () => {
    const page = await open("/", { width: 360, height: 740 });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const sections = page.getByRole("navigation", { name: "Sections" });
    await shown(sections.getByRole("link", { name: "Membership" }));
    await page.keyboard.press("Escape");
    await hidden(sections.getByRole("link", { name: "Membership" }));
    // Focus goes back to the trigger a moment after the menu closes.
    await until(menu, (b) => b.evaluate((el) => el === document.activeElement));
    await menu.click();
    await sections.getByRole("link", { name: "Membership" }).click();
    await until(page.locator("#membership"), () => sectionInView(page, "membership"));
    await page.close();
  });

  test("a membership card's button loads the form with that level chosen", async () => {
    for (const level of ["Premium", "Basic"] as const) {
      const page = await open("/");
      await page.getByRole("button", { name: `Choose ${level}` }).click();
      const select = page.getByLabel("Membership Level", { exact: true });
      await shown(select);
      await until(select, async (s) => (await s.inputValue()) === level);
      await page.close();
    }
  });

  test("the cost comparison is rent x 8% and x 12% against the flat fees", async () => {
    const page = await open("/");
    const rows = await page.locator('[data-testid="break-even-row"]').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("th,td")].map((c) => Number(c.textContent!.replace(/[$,]/g, "")))),
    );
    expect(rows.length).toBe(6);
    for (const [rent, t8, t12, standard, premium] of rows as number[][]) {
      expect(t8).toBeCloseTo(rent! * 0.08, 2);
      expect(t12).toBeCloseTo(rent! * 0.12, 2);
      expect(standard).toBe(priceTable.Standard.monthlyCents / 100);
      expect(premium).toBe(priceTable.Premium.monthlyCents / 100);
    }
    await shown(page.getByRole("img", { name: /Monthly fee by rent/ }));
    await page.close();
  });

  test("testimonials show five stars each", async () => {
    const page = await open("/");
    const ratings = page.locator("#testimonials").getByRole("img", { name: "Rated 5 out of 5" });
    expect(await ratings.count()).toBeGreaterThanOrEqual(4);
    expect(await ratings.first().locator("svg").count()).toBe(5);
    await page.close();
  });

  test("the footer links to the admin area and the FAQ and shows the configured contact", async () => {
    const page = await open("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin");
    expect(await footer.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/faq");
    await shown(footer.getByRole("link", { name: "support@association.test" }));
    await page.close();
  });
});

describe("the demo", () => {
  test("the fallback appears when the embed cannot load, and Retry tries again", async () => {
    await setDemo("down");
    const page = await open("/demo");
    const fallback = page.getByRole("alert").filter({ hasText: "The demo is unavailable right now" });
    await shown(fallback, 6000);
    // The configured demo is down: the panel says so, and does not blame the visitor's browser or network.
    expect(await fallback.innerText()).not.toMatch(/network|your browser/i);
    expect(await fallback.getByRole("link", { name: "Apply for Membership" }).getAttribute("href")).toBe("/#apply");
    expect(await page.getByRole("link", { name: "Open Demo in New Tab" }).getAttribute("href")).toBe(demo.url);
    expect(await page.getByRole("link", { name: "Open Demo in New Tab" }).getAttribute("target")).toBe("_blank");

    demo.mode = "up";
    const before = demo.requests;
    await page.getByRole("button", { name: "Retry" }).click();
    await hidden(fallback);
    const frame = page.frameLocator('iframe[title="Interactive demo of the member portal"]');
    await shown(frame.getByRole("heading", { name: "Portal demo" }));
    await page.waitForTimeout(3500); // past the 3-second window: the loaded demo stays
    expect(await fallback.count()).toBe(0);
    expect(demo.requests).toBeGreaterThan(before);
    await page.close();
  });

  test("a demo that refuses to be framed shows the fallback at once", async () => {
    await setDemo("refuses-framing");
    const page = await open("/demo");
    await shown(page.getByRole("alert").filter({ hasText: "The demo is unavailable right now" }), 2500);
    await page.close();
  });

  test("the landing page embeds the demo 500 px high with the same fallback", async () => {
    await setDemo("down");
    const page = await open("/");
    await page.locator("#portal-preview").scrollIntoViewIfNeeded();
    await page.getByRole("heading", { name: "Live interactive demo" }).scrollIntoViewIfNeeded();
    await shown(page.getByRole("alert").filter({ hasText: "The demo is unavailable right now" }), 6000);
    const height = await page.getByRole("alert").filter({ hasText: "The demo is unavailable right now" }).evaluate((el) => el.parentElement!.getBoundingClientRect().height);
    expect(Math.round(height)).toBe(500);
    await page.close();
  });

  test("the strategy-session button opens a form whose request is stored and emailed to support", async () => {
    const page = await open("/demo");
    await page.getByRole("link", { name: /Back to Home/ }).waitFor();
    const book = page.getByRole("button", { name: "Book a Free 45-Minute Strategy Session" });
    await book.click();
    const dialog = page.getByRole("dialog", { name: "Book a 45-minute strategy session" });
    await shown(dialog);
    await dialog.getByRole("button", { name: "Request Session" }).click();
    await shown(dialog.getByText("Enter your name (at least 2 characters)"));

    const email = `ada.${Date.now()}@owners.example.org`;
    await dialog.getByLabel("Your name").fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Preferred days and times (optional)").fill("Friday afternoon");
    await dialog.getByRole("button", { name: "Request Session" }).click();
    await shown(dialog.getByRole("status").filter({ hasText: "We received your request" }));

    const [row] = await ctx.server.services.db.select().from(strategySessionRequests).where(eq(strategySessionRequests.email, email));
    expect(row?.preferredTime).toBe("Friday afternoon");
    const mails = await ctx.server.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "strategy_session_requested"));
    expect(mails.some((m) => m.toAddress === "support@association.test" && m.text.includes(email))).toBe(true);

    await page.keyboard.press("Escape");
    await hidden(dialog);
    // Radix returns focus to the trigger a moment after the dialog is gone.
    await until(book, (b) => b.evaluate((el) => el === document.activeElement));
    await page.close();
  });

  test("Back to Home goes home", async () => {
    const page = await open("/demo");
    await page.getByRole("link", { name: /Back to Home/ }).click();
    await page.waitForURL(ctx.server.url + "/");
    await page.close();
  });
});

describe("the FAQ page", () => {
  test("shows the questions, opens an answer by keyboard, and offers Email Support and Contact Us", async () => {
    const page = await open("/faq");
    await shown(page.getByRole("heading", { level: 1, name: "Frequently asked questions" }));
    await page.locator("summary", { hasText: faqs[0]!.question }).focus();
    await page.keyboard.press("Enter");
    await shown(page.getByText(faqs[0]!.answer));
    expect(await page.getByRole("link", { name: "Email Support" }).getAttribute("href")).toBe("mailto:support@association.test");
    await page.getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(/\/#contact$/);
    await until(page.locator("#contact"), () => sectionInView(page, "contact"));
    await page.close();
  });

  test("Back to Home goes home", async () => {
    const page = await open("/faq");
    await page.getByRole("link", { name: /Back to Home/ }).click();
    await page.waitForURL(ctx.server.url + "/");
    await page.close();
  });
});

describe("quality", () => {
  for (const path of PUBLIC_PAGES) {
    test(`axe-core finds no serious or critical violation on ${path}`, async () => {
      // axe is injected as an inline script, which the site's content-security policy rightly forbids.
      const page = await open(path, undefined, { bypassCSP: true });
      await page.addScriptTag({ content: axeSource });
      const results = await page.evaluate(async () => (window as any).axe.run(document, { resultTypes: ["violations"] }));
      const bad = (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
      expect(bad).toEqual([]);
      await page.close();
    });
  }

  test("no page scrolls sideways on a 360 px phone", async () => {
    for (const path of PUBLIC_PAGES) {
      const page = await open(path, { width: 360, height: 740 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 360 });
      await page.close();
    }
  });

  test("every control on the landing page is reachable by keyboard with a visible focus ring", async () => {
    const page = await open("/");
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        if (el === document.body) return null;
        return { name: (el.textContent || el.getAttribute("aria-label") || "").trim(), outline: style.outlineStyle, width: style.outlineWidth };
      });
      if (!info) break; // past the last control
      expect({ ...info, outline: info.outline === "none" ? "none" : "visible" }).toEqual({ ...info, outline: "visible" });
      seen.add(info.name);
    }
    for (const name of ["Skip to content", "Services", "Apply for Membership", "Start your application", "Choose Standard"]) expect(seen).toContain(name);
    await page.close();
  });
});
