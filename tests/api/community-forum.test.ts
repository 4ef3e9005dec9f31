import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, emailOutbox, forumWatches, notifications } from "../../src/server/db/schema.ts";
import { sendDueForumEmails } from "../../src/server/domain/community/notifications.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { adminClient, categoryId, communityMember, seasoned, type CommunityMember } from "../support/community.ts";

// The forum (COMMUNITY.md 1) through the REST API on the real database.

let t: TestApp;
let qa: string;
let taxes: string;
let announcements: string;
beforeAll(async () => {
  t = await createTestApp();
  qa = await categoryId(t, "landlord-qa");
  taxes = await categoryId(t, "taxes-bookkeeping");
  announcements = await categoryId(t, "announcements");
});
afterAll(() => t.close());

async function topic(author: CommunityMember, title = "How much notice for a rent increase?", body = "Month-to-month in Evanston. What notice do I owe?") {
  const res = await author.client.post("/api/community/topics", { category_id: qa, title, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; post_id: string };
}

describe("categories", () => {
  test("every member sees the six seeded categories; Basic members cannot read or post in the paid one", async () => {
    const basic = await communityMember(t);
    const res = await basic.client.get("/api/community/categories");
    expect(res.status).toBe(200);
    expect(res.body.map((c: { name: string }) => c.name)).toEqual([
      "Announcements", "Landlord Q&A", "Chicago & Cook County", "Contractors & Trades", "Taxes & Bookkeeping", "Off-topic",
    ]);
    const paidOnly = res.body.find((c: { slug: string }) => c.slug === "taxes-bookkeeping");
    expect(paidOnly).toMatchObject({ read_access: "paid", can_read: false, can_post: false });
    const before = res.body.find((c: { slug: string }) => c.slug === "contractors-trades").topic_count;
    const made = await (await seasoned(t, basic)).client.post("/api/community/topics", { category_id: await categoryId(t, "contractors-trades"), title: "Counting topics here", body: "One more" });
    expect(made.status).toBe(201);
    const after = (await basic.client.get("/api/community/categories")).body.find((c: { slug: string }) => c.slug === "contractors-trades").topic_count;
    expect(after).toBe(before + 1);
    expect(res.body.find((c: { slug: string }) => c.slug === "announcements")).toMatchObject({ can_read: true, can_post: false });
    expect((await basic.client.get(`/api/community/topics?category=${taxes}`)).status).toBe(403);
    const post = await basic.client.post("/api/community/topics", { category_id: taxes, title: "Depreciation question", body: "How do I depreciate a roof?" });
    expect(post.status).toBe(403);
    expect(typeof post.body.detail).toBe("string");
  });

  test("a paid member reads and posts in the paid category, and only staff post announcements", async () => {
    const paid = await seasoned(t, await communityMember(t, "Standard"));
    const created = await paid.client.post("/api/community/topics", { category_id: taxes, title: "Depreciation of a new roof", body: "27.5 years?" });
    expect(created.status).toBe(201);
    expect((await paid.client.post("/api/community/topics", { category_id: announcements, title: "My own news", body: "Hello all" })).status).toBe(403);
    const admin = await adminClient(t);
    const news = await admin.post("/api/community/topics", { category_id: announcements, title: "Webinar schedule for December", body: "See /webinars." });
    expect(news.status).toBe(201);
    const basic = await communityMember(t);
    const list = await basic.client.get(`/api/community/topics?category=announcements`);
    expect(list.body.topics[0]).toMatchObject({ title: "Webinar schedule for December", author: { staff: true } });
    // A Basic member's topic list leaves out the paid category's topics.
    const all = await basic.client.get("/api/community/topics");
    expect(all.body.topics.some((x: { id: string }) => x.id === created.body.id)).toBe(false);
    expect((await basic.client.get(`/api/community/topics/${created.body.id}`)).status).toBe(403);
  });

  test("anonymous callers get 401 everywhere in the community", async () => {
    const anon = t.client();
    for (const path of ["/api/community/categories", "/api/community/topics", "/api/community/search?q=rent", "/api/notifications", "/api/email-preferences"]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(401);
      expect(typeof res.body.detail).toBe("string");
    }
  });
});

describe("topics and posts", () => {
  test("a Basic member starts a topic; a paid member replies, quotes and mentions them; both see it rendered and sanitised", async () => {
    const basic = await seasoned(t, await communityMember(t));
    const paid = await seasoned(t, await communityMember(t, "Premium"));
    const { id, post_id } = await topic(basic);
    const reply = await paid.client.post(`/api/community/topics/${id}/posts`, {
      body: `> Month-to-month in Evanston\n\n@${basic.handle} 30 days under the **Evanston RTLO**. See https://www.cityofevanston.org`,
      reply_to: post_id,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // The mention and the reply make one notification for the Basic member, unread until they visit.
    const notes = await basic.client.get("/api/notifications");
    expect(notes.body.notifications).toHaveLength(1);
    expect(notes.body.notifications[0]).toMatchObject({ kind: "mention", topic_id: id, read: false });

    const page = await basic.client.get(`/api/community/topics/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ title: "How much notice for a rent increase?", page: 1, total: 2 });
    const [first, second] = page.body.posts;
    expect(first).toMatchObject({ number: 1, body: "Month-to-month in Evanston. What notice do I owe?" });
    expect(second.reply_to).toEqual({ id: post_id, number: 1 });
    expect(second.html).toContain("<blockquote>");
    expect(second.html).toContain("<strong>Evanston RTLO</strong>");
    expect(second.html).toContain('rel="nofollow ugc"');
    expect(second.body).toContain(`@${basic.handle}`);
  });

  test("pagination: 20 topics and 20 posts a page, with page and total", async () => {
    const author = await seasoned(t, await communityMember(t));
    const category = await categoryId(t, "off-topic");
    for (let i = 0; i < 22; i++) {
      const res = await author.client.post("/api/community/topics", { category_id: category, title: `Pagination topic ${i}`, body: "Body text" });
      expect(res.status).toBe(201);
    }
    const p1 = await author.client.get(`/api/community/topics?category=off-topic`);
    expect(p1.body.topics).toHaveLength(20);
    expect(p1.body.total).toBe(22);
    expect(p1.body.topics[0].title).toBe("Pagination topic 21");
    const p2 = await author.client.get(`/api/community/topics?category=off-topic&page=2`);
    expect(p2.body.topics).toHaveLength(2);
    t.clock.advance(61 * 60_000); // past the hourly posting limit
    const { id } = await topic(author, "A long thread");
    for (let i = 0; i < 21; i++) expect((await author.client.post(`/api/community/topics/${id}/posts`, { body: `Reply ${i}` })).status).toBe(201);
    const second = await author.client.get(`/api/community/topics/${id}?page=2`);
    expect(second.body.posts.map((p: { number: number }) => p.number)).toEqual([21, 22]);
    expect(second.body.total).toBe(22);
    expect((await author.client.get(`/api/community/topics?page=0`)).status).toBe(422);
  });

  test("edits within 5 minutes keep no history; later edits keep the earlier version", async () => {
    const author = await seasoned(t, await communityMember(t));
    const { id, post_id } = await topic(author);
    expect((await author.client.request("PATCH", `/api/community/posts/${post_id}`, { body: "Typo fixed." })).status).toBe(200);
    expect((await author.client.get(`/api/community/posts/${post_id}/revisions`)).body).toHaveLength(0);
    t.clock.advance(6 * 60_000);
    const edited = await author.client.request("PATCH", `/api/community/posts/${post_id}`, { body: "Rewritten later.", title: "A better title for this" });
    expect(edited.status).toBe(200);
    const revisions = await author.client.get(`/api/community/posts/${post_id}/revisions`);
    expect(revisions.body).toHaveLength(1);
    expect(revisions.body[0]).toMatchObject({ body: "Typo fixed.", title: "How much notice for a rent increase?" });
    const page = await author.client.get(`/api/community/topics/${id}`);
    expect(page.body.title).toBe("A better title for this");
    expect(page.body.posts[0]).toMatchObject({ body: "Rewritten later.", revision_count: 1 });
    expect(page.body.posts[0].edited_at).not.toBeNull();
  });

  test("only the author (or an admin) edits or deletes a post; a deleted post leaves a tombstone", async () => {
    const author = await seasoned(t, await communityMember(t));
    const other = await seasoned(t, await communityMember(t));
    const { id } = await topic(author);
    const reply = await author.client.post(`/api/community/topics/${id}/posts`, { body: "I will delete this." });
    expect((await other.client.request("PATCH", `/api/community/posts/${reply.body.id}`, { body: "Vandalism" })).status).toBe(403);
    expect((await other.client.delete(`/api/community/posts/${reply.body.id}`)).status).toBe(403);
    expect((await author.client.delete(`/api/community/posts/${reply.body.id}`)).status).toBe(200);
    const page = await other.client.get(`/api/community/topics/${id}`);
    expect(page.body.posts[1]).toMatchObject({ number: 2, deleted: true, body: "" });
    expect(page.body.posts[1].html).toContain("This post was deleted.");
    expect((await author.client.delete(`/api/community/posts/${reply.body.id}`)).status).toBe(404);
  });

  test("bad input gets SPEC.md's error body, never a 5xx", async () => {
    const member = await communityMember(t);
    const cases: [string, string, unknown][] = [
      ["POST", "/api/community/topics", { category_id: "nope", title: "x", body: "" }],
      ["POST", "/api/community/topics", "{not json"],
      ["POST", `/api/community/topics/${crypto.randomUUID()}/posts`, { body: "Hello there" }],
      ["POST", `/api/community/topics/not-a-uuid/posts`, { body: "Hello there" }],
      ["PATCH", `/api/community/posts/${crypto.randomUUID()}`, { body: "Hello there" }],
      ["GET", "/api/community/search?q=", undefined],
      ["GET", "/api/community/topics?category=nonexistent", undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await member.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.detail, `${method} ${path}`).toBeDefined();
    }
  });
});

describe("sanitising", () => {
  const HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)><circle/></svg>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "![x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "<iframe src=https://evil.example></iframe>",
    '<div style="background:url(javascript:alert(1))">x</div>',
    "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
    "[x](https://ok.example \"title\" onmouseover=alert(1))",
    "<<script>script>alert(1)<</script>/script>",
    "<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "<object data=javascript:alert(1)>",
    "<form action=javascript:alert(1)><button>x</button></form>",
  ];

  test("a hostile corpus never comes back executable: no script, event handler, javascript: or SVG", async () => {
    const author = await seasoned(t, await communityMember(t));
    const { id } = await topic(author, "Sanitising corpus");
    for (const body of HOSTILE) {
      const res = await author.client.post(`/api/community/topics/${id}/posts`, { body });
      expect(res.status, body).toBe(201);
    }
    const page1 = await author.client.get(`/api/community/topics/${id}`);
    const rendered = page1.body.posts.slice(1).map((p: { html: string }) => p.html);
    expect(rendered).toHaveLength(HOSTILE.length);
    for (const html of rendered) {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<svg/i);
      expect(html).not.toMatch(/<iframe|<object|<form|<math|<img/i);
      expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/<a\s[^>]*href\s*=\s*"\s*(javascript|data|vbscript):/i);
      for (const [, tag] of html.matchAll(/<([a-z0-9]+)/gi)) {
        expect(["p", "a", "strong", "em", "code", "pre", "blockquote", "br", "ul", "ol", "li", "del", "s", "hr", "h1", "h2", "h3", "table", "thead", "tbody", "tr", "th", "td"]).toContain(tag!.toLowerCase());
      }
    }
    // The source is stored as written, for editing.
    expect(page1.body.posts[1].body).toBe(HOSTILE[0]);
  });
});

describe("new members and rate limits", () => {
  test("in their first 24 hours a member posts once per 30 seconds and puts at most 2 links in a post", async () => {
    const fresh = await communityMember(t);
    const first = await fresh.client.post("/api/community/topics", { category_id: qa, title: "First question here", body: "Hello!" });
    expect(first.status).toBe(201);
    const tooSoon = await fresh.client.post(`/api/community/topics/${first.body.id}/posts`, { body: "Me again" });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get("retry-after")).toBeTruthy();
    t.clock.advance(31_000);
    const links = await fresh.client.post(`/api/community/topics/${first.body.id}/posts`, { body: "https://a.example https://b.example https://c.example" });
    expect(links.status).toBe(422);
    expect(JSON.stringify(links.body.detail)).toContain("at most 2 links");
    expect((await fresh.client.post(`/api/community/topics/${first.body.id}/posts`, { body: "https://a.example and https://b.example" })).status).toBe(201);
    // A day later the limits are gone.
    await seasoned(t, fresh);
    expect((await fresh.client.post(`/api/community/topics/${first.body.id}/posts`, { body: "https://a.example https://b.example https://c.example" })).status).toBe(201);
    expect((await fresh.client.post(`/api/community/topics/${first.body.id}/posts`, { body: "Right after" })).status).toBe(201);
  });

  test("everyone has an hourly posting limit", async () => {
    const member = await seasoned(t, await communityMember(t));
    const { id } = await topic(member);
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) status = (await member.client.post(`/api/community/topics/${id}/posts`, { body: `Post ${i}` })).status;
    expect(status).toBe(429);
  });

  test("a post mentions at most 10 members", async () => {
    const member = await seasoned(t, await communityMember(t));
    const { id } = await topic(member);
    const handles = Array.from({ length: 11 }, (_, i) => `@someone${i}`).join(" ");
    const res = await member.client.post(`/api/community/topics/${id}/posts`, { body: handles });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain("at most 10");
  });
});

describe("mentions", () => {
  const person = (level: "Basic" | "Standard" | "Premium", first: string, last: string) =>
    communityMember(t, level, { first_name: first, last_name: last, email: `${first.toLowerCase()}.${Date.now().toString(36)}@members.example.org` });

  test("typing @ and the start of a handle or a name offers the members who may read where the post goes, by name and handle, never an email", async () => {
    const writer = await seasoned(t, await person("Basic", "Wendell", "Ashby"));
    const basic = await person("Basic", "Jocasta", "Quimby");
    const paid = await person("Premium", "Jocelyn", "Quartermaine");
    const { id } = await topic(writer, "Who knows a good mason in Berwyn?");
    const offered = await writer.client.get(`/api/community/mentions?q=${encodeURIComponent("@joc")}&topic_id=${id}`);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.members).toEqual([
      { handle: basic.handle, name: "Jocasta Q." },
      { handle: paid.handle, name: "Jocelyn Q." },
    ]);
    expect(JSON.stringify(offered.body)).not.toContain("@members.example.org");
    // By last name and by handle too; the writer is not offered to themselves.
    expect((await writer.client.get(`/api/community/mentions?q=quart&topic_id=${id}`)).body.members).toEqual([{ handle: paid.handle, name: "Jocelyn Q." }]);
    expect((await writer.client.get(`/api/community/mentions?q=${basic.handle}`)).body.members).toEqual([{ handle: basic.handle, name: "Jocasta Q." }]);
    expect((await writer.client.get(`/api/community/mentions?q=wend`)).body.members).toEqual([]);
    // In the paid category only paid members can read the topic, so only they are offered.
    const paidWriter = await seasoned(t, await person("Standard", "Hortense", "Vane"));
    const paidTopic = await paidWriter.client.post("/api/community/topics", { category_id: taxes, title: "Cost segregation for a two-flat", body: "Worth it?" });
    expect((await paidWriter.client.get(`/api/community/mentions?q=joc&topic_id=${paidTopic.body.id}`)).body.members).toEqual([{ handle: paid.handle, name: "Jocelyn Q." }]);
    expect((await paidWriter.client.get(`/api/community/mentions?q=joc&category_id=taxes-bookkeeping`)).body.members).toEqual([{ handle: paid.handle, name: "Jocelyn Q." }]);
    // A Basic member cannot look into the paid category; strangers get nothing.
    expect((await writer.client.get(`/api/community/mentions?q=joc&topic_id=${paidTopic.body.id}`)).status).toBe(403);
    expect((await t.client().get("/api/community/mentions?q=joc")).status).toBe(401);
    const empty = await writer.client.get("/api/community/mentions?q=@");
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ loc: ["query", "q"] });
    // The same lookup over tRPC, for the web app's editor.
    const viaTrpc = await writer.client.get(`/trpc/member.forum.mentions?input=${encodeURIComponent(JSON.stringify({ q: "jocas", topic_id: id }))}`);
    expect(viaTrpc.body.result.data.members).toEqual([{ handle: basic.handle, name: "Jocasta Q." }]);
  });

  test("a reply or topic with an @handle that matches no member is refused with 422 naming it, and nothing is posted", async () => {
    const writer = await seasoned(t, await person("Basic", "Ottilie", "Brandt"));
    const known = await person("Basic", "Lazarus", "Pemberton");
    const { id } = await topic(writer, "Radiator bleeding in a courtyard building");
    const refused = await writer.client.post(`/api/community/topics/${id}/posts`, { body: `Ask @${known.handle} or @nobodyhere or @ghost.writer about it.` });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      { loc: ["body", "body"], msg: "@nobodyhere and @ghost.writer match no member who can read this category. Type @ and the start of a name to pick a member.", type: "unknown_mention" },
    ]);
    expect((await writer.client.get(`/api/community/topics/${id}`)).body.total).toBe(1);
    const newTopic = await writer.client.post("/api/community/topics", { category_id: qa, title: "Calling @someone", body: "What do you think, @nobodyhere?" });
    expect(newTopic.status).toBe(422);
    expect(newTopic.body.detail[0]).toMatchObject({ type: "unknown_mention", msg: expect.stringContaining("@nobodyhere matches no member") });
    // A Basic member cannot read the paid category, so mentioning them there reaches no one either.
    const paid = await seasoned(t, await person("Standard", "Rosalind", "Achterberg"));
    const paidTopic = await paid.client.post("/api/community/topics", { category_id: taxes, title: "Bonus depreciation for appliances", body: "Any views?" });
    const unseen = await paid.client.post(`/api/community/topics/${paidTopic.body.id}/posts`, { body: `@${known.handle} might know.` });
    expect(unseen.status).toBe(422);
    expect(unseen.body.detail[0].msg).toContain(`@${known.handle} matches no member`);
    // Known handles, handles in a quote and email addresses post as before; the mention is delivered.
    const ok = await writer.client.post(`/api/community/topics/${id}/posts`, { body: `> @nobodyhere said so\n\n@${known.handle} mail bob@example.org` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await known.client.get("/api/notifications")).body.notifications[0]).toMatchObject({ kind: "mention", topic_id: id });
    // An edit may keep what it had, not add a handle nobody has.
    const edit = await writer.client.patch(`/api/community/posts/${ok.body.id}`, { body: `@${known.handle} and @nobodyhere2` });
    expect(edit.status).toBe(422);
    expect(edit.body.detail[0]).toMatchObject({ type: "unknown_mention" });
  });
});

describe("flags and moderation", () => {
  test("a post flagged by 3 different members is hidden until an admin reviews it", async () => {
    const author = await seasoned(t, await communityMember(t));
    const { id } = await topic(author);
    const bad = await author.client.post(`/api/community/topics/${id}/posts`, { body: "Buy cheap pills" });
    const flaggers = await Promise.all([1, 2, 3].map(async () => seasoned(t, await communityMember(t))));
    const first = await flaggers[0]!.client.post(`/api/community/posts/${bad.body.id}/flags`, { reason: "Spam" });
    expect(first.status).toBe(201);
    expect(first.body.hidden).toBe(false);
    // The same member flagging twice counts once.
    expect((await flaggers[0]!.client.post(`/api/community/posts/${bad.body.id}/flags`, { reason: "Spam again" })).status).toBe(409);
    expect((await flaggers[1]!.client.post(`/api/community/posts/${bad.body.id}/flags`, { reason: "Spam" })).body.hidden).toBe(false);
    expect((await flaggers[2]!.client.post(`/api/community/posts/${bad.body.id}/flags`, { reason: "Advertising" })).body.hidden).toBe(true);
    const seen = await flaggers[0]!.client.get(`/api/community/topics/${id}`);
    expect(seen.body.posts[1]).toMatchObject({ hidden: true, body: "" });
    expect(seen.body.posts[1].html).toContain("hidden while an administrator reviews it");
    // An author cannot flag their own post.
    expect((await author.client.post(`/api/community/posts/${bad.body.id}/flags`, { reason: "test" })).status).toBe(400);

    const admin = await adminClient(t);
    const queue = await admin.get("/api/admin/community/flags");
    expect(queue.body.find((q: { post_id: string }) => q.post_id === bad.body.id)).toMatchObject({ flag_count: 3, hidden: true });
    const reviewed = await admin.post(`/api/admin/community/topics/${id}/moderation`, { action: "review_flags", post_id: bad.body.id, reason: "Not spam: a pharmacy landlord" });
    expect(reviewed.status).toBe(200);
    expect((await flaggers[0]!.client.get(`/api/community/topics/${id}`)).body.posts[1].hidden).toBe(false);
  });

  test("admins pin, lock, hide, move, delete and silence, each with a reason in the audit log", async () => {
    const author = await seasoned(t, await communityMember(t));
    const reader = await seasoned(t, await communityMember(t));
    const { id, post_id } = await topic(author, "Moderation subject");
    const admin = await adminClient(t);
    const act = (body: Record<string, unknown>) => admin.post(`/api/admin/community/topics/${id}/moderation`, body);

    expect((await act({ action: "pin_globally", reason: "Important" })).body.pinned).toBe("global");
    expect((await reader.client.get("/api/community/topics")).body.topics[0].id).toBe(id);
    expect((await act({ action: "lock", reason: "Resolved" })).body.locked).toBe(true);
    expect((await author.client.post(`/api/community/topics/${id}/posts`, { body: "One more thing" })).status).toBe(403);
    expect((await act({ action: "unlock", reason: "Reopened" })).status).toBe(200);
    const chicago = await categoryId(t, "chicago-cook-county");
    expect((await act({ action: "move", category_id: chicago, reason: "Chicago question" })).body.category_id).toBe(chicago);
    expect((await act({ action: "hide", reason: "Under review" })).body.hidden).toBe(true);
    expect((await reader.client.get(`/api/community/topics/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/community/topics/${id}`)).status).toBe(200);
    expect((await act({ action: "unhide", reason: "Fine" })).body.hidden).toBe(false);
    expect((await act({ action: "silence", post_id, days: 3, reason: "Heated" })).status).toBe(200);
    const silenced = await author.client.post(`/api/community/topics/${id}/posts`, { body: "Let me speak" });
    expect(silenced.status).toBe(403);
    expect(silenced.body.detail).toContain("paused");
    expect((await act({ action: "delete", reason: "Off-topic" })).body.deleted).toBe(true);
    expect((await reader.client.get(`/api/community/topics/${id}`)).status).toBe(404);
    // Without a reason nothing happens.
    expect((await act({ action: "restore" })).status).toBe(422);

    const log = await t.services.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, "topic"), eq(adminAuditLog.targetId, id)));
    expect(log.map((r) => r.action)).toEqual(["forum_pin_globally", "forum_lock", "forum_unlock", "forum_move", "forum_hide", "forum_unhide", "forum_silence", "forum_delete"]);
    expect(log.every((r) => typeof r.details.reason === "string" && (r.details.reason as string).length > 0)).toBe(true);
    // Members cannot moderate.
    expect((await reader.client.post(`/api/admin/community/topics/${id}/moderation`, { action: "restore", reason: "me" })).status).toBe(403);
  });

  test("flagging is rate-limited", async () => {
    const author = await seasoned(t, await communityMember(t));
    const flagger = await seasoned(t, await communityMember(t));
    const { id } = await topic(author);
    let status = 0;
    for (let i = 0; i < 11 && status !== 429; i++) {
      const post = await author.client.post(`/api/community/topics/${id}/posts`, { body: `Post ${i}` });
      status = (await flagger.client.post(`/api/community/posts/${post.body.id}/flags`, { reason: "Spam" })).status;
    }
    expect(status).toBe(429);
  });
});

describe("search", () => {
  test("full-text search over titles and bodies, ranked, with category and author filters", async () => {
    const alice = await seasoned(t, await communityMember(t, "Basic", { first_name: "Alice" }));
    const bob = await seasoned(t, await communityMember(t, "Basic", { first_name: "Bob" }));
    const inTitle = await alice.client.post("/api/community/topics", { category_id: qa, title: "Radon mitigation in basements", body: "Who installs systems?" });
    const inBody = await bob.client.post("/api/community/topics", { category_id: await categoryId(t, "contractors-trades"), title: "Basement waterproofing", body: "They also tested for radon." });
    const res = await alice.client.get("/api/community/search?q=radon");
    expect(res.status).toBe(200);
    const ids = res.body.results.map((r: { topic_id: string }) => r.topic_id);
    expect(ids.slice(0, 2)).toEqual([inTitle.body.id, inBody.body.id]);
    expect(res.body.results[0].rank).toBeGreaterThan(res.body.results[1].rank);
    expect(res.body.total).toBe(2);
    const byCategory = await alice.client.get(`/api/community/search?q=radon&category=contractors-trades`);
    expect(byCategory.body.results.map((r: { topic_id: string }) => r.topic_id)).toEqual([inBody.body.id]);
    const byAuthor = await alice.client.get(`/api/community/search?q=radon&author=@${alice.handle}`);
    expect(byAuthor.body.results.map((r: { topic_id: string }) => r.topic_id)).toEqual([inTitle.body.id]);
    // Stemming: "basements" finds "basement".
    expect((await alice.client.get("/api/community/search?q=basement")).body.total).toBeGreaterThanOrEqual(2);
    // Search hides what the reader may not read.
    const paid = await seasoned(t, await communityMember(t, "Premium"));
    await paid.client.post("/api/community/topics", { category_id: taxes, title: "Radon credits on taxes", body: "Deductible?" });
    expect((await alice.client.get("/api/community/search?q=radon")).body.total).toBe(2);
    expect((await paid.client.get("/api/community/search?q=radon")).body.total).toBe(3);
    // Hostile query text is just text.
    expect((await alice.client.get(`/api/community/search?q=${encodeURIComponent("' or 1=1 -- & | ! (")}`)).status).toBe(200);
    const topics = await alice.client.get("/api/community/topics?q=radon");
    expect(topics.body.total).toBe(2);
  });

  test("search follows edits, hiding and deletion: members find what stands now, admins also what is hidden", async () => {
    const author = await seasoned(t, await communityMember(t, "Basic", { first_name: "Edna" }));
    const reader = await communityMember(t);
    const admin = await adminClient(t);
    const topic = await author.client.post("/api/community/topics", { category_id: qa, title: "Gutter guards", body: "Are zinc strips worth it?" });
    const reply = await author.client.post(`/api/community/topics/${topic.body.id}/posts`, { body: "Also asking about tuckpointing costs." });
    const find = async (client: { get: (path: string) => Promise<{ body: { total: number; results: { post_id: string }[] } }> }, q: string) =>
      (await client.get(`/api/community/search?q=${q}`)).body;
    expect((await find(reader.client, "tuckpointing")).results.map((r) => r.post_id)).toEqual([reply.body.id]);

    await author.client.patch(`/api/community/posts/${reply.body.id}`, { body: "Also asking about chimney flashing." });
    expect((await find(reader.client, "tuckpointing")).total).toBe(0);
    expect((await find(reader.client, "flashing")).results.map((r) => r.post_id)).toEqual([reply.body.id]);

    const hide = await admin.post(`/api/admin/community/topics/${topic.body.id}/moderation`, { action: "hide", post_id: reply.body.id, reason: "Checking" });
    expect(hide.status).toBe(200);
    expect((await find(reader.client, "flashing")).total).toBe(0);
    expect((await find(admin, "flashing")).total).toBe(1);
    await admin.post(`/api/admin/community/topics/${topic.body.id}/moderation`, { action: "unhide", post_id: reply.body.id, reason: "Fine" });
    expect((await find(reader.client, "flashing")).total).toBe(1);

    expect((await author.client.delete(`/api/community/posts/${reply.body.id}`)).status).toBe(200);
    expect((await find(reader.client, "flashing")).total).toBe(0);
    expect((await find(admin, "flashing")).total).toBe(0);
    expect((await find(reader.client, "zinc")).total).toBe(1);
  });
});

describe("watching and notifications", () => {
  test("watchers of a topic and a category are notified in the app; muting a topic silences category watching", async () => {
    const author = await seasoned(t, await communityMember(t));
    const topicWatcher = await seasoned(t, await communityMember(t));
    const categoryWatcher = await seasoned(t, await communityMember(t));
    const muter = await seasoned(t, await communityMember(t));
    expect((await categoryWatcher.client.put(`/api/community/categories/${qa}/watch`, { level: "watching" })).status).toBe(200);
    await muter.client.put(`/api/community/categories/landlord-qa/watch`, { level: "watching" });
    const { id } = await topic(author);
    expect((await topicWatcher.client.put(`/api/community/topics/${id}/watch`, { level: "watching" })).body.level).toBe("watching");
    await muter.client.put(`/api/community/topics/${id}/watch`, { level: "muted" });
    expect((await topicWatcher.client.put(`/api/community/topics/${id}/watch`, { level: "loud" })).status).toBe(422);
    const before = (await muter.client.get("/api/notifications")).body.unread_count;
    await topicWatcher.client.post(`/api/community/topics/${id}/posts`, { body: "Watching this." });
    await categoryWatcher.client.post(`/api/community/topics/${id}/posts`, { body: "Category watcher here." });
    // The author watches their own topic: both replies notify them.
    expect((await author.client.get("/api/notifications")).body.unread_count).toBe(2);
    expect((await topicWatcher.client.get("/api/notifications")).body.unread_count).toBe(1);
    expect((await categoryWatcher.client.get("/api/notifications")).body.notifications[0].kind).toBe("watching");
    expect((await muter.client.get("/api/notifications")).body.unread_count).toBe(before);
    // Visiting the topic reads its notifications.
    await author.client.get(`/api/community/topics/${id}`);
    expect((await author.client.get("/api/notifications")).body.unread_count).toBe(0);
  });

  test("emails: not when read within 10 minutes, only the first unread reply per topic until a visit, never twice", async () => {
    await t.services.db.delete(emailOutbox);
    await t.services.db.update(notifications).set({ emailState: "none" });
    // Category watchers from other tests would be told too; this test is about the topic's own people.
    await t.services.db.delete(forumWatches).where(eq(forumWatches.targetType, "category"));
    const author = await seasoned(t, await communityMember(t));
    const replier = await seasoned(t, await communityMember(t));
    const quickReader = await seasoned(t, await communityMember(t));
    const { id, post_id } = await topic(author);
    await quickReader.client.put(`/api/community/topics/${id}/watch`, { level: "watching" });
    await replier.client.post(`/api/community/topics/${id}/posts`, { body: "First reply", reply_to: post_id });
    await replier.client.post(`/api/community/topics/${id}/posts`, { body: "Second reply" });
    // The quick reader opens the topic within the 10 minutes: no email for them.
    await quickReader.client.get(`/api/community/topics/${id}`);
    expect(await sendDueForumEmails(t.services)).toBe(0);
    t.clock.advance(11 * 60_000);
    // Two workers at once: each email is claimed by one.
    const [a, b] = await Promise.all([sendDueForumEmails(t.services), sendDueForumEmails(t.services)]);
    expect(a + b).toBe(1);
    const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "forum_notification"));
    expect(mails.map((m) => m.toAddress)).toEqual([author.email]);
    expect(mails[0]!.text).toContain("First reply");
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0]!.headers["List-Unsubscribe"]).toMatch(/^<http.*\/email\/unsubscribe\?token=/);
    expect(await sendDueForumEmails(t.services)).toBe(0);
    // After a visit, the next reply emails again.
    await author.client.get(`/api/community/topics/${id}`);
    t.clock.advance(1000);
    await replier.client.post(`/api/community/topics/${id}/posts`, { body: "Third reply" });
    t.clock.advance(11 * 60_000);
    // The author and the quick reader both visited since their last email: each gets this one.
    expect(await sendDueForumEmails(t.services)).toBe(2);
    const states = await t.services.db.select({ s: notifications.emailState }).from(notifications).where(eq(notifications.topicId, id));
    expect(states.map((s) => s.s as string).sort()).toEqual(["none", "none", "sent", "sent", "sent", "skipped"].sort());
  });

  test("email preferences: forum emails can be turned off, the digest is opt-in", async () => {
    const member = await communityMember(t);
    const prefs = await member.client.get("/api/email-preferences");
    expect(prefs.body).toEqual({ legal_updates: true, webinars: true, forum_digest: false, forum_notifications: true });
    const saved = await member.client.put("/api/email-preferences", { legal_updates: false, webinars: true, forum_digest: true, forum_notifications: false });
    expect(saved.body).toEqual({ legal_updates: false, webinars: true, forum_digest: true, forum_notifications: false });
    expect((await member.client.put("/api/email-preferences", { legal_updates: "yes" })).status).toBe(422);
  });
});

describe("the weekly digest", () => {
  test("goes on Monday mornings to members who opted in, once a week even with two processes, with only what they may read", async () => {
    const { sendWeeklyDigests } = await import("../../src/server/domain/community/digest.ts");
    const { createTopic } = await import("../../src/server/domain/community/forum.ts");
    const { secondProcess } = await import("../support/second-process.ts");
    const { members } = await import("../../src/server/db/schema.ts");
    const subscriber = await communityMember(t);
    const paidSubscriber = await communityMember(t, "Standard");
    const other = await communityMember(t);
    for (const m of [subscriber, paidSubscriber]) {
      await m.client.put("/api/email-preferences", { legal_updates: true, webinars: true, forum_digest: true, forum_notifications: true });
    }
    const [author] = await t.services.db.select().from(members).where(eq(members.id, other.id));
    author!.createdAt = new Date(0);
    // Sunday, January 6, 2030 in Chicago: two topics, one in the paid category.
    t.clock.set(new Date("2030-01-06T18:00:00Z"));
    await createTopic(t.services, { kind: "member", member: { ...author!, status: "active", membershipLevel: "Premium" } }, { category_id: qa, title: "Digest: boiler maintenance schedule", body: "Annual?" });
    await createTopic(t.services, { kind: "member", member: { ...author!, status: "active", membershipLevel: "Premium" } }, { category_id: taxes, title: "Digest: depreciation of a boiler", body: "How long?" });
    await t.services.db.delete(emailOutbox);
    // Monday 7:59 in Chicago (13:59 UTC): not yet.
    t.clock.set(new Date("2030-01-07T13:59:00Z"));
    expect(await sendWeeklyDigests(t.services)).toBe(0);
    t.clock.set(new Date("2030-01-07T14:00:00Z"));
    const second = await secondProcess(t);
    try {
      await Promise.all([sendWeeklyDigests(t.services), sendWeeklyDigests(second.services)]);
      await sendWeeklyDigests(t.services);
    } finally {
      await second.close();
    }
    const digests = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.template, "forum_digest"));
    const to = digests.map((d) => d.toAddress);
    expect(to.filter((a) => a === subscriber.email)).toHaveLength(1);
    expect(to.filter((a) => a === paidSubscriber.email)).toHaveLength(1);
    expect(to).not.toContain(other.email);
    const basicDigest = digests.find((d) => d.toAddress === subscriber.email)!;
    expect(basicDigest.text).toContain("Digest: boiler maintenance schedule");
    expect(basicDigest.text).not.toContain("Digest: depreciation of a boiler");
    expect(digests.find((d) => d.toAddress === paidSubscriber.email)!.text).toContain("Digest: depreciation of a boiler");
    expect(basicDigest.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The next Monday is a new week.
    t.clock.set(new Date("2030-01-14T14:30:00Z"));
    await createTopic(t.services, { kind: "member", member: { ...author!, status: "active", membershipLevel: "Premium" } }, { category_id: qa, title: "Digest: second week", body: "More" });
    await sendWeeklyDigests(t.services);
    expect((await t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, "forum_digest"), eq(emailOutbox.toAddress, subscriber.email))))).toHaveLength(2);
  });
});
