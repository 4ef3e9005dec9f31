import { expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { chicagoToday, periodOf, plusMonths } from "../../src/shared/calendar.ts";
import { formatCents } from "../../src/shared/portal.ts";
import { FULL_PAYMENT_SENTENCE } from "../../src/server/documents/notice-pdf.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { adminUsers } from "../../src/server/db/schema.ts";
import { opensPicture, seriousViolations, serverAndBrowser, shown } from "../support/browser.ts";
import { photoBytes } from "../support/files.ts";
import { paidOwner } from "../support/fixtures.ts";
import { pdfText } from "../support/pdf-text.ts";

// Eviction coordination in Chromium (PORTAL.md 7.2): a Premium owner opens a case from a late
// lease, prepares the 5-day notice, records its service and pays; staff move the case from the
// admin area; the owner sees the move on the timeline. A Standard owner buys coordination in TEST MODE.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

async function lateOwner(level: "Standard" | "Premium", line1: string) {
  const api = ctx.server.client();
  await paidOwner(api, level, { first_name: "Nadia", last_name: "Kowalski" });
  const property = (await api.post("/api/portal/properties", { name: line1, address: { line1, city: "Chicago", zip: "60608" }, property_type: "multi_family", units: [{ label: "2" }] })).body;
  const start = `${plusMonths(periodOf(chicagoToday(new Date())), -2)}-01`;
  const lease = (await api.post("/api/portal/leases", { unit_id: property.units[0].id, start_date: start, rent_cents: 130_000, due_day: 1, tenants: [{ first_name: "Rosa", last_name: "Diaz" }] })).body;
  const ledger = (await api.get(`/api/portal/leases/${lease.id}/ledger`)).body;
  const rentDue = formatCents(ledger.entries.filter((e: { kind: string }) => e.kind === "rent").reduce((sum: number, e: { amount_cents: number }) => sum + e.amount_cents, 0));
  const context = await ctx.browser.newContext({ acceptDownloads: true });
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const page = await context.newPage();
  return { api, context, page, leaseId: lease.id as string, rentDue };
}

async function openCaseFromLease(page: Page, leaseId: string) {
  await page.goto(`${ctx.server.url}/portal/leases/${leaseId}`);
  await page.getByRole("link", { name: "Open an Eviction Case" }).click();
  await shown(page.getByRole("heading", { name: "Open an eviction case" }));
  await page.getByRole("button", { name: "Open the Case" }).click();
  await page.waitForURL(/\/portal\/evictions\/[0-9a-f-]{36}$/);
  await shown(page.getByRole("heading", { name: /Eviction case:/ }));
  return page.url().split("/").at(-1)!;
}

async function payInTestMode(page: Page, amount: string) {
  await page.getByRole("button", { name: `Pay ${amount} to Start Coordination` }).click();
  await shown(page.getByRole("heading", { name: /Eviction coordination/ }));
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/portal\/evictions\/[0-9a-f-]{36}\?purchase=/);
  await shown(page.getByText("Paid: staff coordinate"), 15_000);
}

async function staffPage(options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const [admin] = await ctx.server.services.db.select().from(adminUsers).limit(1);
  const { token } = await createSession(ctx.server.services.db, { kind: "admin", adminId: admin!.id }, ctx.server.services.now());
  const context = await ctx.browser.newContext(options);
  await context.addCookies([{ name: "lpa_admin", value: token, url: ctx.server.url }]);
  return { context, page: await context.newPage() };
}

test("a Premium owner opens a case from a late lease, prepares the 5-day notice and records service; staff move the case; the owner sees the timeline", async () => {
  const { context, page, leaseId, rentDue } = await lateOwner("Premium", "1842 W Cermak Rd");
  const caseId = await openCaseFromLease(page, leaseId);
  await shown(page.getByText("Pay to start coordination", { exact: false }).first());

  await page.getByRole("button", { name: "Prepare the Notice" }).click();
  const notices = page.getByRole("list", { name: "Notices" });
  await shown(notices.getByText("Rent demanded"));
  await shown(notices.getByText(rentDue));
  await shown(notices.getByText("verify with counsel").first());

  const service = page.getByRole("form", { name: "Record service" });
  await service.getByLabel("How it was served").selectOption("personal");
  await service.getByLabel("Served by").fill("Jon Ortiz");
  await service.getByRole("button", { name: "Record Service" }).click();
  await shown(notices.getByText(/by Jon Ortiz/));
  await shown(page.getByText("Notice served", { exact: true }).first());

  const [file] = await Promise.all([page.waitForEvent("download"), notices.getByRole("link", { name: /Download the Landlord's 5-day notice PDF/ }).click()]);
  const text = await pdfText(readFileSync((await file.path())!));
  expect(text).toContain(`the sum of ${rentDue}, being rent`);
  expect(text).toContain(FULL_PAYMENT_SENTENCE);
  expect(text).toContain("I, Jon Ortiz, served this notice");

  await payInTestMode(page, "$100.00");
  // Served today, the notice cannot be marked expired before its period ends (PORTAL.md 7.2): the
  // owner's page says when. Ten days later it can.
  await shown(page.getByText(/The notice period ends .*: the case can move to notice expired from/).first());
  ctx.server.clock.advance(10 * 86_400_000);

  // Staff move the case from the admin area.
  const staff = await staffPage();
  await staff.page.goto(`${ctx.server.url}/admin`);
  await staff.page.getByRole("tab", { name: "Evictions" }).click();
  await staff.page.getByRole("table", { name: "Eviction cases" }).getByRole("button", { name: /1842 W Cermak Rd/ }).click();
  await shown(staff.page.getByText("Stage: Notice served"));
  await staff.page.getByLabel("Note for the move (emailed to the owner)").fill("The notice period is over");
  await staff.page.getByRole("button", { name: "Move to Notice expired" }).click();
  await shown(staff.page.getByText("Stage: Notice expired"));
  await staff.context.close();

  // The owner sees the move on the timeline.
  await page.goto(`${ctx.server.url}/portal/evictions/${caseId}`);
  const timeline = page.getByRole("list", { name: "Case timeline" });
  await shown(timeline.getByText(/Stage: notice expired/));
  await shown(timeline.getByText(/The notice period is over/));
  await shown(page.getByText("Notice expired", { exact: true }).first());
  await context.close();
  ctx.server.clock.set(new Date());
});

test("a Standard owner buys eviction coordination for a case in TEST MODE at $400", async () => {
  const { context, page, leaseId } = await lateOwner("Standard", "2200 S Halsted St");
  await openCaseFromLease(page, leaseId);
  await payInTestMode(page, "$400.00");
  await shown(page.getByRole("list", { name: "Case timeline" }).getByText(/Eviction coordination paid/));
  await context.close();
});

test("axe-core finds no serious or critical violation on the case, the process server and the staff's Evictions pages", async () => {
  const { api, leaseId } = await lateOwner("Premium", "917 W 19th St");
  const opened = (await api.post("/api/portal/evictions", { lease_id: leaseId, ground: "unpaid_rent", jurisdiction: "chicago" })).body;
  await api.post(`/api/portal/evictions/${opened.id}/notices`, { kind: "5_day" });
  const posted = await api.upload(`/api/portal/evictions/${opened.id}/documents`, { name: "door-posting.png", bytes: await photoBytes(1024, 768) });
  expect(posted.status).toBe(201);
  // axe is injected as an inline script, which the site's content-security policy rightly forbids.
  const context = await ctx.browser.newContext({ bypassCSP: true });
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/portal/evictions/${opened.id}`);
  await shown(page.getByRole("form", { name: "Record service" }));
  // A photo on the case shows as a thumbnail (in the documents and on the timeline) that opens the picture.
  const documents = page.getByRole("list", { name: "Case documents" });
  expect(await opensPicture(page, documents.getByRole("button", { name: "View door-posting.png" }), "door-posting.png")).toEqual({ thumbnail: 256, picture: 1024 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${ctx.server.url}/portal/service-jobs?case=${opened.id}`);
  await shown(page.getByRole("heading", { name: "Send a job to the process server" }));
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();

  const { context: adminContext, page: adminPage } = await staffPage({ bypassCSP: true });
  await adminPage.goto(`${ctx.server.url}/admin`);
  await adminPage.getByRole("tab", { name: "Evictions" }).click();
  await adminPage.getByRole("table", { name: "Eviction cases" }).getByRole("button", { name: /917 W 19th St/ }).click();
  await shown(adminPage.getByText("Stage: Notice prepared"));
  // Staff see the case's photo through their own file route's check.
  const staffTimeline = adminPage.getByRole("list", { name: "Case timeline" });
  expect(await opensPicture(adminPage, staffTimeline.getByRole("button", { name: "View door-posting.png" }), "door-posting.png")).toEqual({ thumbnail: 256, picture: 1024 });
  expect(await seriousViolations(adminPage)).toEqual([]);
  await adminContext.close();
});
