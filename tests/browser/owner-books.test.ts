import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { openPortalSection, opensPicture, seriousViolations, serverAndBrowser, shown, until } from "../support/browser.ts";
import { paidOwner } from "../support/fixtures.ts";
import { photoBytes } from "../support/files.ts";

// The owner's books in Chromium, on a desktop and a 390 px phone: an expense with a receipt, a
// bank export imported, the monthly statement and Schedule E (bought for a year in TEST MODE on
// Standard) with their PDF and CSV downloads; every page checked by axe. A page of the Schedule E
// PDF is rendered to PNG by pdf.js and compared with the committed picture to catch layout changes.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();
const fixtures = join(import.meta.dir, "../fixtures");
const lastMonth = () => plusMonths(periodOf(chicagoToday(new Date())), -1);

async function ownerWithBooks(viewport: { width: number; height: number }, options: { bypassCSP?: boolean } = {}) {
  const api = ctx.server.client();
  const signed = await paidOwner(api, "Standard", { first_name: "Olivia", last_name: "Brandt" });
  const property = (await api.post("/api/portal/properties", { name: "Pilsen two-flat", address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" }, property_type: "multi_family", units: [{ label: "1" }, { label: "2" }] })).body;
  const lease = (
    await api.post("/api/portal/leases", { unit_id: property.units[0].id, start_date: `${lastMonth()}-01`, rent_cents: 120_000, due_day: 1, tenants: [{ first_name: "Tess", last_name: "Renter" }] })
  ).body;
  await api.post(`/api/portal/leases/${lease.id}/payments`, { amount_cents: 120_000, paid_on: `${lastMonth()}-02`, method: "check" });
  const context = await ctx.browser.newContext({ viewport, acceptDownloads: true, ...options });
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ...signed, api, context, page, errors };
}

async function download(page: Page, name: RegExp | string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

async function walkThrough(page: Page, phone: boolean) {
  await page.goto(`${ctx.server.url}/portal`);
  await openPortalSection(page, "Expenses");
  await shown(page.getByRole("heading", { name: "Expenses" }));

  // Record an expense with a receipt.
  await page.getByRole("button", { name: "Record an Expense" }).click();
  const dialog = page.getByRole("dialog", { name: "Record an expense" });
  await dialog.getByLabel("Property").selectOption({ label: "Pilsen two-flat" });
  await dialog.getByLabel("Unit (optional)").selectOption({ label: "Unit 1" });
  await dialog.getByLabel("Date paid").fill(`${lastMonth()}-12`);
  await dialog.getByLabel("Amount ($)").fill("86.41");
  await dialog.getByLabel("Payee").fill("Ace Hardware");
  await dialog.getByLabel("Category").selectOption("repairs");
  await shown(dialog.getByText("Schedule E line 14"));
  await dialog.getByLabel("Receipt (photo or PDF, optional)").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: Buffer.from(await photoBytes(1600, 1200)) });
  await dialog.getByRole("button", { name: "Save Expense" }).click();
  const list = phone ? page.getByRole("list", { name: "Expenses" }) : page.getByRole("table", { name: "Expenses" });
  await shown(list.getByText("Ace Hardware"));
  // The photographed receipt shows as a thumbnail made on the server (256 px), and opens the picture itself.
  expect(await opensPicture(page, list.getByRole("button", { name: "View Receipt of Ace Hardware" }), "Receipt of Ace Hardware")).toEqual({ thumbnail: 256, picture: 1600 });

  // Import a bank export: preview, then all ten payments out.
  await page.getByRole("link", { name: "Import Bank CSV" }).click();
  await page.getByLabel("Bank or card export (CSV)").setInputFiles(join(fixtures, "imports/bank-checking-chase-style.csv"));
  await page.getByRole("button", { name: "Preview Import" }).click();
  await shown(page.getByText("10 of 12 rows will be imported", { exact: false }));
  const rows = page.getByRole("list", { name: "Rows of the export" });
  await shown(rows.getByText(/Line 4: ZELLE FROM IMANI WALKER/));
  // Money that came in reads as the amount that came in, not as a negative expense.
  const zelle = rows.getByRole("listitem").filter({ hasText: "Line 4: ZELLE FROM IMANI WALKER" });
  expect(await zelle.textContent()).toContain("$1,200.00 · Money in");
  expect(await zelle.textContent()).not.toContain("-$1,200.00");
  await rows.getByLabel("Category of line 5").selectOption("repairs");
  await page.getByRole("button", { name: "Import 10 Expenses" }).click();
  await shown(page.getByText("Imported 10 expenses from bank-checking-chase-style.csv."));

  // The monthly statement of last month, its PDF and CSV.
  await openPortalSection(page, "Reports");
  await shown(page.getByRole("heading", { name: "Monthly owner statement" }));
  await page.getByLabel("Month", { exact: true }).fill(lastMonth());
  const portfolio = page.getByRole("article", { name: "Statement of All properties" });
  await shown(portfolio.getByText("Net operating income"));
  await shown(portfolio.getByText("$1,113.59"));
  const pdf = await download(page, "Download PDF");
  expect(pdf.name).toBe(`owner-statement-${lastMonth()}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const csv = await download(page, "Download CSV");
  expect(csv.bytes.toString()).toContain("Net operating income");
  const emailMe = page.getByLabel("Email me the statement (PDF) on the 1st of each month");
  await emailMe.click();
  await until(emailMe, (c) => c.isChecked());
  await shown(page.getByText("The first statement is kept on the 1st of next month."));

  // Schedule E: Standard buys last year in TEST MODE and gets it.
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Schedule E" }).click();
  await shown(page.getByRole("heading", { name: "Schedule E is part of Premium" }));
  const year = Number(chicagoToday(new Date()).slice(0, 4)) - 1;
  await page.getByRole("button", { name: `Buy the ${year} Schedule E Report` }).click();
  // Told first that Premium includes it, and what upgrading would cost instead.
  const warning = page.getByRole("alertdialog", { name: `Before you buy the ${year} Schedule E report` });
  await shown(warning);
  await warning.getByRole("button", { name: "Buy for $200 per tax year" }).click();
  await shown(page.getByRole("heading", { name: `Schedule E report, tax year ${year}` }));
  await page.getByRole("button", { name: "Pay $200.00" }).click();
  await page.waitForURL(/\/portal\/reports\/schedule-e\?year=/);
  const table = page.getByRole("table", { name: /Part I, page 1 of 1/ });
  await shown(table, 10_000);
  await shown(table.getByRole("rowheader", { name: "3 Rents received" }));
  const schedule = await download(page, "Download PDF");
  expect(schedule.name).toBe(`schedule-e-${year}.pdf`);
  const transactions = await download(page, "Download CSV of transactions");
  expect(transactions.bytes.toString().split("\r\n")[0]).toBe("Date,Property,Column,Payee or payer,Category,Schedule E line,Amount");
}

describe("an owner's expenses and reports", () => {
  test("on a desktop: an expense with a receipt, a bank import, the monthly statement and a bought Schedule E, with their downloads", async () => {
    const { page, context, errors } = await ownerWithBooks({ width: 1280, height: 900 });
    await walkThrough(page, false);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("on a 390 px phone: the same, lists instead of tables where they fit, nothing wider than the screen", async () => {
    const { page, context, errors } = await ownerWithBooks({ width: 390, height: 844 });
    await walkThrough(page, true);
    for (const path of ["/portal/expenses", "/portal/expenses/import", "/portal/reports/monthly", "/portal/reports/schedule-e"]) {
      await page.goto(`${ctx.server.url}${path}`);
      await shown(page.getByRole("button", { name: /^Sections:/ }));
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test("axe-core finds no serious or critical violation on the expenses, import, statement and Schedule E pages", async () => {
    const { page, context, api } = await ownerWithBooks({ width: 1280, height: 900 }, { bypassCSP: true });
    await api.post("/api/portal/expenses", { property_id: (await api.get("/api/portal/properties")).body[0].id, date: `${lastMonth()}-03`, amount_cents: 5_000, payee: "ComEd", category: "utilities" });
    const pages: [string, () => Promise<unknown>][] = [
      ["/portal/expenses", () => shown(page.getByRole("table", { name: "Expenses" }))],
      ["/portal/expenses/import", () => shown(page.getByLabel("Bank or card export (CSV)"))],
      [`/portal/reports/monthly?month=${lastMonth()}`, () => shown(page.getByRole("article", { name: "Statement of All properties" }))],
      ["/portal/reports/schedule-e", () => shown(page.getByRole("heading", { name: "Schedule E is part of Premium" }))],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${ctx.server.url}${path}`);
      await ready();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto(`${ctx.server.url}/portal/expenses`);
    await page.getByRole("button", { name: "Record an Expense" }).click();
    await shown(page.getByRole("dialog", { name: "Record an expense" }).getByRole("button", { name: "Save Expense" }));
    // The dialog fades in: check it once it is fully drawn.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    expect(await seriousViolations(page), "expense form").toEqual([]);
    await context.close();
  });
});

describe("a rent roll imported from a spreadsheet", () => {
  test("the preview says which leases' terms have ended and what importing them means, and the import goes ahead", async () => {
    const api = ctx.server.client();
    await paidOwner(api, "Standard");
    // axe-core is injected as a script: the test's own context lets it past the page's CSP.
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/portal/import`);
    // The sample: Tess's lease ran to July 31, 2026 and Lena's to December 31, 2025, both before today.
    await page.getByLabel("Spreadsheet (CSV)").setInputFiles(join(fixtures, "imports/rent-roll.csv"));
    await page.getByRole("button", { name: "Preview Import" }).click();
    await shown(page.getByText("Before you import, read the notes below (2 rows)."));
    const rows = page.getByRole("list", { name: "Rows of the spreadsheet" });
    const tess = rows.getByRole("listitem").filter({ hasText: "Line 2:" });
    await shown(tess.getByRole("note").filter({ hasText: "The lease's term ended on" }));
    expect(await tess.getByRole("note").textContent()).toContain("no rent is posted after it");
    expect(await rows.getByRole("listitem").filter({ hasText: "Line 3:" }).getByRole("note").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Import 4 Leases" }).click();
    await shown(page.getByRole("link", { name: "Go to the dashboard" }));
    await context.close();
  });
});

describe("the Schedule E PDF as a picture", () => {
  test("page 1 rendered by pdf.js matches the committed picture", async () => {
    const { renderScheduleEPdf } = await import("../../src/server/documents/schedule-e-pdf.ts");
    const { scheduleE } = await import("../../src/server/domain/portal/schedule-e-rules.ts");
    // Fixed figures and a fixed date: the same bytes every run.
    const { report } = scheduleE({
      year: 2025,
      properties: [
        { id: "a", displayName: "Loomis two-flat", address: { line1: "1834 S Loomis St", line2: null, city: "Chicago", state: "IL", zip: "60608" }, propertyType: "multi_family", placedInService: "2020-01-15", buildingBasisCents: 27_500_000, archived: false },
        { id: "b", displayName: "Berwyn bungalow", address: { line1: "6512 W 31st St", line2: null, city: "Berwyn", state: "IL", zip: "60402" }, propertyType: "single_family", placedInService: null, buildingBasisCents: null, archived: false },
      ],
      leases: [
        { id: "l", propertyId: "a", unitLabel: "1", startDate: "2025-01-01", endDate: null, entries: [{ id: "r", date: "2025-01-01", kind: "rent", amountCents: 120_000, period: "2025-01", voids: null }, { id: "p", date: "2025-01-02", kind: "payment", amountCents: -120_000, period: "2025-01", voids: null }] },
      ],
      expenses: [
        { id: "x", propertyId: "a", date: "2025-03-01", amountCents: 8_641, payee: "Ace Hardware", memo: null, category: "repairs" },
        { id: "y", propertyId: "b", date: "2025-04-01", amountCents: 120_000, payee: "State Farm", memo: null, category: "insurance" },
      ],
    });
    const pdf = await renderScheduleEPdf(report, { ownerName: "Olivia Brandt", generatedAt: new Date("2026-02-15T18:00:00Z") });
    const page = await ctx.browser.newPage({ viewport: { width: 700, height: 900 } });
    const pdfjs = join(import.meta.dir, "../../node_modules/pdfjs-dist");
    // pdf.js, its worker and its standard fonts come from the package, so no system font is involved.
    await page.route("https://pdfjs.test/**", async (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = path === "/render.html" ? null : join(pdfjs, path);
      if (!file) return route.fulfill({ contentType: "text/html", body: "<!doctype html><canvas id=c></canvas>" });
      return route.fulfill({ body: readFileSync(file), contentType: path.endsWith(".mjs") ? "text/javascript" : "application/octet-stream" });
    });
    await page.goto("https://pdfjs.test/render.html");
    const png = await page.evaluate(async (bytes: number[]) => {
      const lib = await import("https://pdfjs.test/legacy/build/pdf.mjs" as string);
      lib.GlobalWorkerOptions.workerSrc = "https://pdfjs.test/legacy/build/pdf.worker.mjs";
      const doc = await lib.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: "https://pdfjs.test/standard_fonts/", useSystemFonts: false, isEvalSupported: false }).promise;
      const first = await doc.getPage(1);
      const viewport = first.getViewport({ scale: 1 });
      const canvas = document.getElementById("c") as HTMLCanvasElement;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      await first.render({ canvasContext: canvas.getContext("2d")!, viewport }).promise;
      return canvas.toDataURL("image/png");
    }, [...pdf]);
    const picture = Buffer.from(png.split(",")[1]!, "base64");
    const baselinePath = join(fixtures, "schedule-e-page-1.png");
    if (!existsSync(baselinePath) || process.env.UPDATE_PICTURES) writeFileSync(baselinePath, picture);
    const baseline = readFileSync(baselinePath);
    // Compare pixel by pixel in the page: at most 0.5% of the pixels may differ (anti-aliasing).
    const differing = await page.evaluate(
      async ([a, b]: string[]) => {
        const load = async (src: string) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.width;
          canvas.height = img.height;
          const g = canvas.getContext("2d")!;
          g.drawImage(img, 0, 0);
          return g.getImageData(0, 0, img.width, img.height);
        };
        const [x, y] = [await load(a!), await load(b!)];
        if (x.width !== y.width || x.height !== y.height) return 1;
        let diff = 0;
        let ink = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          const delta = Math.abs(x.data[i]! - y.data[i]!) + Math.abs(x.data[i + 1]! - y.data[i + 1]!) + Math.abs(x.data[i + 2]! - y.data[i + 2]!);
          if (delta > 96) diff += 1;
          if (x.data[i]! < 128) ink += 1;
        }
        // A blank page would match a blank picture: the page must have text on it.
        return ink < 2000 ? 1 : diff / (x.width * x.height);
      },
      [`data:image/png;base64,${picture.toString("base64")}`, `data:image/png;base64,${baseline.toString("base64")}`],
    );
    expect(differing).toBeLessThan(0.005);
    await page.close();
  });
});
