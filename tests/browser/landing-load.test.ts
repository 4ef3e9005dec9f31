import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { WEB_DIST } from "../support/harness.ts";

// What the landing page loads first: React, the router and the page, within 100 KB of JavaScript
// (gzip). The data layer (tRPC, React Query) loads with the parts that talk to the server, and
// the support contacts come written into the page by the ctx.server.

const PHONE = "(217) 555-0100";
const ctx = serverAndBrowser(() => ({ SUPPORT_PHONE: PHONE }));

/** Records the scripts a page fetches and the calls it makes to the ctx.server. */
function watch(page: Page) {
  const seen = { scripts: new Set<string>(), calls: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script") seen.scripts.add(url.pathname);
    if (/^\/(trpc|api)\//.test(url.pathname)) seen.calls.push(url.pathname);
  });
  return seen;
}

const gzipKb = (paths: Iterable<string>) =>
  [...paths].reduce((sum, path) => sum + gzipSync(readFileSync(join(WEB_DIST, path)), { level: 9 }).length, 0) / 1024;

/**
 * The scripts the built landing page loads before anything is used: its module entry and the
 * modules it preloads, read from the HTML itself, so the weight does not depend on what a busy
 * browser happened to fetch by the time the network went quiet.
 */
function firstLoadScripts(): string[] {
  const html = readFileSync(join(WEB_DIST, "index.html"), "utf8");
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...entries, ...preloaded];
}

describe("the landing page's first load", () => {
  test("is at most 100 KB of JavaScript (gzip), asks the server nothing, and shows the configured contacts", async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(ctx.server.url + "/", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.page === "/");

    const footer = page.getByRole("contentinfo");
    await shown(footer.getByRole("link", { name: PHONE }));
    expect(await footer.getByRole("link", { name: PHONE }).getAttribute("href")).toBe("tel:2175550100");
    expect(await footer.getByRole("link", { name: "support@association.test" }).getAttribute("href")).toBe("mailto:support@association.test");
    const contact = page.locator("#contact");
    await shown(contact.getByRole("link", { name: PHONE }));

    expect(seen.calls).toEqual([]);
    // What the browser fetched first includes the page's own scripts, and they weigh 100 KB at most.
    const first = firstLoadScripts();
    expect(first.length).toBeGreaterThan(1);
    for (const script of first) expect(seen.scripts.has(script), script).toBe(true);
    expect(gzipKb(first)).toBeLessThanOrEqual(100);
    await context.close();
  });

  test("a page served without the configuration asks the server for it", async () => {
    const page = await ctx.browser.newPage();
    await page.route(
      (url) => url.pathname === "/",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/<meta name="site-config"[^>]*>/, "");
        await route.fulfill({ response, body: html });
      },
    );
    const seen = watch(page);
    await page.goto(ctx.server.url + "/");
    await shown(page.getByRole("contentinfo").getByRole("link", { name: PHONE }));
    expect(seen.calls.some((path) => path.includes("public.site.config"))).toBe(true);
    await page.close();
  });
});

describe("the parts that talk to the server", () => {
  test("the Portal Login menu and the application form load the data layer when used, and share one cache", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watch(page);
    await page.goto(ctx.server.url + "/", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.page === "/");
    const firstLoad = new Set(seen.scripts);
    expect(seen.calls).toEqual([]);

    await page.getByRole("button", { name: "Portal Login" }).click();
    await shown(page.getByRole("menuitem", { name: /^Member Sign In/ }));
    await page.keyboard.press("Escape");
    expect([...seen.scripts].filter((s) => !firstLoad.has(s)).length).toBeGreaterThan(0);

    await page.getByRole("banner").getByRole("button", { name: "Apply for Membership" }).click();
    await shown(page.getByLabel("Membership Level", { exact: true }));

    // Both ask who the visitor is; one cache means the server is asked once.
    const whoami = seen.calls.filter((path) => path.includes("public.site.whoami"));
    expect(whoami.length).toBe(1);
    await page.close();
  });
});

describe("the stylesheet written into the page", () => {
  test("is not fetched again when the parts of the page that load later arrive", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      // The page's own requests: the live demo's frame (loaded when the smooth scroll to the end
      // passes it) is a document of its own, which rightly links the stylesheet.
      if (request.frame() !== page.mainFrame()) return;
      if (new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(new URL(request.url()).pathname);
    });
    // The landing page and its parts that load when used or scrolled to.
    await page.goto(ctx.server.url + "/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Portal Login" }).click();
    await shown(page.getByRole("menuitem", { name: /^Member Sign In/ }));
    await page.keyboard.press("Escape");
    await page.getByRole("banner").getByRole("button", { name: "Apply for Membership" }).click();
    await shown(page.getByLabel("Membership Level", { exact: true }));
    await page.keyboard.press("End");
    await page.waitForLoadState("networkidle");
    // The tenant portal's shell, whose sign-in form loads after it.
    await page.goto(ctx.server.url + "/tenant", { waitUntil: "networkidle" });
    await shown(page.getByRole("heading", { level: 1 }));
    expect(stylesheets).toEqual([]);
    await page.close();
  });
});
