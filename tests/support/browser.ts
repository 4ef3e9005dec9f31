import { afterAll, beforeAll } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { startTestServer, type TestServer } from "./harness.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const SWITCHES = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

// Chromium 156 prepares the address bar's suggestion popups (two pages of its own, in a renderer
// of their own) for every window, so for every context a test opens: about a third of what a new
// context costs, in a browser no one types an address into. Chromium takes only the last
// --disable-features switch, so these join Playwright's own list, read off the command line it
// launches with.
const UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

async function playwrightDisabledFeatures(): Promise<string | undefined> {
  const probe = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: SWITCHES });
  try {
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== process.pid) continue;
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        if (args.includes("--remote-debugging-pipe")) return args.find((arg) => arg.startsWith("--disable-features="));
      } catch {
        // A process that ended while it was read.
      }
    }
    return undefined;
  } finally {
    await probe.close();
  }
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const theirs = await playwrightDisabledFeatures();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: theirs ? [theirs] : [],
    args: [...SWITCHES, `${theirs ?? "--disable-features="}${theirs ? "," : ""}${UNUSED_FEATURES.join(",")}`],
  });
}

/** What a browser test uses of Chromium: new contexts and pages (recycled, below). */
export type TestBrowser = Pick<Browser, "newContext" | "newPage">;

// One Chromium per test worker process, kept from file to file (the worker keeps its modules,
// decision 0093), and its contexts recycled (decision 0094). A new context costs Chromium about
// half a second of a core, twice what the page loaded in it costs; most tests ask for one or more.
// A context a test closes has its pages closed and its cookies and permissions cleared (the app
// keeps nothing else in the browser: tests/unit/browser-storage.test.ts), and goes to the next test that
// asks for a context with the same options. Its HTTP cache stays: a returning visitor's cache,
// which only the build's immutable assets reach (everything else is no-store or no-cache).
let worker: Promise<Browser> | undefined;
const idle = new Map<string, BrowserContext[]>();
const closeForGood = new WeakMap<BrowserContext, () => Promise<void>>();

async function recycled(options: BrowserContextOptions): Promise<{ context: BrowserContext; fresh: boolean }> {
  const key = JSON.stringify(options);
  const kept = idle.get(key)?.pop();
  if (kept) return { context: kept, fresh: false };
  const context = await (await (worker ??= launchBrowser())).newContext(options);
  closeForGood.set(context, context.close.bind(context));
  return { context, fresh: true };
}

async function putBack(context: BrowserContext, options: BrowserContextOptions): Promise<void> {
  try {
    for (const page of context.pages()) await page.close();
    await context.clearCookies();
    await context.clearPermissions();
    await context.unrouteAll({ behavior: "ignoreErrors" });
    context.removeAllListeners();
    const key = JSON.stringify(options);
    idle.set(key, [...(idle.get(key) ?? []), context]);
  } catch {
    await closeForGood.get(context)?.().catch(() => undefined);
  }
}

/**
 * One test file's view of the worker's Chromium: `newContext` and `newPage` as Playwright's, from
 * recycled contexts; `close()` at the file's end puts back what its tests left open.
 */
export function fileBrowser(): TestBrowser & { close(): Promise<void> } {
  const open = new Map<BrowserContext, BrowserContextOptions>();
  const release = async (context: BrowserContext) => {
    const options = open.get(context);
    if (!options) return;
    open.delete(context);
    await putBack(context, options);
  };
  const newContext = async (options: BrowserContextOptions = {}) => {
    const { context } = await recycled(options);
    open.set(context, options);
    context.close = () => release(context);
    return context;
  };
  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await newContext(options);
    const page = await context.newPage();
    const closePage = page.close.bind(page);
    // As Playwright's browser.newPage: the page owns its context, and closing one closes both.
    page.close = async (closing) => {
      await closePage(closing);
      await context.close();
    };
    return page;
  };
  return {
    newContext,
    newPage,
    async close() {
      for (const context of [...open.keys()]) await release(context);
    },
  };
}

/**
 * The real server (on its own fresh database) and Chromium for one browser test file: started
 * before its tests, stopped after them. `env` is read when the server starts, so a file can start
 * what the server needs first in a beforeAll of its own.
 */
export function serverAndBrowser(env: () => Record<string, string | undefined> = () => ({}), options: { sampleBooks?: boolean } = {}) {
  const live = {} as { server: TestServer; browser: ReturnType<typeof fileBrowser> };
  beforeAll(async () => {
    live.server = await startTestServer(env(), options);
    live.browser = fileBrowser();
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
