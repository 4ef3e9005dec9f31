import { expect, setDefaultTimeout, test } from "bun:test";
import { chicagoToday } from "../../src/shared/calendar.ts";
import { adminUsers } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { openPortalSection, serverAndBrowser, shown } from "../support/browser.ts";
import { latestEmail, paidOwner } from "../support/fixtures.ts";

// Premium services in Chromium: a Premium owner grants staff access and opens a support ticket;
// staff (an admin) answer it from the queue and categorise one of the owner's expenses; the owner
// sees the reply and, under "Who did what", the staff member's change.

setDefaultTimeout(120_000);
const ctx = serverAndBrowser();

test("a Premium owner grants staff access and opens a ticket; staff answer it and categorise an expense; the owner sees both", async () => {
  const api = ctx.server.client();
  const signed = await paidOwner(api, "Premium", { first_name: "Petra", last_name: "Novak" });
  const property = (await api.post("/api/portal/properties", { name: "Berwyn bungalow", address: { line1: "6520 W 31st St", city: "Berwyn", zip: "60402" }, property_type: "single_family", units: [{ label: "1" }] })).body;
  await api.post("/api/portal/expenses", { property_id: property.id, date: chicagoToday(new Date()), amount_cents: 23_456, payee: "Menards", category: null });

  // The owner.
  const ownerContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ownerContext.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  const owner = await ownerContext.newPage();
  const errors: string[] = [];
  owner.on("pageerror", (e) => errors.push(e.message));
  await owner.goto(`${ctx.server.url}/portal`);
  await openPortalSection(owner, "Premium Services");
  await shown(owner.getByRole("heading", { name: "Premium services", level: 1 }));
  await owner.getByRole("button", { name: "Grant Staff Access" }).click();
  await shown(owner.getByRole("button", { name: "Revoke Staff Access" }));
  await shown(owner.getByRole("cell", { name: "Granted staff access" }));

  const form = owner.getByRole("form", { name: "Open a support ticket" });
  await form.getByLabel("Subject").fill("Security deposit interest");
  await form.getByLabel("How can we help?").fill("How much interest do I owe on a Chicago deposit?");
  await form.getByRole("button", { name: "Open Ticket" }).click();
  await shown(owner.getByRole("link", { name: "Security deposit interest" }));
  await shown(owner.getByText(/Waiting for a first reply · first reply due/));

  // Staff, in the admin area's Services tab.
  const [admin] = await ctx.server.services.db.select().from(adminUsers).limit(1);
  const { token } = await createSession(ctx.server.services.db, { kind: "admin", adminId: admin!.id }, ctx.server.services.now());
  const staffContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staffContext.addCookies([{ name: "lpa_admin", value: token, url: ctx.server.url }]);
  const staff = await staffContext.newPage();
  staff.on("pageerror", (e) => errors.push(e.message));
  await staff.goto(`${ctx.server.url}/admin`);
  await staff.getByRole("tab", { name: "Services" }).click();
  const queue = staff.getByRole("table", { name: "Support tickets by first-response target" });
  await shown(queue.getByText("Security deposit interest"));
  await queue.getByRole("button", { name: "Open ticket Security deposit interest" }).click();
  const reply = staff.getByRole("form", { name: "Reply to the owner" });
  await reply.getByLabel("Reply").fill("Chicago sets the rate each year: we will send you the figure for your lease.");
  await reply.getByRole("button", { name: "Send Reply" }).click();
  await shown(queue.getByText("Answered"));

  await staff.getByRole("button", { name: "Open books of Petra Novak" }).click();
  const books = staff.getByRole("table", { name: "Expenses of Petra Novak" });
  await books.getByLabel(/Category of Menards/).selectOption("supplies");
  await shown(staff.getByText("Expense categorised"));

  // The owner sees the reply and the staff member's change.
  await owner.getByRole("link", { name: "Security deposit interest" }).click();
  const conversation = owner.getByRole("list", { name: "Conversation" });
  await shown(conversation.getByText("Chicago sets the rate each year", { exact: false }));
  await shown(conversation.getByText(`${admin!.fullName} (association staff)`, { exact: false }));
  await owner.getByRole("link", { name: "Back to Premium services" }).click();
  const audit = owner.getByRole("table", { name: "Who did what in your books" });
  await shown(audit.getByRole("cell", { name: "Changed an expense" }));
  await shown(audit.getByRole("cell", { name: "Replied to your support ticket" }));
  expect(await audit.getByRole("cell", { name: admin!.fullName }).count()).toBeGreaterThan(0);
  expect((await latestEmail(ctx.server.services, signed.email, "support_ticket_owner")).text).toContain("Chicago sets the rate");
  expect(errors).toEqual([]);
  await ownerContext.close();
  await staffContext.close();
});
