import { afterAll, beforeAll } from "bun:test";
import { readFileSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { startTestServer, type TestServer } from "./harness.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * The real server (on its own fresh database) and Chromium for one browser test file: started
 * before its tests, stopped after them. `env` is read when the server starts, so a file can start
 * what the server needs first in a beforeAll of its own.
 */
export function serverAndBrowser(env: () => Record<string, string | undefined> = () => ({}), options: { sampleBooks?: boolean } = {}) {
  const live = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    live.server = await startTestServer(env(), options);
    live.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.stop();
  }, 120_000);
  return live;
}

// bun:test's expect has no Playwright matchers; these wait the way toBeVisible() would.
import type { Locator } from "playwright-core";

// Long enough for a fresh browser's first page on a loaded two-core machine (the suite runs files
// side by side); a wait that is met returns at once, so only a failing test pays for it.
const WAIT_MS = 15_000;

/** Waits until the element is visible (fails the test after 15 s). */
export async function shown(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

/** Waits until no such element is visible. */
export async function hidden(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: "hidden", timeout });
}

/** Waits until a predicate on the element holds, e.g. `until(button, (b) => b.isEnabled())`. */
export async function until(locator: Locator, check: (l: Locator) => Promise<boolean>, timeout = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check(locator))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting on ${locator}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical violations on the page as it is now. axe is injected as an inline
 * script, which the site's content-security policy rightly forbids: open the page in a context
 * made with `bypassCSP: true`.
 */
export async function seriousViolations(page: import("playwright-core").Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => (window as any).axe.run(document, { resultTypes: ["violations"] }));
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * Opens a section of the member portal (or of the live demo, whose tabs are the "Owner portal"
 * navigation, also in a frame) the way its screen offers it: the tabs on a wide screen, the
 * sections menu on a phone.
 */
export async function openPortalSection(
  page: import("playwright-core").Page | import("playwright-core").FrameLocator,
  name: string,
  tabsName = "Member area",
): Promise<void> {
  const menu = page.getByRole("button", { name: /^Sections:/ });
  const tabs = page.getByRole("navigation", { name: tabsName });
  await shown(menu.or(tabs));
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole("menuitem", { name, exact: true }).click();
  } else {
    await tabs.getByRole("link", { name, exact: true }).click();
  }
}

/**
 * A photo shown as its thumbnail (decision 0087): the button named "View {title}" holds a small
 * lazily decoded picture that loaded (through the file's access check), and opens a dialog with
 * the picture itself. Answers the thumbnail's and the picture's natural widths.
 */
export async function opensPicture(page: import("playwright-core").Page, button: Locator, title: string): Promise<{ thumbnail: number; picture: number }> {
  const loaded = async (img: Locator) => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0);
  const thumbnail = button.locator("img");
  await button.scrollIntoViewIfNeeded();
  await until(thumbnail, loaded);
  for (const [attribute, value] of [["loading", "lazy"], ["decoding", "async"]]) {
    if ((await thumbnail.getAttribute(attribute!)) !== value) throw new Error(`The thumbnail's ${attribute} is not ${value}`);
  }
  if (!(await thumbnail.getAttribute("width")) || !(await thumbnail.getAttribute("height"))) throw new Error("The thumbnail has no width and height");
  // Measured before the dialog opens: it hides the rest of the page from the accessibility tree.
  const thumbnailWidth = await thumbnail.evaluate((i: HTMLImageElement) => i.naturalWidth);
  await button.click();
  const dialog = page.getByRole("dialog", { name: title });
  const picture = dialog.getByRole("img", { name: title });
  await until(picture, loaded);
  const widths = { thumbnail: thumbnailWidth, picture: await picture.evaluate((i: HTMLImageElement) => i.naturalWidth) };
  await shown(dialog.getByRole("link", { name: /^Download / }));
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  return widths;
}
