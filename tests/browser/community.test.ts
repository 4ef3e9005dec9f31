import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { emailPreferences, members } from "../../src/server/db/schema.ts";
import type { MembershipLevel } from "../../src/shared/membership.ts";
import { serverAndBrowser, shown, until } from "../support/browser.ts";
import { applyAndSign, signInAsAdmin } from "../support/fixtures.ts";
import { pdfBytes } from "../support/files.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

// The community in real Chromium: the forum between a Basic and a paid member, an update that
// arrives by email with a working unsubscribe, a webinar's waitlist, the contractor directory.

setDefaultTimeout(90_000);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());
const ctx = serverAndBrowser(() => ({ SMTP_URL: smtp.url }));

interface Person {
  email: string;
  id: string;
  context: BrowserContext;
  page: Page;
}

/** A member made through the API, and a browser context signed in as them. */
async function member(level: MembershipLevel, first: string, last: string, viewport?: { width: number; height: number }): Promise<Person> {
  const api = ctx.server.client();
  const { email } = await applyAndSign(api, level, { first_name: first, last_name: last, email: `${first.toLowerCase()}.${Date.now().toString(36)}@members.example.org` });
  const [row] = await ctx.server.services.db.select().from(members).where(eq(members.email, email));
  // Older than a day, and a paid level paid: the limits and payments are other tests' subjects.
  await ctx.server.services.db
    .update(members)
    .set({ createdAt: new Date(Date.now() - 3 * 86_400_000), ...(level === "Basic" ? {} : { status: "active" }) })
    .where(eq(members.id, row!.id));
  const context = await ctx.browser.newContext(viewport ? { viewport } : {});
  await context.addCookies([{ name: "lpa_member", value: api.cookies.get("lpa_member")!, url: ctx.server.url }]);
  return { email, id: row!.id, context, page: await context.newPage() };
}

async function adminPage(): Promise<Page> {
  const api = ctx.server.client();
  await signInAsAdmin(ctx.server.services, api);
  const context = await ctx.browser.newContext();
  await context.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/admin`);
  await shown(page.getByText("Welcome, Association Administrator"));
  return page;
}

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => (window as any).axe.run(document, { resultTypes: ["violations"] }));
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("a Basic member posts a topic, a paid member replies and mentions them, and the Basic member is notified", async () => {
  const basic = await member("Basic", "Beatrice", "Okafor");
  const paid = await member("Premium", "Paolo", "Ferrante");
  const handle = "beatriceo";

  await basic.page.goto(`${ctx.server.url}/community`);
  await basic.page.getByRole("button", { name: "New topic" }).click();
  await basic.page.getByLabel("Category").selectOption({ label: "Landlord Q&A" });
  await basic.page.getByLabel("Title").fill("Security deposit interest in Chicago");
  await basic.page.getByLabel("Your post").fill("Do I owe **interest** on a deposit I held for 10 months?");
  await basic.page.getByRole("button", { name: "Post topic" }).click();
  await shown(basic.page.getByRole("heading", { name: "Security deposit interest in Chicago" }));
  await shown(basic.page.locator("strong", { hasText: "interest" }));
  const topicUrl = basic.page.url();

  await paid.page.goto(`${ctx.server.url}/community`);
  await paid.page.getByRole("link", { name: "Security deposit interest in Chicago" }).click();
  await paid.page.getByRole("button", { name: /Reply to post #1 by Beatrice O\./ }).click();
  const box = paid.page.getByLabel("Your reply");
  await until(box, async (b) => (await b.inputValue()).startsWith(`@${handle}`));
  await box.pressSequentially("Yes: under the RLTO interest is due after 12 months, so not yet.");
  await paid.page.getByRole("button", { name: "Post reply" }).click();
  await shown(paid.page.getByText("under the RLTO interest is due after 12 months"));

  await basic.page.goto(`${ctx.server.url}/community`);
  // The mention's notification is written with the reply; the page's first load on a busy machine may take a while.
  await shown(basic.page.getByRole("link", { name: /Notifications\s*1 unread/ }), 20_000);
  await basic.page.getByRole("link", { name: /Notifications/ }).click();
  await basic.page.getByRole("link", { name: /Paolo F\. mentioned you in "Security deposit interest in Chicago"/ }).click();
  await shown(basic.page.getByText("under the RLTO interest is due after 12 months"));
  expect(basic.page.url().startsWith(topicUrl)).toBe(true);
  await basic.page.goto(`${ctx.server.url}/community`);
  await shown(basic.page.getByRole("link", { name: "Notifications", exact: true }));
  await basic.context.close();
  await paid.context.close();
});

test("typing @ and the start of a name offers members to mention, chosen by arrow keys or a click; a handle nobody has is refused by name", async () => {
  const { ensureHandle } = await import("../../src/server/domain/community/people.ts");
  const named = async (first: string, last: string) => {
    const person = await member("Basic", first, last);
    const [row] = await ctx.server.services.db.select().from(members).where(eq(members.id, person.id));
    await ensureHandle(ctx.server.services.db, row!);
    await person.context.close();
  };
  await named("Cordelia", "Vance");
  await named("Cornelius", "Vandermeer");
  const writer = await member("Basic", "Henrietta", "Lindqvist");
  // axe is injected as an inline script: this page's context lets it past the site's CSP.
  const context = await ctx.browser.newContext({ bypassCSP: true });
  await context.addCookies(await writer.context.cookies());
  await writer.context.close();
  const page = await context.newPage();

  await page.goto(`${ctx.server.url}/community`);
  await page.getByRole("button", { name: "New topic" }).click();
  await page.getByLabel("Category").selectOption({ label: "Landlord Q&A" });
  await page.getByLabel("Title").fill("Who has replaced a boiler in a six-flat?");
  const body = page.getByLabel("Your post");
  await body.pressSequentially("Asking @cor");
  const list = page.getByRole("listbox", { name: "Members to mention" });
  await shown(list.getByRole("option", { name: "Cordelia V. @cordeliav" }));
  await shown(list.getByRole("option", { name: "Cornelius V. @corneliusv" }));
  expect(await seriousViolations(page)).toEqual([]);
  await body.press("ArrowDown");
  expect(await list.getByRole("option", { name: "Cornelius V. @corneliusv" }).getAttribute("aria-selected")).toBe("true");
  await body.press("Enter");
  await until(body, async (b) => (await b.inputValue()) === "Asking @corneliusv ");
  expect(await list.count()).toBe(0);
  await body.pressSequentially("and @nobodyatall");
  await shown(page.getByRole("status").filter({ hasText: "No member who can read this goes by a name or handle starting with @nobodyatall" }));
  await page.getByRole("button", { name: "Post topic" }).click();
  await shown(page.getByRole("alert").filter({ hasText: "@nobodyatall matches no member who can read this category" }));

  await body.fill("Asking @corneliusv about it.");
  await page.getByRole("button", { name: "Post topic" }).click();
  await shown(page.getByRole("heading", { name: "Who has replaced a boiler in a six-flat?" }));
  const reply = page.getByLabel("Your reply");
  await reply.pressSequentially("Thanks, @Vanc");
  await page.getByRole("listbox", { name: "Members to mention" }).getByRole("option", { name: "Cordelia V. @cordeliav" }).click();
  await until(reply, async (b) => (await b.inputValue()) === "Thanks, @cordeliav ");
  await reply.pressSequentially("too.");
  await page.getByRole("button", { name: "Post reply" }).click();
  await shown(page.getByText("Thanks, @cordeliav too."));
  await context.close();
});

test("an admin publishes a members-only update; it arrives by email and its unsubscribe link works without signing in", async () => {
  const reader = await member("Basic", "Ursula", "Nowak");
  const page = await adminPage();
  await page.getByRole("tab", { name: "Community" }).click();
  await page.getByRole("tab", { name: "Legal Updates" }).click();
  await page.getByLabel("Title").fill("Cook County: new notice form for rent increases");
  await page.getByLabel("Excerpt").fill("What changes on January 1 for Cook County landlords.");
  await page.getByLabel("Body (Markdown)").fill("Landlords must use the **new form** from January 1.");
  await page.getByLabel("Who may read it", { exact: true }).selectOption("members");
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel(/Send as email/).check();
  await page.getByRole("button", { name: "Create update" }).click();
  await shown(page.getByText(/Emailed to \d+ subscribed members/));

  const deadline = Date.now() + 20_000;
  let mail = smtp.received.find((m) => m.envelopeTo.includes(reader.email) && m.parsed.subject?.includes("new notice form"));
  while (!mail && Date.now() < deadline) {
    await Bun.sleep(200);
    mail = smtp.received.find((m) => m.envelopeTo.includes(reader.email) && m.parsed.subject?.includes("new notice form"));
  }
  expect(mail, "the update's email").toBeDefined();
  // RFC 8058: both headers as sent, the link the same as in the text.
  const header = (key: string) => mail!.parsed.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, "");
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = header("list-unsubscribe")!.replace(/^<|>$/g, "");
  expect(unsubscribe).toContain("/email/unsubscribe?token=");
  expect(mail!.parsed.text).toContain(unsubscribe);

  // A visitor (no session) sees the excerpt and the join prompt; the member reads it all.
  const visitor = await (await ctx.browser.newContext()).newPage();
  await visitor.goto(`${ctx.server.url}/updates`);
  await visitor.getByRole("link", { name: "Cook County: new notice form for rent increases" }).click();
  await shown(visitor.getByText("This update is for members. Basic membership is free."));
  await reader.page.goto(`${ctx.server.url}/updates`);
  await reader.page.getByRole("link", { name: "Cook County: new notice form for rent increases" }).click();
  await shown(reader.page.locator("strong", { hasText: "new form" }));

  await visitor.goto(unsubscribe);
  await shown(visitor.getByRole("heading", { name: "Unsubscribe from Legal updates?" }));
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await shown(visitor.getByText("You are unsubscribed from Legal updates."));
  const [prefs] = await ctx.server.services.db.select().from(emailPreferences).where(eq(emailPreferences.memberId, reader.id));
  expect(prefs!.legalUpdates).toBe(false);
  await reader.page.goto(`${ctx.server.url}/email/preferences`);
  await until(reader.page.getByLabel("Legal updates"), async (box) => !(await box.isChecked()));
  expect(await reader.page.getByLabel("Webinars").isChecked()).toBe(true);
  await reader.context.close();
});

test("a member registers for a full webinar, is waitlisted, then moves up when a seat frees", async () => {
  const first = await member("Basic", "Frida", "Holm");
  const second = await member("Basic", "Samir", "Haddad");
  const api = ctx.server.client();
  await signInAsAdmin(ctx.server.services, api);
  const created = await api.post("/api/admin/webinars", {
    title: "Evictions in Cook County, step by step",
    starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
    capacity: 1,
    join_url: "https://meet.example.org/evictions",
  });
  expect(created.status).toBe(201);
  const url = `${ctx.server.url}/webinars/${created.body.id}`;

  await first.page.goto(`${ctx.server.url}/webinars`);
  await first.page.getByRole("link", { name: "Evictions in Cook County, step by step" }).click();
  await first.page.getByRole("button", { name: "Register" }).click();
  await shown(first.page.getByText("You are registered."));

  await second.page.goto(url);
  await shown(second.page.getByText("Full: 0 on the waitlist"));
  await second.page.getByRole("button", { name: "Join the waitlist" }).click();
  await shown(second.page.getByText("You are number 1 on the waitlist."));

  await first.page.getByRole("button", { name: "Cancel my registration" }).click();
  await shown(first.page.getByRole("button", { name: "Join the waitlist" }));
  await second.page.reload();
  await shown(second.page.getByText("You are registered."));
  await shown(second.page.getByText(/The join link shows here from/));
  await first.context.close();
  await second.context.close();
});

test("a contractor signs up, an admin verifies them, and a member finds them by trade and ZIP code", async () => {
  const roofer = await member("Basic", "Rolf", "Brandt");
  await roofer.page.goto(`${ctx.server.url}/contractors/me`);
  await shown(roofer.page.getByRole("heading", { name: "List your business for free" }));
  await roofer.page.getByLabel("Business name").fill("Brandt Roofing of Oak Park");
  await roofer.page.getByLabel("What you do").fill("Flat roofs and chimney flashing.");
  await roofer.page.getByLabel("Roofing").check();
  await roofer.page.getByLabel("Counties you serve").fill("Cook");
  await roofer.page.getByLabel("ZIP codes you serve").fill("60302, 60304");
  await roofer.page.getByRole("button", { name: "Add a licence or insurance" }).click();
  await roofer.page.getByLabel("Issuer").fill("IDFPR");
  await roofer.page.getByLabel("Number").fill("104.018877");
  await roofer.page.getByLabel("Expires on").fill("2028-06-30");
  await roofer.page.getByRole("button", { name: "Sign up" }).click();
  await shown(roofer.page.getByText("Your listing is saved."));
  await shown(roofer.page.getByText(/Status: applied/));
  // The licence certificate, for the staff who verify.
  await roofer.page.getByLabel("Document name").fill("IDFPR roofing licence");
  await roofer.page.getByLabel("File", { exact: true }).setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdfBytes("Roofing licence")) });
  await roofer.page.getByRole("button", { name: "Upload document" }).click();
  await shown(roofer.page.getByRole("link", { name: "IDFPR roofing licence" }));

  const page = await adminPage();
  await page.getByRole("tab", { name: "Community" }).click();
  await page.getByRole("tab", { name: "Directory" }).click();
  await shown(page.getByText("Brandt Roofing of Oak Park"));
  await shown(page.getByText(/225 ILCS 335/).first());
  await shown(page.getByRole("list", { name: "Documents of Brandt Roofing of Oak Park" }).getByRole("link", { name: "IDFPR roofing licence" }));
  await page.getByLabel("Status of Brandt Roofing of Oak Park").selectOption("approved");
  await page.getByLabel("Note for Brandt Roofing of Oak Park").fill("IDFPR licence 104.018877 active");
  await page.getByRole("button", { name: "Save status" }).first().click();
  await shown(page.getByText("Brandt Roofing of Oak Park: approved."));

  const owner = await member("Standard", "Olga", "Marin");
  await owner.page.goto(`${ctx.server.url}/contractors`);
  await owner.page.getByLabel("Trade").selectOption("Roofing");
  await owner.page.getByLabel("ZIP code").fill("60304");
  await owner.page.getByRole("button", { name: "Search" }).click();
  const listing = owner.page.getByRole("listitem").filter({ hasText: "Brandt Roofing of Oak Park" });
  await shown(listing);
  await shown(listing.getByText("Verified"));
  await listing.getByRole("link", { name: "Brandt Roofing of Oak Park" }).click();
  await shown(owner.page.getByText(/815 ILCS 513/).first());
  await owner.page.getByLabel("Describe the job").fill("Leak around the chimney of a two-flat on Lombard Ave.");
  await owner.page.getByRole("button", { name: "Send request" }).click();
  await shown(owner.page.getByText("Your request was sent to Brandt Roofing of Oak Park."));
  await roofer.context.close();
  await owner.context.close();
});

test("axe-core finds no serious or critical violation on the community pages, and each fits a 390 px screen", async () => {
  const someone = await member("Basic", "Axel", "Lind", { width: 390, height: 844 });
  const context = await ctx.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  await context.addCookies(await someone.context.cookies());
  const page = await context.newPage();
  const api = ctx.server.client();
  await signInAsAdmin(ctx.server.services, api);
  const update = await api.post("/api/admin/updates", { title: "Axe check update", body: "Body with a [link](https://example.org).", visibility: "public", status: "published" });
  const webinar = await api.post("/api/admin/webinars", { title: "Axe check webinar", starts_at: new Date(Date.now() + 86_400_000).toISOString(), ends_at: new Date(Date.now() + 90_000_000).toISOString(), capacity: 10 });
  const categories = await api.get("/api/community/categories");
  const announcements = categories.body.find((c: { slug: string }) => c.slug === "announcements").id;
  await api.post("/api/community/topics", { category_id: announcements, title: "Axe check topic", body: "A **staff** post with a [link](https://example.org)." });
  const topics = await api.get("/api/community/topics");
  const paths: [string, string][] = [
    ["/community", "Member forum"],
    [`/community/t/${topics.body.topics[0].id}`, topics.body.topics[0].title],
    ["/community/search?q=deposit", "Search the forum"],
    ["/community/notifications", "Notifications"],
    ["/updates", "Legal updates"],
    [`/updates/${update.body.slug}`, "Axe check update"],
    ["/webinars", "Monthly webinars"],
    [`/webinars/${webinar.body.id}`, "Axe check webinar"],
    ["/contractors", "Contractor directory"],
    ["/contractors/me", "List your business for free"],
    ["/email/preferences", "Email preferences"],
  ];
  const problems: string[] = [];
  for (const [path, heading] of paths) {
    await page.goto(`${ctx.server.url}${path}`);
    await shown(page.getByRole("heading", { name: heading, level: 1 }), 10_000);
    await page.waitForLoadState("networkidle");
    problems.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${path}: ${overflow} px wider than the 390 px screen`);
  }
  // The admin's community sections, at the admin's usual width.
  const adminContext = await ctx.browser.newContext({ bypassCSP: true });
  await adminContext.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: ctx.server.url })));
  const adminView = await adminContext.newPage();
  await adminView.goto(`${ctx.server.url}/admin`);
  await adminView.getByRole("tab", { name: "Community" }).click();
  for (const [tab, heading] of [["Legal Updates", "Legal updates"], ["Webinars", "Webinars"], ["Forum", "Flagged posts"], ["Directory", "Contractor directory"]]) {
    await adminView.getByRole("tab", { name: tab, exact: true }).click();
    await shown(adminView.getByRole("heading", { name: heading, exact: true }));
    await adminView.waitForLoadState("networkidle");
    problems.push(...(await seriousViolations(adminView)).map((v) => `admin ${tab}: ${v}`));
  }
  expect(problems).toEqual([]);
  await adminContext.close();
  await context.close();
  await someone.context.close();
});
