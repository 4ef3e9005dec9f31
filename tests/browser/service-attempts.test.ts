import { expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday, dateLabel, periodOf, plusDays, plusMonths } from "../../src/shared/calendar.ts";
import { chicagoWhen } from "../../src/shared/time.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { adminUsers } from "../../src/server/db/schema.ts";
import { serverAndBrowser, shown } from "../support/browser.ts";
import { paidOwner, signInAsAdmin } from "../support/fixtures.ts";

// A process server's attempt (PORTAL.md 7.3) is entered and shown in Chicago time, labelled, on
// the staff's and the owner's screens, and stored as the right instant whatever the zone of the
// browser it was typed in: here both browsers run in UTC, six hours from Chicago in winter.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

test("staff in a UTC browser log an attempt at 2:30 PM Chicago time: stored as that instant, shown as 2:30 PM Chicago time to staff and owner", async () => {
  const owner = ctx.server.client();
  await paidOwner(owner, "Premium", { first_name: "Nadia", last_name: "Kowalski" });
  const property = (await owner.post("/api/portal/properties", { name: "1842 W Cermak Rd", address: { line1: "1842 W Cermak Rd", city: "Chicago", zip: "60608" }, property_type: "multi_family", units: [{ label: "2" }] })).body;
  const today = chicagoToday(ctx.server.services.now());
  const lease = (await owner.post("/api/portal/leases", { unit_id: property.units[0].id, start_date: `${plusMonths(periodOf(today), -2)}-01`, rent_cents: 130_000, due_day: 1, tenants: [{ first_name: "Rosa", last_name: "Diaz" }] })).body;
  const opened = (await owner.post("/api/portal/evictions", { lease_id: lease.id, ground: "unpaid_rent", jurisdiction: "chicago" })).body;
  const notice = (await owner.post(`/api/portal/evictions/${opened.id}/notices`, { kind: "5_day" })).body;
  const job = await owner.post("/api/portal/service-jobs", {
    eviction_case_id: opened.id,
    notice_id: notice.id,
    person_name: "Rosa Diaz",
    person_description: "About 40, short dark hair",
    addresses: ["1842 W Cermak Rd, unit 2, Chicago, IL 60608"],
    due_on: plusDays(today, 5),
  });
  expect(job.status).toBe(201);
  const admin = ctx.server.client();
  await signInAsAdmin(ctx.server.services, admin);
  expect((await admin.post(`/api/admin/service-jobs/${job.body.id}/transitions`, { to: "assigned", server_name: "Jon Ortiz" })).status).toBe(200);

  // Yesterday at 2:30 PM on Chicago's clock, typed into the staff's form.
  const typed = `${plusDays(today, -1)}T14:30`;
  const [staffAdmin] = await ctx.server.services.db.select().from(adminUsers).limit(1);
  const { token } = await createSession(ctx.server.services.db, { kind: "admin", adminId: staffAdmin!.id }, ctx.server.services.now());
  const staff = await ctx.browser.newContext({ timezoneId: "UTC" });
  await staff.addCookies([{ name: "lpa_admin", value: token, url: ctx.server.url }]);
  const page = await staff.newPage();
  await page.goto(`${ctx.server.url}/admin?tab=service-jobs`);
  await page.getByRole("button", { name: "Rosa Diaz" }).click();
  // The job's line: its parts joined once each, the due date written out as everywhere else.
  const dueLabel = dateLabel(plusDays(today, 5));
  await shown(page.getByText(`due ${dueLabel} · 1842 W Cermak Rd, unit 2, Chicago, IL 60608 · About 40, short dark hair`));
  // An attempt logged without its address is refused under the field, not silently.
  await page.getByRole("button", { name: "Log the Attempt" }).click();
  await shown(page.getByText("Enter the address where the attempt was made."));
  expect(await page.getByLabel("Address attempted").getAttribute("aria-invalid")).toBe("true");
  await page.getByLabel("When (Chicago time)").fill(typed);
  await page.getByLabel("Address attempted").fill("1842 W Cermak Rd");
  await page.getByLabel("Outcome").selectOption("not_served");
  await page.getByRole("button", { name: "Log the Attempt" }).click();
  // Staff see when the attempt was, not only when it was logged.
  await shown(page.getByText(/Not served at 1842 W Cermak Rd, attempted .* at 2:30 PM C[SD]T/));

  // The server stored the instant that is 2:30 PM in Chicago (Intl's own zone data says so).
  const seen = await owner.get(`/api/portal/service-jobs/${job.body.id}`);
  const attempt = seen.body.attempts?.[0] ?? seen.body.timeline.find((e: { kind: string }) => e.kind === "attempt");
  const stored = new Date(attempt.attempted_at);
  expect(stored.toLocaleString("en-US", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit", hour: "numeric", minute: "2-digit", hour12: false })).toBe(
    `${typed.slice(5, 7)}/${typed.slice(8, 10)}/${typed.slice(0, 4)}, 14:30`,
  );
  const shownTime = chicagoWhen(stored);
  expect(shownTime).toMatch(/at 2:30 PM C[SD]T$/);
  await shown(page.getByText(`Not served at 1842 W Cermak Rd, attempted ${shownTime}`));
  await staff.close();

  // The owner, also in a UTC browser, reads the same Chicago time.
  const ownerContext = await ctx.browser.newContext({ timezoneId: "UTC" });
  await ownerContext.addCookies([{ name: "lpa_member", value: owner.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`${ctx.server.url}/portal/service-jobs/${job.body.id}`);
  await shown(ownerPage.getByRole("list", { name: "Attempts" }).getByText(shownTime));
  await ownerContext.close();
});
