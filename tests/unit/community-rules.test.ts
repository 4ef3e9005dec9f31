import { describe, expect, test } from "bun:test";
import { accessPrompt, isActivePaid, mayPost, mayRead, readerOf, type Reader } from "../../src/server/domain/community/access.ts";
import { countLinks, plainText, quoteMarkdown, renderMarkdown } from "../../src/server/domain/community/markdown.ts";
import { baseHandle, handleCandidate, HANDLE_PATTERN, MAX_MENTIONS, parseMentions } from "../../src/server/domain/community/mentions.ts";
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
    expect(verifyUnsubscribeToken(key, "")).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}x`)).toBeNull();
  });
});
