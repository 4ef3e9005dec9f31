import { describe, expect, test } from "bun:test";
import { accessPrompt, isActivePaid, mayPost, mayRead, readerOf, type Reader } from "../../src/server/domain/community/access.ts";
import { countLinks, markdownText, plainText, quoteMarkdown, renderMarkdown, sanitizePostHtml } from "../../src/server/domain/community/markdown.ts";
import { baseHandle, handleCandidate, HANDLE_PATTERN, MAX_MENTIONS, parseMentions } from "../../src/server/domain/community/mentions.ts";
import { unknownMentionProblem, unknownMentions } from "../../src/server/domain/community/mention-check.ts";
import { EMAIL_DELAY_MS, notificationTargets, queuesEmail, sendsEmailAtDue } from "../../src/server/domain/community/notification-rules.ts";
import {
  EDIT_GRACE_MS,
  FLAGS_TO_HIDE,
  hiddenByFlags,
  isNewMember,
  keepsRevision,
  linkLimitProblem,
  NEW_MEMBER_MAX_LINKS,
  NEW_MEMBER_PERIOD_MS,
  NEW_MEMBER_POST_INTERVAL,
  POSTS_PER_HOUR,
  FLAGS_PER_HOUR,
} from "../../src/server/domain/community/posting-limits.ts";
import { addChicagoDays, chicagoDay, credentialStage, digestWeek, dueReminder, joinLinkOpen } from "../../src/server/domain/community/schedule.ts";
import { MAX_SLUG_LENGTH, slugCandidate, slugify, SLUG_PATTERN } from "../../src/server/domain/community/slug.ts";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "../../src/server/domain/community/unsubscribe-token.ts";
import { promotions, seatFor, waitlistPosition } from "../../src/server/domain/community/waitlist.ts";

// The community's pure rules, apart from the database. Each expectation pins one rule so that a
// small change to it (a boundary, a comparison, a default) fails here.

const at = (iso: string) => new Date(iso);

describe("markdown rendering and sanitising", () => {
  test("renders Markdown and keeps the allowlist", () => {
    expect(renderMarkdown("**bold** and _it_")).toBe("<p><strong>bold</strong> and <em>it</em></p>\n");
    expect(renderMarkdown("> quoted")).toBe("<blockquote>\n<p>quoted</p>\n</blockquote>\n");
    expect(renderMarkdown("~~gone~~")).toBe("<p><s>gone</s></p>\n");
    expect(renderMarkdown("```js\nx\n```")).toBe('<pre><code class="language-js">x\n</code></pre>\n');
    expect(renderMarkdown("1. a\n2. b")).toContain("<ol>");
    expect(renderMarkdown("# Title")).toBe("<h1>Title</h1>\n");
  });

  test("links are http(s) or mailto and always rel=nofollow ugc", () => {
    expect(renderMarkdown("[a](https://x.example)")).toBe('<p><a href="https://x.example" rel="nofollow ugc">a</a></p>\n');
    expect(renderMarkdown("[a](mailto:a@b.example)")).toContain('href="mailto:a@b.example" rel="nofollow ugc"');
    expect(renderMarkdown("[a](http://x.example \"T\")")).toBe('<p><a href="http://x.example" title="T" rel="nofollow ugc">a</a></p>\n');
    expect(renderMarkdown("[a](javascript:alert(1))")).not.toContain("<a");
    expect(renderMarkdown("[a](ftp://x.example)")).not.toContain('href="ftp');
    expect(renderMarkdown("[a](//evil.example)")).not.toContain('href="//evil');
  });

  test("raw HTML is text, images become links, and unknown classes are dropped", () => {
    expect(renderMarkdown("<b>x</b>")).toBe("<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
    expect(renderMarkdown("![a roof](https://x.example/r.png)")).toBe('<p><a href="https://x.example/r.png" rel="nofollow ugc">a roof</a></p>\n');
    expect(renderMarkdown("```evil class\nx\n```")).not.toContain("class=\"language-evil class\"");
    expect(renderMarkdown("| a |\n|:-:|\n| 1 |")).toContain('<th style="text-align:center">a</th>');
  });

  test("countLinks counts Markdown links, autolinks and images, not code", () => {
    expect(countLinks("no links")).toBe(0);
    expect(countLinks("[a](https://a.example) https://b.example <https://c.example>")).toBe(3);
    expect(countLinks("![i](https://a.example/i.png)")).toBe(1);
    expect(countLinks("`https://a.example`\n\n```\nhttps://b.example\n```")).toBe(0);
  });

  test("plainText drops markup and shortens with an ellipsis", () => {
    expect(plainText("**Rent** & <deposits>")).toBe("Rent & <deposits>");
    expect(plainText("a b c d e f", 5)).toBe("a b…");
    expect(plainText("abcde", 5)).toBe("abcde");
  });

  test("quoteMarkdown quotes every line with who wrote it", () => {
    expect(quoteMarkdown("Maria G.", "one\ntwo")).toBe("> **Maria G.** wrote:\n>\n> one\n> two\n\n");
    expect(quoteMarkdown("*x*", "a")).toContain("> **x** wrote:");
  });
});

describe("mentions", () => {
  test("finds handles once, lower-case, in order, outside code and email addresses", () => {
    expect(parseMentions("@Maria and @bob, again @maria")).toEqual(["maria", "bob"]);
    expect(parseMentions("mail maria@example.org")).toEqual([]);
    expect(parseMentions("`@code` and\n```\n@block\n```\n@real")).toEqual(["real"]);
    expect(parseMentions("ends with dot @ann.")).toEqual(["ann"]);
    expect(parseMentions("@a too short")).toEqual([]);
    expect(parseMentions("(@paren) @x_y-z.w")).toEqual(["paren", "x_y-z.w"]);
    expect(MAX_MENTIONS).toBe(10);
  });

  test("a handle nobody answers to is named, outside quotes, whatever its case", () => {
    expect(unknownMentions("@Maria asks @bob", ["maria"])).toEqual(["bob"]);
    expect(unknownMentions("> @ghost wrote\n>\n> @ghost2 too\n\n   > @ghost3\n@maria", ["maria"])).toEqual([]);
    expect(unknownMentions("x > @inline is not a quote", [])).toEqual(["inline"]);
    expect(unknownMentionProblem("@maria", ["MARIA"])).toBeNull();
    expect(unknownMentionProblem("@ann", [])).toBe("@ann matches no member who can read this category. Type @ and the start of a name to pick a member.");
    expect(unknownMentionProblem("@ann @bo @cy", [])).toStartWith("@ann, @bo and @cy match no member");
  });

  test("handles from names: first name and last initial, ASCII, with numbers for repeats", () => {
    expect(baseHandle("María", "Gonzalez")).toBe("mariag");
    expect(baseHandle("Łucja", "Żak")).toBe("ucjaz");
    expect(baseHandle("A", "")).toBe("membera");
    expect(baseHandle("Jo", "")).toBe("jo");
    expect(handleCandidate("mariag", 1)).toBe("mariag");
    expect(handleCandidate("mariag", 2)).toBe("mariag2");
    expect(HANDLE_PATTERN.test("mariag2")).toBe(true);
    expect(HANDLE_PATTERN.test("-bad")).toBe(false);
    expect(HANDLE_PATTERN.test("a")).toBe(false);
  });
});

describe("who may read and post", () => {
  const anonymous: Reader = { kind: "anonymous" };
  const basic: Reader = { kind: "member", paid: false };
  const paid: Reader = { kind: "member", paid: true };
  const admin: Reader = { kind: "admin" };

  test("visibility of public, members and paid content for every kind of reader", () => {
    expect([anonymous, basic, paid, admin].map((r) => mayRead("public", r))).toEqual([true, true, true, true]);
    expect([anonymous, basic, paid, admin].map((r) => mayRead("members", r))).toEqual([false, true, true, true]);
    expect([anonymous, basic, paid, admin].map((r) => mayRead("paid", r))).toEqual([false, false, true, true]);
  });

  test("those who may not read are asked to join (visitors) or upgrade (Basic members)", () => {
    expect(accessPrompt("members", anonymous)).toBe("join");
    expect(accessPrompt("paid", anonymous)).toBe("join");
    expect(accessPrompt("paid", basic)).toBe("upgrade");
    expect(accessPrompt("members", basic)).toBeNull();
    expect(accessPrompt("paid", paid)).toBeNull();
  });

  test("posting: members, paid members, or staff only", () => {
    expect([anonymous, basic, paid, admin].map((r) => mayPost("members", r))).toEqual([false, true, true, true]);
    expect([anonymous, basic, paid, admin].map((r) => mayPost("paid", r))).toEqual([false, false, true, true]);
    expect([anonymous, basic, paid, admin].map((r) => mayPost("admins", r))).toEqual([false, false, false, true]);
  });

  test("a paid level counts once it is paid (active)", () => {
    expect(isActivePaid({ membershipLevel: "Standard", status: "active" })).toBe(true);
    expect(isActivePaid({ membershipLevel: "Premium", status: "awaiting_payment" })).toBe(false);
    expect(isActivePaid({ membershipLevel: "Basic", status: "active" })).toBe(false);
    expect(readerOf({ member: null, admin: true })).toEqual({ kind: "admin" });
    expect(readerOf({ member: { membershipLevel: "Premium", status: "active" }, admin: false })).toEqual({ kind: "member", paid: true });
    expect(readerOf({ member: null, admin: false })).toEqual({ kind: "anonymous" });
  });
});

describe("posting limits", () => {
  test("a member is new for exactly 24 hours", () => {
    const joined = at("2026-11-01T12:00:00Z");
    expect(NEW_MEMBER_PERIOD_MS).toBe(24 * 3600_000);
    expect(isNewMember(joined, new Date(joined.getTime() + NEW_MEMBER_PERIOD_MS - 1))).toBe(true);
    expect(isNewMember(joined, new Date(joined.getTime() + NEW_MEMBER_PERIOD_MS))).toBe(false);
    expect(NEW_MEMBER_POST_INTERVAL).toMatchObject({ limit: 1, windowMs: 30_000 });
  });

  test("new members may put 2 links in a post, not 3; others any number", () => {
    expect(NEW_MEMBER_MAX_LINKS).toBe(2);
    expect(linkLimitProblem(2, true)).toBeNull();
    expect(linkLimitProblem(3, true)).toContain("at most 2 links");
    expect(linkLimitProblem(50, false)).toBeNull();
  });

  test("3 distinct flags hide a post", () => {
    expect(FLAGS_TO_HIDE).toBe(3);
    expect(hiddenByFlags(2)).toBe(false);
    expect(hiddenByFlags(3)).toBe(true);
    expect(hiddenByFlags(4)).toBe(true);
  });

  test("edits after 5 minutes keep a revision", () => {
    const posted = at("2026-11-01T12:00:00Z");
    expect(EDIT_GRACE_MS).toBe(5 * 60_000);
    expect(keepsRevision(posted, new Date(posted.getTime() + EDIT_GRACE_MS))).toBe(false);
    expect(keepsRevision(posted, new Date(posted.getTime() + EDIT_GRACE_MS + 1))).toBe(true);
  });
});

describe("notification rules", () => {
  const base = { authorMemberId: "author", mentionedMemberIds: [] as string[], replyToAuthorId: null as string | null, topicWatch: new Map(), categoryWatchers: [] as string[] };

  test("the strongest reason wins, and the author is never notified", () => {
    const targets = notificationTargets({
      ...base,
      mentionedMemberIds: ["m", "author"],
      replyToAuthorId: "r",
      topicWatch: new Map([["m", "watching"], ["r", "watching"], ["w", "watching"], ["n", "normal"], ["author", "watching"]]),
      categoryWatchers: ["c", "r"],
    });
    expect(Object.fromEntries(targets)).toEqual({ m: "mention", r: "reply", w: "watching", c: "watching" });
  });

  test("a reply to someone who also is mentioned is a mention; a muted topic silences category watching only", () => {
    expect(notificationTargets({ ...base, mentionedMemberIds: ["x"], replyToAuthorId: "x" }).get("x")).toBe("mention");
    const muted = notificationTargets({ ...base, topicWatch: new Map([["c", "muted"]]), categoryWatchers: ["c"] });
    expect(muted.has("c")).toBe(false);
    const mentionedMuted = notificationTargets({ ...base, mentionedMemberIds: ["c"], topicWatch: new Map([["c", "muted"]]), categoryWatchers: ["c"] });
    expect(mentionedMuted.get("c")).toBe("mention");
    expect(notificationTargets({ ...base, replyToAuthorId: "author" }).size).toBe(0);
  });

  test("an email waits 10 minutes, goes only for the first unread reply per topic, and not after a read or visit", () => {
    expect(EMAIL_DELAY_MS).toBe(10 * 60_000);
    expect(queuesEmail({ wantsEmail: true, emailingSinceVisit: 0 })).toBe(true);
    expect(queuesEmail({ wantsEmail: true, emailingSinceVisit: 1 })).toBe(false);
    expect(queuesEmail({ wantsEmail: false, emailingSinceVisit: 0 })).toBe(false);
    const created = at("2026-11-01T12:00:00Z");
    expect(sendsEmailAtDue({ readAt: null, createdAt: created, visitedAt: null })).toBe(true);
    expect(sendsEmailAtDue({ readAt: at("2026-11-01T12:01:00Z"), createdAt: created, visitedAt: null })).toBe(false);
    expect(sendsEmailAtDue({ readAt: null, createdAt: created, visitedAt: at("2026-11-01T11:59:59Z") })).toBe(true);
    expect(sendsEmailAtDue({ readAt: null, createdAt: created, visitedAt: created })).toBe(false);
  });
});

describe("slugs", () => {
  test("made from titles: ASCII, lower-case, single dashes, at most 80 characters", () => {
    expect(slugify("Chicago's RLTO: 2027 Interest Rate!")).toBe("chicagos-rlto-2027-interest-rate");
    expect(slugify("  Évictions — Cook County  ")).toBe("evictions-cook-county");
    expect(slugify("!!!")).toBe("update");
    const long = slugify("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(SLUG_PATTERN.test(long)).toBe(true);
    expect(slugCandidate("rlto", 1)).toBe("rlto");
    expect(slugCandidate("rlto", 2)).toBe("rlto-2");
    const full = "a".repeat(80);
    expect(slugCandidate(full, 12)).toBe(`${"a".repeat(77)}-12`);
  });
});

describe("webinar seats", () => {
  test("a seat while there is room and nobody waits; otherwise the waitlist", () => {
    expect(seatFor(2, 1, 0)).toBe("registered");
    expect(seatFor(2, 2, 0)).toBe("waitlisted");
    expect(seatFor(2, 1, 1)).toBe("waitlisted");
    expect(seatFor(1, 0, 0)).toBe("registered");
  });

  test("promotions fill free seats from the front of the waitlist, never beyond capacity", () => {
    expect(promotions(3, 1, ["a", "b", "c"])).toEqual(["a", "b"]);
    expect(promotions(3, 3, ["a"])).toEqual([]);
    expect(promotions(3, 5, ["a"])).toEqual([]);
    expect(promotions(3, 0, [])).toEqual([]);
    expect(waitlistPosition(0)).toBe(1);
    expect(waitlistPosition(4)).toBe(5);
  });
});

describe("schedules in Chicago", () => {
  const start = at("2026-12-10T00:00:00Z"); // 6 pm in Chicago on December 9
  test("the 24-hour reminder from 24 h to 1 h before, the 1-hour one in the last hour, none after the start", () => {
    const before = (ms: number) => new Date(start.getTime() - ms);
    expect(dueReminder(start, before(24 * 3600_000 + 1))).toBeNull();
    expect(dueReminder(start, before(24 * 3600_000))).toBe("24h");
    expect(dueReminder(start, before(3600_000 + 1))).toBe("24h");
    expect(dueReminder(start, before(3600_000))).toBe("1h");
    expect(dueReminder(start, before(1))).toBe("1h");
    expect(dueReminder(start, start)).toBeNull();
  });

  test("the join link opens 15 minutes before the start and closes at the end", () => {
    const end = new Date(start.getTime() + 3600_000);
    expect(joinLinkOpen(start, end, new Date(start.getTime() - 15 * 60_000 - 1))).toBe(false);
    expect(joinLinkOpen(start, end, new Date(start.getTime() - 15 * 60_000))).toBe(true);
    expect(joinLinkOpen(start, end, end)).toBe(true);
    expect(joinLinkOpen(start, end, new Date(end.getTime() + 1))).toBe(false);
  });

  test("Chicago calendar days, across midnight UTC and the DST change", () => {
    expect(chicagoDay(at("2026-12-10T05:59:00Z"))).toBe("2026-12-09");
    expect(chicagoDay(at("2026-12-10T06:00:00Z"))).toBe("2026-12-10");
    expect(chicagoDay(at("2026-07-01T04:59:00Z"))).toBe("2026-06-30");
    expect(chicagoDay(at("2026-07-01T05:00:00Z"))).toBe("2026-07-01");
    expect(addChicagoDays("2026-03-07", 2)).toBe("2026-03-09");
  });

  test("credential reminders 30 and 7 days before expiry; expired the day after", () => {
    expect(credentialStage("2026-12-31", "2026-11-30")).toBe("valid");
    expect(credentialStage("2026-12-31", "2026-12-01")).toBe("remind30");
    expect(credentialStage("2026-12-31", "2026-12-23")).toBe("remind30");
    expect(credentialStage("2026-12-31", "2026-12-24")).toBe("remind7");
    expect(credentialStage("2026-12-31", "2026-12-31")).toBe("remind7");
    expect(credentialStage("2026-12-31", "2027-01-01")).toBe("expired");
  });

  test("the digest week starts Monday 8:00 in Chicago", () => {
    // Monday 2026-11-23, 8:00 CST is 14:00 UTC.
    expect(digestWeek(at("2026-11-23T13:59:00Z"))).toMatchObject({ key: "2026-11-23", due: false });
    expect(digestWeek(at("2026-11-23T14:00:00Z"))).toMatchObject({ key: "2026-11-23", due: true });
    expect(digestWeek(at("2026-11-23T14:00:00Z")).since.toISOString()).toBe("2026-11-16T14:00:00.000Z");
    expect(digestWeek(at("2026-11-29T23:00:00Z")).key).toBe("2026-11-23");
    // Sunday night in Chicago is still the week before.
    expect(digestWeek(at("2026-11-23T05:30:00Z")).key).toBe("2026-11-16");
  });
});

describe("unsubscribe tokens", () => {
  const key = "k".repeat(43);
  const member = "6f1d2c3b-1111-4222-8333-944455556666";
  test("a token names its member and newsletter and only verifies with the same key", () => {
    const token = signUnsubscribeToken(key, member, "legal_updates");
    expect(verifyUnsubscribeToken(key, token)).toEqual({ memberId: member, newsletter: "legal_updates" });
    expect(verifyUnsubscribeToken("other-key", token)).toBeNull();
    expect(signUnsubscribeToken(key, member, "webinars")).not.toBe(token);
  });

  test("changing the member, the newsletter or the signature breaks it", () => {
    const token = signUnsubscribeToken(key, member, "legal_updates");
    const [, , sig] = token.split(".");
    expect(verifyUnsubscribeToken(key, `${member.replace("6f1d", "6f1e")}.legal_updates.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${member}.webinars.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${member}.legal_updates.${sig!.slice(0, -1)}A`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${member}.nope.${sig}`)).toBeNull();
    // The same bytes spelt another way (the last character's two leftover bits set) are not the token.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${sig!.slice(0, 42)}${alphabet[alphabet.indexOf(sig![42]!) + 1]}`;
    expect(Buffer.from(respelled, "base64url").equals(Buffer.from(sig!, "base64url"))).toBe(true);
    expect(verifyUnsubscribeToken(key, `${member}.legal_updates.${respelled}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, "")).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}x`)).toBeNull();
  });
});

// Rules the tests above left loose (found by mutation testing): each expectation below fails when
// the rule it names is changed.
describe("the rules, pinned further", () => {
  test("tables keep their alignment, code its language, ordered lists their start, links their title", () => {
    const table = renderMarkdown("| a | b |\n|:-:|--:|\n| 1 | 2 |");
    expect(table).toContain('<th style="text-align:center">a</th>');
    expect(table).toContain('<td style="text-align:right">2</td>');
    // A style that is not an alignment, or an alignment with more after it, is dropped.
    expect(renderMarkdown("x").length).toBeGreaterThan(0);
    expect(renderMarkdown("```ts\nlet a = 1;\n```")).toContain('<code class="language-ts">');
    expect(renderMarkdown("```x javascript\nlet a\n```")).not.toContain('class="language-x javascript"');
    expect(renderMarkdown("3. three\n4. four")).toContain('<ol start="3">');
    expect(renderMarkdown('[site](https://example.org "The title")')).toBe('<p><a href="https://example.org" title="The title" rel="nofollow ugc">site</a></p>\n');
    // Bare addresses become links; a single line break stays in the paragraph; quotes stay plain.
    expect(renderMarkdown("see https://example.org now")).toContain('<a href="https://example.org" rel="nofollow ugc">https://example.org</a>');
    expect(renderMarkdown("one\ntwo")).toBe("<p>one\ntwo</p>\n");
    expect(renderMarkdown('"quoted" -- text')).toBe('<p>"quoted" -- text</p>\n');
  });

  test("an image is a link to it named by its alt text, or its address, or 'image'", () => {
    expect(renderMarkdown("![roof leak](https://example.org/r.jpg)")).toBe('<p><a href="https://example.org/r.jpg" rel="nofollow ugc">roof leak</a></p>\n');
    expect(renderMarkdown("![](https://example.org/r.jpg)")).toBe('<p><a href="https://example.org/r.jpg" rel="nofollow ugc">https://example.org/r.jpg</a></p>\n');
  });

  test("whatever HTML reaches the sanitiser keeps only alignments, language classes, and escapes other tags", () => {
    expect(sanitizePostHtml('<table><tr><th style="text-align:left;color:red">a</th><td style="text-align:center">b</td><td style="text-align:centerx">c</td></tr></table>')).toBe(
      '<table><tr><th style="text-align:left">a</th><td style="text-align:center">b</td><td>c</td></tr></table>',
    );
    expect(sanitizePostHtml('<td style="position:fixed">x</td>')).toBe("<td>x</td>");
    for (const cell of ["th", "td"]) {
      for (const value of ["xleft", "leftx", "right-ish", "xcenter"]) {
        expect(sanitizePostHtml(`<${cell} style="text-align:${value}">v</${cell}>`), `${cell} ${value}`).toBe(`<${cell}>v</${cell}>`);
      }
    }
    expect(sanitizePostHtml('<code class="language-ts x-evil">a</code><code class="xlanguage-ts">b</code><code class="language-ts-evil-and-much-too-long-for-a-language">c</code>')).toBe(
      '<code class="language-ts">a</code><code>b</code><code>c</code>',
    );
    expect(sanitizePostHtml('<ol start="4" onclick="x()"><li>d</li></ol><a href="https://e.org" title="t" target="_blank">e</a>')).toBe(
      '<ol start="4"><li>d</li></ol><a href="https://e.org" title="t" rel="nofollow ugc">e</a>',
    );
    expect(sanitizePostHtml("<marquee>old</marquee>")).toBe("&lt;marquee&gt;old&lt;/marquee&gt;");
    expect(sanitizePostHtml('<img src="https://e.org/p.png">')).toBe('<a href="https://e.org/p.png" rel="nofollow ugc">https://e.org/p.png</a>');
    expect(sanitizePostHtml("<img>")).toBe('<a rel="nofollow ugc">image</a>');
  });

  test("plain text decodes the entities the renderer writes and keeps single spaces", () => {
    expect(plainText(`Tom's "two-flat" & <garage>\n\n  next`)).toBe(`Tom's "two-flat" & <garage> next`);
    expect(plainText("a   b\tc")).toBe("a b c");
    expect(countLinks("no links at all")).toBe(0);
  });

  test("a quote of several lines quotes each line", () => {
    expect(quoteMarkdown("Ann", "first\nsecond")).toBe("> **Ann** wrote:\n>\n> first\n> second\n\n");
    expect(quoteMarkdown("Ann", "\n  first\r\nsecond\n\n")).toBe("> **Ann** wrote:\n>\n> first\n> second\n\n");
  });

  test("mentions: code of every kind hides them, trailing dots go, and a handle is whole", () => {
    expect(parseMentions("~~~\n@inside\n~~~\n@outside")).toEqual(["outside"]);
    expect(parseMentions("```\n@never closed\n@still code")).toEqual([]);
    expect(parseMentions("~~~\n@never closed")).toEqual([]);
    expect(parseMentions("before ```@a1``` @after")).toEqual(["after"]);
    expect(parseMentions("thanks @maria..")).toEqual(["maria"]);
    // Code gives way to a space, so a mention right after it still counts.
    expect(parseMentions("see```x```@ann, see~~~y~~~@bob and`z`@cid")).toEqual(["ann", "bob", "cid"]);
    expect(parseMentions("thanks @maria-_.")).toEqual(["maria"]);
    expect(HANDLE_PATTERN.test("maria!")).toBe(false);
    expect(HANDLE_PATTERN.test("maria")).toBe(true);
    expect(baseHandle("Bartholomew-Alexander-Maximilian", "Quinn")).toBe("bartholomewalexandermaxi");
  });

  test("a reply's author who also watches the topic is notified once, for the reply", () => {
    const targets = notificationTargets({
      authorMemberId: "author",
      mentionedMemberIds: [],
      replyToAuthorId: "ann",
      topicWatch: new Map([["ann", "watching"], ["bob", "watching"]]),
      categoryWatchers: ["ann", "cid"],
    });
    expect(Object.fromEntries(targets)).toEqual({ ann: "reply", bob: "watching", cid: "watching" });
    const watchingFirst = notificationTargets({
      authorMemberId: null,
      mentionedMemberIds: ["ann"],
      replyToAuthorId: "ann",
      topicWatch: new Map([["ann", "watching"]]),
      categoryWatchers: [],
    });
    expect(Object.fromEntries(watchingFirst)).toEqual({ ann: "mention" });
  });

  test("the posting and flagging limits: their names, sizes, windows and words", () => {
    expect(NEW_MEMBER_POST_INTERVAL).toEqual({ name: "forum-post:new-member", limit: 1, windowMs: 30_000, message: "New members can post once every 30 seconds. Please wait a moment and try again." });
    expect(POSTS_PER_HOUR).toEqual({ name: "forum-post:member", limit: 30, windowMs: 3_600_000, message: "You have posted a lot in the last hour. Please wait a while before posting again." });
    expect(FLAGS_PER_HOUR).toEqual({
      name: "forum-flag:member",
      limit: 10,
      windowMs: 3_600_000,
      message: "You have flagged many posts in the last hour. Please wait before flagging more; an administrator will review them.",
    });
  });

  test("slugs: whole-pattern checks, runs of dashes trimmed at both ends and before a suffix", () => {
    expect(SLUG_PATTERN.test("-rlto")).toBe(false);
    expect(SLUG_PATTERN.test("rlto-")).toBe(false);
    expect(SLUG_PATTERN.test("rlto")).toBe(true);
    expect(slugify("--- RLTO ---")).toBe("rlto");
    expect(slugify(`${"a".repeat(79)} -- b`)).toBe("a".repeat(79));
    expect(slugCandidate(`${"a".repeat(76)}--b-c`, 2)).toBe(`${"a".repeat(76)}-2`);
    expect(slugCandidate(`${"a".repeat(76)}-b-c`, 10)).toBe(`${"a".repeat(76)}-10`);
    expect(slugCandidate("rlto-2027", 3)).toBe("rlto-2027-3");
  });

  test("unsubscribe tokens: only whole tokens of known newsletters with a signature of the right length", () => {
    const key = "k".repeat(32);
    const member = "0b7e1f3a-5c2d-4e6f-8a9b-1c2d3e4f5a6b";
    const token = signUnsubscribeToken(key, member, "webinars");
    expect(verifyUnsubscribeToken(key, token)).toEqual({ memberId: member, newsletter: "webinars" });
    expect(verifyUnsubscribeToken(key, `x${token}`)).toBeNull();
    // A newsletter that does not exist, signed with the key, still does not verify.
    const forged = signUnsubscribeToken(key, member, "marketing" as never);
    expect(verifyUnsubscribeToken(key, forged)).toBeNull();
    // The signature is an HMAC-SHA256 of "<member>.<newsletter>" with the key.
    const { createHmac } = require("node:crypto") as typeof import("node:crypto");
    expect(token.split(".")[2]).toBe(createHmac("sha256", key).update(`${member}.webinars`).digest("base64url"));
  });
});

describe("a legal update's text part keeps its shape (issue 31, item 11)", () => {
  test("headings underlined, paragraphs apart, numbered and nested lists, quotes, code, tables, rules and links' addresses", () => {
    const source = [
      "# Rent increases in 2027",
      "",
      "Chicago landlords must give **notice** before a [rent increase](https://example.org/rlto).",
      "",
      "## What to do",
      "",
      "1. Check the lease's term.",
      "2. Serve the notice:",
      "   - by hand, or",
      "   - by certified mail.",
      "",
      "> The ordinance is 5-12-130(j).",
      "> Ask counsel.",
      "",
      "```",
      "30 days",
      "60 days",
      "```",
      "",
      "| Tenancy | Notice |",
      "|---|---|",
      "| under 6 months | 30 days |",
      "",
      "---",
      "",
      "Last paragraph",
      "on two lines.",
    ].join("\n");
    expect(markdownText(source)).toBe(
      [
        "Rent increases in 2027",
        "======================",
        "",
        "Chicago landlords must give notice before a rent increase (https://example.org/rlto).",
        "",
        "What to do",
        "==========",
        "",
        "1. Check the lease's term.",
        "2. Serve the notice:",
        "   - by hand, or",
        "   - by certified mail.",
        "",
        "> The ordinance is 5-12-130(j). Ask counsel.",
        "",
        "    30 days",
        "    60 days",
        "",
        "Tenancy | Notice",
        "under 6 months | 30 days",
        "",
        "----",
        "",
        "Last paragraph on two lines.",
      ].join("\n"),
    );
  });

  test("a smaller heading is underlined with dashes; a list may start at any number; nothing gives nothing", () => {
    expect(markdownText("### Deadlines\n\n3. Third\n4. Fourth")).toBe("Deadlines\n---------\n\n3. Third\n4. Fourth");
    expect(markdownText("")).toBe("");
  });
});
