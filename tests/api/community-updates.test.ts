import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { adminAuditLog, emailOutbox, emailPreferences } from "../../src/server/db/schema.ts";
import { publishDueUpdates } from "../../src/server/domain/community/updates.ts";
import { createTestApp, type ApiClient, type TestApp } from "../support/harness.ts";
import { adminClient, communityMember, type CommunityMember } from "../support/community.ts";
import { secondProcess } from "../support/second-process.ts";

// Legal updates, newsletters and unsubscribing (COMMUNITY.md 2) through the API on the real database.

let t: TestApp;
let admin: ApiClient;
let basic: CommunityMember;
let paid: CommunityMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  basic = await communityMember(t, "Basic");
  paid = await communityMember(t, "Premium");
});
afterAll(() => t.close());

const update = (overrides: Record<string, unknown> = {}) => ({
  title: "Chicago RLTO security deposit interest rate for 2027",
  excerpt: "The City set the rate landlords pay on deposits.",
  body: "The **rate** for 2027 is 0.01%. Pay it within 30 days of the end of each 12-month rental period.",
  visibility: "public",
  tags: ["Chicago RLTO"],
  status: "published",
  send_email: false,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await admin.post("/api/admin/updates", update(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; slug: string; emailed_to: number };
}

const readers = () => ({ anonymous: t.client(), basic: basic.client, paid: paid.client, admin });

describe("who reads which update", () => {
  test("public posts for everyone, members posts for members, paid posts for Standard and Premium; others get the excerpt and a prompt", async () => {
    const pub = await create({ title: "Public: RLTO deposit rate" });
    const mem = await create({ title: "Members: Cook County RTLO summary", visibility: "members" });
    const pay = await create({ title: "Paid: eviction timeline worksheet", visibility: "paid" });
    const expectations: Record<string, Record<string, "full" | "join" | "upgrade">> = {
      anonymous: { [pub.slug]: "full", [mem.slug]: "join", [pay.slug]: "join" },
      basic: { [pub.slug]: "full", [mem.slug]: "full", [pay.slug]: "upgrade" },
      paid: { [pub.slug]: "full", [mem.slug]: "full", [pay.slug]: "full" },
      admin: { [pub.slug]: "full", [mem.slug]: "full", [pay.slug]: "full" },
    };
    for (const [who, client] of Object.entries(readers())) {
      const list = await client.get("/api/updates");
      expect(list.status).toBe(200);
      for (const [slug, expected] of Object.entries(expectations[who]!)) {
        const listed = list.body.updates.find((u: { slug: string }) => u.slug === slug);
        expect(listed, `${who} lists ${slug}`).toBeDefined();
        const one = await client.get(`/api/updates/${slug}`);
        expect(one.status, `${who} ${slug}`).toBe(200);
        expect(one.body.excerpt.length).toBeGreaterThan(0);
        if (expected === "full") {
          expect(one.body, `${who} ${slug}`).toMatchObject({ readable: true, access_prompt: null });
          expect(one.body.html).toContain("<strong>rate</strong>");
        } else {
          expect(one.body, `${who} ${slug}`).toMatchObject({ readable: false, access_prompt: expected, body: null, html: null });
          expect(JSON.stringify(one.body)).not.toContain("0.01%");
        }
      }
    }
  });

  test("drafts and scheduled posts are for admins only", async () => {
    const draft = await create({ title: "Draft about evictions", status: "draft" });
    const later = await create({ title: "Scheduled about taxes", status: "scheduled", publish_at: new Date(t.services.now().getTime() + 3600_000).toISOString() });
    for (const [who, client] of Object.entries(readers())) {
      for (const slug of [draft.slug, later.slug]) {
        const res = await client.get(`/api/updates/${slug}`);
        expect(res.status, `${who} ${slug}`).toBe(who === "admin" ? 200 : 404);
        const list = await client.get("/api/updates");
        expect(list.body.updates.some((u: { slug: string }) => u.slug === slug)).toBe(false);
      }
    }
    expect((await admin.get("/api/admin/updates")).body.some((u: { slug: string; status: string }) => u.slug === draft.slug && u.status === "draft")).toBe(true);
  });

  test("slugs come from the title, stay unique, and a taken slug given by hand is a conflict", async () => {
    const a = await create({ title: "Same title twice", status: "draft" });
    const b = await create({ title: "Same title twice", status: "draft" });
    expect(a.slug).toBe("same-title-twice");
    expect(b.slug).toBe("same-title-twice-2");
    expect((await admin.post("/api/admin/updates", update({ slug: "same-title-twice" }))).status).toBe(409);
    expect((await admin.post("/api/admin/updates", update({ slug: "Not A Slug" }))).status).toBe(422);
    expect((await admin.post("/api/admin/updates", update({ status: "scheduled" }))).status).toBe(422);
    expect((await basic.client.post("/api/admin/updates", update())).status).toBe(403);
    expect((await t.client().post("/api/admin/updates", update())).status).toBe(401);
    const audit = await t.services.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, a.id));
    expect(audit.map((r) => r.action)).toEqual(["update_created"]);
  });

  test("the RSS feed and the server-rendered pages carry public posts only", async () => {
    const pub = await create({ title: "Feed: Cook County fair housing update", body: "Source of income protections apply." });
    const mem = await create({ title: "Feed: members only memo", visibility: "members", body: "Secret members text." });
    const feed = await t.app.request("/updates/rss.xml");
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain("<title>Feed: Cook County fair housing update</title>");
    expect(xml).toContain(`/updates/${pub.slug}</link>`);
    expect(xml).not.toContain("members only memo");
    const listPage = await (await t.app.request("/updates")).text();
    expect(listPage).toContain("Feed: Cook County fair housing update");
    expect(listPage).not.toContain("members only memo");
    const postPage = await (await t.app.request(`/updates/${pub.slug}`)).text();
    expect(postPage).toContain("<title>Feed: Cook County fair housing update");
    expect(postPage).toContain("Source of income protections apply.");
    expect(postPage).toContain("data-server-html");
    const memberPage = await (await t.app.request(`/updates/${mem.slug}`)).text();
    expect(memberPage).not.toContain("Secret members text.");
  });
});

describe("sending an update by email", () => {
  test("a members-only post goes to subscribed members once, with a signed unsubscribe link and RFC 8058 headers", async () => {
    await t.services.db.delete(emailOutbox);
    const unsubscribed = await communityMember(t, "Basic");
    await unsubscribed.client.put("/api/email-preferences", { legal_updates: false, webinars: true, forum_digest: false, forum_notifications: true });
    const created = await create({ title: "Members: new Cook County notice rules", visibility: "members", send_email: true });
    expect(created.emailed_to).toBeGreaterThanOrEqual(2);
    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "legal_update"));
    const to = mails.map((m) => m.toAddress);
    expect(to).toContain(basic.email);
    expect(to).toContain(paid.email);
    expect(to).not.toContain(unsubscribed.email);
    expect(new Set(to).size).toBe(to.length);
    const mine = mails.find((m) => m.toAddress === basic.email)!;
    expect(mine.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = mine.headers["List-Unsubscribe"]!.slice(1, -1);
    expect(mine.text).toContain(url);
    expect(mine.html).toContain(url.replace(/&/g, "&amp;"));
    // Publishing again (draft, then published) sends nothing more.
    await admin.request("PATCH", `/api/admin/updates/${created.id}`, { status: "draft" });
    const again = await admin.request("PATCH", `/api/admin/updates/${created.id}`, { status: "published" });
    expect(again.body.emailed_to).toBe(0);
    expect(await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "legal_update"))).toHaveLength(mails.length);
  });

  test("a paid post reaches Standard and Premium members only", async () => {
    await t.services.db.delete(emailOutbox);
    await create({ title: "Paid: depreciation schedule", visibility: "paid", send_email: true });
    const to = (await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "legal_update"))).map((m) => m.toAddress);
    expect(to).toContain(paid.email);
    expect(to).not.toContain(basic.email);
  });

  test("a scheduled post publishes itself and emails once, even with two processes running the job at once", async () => {
    await t.services.db.delete(emailOutbox);
    const later = await create({ title: "Scheduled: new eviction forms", visibility: "public", status: "scheduled", send_email: true, publish_at: new Date(t.services.now().getTime() + 60_000).toISOString() });
    expect(later.emailed_to).toBe(0);
    expect(await publishDueUpdates(t.services)).toBe(0);
    t.clock.advance(61_000);
    const other = await secondProcess(t);
    try {
      const results = await Promise.all([publishDueUpdates(t.services), publishDueUpdates(other.services), publishDueUpdates(t.services)]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.close();
    }
    const one = await t.client().get(`/api/updates/${later.slug}`);
    expect(one.status).toBe(200);
    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "legal_update"));
    const to = mails.map((m) => m.toAddress);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toContain(basic.email);
  });
});

describe("unsubscribing", () => {
  test("the emailed link works without a session: the page asks, the button (or a one-click POST) unsubscribes", async () => {
    await t.services.db.delete(emailOutbox);
    const member = await communityMember(t, "Basic");
    await create({ title: "Unsubscribe test update", send_email: true });
    const [mail] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, "legal_update"), eq(emailOutbox.toAddress, member.email)));
    const url = new URL(mail!.headers["List-Unsubscribe"]!.slice(1, -1));
    const stranger = t.client();
    const shown = await stranger.get(`${url.pathname}${url.search}`);
    expect(shown.status).toBe(200);
    expect(String(shown.body)).toContain("Unsubscribe from Legal updates?");
    // Looking is not unsubscribing (mail scanners follow links).
    expect((await stranger.get(`${url.pathname}${url.search}`)).status).toBe(200);
    let [prefs] = await t.services.db.select().from(emailPreferences).where(inArray(emailPreferences.memberId, [member.id]));
    expect(prefs?.legalUpdates ?? true).toBe(true);
    // RFC 8058 one-click: a POST with the form body, no cookies, no Origin.
    const res = await t.app.request(`${url.pathname}${url.search}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You are unsubscribed from Legal updates.");
    [prefs] = await t.services.db.select().from(emailPreferences).where(eq(emailPreferences.memberId, member.id));
    expect(prefs!.legalUpdates).toBe(false);
    expect(prefs!.webinars).toBe(true);
    expect((await member.client.get("/api/email-preferences")).body.legal_updates).toBe(false);
    // Twice is fine.
    expect((await t.app.request(`${url.pathname}${url.search}`, { method: "POST", headers: { accept: "application/json" } })).status).toBe(200);
  });

  test("a forged or altered token does nothing, for a member who exists too", async () => {
    const member = await communityMember(t, "Basic");
    await t.services.db.delete(emailOutbox);
    await create({ title: "Forgery test update", send_email: true });
    const [mail] = await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, "legal_update"), eq(emailOutbox.toAddress, member.email)));
    const genuine = new URL(mail!.headers["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token")!;
    const [memberId, newsletter, signature] = genuine.split(".") as [string, string, string];
    expect(newsletter).toBe("legal_updates");
    // A changed first character changes the signature's bytes; a changed last character may
    // change only the two bits base64 leaves over, which decoding drops: both are refused.
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${signature.slice(0, 42)}${alphabet[alphabet.indexOf(signature[42]!) + 1]}`;
    expect(Buffer.from(respelled, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
    const forgeries = [
      "",
      "abc",
      `${crypto.randomUUID()}.legal_updates.${"A".repeat(43)}`,
      // The member's own id with a signature that is not the server's.
      `${memberId}.legal_updates.${"A".repeat(43)}`,
      `${memberId}.legal_updates.${flipped}`,
      `${memberId}.legal_updates.${respelled}`,
      // The genuine signature moved to another newsletter, or to another member.
      `${memberId}.webinars.${signature}`,
      `${crypto.randomUUID()}.legal_updates.${signature}`,
    ];
    for (const token of forgeries) {
      const res = await t.app.request(`/email/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", headers: { accept: "application/json" } });
      expect(res.status, token).toBe(400);
      expect((await res.json()).detail).toContain("not valid");
      expect((await t.app.request(`/email/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    const [prefs] = await t.services.db.select().from(emailPreferences).where(eq(emailPreferences.memberId, memberId));
    expect(prefs?.legalUpdates ?? true).toBe(true);
    expect(prefs?.webinars ?? true).toBe(true);
  });
});
